package store

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/feed"
)

func TestMoveDeadlines(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	start := c.Now()
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, DaysPerMove: 3})
	if err != nil {
		t.Fatal(err)
	}
	if next, ok, err := s.NextDue(ctx); err != nil || !ok || !next.Equal(start.Add(72*time.Hour-72*time.Hour/5)) {
		t.Errorf("NextDue = %v, %v, %v; want the reminder at 2.4 days", next, ok, err)
	}
	c.Add(57 * time.Hour)
	if due, _ := s.Due(ctx, 0); len(due) != 0 {
		t.Errorf("due after 57h: %+v", due)
	}
	c.Add(36 * time.Minute) // 57.6h: a fifth of 72h is left
	due, _ := s.Due(ctx, 0)
	if len(due) != 1 || due[0].Kind != Reminder || due[0].GameID != g.ID || due[0].Ply != 0 {
		t.Fatalf("due at 57.6h: %+v, want the reminder", due)
	}
	if err := s.Done(ctx, due[0]); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.Due(ctx, 0); len(due) != 0 {
		t.Errorf("due after the reminder was done: %+v", due)
	}

	// A move restarts the clock; the old tasks are gone for good.
	c.Add(time.Hour)
	g = mustPlay(t, s, g.ID, 1)
	if !g.Deadline.Equal(c.Now().Add(72 * time.Hour)) {
		t.Errorf("deadline after a move %v, want %v", g.Deadline, c.Now().Add(72*time.Hour))
	}
	c.Add(72 * time.Hour)
	due, _ = s.Due(ctx, 0)
	if len(due) != 2 || due[0].Kind != Reminder || due[1].Kind != Deadline || due[1].Ply != 1 || !due[1].Due.Equal(g.Deadline) {
		t.Fatalf("due 72h after the move: %+v", due)
	}
	old := due

	// The deadline passes but the player moves first: the task is stale.
	g = mustPlay(t, s, g.ID, 1)
	_, err = s.TimeOut(ctx, old[1], 1)
	wantErr(t, "timeout after a move", err, ErrStalePly)
	for _, task := range old {
		if err := s.Done(ctx, task); err != nil {
			t.Fatal(err)
		}
	}
	c.Add(72 * time.Hour)
	due, _ = s.Due(ctx, 0)
	if len(due) != 2 || due[1].Ply != 2 {
		t.Fatalf("Done of stale tasks removed the new ones: %+v", due)
	}
	// Time out for real: the end removes the game's tasks.
	_, err = s.TimeOut(ctx, due[0], 0)
	wantErr(t, "timeout on a reminder", err, ErrInvalid)
	if g, err = s.TimeOut(ctx, due[1], 0); err != nil {
		t.Fatal(err)
	}
	if g.Result != Win || g.Winner != 1 || g.Reason != ReasonTimeout || !g.Deadline.IsZero() {
		t.Errorf("game lost on time: %+v", g)
	}
	if due, _ := s.Due(ctx, 0); len(due) != 0 {
		t.Errorf("due after the game ended: %+v", due)
	}
	if _, ok, _ := s.NextDue(ctx); ok {
		t.Errorf("NextDue reports a task after the game ended")
	}
}

func TestNoClock(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	g := mustPlay(t, s, mustGame(t, s, alice, bob, false).ID, 2)
	if !g.Deadline.IsZero() {
		t.Errorf("deadline %v in a game without a clock", g.Deadline)
	}
	c.Add(1000 * time.Hour)
	if due, _ := s.Due(ctx, 0); len(due) != 0 {
		t.Errorf("due in a game without a clock: %+v", due)
	}
}

func TestTakebackRestartsClock(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, DaysPerMove: 1})
	if err != nil {
		t.Fatal(err)
	}
	g = mustPlay(t, s, g.ID, 2)
	c.Add(20 * time.Hour)
	if g, err = s.Takeback(ctx, g.ID, 2, 1); err != nil {
		t.Fatal(err)
	}
	if !g.Deadline.Equal(c.Now().Add(24 * time.Hour)) {
		t.Errorf("deadline after takeback %v, want %v", g.Deadline, c.Now().Add(24*time.Hour))
	}
	c.Add(24 * time.Hour)
	due, _ := s.Due(ctx, 0)
	if len(due) != 2 || due[1].Kind != Deadline || due[1].Ply != 1 {
		t.Errorf("due after takeback: %+v", due)
	}
}

