package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"github.com/zugbot/zugbot/engine"
	"golang.org/x/image/math/fixed"
)

// Pieces and markers are drawn once per layout into small transparent
// images, sprites, the size of a point's spot; a render only copies them.

// newSprite returns a drawing context for an s×s transparent sprite.
func newSprite(s int) *gg.Context { return gg.NewContext(s, s) }

func spriteImage(dc *gg.Context) *image.RGBA { return dc.Image().(*image.RGBA) }

// disc draws a draughts piece of radius r centred in an s-pixel sprite:
// a soft shadow, the body with its rim, and an inner ring.
func disc(dc *gg.Context, s, r float64, st style) {
	c := s / 2
	dc.DrawCircle(c, c+0.035*s, r)
	dc.SetColor(rgba(0x000000, 0.32))
	dc.Fill()
	dc.DrawCircle(c, c, r)
	dc.SetColor(st.fill)
	dc.FillPreserve()
	dc.SetColor(st.rim)
	dc.SetLineWidth(math.Max(1.5, 0.045*s))
	dc.Stroke()
	dc.DrawCircle(c, c, r*0.64)
	dc.SetColor(st.ring)
	dc.SetLineWidth(math.Max(1, 0.028*s))
	dc.Stroke()
	if st.dot {
		dc.DrawCircle(c, c, r*0.2)
		dc.SetColor(st.rim)
		dc.Fill()
	}
}

// crown draws a crown, w pixels wide, centred on (cx, cy).
func crown(dc *gg.Context, cx, cy, w float64, edge color.Color) {
	h := w * 0.72
	x0, x1 := cx-w/2, cx+w/2
	top, base := cy-h/2, cy+h/2
	band := base - h*0.26
	dc.MoveTo(x0, base)
	dc.LineTo(x0, top+h*0.12)
	dc.LineTo(cx-w*0.25, band-h*0.22)
	dc.LineTo(cx, top)
	dc.LineTo(cx+w*0.25, band-h*0.22)
	dc.LineTo(x1, top+h*0.12)
	dc.LineTo(x1, base)
	dc.ClosePath()
	dc.SetColor(crownCol)
	dc.FillPreserve()
	dc.SetColor(edge)
	dc.SetLineJoinRound()
	dc.SetLineWidth(math.Max(1.2, w*0.07))
	dc.Stroke()
	dc.DrawLine(x0, band, x1, band)
	dc.Stroke()
	for _, x := range []float64{x0, cx, x1} {
		y := top + h*0.12
		if x == cx {
			y = top
		}
		dc.DrawCircle(x, y, w*0.08)
		dc.SetColor(crownCol)
		dc.FillPreserve()
		dc.SetColor(edge)
		dc.SetLineWidth(math.Max(1, w*0.045))
		dc.Stroke()
	}
}

// figureGlyphs are DejaVu Sans's chess symbols by look: the filled shape
// (black piece) and the outline with its inner details (white piece). The
// bishop and the pawn are drawn instead (see bishop).
var figureGlyphs = map[engine.Look][2]rune{
	engine.KingFigure:   {'♚', '♔'},
	engine.QueenFigure:  {'♛', '♕'},
	engine.RookFigure:   {'♜', '♖'},
	engine.KnightFigure: {'♞', '♘'},
}

