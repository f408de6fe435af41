package store

import (
	"context"
	"database/sql"
	"errors"
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
	if err := s.readers(ctx).QueryRowContext(ctx, `SELECT count(*) FROM workers WHERE at >= ?`, millis(s.now().Add(-within))).Scan(&n); err != nil {
		return 0, fmt.Errorf("workers alive: %w", err)
	}
	return n, nil
}

// RepliesAhead returns the number of the AI's replies that wait for a
// worker ahead of game id's, asked for before it and taken by none; false
// when game id's reply is not waiting (a worker has it, or it was made).
func (s *Store) RepliesAhead(ctx context.Context, id int64) (int, bool, error) {
	now := millis(s.now())
	var n sql.NullInt64
	err := s.readers(ctx).QueryRowContext(ctx, `SELECT (SELECT count(*) FROM schedule r WHERE r.kind = 'reply' AND r.lease_until <= ?1
			AND (r.due < me.due OR r.due = me.due AND r.id < me.id))
		FROM schedule me WHERE me.kind = 'reply' AND me.game_id = ?2 AND me.lease_until <= ?1`, now, id).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("replies ahead of game %d's: %w", id, err)
	}
	return int(n.Int64), true, nil
}
