package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestWebSessions keeps a live board's session and finds it by its id's
// hash until it expires; an expired one is forgotten when another is
// kept, and a game's deletion takes its sessions along.
func TestWebSessions(t *testing.T) {
	ctx := context.Background()
	s, clk := mustOpen(t, Options{})
	g := mustGame(t, s, alice, bob, false)
	ws := WebSession{IDHash: "h1", User: alice.ID, Game: g.ID, CSRF: "csrf1", Expires: stamp(clk.Now().Add(time.Hour))}
	if err := s.AddWebSession(ctx, ws); err != nil {
		t.Fatal(err)
	}
	if got, err := s.WebSession(ctx, "h1"); err != nil || got != ws {
		t.Errorf("the session: %+v, %v; want %+v", got, err, ws)
	}
	if _, err := s.WebSession(ctx, "h2"); !errors.Is(err, ErrNotFound) {
		t.Errorf("an unknown session: %v, want ErrNotFound", err)
	}
	if err := s.AddWebSession(ctx, ws); err == nil {
		t.Error("a second session with the same id's hash was kept")
	}
	if err := s.AddWebSession(ctx, WebSession{IDHash: "h3", User: alice.ID, Game: g.ID}); !errors.Is(err, ErrInvalid) {
		t.Errorf("a session without a CSRF value: %v, want ErrInvalid", err)
	}

	clk.Add(time.Hour)
	if _, err := s.WebSession(ctx, "h1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("an expired session: %v, want ErrNotFound", err)
	}
	ws2 := WebSession{IDHash: "h2", User: bob.ID, Game: g.ID, CSRF: "csrf2", Expires: stamp(clk.Now().Add(time.Hour))}
	if err := s.AddWebSession(ctx, ws2); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.reads.QueryRowContext(ctx, `SELECT count(*) FROM web_sessions`).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d sessions kept (%v): want 1, the expired one forgotten", n, err)
	}
	if _, err := s.writes.ExecContext(ctx, `DELETE FROM games WHERE id = ?`, g.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.WebSession(ctx, "h2"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a session of a deleted game: %v, want ErrNotFound", err)
	}
}
