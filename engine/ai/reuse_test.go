package ai

import (
	"context"
	"fmt"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

// TestResetIsFresh checks that a Searcher reset between searches, its
// table full of other positions, chooses what a fresh one chooses, with the
// same figures.
func TestResetIsFresh(t *testing.T) {
	configs := []Config{
		{Depth: 4, TTBits: 10},
		{Depth: 2, Noise: 60, Blunder: 0.05, Nodes: 20_000, TTBits: 14},
		{Depth: 4, Nodes: 30_000, Noise: 15, TTBits: 16},
		{Nodes: 50_000, TTBits: 20},
	}
	reused := &Searcher{}
	for _, vc := range variants {
		positions := []engine.Position{vc.v.Start(), enginetest.MustParse(t, vc.v, vc.mid)}
		for i, p := range positions {
			for j, cfg := range configs {
				for seed := range uint64(3) {
					name := fmt.Sprintf("%s/%d/%d/%d", vc.v.ID, i, j, seed)
					m1, i1, err1 := NewSearcher(cfg, newRand(seed)).Best(context.Background(), p)
					reused.Reset(cfg, newRand(seed))
					m2, i2, err2 := reused.Best(context.Background(), p)
					i1.Elapsed, i2.Elapsed = 0, 0
					if m1 != m2 || i1 != i2 || (err1 == nil) != (err2 == nil) {
						t.Errorf("%s: fresh %s (%v), reused %s (%v)", name, p.FormatMove(m1), i1, p.FormatMove(m2), i2)
					}
				}
			}
		}
	}
}

// TestWorkspaceLevels checks that a Workspace's players choose the moves
// of Level's at the levels bounded by depth and nodes, and that it keeps
// one table, of the largest size asked for.
func TestWorkspaceLevels(t *testing.T) {
	var w Workspace
	for _, vc := range variants {
		p := enginetest.MustParse(t, vc.v, vc.mid)
		for n := MinLevel; n <= 3; n++ {
			for seed := range uint64(3) {
				fresh, err := Level(vc.v, n, newRand(seed))
				if err != nil {
					t.Fatal(err)
				}
				m1, _ := best(t, fresh, p)
				pl, err := w.Level(vc.v, n, 0, newRand(seed))
				if err != nil {
					t.Fatal(err)
				}
				m2, _ := best(t, pl, p)
				if m1 != m2 {
					t.Errorf("%s level %d seed %d: Level plays %s, the Workspace's %s", vc.v.ID, n, seed, p.FormatMove(m1), p.FormatMove(m2))
				}
			}
		}
	}
	if got, want := w.TableBytes(), 32<<16; got != want {
		t.Errorf("TableBytes = %d, want %d (level 3's table)", got, want)
	}
}

// TestMCTSResetIsFresh checks the same of an MCTS player whose tree is
// reused.
func TestMCTSResetIsFresh(t *testing.T) {
	reused := &MCTS{}
	for _, vc := range variants {
		p := enginetest.MustParse(t, vc.v, vc.mid)
		for seed := range uint64(2) {
			cfg := MCTSConfig{Playouts: 300}
			m1, i1, _ := NewMCTS(cfg, newRand(seed)).Best(context.Background(), p)
			reused.Reset(cfg, newRand(seed))
			m2, i2, _ := reused.Best(context.Background(), p)
			i1.Elapsed, i2.Elapsed = 0, 0
			if m1 != m2 || i1 != i2 {
				t.Errorf("%s seed %d: fresh %s (%v), reused %s (%v)", vc.v.ID, seed, p.FormatMove(m1), i1, p.FormatMove(m2), i2)
			}
		}
	}
}

// BenchmarkMove measures the memory a move costs at level 5's table size
// (2^20 entries, 32 MiB), with a node budget: a fresh Searcher per move, as
// before Workspaces, and one Searcher reset for each move.
func BenchmarkMove(b *testing.B) {
	cfg := Config{Nodes: 20_000, TTBits: 20}
	for _, vc := range variants[:2] {
		p := enginetest.MustParse(b, vc.v, vc.mid)
		b.Run(vc.v.ID+"/fresh", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				NewSearcher(cfg, newRand(1)).Best(context.Background(), p)
			}
		})
		b.Run(vc.v.ID+"/reset", func(b *testing.B) {
			b.ReportAllocs()
			s := NewSearcher(cfg, newRand(1))
			for b.Loop() {
				s.Reset(cfg, newRand(1))
				s.Best(context.Background(), p)
			}
		})
	}
}

// TestSearchAllocationFree checks that a reused Searcher allocates nothing
// per node: a search of 20,000 nodes allocates fewer than one time in a
// hundred nodes more than one of 1,000 (what grows is the position's own
// buffers, as the search reaches deeper plies), where a single allocation
// a node would add 19,000.
func TestSearchAllocationFree(t *testing.T) {
	const small, large = 1_000, 20_000
	for _, vc := range variants {
		p := enginetest.MustParse(t, vc.v, vc.mid)
		s := NewSearcher(Config{}, newRand(1))
		allocs := func(nodes int64) float64 {
			return testing.AllocsPerRun(3, func() {
				s.Reset(Config{Nodes: nodes, TTBits: 12}, newRand(1))
				if _, _, err := s.Best(context.Background(), p); err != nil {
					t.Fatal(err)
				}
			})
		}
		if a, b := allocs(small), allocs(large); b-a > (large-small)/100 {
			t.Errorf("%s: a search of %d nodes allocates %v times, one of %d %v times", vc.v.ID, small, a, large, b)
		}
	}
}