// glyphFigure draws a chess figure into sprite im from DejaVu Sans's glyphs.
// A white piece is the black glyph's silhouette in the body colour under the
// white glyph's outline and details in ink; a black piece is the silhouette
// in ink under the black glyph, so that its details show light.
func glyphFigure(im *image.RGBA, symbols *truetype.Font, k engine.Look, st style) {
	s := float64(im.Rect.Dx())
	g := figureGlyphs[k]
	// Size the face so that a king, the tallest piece, is 80% of the spot.
	ref := newFace(symbols, 100)
	kb, _, _ := ref.GlyphBounds('♚')
	face := newFace(symbols, 100*0.80*s/(float64(kb.Max.Y-kb.Min.Y)/64))
	b, _, _ := face.GlyphBounds(g[0])
	// Centre the glyph across; stand every piece on the same base line.
	kb, _, _ = face.GlyphBounds('♚')
	dot := fixed.Point26_6{
		X: fixed.Int26_6(s*32) - (b.Min.X+b.Max.X)/2,
		Y: fixed.Int26_6(s*32) - (kb.Min.Y+kb.Max.Y)/2,
	}
	mask := func(r rune) *image.Alpha {
		m := image.NewAlpha(im.Rect)
		if dr, src, mp, _, ok := face.Glyph(dot, r); ok {
			draw.Draw(m, dr, src, mp, draw.Src)
		}
		return m
	}
	solid := mask(g[0])
	under, over := silhouette(solid), solid
	bodyCol, lineCol := st.ink, st.fill
	if st.light {
		over = mask(g[1])
		bodyCol, lineCol = st.fill, st.ink
	}
	draw.DrawMask(im, im.Rect, image.NewUniform(bodyCol), image.Point{}, under, image.Point{}, draw.Over)
	draw.DrawMask(im, im.Rect, image.NewUniform(lineCol), image.Point{}, over, image.Point{}, draw.Over)
}

// The bishop and the pawn are drawn in the manner of DejaVu Sans's other
// pieces: its bishop, a round head with a cross, is too like a pawn, and
// its white pawn has a knob the black one lacks.

// figureShape fills the current path with the body colour and outlines it,
// in ink on a light piece and in the body colour on a dark one, or in
// detail colour if detail is set.
func figureShape(dc *gg.Context, s float64, st style, detail bool) {
	edge := st.ink
	if !st.light && !detail {
		edge = st.fill
	}
	dc.SetColor(st.fill)
	dc.FillPreserve()
	dc.SetColor(edge)
	dc.SetLineWidth(0.034 * s)
	dc.SetLineJoinRound()
	dc.Stroke()
}

// pedestal adds a figure's flared base, from a stem of the given half
// width at height top down to the foot.
func pedestal(dc *gg.Context, half, top float64) {
	dc.MoveTo(0.5-half, top)
	dc.CubicTo(0.5-half, 0.80, 0.30, 0.81, 0.23, 0.84)
	dc.LineTo(0.23, 0.90)
	dc.LineTo(0.77, 0.90)
	dc.LineTo(0.77, 0.84)
	dc.CubicTo(0.70, 0.81, 0.5+half, 0.80, 0.5+half, top)
	dc.ClosePath()
}

// bishop draws a bishop in an s-pixel sprite: a mitre with its slit and a
// ball on top, a collar, and a flared base.
func bishop(dc *gg.Context, s float64, st style) {
	dc.Push()
	defer dc.Pop()
	dc.Scale(s, s) // draw in unit coordinates; line widths stay in pixels
	pedestal(dc, 0.1, 0.74)
	figureShape(dc, s, st, false)
	dc.MoveTo(0.36, 0.68)
	dc.CubicTo(0.25, 0.55, 0.33, 0.37, 0.50, 0.24)
	dc.CubicTo(0.67, 0.37, 0.75, 0.55, 0.64, 0.68)
	dc.ClosePath()
	figureShape(dc, s, st, false)
	dc.DrawRoundedRectangle(0.33, 0.665, 0.34, 0.075, 0.03)
	figureShape(dc, s, st, true)
	dc.DrawCircle(0.5, 0.195, 0.048)
	figureShape(dc, s, st, false)
	dc.SetColor(st.ink)
	dc.SetLineWidth(0.044 * s)
	dc.SetLineCapRound()
	dc.DrawLine(0.43, 0.41, 0.58, 0.53)
	dc.Stroke()
}

// pawn draws a pawn in an s-pixel sprite: a round head on a collar over a
// flared body.
func pawn(dc *gg.Context, s float64, st style) {
	dc.Push()
	defer dc.Pop()
	dc.Scale(s, s)
	dc.MoveTo(0.40, 0.58)
	dc.CubicTo(0.38, 0.70, 0.24, 0.76, 0.21, 0.83)
	dc.LineTo(0.21, 0.90)
	dc.LineTo(0.79, 0.90)
	dc.LineTo(0.79, 0.83)
	dc.CubicTo(0.76, 0.76, 0.62, 0.70, 0.60, 0.58)
	dc.ClosePath()
	figureShape(dc, s, st, false)
	dc.DrawRoundedRectangle(0.325, 0.535, 0.35, 0.075, 0.035)
	figureShape(dc, s, st, true)
	dc.DrawCircle(0.5, 0.41, 0.13)
	figureShape(dc, s, st, false)
}

