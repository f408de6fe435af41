package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// UseHint records that a hint was given in game id at ply, if the game
// goes on at that ply and fewer than limit hints were given in it, and
// returns the number of hints given so far. Otherwise it records nothing
// and the error is ErrGameOver, ErrStalePly or ErrNoHints.
func (s *Store) UseHint(ctx context.Context, id int64, ply, limit int) (int, error) {
	var used int
	err := s.write(ctx, func(tx querier) error {
		var at int
		var result string
		err := tx.QueryRowContext(ctx, `SELECT ply, result, hints FROM games WHERE id = ?`, id).Scan(&at, &result, &used)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return err
		case result != "":
			return ErrGameOver
		case at != ply:
			return ErrStalePly
		case used >= limit:
			return ErrNoHints
		}
		used++
		_, err = tx.ExecContext(ctx, `UPDATE games SET hints = ? WHERE id = ?`, used, id)
		return err
	})
	if err != nil {
		return used, fmt.Errorf("record a hint in game %d: %w", id, err)
	}
	return used, nil
}

// SaveAnalysis keeps report, the computer analysis of game id, replacing
// any kept before.
func (s *Store) SaveAnalysis(ctx context.Context, id int64, report []byte) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO analyses (game_id, report, created_at) VALUES (?, ?, ?)
			ON CONFLICT (game_id) DO UPDATE SET report = excluded.report, created_at = excluded.created_at`,
			id, string(report), s.now().UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("keep the analysis of game %d: %w", id, err)
	}
	return nil
}

// Analysis returns the computer analysis kept for game id, or ErrNotFound.
func (s *Store) Analysis(ctx context.Context, id int64) ([]byte, error) {
	var report string
	err := s.readers(ctx).QueryRowContext(ctx, `SELECT report FROM analyses WHERE game_id = ?`, id).Scan(&report)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("the analysis of game %d: %w", id, err)
	}
	return []byte(report), nil
}

// AnalysisPending sets the Analysis timer of game id due at due: its
// analysis is asked for and not posted yet. Setting it again, as the
// analysis progresses, puts it off.
func (s *Store) AnalysisPending(ctx context.Context, id int64, due time.Time) error {
	return s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO schedule (kind, game_id, due) VALUES ('analysis', ?1, ?2)
			ON CONFLICT (game_id, kind) WHERE game_id IS NOT NULL DO UPDATE SET due = excluded.due, lease_until = 0, attempts = 0`, id, millis(due))
		if err != nil {
			return fmt.Errorf("set the analysis timer of game %d: %w", id, err)
		}
		return nil
	})
}

// AnalysisPosted removes the Analysis timer of game id: its analysis is
// posted.
func (s *Store) AnalysisPosted(ctx context.Context, id int64) error {
	return s.write(ctx, func(tx querier) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM schedule WHERE game_id = ? AND kind = 'analysis'`, id); err != nil {
			return fmt.Errorf("remove the analysis timer of game %d: %w", id, err)
		}
		return nil
	})
}
