package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/puzzle"
	"github.com/zugbot/zugbot/store"
)

// TestMineFinishedGames: mine-puzzles -db finds a puzzle in a finished game
// of the database (a game that reached a shipped puzzle's position, where
// the player then found the answer), and appends it to the set file;
// -recheck keeps it.
func TestMineFinishedGames(t *testing.T) {
	ctx := context.Background()
	set, err := puzzle.Set("zola")
	if err != nil || len(set) == 0 {
		t.Fatal("no zola puzzles", err)
	}
	pz := set[0]
	db := filepath.Join(t.TempDir(), "zugbot.db")
	s, err := store.Open(ctx, db, store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	ada, bea := store.Player{ID: "111", Name: "Ada"}, store.Player{ID: "222", Name: "Bea"}
	g, err := s.CreateGame(ctx, store.NewGame{Variant: "zola", Start: pz.Position, Seats: [2]store.Seat{{Player: ada}, {Player: bea}}, ChannelID: "8"})
	if err != nil {
		t.Fatal(err)
	}
	for ply, mv := range pz.Line {
		if _, err := s.RecordMove(ctx, g.ID, ply, mv, store.End{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Finish(ctx, g.ID, len(pz.Line), store.End{Result: store.Aborted, Reason: store.ReasonAdmin, By: "admin"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	out := filepath.Join(t.TempDir(), "zola.txt")
	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"mine-puzzles", "-game", "zola", "-db", db, "-out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "zola: 1 finished game,") {
		t.Errorf("stdout %q", stdout.String())
	}
	b, err := os.ReadFile(out)
	if err != nil || !strings.HasPrefix(string(b), pz.ID+"\t") || !strings.Contains(string(b), "game #1") {
		t.Fatalf("the set file holds %q (%v), want %s from game #1", b, err, pz.ID)
	}
	stdout.Reset()
	if code := run(ctx, []string{"mine-puzzles", "-game", "zola", "-out", out, "-recheck"}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "1 of 1 puzzles pass") {
		t.Errorf("recheck: exit %d, %q %q", code, stdout.String(), stderr.String())
	}
}
