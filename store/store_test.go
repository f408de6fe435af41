package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zola"
)

// clock is a test clock that only moves when told.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock {
	return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// testVariants are the variants the tests' stores know.
var testVariants = []*engine.Variant{zola.Zola, zola.Zola8, zola.Zola4}

// mustOpen opens a store on a new database file in a temporary directory
// (on PostgreSQL, a new schema),
// with a test clock and the Zola variants unless o sets them, and closes it
// when the test ends.
func mustOpen(tb testing.TB, o Options) (*Store, *clock) {
	tb.Helper()
	c := newClock()
	if o.Now == nil {
		o.Now = c.Now
	}
	if o.Variants == nil {
		o.Variants = testVariants
	}
	path := filepath.Join(tb.TempDir(), "zugbot.db")
	if pg != nil {
		var err error
		if path, err = pg.URL(); err != nil {
			tb.Fatal(err)
		}
	}
	s, err := Open(context.Background(), path, o)
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() {
		if err := s.Close(); err != nil {
			tb.Errorf("Close: %v", err)
		}
	})
	return s, c
}

var (
	alice = Player{ID: "100", Name: "Alice"}
	bob   = Player{ID: "200", Name: "Bob"}
	carol = Player{ID: "300", Name: "Carol"}
)

// mustGame creates a game between two people, a casual one unless rated.
func mustGame(tb testing.TB, s *Store, a, b Player, rated bool) Game {
	tb.Helper()
	g, err := s.CreateGame(context.Background(), NewGame{
		Variant:   "zola",
		Seats:     [2]Seat{{Player: a}, {Player: b}},
		GuildID:   "g1",
		ChannelID: "c1",
		Rated:     rated,
	})
	if err != nil {
		tb.Fatalf("CreateGame: %v", err)
	}
	return g
}

// mustPlay records n legal moves in game id, chosen by replaying it, and
// returns the game after them.
func mustPlay(tb testing.TB, s *Store, id int64, n int) Game {
	tb.Helper()
	ctx := context.Background()
	var g Game
	for range n {
		st, err := s.Load(ctx, id)
		if err != nil {
			tb.Fatalf("Load: %v", err)
		}
		g, err = s.RecordMove(ctx, id, st.Game.Ply, firstMove(tb, st.Position), End{})
		if err != nil {
			tb.Fatalf("RecordMove: %v", err)
		}
	}
	return g
}

// firstMove returns the notation of p's first legal move.
func firstMove(tb testing.TB, p engine.Position) string {
	tb.Helper()
	ms := p.Moves(nil)
	if len(ms) == 0 {
		tb.Fatalf("no legal move in %s", engine.String(p))
	}
	return p.FormatMove(ms[0])
}

// mustFinish ends game g with a win for side w (or a draw if w is -1).
func mustFinish(tb testing.TB, s *Store, g Game, w int) Game {
	tb.Helper()
	end := End{Result: Draw, Reason: ReasonAgreement}
	if w >= 0 {
		end = End{Result: Win, Winner: engine.Side(w), Reason: ReasonResignation}
	}
	g, err := s.Finish(context.Background(), g.ID, g.Ply, end)
	if err != nil {
		tb.Fatalf("Finish: %v", err)
	}
	return g
}

// wantErr fails the test unless err is target (by errors.Is).
func wantErr(tb testing.TB, what string, err, target error) {
	tb.Helper()
	if !errors.Is(err, target) {
		tb.Fatalf("%s: got error %v, want %v", what, err, target)
	}
}

// TestUrgentReadsSkipTheLine: with every connection of the read pool held
// (hundreds of handlers waiting under load), a read of an Urgent context
// (an autocomplete, a form, which Discord lets no bot defer) is still
// served, by the connections kept for it, while an ordinary read waits.
func TestUrgentReadsSkipTheLine(t *testing.T) {
	s, _ := mustOpen(t, Options{Readers: 1})
	g := mustGame(t, s, alice, bob, false)
	ctx := context.Background()
	held, release := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- s.read(ctx, func(querier) error {
			close(held)
			<-release
			return nil
		})
	}()
	<-held
	defer func() {
		close(release)
		if err := <-done; err != nil {
			t.Errorf("the read holding the pool: %v", err)
		}
	}()

	waiting, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if _, err := s.Load(waiting, g.ID); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("an ordinary read with the pool held: %v, want it to wait until its deadline", err)
	}

	urgent := make(chan error, 1)
	go func() {
		st, err := s.Load(Urgent(ctx), g.ID)
		if err == nil && st.Game.ID != g.ID {
			err = fmt.Errorf("loaded game %d, want %d", st.Game.ID, g.ID)
		}
		urgent <- err
	}()
	select {
	case err := <-urgent:
		if err != nil {
			t.Fatalf("urgent read: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("an urgent read waited in line behind the held pool")
	}
}
