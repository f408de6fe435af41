package puzzle_test

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/puzzle"
)

func variant(t *testing.T, id string) *engine.Variant {
	t.Helper()
	for _, v := range games.All() {
		if v.ID == id {
			return v
		}
	}
	t.Fatalf("no variant %q", id)
	return nil
}

// shippedGames are the games with a shipped set, and the least each set
// holds (what the mining achieved; see docs/puzzles.md).
var shippedGames = map[string]int{"zola": 1, "zamma": 1, "zonal": 1, "zodiac": 1}

// TestShippedSets: every shipped puzzle is what it claims to be. Its line
// is legal and ends on the solver's move; and a deeper search than the one
// that found it (puzzle.Deep, 25 times the scan's nodes; the solver for
// Zodiac) finds a single winning first move, the line's, in its position.
func TestShippedSets(t *testing.T) {
	type job struct {
		v  *engine.Variant
		pz puzzle.Puzzle
	}
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j := puzzle.NewJudge(puzzle.Deep)
			for jb := range jobs {
				p, err := jb.pz.At(jb.v, len(jb.pz.Line))
				if err != nil {
					t.Errorf("%s: %v", jb.pz.ID, err)
					continue
				}
				_ = p
				start, _ := jb.pz.Start(jb.v)
				if n := len(start.Moves(nil)); n < 2 {
					t.Errorf("%s: %d legal moves: no choice to make", jb.pz.ID, n)
				}
				vd, err := j.Judge(context.Background(), start)
				if err != nil {
					t.Errorf("%s: %v", jb.pz.ID, err)
					continue
				}
				first := start.FormatMove(vd.Move)
				a, err := jb.pz.Check(jb.v, 0, first)
				switch {
				case !vd.Unique:
					t.Errorf("%s: no single winning move: the best, %s, keeps %.0f%%, the second best %.0f%%", jb.pz.ID, first, vd.Win, vd.Second)
				case err != nil || !a.Correct:
					t.Errorf("%s: the deeper search's move is %s, the line's %s", jb.pz.ID, first, jb.pz.Line[0])
				}
			}
		}()
	}
	ids := map[string]bool{}
	for id, least := range shippedGames {
		v := variant(t, id)
		set, err := puzzle.Set(id)
		if err != nil {
			t.Fatal(err)
		}
		if len(set) < least {
			t.Errorf("%s: %d puzzles shipped, want at least %d", id, len(set), least)
		}
		for _, pz := range set {
			if ids[pz.ID] || !strings.HasPrefix(pz.ID, id+"-") {
				t.Errorf("%s: a duplicate ID, or another game's", pz.ID)
			}
			ids[pz.ID] = true
			jobs <- job{v, pz}
		}
	}
	close(jobs)
	wg.Wait()
}
