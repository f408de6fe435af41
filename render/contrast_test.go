package render

import (
	"fmt"
	"image"
	"image/color"
	"maps"
	"math"
	"slices"
	"strings"
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
// and dichromats of the two red-green kinds and of the blue-yellow kind
// (Machado, Oliveira and Fernandes 2009, severity 1.0, on linear RGB).
// Greyscale is the luminance that every contrast ratio below is taken
// from.
var visions = []vision{
	{"normal", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
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
	// The two sides' pieces, body against body: WCAG 2.1's 3:1 for the
	// graphical objects one must tell apart (success criterion 1.4.11).
	sidesContrast  = 3.0
	groundContrast = 2.0 // a piece against what it stands on: its body or its rim
	crossContrast  = 1.5 // a capture cross against the square
	// A mark against whatever it is drawn on, by its light or its dark
	// part; and the two parts against each other, so that the mark has a
	// shape whichever of them the ground hides (WCAG's 3:1).
	markContrast   = 3.0
	swatchContrast = 3.0 // a side's swatch by its player's name against the strip
)

// TestSidesApart measures, for every game, that the things a player must
// tell apart stay apart by lightness, not by hue alone: normal vision,
// deuteranopia, protanopia and tritanopia (greyscale is their luminance).
// The old Zola palette failed it: red and blue at 1.03:1; the next one
// reached 2.85:1 under deuteranopia, short of WCAG's 3:1.
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
				halo := flat(crossHalo, sq)
				shows(t, "a capture cross on "+pt.Name, sq, crossContrast, halo, flat(takenCol, halo))
				apart(t, "a capture cross on its halo on "+pt.Name, flat(takenCol, halo), halo, crossContrast)
			}
		})
	}
}

// markGrounds returns what the marks of v can be drawn on: each colour of
// square, and each under the last move's wash (a destination can be the
// square a piece just left); the panel, bare and washed, on a board of
// lines.
func markGrounds(v *engine.Variant) map[string]color.RGBA {
	out := map[string]color.RGBA{}
	add := func(name string, c color.RGBA) {
		if !hasColour(out, c) {
			out[name] = c
			out[name+" under the last move"] = flat(lastTint, c)
		}
	}
	if !v.Geometry.Cells {
		add("the panel", panelCol)
		return out
	}
	for _, pt := range v.Geometry.Points {
		add("square "+pt.Name, cellColour(pt.Mark, pt.Shade))
	}
	return out
}

// worstShow returns the lowest, over the visions, of the best contrast a
// part of a mark makes with ground.
func worstShow(ground color.RGBA, parts ...color.RGBA) float64 {
	worst := math.Inf(1)
	for _, v := range visions {
		best := 0.0
		for _, p := range parts {
			best = max(best, v.contrast(p, ground))
		}
		worst = min(worst, best)
	}
	return worst
}

// TestMarksShow measures, for every game and every square (or the panel)
// a mark can be drawn on, that the marks stand out from it by 3:1 under
// every vision, by their light or their dark part: the last move's arrow
// and the frame of its squares, the destination marks and the chosen
// piece's frame, and the arrows that point out moves. Before this test
// the last move's arrow was a lone orange at 80% (1.27:1 on the washed
// panel of Zamma and Zodiac, 1.06:1 on Zonal's gold squares), and the
// destinations dark blue dots at 70% (1.98:1 on Zonal's dark blue zone
// squares).
func TestMarksShow(t *testing.T) {
	apart(t, "the last move's arrow against its outline", lastLight, lastDark, markContrast)
	apart(t, "a destination mark against its rim", targetCol, targetHalo, markContrast)
	for k, c := range arrowCols {
		apart(t, fmt.Sprintf("arrow %d against its outline", k), c, lastDark, markContrast)
	}
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			worst := map[string]float64{}
			check := func(what, on string, ground color.RGBA, parts ...color.RGBA) {
				t.Helper()
				c := worstShow(ground, parts...)
				if c < markContrast {
					t.Errorf("%s on %s: %.2f:1 at best under some vision, want %.1f:1", what, on, c, markContrast)
				}
				if w, ok := worst[what]; !ok || c < w {
					worst[what] = c
				}
			}
			for name, g := range markGrounds(v) {
				check("the last move's arrow", name, g, lastLight, lastDark)
				tint := flat(lastTint, g)
				check("the last move's frame", name, g, tint, lastDark)
				check("a destination mark", name, g, targetCol, targetHalo)
				check("the chosen piece's frame", name, g, targetCol, targetHalo)
				for k, c := range arrowCols {
					check(fmt.Sprintf("arrow %d", k), name, g, flat(rgba(hex(c), arrowAlpha), g), flat(rgba(hex(lastDark), arrowAlpha), g))
				}
			}
			names := slices.Sorted(maps.Keys(worst))
			for _, what := range names {
				t.Logf("%s: %.2f:1 at worst", what, worst[what])
			}
		})
	}
}