// silhouette returns m with its holes filled: every pixel not reached from
// the border through (mostly) transparent pixels becomes opaque.
func silhouette(m *image.Alpha) *image.Alpha {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	out := image.NewAlpha(m.Rect)
	for i := range out.Pix {
		out.Pix[i] = 0xff
	}
	outside := make([]bool, w*h)
	var queue []int
	push := func(x, y int) {
		i := y*w + x
		if x < 0 || y < 0 || x >= w || y >= h || outside[i] || m.Pix[i] >= 0x80 {
			return
		}
		outside[i] = true
		out.Pix[i] = m.Pix[i]
		queue = append(queue, i)
	}
	for x := range w {
		push(x, 0)
		push(x, h-1)
	}
	for y := range h {
		push(0, y)
		push(w-1, y)
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		x, y := i%w, i/w
		push(x+1, y)
		push(x-1, y)
		push(x, y+1)
		push(x, y-1)
	}
	return out
}

// pieceSprite draws a piece of kind k, of a side with style st (or the
// neutral style), in an s-pixel sprite; lines is true on boards of lines,
// where pieces are a little smaller.
func pieceSprite(fs *fonts, k *engine.Kind, st style, s int, lines bool) *image.RGBA {
	dc := newSprite(s)
	f := float64(s)
	r := 0.41 * f
	if lines {
		r = 0.385 * f
	}
	if k.Neutral {
		st = neutralStyle
	}
	switch k.Look {
	case engine.Disc:
		disc(dc, f, r, st)
	case engine.CrownedDisc:
		disc(dc, f, r, st)
		crown(dc, f/2, f/2, r*1.05, rgb(0x4a3000))
	case engine.DottedDisc:
		disc(dc, f, r, st)
		dc.DrawCircle(f/2, f/2, r*0.2)
		dc.SetColor(st.ring)
		dc.Fill()
	case engine.BishopFigure:
		bishop(dc, f, st)
	case engine.PawnFigure:
		pawn(dc, f, st)
	case engine.KingFigure, engine.QueenFigure, engine.RookFigure, engine.KnightFigure:
		glyphFigure(spriteImage(dc), fs.symbols, k.Look, st)
	default:
		disc(dc, f, r, st) // a look this renderer does not know
	}
	return spriteImage(dc)
}

// Markers, each an s-pixel sprite.

// edgeWidth is the width of a mark's outline in an s-pixel sprite: about a
// pixel of a phone's screen on the widest boards.
func edgeWidth(s int) float64 { return math.Max(2, 0.055*float64(s)) }

// tintSprite is a highlight under a piece: the whole cell on cell boards, a
// disc on boards of lines.
func tintSprite(s int, c color.RGBA, cells bool) *image.RGBA {
	if cells {
		im := image.NewRGBA(image.Rect(0, 0, s, s))
		draw.Draw(im, im.Rect, image.NewUniform(c), image.Point{}, draw.Src)
		return im
	}
	dc := newSprite(s)
	dc.DrawCircle(float64(s)/2, float64(s)/2, 0.47*float64(s))
	dc.SetColor(c)
	dc.Fill()
	return spriteImage(dc)
}

// frame draws bands inside the edge of a tint sprite, the first outermost,
// each w pixels wide: along a cell's edge, or around a disc's rim.
func frame(im *image.RGBA, cells bool, w float64, bands ...color.RGBA) {
	dc := gg.NewContextForRGBA(im)
	f := float64(im.Rect.Dx())
	dc.SetLineWidth(w)
	for k, c := range bands {
		in := (float64(k) + 0.5) * w
		if cells {
			dc.DrawRectangle(in, in, f-2*in, f-2*in)
		} else {
			dc.DrawCircle(f/2, f/2, 0.47*f-in)
		}
		dc.SetColor(c)
		dc.Stroke()
	}
}

// lastSprite marks a point the last move went through: a light wash,
// which dark squares show, framed in dark, which light ones show.
func lastSprite(s int, cells bool) *image.RGBA {
	im := tintSprite(s, lastTint, cells)
	frame(im, cells, edgeWidth(s), lastDark)
	return im
}

