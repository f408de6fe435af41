package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/zugbot/zugbot/rules"
)

var blitz = Clock{Base: 5 * time.Minute, Increment: 3 * time.Second}

// TestLiveClock plays a live game: each move stops the mover's clock, less
// the time it ran, plus the increment, and starts the other's; the
// deadline is when the running clock runs out.
func TestLiveClock(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, Rated: true, Clock: blitz})
	if err != nil {
		t.Fatal(err)
	}
	if g.Left != [2]time.Duration{blitz.Base, blitz.Base} || g.ClockSide != 0 || !g.Deadline.Equal(c.Now().Add(blitz.Base)) {
		t.Fatalf("new live game: left %v, side %d, deadline %v", g.Left, g.ClockSide, g.Deadline)
	}
	c.Add(10 * time.Second)
	if got := g.TimeLeft(0, c.Now()); got != blitz.Base-10*time.Second {
		t.Errorf("after 10 s, Red has %v", got)
	}
	if got := g.TimeLeft(1, c.Now()); got != blitz.Base {
		t.Errorf("after 10 s, Blue (not to move) has %v", got)
	}
	g, err = s.RecordMove(ctx, g.ID, 0, "a1xb1", End{})
	if err != nil {
		t.Fatal(err)
	}
	if want := blitz.Base - 10*time.Second + blitz.Increment; g.Left[0] != want || g.ClockSide != 1 || !g.Deadline.Equal(c.Now().Add(blitz.Base)) {
		t.Errorf("after Red's move: left %v (want %v for Red), side %d, deadline %v", g.Left, want, g.ClockSide, g.Deadline)
	}
	// Stored as shown.
	if got, _ := s.Game(ctx, g.ID); got.Left != g.Left || got.ClockSide != 1 || !got.ClockAt.Equal(c.Now()) {
		t.Errorf("stored clock %v %d %v, want %v 1 %v", got.Left, got.ClockSide, got.ClockAt, g.Left, c.Now())
	}
	c.Add(20 * time.Second)
	if g, err = s.RecordMove(ctx, g.ID, 1, "f6xf5", End{}); err != nil {
		t.Fatal(err)
	}
	if want := blitz.Base - 20*time.Second + blitz.Increment; g.Left[1] != want || g.ClockSide != 0 {
		t.Errorf("after Blue's move: left %v (want %v for Blue), side %d", g.Left, want, g.ClockSide)
	}
	// Red's flag falls: a late move is refused and changes nothing; the
	// deadline ends the game on time, and the clock shows 0.
	c.Add(g.Left[0] + time.Second)
	if _, err := s.RecordMove(ctx, g.ID, 2, "c1xd1", End{}); !errors.Is(err, ErrFlagFell) {
		t.Fatalf("a move after the flag fell: %v, want ErrFlagFell", err)
	}
	if got, _ := s.Game(ctx, g.ID); got.Ply != 2 {
		t.Fatalf("the refused move was recorded: ply %d", got.Ply)
	}
	tasks, err := s.Due(ctx, 10)
	if err != nil || len(tasks) != 1 || tasks[0].Kind != Deadline {
		t.Fatalf("due timers %+v, %v; want the clock's deadline alone (no reminder)", tasks, err)
	}
	if g, err = s.TimeOut(ctx, tasks[0], 0); err != nil {
		t.Fatal(err)
	}
	if g.Result != Win || g.Winner != 1 || g.Reason != ReasonTimeout || g.Left[0] != 0 || g.Left[1] != blitz.Base-20*time.Second+blitz.Increment {
		t.Errorf("after the flag: %v, winner %d, %q, clocks %v", g.Result, g.Winner, g.Reason, g.Left)
	}
}

// TestLiveRatingsApart checks that a rated live game counts for the live
// ratings of its variant, not the correspondence ones.
func TestLiveRatingsApart(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, Rated: true, Clock: blitz})
	if err != nil {
		t.Fatal(err)
	}
	if g, err = s.Finish(ctx, g.ID, 0, End{Result: Win, Winner: 0, Reason: ReasonResignation, By: bob.ID}); err != nil || len(g.Changes) != 2 {
		t.Fatalf("finish: %v, changes %v", err, g.Changes)
	}
	live, _ := s.Rating(ctx, alice.ID, "zola"+LiveRatings)
	corr, _ := s.Rating(ctx, alice.ID, "zola")
	if live.Games != 1 || live.Rating <= rules.InitialRating || corr.Games != 0 || corr.Rating != rules.InitialRating {
		t.Errorf("live rating %+v, correspondence %+v; want the game in the live one only", live, corr)
	}
}

