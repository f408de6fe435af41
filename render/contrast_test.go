package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/games"
)

// A vision is how a person sees a colour: the colour as a normal eye sees
// it, turned into what another eye sees.
type vision struct {
	name string
	m    [3][3]float64 // on linear RGB; nil-like identity for normal vision
}

// visions are the simulations the boards must survive: normal vision,
// and dichromats of the two red-green kinds (Machado, Oliveira and
// Fernandes 2009, severity 1.0, on linear RGB). Greyscale is the luminance
// that every contrast ratio below is taken from.
var visions = []vision{
	{"normal", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
}

func toLinear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// see returns the linear RGB of opaque colour c as vision v sees it.
func (v vision) see(c color.RGBA) [3]float64 {
	in := [3]float64{toLinear(c.R), toLinear(c.G), toLinear(c.B)}
	var out [3]float64
	for i := range 3 {
		for j := range 3 {
			out[i] += v.m[i][j] * in[j]
		}
		out[i] = min(1, max(0, out[i]))
	}
	return out
}

// luminance is the relative luminance of linear RGB (WCAG, Rec. 709).
func luminance(c [3]float64) float64 { return 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2] }

// contrast is the WCAG contrast ratio of a and b as v sees them: 1 for the
// same lightness, 21 for black on white. It is also what a greyscale
// picture keeps of the difference.
func (v vision) contrast(a, b color.RGBA) float64 {
	la, lb := luminance(v.see(a)), luminance(v.see(b))
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// deltaE is the CIE76 colour difference of a and b as v sees them: about
// 2 is just noticeable, and above 20 two colours are plainly different.
func (v vision) deltaE(a, b color.RGBA) float64 {
	la, lb := lab(v.see(a)), lab(v.see(b))
	return math.Sqrt((la[0]-lb[0])*(la[0]-lb[0]) + (la[1]-lb[1])*(la[1]-lb[1]) + (la[2]-lb[2])*(la[2]-lb[2]))
}

// lab converts linear RGB to CIE L*a*b* (D65).
func lab(c [3]float64) [3]float64 {
	x := (0.4124*c[0] + 0.3576*c[1] + 0.1805*c[2]) / 0.95047
	y := 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2]
	z := (0.0193*c[0] + 0.1192*c[1] + 0.9505*c[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// flat returns c drawn over opaque bg.
func flat(c, bg color.RGBA) color.RGBA {
	if c.A == 255 {
		return c
	}
	return over(c, bg)
}

// grounds returns the colours a piece of v stands on: its squares, and
// each of them under the last move's highlight; the panel on a board of
// lines.
func grounds(v *engine.Variant) map[string]color.RGBA {
	out := map[string]color.RGBA{}
	if !v.Geometry.Cells {
		out["the panel"] = panelCol
		out["the panel under the last move"] = flat(lastTint, panelCol)
		return out
	}
	for _, pt := range v.Geometry.Points {
		sq := cellColour(pt.Mark, pt.Shade)
		name := fmt.Sprintf("square %s", pt.Name)
		if _, seen := out[name]; !seen && !hasColour(out, sq) {
			out[name] = sq
			out[name+" under the last move"] = flat(lastTint, sq)
		}
	}
	return out
}

func hasColour(m map[string]color.RGBA, c color.RGBA) bool {
	for _, x := range m {
		if x == c {
			return true
		}
	}
	return false
}

// apart checks, under every vision, that a and b differ by a contrast
// ratio of at least minContrast, and returns the lowest ratio seen.
func apart(t *testing.T, what string, a, b color.RGBA, minContrast float64) float64 {
	t.Helper()
	worst := math.Inf(1)
	for _, v := range visions {
		c := v.contrast(a, b)
		worst = min(worst, c)
		if c < minContrast {
			t.Errorf("%s: contrast %.2f:1 under %s, want at least %.2f:1 (ΔE %.1f)", what, c, v.name, minContrast, v.deltaE(a, b))
		}
	}
	return worst
}

// shows checks, under every vision, that at least one of the parts of a
// mark stands out from the ground it is drawn on by minContrast.
func shows(t *testing.T, what string, ground color.RGBA, minContrast float64, parts ...color.RGBA) {
	t.Helper()
	for _, v := range visions {
		best := 0.0
		for _, p := range parts {
			best = max(best, v.contrast(p, ground))
		}
		if best < minContrast {
			t.Errorf("%s: %.2f:1 at best under %s, want at least %.2f:1", what, best, v.name, minContrast)
		}
	}
}

// The least contrasts the boards keep, under every vision.
const (
	sidesContrast  = 2.0 // the two sides' pieces, body against body
	groundContrast = 2.0 // a piece against what it stands on: its body or its rim
	markContrast   = 1.5 // a mark (destination dot, capture cross) against the square
	swatchContrast = 3.0 // a side's swatch (its rim) against the name strip
)

// TestSidesApart measures, for every game, that the things a player must
// tell apart stay apart by lightness, not by hue alone: normal vision,
// deuteranopia and protanopia (greyscale is their luminance). The old Zola
// palette failed it: red and blue at 1.03:1.
func TestSidesApart(t *testing.T) {
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			styles := [2]style{sideStyle(v.Sides[0], 0), sideStyle(v.Sides[1], 1)}
			w := apart(t, "the sides' pieces", styles[0].fill, styles[1].fill, sidesContrast)
			t.Logf("sides %s/%s: %.2f:1 at worst", v.Sides[0], v.Sides[1], w)
			for name, g := range grounds(v) {
				for side, st := range styles {
					best := 0.0
					for _, vis := range visions {
						c := max(vis.contrast(st.fill, g), vis.contrast(st.rim, g))
						if best == 0 || c < best {
							best = c
						}
					}
					if best < groundContrast {
						t.Errorf("%s's pieces on %s: %.2f:1 at worst, want %.2f:1", v.Sides[side], name, best, groundContrast)
					}
				}
			}
			seen := map[color.RGBA]bool{}
			for _, pt := range v.Geometry.Points {
				sq := cellColour(pt.Mark, pt.Shade)
				if !v.Geometry.Cells || seen[sq] {
					continue
				}
				seen[sq] = true
				apart(t, "a destination dot on "+pt.Name, flat(targetCol, sq), sq, markContrast)
				// Marks of two parts, a light and a dark one, must stand
				// out by one or the other.
				tint := flat(lastTint, sq)
				shows(t, "the last move on "+pt.Name, sq, markContrast, tint, flat(lastEdge, tint))
				halo := flat(crossHalo, sq)
				shows(t, "a capture cross on "+pt.Name, sq, markContrast, halo, flat(takenCol, halo))
				apart(t, "a capture cross on its halo on "+pt.Name, flat(takenCol, halo), halo, markContrast)
			}
			for side, st := range styles {
				if c := max(visions[0].contrast(st.fill, stripBG), visions[0].contrast(textDim, stripBG)); c < swatchContrast {
					t.Errorf("%s's swatch: %.2f:1 against the strip, want %.2f:1", v.Sides[side], c, swatchContrast)
				}
			}
		})
	}
}

