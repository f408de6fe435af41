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

// TestShippedSets: every shipped puzzle is what it claims to be
// (puzzle.Verify): its line is legal and ends on the solver's move, its
// position has a wrong move, and a deeper search than the one that found
// it (puzzle.Deep, 25 times the scan's nodes; the solver for Zodiac) finds
// a single winning first move there, the line's.
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
				if err := puzzle.Verify(context.Background(), j, jb.v, jb.pz); err != nil {
					t.Error(err)
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