// TestCaptureMarksShow checks the marks of an occupied destination on a
// board of cells (a capture, in Zola and Zonal Chess), which lie in the
// square's corners round the piece: their body stands out by 3:1 under every
// vision from the rim of every side's piece they border, and from their
// edge, and one of their tones from every square. They were dark blue,
// 1.2:1 from the dark blue rim of Zola's Blue checkers: on a phone, blue
// triangles on blue checkers.
func TestCaptureMarksShow(t *testing.T) {
	apart(t, "a capture mark against its edge", captureCol, captureEdge, markContrast)
	for _, v := range games.All() {
		if !v.Geometry.Cells {
			continue
		}
		t.Run(v.ID, func(t *testing.T) {
			for side, name := range v.Sides {
				st := sideStyle(name, engine.Side(side))
				apart(t, "a capture mark beside a "+name+" piece's rim", captureCol, st.rim, markContrast)
			}
			for name, g := range markGrounds(v) {
				if c := worstShow(g, captureCol, captureEdge); c < markContrast {
					t.Errorf("a capture mark on %s: %.2f:1 at best, want %.1f:1", name, c, markContrast)
				}
			}
		})
	}
}

// TestTurnedMarkNotNeutral checks that the mark of a piece turned over
// cannot be taken for one of Zodiac's neutral pieces: its colour (the white
// dashes) differs from the neutral pieces' body and rim by 3:1 under every
// vision, and from the near black it is drawn on, whose lack of hue no
// neutral piece has either; and one of its tones shows on every ground. It
// was the red of the capture cross, 1.1:1 from the neutral pieces' red.
func TestTurnedMarkNotNeutral(t *testing.T) {
	apart(t, "the turned mark against a neutral piece's body", turnedCol, neutralStyle.fill, markContrast)
	apart(t, "the turned mark against a neutral piece's rim", turnedCol, neutralStyle.rim, markContrast)
	apart(t, "the turned mark's dashes against its ring", turnedCol, turnedEdge, markContrast)
	for _, v := range games.All() {
		for name, g := range markGrounds(v) {
			if c := worstShow(g, turnedCol, turnedEdge); c < markContrast {
				t.Errorf("%s: the turned mark on %s: %.2f:1 at best, want %.1f:1", v.ID, name, c, markContrast)
			}
		}
	}
}

// hex returns the 0xRRGGBB of opaque c.
func hex(c color.RGBA) uint32 { return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B) }

// TestSwatchesShow checks the disc by each player's name, for every game
// and side: its body stands out from the strip by 3:1 under every vision,
// or else its rim does, and from the body too, so that a dark side's disc
// is not a dark ring on the dark strip; and the rim is wide enough to see
// on a phone. Black's old disc was its body on the strip at 1.2:1 in a grey
// rim 0.8 pixels wide on a phone.
func TestSwatchesShow(t *testing.T) {
	r := New()
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			l, _, err := r.prepare(v.Start(), Options{}, Size)
			if err != nil {
				t.Fatal(err)
			}
			scale := float64(phoneWidth) / float64(l.bounds.Dx())
			for side, sw := range l.swatch {
				s := sw.Rect.Dx()
				body := sw.RGBAAt(s/2, s/2)
				rimW := swatchRim(s)
				edge := sw.RGBAAt(int(0.5+rimW/2), s/2)
				name := v.Sides[side]
				bodyC := worstShow(stripBG, body)
				edgeC := min(worstShow(stripBG, edge), worstShow(body, edge))
				if bodyC < swatchContrast && edgeC < swatchContrast {
					t.Errorf("%s's disc: body %.2f:1 against the strip, rim %.2f:1 against the strip or the body, want one at %.1f:1", name, bodyC, edgeC, swatchContrast)
				}
				if w := rimW * scale; w < 1.5 {
					t.Errorf("%s's disc: rim %.1f pixels wide on a phone, want 1.5", name, w)
				}
				if d := float64(s) * scale; d < 12 {
					t.Errorf("%s's disc: %.1f pixels wide on a phone, want 12", name, d)
				}
				t.Logf("%s's disc: body %.2f:1, rim %.2f:1 (%.1f phone pixels wide), %.1f phone pixels across", name, bodyC, edgeC, rimW*scale, float64(s)*scale)
			}
		})
	}
}

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

// inkSpan returns how many rows of r, from the first to the last, hold a
// pixel of im nearer to ink colour fg than to the ground bg: the height of
// a line of text drawn there.
func inkSpan(im *image.RGBA, r image.Rectangle, fg, bg color.RGBA) int {
	first, last := -1, -1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c := im.RGBAAt(x, y); channelDiff(c, fg) < channelDiff(c, bg) {
				if first < 0 {
					first = y
				}
				last = y
				break
			}
		}
	}
	if first < 0 {
		return 0
	}
	return last - first + 1
}

// minPhoneStatus is the least height, in a phone's pixels, of the status
// line under a board, from the top of its tallest letter to the foot of its
// lowest ("White to move, in check": the h to the comma's tail), when the
// image is shown phoneWidth wide: about a phone's own small text. It was
// 6.7 on Zonal's wide board, and 10 on the others.
const minPhoneStatus = 11.0

