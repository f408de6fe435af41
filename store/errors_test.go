package store

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"
)

func TestIsDatabaseError(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{BusyTimeout: time.Millisecond})

	_, err := s.Load(ctx, 12345)
	wantErr(t, "Load of a missing game", err, ErrNotFound)
	if IsDatabaseError(err) {
		t.Errorf("IsDatabaseError(%v) = true for a missing game; want false", err)
	}

	// Another process (here another connection) holds the write lock for
	// longer than the store waits: SQLite reports the database busy; on
	// PostgreSQL, a table lock outlasts the caller's deadline.
	driver, lock, wait := "sqlite", "BEGIN IMMEDIATE", ctx
	if pg != nil {
		driver, lock = "pgx", "BEGIN; LOCK TABLE players IN ACCESS EXCLUSIVE MODE"
		var cancel context.CancelFunc
		wait, cancel = context.WithTimeout(ctx, 200*time.Millisecond)
		defer cancel()
	}
	db, err := sql.Open(driver, s.path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, lock); err != nil {
		t.Fatal(err)
	}
	_, err = s.CreateGame(wait, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}})
	if err == nil {
		t.Fatal("CreateGame while another connection holds the write lock succeeded; want an error")
	}
	if !IsDatabaseError(err) {
		t.Errorf("IsDatabaseError(%v) = false for a locked database; want true", err)
	}
	if !IsDatabaseError(fmt.Errorf("context: %w", err)) {
		t.Errorf("IsDatabaseError is false for a wrapped database error")
	}
	if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}}); err != nil {
		t.Errorf("CreateGame after the lock was released: %v", err)
	}
}