// aimSprite frames the destination of a move pointed out, in the colour c
// of its arrow, edged in dark: a one-step arrow is short, on a phone a few
// pixels beside the piece it leaves, and its square shows where it goes.
func aimSprite(s int, c color.RGBA, cells bool) *image.RGBA {
	im := image.NewRGBA(image.Rect(0, 0, s, s))
	e := edgeWidth(s)
	frame(im, cells, e, lastDark, c, c, lastDark)
	return im
}

// selectSprite marks the chosen piece: a blue wash framed in the two tones
// of the destination marks, the light one outside.
func selectSprite(s int, cells bool) *image.RGBA {
	im := tintSprite(s, selectTint, cells)
	frame(im, cells, edgeWidth(s), targetHalo, targetCol)
	return im
}

// checkSprite is a red glow under a king in check.
func checkSprite(s int, cells bool) *image.RGBA {
	dc := newSprite(s)
	f := float64(s)
	r := 0.5 * f
	if cells {
		r = 0.68 * f // reaches into the corners of the square
	}
	gr := gg.NewRadialGradient(f/2, f/2, 0, f/2, f/2, r)
	gr.AddColorStop(0, rgba(0xff2a2a, 1))
	gr.AddColorStop(0.45, rgba(0xf02020, 0.85))
	gr.AddColorStop(1, rgba(0xc81010, 0))
	dc.SetFillStyle(gr)
	if cells {
		dc.DrawRectangle(0, 0, f, f)
	} else {
		dc.DrawCircle(f/2, f/2, 0.5*f)
	}
	dc.Fill()
	return spriteImage(dc)
}

// dotSprite marks an empty legal destination: a dark dot in a light rim.
func dotSprite(s int) *image.RGBA {
	dc := newSprite(s)
	f := float64(s)
	dc.DrawCircle(f/2, f/2, 0.16*f+0.6*edgeWidth(s))
	dc.SetColor(targetHalo)
	dc.Fill()
	dc.DrawCircle(f/2, f/2, 0.16*f)
	dc.SetColor(targetCol)
	dc.Fill()
	return spriteImage(dc)
}

// ringSprite circles a point: a piece the last move turned over, or on
// boards of lines an occupied legal destination; a halo, if it is not
// transparent, edges the ring on both sides.
func ringSprite(s int, c, halo color.RGBA, lines bool) *image.RGBA {
	dc := newSprite(s)
	f := float64(s)
	r, w := 0.455*f, 0.075*f
	if lines {
		r, w = 0.44*f, 0.09*f
	}
	if halo.A != 0 {
		e := 0.6 * edgeWidth(s)
		r = min(r, 0.5*f-w/2-e)
		dc.DrawCircle(f/2, f/2, r)
		dc.SetColor(halo)
		dc.SetLineWidth(w + 2*e)
		dc.Stroke()
	}
	dc.DrawCircle(f/2, f/2, r)
	dc.SetColor(c)
	dc.SetLineWidth(w)
	dc.Stroke()
	return spriteImage(dc)
}

// turnedSprite circles a piece the last move turned over: a dark ring
// dashed in white, which no piece's colours look like (a red ring read as
// one of Zodiac's red neutral pieces).
func turnedSprite(s int, lines bool) *image.RGBA {
	dc := newSprite(s)
	f := float64(s)
	r, w := 0.455*f, 0.075*f
	if lines {
		r, w = 0.44*f, 0.09*f
	}
	e := 0.6 * edgeWidth(s)
	r = min(r, 0.5*f-w/2-e)
	dc.DrawCircle(f/2, f/2, r)
	dc.SetColor(turnedEdge)
	dc.SetLineWidth(w + 2*e)
	dc.Stroke()
	// Eight dashes round the ring, each as long as the gap after it.
	dash := 2 * math.Pi * r / 16
	dc.SetDash(dash, dash)
	dc.DrawCircle(f/2, f/2, r)
	dc.SetColor(turnedCol)
	dc.SetLineWidth(w)
	dc.Stroke()
	return spriteImage(dc)
}

