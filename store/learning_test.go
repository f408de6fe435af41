package store

import (
	"context"
	"errors"
	"testing"
)

func TestUseHint(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {AI: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	for want := 1; want <= 2; want++ {
		used, err := s.UseHint(ctx, g.ID, 0, 2)
		if err != nil || used != want {
			t.Fatalf("hint %d: used %d, %v", want, used, err)
		}
	}
	if used, err := s.UseHint(ctx, g.ID, 0, 2); !errors.Is(err, ErrNoHints) || used != 2 {
		t.Errorf("a third hint of 2: used %d, %v; want 2, ErrNoHints", used, err)
	}
	if _, err := s.UseHint(ctx, g.ID, 1, 3); !errors.Is(err, ErrStalePly) {
		t.Errorf("a hint at a ply the game is not at: %v, want ErrStalePly", err)
	}
	if _, err := s.UseHint(ctx, g.ID+1, 0, 3); !errors.Is(err, ErrNotFound) {
		t.Errorf("a hint in no game: %v, want ErrNotFound", err)
	}
	if _, err := s.Finish(ctx, g.ID, 0, End{Result: Aborted, By: "admin"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UseHint(ctx, g.ID, 0, 3); !errors.Is(err, ErrGameOver) {
		t.Errorf("a hint after the end: %v, want ErrGameOver", err)
	}
	if g, err = s.Game(ctx, g.ID); err != nil || g.Hints != 2 {
		t.Errorf("the game records %d hints (%v), want 2", g.Hints, err)
	}
}

func TestAnalysisKept(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Analysis(ctx, g.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("before any analysis: %v, want ErrNotFound", err)
	}
	for _, report := range []string{`{"plies":[]}`, `{"plies":[1]}`} {
		if err := s.SaveAnalysis(ctx, g.ID, []byte(report)); err != nil {
			t.Fatal(err)
		}
		got, err := s.Analysis(ctx, g.ID)
		if err != nil || string(got) != report {
			t.Errorf("kept %q, %v; want %q", got, err, report)
		}
	}
}
