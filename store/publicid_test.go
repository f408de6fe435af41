package store

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestPublicIDs(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	seen := map[string]bool{}
	var games []Game
	for range 3 {
		g := mustGame(t, s, alice, bob, false)
		if !ValidPublicID(g.PublicID) {
			t.Fatalf("game %d: public id %q, want 16 hex digits", g.ID, g.PublicID)
		}
		if seen[g.PublicID] {
			t.Fatalf("game %d: public id %q given twice", g.ID, g.PublicID)
		}
		seen[g.PublicID] = true
		games = append(games, g)
	}
	for _, g := range games {
		if id, err := s.GameByPublicID(ctx, g.PublicID); err != nil || id != g.ID {
			t.Errorf("GameByPublicID(%q) = %d, %v; want %d", g.PublicID, id, err, g.ID)
		}
	}
	g := games[0]
	for _, pid := range []string{
		"", "1", "0000000000000001", // a number, or a guess
		strings.ToUpper(g.PublicID),       // another spelling of a real one
		g.PublicID + "0", g.PublicID[:15], // longer, shorter
		g.PublicID[:15] + "g",                 // not hex
		"' OR '1'='1", g.PublicID[:14] + "%%", // SQL
	} {
		if id, err := s.GameByPublicID(ctx, pid); !errors.Is(err, ErrNotFound) {
			t.Errorf("GameByPublicID(%q) = %d, %v; want ErrNotFound", pid, id, err)
		}
	}
	tr, err := s.CreateTournament(ctx, NewTournament{GuildID: "g1", ChannelID: "c1", Creator: alice, Variant: "zola8",
		Format: Swiss, Rounds: 3, DaysPerMove: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !ValidPublicID(tr.PublicID) || seen[tr.PublicID] {
		t.Fatalf("tournament public id %q: want 16 fresh hex digits", tr.PublicID)
	}
	if id, err := s.TournamentByPublicID(ctx, tr.PublicID); err != nil || id != tr.ID {
		t.Errorf("TournamentByPublicID = %d, %v; want %d", id, err, tr.ID)
	}
	if _, err := s.TournamentByPublicID(ctx, g.PublicID); !errors.Is(err, ErrNotFound) {
		t.Errorf("TournamentByPublicID(a game's id) = %v; want ErrNotFound", err)
	}
}
