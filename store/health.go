package store

import (
	"context"
	"fmt"
)

// Ping checks that the database can take a write: it opens an immediate
// transaction, which takes SQLite's write lock, and commits it having
// changed nothing.
func (s *Store) Ping(ctx context.Context) error {
	err := s.write(ctx, func(tx querier) error {
		var n int
		return tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n)
	})
	if err != nil {
		return fmt.Errorf("database not writable: %w", err)
	}
	return nil
}

// ActiveGames returns how many games are going on, for a gauge.
func (s *Store) ActiveGames(ctx context.Context) (int, error) {
	var n int
	if err := s.readers(ctx).QueryRowContext(ctx, `SELECT count(*) FROM games WHERE result = ''`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count active games: %w", err)
	}
	return n, nil
}