func TestTimeOutBeforeTwoPlies(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	for plies := range 3 {
		g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, DaysPerMove: 7, Rated: true})
		if err != nil {
			t.Fatal(err)
		}
		mustPlay(t, s, g.ID, plies)
		c.Add(6 * 24 * time.Hour)
		due, _ := s.Due(ctx, 0)
		_, err = s.TimeOut(ctx, Task{ID: due[0].ID, Kind: Deadline, GameID: g.ID, Ply: plies, Due: due[0].Due}, 0)
		wantErr(t, "time out early", err, ErrInvalid)
		c.Add(24 * time.Hour)
		due, _ = s.Due(ctx, 0)
		if len(due) != 2 || due[1].Kind != Deadline || due[1].GameID != g.ID {
			t.Fatalf("%d plies: due %+v", plies, due)
		}
		g, err = s.TimeOut(ctx, due[1], engine.Side(plies%2))
		if err != nil {
			t.Fatal(err)
		}
		want := End{Result: Aborted, Reason: ReasonNoStart}
		if plies >= 2 {
			want = End{Result: Win, Winner: engine.Side(1 - plies%2), Reason: ReasonTimeout}
		}
		if got := (End{Result: g.Result, Winner: g.Winner, Reason: g.Reason}); got != want {
			t.Errorf("%d plies: ended %+v, want %+v", plies, got, want)
		}
		if g.Rated != (plies >= 2) || len(g.Changes) != map[bool]int{false: 0, true: 2}[plies >= 2] {
			t.Errorf("%d plies: rated %v, changes %v", plies, g.Rated, g.Changes)
		}
	}
}

// TestRetry puts a failed task off: it leaves the head of the queue, comes
// back when its new time comes with its try counted, and a superseded task
// is left alone.
func TestRetry(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	a, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, DaysPerMove: 1})
	if err != nil {
		t.Fatal(err)
	}
	c.Add(time.Minute)
	b, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, DaysPerMove: 1})
	if err != nil {
		t.Fatal(err)
	}
	c.Add(20 * time.Hour) // both reminders are due, a's first
	due, _ := s.Due(ctx, 1)
	if len(due) != 1 || due[0].GameID != a.ID || due[0].Attempts != 0 {
		t.Fatalf("due: %+v; want a's reminder, not tried yet", due)
	}
	if err := s.Retry(ctx, due[0], c.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if next, _ := s.Due(ctx, 1); len(next) != 1 || next[0].GameID != b.ID {
		t.Fatalf("due after a's retry: %+v; want b's reminder at the head", next)
	}
	c.Add(time.Hour)
	all, _ := s.Due(ctx, 0)
	if len(all) != 2 || all[1].GameID != a.ID || all[1].Attempts != 1 {
		t.Fatalf("due an hour later: %+v; want b's reminder, then a's tried once", all)
	}
	// A move supersedes a's reminder: retrying the old one changes nothing.
	mustPlay(t, s, a.ID, 0)
	if err := s.Retry(ctx, all[1], c.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.Due(ctx, 0); len(due) != 1 || due[0].GameID != b.ID {
		t.Errorf("due after a's move: %+v; want b's reminder alone", due)
	}
}

// TestClaim: two processes sharing a database (two stores on it) claim the
// due timers at once, each timer by exactly one of them; a claim hides a
// timer from the others until its lease runs out, and a claim released
// (SQLite, at a restart) makes it due again.
func TestClaim(t *testing.T) {
	ctx := context.Background()
	a, c := mustOpen(t, Options{MaxActiveGames: -1})
	b, err := Open(ctx, a.path, Options{Now: c.Now, Variants: testVariants})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for i := range 40 {
		seats := [2]Seat{{Player: Player{ID: fmt.Sprint(1000 + 2*i), Name: "x"}}, {Player: Player{ID: fmt.Sprint(1001 + 2*i), Name: "y"}}}
		if _, err := a.CreateGame(ctx, NewGame{Variant: "zola", Seats: seats, DaysPerMove: 3}); err != nil {
			t.Fatal(err)
		}
	}
	c.Add(4 * 24 * time.Hour) // 40 deadlines and 40 reminders due
	claimed := map[int64]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, s := range []*Store{a, b, a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				ts, err := s.Claim(ctx, 7, time.Minute)
				if err != nil {
					t.Error(err)
					return
				}
				if len(ts) == 0 {
					return
				}
				mu.Lock()
				for _, tk := range ts {
					claimed[tk.ID]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(claimed) != 80 {
		t.Errorf("%d timers claimed, want 80", len(claimed))
	}
	for id, n := range claimed {
		if n != 1 {
			t.Errorf("timer %d claimed %d times", id, n)
		}
	}
	if next, ok, _ := a.NextDue(ctx); !ok || !next.Equal(c.Now().Add(time.Minute)) {
		t.Errorf("next due %v, want when the claims run out", next)
	}
	c.Add(time.Minute)
	if ts, _ := b.Claim(ctx, 100, time.Minute); len(ts) != 80 {
		t.Errorf("after the lease, %d timers claimable again, want 80", len(ts))
	}
	if pg == nil {
		if err := a.ReleaseClaims(ctx); err != nil {
			t.Fatal(err)
		}
		if ts, _ := a.Claim(ctx, 100, time.Minute); len(ts) != 80 {
			t.Errorf("after ReleaseClaims, %d timers claimable, want 80", len(ts))
		}
	}
}

// TestReplyTimer: while the AI is to move in a game, a Reply timer waits
// ReplyGrace for its move; the move removes it, and the person's next
// move sets it again.
func TestReplyTimer(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{AI: 2}, {Player: alice}}})
	if err != nil {
		t.Fatal(err)
	}
	replies := func() []Task { return dueOf(t, s, Reply) }
	if len(replies()) != 0 {
		t.Fatal("a reply timer due at once")
	}
	c.Add(ReplyGrace)
	if r := replies(); len(r) != 1 || r[0].GameID != g.ID || r[0].Ply != 0 {
		t.Fatalf("after ReplyGrace with the AI to open: %+v", r)
	}
	mustPlay(t, s, g.ID, 1) // the AI's move: the person is to move
	c.Add(ReplyGrace)
	if r := replies(); len(r) != 0 {
		t.Fatalf("a reply timer while the person is to move: %+v", r)
	}
	mustPlay(t, s, g.ID, 1) // the person's: the AI's turn again
	c.Add(ReplyGrace)
	if r := replies(); len(r) != 1 || r[0].Ply != 2 {
		t.Fatalf("after the person's move: %+v", r)
	}
	g, _ = s.Game(ctx, g.ID)
	mustFinish(t, s, g, 1)
	if r := replies(); len(r) != 0 {
		t.Errorf("a reply timer after the end: %+v", r)
	}
}

