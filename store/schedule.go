package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Due returns the tasks whose time has come, earliest first, at most limit
// of them (100 when limit is zero). A task stays due until Done removes it
// or a change supersedes it: a move sets the game's deadline and reminder
// again; an end, or an answer to a challenge, removes its tasks.
//
// For a Deadline, the side to move at Task.Ply has lost on time; the bot
// ends the game with Finish(ctx, t.GameID, t.Ply, …), which removes the
// task (ErrStalePly or ErrGameOver mean the game moved first: call Done).
// A game with fewer than 2 plies is aborted instead (ReasonNoStart).
// For a Reminder, the bot reminds the side to move and calls Done. For an
// Expiry, it calls ExpireChallenge, which removes the task.
func (s *Store) Due(ctx context.Context, limit int) ([]Task, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.r.QueryContext(ctx, `SELECT id, kind, coalesce(game_id, 0), coalesce(challenge_id, 0), ply, due
		FROM schedule WHERE due <= ? ORDER BY due, id LIMIT ?`, millis(s.now()), limit)
	if err != nil {
		return nil, fmt.Errorf("due tasks: %w", err)
	}
	defer rows.Close()
	var ts []Task
	for rows.Next() {
		var t Task
		var kind string
		var due int64
		if err := rows.Scan(&t.ID, &kind, &t.GameID, &t.ChallengeID, &t.Ply, &due); err != nil {
			return nil, fmt.Errorf("due tasks: %w", err)
		}
		t.Kind = TaskKind(index(taskNames[:], kind))
		t.Due = time.UnixMilli(due).UTC()
		ts = append(ts, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("due tasks: %w", err)
	}
	return ts, nil
}

// NextDue returns when the earliest task comes due, and false when there
// is none; the bot may sleep until then (or until it changes something).
func (s *Store) NextDue(ctx context.Context) (time.Time, bool, error) {
	var due sql.NullInt64
	err := s.r.QueryRowContext(ctx, `SELECT min(due) FROM schedule`).Scan(&due)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, fmt.Errorf("next due task: %w", err)
	}
	return fromMillis(due), due.Valid, nil
}

// Done removes task t once it has been handled. A task that is gone or has
// been superseded (a move has set the game's timers again) is left alone
// and is no error.
func (s *Store) Done(ctx context.Context, t Task) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM schedule WHERE id = ? AND kind = ? AND ply = ? AND due = ?
			AND coalesce(game_id, 0) = ? AND coalesce(challenge_id, 0) = ?`,
			t.ID, t.Kind.String(), t.Ply, millis(t.Due), t.GameID, t.ChallengeID)
		return err
	})
	if err != nil {
		return fmt.Errorf("task %d done: %w", t.ID, err)
	}
	return nil
}