// cornersSprite marks an occupied legal destination on a board of cells:
// a white triangle in each corner, where the piece leaves the square bare,
// edged in near black. They were dark blue, edged in light, which merged
// with Blue's dark blue rims on a phone.
func cornersSprite(s int) *image.RGBA {
	dc := newSprite(s)
	f := float64(s)
	a := 0.28 * f
	e := 0.6 * edgeWidth(s)
	for _, k := range [][4]float64{{0, 0, 1, 1}, {f, 0, -1, 1}, {0, f, 1, -1}, {f, f, -1, -1}} {
		dc.MoveTo(k[0], k[1])
		dc.LineTo(k[0]+k[2]*a, k[1])
		dc.LineTo(k[0], k[1]+k[3]*a)
		dc.ClosePath()
	}
	dc.SetColor(captureEdge)
	dc.SetLineWidth(2 * e)
	dc.SetLineJoinRound()
	dc.StrokePreserve()
	dc.SetColor(captureCol)
	dc.Fill()
	return spriteImage(dc)
}

// crossSprite marks where the last move captured a piece.
func crossSprite(s int) *image.RGBA {
	dc := newSprite(s)
	f := float64(s)
	a := 0.2 * f
	dc.SetLineCapRound()
	for _, col := range []struct {
		c color.RGBA
		w float64
	}{{crossHalo, 0.15 * f}, {takenCol, 0.09 * f}} {
		dc.SetColor(col.c)
		dc.SetLineWidth(col.w)
		dc.DrawLine(f/2-a, f/2-a, f/2+a, f/2+a)
		dc.Stroke()
		dc.DrawLine(f/2-a, f/2+a, f/2+a, f/2-a)
		dc.Stroke()
	}
	return spriteImage(dc)
}

// swatchSprite is a disc in a side's colours, s pixels wide, shown by its
// player's name on ground bg: the body with the inner ring of the side's
// pieces, in a rim thick enough to see on a phone. A body that does not
// stand out from bg by 3:1 (Black's on the dark strip) gets a light rim
// that does; the others a grey one.
func swatchSprite(s int, st style, bg color.RGBA) *image.RGBA {
	dc := newSprite(s)
	f := float64(s)
	c, r, w := f/2, f/2-0.5, swatchRim(s)
	edge := textDim
	if contrastRatio(st.fill, bg) < 3 {
		edge = textMain
	}
	dc.DrawCircle(c, c, r)
	dc.SetColor(edge)
	dc.Fill()
	dc.DrawCircle(c, c, r-w)
	dc.SetColor(st.fill)
	dc.Fill()
	dc.DrawCircle(c, c, 0.55*(r-w))
	dc.SetColor(st.ring)
	dc.SetLineWidth(math.Max(1, 0.07*f))
	dc.Stroke()
	return spriteImage(dc)
}

// swatchRim is the width of the rim of an s-pixel swatch.
func swatchRim(s int) float64 { return math.Max(1.5, 0.11*float64(s)) }

// tagSprite is a pill with a word in it, such as "TO MOVE".
func tagSprite(t *typeface, h int, word string, bg, fg color.RGBA) *image.RGBA {
	pad := float64(h) * 0.55
	w := int(math.Ceil(t.measure(word) + 2*pad))
	dc := gg.NewContext(w, h)
	dc.DrawRoundedRectangle(0, 0, float64(w), float64(h), float64(h)/2)
	dc.SetColor(bg)
	dc.Fill()
	im := spriteImage(dc)
	t.drawCentred(im, float64(w)/2, float64(h)/2, fg, word)
	return im
}

// labelSprite draws s with a halo of width w around its letters.
func labelSprite(t *typeface, s string, fg, halo color.RGBA, w float64) *image.RGBA {
	im := image.NewRGBA(image.Rect(0, 0, int(math.Ceil(t.measure(s)+2*w+2)), int(math.Ceil(1.3*t.px+2*w))))
	cx, cy := float64(im.Rect.Dx())/2, float64(im.Rect.Dy())/2
	for k := range 12 {
		a := float64(k) * math.Pi / 6
		t.drawCentred(im, cx+w*math.Cos(a), cy+w*math.Sin(a), halo, s)
	}
	t.drawCentred(im, cx, cy, fg, s)
	return im
}
