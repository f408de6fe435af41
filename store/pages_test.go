package store

import (
	"context"
	"errors"
	"testing"
)

func TestPageIDs(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	mustGame(t, s, alice, bob, false)
	a, err := s.PageID(ctx, PlayerPage, alice.ID)
	if err != nil || !ValidPublicID(a) {
		t.Fatalf("PageID(player, alice) = %q, %v; want 16 hex digits", a, err)
	}
	if again, err := s.PageID(ctx, PlayerPage, alice.ID); err != nil || again != a {
		t.Errorf("PageID asked again = %q, %v; want the same %q", again, err, a)
	}
	srv, err := s.PageID(ctx, ServerPage, alice.ID) // another kind, the same subject
	if err != nil || srv == a {
		t.Errorf("PageID(server, %s) = %q, %v; want an id of its own", alice.ID, srv, err)
	}
	if sub, err := s.PageSubject(ctx, PlayerPage, a); err != nil || sub != alice.ID {
		t.Errorf("PageSubject(player, %q) = %q, %v; want %q", a, sub, err, alice.ID)
	}
	for _, c := range []struct {
		kind PageKind
		pid  string
	}{{ServerPage, a}, {PlayerPage, srv}, {PlayerPage, "0000000000000001"}, {PlayerPage, alice.ID}, {PlayerPage, a[:15]}} {
		if sub, err := s.PageSubject(ctx, c.kind, c.pid); !errors.Is(err, ErrNotFound) {
			t.Errorf("PageSubject(%s, %q) = %q, %v; want ErrNotFound", c.kind, c.pid, sub, err)
		}
	}
	if _, err := s.PageID(ctx, PlayerPage, ""); !errors.Is(err, ErrInvalid) {
		t.Errorf("PageID of nobody: %v, want ErrInvalid", err)
	}
	// Deleting the player forgets their page.
	if _, err := s.DeleteUser(ctx, alice.ID, true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PageSubject(ctx, PlayerPage, a); !errors.Is(err, ErrNotFound) {
		t.Errorf("the page of a deleted player: %v, want ErrNotFound", err)
	}
}

func TestListedGames(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	server := mustGame(t, s, alice, bob, false)
	if err := s.ListGame(ctx, server.ID); !errors.Is(err, ErrInvalid) {
		t.Errorf("listing a server's game: %v, want ErrInvalid", err)
	}
	off, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: carol}}})
	if err != nil {
		t.Fatal(err)
	}
	dm, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: bob}, {Player: carol}}, ChannelID: "dm"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ListGame(ctx, dm.ID); !errors.Is(err, ErrInvalid) {
		t.Errorf("listing a direct message's game: %v, want ErrInvalid", err)
	}
	for range 2 { // listing twice is listing once
		if err := s.ListGame(ctx, off.ID); err != nil {
			t.Fatalf("listing a game played off Discord: %v", err)
		}
	}
	gs, err := s.ListedGames(ctx, 0)
	if err != nil || len(gs) != 1 || gs[0].ID != off.ID {
		t.Fatalf("ListedGames = %v, %v; want game %d only", gs, err, off.ID)
	}
	mustFinish(t, s, off, 0)
	if gs, err := s.ListedGames(ctx, 0); err != nil || len(gs) != 0 {
		t.Errorf("ListedGames after the game ended = %d games, %v; want none", len(gs), err)
	}
}

func TestRatingHistory(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{MinRatedGames: 1})
	mustFinish(t, s, mustGame(t, s, alice, bob, true), 0)
	mustFinish(t, s, mustGame(t, s, alice, bob, true), 1)
	mustFinish(t, s, mustGame(t, s, alice, bob, false), 0) // casual: no point
	h, err := s.RatingHistory(ctx, alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Rating(ctx, alice.ID, "zola")
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 2 || h[0].Variant != "zola" || h[0].Rating <= h[1].Rating || h[1].Rating != r.Rating {
		t.Errorf("RatingHistory = %+v; want two zola points, a win then a loss, ending at %d", h, r.Rating)
	}
}

// TestRecordAgainstTheAI: a game lost to the AI counts as a loss in the
// player's record, whichever side the AI played (its seat has no player,
// which a comparison with NULL used to drop).
func TestRecordAgainstTheAI(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	for _, seats := range [][2]Seat{{{Player: alice}, {AI: 1}}, {{AI: 1}, {Player: alice}}} {
		g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		aiSide := 1
		if seats[0].AI != 0 {
			aiSide = 0
		}
		mustFinish(t, s, g, aiSide)
	}
	pr, err := s.Profile(ctx, alice.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if pr.Record != (Record{Losses: 2}) {
		t.Errorf("alice's record after losing twice to the AI: %+v", pr.Record)
	}
}
