package render

import (
	_ "embed"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"unicode"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// dejaVu is DejaVu Sans (Bitstream Vera licence, see font/LICENSE): its
// chess symbols are the chess pieces, and it stands in for runes the Go fonts
// lack.
//
//go:embed font/DejaVuSans.ttf
var dejaVu []byte

// fonts holds the parsed fonts. They are safe for concurrent use; the faces
// made from them are not, so every render makes its own.
type fonts struct {
	regular, bold, symbols *truetype.Font
}

func parseFonts() (fonts, error) {
	var f fonts
	for _, x := range []struct {
		dst  **truetype.Font
		name string
		ttf  []byte
	}{{&f.regular, "Go Regular", goregular.TTF}, {&f.bold, "Go Bold", gobold.TTF}, {&f.symbols, "DejaVu Sans", dejaVu}} {
		p, err := truetype.Parse(x.ttf)
		if err != nil {
			return fonts{}, fmt.Errorf("parse %s: %w", x.name, err)
		}
		*x.dst = p
	}
	return f, nil
}

// newFace returns a face of f at px pixels.
func newFace(f *truetype.Font, px float64) font.Face {
	// A small glyph cache: a face lives for one render, which draws a few
	// dozen glyphs. No hinting: its interpreter would cost more than the
	// rest of the text, and anti-aliasing reads well at these sizes.
	return truetype.NewFace(f, &truetype.Options{Size: px, GlyphCacheEntries: 32})
}

// typeface draws text in a font, falling back to DejaVu Sans for the runes
// the font lacks, such as the Greek or Cyrillic letters of a player's name.
// It is for one goroutine.
type typeface struct {
	main, fallback         *truetype.Font
	px                     float64
	mainFace, fallbackFace font.Face
}

// text returns a typeface of f at px pixels.
func (fs *fonts) text(f *truetype.Font, px float64) *typeface {
	return &typeface{main: f, fallback: fs.symbols, px: px, mainFace: newFace(f, px)}
}

// face returns the face that draws r, or nil if neither font has it.
func (t *typeface) face(r rune) font.Face {
	if t.main.Index(r) != 0 {
		return t.mainFace
	}
	if t.fallback.Index(r) != 0 {
		if t.fallbackFace == nil {
			t.fallbackFace = newFace(t.fallback, t.px)
		}
		return t.fallbackFace
	}
	return nil
}

// printable reports whether r is worth drawing.
func printable(r rune) bool { return unicode.IsPrint(r) }

// measure returns the advance width of s in pixels.
func (t *typeface) measure(s string) float64 {
	var w fixed.Int26_6
	for _, r := range s {
		if !printable(r) {
			continue
		}
		if f := t.face(r); f != nil {
			a, _ := f.GlyphAdvance(r)
			w += a
		}
	}
	return float64(w) / 64
}

// height returns the cap height of the main face, in pixels, for centring
// text vertically.
func (t *typeface) height() float64 {
	b, _, _ := t.mainFace.GlyphBounds('H')
	return float64(-b.Min.Y) / 64
}

// draw draws s with its baseline starting at (x, y) and returns the x where
// it ends.
func (t *typeface) draw(dst *image.RGBA, x, y float64, c color.Color, s string) float64 {
	src := image.NewUniform(c)
	dot := fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
	for _, r := range s {
		if !printable(r) {
			continue
		}
		f := t.face(r)
		if f == nil {
			continue
		}
		dr, mask, mp, adv, ok := f.Glyph(dot, r)
		if ok {
			draw.DrawMask(dst, dr, src, image.Point{}, mask, mp, draw.Over)
		}
		dot.X += adv
	}
	return float64(dot.X) / 64
}

// drawCentred draws s centred on (x, y).
func (t *typeface) drawCentred(dst *image.RGBA, x, y float64, c color.Color, s string) {
	t.draw(dst, x-t.measure(s)/2, y+t.height()/2, c, s)
}

// fit returns s, shortened with an ellipsis if it is wider than w pixels.
func (t *typeface) fit(s string, w float64) string {
	if t.measure(s) <= w {
		return s
	}
	rs := []rune(s)
	for n := len(rs) - 1; n > 0; n-- {
		if c := string(rs[:n]) + "…"; t.measure(c) <= w {
			return c
		}
	}
	return ""
}
