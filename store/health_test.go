package store

import (
	"context"
	"testing"
)

func TestPing(t *testing.T) {
	s, _ := mustOpen(t, Options{})
	if err := s.Ping(context.Background()); err != nil {
		t.Fatalf("Ping on an open database: %v", err)
	}
	s.Close()
	if err := s.Ping(context.Background()); err == nil {
		t.Errorf("Ping on a closed database succeeded; want an error")
	}
}

func TestActiveGames(t *testing.T) {
	s, _ := mustOpen(t, Options{})
	ctx := context.Background()
	for i := range 3 {
		g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: Player{ID: "alice", Name: "alice"}}, {AI: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if _, err := s.Finish(ctx, g.ID, 0, End{Result: Aborted, Reason: ReasonAdmin}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n, err := s.ActiveGames(ctx); err != nil || n != 2 {
		t.Errorf("ActiveGames = %d, %v; want 2 (one of three was aborted)", n, err)
	}
}
