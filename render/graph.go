package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"

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

// The graph's size and colours.
const (
	graphW, graphH = 1000, 540
)

// markCols are the colours of marks by level: Okabe and Ito's yellow,
// orange and vermilion, which stay apart in lightness for every kind of
// colour vision, each on a dark rim.
var markCols = [...]color.RGBA{1: rgb(0xf0e442), 2: rgb(0xe69f00), 3: rgb(0xd55e00)}

// graphMid is the line of an even game.
var graphMid = rgb(0x8a8f99)

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
func graphPlot() image.Rectangle { return image.Rect(70, 72, graphW-30, graphH-130) }

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
	y := func(win float64) float64 { return py + ph*(1-max(0, min(100, win))/100) }
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
	// The curve itself, in the first side's rim, and the even line.
	for i, w := range g.Wins {
		dc.LineTo(x(i), y(w))
	}
	dc.SetColor(styles[0].rim)
	dc.SetLineWidth(3)
	dc.SetLineJoinRound()
	dc.Stroke()
	dc.SetColor(graphMid)
	dc.SetLineWidth(1.5)
	dc.SetDash(8, 6)
	dc.DrawLine(px, y(50), px+pw, y(50))
	dc.Stroke()
	dc.SetDash()
	dc.SetColor(textDim)
	dc.SetLineWidth(2)
	dc.DrawRectangle(px, py, pw, ph)
	dc.Stroke()
	// The marks, worst on top.
	for level := 1; level < len(markCols); level++ {
		for _, m := range g.Marks {
			if m.Level != level {
				continue
			}
			rad := 5 + 2*float64(level)
			dc.DrawCircle(x(m.Ply+1), y(g.Wins[m.Ply+1]), rad+2)
			dc.SetColor(stripBG)
			dc.Fill()
			dc.DrawCircle(x(m.Ply+1), y(g.Wins[m.Ply+1]), rad)
			dc.SetColor(markCols[level])
			dc.Fill()
		}
	}

	// Text: the names by their halves, move numbers, the legend and the
	// result.
	name := r.fonts.text(r.fonts.bold, 30)
	small := r.fonts.text(r.fonts.regular, 24)
	bottom := float64(graphH) - 50 // the baseline of the first player's line
	legendW := 0.0
	legend := []string{"", "inaccuracy", "mistake", "blunder"}
	for level := 1; level < len(markCols); level++ {
		legendW += small.measure(legend[level]) + 48
	}
	for side, at := range [2]float64{bottom, 46} {
		sw := swatchSprite(30, styles[side])
		blit(im, image.Pt(int(px), int(at)-25), sw)
		label := g.Variant.Sides[side]
		if g.Players[side] != "" {
			label = g.Players[side] + " (" + label + ")"
		}
		room := pw - 42
		if side == 0 {
			room -= legendW
		}
		name.draw(im, px+42, at, textMain, name.fit(label, room))
	}
	step := max(10, (n/8+9)/10*10) // plies between move-number ticks
	for i := step; i < n; i += step {
		small.drawCentred(im, x(i), py+ph+18, labelCol, fmt.Sprint(i))
	}
	// The legend, right-aligned on the first player's line.
	right := px + pw
	for level := len(markCols) - 1; level >= 1; level-- {
		w := small.measure(legend[level])
		right -= w
		small.draw(im, right, bottom, labelCol, legend[level])
		right -= 18
		dc.DrawCircle(right, bottom-8, 5+2*float64(level))
		dc.SetColor(markCols[level])
		dc.Fill()
		right -= 30
	}
	small.drawCentred(im, float64(graphW)/2, float64(graphH)-16, textDim, small.fit(g.Result, float64(graphW)-40))
	return im
}
