package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"

	"github.com/fogleman/gg"
	"github.com/zugbot/zugbot/engine"
)

// Graph is a game's evaluation graph: who was winning, move by move.
type Graph struct {
	// Variant is the game's variant, whose sides give the colours.
	Variant *engine.Variant
	// Wins are the first player's winning chances, in percent, at the start
	// and after each ply.
	Wins []float64
	// Marks are the plies to mark: mistakes and the like.
	Marks []Mark
	// Players are the players' names by side, and Result the line under
	// the graph (how the game ended).
	Players [2]string
	Result  string
}

// Mark marks a ply of a graph.
type Mark struct {
	// Ply is the ply's index: the mark sits on Wins[Ply+1].
	Ply int
	// Level is how bad the move was, from 1 (an inaccuracy) to 3 (a
	// blunder), and Glyph its annotation ("?!", "?", "??").
	Level int
	Glyph string
}

// The graph's size: Discord shows it as wide as a phone's screen, so its
// text is sized in a phone's pixels, each graphPhone of the graph's.
const (
	graphW, graphH = 800, 650
	graphPhone     = float64(graphW) / phoneWidth
)

// markCols are the colours of marks by level: Okabe and Ito's yellow and
// orange, and a dark purple, which stay apart in lightness for every kind
// of colour vision (see TestGraphMarksApart); each level has its own shape
// as well (markShape), edged in dark and light so that it shows on either
// side's colour.
var markCols = [...]color.RGBA{1: rgb(0xf0e442), 2: rgb(0xe69f00), 3: rgb(0x8e1b6e)}

// markNames name the levels in the legend, after their annotations.
var markNames = [...]string{1: "?! inaccuracy", 2: "? mistake", 3: "?? blunder"}

// graphMid is the line of an even game.
var graphMid = rgb(0x8a8f99)

// curveInset is how far inside the plot the curve stays, in pixels: a
// position won or lost outright is drawn along the plot's edge, not under
// its border.
const curveInset = 5

// GraphPNG draws g as a PNG: the first player's winning chance as the share
// of the plot in that side's colour (theirs below the curve, the second
// player's above it), with the marks on the curve, the names beside the
// side they belong to, and the result under it.
func (r *Renderer) GraphPNG(w io.Writer, g Graph) error {
	if g.Variant == nil || len(g.Variant.Sides) < 2 {
		return errors.New("render: a graph needs a variant with two sides")
	}
	if len(g.Wins) < 2 {
		return errors.New("render: a graph needs the start and at least one ply")
	}
	for _, m := range g.Marks {
		if m.Ply < 0 || m.Ply+1 >= len(g.Wins) || m.Level < 1 || m.Level >= len(markCols) {
			return fmt.Errorf("render: mark at ply %d (level %d) is outside the graph", m.Ply, m.Level)
		}
	}
	im := r.graph(g)
	if err := r.enc.Encode(w, im); err != nil {
		return fmt.Errorf("render: encode the graph: %w", err)
	}
	return nil
}

// graphPlot returns the plot area of a graph image.
func graphPlot() image.Rectangle { return image.Rect(150, 80, graphW-28, 400) }