// TestResumeClocks checks that the time the bot was down is given back
// to the players of live games, and that a running bot gives nothing.
func TestResumeClocks(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	if err := s.Heartbeat(ctx); err != nil {
		t.Fatal(err)
	}
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, Clock: blitz})
	if err != nil {
		t.Fatal(err)
	}
	corr, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: carol}, {AI: 1}}, DaysPerMove: 1})
	if err != nil {
		t.Fatal(err)
	}
	c.Add(20 * time.Second) // Red thinks 20 s; the bot dies at once
	before := g.TimeLeft(0, c.Now())
	c.Add(time.Hour) // down for an hour
	down, n, err := s.ResumeClocks(ctx, 30*time.Second)
	if err != nil || n != 1 || down != time.Hour+20*time.Second {
		t.Fatalf("ResumeClocks: %v, %d games, %v; want 1h20s for 1 game", down, n, err)
	}
	g, _ = s.Game(ctx, g.ID)
	if got := g.TimeLeft(0, c.Now()); got != before+20*time.Second {
		t.Errorf("Red has %v after the restart, want %v (the downtime since the last heartbeat given back)", got, before+20*time.Second)
	}
	if got, _ := s.Game(ctx, corr.ID); !got.Deadline.Equal(corr.Deadline) {
		t.Errorf("a correspondence game's deadline moved: %v, was %v", got.Deadline, corr.Deadline)
	}
	if tasks, _ := s.Due(ctx, 10); len(tasks) != 0 {
		t.Errorf("timers due after the restart: %+v", tasks)
	}
	// Running: nothing given back.
	c.Add(10 * time.Second)
	if down, n, err := s.ResumeClocks(ctx, 30*time.Second); err != nil || down != 0 || n != 0 {
		t.Errorf("a second resume: %v, %d, %v; want nothing", down, n, err)
	}
}

func TestLiveClockRefusals(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	for _, ng := range []NewGame{
		{Clock: blitz, DaysPerMove: 3},
		{Clock: Clock{Base: 4 * time.Hour}},
		{Clock: Clock{Base: time.Minute, Increment: 10 * time.Minute}},
		{Clock: Clock{Increment: time.Second}},
	} {
		ng.Variant, ng.Seats = "zola", [2]Seat{{Player: alice}, {Player: bob}}
		if _, err := s.CreateGame(ctx, ng); !errors.Is(err, ErrInvalid) {
			t.Errorf("clock %v, days %d: %v, want ErrInvalid", ng.Clock, ng.DaysPerMove, err)
		}
	}
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, Clock: blitz})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordMove(ctx, g.ID, 0, "a1xb1", End{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Takeback(ctx, g.ID, 1, 1); !errors.Is(err, ErrInvalid) {
		t.Errorf("a takeback in a live game: %v, want ErrInvalid", err)
	}
	if got := (Clock{Base: 5 * time.Minute, Increment: 3 * time.Second}).String(); got != "5+3" {
		t.Errorf("String: %q", got)
	}
}

// TestResumeChargesUntilTheHeartbeat checks that a clock that ran before
// the bot's last heartbeat is charged that time, and no more.
func TestResumeChargesUntilTheHeartbeat(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, Clock: blitz})
	if err != nil {
		t.Fatal(err)
	}
	c.Add(20 * time.Second)
	if err := s.Heartbeat(ctx); err != nil { // the bot's last sign of life
		t.Fatal(err)
	}
	c.Add(time.Hour)
	if _, n, err := s.ResumeClocks(ctx, 30*time.Second); err != nil || n != 1 {
		t.Fatalf("ResumeClocks: %d, %v", n, err)
	}
	g, _ = s.Game(ctx, g.ID)
	if got := g.TimeLeft(0, c.Now()); got != blitz.Base-20*time.Second || !g.Deadline.Equal(c.Now().Add(got)) {
		t.Errorf("Red has %v (deadline %v), want %v: charged until the heartbeat", got, g.Deadline, blitz.Base-20*time.Second)
	}
}
