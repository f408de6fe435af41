package render

import (
	"fmt"

	"github.com/zugbot/zugbot/analysis"
	"github.com/zugbot/zugbot/engine"
)

// GraphOf returns the graph of rep, an analysis of a game of v between
// players, which ended as result says.
func GraphOf(v *engine.Variant, rep *analysis.Report, players [2]string, result string) Graph {
	g := Graph{Variant: v, Wins: []float64{rep.Start}, Players: players, Result: result}
	for i, pl := range rep.Plies {
		g.Wins = append(g.Wins, pl.Win)
		if pl.Class > analysis.Good {
			g.Marks = append(g.Marks, Mark{Ply: i, Level: int(pl.Class), Glyph: pl.Class.Glyph()})
		}
	}
	return g
}

// MistakeOptions returns the options that show mistake pl, the move m
// played in p: the move and the better one as arrows, a caption naming
// them, and the board from the mover's side.
func MistakeOptions(p engine.Position, m engine.Move, pl *analysis.Ply) (Options, error) {
	better, err := p.ParseMove(pl.Best)
	if err != nil {
		return Options{}, fmt.Errorf("render: the better move %q: %w", pl.Best, err)
	}
	side := p.Turn()
	return Options{
		Viewer:  &side,
		Arrows:  []Arrow{{Move: p.Describe(m), Kind: Played}, {Move: p.Describe(better), Kind: Better}},
		Caption: fmt.Sprintf("Played %s%s (orange arrow); better %s (blue)", pl.Move, pl.Class.Glyph(), pl.Best),
	}, nil
}