// TestReplyCause: a Reply timer keeps the cause of the move that set it
// (WithCause), in the move's transaction, for whoever takes the reply;
// the next move that leaves the AI to move sets its own.
func TestReplyCause(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g, err := s.CreateGame(WithCause(ctx, "start-1"), NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {AI: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := s.ReplyCause(ctx, g.ID, 0); err != nil || c != "" {
		t.Fatalf("the cause with the person to move: %q, %v; want none", c, err)
	}
	st, _ := s.Load(ctx, g.ID)
	if _, err := s.RecordMove(WithCause(ctx, "move-1"), g.ID, 0, firstMove(t, st.Position), End{}); err != nil {
		t.Fatal(err)
	}
	if c, err := s.ReplyCause(ctx, g.ID, 1); err != nil || c != "move-1" {
		t.Errorf("ReplyCause at ply 1: %q, %v; want move-1", c, err)
	}
	if c, _ := s.ReplyCause(ctx, g.ID, 0); c != "" {
		t.Errorf("ReplyCause at ply 0, where the AI was not to move: %q; want none", c)
	}
	ts, err := s.ClaimReplies(ctx, 10, time.Minute)
	if err != nil || len(ts) != 1 || ts[0].Cause != "move-1" || ts[0].Ply != 1 {
		t.Fatalf("the claimed reply: %+v, %v; want the one at ply 1, caused by move-1", ts, err)
	}
}

// TestReplyPublishedUnderItsCause: the AI's move, which answers its Reply
// timer, is recorded and published under the cause that the timer keeps,
// whoever records it and with whatever context; the changes that carry a
// cause themselves (a start, a person's move) are published without it.
func TestReplyPublishedUnderItsCause(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	sub := s.Feed().Subscribe(feed.Filter{})
	defer sub.Close()
	g, err := s.CreateGame(WithCause(ctx, "start-1"), NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {AI: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	for ply, cause := range []string{"move-1", ""} { // alice's move, then the AI's
		st, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.RecordMove(WithCause(ctx, cause), g.ID, ply, firstMove(t, st.Position), End{}); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []feed.Change{
		{Game: g.ID, Version: 1, Kind: feed.Started},
		{Game: g.ID, Version: 2, Ply: 1, Kind: feed.Moved},
		{Game: g.ID, Version: 3, Ply: 2, Kind: feed.Moved, Cause: "move-1"},
	} {
		select {
		case c := <-sub.C:
			if c != want {
				t.Errorf("published %v, cause %q; want %v, cause %q", c, c.Cause, want, want.Cause)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("nothing published; want %v", want)
		}
	}
}

// TestClaimReplies: the AI's replies are a queue that workers take from
// before their timers are due, each reply by one claimant until its lease
// passes, and that the timer loop leaves alone while a worker holds one.
func TestClaimReplies(t *testing.T) {
	ctx := context.Background()
	a, c := mustOpen(t, Options{MaxActiveGames: -1})
	b, err := Open(ctx, a.path, Options{Now: c.Now, Variants: testVariants})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for i := range 20 {
		p := Player{ID: fmt.Sprint(1000 + i), Name: "x"}
		seats := [2]Seat{{AI: 1}, {Player: p}} // the AI to move
		if i%2 == 1 {
			seats[0] = Seat{Player: Player{ID: fmt.Sprint(2000 + i), Name: "y"}} // people, with a deadline
		}
		if _, err := a.CreateGame(ctx, NewGame{Variant: "zola", Seats: seats, DaysPerMove: 1}); err != nil {
			t.Fatal(err)
		}
	}
	claimed := map[int64]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, s := range []*Store{a, b, a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				ts, err := s.ClaimReplies(ctx, 2, 2*ReplyGrace)
				if err != nil {
					t.Error(err)
					return
				}
				if len(ts) == 0 {
					return
				}
				mu.Lock()
				for _, tk := range ts {
					if tk.Kind != Reply {
						t.Errorf("claimed a %v timer as a reply", tk.Kind)
					}
					claimed[tk.GameID]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(claimed) != 10 {
		t.Errorf("%d replies claimed before they were due, want 10", len(claimed))
	}
	for id, n := range claimed {
		if n != 1 {
			t.Errorf("the reply of game %d claimed %d times", id, n)
		}
	}
	c.Add(ReplyGrace) // due, but still held
	if ts, _ := a.Claim(ctx, 100, time.Minute); len(ts) != 0 {
		t.Errorf("the timer loop claimed %d timers that workers hold, want 0", len(ts))
	}
	c.Add(ReplyGrace) // the lease has passed: a worker died
	if ts, _ := b.ClaimReplies(ctx, 100, time.Minute); len(ts) != 10 {
		t.Errorf("after the lease, %d replies claimable again, want 10", len(ts))
	}
}

// TestWorkersAlive counts the workers heard from lately.
func TestWorkersAlive(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	alive := func() int {
		n, err := s.WorkersAlive(ctx, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, name := range []string{"w1", "w2"} {
		if err := s.WorkerBeat(ctx, name); err != nil {
			t.Fatal(err)
		}
	}
	if n := alive(); n != 2 {
		t.Errorf("%d workers alive after two heartbeats, want 2", n)
	}
	c.Add(3 * time.Second)
	s.WorkerBeat(ctx, "w1")
	if err := s.WorkerGone(ctx, "w1"); err != nil {
		t.Fatal(err)
	}
	if n := alive(); n != 1 {
		t.Errorf("%d workers alive after one stopped, want 1", n)
	}
	c.Add(3 * time.Second)
	if n := alive(); n != 0 {
		t.Errorf("%d workers alive 6 s after the last heartbeat, want 0", n)
	}
}

// TestRepliesAhead counts the replies waiting for a worker ahead of a
// game's: those asked for before it and taken by none.
func TestRepliesAhead(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{MaxActiveGames: -1})
	var ids []int64
	for i := range 4 {
		g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{AI: 1}, {Player: Player{ID: fmt.Sprint(1000 + i), Name: "x"}}}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
		c.Add(time.Second) // asked for one after the other
	}
	if _, err := s.ClaimReplies(ctx, 1, time.Minute); err != nil { // a worker takes the first
		t.Fatal(err)
	}
	for i, want := range []struct {
		ahead   int
		waiting bool
	}{{0, false}, {0, true}, {1, true}, {2, true}} {
		ahead, waiting, err := s.RepliesAhead(ctx, ids[i])
		if err != nil {
			t.Fatal(err)
		}
		if ahead != want.ahead || waiting != want.waiting {
			t.Errorf("game %d: %d replies ahead, waiting %v; want %d, %v", i+1, ahead, waiting, want.ahead, want.waiting)
		}
	}
}