// graph lays the graph out from the top: the second player's name, the
// plot with the winning chance's axis on its left and the plies under it,
// the first player's name, the legend of the marks and the result.
func (r *Renderer) graph(g Graph) *image.RGBA {
	im := image.NewRGBA(image.Rect(0, 0, graphW, graphH))
	dc := gg.NewContextForRGBA(im)
	dc.SetColor(frameBG)
	dc.Clear()
	plot := graphPlot()
	px, py := float64(plot.Min.X), float64(plot.Min.Y)
	pw, ph := float64(plot.Dx()), float64(plot.Dy())
	n := len(g.Wins) - 1
	x := func(i int) float64 { return px + pw*float64(i)/float64(n) }
	// A won or lost position keeps to the edge, so that the curve reaches
	// the last ply.
	y := func(win float64) float64 {
		return py + curveInset + (ph-2*curveInset)*(1-max(0, min(100, win))/100)
	}
	styles := [2]style{sideStyle(g.Variant.Sides[0], 0), sideStyle(g.Variant.Sides[1], 1)}

	// The second player's colour fills the plot; the first's rises from
	// the bottom to the curve.
	dc.SetColor(styles[1].fill)
	dc.DrawRectangle(px, py, pw, ph)
	dc.Fill()
	dc.MoveTo(px, py+ph)
	for i, w := range g.Wins {
		dc.LineTo(x(i), y(w))
	}
	dc.LineTo(px+pw, py+ph)
	dc.ClosePath()
	dc.SetColor(styles[0].fill)
	dc.Fill()
	dc.SetColor(graphMid)
	dc.SetLineWidth(2)
	dc.SetDash(10, 8)
	dc.DrawLine(px, y(50), px+pw, y(50))
	dc.Stroke()
	dc.SetDash()
	dc.SetColor(textDim)
	dc.SetLineWidth(2)
	dc.DrawRectangle(px, py, pw, ph)
	dc.Stroke()
	// The curve itself, over the border, light in a dark edge: one or the
	// other shows on either side's colour.
	dc.SetLineJoinRound()
	dc.SetLineCapRound()
	for _, pass := range []struct {
		c color.RGBA
		w float64
	}{{stripBG, 7}, {textMain, 3}} {
		for i, w := range g.Wins {
			dc.LineTo(x(i), y(w))
		}
		dc.SetColor(pass.c)
		dc.SetLineWidth(pass.w)
		dc.Stroke()
	}
	// The marks, worst on top.
	for level := 1; level < len(markCols); level++ {
		for _, m := range g.Marks {
			if m.Level == level {
				markShape(dc, x(m.Ply+1), y(g.Wins[m.Ply+1]), level)
			}
		}
	}

	// Text: the names by their halves, the axes, the legend and the
	// result.
	name := r.fonts.text(r.fonts.bold, phoneName*graphPhone)
	small := r.fonts.text(r.fonts.regular, phoneStatus*graphPhone)
	sw := int(math.Round(phoneSwatch * graphPhone))
	for side, at := range [2]float64{py + ph + 100, 50} {
		blit(im, image.Pt(24, int(at-name.height()/2)-sw/2), swatchSprite(sw, styles[side], frameBG))
		label := g.Variant.Sides[side]
		if g.Players[side] != "" {
			label = g.Players[side] + " (" + label + ")"
		}
		tx := float64(24 + sw + 14)
		name.draw(im, tx, at, textMain, name.fit(label, float64(graphW)-tx-24))
	}
	// The winning chance's axis: the first player's, from 0 to 100%.
	for _, t := range []float64{0, 50, 100} {
		lb := fmt.Sprintf("%.0f%%", t)
		small.draw(im, px-12-small.measure(lb), y(t)+small.height()/2, labelCol, lb)
	}
	title := g.Variant.Sides[0] + "’s winning chance"
	face := small
	if tw := face.measure(title); tw > ph {
		face = r.fonts.text(r.fonts.regular, max(phoneStatusMin*graphPhone, face.px*ph/tw))
	}
	lbl := rotateLeft(labelSprite(face, face.fit(title, ph), labelCol, frameBG, 0))
	blit(im, image.Pt(16, int(py+ph/2)-lbl.Rect.Dy()/2), lbl)
	// The plies under the plot.
	step := max(10, (n/8+9)/10*10) // plies between ticks
	for i := step; i < n; i += step {
		small.drawCentred(im, x(i), py+ph+24, labelCol, fmt.Sprint(i))
	}
	small.draw(im, px+pw-small.measure("ply"), py+ph+24+small.height()/2, labelCol, "ply")
	// The legend, centred on its line.
	const gap = 30.0
	legendW := -gap
	for level := 1; level < len(markCols); level++ {
		legendW += 2*markReach(level) + 8 + small.measure(markNames[level]) + gap
	}
	lx, ly := (float64(graphW)-legendW)/2, py+ph+160
	for level := 1; level < len(markCols); level++ {
		markShape(dc, lx+markReach(level), ly-small.height()/2, level)
		lx = small.draw(im, lx+2*markReach(level)+8, ly, labelCol, markNames[level]) + gap
	}
	small.drawCentred(im, float64(graphW)/2, float64(graphH)-24, textDim, small.fit(g.Result, float64(graphW)-40))
	return im
}

// markShape draws the mark of a level at (x, y): a circle for an
// inaccuracy, a diamond for a mistake, a triangle pointing down for a
// blunder, growing with the level, each in a dark edge and a light one.
func markShape(dc *gg.Context, x, y float64, level int) {
	r := markSize(level)
	shape := func(r float64) {
		switch level {
		case 1:
			dc.DrawCircle(x, y, r)
		case 2:
			r *= 1.25
			dc.MoveTo(x, y-r)
			dc.LineTo(x+r, y)
			dc.LineTo(x, y+r)
			dc.LineTo(x-r, y)
			dc.ClosePath()
		default:
			r *= 1.4
			dc.MoveTo(x-r*0.866, y-r*0.5)
			dc.LineTo(x+r*0.866, y-r*0.5)
			dc.LineTo(x, y+r)
			dc.ClosePath()
		}
	}
	for _, l := range []struct {
		c     color.RGBA
		outer float64
	}{{textMain, 5}, {stripBG, 2.5}, {markCols[level], 0}} {
		shape(r + l.outer)
		dc.SetColor(l.c)
		dc.Fill()
	}
}

// markSize is the size of a mark of a level, before its edges; markReach
// how far the mark reaches from its centre, edges and all.
func markSize(level int) float64 { return 6 + 2*float64(level) }
func markReach(level int) float64 {
	return markSize(level)*[...]float64{1: 1, 2: 1.25, 3: 1.4}[level] + 5
}

// rotateLeft returns im turned a quarter turn anticlockwise, for text that
// reads upwards.
func rotateLeft(im *image.RGBA) *image.RGBA {
	b := im.Rect
	out := image.NewRGBA(image.Rect(0, 0, b.Dy(), b.Dx()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			out.SetRGBA(y, b.Dx()-1-x, im.RGBAAt(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}
