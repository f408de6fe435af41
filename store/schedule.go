package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/feed"
)

// DefaultTaskBatch is how many due tasks Due and Claim return at most
// when the caller gives no limit.
const DefaultTaskBatch = 100

// Due returns the tasks whose time has come, earliest first, at most limit
// of them (DefaultTaskBatch when limit is zero). A task stays due until
// Done removes it or a change supersedes it: a move sets the game's
// deadline, reminder and reply timer again; an end, or an answer to a
// challenge, removes its tasks.
//
// For a Deadline, the side to move at Task.Ply has run out of time; the
// bot calls TimeOut, which removes the task (ErrStalePly or ErrGameOver
// mean that the game moved first: call Done). For a Reminder, the bot
// reminds the side to move and calls Done. For an Expiry, it calls
// ExpireChallenge, which removes the task. For a TournamentStep, the
// tournament's next step is due: its start, or its next round (see
// Store.StartRound); the bot calls Done once it is taken. For a Reply, the
// AI has been to move for ReplyGrace: the process that was to think may
// have died, so the bot thinks the move itself if the game still waits at
// Task.Ply (the store's ply check lets only one move in) and calls Done.
// For an Analysis, the analysis asked for was not posted within
// AnalysisGrace of its last progress: it is made (or found kept) and
// posted, then AnalysisPosted removes the task. For a DailyPuzzle, the
// day's puzzle of server Task.Guild is claimed (ClaimDailyPost) and
// posted, then Reschedule sets the task for the next day's.
func (s *Store) Due(ctx context.Context, limit int) ([]Task, error) {
	if limit <= 0 {
		limit = DefaultTaskBatch
	}
	rows, err := s.readers(ctx).QueryContext(ctx, `SELECT id, kind, coalesce(game_id, 0), coalesce(challenge_id, 0), coalesce(tournament_id, 0), coalesce(daily_guild, ''), ply, due, attempts, cause
		FROM schedule WHERE due <= ? AND `+notAway+` ORDER BY due, id LIMIT ?`, millis(s.now()), limit)
	if err != nil {
		return nil, fmt.Errorf("due tasks: %w", err)
	}
	defer rows.Close()
	var ts []Task
	for rows.Next() {
		var t Task
		var kind string
		var due int64
		if err := rows.Scan(&t.ID, &kind, &t.GameID, &t.ChallengeID, &t.TournamentID, &t.Guild, &t.Ply, &due, &t.Attempts, &t.Cause); err != nil {
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

// Claim takes the tasks due now that no process holds, earliest first, at
// most limit of them (DefaultTaskBatch when limit is zero), for the caller alone until
// lease has passed: another process sharing the database leaves them to
// it, and if the caller dies holding them, they come due again then. Done
// or Retry ends the claim. On PostgreSQL, processes claiming at once skip
// each other's rows (FOR UPDATE SKIP LOCKED) rather than wait for them.
func (s *Store) Claim(ctx context.Context, limit int, lease time.Duration) ([]Task, error) {
	ts, err := s.claim(ctx, `due <= ?1 AND lease_until <= ?1`, limit, lease)
	if err != nil {
		return nil, fmt.Errorf("claim due tasks: %w", err)
	}
	return ts, nil
}

// ClaimReplies takes the Reply timers that no process holds, due or not,
// oldest first, at most limit of them, for the caller alone until lease
// has passed: the queue from which zugbot worker processes take the AI's
// replies. Each stands for a game whose AI is to move at Task.Ply; the
// store's ply check lets only one move in there, whoever thinks it. Done
// ends the claim once the move is recorded (a recorded move has replaced
// the timer anyway); if the caller dies holding it, another takes it
// once the lease has passed, and the timer loop once it is due.
func (s *Store) ClaimReplies(ctx context.Context, limit int, lease time.Duration) ([]Task, error) {
	ts, err := s.claim(ctx, `kind = 'reply' AND lease_until <= ?1`, limit, lease)
	if err != nil {
		return nil, fmt.Errorf("claim the AI's replies: %w", err)
	}
	return ts, nil
}

// claim takes the tasks that match where (in which ?1 is now), earliest
// due first, at most limit of them (DefaultTaskBatch when zero), until
// lease has passed. On PostgreSQL, processes claiming at once skip each
// other's rows (FOR UPDATE SKIP LOCKED) rather than wait for them.
func (s *Store) claim(ctx context.Context, where string, limit int, lease time.Duration) ([]Task, error) {
	if limit <= 0 {
		limit = DefaultTaskBatch
	}
	query := `SELECT id, kind, coalesce(game_id, 0), coalesce(challenge_id, 0), coalesce(tournament_id, 0), coalesce(daily_guild, ''), ply, due, attempts, cause
		FROM schedule WHERE ` + where + ` AND ` + notAway + ` ORDER BY due, id LIMIT ?2`
	if s.pg {
		query += ` FOR UPDATE SKIP LOCKED`
	}
	var ts []Task
	err := s.write(ctx, func(tx querier) error {
		ts = ts[:0]
		now := s.now()
		rows, err := tx.QueryContext(ctx, query, millis(now), limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var t Task
			var kind string
			var due int64
			if err := rows.Scan(&t.ID, &kind, &t.GameID, &t.ChallengeID, &t.TournamentID, &t.Guild, &t.Ply, &due, &t.Attempts, &t.Cause); err != nil {
				return err
			}
			t.Kind = TaskKind(index(taskNames[:], kind))
			t.Due = time.UnixMilli(due).UTC()
			ts = append(ts, t)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		for _, t := range ts {
			if _, err := tx.ExecContext(ctx, `UPDATE schedule SET lease_until = ? WHERE id = ?`, millis(now.Add(lease)), t.ID); err != nil {
				return err
			}
		}
		return nil
	})
	return ts, err
}

// ReleaseClaims ends every claim on a SQLite file's timers and on the
// games being mined for puzzles (ClaimMining), which only one process
// uses at a time: what a process that stopped had claimed is due again at
// once. On PostgreSQL, shared by several processes, the claims run out by
// themselves.
func (s *Store) ReleaseClaims(ctx context.Context) error {
	if s.pg {
		return nil
	}
	return s.write(ctx, func(tx querier) error {
		if _, err := tx.ExecContext(ctx, `UPDATE schedule SET lease_until = 0 WHERE lease_until > 0`); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE puzzle_mining SET lease_until = 0 WHERE lease_until > 0`)
		return err
	})
}

// NextDue returns when the earliest task comes due (or its claim runs
// out), and false when there is none; the bot may sleep until then (or
// until it changes something).
func (s *Store) NextDue(ctx context.Context) (time.Time, bool, error) {
	var due sql.NullInt64
	err := s.readers(ctx).QueryRowContext(ctx, `SELECT min(CASE WHEN lease_until > due THEN lease_until ELSE due END) FROM schedule WHERE `+notAway).Scan(&due)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, fmt.Errorf("next due task: %w", err)
	}
	return fromMillis(due), due.Valid, nil
}

// TimeOut ends the game of Deadline task t, whose side to move (loser, as
// the bot's replay of the game says) has let the deadline pass. A game of
// fewer than 2 plies is aborted (ReasonNoStart) and so never rated, but
// in a tournament; any other is lost on time (ReasonTimeout). The game must still be at t.Ply
// (else ErrStalePly) and its deadline must have passed (else ErrInvalid).
func (s *Store) TimeOut(ctx context.Context, t Task, loser engine.Side) (Game, error) {
	var g Game
	err := s.write(ctx, func(tx querier) error {
		var err error
		if g, err = game(ctx, tx, t.GameID); err != nil {
			return err
		}
		if err := g.check(t.Ply); err != nil {
			return err
		}
		now := s.now()
		switch {
		case t.Kind != Deadline:
			return fmt.Errorf("%w: time out on a %v task", ErrInvalid, t.Kind)
		case loser > 1:
			return fmt.Errorf("%w: side %d lost on time", ErrInvalid, loser)
		case g.Deadline.IsZero() || now.Before(g.Deadline):
			return fmt.Errorf("%w: game %d has time until %v", ErrInvalid, g.ID, g.Deadline)
		}
		end := End{Result: Win, Winner: loser.Other(), Reason: ReasonTimeout}
		if g.Ply < 2 && g.Tournament == 0 { // in a tournament, a player who does not move loses
			end = End{Result: Aborted, Reason: ReasonNoStart}
		}
		if err := s.finish(ctx, tx, &g, end, now); err != nil {
			return err
		}
		return gameChanged(ctx, tx, &g, feed.TimedOut)
	})
	if err != nil {
		return Game{}, fmt.Errorf("time out: %w", err)
	}
	return g, nil
}

// Retry puts task t off until due, after a failed try, and counts the
// try in its Attempts. A task that is gone or has been superseded is left
// alone and is no error.
func (s *Store) Retry(ctx context.Context, t Task, due time.Time) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `UPDATE schedule SET due = ?, attempts = attempts + 1, lease_until = 0 WHERE id = ? AND kind = ? AND ply = ?
			AND due = ? AND coalesce(game_id, 0) = ? AND coalesce(challenge_id, 0) = ? AND coalesce(tournament_id, 0) = ?`,
			millis(due), t.ID, t.Kind.String(), t.Ply, millis(t.Due), t.GameID, t.ChallengeID, t.TournamentID)
		return err
	})
	if err != nil {
		return fmt.Errorf("retry task %d: %w", t.ID, err)
	}
	return nil
}

// Reschedule sets task t, handled, for its next time: due, with its tries
// and its claim cleared (a daily post's timer, for the next day's post).
// A task that is gone or has been superseded is left alone and is no
// error.
func (s *Store) Reschedule(ctx context.Context, t Task, due time.Time) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `UPDATE schedule SET due = ?, attempts = 0, lease_until = 0 WHERE id = ? AND kind = ? AND due = ?`,
			millis(due), t.ID, t.Kind.String(), millis(t.Due))
		return err
	})
	if err != nil {
		return fmt.Errorf("reschedule task %d: %w", t.ID, err)
	}
	return nil
}

// Done removes task t once it has been handled. A task that is gone or has
// been superseded (a move has set the game's timers again) is left alone
// and is no error.
func (s *Store) Done(ctx context.Context, t Task) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM schedule WHERE id = ? AND kind = ? AND ply = ? AND due = ?
			AND coalesce(game_id, 0) = ? AND coalesce(challenge_id, 0) = ? AND coalesce(tournament_id, 0) = ?`,
			t.ID, t.Kind.String(), t.Ply, millis(t.Due), t.GameID, t.ChallengeID, t.TournamentID)
		return err
	})
	if err != nil {
		return fmt.Errorf("task %d done: %w", t.ID, err)
	}
	return nil
}

// Heartbeat records that the bot is running now; ResumeClocks reads it.
// The bot calls it every few seconds.
func (s *Store) Heartbeat(ctx context.Context) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO alive (id, at) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET at = ?1`, millis(s.now()))
		return err
	})
	if err != nil {
		return fmt.Errorf("heartbeat: %w", err)
	}
	return nil
}

// ResumeClocks gives back to the players of live games the time the bot
// was down: the time since the last Heartbeat, when it is more than grace
// (a bot that was running loses nothing). Each running clock is charged
// what it ran until that heartbeat (nothing if it started after it) and
// runs again from now; the deadlines follow. It returns the downtime and
// the number of games, and records a heartbeat.
func (s *Store) ResumeClocks(ctx context.Context, grace time.Duration) (time.Duration, int, error) {
	var down time.Duration
	var n int
	err := s.write(ctx, func(tx querier) error {
		now := s.now()
		var at int64
		err := tx.QueryRowContext(ctx, `SELECT at FROM alive WHERE id = 1`).Scan(&at)
		if errors.Is(err, sql.ErrNoRows) {
			at = millis(now)
		} else if err != nil {
			return err
		}
		if d := now.Sub(time.UnixMilli(at)); d > grace {
			down = d
			ms := d.Milliseconds()
			// A clock that started before the last heartbeat ran until
			// then; one started after it is charged nothing. Either way it
			// runs again from now, and its deadline follows.
			res, err := tx.ExecContext(ctx, `UPDATE games SET clock_at = CASE WHEN clock_at <= ?2 THEN clock_at + ?1 ELSE ?3 END
				WHERE clock_ms > 0 AND result = ''`, ms, at, millis(now))
			if err != nil {
				return err
			}
			m, err := res.RowsAffected()
			if err != nil {
				return err
			}
			n = int(m)
			if _, err := tx.ExecContext(ctx, `UPDATE games SET deadline = clock_at + CASE clock_side WHEN 0 THEN left0_ms ELSE left1_ms END, version = version + 1
				WHERE clock_ms > 0 AND result = ''`); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE schedule SET due = (SELECT deadline FROM games WHERE games.id = schedule.game_id)
				WHERE kind = 'deadline' AND game_id IN (SELECT id FROM games WHERE clock_ms > 0 AND result = '')`); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO alive (id, at) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET at = ?1`, millis(now))
		return err
	})
	if err != nil {
		return 0, 0, fmt.Errorf("resume the clocks: %w", err)
	}
	return down, n, nil
}

// causeKey is the context key of the cause of a change: the one key that
// carries a request's ID, from the service to the store.
type causeKey struct{}

// WithCause returns ctx saying that the changes made with it are caused
// by the request with ID cause. The store decides what it keeps of it: a
// Reply timer those changes set keeps it (Task.Cause, ReplyCause), and
// the AI's move that answers the timer is recorded and published under
// it (feed.Change.Cause; see RecordMove), in whichever process it is
// thought, so that the adapter that awaited the reply can tell it has
// shown it. The changes themselves are published without it.
func WithCause(ctx context.Context, cause string) context.Context {
	return context.WithValue(ctx, causeKey{}, cause)
}

// CauseOf returns the cause ctx carries (see WithCause); "" for none.
func CauseOf(ctx context.Context) string {
	c, _ := ctx.Value(causeKey{}).(string)
	return c
}

// ReplyCause returns the cause of game id's Reply timer at ply: the ID of
// the request that left the AI to move there (see WithCause); "" when the
// game has no such timer or none was said.
func (s *Store) ReplyCause(ctx context.Context, id int64, ply int) (string, error) {
	return replyCause(ctx, s.readers(ctx), id, ply)
}

// replyCause is ReplyCause, read with q.
func replyCause(ctx context.Context, q querier, id int64, ply int) (string, error) {
	var cause string
	err := q.QueryRowContext(ctx, `SELECT cause FROM schedule WHERE game_id = ? AND kind = 'reply' AND ply = ?`, id, ply).Scan(&cause)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("the cause of game %d's reply: %w", id, err)
	}
	return cause, nil
}
