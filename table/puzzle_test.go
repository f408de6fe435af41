package table_test

import (
	"context"
	"testing"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// wrongMove returns a legal move of the view's position that is not the
// line's and does not win on the spot.
func wrongMove(t *testing.T, pv table.PuzzleView) string {
	t.Helper()
	for _, m := range pv.Position.Moves(nil) {
		text := pv.Position.FormatMove(m)
		if a, err := pv.Puzzle.Check(pv.Variant, pv.Ply, text); err == nil && !a.Correct {
			return text
		}
	}
	t.Fatalf("%s: no wrong move", pv.Puzzle.ID)
	return ""
}

// TestPuzzleThroughService: a failed first attempt lowers the player's
// puzzle rating and raises the puzzle's, a solved one the other way; a
// second attempt at the same puzzle changes nothing; the next puzzle is
// one not tried yet; a move that is not legal is refused and costs nothing.
func TestPuzzleThroughService(t *testing.T) {
	tab, _ := allGames(t)
	ctx := context.Background()
	me := table.Solver{Player: store.Player{ID: "solver", Name: "Solver"}}
	for _, v := range tab.PuzzleVariants() {
		failed, err := tab.NextPuzzle(ctx, me, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		_, err = tab.TryPuzzle(ctx, me, failed.Puzzle.ID, 0, "zz1-zz2")
		refused(t, err, "zz1-zz2")
		res, err := tab.TryPuzzle(ctx, me, failed.Puzzle.ID, 0, wrongMove(t, failed))
		if err != nil {
			t.Fatal(err)
		}
		if res.Correct || !res.Rated || res.After.R >= res.Before.R || res.View.Rating.R < failed.Rating.R {
			t.Errorf("%s: a failure: %+v", v.ID, res)
		}
		again, err := tab.TryPuzzle(ctx, me, failed.Puzzle.ID, 0, failed.Puzzle.Line[0])
		if err != nil || !again.Correct || again.Rated {
			t.Errorf("%s: a second attempt: %+v, %v", v.ID, again, err)
		}
		solved, err := tab.NextPuzzle(ctx, me, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if solved.Puzzle.ID == failed.Puzzle.ID {
			t.Errorf("%s: the next puzzle is the one tried", v.ID)
		}
		before, n, _ := tab.PuzzleRating(ctx, me.ID, v.ID)
		if n != 1 {
			t.Errorf("%s: %d puzzles counted, want 1", v.ID, n)
		}
		ply := 0
		for {
			res, err := tab.TryPuzzle(ctx, me, solved.Puzzle.ID, ply, solved.Puzzle.Line[ply])
			if err != nil {
				t.Fatal(err)
			}
			if !res.Correct {
				t.Fatalf("%s: the line's move %s is wrong", v.ID, solved.Puzzle.Line[ply])
			}
			if res.Solved {
				if !res.Rated || res.Before != before || res.After.R <= before.R {
					t.Errorf("%s: solved: %+v (rating before %v)", v.ID, res, before)
				}
				break
			}
			if res.Rated || res.Reply != solved.Puzzle.Line[ply+1] || res.View.Ply != ply+2 {
				t.Errorf("%s: a correct move: %+v", v.ID, res)
			}
			ply = res.Next
		}
	}
	// Seeing the answer is a miss: the rating falls, once.
	pv, err := tab.NextPuzzle(ctx, me, "zola")
	if err != nil {
		t.Fatal(err)
	}
	res, err := tab.GiveUpPuzzle(ctx, me, pv.Puzzle.ID, 0)
	if err != nil || !res.Rated || res.Expected != pv.Puzzle.Line[0] || res.After.R >= res.Before.R {
		t.Errorf("giving up: %+v, %v", res, err)
	}
	if res, err = tab.GiveUpPuzzle(ctx, me, pv.Puzzle.ID, 0); err != nil || res.Rated {
		t.Errorf("giving up again: %+v, %v", res, err)
	}
	if len(tab.PuzzleVariants()) != 4 {
		t.Errorf("puzzles in %d games, want 4", len(tab.PuzzleVariants()))
	}
}
