package main

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/rules"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/store/pgtest"
)

// postgres starts a throwaway PostgreSQL server for the test and returns
// the URL of an empty database on it.
func postgres(t *testing.T) string {
	t.Helper()
	srv, err := pgtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Stop() })
	u, err := srv.URL()
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestMigrateDB copies a SQLite database with games going and finished,
// ratings, a challenge and a tournament into PostgreSQL, as the README
// says: the copy is checked, the bot's next game gets a new number, and a
// second copy into the same database is refused.
func TestMigrateDB(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "zugbot.db")
	opts := store.Options{Variants: games.All()}
	s, err := store.Open(ctx, path, opts)
	if err != nil {
		t.Fatal(err)
	}
	ada, bob := store.Player{ID: "1", Name: "Ada"}, store.Player{ID: "2", Name: "Bob"}
	var last int64
	for i, v := range []string{"zola", "zamma", "zonal", "zodiac"} {
		g, err := s.CreateGame(ctx, store.NewGame{Variant: v, Seats: [2]store.Seat{{Player: ada}, {Player: bob}}, GuildID: "g", ChannelID: "c", Rated: true, DaysPerMove: 3})
		if err != nil {
			t.Fatal(err)
		}
		for ply := range 3 + i {
			st, err := s.Load(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			ms := st.Position.Moves(nil)
			if len(ms) == 0 {
				break
			}
			if g, err = s.RecordMove(ctx, g.ID, ply, st.Position.FormatMove(ms[len(ms)/2]), store.End{}); err != nil {
				t.Fatal(err)
			}
		}
		if i%2 == 0 {
			if _, err := s.Finish(ctx, g.ID, g.Ply, store.End{Result: store.Win, Winner: 0, Reason: store.ReasonResignation, By: bob.ID}); err != nil {
				t.Fatal(err)
			}
		}
		last = g.ID
	}
	if _, err := s.CreateChallenge(ctx, store.NewChallenge{Challenger: ada, Variant: "zola", Rated: true, DaysPerMove: 3, GuildID: "g", ChannelID: "c"}); err != nil {
		t.Fatal(err)
	}
	tr, err := s.CreateTournament(ctx, store.NewTournament{GuildID: "g", ChannelID: "c", Creator: ada, Variant: "zola", Format: store.Swiss, Rounds: 1, DaysPerMove: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.JoinTournament(ctx, tr.ID, bob); err != nil {
		t.Fatal(err)
	}
	// A puzzle attempt, with the ratings it moved.
	keep := func(p, z store.Glicko, _ bool) (store.Glicko, store.Glicko) {
		return store.Glicko{R: 1600, RD: 300, Vol: 0.09}, z
	}
	if _, err := s.RecordPuzzleAttempt(ctx, store.PuzzleAttempt{Player: ada, Variant: "zola", PuzzleID: "zola-1", Solved: true,
		Seed: store.Glicko{R: 1200, RD: 300, Vol: 0.09}, New: store.Glicko{R: 1500, RD: 500, Vol: 0.09}}, keep); err != nil {
		t.Fatal(err)
	}
	// A daily puzzle, posted, with Ada's answer.
	if err := s.SetDailyChannel(ctx, store.DailyChannel{Guild: "g", Channel: "c", Variant: "zola"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.ClaimDailyPost(ctx, "g", "2026-11-28", func(store.DailyChannel, []store.DailyPost) (string, error) { return "zola-1", nil }); err != nil {
		t.Fatal(err)
	}
	if err := s.DailyPosted(ctx, "g", "2026-11-28", "m1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordDailySolve(ctx, "g", ada, "zola-1", true); err != nil {
		t.Fatal(err)
	}
	// Where the bot shows the last game: its board in a thread.
	if err := s.SetPost(ctx, store.PostedGame, last, "t1", "m1"); err != nil {
		t.Fatal(err)
	}
	// A puzzle found in the server's first game (finished), which is mined.
	found := store.GamePuzzle{ID: "zola-00000000ab", Variant: "zola", Position: "x", Line: []string{"a1xb1"}, Seed: 1200,
		Origin: "game #1, ply 0", GuildID: "g", GameID: 1}
	if err := s.SaveGamePuzzles(ctx, 1, []store.GamePuzzle{found}); err != nil {
		t.Fatal(err)
	}
	s.Close()

	url := postgres(t)
	code, stdout, stderr := zugbot(t, "migrate-db", "-from", path, "-to", url)
	if code != 0 {
		t.Fatalf("migrate-db: exit %d, %s%s", code, stdout, stderr)
	}
	for _, want := range []string{"players     2", "games       4", "challenges  1", "tournaments 1", "4 games replayed to the same position"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("migrate-db says:\n%s\nwant %q", stdout, want)
		}
	}
	pg, err := store.Open(ctx, url, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	st, err := pg.Load(ctx, last)
	if err != nil || st.Game.Seats[1].Name != "Bob" || st.Game.Ply != 6 {
		t.Fatalf("the last game in PostgreSQL: %+v at %s, %v", st.Game, engine.String(st.Position), err)
	}
	if p, err := pg.Post(ctx, store.PostedGame, last); err != nil || p.Thread != "t1" || p.Message != "m1" {
		t.Errorf("the last game's board in PostgreSQL: %+v, %v; want m1 in thread t1", p, err)
	}
	r, err := pg.Rating(ctx, ada.ID, "zola")
	if err != nil || r.Games != 1 || r.Rating <= rules.InitialRating {
		t.Errorf("Ada's rating in PostgreSQL: %+v, %v", r, err)
	}
	if pr, n, err := pg.PuzzlePlayer(ctx, ada.ID, "zola", store.Glicko{}); err != nil || n != 1 || pr.R != 1600 {
		t.Errorf("Ada's puzzle rating in PostgreSQL: %+v after %d, %v", pr, n, err)
	}
	if c, err := pg.DailyChannel(ctx, "g"); err != nil || c.Channel != "c" || c.Variant != "zola" {
		t.Errorf("the daily puzzle in PostgreSQL: %+v, %v", c, err)
	}
	if ps, err := pg.DailyPosts(ctx, "g", 0); err != nil || len(ps) != 1 || ps[0].Message != "m1" {
		t.Errorf("the daily posts in PostgreSQL: %+v, %v", ps, err)
	}
	if ds, err := pg.DailySolves(ctx, "g", "2026-11-28"); err != nil || len(ds) != 1 || ds[0].Player != ada || !ds[0].Solved {
		t.Errorf("the daily answers in PostgreSQL: %+v, %v", ds, err)
	}
	if ts, err := pg.Due(ctx, 100); err != nil || !slices.ContainsFunc(ts, func(tk store.Task) bool { return tk.Kind == store.DailyPuzzle && tk.Guild == "g" }) {
		t.Errorf("the daily puzzle's timer in PostgreSQL: not among the due %+v (%v)", ts, err)
	}
	if got, ok, err := pg.GamePuzzle(ctx, "g", found.ID); err != nil || !ok || !reflect.DeepEqual(got, found) {
		t.Errorf("the server's puzzle in PostgreSQL: %+v, %v, %v; want %+v", got, ok, err, found)
	}
	if mined, n, err := pg.MinedGame(ctx, 1); err != nil || !mined || n != 1 {
		t.Errorf("game 1 in PostgreSQL: mined %v with %d puzzles, %v", mined, n, err)
	}
	g, err := pg.CreateGame(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: bob}, {AI: 1}}})
	if err != nil || g.ID != last+1 {
		t.Errorf("the next game in PostgreSQL: #%d, %v; want #%d", g.ID, err, last+1)
	}
	code, _, stderr = zugbot(t, "migrate-db", "-from", path, "-to", url)
	if code == 0 || !strings.Contains(stderr, "already holds players or games") {
		t.Errorf("a second copy: exit %d, %q", code, stderr)
	}
	code, _, stderr = zugbot(t, "migrate-db", "-from", path)
	if code != 2 || !strings.Contains(stderr, "-to is required") {
		t.Errorf("no -to: exit %d, %q", code, stderr)
	}
	missing := filepath.Join(t.TempDir(), "nothere.db")
	code, _, stderr = zugbot(t, "migrate-db", "-from", missing, "-to", url)
	if code != 2 || !strings.Contains(stderr, "-from "+missing+": no such file or directory") {
		t.Errorf("-from a missing file: exit %d, %q; want 2, a mistake on the command line", code, stderr)
	}

	// One game is one game.
	one := filepath.Join(t.TempDir(), "one.db")
	newGameDB(t, one)
	code, stdout, stderr = zugbot(t, "migrate-db", "-from", one, "-to", postgres(t))
	if code != 0 || !strings.Contains(stdout, "; 1 game replayed to the same position") {
		t.Errorf("migrate-db of one game: exit %d, %q %q", code, stdout, stderr)
	}
}
