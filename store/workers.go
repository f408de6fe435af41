package store

import (
	"context"
	"fmt"
	"time"
)

// WorkerBeat records that zugbot worker name is running now; a worker
// calls it every few seconds while it serves (see WorkersAlive).
func (s *Store) WorkerBeat(ctx context.Context, name string) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO workers (name, at) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET at = ?2`, name, millis(s.now()))
		return err
	})
	if err != nil {
		return fmt.Errorf("worker %s heartbeat: %w", name, err)
	}
	return nil
}

// WorkerGone removes worker name's heartbeat, when it stops.
func (s *Store) WorkerGone(ctx context.Context, name string) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM workers WHERE name = ?`, name)
		return err
	})
	if err != nil {
		return fmt.Errorf("worker %s gone: %w", name, err)
	}
	return nil
}

// WorkersAlive returns the number of zugbot workers whose last heartbeat
// is no older than within.
func (s *Store) WorkersAlive(ctx context.Context, within time.Duration) (int, error) {
	var n int
	if err := s.reads.QueryRowContext(ctx, `SELECT count(*) FROM workers WHERE at >= ?`, millis(s.now().Add(-within))).Scan(&n); err != nil {
		return 0, fmt.Errorf("workers alive: %w", err)
	}
	return n, nil
}
