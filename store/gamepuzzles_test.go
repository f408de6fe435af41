package store

import (
	"context"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"
)

// finishedGame makes a game with two plies, and ends it unless going is
// set.
func finishedGame(t *testing.T, s *Store, ng NewGame, going bool) int64 {
	t.Helper()
	ctx := context.Background()
	ng.Variant, ng.Seats = "zola", [2]Seat{{Player: alice}, {Player: bob}}
	g, err := s.CreateGame(ctx, ng)
	if err != nil {
		t.Fatal(err)
	}
	for ply, m := range []string{"a1xb1", "f6xf5"} {
		if g, err = s.RecordMove(ctx, g.ID, ply, m, End{}); err != nil {
			t.Fatal(err)
		}
	}
	if !going {
		if _, err := s.Finish(ctx, g.ID, 2, End{Result: Win, Winner: 0, Reason: ReasonResignation, By: bob.ID}); err != nil {
			t.Fatal(err)
		}
	}
	return g.ID
}

// TestMiningClaims: the finished games of servers are claimed to be mined,
// newest first, each by one of two stores on one database claiming at
// once (two processes); never a direct message's game, one going on, or
// one without moves. A claim held keeps a game from the others until it
// runs out or is released (on SQLite, at the next start); a game mined is
// never claimed again.
func TestMiningClaims(t *testing.T) {
	ctx := context.Background()
	s, clk := mustOpen(t, Options{})
	other, err := Open(ctx, s.URL(), Options{Now: clk.Now, Variants: testVariants})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	server := NewGame{GuildID: "g1", ChannelID: "c"}
	var want []int64
	for range 6 {
		want = append(want, finishedGame(t, s, server, false))
	}
	finishedGame(t, s, NewGame{ChannelID: "dm"}, false) // a direct message's
	finishedGame(t, s, server, true)                    // going on
	empty, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: carol}, {Player: bob}}, GuildID: "g1", ChannelID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Finish(ctx, empty.ID, 0, End{Result: Aborted, Reason: ReasonAdmin, By: bob.ID}); err != nil {
		t.Fatal(err)
	}

	first, ok, err := s.ClaimMining(ctx, time.Minute)
	if err != nil || !ok || first != want[len(want)-1] {
		t.Fatalf("first claim: %d, %v, %v; want the newest, %d", first, ok, err, want[len(want)-1])
	}
	var mu sync.Mutex
	got := []int64{first}
	var wg sync.WaitGroup
	for _, st := range []*Store{s, other} {
		wg.Go(func() {
			for {
				id, ok, err := st.ClaimMining(ctx, time.Minute)
				if err != nil {
					t.Error(err)
				}
				if !ok {
					return
				}
				mu.Lock()
				got = append(got, id)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("claimed %v, want each of %v once", got, want)
	}

	// A claim runs out: its process died. Renewed, it holds.
	if err := s.RenewMining(ctx, first, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	clk.Add(time.Minute + time.Second)
	id, ok, err := other.ClaimMining(ctx, time.Minute)
	if err != nil || !ok || id == first {
		t.Fatalf("after a minute: claimed %d, %v, %v; want another than the renewed %d", id, ok, err, first)
	}
	// Released, it is taken again at once.
	if err := s.ReleaseMining(ctx, first); err != nil {
		t.Fatal(err)
	}
	if again, ok, err := other.ClaimMining(ctx, time.Minute); err != nil || !ok || again != first {
		t.Fatalf("after its release: claimed %d, %v, %v; want %d", again, ok, err, first)
	}
	// A start on SQLite ends every claim (one process uses the file).
	if err := s.ReleaseClaims(ctx); err != nil {
		t.Fatal(err)
	}
	if again, ok, err := s.ClaimMining(ctx, time.Minute); pg == nil && (err != nil || !ok) {
		t.Errorf("after ReleaseClaims: claimed %d, %v, %v", again, ok, err)
	}

	// Mined: never claimed again, and its puzzles are its server's.
	pz := GamePuzzle{ID: "zola-00000000a1", Variant: "zola", Position: "p", Line: []string{"a1xb1", "f6xf5", "b1xc1"}, Seed: 1300,
		Origin: "game #1, ply 4", GuildID: "g1", GameID: first}
	if err := s.SaveGamePuzzles(ctx, first, []GamePuzzle{pz}); err != nil {
		t.Fatal(err)
	}
	// The same position found again in another game stays as it was.
	dup := pz
	dup.GameID, dup.Origin = want[0], "game #2, ply 9"
	if err := s.SaveGamePuzzles(ctx, want[0], []GamePuzzle{dup}); err != nil {
		t.Fatal(err)
	}
	clk.Add(time.Hour)
	for range len(want) {
		if id, ok, err := other.ClaimMining(ctx, time.Minute); err != nil || ok && (id == first || id == want[0]) {
			t.Errorf("claimed %d, %v, %v: a mined game", id, ok, err)
		}
	}
	if mined, n, err := s.MinedGame(ctx, first); err != nil || !mined || n != 1 {
		t.Errorf("MinedGame(%d) = %v, %d, %v", first, mined, n, err)
	}
	if mined, _, err := s.MinedGame(ctx, want[1]); err != nil || mined {
		t.Errorf("MinedGame(%d) = %v, %v: claimed, not mined", want[1], mined, err)
	}
	gps, err := other.GamePuzzles(ctx, "g1", "zola")
	if err != nil || len(gps) != 1 || !reflect.DeepEqual(gps[0], pz) {
		t.Errorf("GamePuzzles = %+v, %v; want %+v", gps, err, pz)
	}
	if gps, err := s.GamePuzzles(ctx, "g2", "zola"); err != nil || len(gps) != 0 {
		t.Errorf("another server's puzzles: %+v, %v", gps, err)
	}
	if got, ok, err := s.GamePuzzle(ctx, "g1", pz.ID); err != nil || !ok || !reflect.DeepEqual(got, pz) {
		t.Errorf("GamePuzzle = %+v, %v, %v", got, ok, err)
	}
	if _, ok, err := s.GamePuzzle(ctx, "g2", pz.ID); err != nil || ok {
		t.Errorf("GamePuzzle in another server = %v, %v", ok, err)
	}
	// A player deleted: the puzzles of their games stay (they name nobody).
	if _, err := s.DeleteUser(ctx, alice.ID, true); err != nil {
		t.Fatal(err)
	}
	if gps, _ := s.GamePuzzles(ctx, "g1", "zola"); len(gps) != 1 {
		t.Errorf("after deleting a player, the server's puzzles are %+v", gps)
	}
}
