package store

import (
	"context"
	"testing"
)

// TestPuzzleAttempts: the first attempt at a puzzle records the ratings the
// rule computes and counts; a second attempt changes nothing; the ratings
// and tries read back; and deleting the player deletes their attempts and
// puzzle ratings, the puzzles' own ratings staying.
func TestPuzzleAttempts(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	seed, fresh := Glicko{1200, 300, 0.09}, Glicko{1500, 500, 0.09}
	calls := 0
	rate := func(p, z Glicko, solved bool) (Glicko, Glicko) {
		calls++
		if !solved {
			return Glicko{p.R - 100, p.RD - 10, p.Vol}, Glicko{z.R + 50, z.RD - 5, z.Vol}
		}
		return Glicko{p.R + 100, p.RD - 10, p.Vol}, Glicko{z.R - 50, z.RD - 5, z.Vol}
	}
	a := PuzzleAttempt{Player: alice, Variant: "zola", PuzzleID: "zola-1", Solved: true, Seed: seed, New: fresh}
	res, err := s.RecordPuzzleAttempt(ctx, a, rate)
	if err != nil {
		t.Fatal(err)
	}
	if !res.First || res.Player != fresh || res.Puzzle != seed || res.PlayerAfter.R != 1600 || res.PuzzleAfter.R != 1150 {
		t.Errorf("first attempt: %+v", res)
	}
	a.Solved = false
	res, err = s.RecordPuzzleAttempt(ctx, a, rate)
	if err != nil || res.First || calls != 1 || res.PlayerAfter.R != 1600 || res.PuzzleAfter.R != 1150 {
		t.Errorf("second attempt: %+v, %v (rule called %d times)", res, err, calls)
	}
	b := a
	b.PuzzleID, b.Solved = "zola-2", false
	if res, err = s.RecordPuzzleAttempt(ctx, b, rate); err != nil || res.Player.R != 1600 || res.PlayerAfter.R != 1500 {
		t.Errorf("another puzzle: %+v, %v", res, err)
	}
	g, n, err := s.PuzzlePlayer(ctx, alice.ID, "zola", fresh)
	if err != nil || g.R != 1500 || n != 2 {
		t.Errorf("PuzzlePlayer = %+v, %d, %v; want 1500 after 2", g, n, err)
	}
	if g, n, _ := s.PuzzlePlayer(ctx, alice.ID, "zamma", fresh); g != fresh || n != 0 {
		t.Errorf("PuzzlePlayer in another game = %+v, %d", g, n)
	}
	rs, err := s.PuzzleRatings(ctx, "zola")
	if err != nil || len(rs) != 2 || rs["zola-1"].R != 1150 || rs["zola-2"].R != 1250 {
		t.Errorf("PuzzleRatings = %v, %v", rs, err)
	}
	tried, err := s.PuzzlesTried(ctx, alice.ID, "zola")
	if err != nil || len(tried) != 2 || !tried["zola-1"] {
		t.Errorf("PuzzlesTried = %v, %v", tried, err)
	}
	d, err := s.DeleteUser(ctx, alice.ID, true)
	if err != nil || d.Puzzles != 2 {
		t.Fatalf("DeleteUser = %+v, %v; want 2 puzzle attempts", d, err)
	}
	if tried, _ := s.PuzzlesTried(ctx, alice.ID, "zola"); len(tried) != 0 {
		t.Errorf("after the deletion, tried %v", tried)
	}
	if _, n, _ := s.PuzzlePlayer(ctx, alice.ID, "zola", fresh); n != 0 {
		t.Errorf("after the deletion, %d puzzles counted", n)
	}
	if rs, _ := s.PuzzleRatings(ctx, "zola"); len(rs) != 2 {
		t.Errorf("after the deletion, the puzzles' ratings are %v", rs)
	}
}
