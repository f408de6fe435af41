package ai

import (
	"context"
	"testing"

	"github.com/zugbot/zugbot/engine/enginetest"
)

// TestSearchSignature pins the tree of a fixed-depth search from the
// middle of each game: the nodes it visits, the move it chooses and
// its score. A change meant only to make the search faster (move
// generation, make and unmake, the evaluation's code, the table's
// layout) must leave all three as they are, so that BenchmarkSearchDepth
// compares the same work before and after; a change to what the search
// or the evaluation decides updates them on purpose.
func TestSearchSignature(t *testing.T) {
	want := map[string]struct {
		nodes int64
		move  string
		score int
	}{
		"zola":   {143216, "f2xe1", 180},
		"zamma":  {31201, "h5-h6", -160},
		"zodiac": {666, "C5-T1", -200},
		"chess":  {50940, "Bd4", -31},
		"zonal":  {39845, "Nxk5+", 439},
	}
	for _, vc := range variants {
		w, ok := want[vc.v.ID]
		if !ok {
			continue
		}
		p := enginetest.MustParse(t, vc.v, vc.mid)
		s := NewSearcher(Config{Depth: 8}, newRand(1))
		m, info, err := s.Best(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		got := p.FormatMove(m)
		t.Logf("%s: %d nodes, %s, score %d", vc.v.ID, info.Nodes, got, info.Score)
		if info.Nodes != w.nodes || got != w.move || info.Score != w.score {
			t.Errorf("%s at depth 8: %d nodes, %s, score %d; want %d nodes, %s, score %d",
				vc.v.ID, info.Nodes, got, info.Score, w.nodes, w.move, w.score)
		}
	}
}
