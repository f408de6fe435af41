package store

import (
	"context"
	"testing"
	"time"
)

// TestAway: the bot is removed from one server for a day. Its games'
// timers are held there, not elsewhere; back in the server, the game's
// deadline and its timers are as far off as they were when it left.
func TestAway(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	here, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, DaysPerMove: 1, GuildID: "1"})
	if err != nil {
		t.Fatal(err)
	}
	there, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: carol}}, DaysPerMove: 1, GuildID: "2"})
	if err != nil {
		t.Fatal(err)
	}
	c.Add(time.Hour)
	if left, err := s.Leave(ctx, "1"); err != nil || !left {
		t.Fatalf("Leave = %v, %v; want true", left, err)
	}
	if left, err := s.Leave(ctx, "1"); err != nil || left {
		t.Errorf("Leave again = %v, %v; want false: it was left already", left, err)
	}
	c.Add(30 * time.Hour)
	due, err := s.Due(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range due {
		if task.GameID != there.ID {
			t.Errorf("due while away: %+v; want only game %d's timers", task, there.ID)
		}
	}
	if len(due) == 0 {
		t.Errorf("nothing due on the other server")
	}
	if claimed, err := s.Claim(ctx, 0, time.Minute); err != nil || len(claimed) != len(due) {
		t.Errorf("Claim = %+v, %v; want the %d timers of the other server", claimed, err, len(due))
	}
	for _, task := range due {
		if err := s.Done(ctx, task); err != nil {
			t.Fatal(err)
		}
	}
	if next, ok, err := s.NextDue(ctx); err != nil || ok {
		t.Errorf("NextDue = %v, %v, %v; want none while the server is left", next, ok, err)
	}

	away, back, err := s.Return(ctx, "1")
	if err != nil || !back || away != 30*time.Hour {
		t.Fatalf("Return = %v, %v, %v; want 30h", away, back, err)
	}
	g, err := s.Game(ctx, here.ID)
	if err != nil {
		t.Fatal(err)
	}
	if want := here.Deadline.Add(30 * time.Hour); !g.Deadline.Equal(want) {
		t.Errorf("deadline back in the server %v; want %v (23 hours on)", g.Deadline, want)
	}
	if next, ok, err := s.NextDue(ctx); err != nil || !ok || !next.Equal(here.Deadline.Add(30*time.Hour-24*time.Hour/5)) {
		t.Errorf("NextDue = %v, %v, %v; want the reminder, as far off as when the bot left", next, ok, err)
	}
	if _, back, err := s.Return(ctx, "1"); err != nil || back {
		t.Errorf("Return again = %v, %v; want false", back, err)
	}
}
