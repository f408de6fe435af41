package puzzle_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/puzzle"
)

// shippedGames are the games with a shipped set, and the least each set
// holds (what the mining achieved; see docs/puzzles.md).
var shippedGames = map[string]int{"zola": 399, "zamma": 326, "zonal": 466, "zodiac": 984}

// TestShippedSets: every shipped puzzle is what it claims to be
// (puzzle.Verify): its line is legal and ends on the solver's move, its
// position has a wrong move, and a deeper search than the one that found
// it (puzzle.Deep, 25 times the scan's nodes; the solver for Zodiac) finds
// a single winning first move there, the line's.
func TestShippedSets(t *testing.T) {
	ids := map[string]bool{}
	for id, least := range shippedGames {
		v, _ := games.ByID(id)
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
		}
		if raceEnabled {
			// The deep searches run in the run without the race detector:
			// it has nothing to find in a check of data, and would make
			// the test's 92 s many minutes.
			continue
		}
		for _, err := range puzzle.VerifyAll(context.Background(), v, set, puzzle.Deep) {
			if err != nil {
				t.Error(err)
			}
		}
	}
}
