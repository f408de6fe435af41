package table_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/zugbot/zugbot/puzzle"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// dailyRecorder is an Announcer that keeps the daily puzzles it is given
// to post, and posts nothing else.
type dailyRecorder struct{ posts []table.DailyPuzzle }

func (*dailyRecorder) TimedOut(context.Context, table.Update) error          { return nil }
func (*dailyRecorder) Remind(context.Context, store.State, store.Seat) error { return nil }
func (*dailyRecorder) Expired(context.Context, store.Challenge) error        { return nil }
func (*dailyRecorder) Stepped(context.Context, table.Step) error             { return nil }
func (*dailyRecorder) Analysed(context.Context, table.Analysis) error        { return nil }
func (*dailyRecorder) Final(error) bool                                      { return false }
func (r *dailyRecorder) DailyPuzzle(_ context.Context, d table.DailyPuzzle) (string, error) {
	r.posts = append(r.posts, d)
	return fmt.Sprintf("m%d", len(r.posts)), nil
}

// TestDailyPuzzleChoice runs the daily puzzles of two servers for 40 days
// on two services, each on a database of its own, as two processes that
// share nothing: they choose the same puzzles. A server of one game gets
// a new puzzle each day; a server of every game gets the games in turn;
// each post names the one before it, and when the next is due.
func TestDailyPuzzleChoice(t *testing.T) {
	const days = 40
	var runs [2][]table.DailyPuzzle
	for i := range runs {
		// Each with a random source of its own: the choice may not use it.
		f := newFixture(t, func(c *table.Config) { c.Seed = uint64(i + 1) })
		if _, err := f.tab.SetDailyPuzzle(f.ctx, "g1", "c1", ""); err != nil {
			t.Fatal(err)
		}
		if _, err := f.tab.SetDailyPuzzle(f.ctx, "g2", "c2", "zamma"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.tab.SetDailyPuzzle(f.ctx, "g3", "c3", "zola4"); err == nil {
			t.Error("a daily puzzle of a game without puzzles was set")
		}
		rec := &dailyRecorder{}
		for day := range days {
			f.tab.RunDue(f.ctx, rec, table.TimerOptions{})
			f.tab.RunDue(f.ctx, rec, table.TimerOptions{}) // nothing more is due
			if day == 0 {
				f.clock.Add(12 * time.Hour) // from 12:00 to the next 00:00
			} else {
				f.clock.Add(24 * time.Hour)
			}
		}
		runs[i] = rec.posts
	}
	if len(runs[0]) != 2*days || len(runs[1]) != len(runs[0]) {
		t.Fatalf("%d and %d posts; want %d each", len(runs[0]), len(runs[1]), 2*days)
	}
	seen := map[string]map[string]bool{}
	games := map[string][]string{}
	for i, d := range runs[0] {
		if o := runs[1][i]; o.Post != d.Post {
			t.Errorf("post %d: %+v in one process, %+v in the other", i, d.Post, o.Post)
		}
		g := d.Post.Guild
		if seen[g] == nil {
			seen[g] = map[string]bool{}
		}
		if seen[g][d.Post.Puzzle] {
			t.Errorf("server %s: puzzle %s posted twice", g, d.Post.Puzzle)
		}
		seen[g][d.Post.Puzzle] = true
		pz, ok := puzzle.ByID(d.Post.Puzzle)
		if !ok || d.View.Puzzle.ID != pz.ID || d.View.Ply != 0 {
			t.Fatalf("post %+v shows %s at ply %d", d.Post, d.View.Puzzle.ID, d.View.Ply)
		}
		games[g] = append(games[g], pz.Variant)
		at, _ := time.Parse(time.DateOnly, d.Post.Day)
		if want := at.AddDate(0, 0, 1); !d.Next.Equal(want) {
			t.Errorf("post %+v: the next due %v; want %v", d.Post, d.Next, want)
		}
		if prev := d.Previous.Day; (prev == "") != (d.Post.Day == "2026-03-01") || prev != "" && prev != at.AddDate(0, 0, -1).Format(time.DateOnly) {
			t.Errorf("post %+v: the one before is of %q", d.Post, prev)
		}
	}
	for i, v := range games["g2"] {
		if v != "zamma" {
			t.Errorf("server g2's post %d: %s; want zamma", i, v)
		}
	}
	var turn []string // the games with puzzles, in menu order
	for _, v := range newFixture(t).tab.PuzzleVariants() {
		turn = append(turn, v.ID)
	}
	if len(turn) < 2 {
		t.Fatalf("the games with puzzles: %v; want two at least, to take turns", turn)
	}
	for i := 1; i < len(games["g1"]); i++ {
		if slices.Index(turn, games["g1"][i]) != (slices.Index(turn, games["g1"][i-1])+1)%len(turn) {
			t.Fatalf("server g1's games: %v; want %v in turn", games["g1"], turn)
		}
	}
}

// TestNextDailyPost checks the hours of the daily puzzle: the day's
// puzzle is that of the UTC date, and the next is due at the next 00:00.
func TestNextDailyPost(t *testing.T) {
	for _, tt := range []struct {
		now       time.Time
		day, next string
	}{
		{time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC), "2026-11-28", "2026-11-29T00:00:00Z"},
		{time.Date(2026, 11, 28, 23, 59, 59, 0, time.UTC), "2026-11-28", "2026-11-29T00:00:00Z"},
		{time.Date(2026, 12, 31, 12, 0, 0, 0, time.UTC), "2026-12-31", "2027-01-01T00:00:00Z"},
		{time.Date(2026, 11, 28, 20, 0, 0, 0, time.FixedZone("UTC-5", -5*3600)), "2026-11-29", "2026-11-30T00:00:00Z"},
	} {
		if got := table.DailyDay(tt.now); got != tt.day {
			t.Errorf("DailyDay(%v) = %s; want %s", tt.now, got, tt.day)
		}
		if got := table.NextDailyPost(tt.now).Format(time.RFC3339); got != tt.next {
			t.Errorf("NextDailyPost(%v) = %s; want %s", tt.now, got, tt.next)
		}
	}
}