// phoneWidth is about how wide Discord shows an image on a phone.
const phoneWidth = 360

// minPhoneLabel is the least height, in the phone's pixels, of the
// lowercase letters and of the digits of a board's labels (its files and
// ranks): about what a phone's smallest comfortable text is.
const minPhoneLabel = 5.0

// TestLabelsOnAPhone checks that every game's labels stay legible when the
// image is shown phoneWidth pixels wide: the ink of a lowercase file letter
// and of a digit, measured in the rendered label, scaled to that width.
func TestLabelsOnAPhone(t *testing.T) {
	r := New()
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			l, _, err := r.prepare(v.Start(), Options{}, Size)
			if err != nil {
				t.Fatal(err)
			}
			scale := float64(phoneWidth) / float64(l.bounds.Dx())
			face := r.fonts.text(r.fonts.bold, l.labelPx())
			for _, text := range []string{"a", "8"} {
				im := labelSprite(face, text, labelCol, color.RGBA{}, 0)
				h := inkHeight(im, labelCol)
				if got := float64(h) * scale; got < minPhoneLabel {
					t.Errorf("%q is %d pixels high on a %d-pixel image: %.1f on a phone, want %.1f", text, h, l.bounds.Dx(), got, minPhoneLabel)
				} else {
					t.Logf("%q: %.1f pixels high on a phone", text, got)
				}
			}
		})
	}
}

// inkHeight returns the number of rows of im where some pixel is at least
// half covered by colour c.
func inkHeight(im *image.RGBA, c color.RGBA) int {
	n := 0
	for y := im.Rect.Min.Y; y < im.Rect.Max.Y; y++ {
		for x := im.Rect.Min.X; x < im.Rect.Max.X; x++ {
			if im.RGBAAt(x, y).A >= 128 {
				n++
				break
			}
		}
	}
	return n
}
