package ai

import (
	"context"
	"slices"
	"time"

	"github.com/zugbot/zugbot/engine"
)

// AnalyseExcept is Analyse with the moves in except left out at the root:
// the best of the other moves, and its score. Two searches, Analyse and then
// AnalyseExcept with the best move, give the best and the second best move
// (a multi-PV 2 search), which is how a puzzle is told apart from a position
// with several good moves. It returns ErrGameOver when no move is left. The
// transposition table then holds the restricted root's score: Reset s
// before searching the same position in full.
func (s *Searcher) AnalyseExcept(ctx context.Context, p engine.Position, except []engine.Move) (engine.Move, Info, error) {
	start := time.Now()
	p = p.Clone()
	root := slices.DeleteFunc(p.Moves(nil), func(m engine.Move) bool { return slices.Contains(except, m) })
	if len(root) == 0 {
		return engine.Move{}, Info{}, ErrGameOver
	}
	return s.think(ctx, p, root, start)
}
