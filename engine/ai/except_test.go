package ai_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/zola"
)

// TestAnalyseExcept: with the winning capture left out, the search finds
// the best of the other moves, which wins later at best; and with every move
// left out, the game is over for it.
func TestAnalyseExcept(t *testing.T) {
	// Red a1 takes the last blue checker, c3; its other move is d1-e1.
	p, err := zola.Zola.Parse("6/6/6/2B3/6/R2R2 R")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	s := ai.NewSearcher(ai.Config{Depth: 4}, rand.New(rand.NewPCG(1, 1)))
	best, info, err := s.Analyse(ctx, p)
	if err != nil || p.FormatMove(best) != "a1xc3" {
		t.Fatalf("Analyse = %s, %v; want a1xc3", p.FormatMove(best), err)
	}
	if plies, who := info.Mate(); who != 1 || plies != 1 {
		t.Fatalf("Analyse scores a1xc3 %d, not a win at once", info.Score)
	}
	s.Reset(ai.Config{Depth: 4}, rand.New(rand.NewPCG(1, 1)))
	second, info, err := s.AnalyseExcept(ctx, p, []engine.Move{best})
	if err != nil || p.FormatMove(second) != "d1-e1" {
		t.Fatalf("AnalyseExcept(a1xc3) = %s, %v; want d1-e1", p.FormatMove(second), err)
	}
	if plies, _ := info.Mate(); plies <= 1 {
		t.Errorf("AnalyseExcept scores d1-e1 %d, a win at once", info.Score)
	}
	if _, _, err := s.AnalyseExcept(ctx, p, p.Moves(nil)); err != ai.ErrGameOver {
		t.Errorf("AnalyseExcept(every move) = %v, want ErrGameOver", err)
	}
}