// minPhoneTag is the least height of the capitals of a tag ("IN CHECK")
// on a phone.
const minPhoneTag = 7.0

// TestStatusOnAPhone measures, for every game, the status line as a phone
// shows the image: whose turn and check, the caption of an analysis's
// mistake, and a caption too long for the line at its size, which shrinks
// no further than a phone reads; and the tags beside the names.
func TestStatusOnAPhone(t *testing.T) {
	r := New()
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			l, sc, err := r.prepare(v.Start(), Options{}, Size)
			if err != nil {
				t.Fatal(err)
			}
			scale := float64(phoneWidth) / float64(l.bounds.Dx())
			sc.check = 0 // "… to move, in check"
			for _, caption := range []string{
				"",
				"Played Nj4?? (orange arrow); better i3 (blue)",
				"Played a5xa3xc1xe3xe5?? (orange arrow); better a5xa3xc1xe3xe5 (blue)",
			} {
				sc.caption = caption
				im := l.paint(&r.fonts, sc)
				if caption == "" {
					caption = l.statusText(sc)
				}
				small := r.fonts.text(r.fonts.regular, l.smallPx)
				face, lines := l.statusLines(&r.fonts, small, caption, float64(l.status.Dx())-2*0.03*float64(l.size))
				if strings.Join(lines, " ") != caption {
					t.Errorf("%q is shown as %q", caption, lines)
				}
				if px := face.px * scale; px < phoneStatusMin {
					t.Errorf("%q: at %.1f pixels a phone's em, want %v", caption, px, phoneStatusMin)
				}
				// Each line's ink, in its half of the strip if there are two.
				for k := range lines {
					band := l.status
					if len(lines) == 2 {
						mid := (band.Min.Y + band.Max.Y) / 2
						band.Min.Y, band.Max.Y = [2]int{band.Min.Y, mid}[k], [2]int{mid, band.Max.Y}[k]
					}
					h := float64(inkSpan(im, band, textMain, stripBG)) * scale
					if h < minPhoneStatus {
						t.Errorf("%q: %q is %.1f pixels high on a phone, want %.1f", caption, lines[k], h, minPhoneStatus)
					} else {
						t.Logf("%q: %.1f pixels high on a phone", lines[k], h)
					}
				}
				l.scratch.Put(im)
			}
			for _, tag := range []int{tagToMove, tagInCheck} {
				im := l.tags[tag]
				fg := tagText
				if tag == tagInCheck {
					fg = rgb(0xffffff)
				}
				h := float64(inkSpan(im, im.Rect, fg, im.RGBAAt(im.Rect.Dx()/2, 1))) * scale
				if h < minPhoneTag {
					t.Errorf("tag %d: capitals %.1f pixels high on a phone, want %.1f", tag, h, minPhoneTag)
				}
			}
			t.Logf("names at %.1f, status at %.1f pixels a phone's em", l.namePx*scale, l.smallPx*scale)
		})
	}
}

// pieceMean returns the mean linear colour of the opaque pixels of a
// piece's sprite as vision v sees them: the whole piece as an eye takes it
// in at a glance, rim, rings and marks included, not its body alone.
func pieceMean(v vision, im *image.RGBA) [3]float64 {
	var sum [3]float64
	n := 0
	for y := im.Rect.Min.Y; y < im.Rect.Max.Y; y++ {
		for x := im.Rect.Min.X; x < im.Rect.Max.X; x++ {
			c := im.RGBAAt(x, y)
			if c.A < 0xff {
				continue // the shadow and the antialiased edge
			}
			s := v.see(c)
			for i := range 3 {
				sum[i] += s[i]
			}
			n++
		}
	}
	for i := range 3 {
		sum[i] /= float64(max(n, 1))
	}
	return sum
}

// TestSidesApartWholePiece measures the two sides' pieces as drawn, for
// every game and kind of piece: the mean of each whole piece (body, rim,
// rings, dot) apart by WCAG's 3:1 under every vision. TestSidesApart
// compares the bodies alone; Zola's whole pieces were 2.76:1 apart under
// deuteranopia while their bodies passed, the light Blue's dark rim,
// ring and dot and the dark Red's light ring pulling the two together.
func TestSidesApartWholePiece(t *testing.T) {
	r := New()
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			l, _, err := r.prepare(v.Start(), Options{}, Size)
			if err != nil {
				t.Fatal(err)
			}
			for k, sp := range l.pieces {
				if k.Neutral {
					continue
				}
				worst, at := math.Inf(1), ""
				for _, vis := range visions {
					la, lb := luminance(pieceMean(vis, sp[0])), luminance(pieceMean(vis, sp[1]))
					c := (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
					if c < worst {
						worst, at = c, vis.name
					}
				}
				if worst < sidesContrast {
					t.Errorf("%s's %ss, whole: %.2f:1 apart under %s, want %.1f:1", v.Sides[0]+"/"+v.Sides[1], k.Name, worst, at, sidesContrast)
				}
				t.Logf("%s: %.2f:1 at worst (%s)", k.Name, worst, at)
			}
		})
	}
}
