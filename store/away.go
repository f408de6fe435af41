package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// notAway is the condition on a schedule row that its game, challenge,
// tournament or daily puzzle is not on a server the bot was removed from
// (Leave).
const notAway = `NOT EXISTS (SELECT 1 FROM away WHERE away.guild_id IN (
	(SELECT guild_id FROM games WHERE games.id = schedule.game_id),
	(SELECT guild_id FROM challenges WHERE challenges.id = schedule.challenge_id),
	(SELECT guild_id FROM tournaments WHERE tournaments.id = schedule.tournament_id),
	schedule.daily_guild))`

// Leave records that the bot was removed from server guild: the timers of
// its games, challenges, tournaments and daily puzzle are held (Claim, Due
// and NextDue leave them out) until Return. It reports whether the server was not
// already left.
func (s *Store) Leave(ctx context.Context, guild string) (bool, error) {
	if guild == "" {
		return false, fmt.Errorf("leave a server: no server: %w", ErrInvalid)
	}
	var n int64
	err := s.write(ctx, func(tx querier) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO away (guild_id, since) VALUES (?, ?) ON CONFLICT (guild_id) DO NOTHING`, guild, millis(s.now()))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return false, fmt.Errorf("leave server %s: %w", guild, err)
	}
	return n == 1, nil
}

// Return records that the bot is back in server guild after Leave, and
// gives its games, challenges and tournaments back the time it was away:
// their deadlines, running clocks, expiries and timers move on by that
// much, so that they resume as they were. It returns how long the bot was
// away, and false (and nothing changed) if it had not left.
func (s *Store) Return(ctx context.Context, guild string) (time.Duration, bool, error) {
	// Discord announces every server at each connection (GUILD_CREATE),
	// and the bot was removed from few if any: a read answers for most.
	var n int
	if err := s.readers(ctx).QueryRowContext(ctx, `SELECT count(*) FROM away WHERE guild_id = ?`, guild).Scan(&n); err != nil {
		return 0, false, fmt.Errorf("return to server %s: %w", guild, err)
	}
	if n == 0 {
		return 0, false, nil
	}
	var away time.Duration
	var was bool
	err := s.write(ctx, func(tx querier) error {
		var since int64
		err := tx.QueryRowContext(ctx, `SELECT since FROM away WHERE guild_id = ?`, guild).Scan(&since)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		was = true
		now := s.now()
		away = max(now.Sub(time.UnixMilli(since)), 0)
		d := away.Milliseconds()
		if _, err := tx.ExecContext(ctx, `DELETE FROM away WHERE guild_id = ?`, guild); err != nil {
			return err
		}
		for _, q := range []string{
			`UPDATE games SET deadline = deadline + ?1 WHERE guild_id = ?2 AND result = '' AND deadline IS NOT NULL`,
			`UPDATE games SET clock_at = clock_at + ?1 WHERE guild_id = ?2 AND result = '' AND clock_ms > 0`,
			`UPDATE challenges SET expires_at = expires_at + ?1 WHERE guild_id = ?2 AND status = 'open'`,
			`UPDATE schedule SET due = due + ?1 WHERE game_id IN (SELECT id FROM games WHERE guild_id = ?2)
				OR challenge_id IN (SELECT id FROM challenges WHERE guild_id = ?2)
				OR tournament_id IN (SELECT id FROM tournaments WHERE guild_id = ?2)`,
		} {
			if _, err := tx.ExecContext(ctx, q, d, guild); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, false, fmt.Errorf("return to server %s: %w", guild, err)
	}
	return away, was, nil
}
