package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestDailyTimer: pointing a server's daily puzzle at a channel sets one
// timer for the server, due at once, which Claim hands over with its
// server; pointing it elsewhere keeps that timer; Reschedule sets it for
// the next post; a server the bot left holds it; turning the daily puzzle
// off removes it, and the posts made stay.
func TestDailyTimer(t *testing.T) {
	ctx := context.Background()
	s, clk := mustOpen(t, Options{})
	first := clk.Now()
	if err := s.SetDailyChannel(ctx, DailyChannel{Guild: "g1", Channel: "c1"}, first); err != nil {
		t.Fatal(err)
	}
	if err := s.SetDailyChannel(ctx, DailyChannel{Guild: "g1", Channel: "c2", Variant: "zola"}, first.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if c, err := s.DailyChannel(ctx, "g1"); err != nil || c != (DailyChannel{Guild: "g1", Channel: "c2", Variant: "zola"}) {
		t.Errorf("g1's daily puzzle: %+v, %v; want in c2, zola", c, err)
	}
	for _, bad := range []DailyChannel{{Guild: "g1"}, {Channel: "c1"}} {
		if err := s.SetDailyChannel(ctx, bad, first); !errors.Is(err, ErrInvalid) {
			t.Errorf("SetDailyChannel(%+v): %v; want ErrInvalid", bad, err)
		}
	}
	ts, err := s.Claim(ctx, 10, time.Minute)
	if err != nil || len(ts) != 1 || ts[0].Kind != DailyPuzzle || ts[0].Guild != "g1" || !ts[0].Due.Equal(first) {
		t.Fatalf("claimed %+v, %v; want g1's daily timer, due %v", ts, err, first)
	}
	next := first.Add(12 * time.Hour)
	if err := s.Reschedule(ctx, ts[0], next); err != nil {
		t.Fatal(err)
	}
	if ts, err := s.Claim(ctx, 10, time.Minute); err != nil || len(ts) != 0 {
		t.Errorf("claimed %+v, %v before the next post; want nothing", ts, err)
	}
	if at, ok, err := s.NextDue(ctx); err != nil || !ok || !at.Equal(next) {
		t.Errorf("next due %v %v %v; want %v", at, ok, err, next)
	}
	clk.Add(13 * time.Hour)
	if _, err := s.Leave(ctx, "g1"); err != nil {
		t.Fatal(err)
	}
	if ts, err := s.Claim(ctx, 10, time.Minute); err != nil || len(ts) != 0 {
		t.Errorf("claimed %+v, %v on a server the bot left; want it held", ts, err)
	}
	if _, _, err := s.Return(ctx, "g1"); err != nil {
		t.Fatal(err)
	}
	ts, err = s.Claim(ctx, 10, time.Minute)
	if err != nil || len(ts) != 1 || !ts[0].Due.Equal(next) {
		t.Fatalf("claimed %+v, %v back on the server; want the post due since %v", ts, err, next)
	}
	if _, _, err := s.ClaimDailyPost(ctx, "g1", "2025-03-02", func(DailyChannel, []DailyPost) (string, error) { return "zola-1", nil }); err != nil {
		t.Fatal(err)
	}
	c, ok, err := s.StopDaily(ctx, "g1")
	if err != nil || !ok || c.Channel != "c2" {
		t.Fatalf("StopDaily: %+v %v %v", c, ok, err)
	}
	if _, ok, err := s.StopDaily(ctx, "g1"); err != nil || ok {
		t.Errorf("StopDaily again: %v %v; want nothing to stop", ok, err)
	}
	if _, ok, err := s.NextDue(ctx); err != nil || ok {
		t.Errorf("a timer left after StopDaily (%v)", err)
	}
	if _, err := s.DailyChannel(ctx, "g1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("g1's daily puzzle after StopDaily: %v; want ErrNotFound", err)
	}
	if ps, err := s.DailyPosts(ctx, "g1", 0); err != nil || len(ps) != 1 {
		t.Errorf("posts after StopDaily: %+v, %v; want the one made", ps, err)
	}
	// A deleted channel's daily puzzles are turned off.
	for _, g := range []string{"g2", "g3"} {
		if err := s.SetDailyChannel(ctx, DailyChannel{Guild: g, Channel: "c" + g}, first); err != nil {
			t.Fatal(err)
		}
	}
	if cs, err := s.StopDailyIn(ctx, "cg3"); err != nil || len(cs) != 1 || cs[0].Guild != "g3" {
		t.Errorf("StopDailyIn: %+v, %v; want g3's", cs, err)
	}
	if ts, err := s.Due(ctx, 10); err != nil || len(ts) != 1 || ts[0].Guild != "g2" {
		t.Errorf("due %+v, %v; want g2's timer only", ts, err)
	}
}

// TestDailyClaim: a server's post of a day is claimed once, whoever asks
// and however many at once (two stores on one database, as two processes
// share one): every claim gets the same puzzle, chosen once, from the
// server's posts so far; its message is recorded once.
func TestDailyClaim(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	other, err := Open(ctx, s.URL(), Options{Now: s.now, Variants: testVariants})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, _, err := s.ClaimDailyPost(ctx, "g1", "2025-03-01", nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("a claim for a server without a daily puzzle: %v; want ErrNotFound", err)
	}
	if err := s.SetDailyChannel(ctx, DailyChannel{Guild: "g1", Channel: "c1"}, s.now()); err != nil {
		t.Fatal(err)
	}
	var chosen atomic.Int32
	choose := func(day string) func(DailyChannel, []DailyPost) (string, error) {
		return func(c DailyChannel, past []DailyPost) (string, error) {
			chosen.Add(1)
			return fmt.Sprintf("zola-%s-after-%d", day, len(past)), nil
		}
	}
	var wg sync.WaitGroup
	var fresh atomic.Int32
	got := make([]DailyPost, 8)
	for i := range got {
		st := s
		if i%2 == 1 {
			st = other
		}
		wg.Go(func() {
			p, f, err := st.ClaimDailyPost(ctx, "g1", "2025-03-01", choose("2025-03-01"))
			if err != nil {
				t.Error(err)
			}
			if f {
				fresh.Add(1)
			}
			got[i] = p
		})
	}
	wg.Wait()
	want := DailyPost{Guild: "g1", Day: "2025-03-01", Puzzle: "zola-2025-03-01-after-0", Channel: "c1"}
	for i, p := range got {
		if p != want {
			t.Errorf("claim %d: %+v; want %+v", i, p, want)
		}
	}
	if fresh.Load() != 1 {
		t.Errorf("%d claims were first; want 1", fresh.Load())
	}
	if err := other.DailyPosted(ctx, "g1", "2025-03-01", "m1"); err != nil {
		t.Fatal(err)
	}
	if err := s.DailyPosted(ctx, "g1", "2025-03-01", "m2"); err != nil {
		t.Fatal(err)
	}
	n := chosen.Load()
	p, f, err := s.ClaimDailyPost(ctx, "g1", "2025-03-01", choose("2025-03-01"))
	if want.Message = "m1"; err != nil || f || p != want || chosen.Load() != n {
		t.Errorf("the claim after the post: %+v %v %v; want %+v, chosen before", p, f, err, want)
	}
	// The next day's is chosen knowing the first.
	p, f, err = other.ClaimDailyPost(ctx, "g1", "2025-03-02", choose("2025-03-02"))
	if err != nil || !f || p.Puzzle != "zola-2025-03-02-after-1" {
		t.Errorf("the next day's claim: %+v %v %v", p, f, err)
	}
	if ps, err := s.DailyPosts(ctx, "g1", 1); err != nil || len(ps) != 1 || ps[0].Day != "2025-03-02" {
		t.Errorf("the latest post: %+v, %v", ps, err)
	}
}

// TestDailySolves: an answer counts for the server's latest puzzle only,
// once per person (their first finished try); it goes with the person's
// data, and export-user shows it with their puzzle ratings and attempts.
func TestDailySolves(t *testing.T) {
	ctx := context.Background()
	s, clk := mustOpen(t, Options{})
	if err := s.SetDailyChannel(ctx, DailyChannel{Guild: "g1", Channel: "c1"}, clk.Now()); err != nil {
		t.Fatal(err)
	}
	pick := func(id string) func(DailyChannel, []DailyPost) (string, error) {
		return func(DailyChannel, []DailyPost) (string, error) { return id, nil }
	}
	if _, _, err := s.ClaimDailyPost(ctx, "g1", "2025-03-01", pick("zola-a")); err != nil {
		t.Fatal(err)
	}
	answer := func(p Player, guild, puzzle string, solved bool, want bool) {
		t.Helper()
		clk.Add(time.Minute)
		if ok, err := s.RecordDailySolve(ctx, guild, p, puzzle, solved); err != nil || ok != want {
			t.Errorf("%s's answer to %s in %s: %v, %v; want %v", p.Name, puzzle, guild, ok, err, want)
		}
	}
	answer(alice, "g1", "zola-a", true, true)
	answer(alice, "g1", "zola-a", false, false) // a second try
	answer(bob, "g1", "zola-b", true, false)    // not the day's puzzle
	answer(bob, "g2", "zola-a", true, false)    // not this server's
	answer(bob, "g1", "zola-a", false, true)
	if _, _, err := s.ClaimDailyPost(ctx, "g1", "2025-03-02", pick("zola-c")); err != nil {
		t.Fatal(err)
	}
	answer(carol, "g1", "zola-a", true, false) // yesterday's, after today's claim
	answer(carol, "g1", "zola-c", true, true)
	ds, err := s.DailySolves(ctx, "g1", "2025-03-01")
	if err != nil || len(ds) != 2 || ds[0].Player != alice || !ds[0].Solved || ds[1].Player != bob || ds[1].Solved || ds[0].Puzzle != "zola-a" {
		t.Fatalf("the answers of the first day: %+v, %v; want alice solved, then bob missed", ds, err)
	}
	// A puzzle attempt of alice's, for her exported data.
	rate := func(p, z Glicko, _ bool) (Glicko, Glicko) { return Glicko{R: 1700, RD: 300, Vol: 0.09}, z }
	if _, err := s.RecordPuzzleAttempt(ctx, PuzzleAttempt{Player: alice, Variant: "zola", PuzzleID: "zola-a", Solved: true,
		Seed: Glicko{R: 1200, RD: 300, Vol: 0.09}, New: Glicko{R: 1500, RD: 500, Vol: 0.09}}, rate); err != nil {
		t.Fatal(err)
	}
	u, err := s.User(ctx, alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(u.PuzzleRatings) != 1 || u.PuzzleRatings[0].Variant != "zola" || u.PuzzleRatings[0].Rating.R != 1700 || u.PuzzleRatings[0].Solved != 1 {
		t.Errorf("alice's puzzle ratings: %+v", u.PuzzleRatings)
	}
	if len(u.PuzzleAttempts) != 1 || u.PuzzleAttempts[0] != (PuzzleTry{Puzzle: "zola-a", Variant: "zola", Solved: true, RatingBefore: 1500, RatingAfter: 1700, At: u.PuzzleAttempts[0].At}) {
		t.Errorf("alice's puzzle attempts: %+v", u.PuzzleAttempts)
	}
	if len(u.DailyAnswers) != 1 || u.DailyAnswers[0].Day != "2025-03-01" || !u.DailyAnswers[0].Solved || u.DailyAnswers[0].Guild != "g1" {
		t.Errorf("alice's daily answers: %+v", u.DailyAnswers)
	}
	d, err := s.DeleteUser(ctx, alice.ID, true)
	if err != nil || d.DailyAnswers != 1 || d.Puzzles != 1 {
		t.Fatalf("deletion: %+v, %v; want 1 daily answer and 1 puzzle attempt deleted", d, err)
	}
	ds, err = s.DailySolves(ctx, "g1", "2025-03-01")
	if err != nil || len(ds) != 1 || ds[0].Player != bob {
		t.Errorf("the answers after alice's deletion: %+v, %v; want bob's only", ds, err)
	}
	if ps, err := s.DailyPosts(ctx, "g1", 0); err != nil || len(ps) != 2 {
		t.Errorf("the posts after alice's deletion: %+v, %v; want both kept", ps, err)
	}
}
