package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

func TestAdminCommands(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "zugbot.db")
	s, err := store.Open(ctx, db, store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	ada, bea := store.Player{ID: "111", Name: "Ada"}, store.Player{ID: "222", Name: "Bea"}
	g, err := s.CreateGame(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: ada}, {Player: bea}}, Rated: true, GuildID: "9", ChannelID: "8"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Finish(ctx, g.ID, 0, store.End{Result: store.Win, Winner: 1, Reason: store.ReasonResignation, By: ada.ID}); err != nil {
		t.Fatal(err)
	}
	// Ada answered server 9's daily puzzle, a rated first attempt.
	if err := s.SetDailyChannel(ctx, store.DailyChannel{Guild: "9", Channel: "8"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.ClaimDailyPost(ctx, "9", "2026-11-28", func(store.DailyChannel, []store.DailyPost) (string, error) { return "zola-1", nil }); err != nil {
		t.Fatal(err)
	}
	up := func(p, z store.Glicko, _ bool) (store.Glicko, store.Glicko) {
		return store.Glicko{R: 1700, RD: 300, Vol: 0.09}, z
	}
	if _, err := s.RecordPuzzleAttempt(ctx, store.PuzzleAttempt{Player: ada, Variant: "zola", PuzzleID: "zola-1", Solved: true,
		Seed: store.Glicko{R: 1200, RD: 300, Vol: 0.09}, New: store.Glicko{R: 1500, RD: 500, Vol: 0.09}}, up); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.RecordDailySolve(ctx, "9", ada, "zola-1", true); err != nil || !ok {
		t.Fatalf("Ada's daily answer: %v %v", ok, err)
	}
	s.Close() // the commands work on the file, as on a live bot's

	code, out, errOut := zugbot(t, "admin", "export-user", "-db", db, "-user", ada.ID)
	var u store.UserData
	if code != 0 || json.Unmarshal([]byte(out), &u) != nil || u.Player.Name != "Ada" || len(u.Games) != 1 || len(u.Ratings) != 1 {
		t.Fatalf("export-user: exit %d, %q, %q", code, out, errOut)
	}
	if len(u.PuzzleRatings) != 1 || u.PuzzleRatings[0].Rating.R != 1700 || len(u.PuzzleAttempts) != 1 || u.PuzzleAttempts[0].Puzzle != "zola-1" ||
		len(u.DailyAnswers) != 1 || !u.DailyAnswers[0].Solved || u.DailyAnswers[0].Day != "2026-11-28" {
		t.Errorf("export-user's puzzles: ratings %+v, attempts %+v, daily answers %+v", u.PuzzleRatings, u.PuzzleAttempts, u.DailyAnswers)
	}
	code, out, _ = zugbot(t, "admin", "reset-ratings", "-db", db, "-game", "zola")
	if code != 0 || !strings.HasPrefix(out, "Would reset 2 ratings of everyone in zola to 1500.") || !strings.Contains(out, "run again with -yes") {
		t.Errorf("reset-ratings dry run: exit %d, %q", code, out)
	}
	code, out, _ = zugbot(t, "admin", "reset-ratings", "-db", db, "-user", bea.ID, "-yes")
	if code != 0 || out != "Reset 1 rating of user 222 in every game to 1500.\n" {
		t.Errorf("reset-ratings: exit %d, %q", code, out)
	}
	code, out, _ = zugbot(t, "admin", "delete-user", "-db", db, "-user", ada.ID)
	if code != 0 || !strings.HasPrefix(out, "Would delete user 111: their name, 1 server membership, 1 rating, 1 puzzle attempt, 1 daily puzzle answer and 0 challenges; 0 games going on aborted; 1 finished game kept") {
		t.Errorf("delete-user dry run: exit %d, %q", code, out)
	}
	code, out, _ = zugbot(t, "admin", "delete-user", "-db", db, "-user", ada.ID, "-yes")
	if code != 0 || !strings.HasPrefix(out, "Deleted user 111:") {
		t.Errorf("delete-user: exit %d, %q", code, out)
	}
	code, _, errOut = zugbot(t, "admin", "export-user", "-db", db, "-user", ada.ID)
	if code != 1 || !strings.Contains(errOut, "holds nothing about user 111") {
		t.Errorf("export-user after the deletion: exit %d, %q", code, errOut)
	}
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"admin"}, 2, "a command is required: export-user, delete-user, reset-ratings"},
		{[]string{"admin", "drop-tables"}, 2, "unknown admin command"},
		{[]string{"admin", "delete-user", "-db", db}, 2, "-user is required"},
		{[]string{"admin", "reset-ratings", "-db", db, "-game", "go"}, 2, "unknown game"},
		{[]string{"admin", "export-user", "-db", filepath.Join(t.TempDir(), "none.db"), "-user", "1"}, 2, "no database at"},
		// An unknown person is an error for both, with the same status:
		// the ID is likely mistyped, and a script must not take it for a
		// deletion done.
		{[]string{"admin", "export-user", "-db", db, "-user", "999"}, 1, "zugbot holds nothing about user 999"},
		{[]string{"admin", "delete-user", "-db", db, "-user", "999"}, 1, "zugbot holds nothing about user 999"},
		{[]string{"admin", "delete-user", "-db", db, "-user", "999", "-yes"}, 1, "zugbot holds nothing about user 999"},
	} {
		code, _, errOut := zugbot(t, tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.want) {
			t.Errorf("zugbot %s: exit %d, %q; want %d and %q", strings.Join(tt.args, " "), code, errOut, tt.code, tt.want)
		}
	}
}

// TestAdminOnPostgres: the admin commands take a PostgreSQL URL as -db,
// as their usage says, not only a file.
func TestAdminOnPostgres(t *testing.T) {
	ctx := context.Background()
	url := postgres(t)
	s, err := store.Open(ctx, url, store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	ada := store.Player{ID: "111", Name: "Ada"}
	if _, err := s.CreateGame(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: ada}, {AI: 1}}}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	code, out, errOut := zugbot(t, "admin", "export-user", "-db", url, "-user", ada.ID)
	var u store.UserData
	if code != 0 || json.Unmarshal([]byte(out), &u) != nil || u.Player.Name != "Ada" || len(u.Games) != 1 {
		t.Fatalf("export-user on PostgreSQL: exit %d, %q, %q", code, out, errOut)
	}
}
