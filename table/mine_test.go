package table_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/puzzle"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// zolaBlunders is a game of Zola between two beginners (self-play at
// levels 1 and 2) with a mistake that makes a puzzle not in the shipped
// set.
var zolaBlunders = []string{"e3xd3", "a4xa3", "f2xf3", "a6xa5", "b6xa5", "f1xe1", "f6xe6", "f5xe6", "c5xd5", "b5xb4",
	"d6xc6", "c2xd2", "a1xb1", "a3xb2", "b1xa2", "e4xd3", "c1xb2", "d3xc3", "c6-b6", "e6xe5", "d4xc3", "d2xd5", "a2xb3",
	"e2xb2", "b3-a3", "b2-b1", "f3xd1", "b1xd1", "b6xb4", "e5-f6", "a5xd5", "c4-b3", "b4-a5", "d1xd5", "a5xd5", "b3xd5",
	"c3-b3", "d5-d6", "b3-a4", "f6xf4", "a3xd6", "f4xd6", "a4-a5", "d6-e6", "a5xe1", "e6xe1"}

// playServerGame plays zolaBlunders between alice and bob to its end in
// f's table, in guild (a direct message's game when ""), and returns the
// game's number.
func playServerGame(f *fixture, guild string) int64 {
	f.t.Helper()
	channel := "dm"
	if guild != "" {
		channel = "c"
	}
	u, err := f.tab.Start(f.ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{person(alice), person(bob)},
		GuildID: guild, ChannelID: channel, DaysPerMove: 1})
	if err != nil {
		f.t.Fatal(err)
	}
	id := u.State.Game.ID
	for i, m := range zolaBlunders {
		u = f.play(id, []store.Player{alice, bob}[i%2], m)
	}
	if !u.State.Game.Over() {
		f.t.Fatalf("game %d goes on after its %d moves", id, len(zolaBlunders))
	}
	return id
}

// minedByHand returns the puzzles "zugbot mine-puzzles" finds in
// zolaBlunders, but for those shipped, as game id.
func minedByHand(t *testing.T, id int64) []puzzle.Puzzle {
	t.Helper()
	p := zola.Zola.Start()
	var moves []engine.Move
	for _, s := range zolaBlunders {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p.Do(m)
	}
	m := puzzle.NewMiner(zola.Zola, puzzle.Deep)
	shipped, err := puzzle.Set("zola")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Skip(shipped); err != nil {
		t.Fatal(err)
	}
	var found []puzzle.Puzzle
	m.Found = func(pz puzzle.Puzzle) { found = append(found, pz) }
	if err := m.Game(context.Background(), zola.Zola.Start(), moves, fmt.Sprintf("game #%d", id)); err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 {
		t.Fatal("the test's game yields no puzzle: the search changed; choose another game")
	}
	return found
}

// TestPuzzlesFromServerGames: a server's finished game is mined once, as
// mine-puzzles mines self-play, and its puzzles are offered to the
// server's members there, and nowhere else; a direct message's game is
// never mined. A member who has tried every shipped puzzle is given the
// server's, and their attempt is rated.
func TestPuzzlesFromServerGames(t *testing.T) {
	f := newFixture(t)
	ctx := f.ctx
	server := playServerGame(f, "g1")
	dm := playServerGame(f, "")
	n, err := f.tab.MinePuzzles(ctx)
	if err != nil || n != 1 {
		t.Fatalf("MinePuzzles = %d, %v; want the server's game", n, err)
	}
	if n, err := f.tab.MinePuzzles(ctx); err != nil || n != 0 {
		t.Errorf("MinePuzzles again = %d, %v; want nothing to mine", n, err)
	}
	want := minedByHand(t, server)
	got, err := f.st.GamePuzzles(ctx, "g1", "zola")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("stored %d puzzles %+v, want %d: %+v", len(got), got, len(want), want)
	}
	for i, gp := range got {
		if w := want[i]; gp.ID != w.ID || gp.Position != w.Position || !slices.Equal(gp.Line, w.Line) || gp.Seed != w.Seed ||
			gp.Origin != w.Origin || gp.GameID != server || gp.GuildID != "g1" {
			t.Errorf("puzzle %d: stored %+v, want %+v from game %d", i, gp, w, server)
		}
	}
	if mined, n, err := f.st.MinedGame(ctx, server); err != nil || !mined || n != len(want) {
		t.Errorf("the server's game: mined %v with %d puzzles, %v", mined, n, err)
	}
	if mined, _, err := f.st.MinedGame(ctx, dm); err != nil || mined {
		t.Errorf("the direct message's game: mined %v, %v", mined, err)
	}

	member := table.Solver{Player: carol, Guild: "g1"}
	outsiders := []table.Solver{{Player: carol, Guild: "g2"}, {Player: carol}, {}}
	for _, gp := range got {
		pz := puzzle.Puzzle{ID: gp.ID}
		if pv, err := f.tab.Puzzle(ctx, member, gp.ID, 0); err != nil || pv.Puzzle.Origin != gp.Origin || pv.Rating.R != float64(gp.Seed) {
			t.Errorf("%s for a member: %+v, %v", gp.ID, pv, err)
		}
		if id, err := f.tab.PuzzleByNumber(ctx, member, pz.Number()); err != nil || id != gp.ID {
			t.Errorf("%s by its number for a member: %q, %v", gp.ID, id, err)
		}
		for _, o := range outsiders {
			if _, err := f.tab.Puzzle(ctx, o, gp.ID, 0); !isRefusal(err, table.NoPuzzle) {
				t.Errorf("%s for %+v: %v, want no such puzzle", gp.ID, o, err)
			}
			if _, err := f.tab.PuzzleByNumber(ctx, o, pz.Number()); !isRefusal(err, table.NoPuzzle) {
				t.Errorf("%s by its number for %+v: %v, want no such puzzle", gp.ID, o, err)
			}
		}
	}

	// carol has tried every shipped puzzle: the server's are left to her.
	shipped, err := puzzle.Set("zola")
	if err != nil {
		t.Fatal(err)
	}
	same := func(p, z store.Glicko, _ bool) (store.Glicko, store.Glicko) { return p, z }
	for _, pz := range shipped {
		if _, err := f.st.RecordPuzzleAttempt(ctx, store.PuzzleAttempt{Player: carol, Variant: "zola", PuzzleID: pz.ID,
			Seed: store.Glicko{R: 1500, RD: 300, Vol: 0.09}, New: store.Glicko{R: 1500, RD: 500, Vol: 0.09}}, same); err != nil {
			t.Fatal(err)
		}
	}
	for _, o := range outsiders[:2] {
		if _, err := f.tab.NextPuzzle(ctx, o, "zola"); !isRefusal(err, table.PuzzlesDone) {
			t.Errorf("the next puzzle for %+v: %v, want all tried", o, err)
		}
	}
	pv, err := f.tab.NextPuzzle(ctx, member, "zola")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(got, func(gp store.GamePuzzle) bool { return gp.ID == pv.Puzzle.ID }) {
		t.Fatalf("the next puzzle for a member is %s, not one of the server's", pv.Puzzle.ID)
	}
	for ply := 0; ; {
		res, err := f.tab.TryPuzzle(ctx, member, pv.Puzzle.ID, ply, pv.Puzzle.Line[ply])
		if err != nil || !res.Correct {
			t.Fatalf("the line's move %d: %+v, %v", ply, res, err)
		}
		if res.Solved {
			if !res.Rated || res.After.R <= res.Before.R {
				t.Errorf("solved: %+v", res)
			}
			break
		}
		ply = res.Next
	}
}

