package ai

import (
	"context"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
	"github.com/zugbot/zugbot/engine/zamma"
	"github.com/zugbot/zugbot/engine/zodiac"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
)

// variants are the games the tests play, each with a position from the
// middle of a game (reached by searches of depth 3 on both sides).
var variants = []struct {
	v   *engine.Variant
	mid string
}{
	{zola.Zola, "B1BRBR/R1RBRB/1RBR2/RB1BR1/BRB1BR/RB1RBR R"},
	{zamma.Zamma, "wwwww2ww/1wwwwwwww/1w1wwwwww/3wwww1w/b2ww2bb/6bbb/1b1b1bbbb/b3bbbbb/1b1bbbbbb b 0"},
	{zodiac.Zodiac, ".wbw.w/.nn.bw b - 0"},
	{zonal.Chess, "r2qkb1r/1pp2ppp/5n2/p2pnbN1/P6P/2N1B3/1PP1PPP1/R2QKB1R w KQkq - 0 9"},
	{zonal.Zonal, "---1rnbq2nr1---/--1pp2ppk2p1--/-4p9-/1Q4p3p1b3/6P9/-8N5-/--1PPP1PPP1PP1--/---1RNB1K2R1--- w KQ - 0 9"},
}

func TestLevels(t *testing.T) {
	for _, vc := range variants {
		p := enginetest.MustParse(t, vc.v, vc.mid)
		for n := MinLevel; n <= MaxLevel; n++ {
			t.Run(vc.v.ID+"/"+LevelName(n), func(t *testing.T) {
				pl, err := LevelTimed(vc.v, n, 50*time.Millisecond, newRand(1))
				if err != nil {
					t.Fatal(err)
				}
				best(t, pl, p)
			})
		}
	}
	for _, n := range []int{0, 6, -1} {
		if _, err := Level(zola.Zola, n, newRand(1)); err == nil {
			t.Errorf("Level(%d): no error", n)
		}
	}
}

// TestLevelBudgets checks the budgets that keep levels 1 and 2 quick on
// any machine (a node budget: a search of 20,000 nodes takes a few
// hundredths of a second in every game) and the top level within 5 s.
func TestLevelBudgets(t *testing.T) {
	for _, vc := range variants {
		for n := MinLevel; n <= 2; n++ {
			pl, err := Level(vc.v, n, newRand(1))
			if err != nil {
				t.Fatal(err)
			}
			s, ok := pl.(*Searcher)
			if !ok {
				continue
			}
			if s.cfg.Nodes <= 0 || s.cfg.Nodes > 20_000 {
				t.Errorf("%s level %d: node budget %d, want 1 to 20000", vc.v.ID, n, s.cfg.Nodes)
			}
			p := enginetest.MustParse(t, vc.v, vc.mid)
			for seed := range uint64(5) {
				s.r = newRand(seed)
				if _, info := best(t, s, p); info.Nodes > s.cfg.Nodes+1 {
					t.Errorf("%s level %d: %d nodes, over the budget of %d", vc.v.ID, n, info.Nodes, s.cfg.Nodes)
				}
			}
		}
		pl, err := Level(vc.v, MaxLevel, newRand(1))
		if err != nil {
			t.Fatal(err)
		}
		if s, ok := pl.(*Searcher); ok && (s.cfg.Time <= 0 || s.cfg.Time > 5*time.Second) {
			t.Errorf("%s level %d: time budget %v, want at most 5s", vc.v.ID, MaxLevel, s.cfg.Time)
		}
	}
}

// TestLevelsAreWeakAtTheBottom checks the weaknesses that let a beginner
// win: level 1 sometimes plays at random, and the top levels never do.
func TestLevelsAreWeakAtTheBottom(t *testing.T) {
	for _, vc := range variants {
		p := enginetest.MustParse(t, vc.v, vc.mid)
		random := map[int]int{}
		for n := MinLevel; n <= MaxLevel; n++ {
			for seed := range uint64(30) {
				pl, err := LevelTimed(vc.v, n, 10*time.Millisecond, newRand(seed))
				if err != nil {
					t.Fatal(err)
				}
				if _, info := best(t, pl, p); info.Random {
					random[n]++
				}
			}
		}
		if random[1] == 0 || random[5] != 0 {
			t.Errorf("%s: random moves by level over 30 tries: %v; want some at level 1 and none at 5", vc.v.ID, random)
		}
		for n := MinLevel + 1; n <= MaxLevel; n++ {
			if random[n] > random[n-1] {
				t.Errorf("%s: random moves by level over 30 tries: %v; want fewer at higher levels", vc.v.ID, random)
				break
			}
		}
	}
}

// TestZodiacMasterIsPerfect plays Zodiac's top level against the others
// from the start. The second player wins with perfect play, so the master
// must win every game in which it moves second, and at every move it must
// choose as the solution does.
func TestZodiacMasterIsPerfect(t *testing.T) {
	table := zodiac.Solve()
	for n := MinLevel; n <= MaxLevel; n++ {
		for seed := range uint64(3) {
			master, err := Level(zodiac.Zodiac, MaxLevel, newRand(seed))
			if err != nil {
				t.Fatal(err)
			}
			other, err := Level(zodiac.Zodiac, n, newRand(seed+10))
			if err != nil {
				t.Fatal(err)
			}
			p := zodiac.StartWith(engine.Side(seed % 2))
			masterSide := p.Turn().Other()
			for plies := 0; !p.Outcome().Over(); plies++ {
				if plies > 1000 {
					t.Fatalf("level %d, seed %d: no end after %d plies", n, seed, plies)
				}
				pl := other
				if p.Turn() == masterSide {
					pl = master
				}
				m, info := best(t, pl, p)
				if pl == master {
					want, result := table.Best(p)
					if m != want || result != zodiac.Win || info.Score != WinScore {
						t.Fatalf("level %d, seed %d: in %s the master played %s (%v), the solution %s (%v)",
							n, seed, engine.String(p), p.FormatMove(m), info, p.FormatMove(want), result)
					}
				}
				p.Do(m)
			}
			if o := p.Outcome(); o.Status != engine.Win || o.Winner != masterSide {
				t.Errorf("level %d, seed %d: the master, moving second, did not win: %+v", n, seed, o)
			}
		}
	}
}

// TestSolverDeadline checks that the solver's levels give up with an error
// when the context has ended.
func TestSolverDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	pl, err := Level(zodiac.Zodiac, MaxLevel, newRand(1))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := pl.Best(ctx, zodiac.Zodiac.Start()); err == nil {
		t.Errorf("Best after the deadline: no error")
	}
}