// isRefusal reports whether err is a refusal for reason.
func isRefusal(err error, reason table.Reason) bool {
	var r *table.Refusal
	return errors.As(err, &r) && r.Reason == reason
}

// TestMiningAfterRestart: a server's game that ended while nobody mined
// (the process stopped first), and one whose mining was under way when its
// process died (its claim held), are both mined by the next start's timer
// loop; a game of a variant the new start does not know is set aside
// (mined, with nothing found) rather than tried again and again; a game
// that ends while the loop runs is mined at once.
func TestMiningAfterRestart(t *testing.T) {
	f := newFixture(t)
	unknown, err := f.st.CreateGame(f.ctx, store.NewGame{Variant: "zola4", Seats: [2]store.Seat{person(alice), person(bob)}, GuildID: "g1", ChannelID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	for ply := range 2 {
		st, err := f.st.Load(f.ctx, unknown.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.st.RecordMove(f.ctx, unknown.ID, ply, st.Position.FormatMove(st.Position.Moves(nil)[0]), store.End{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.st.Finish(f.ctx, unknown.ID, 2, store.End{Result: store.Win, Winner: 0, Reason: store.ReasonResignation, By: bob.ID}); err != nil {
		t.Fatal(err)
	}
	ended := playServerGame(f, "g1")
	dying := playServerGame(f, "g1")
	if id, ok, err := f.st.ClaimMining(f.ctx, time.Hour); err != nil || !ok || id != dying {
		t.Fatalf("a claim as the dying process's: %d, %v, %v; want %d", id, ok, err, dying)
	}
	url := f.st.URL()
	f.tab.Close()
	f.st.Close() // the process stops (closed again, harmlessly, at the test's end)

	// The next start, on the same file.
	st, err := store.Open(f.ctx, url, store.Options{Now: f.clock.Now, Variants: []*engine.Variant{zola.Zola}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tab, err := table.New(table.Config{Store: st, Variants: []*engine.Variant{zola.Zola}, Now: f.clock.Now, MinePuzzles: true})
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	ctx, cancel := context.WithCancel(f.ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		tab.RunTimers(ctx, nil, table.TimerOptions{Interval: time.Hour}, nil)
	}()
	// mined waits for game id to be mined, until wait has passed.
	mined := func(id int64, wait time.Duration, when string) {
		t.Helper()
		deadline := time.Now().Add(wait)
		for {
			mined, _, err := st.MinedGame(f.ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if mined {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("game %d is not mined %s", id, when)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	mined(ended, 5*time.Minute, "after the restart")
	mined(dying, 5*time.Minute, "after the restart")
	mined(unknown.ID, 5*time.Minute, "though its variant is unknown")
	// A game that ends now wakes the miner: it does not wait for its
	// minute's look.
	g := &fixture{t: t, ctx: f.ctx, st: st, tab: tab, clock: f.clock}
	mined(playServerGame(g, "g1"), 45*time.Second, "45 s after it ended")
	cancel()
	<-done
	gps, err := st.GamePuzzles(f.ctx, "g1", "zola")
	if err != nil || len(gps) != len(minedByHand(t, ended)) {
		t.Errorf("the server's puzzles: %d, %v", len(gps), err)
	}
}
