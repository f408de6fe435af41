package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// DailyChannel is where a server's daily puzzle is posted.
type DailyChannel struct {
	Guild   string
	Channel string
	// Variant is the game whose puzzles are posted; "" for the games in
	// turn.
	Variant string
}

// DailyPost is one day's puzzle of a server: claimed once per server and
// day (ClaimDailyPost), then posted and its message recorded
// (DailyPosted).
type DailyPost struct {
	Guild string
	// Day is the UTC date the puzzle is for: "2026-11-28".
	Day     string
	Puzzle  string // the puzzle's ID
	Channel string // where it is posted
	// Message is the ID of the post's message: "" until it is recorded.
	Message string
}

// DailySolve is a person's answer to a server's puzzle of a day: the first
// try they finished at it while it was the server's latest.
type DailySolve struct {
	Guild  string
	Day    string
	Puzzle string
	Player Player
	Solved bool
	At     time.Time
}

// SetDailyChannel points server c.Guild's daily puzzle at c.Channel, with
// c.Variant's puzzles, and sets its timer for first if it has none (a
// server whose puzzle was posted already keeps the timer of its next).
func (s *Store) SetDailyChannel(ctx context.Context, c DailyChannel, first time.Time) error {
	if c.Guild == "" || c.Channel == "" {
		return fmt.Errorf("set the daily puzzle: %w: a server and a channel are needed", ErrInvalid)
	}
	if err := checkText(c.Guild, c.Channel, c.Variant); err != nil {
		return err
	}
	err := s.write(ctx, func(tx querier) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO daily_channels (guild_id, channel_id, variant, set_at) VALUES (?1, ?2, ?3, ?4)
			ON CONFLICT (guild_id) DO UPDATE SET channel_id = ?2, variant = ?3, set_at = ?4`, c.Guild, c.Channel, c.Variant, millis(s.now())); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO schedule (kind, daily_guild, due) VALUES ('daily', ?, ?) ON CONFLICT DO NOTHING`, c.Guild, millis(first))
		return err
	})
	if err != nil {
		return fmt.Errorf("set the daily puzzle of server %s: %w", c.Guild, err)
	}
	return nil
}

// DailyChannel returns where server guild's daily puzzle is posted, or
// ErrNotFound when it has none.
func (s *Store) DailyChannel(ctx context.Context, guild string) (DailyChannel, error) {
	c, err := dailyChannel(ctx, s.readers(ctx), guild)
	if err != nil {
		return DailyChannel{}, fmt.Errorf("the daily puzzle of server %s: %w", guild, err)
	}
	return c, nil
}

func dailyChannel(ctx context.Context, q querier, guild string) (DailyChannel, error) {
	var c DailyChannel
	err := q.QueryRowContext(ctx, `SELECT guild_id, channel_id, variant FROM daily_channels WHERE guild_id = ?`, guild).Scan(&c.Guild, &c.Channel, &c.Variant)
	if errors.Is(err, sql.ErrNoRows) {
		return DailyChannel{}, ErrNotFound
	}
	return c, err
}

// StopDaily turns off the daily puzzle of server guild, and returns where
// it was posted; false when it had none. The posts made stay, for their
// solvers and so that a puzzle posted is not posted again soon.
func (s *Store) StopDaily(ctx context.Context, guild string) (DailyChannel, bool, error) {
	cs, err := s.stopDaily(ctx, `guild_id = ?`, guild)
	if err != nil || len(cs) == 0 {
		return DailyChannel{}, false, err
	}
	return cs[0], true, nil
}

// StopDailyIn turns off the daily puzzles posted in channel (deleted), and
// returns them.
func (s *Store) StopDailyIn(ctx context.Context, channel string) ([]DailyChannel, error) {
	return s.stopDaily(ctx, `channel_id = ?`, channel)
}

// stopDaily turns off the daily puzzles of the daily_channels rows that
// match where, which takes arg.
func (s *Store) stopDaily(ctx context.Context, where, arg string) ([]DailyChannel, error) {
	var cs []DailyChannel
	err := s.write(ctx, func(tx querier) error {
		cs = cs[:0]
		rows, err := tx.QueryContext(ctx, `SELECT guild_id, channel_id, variant FROM daily_channels WHERE `+where, arg)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c DailyChannel
			if err := rows.Scan(&c.Guild, &c.Channel, &c.Variant); err != nil {
				return err
			}
			cs = append(cs, c)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		for _, c := range cs {
			if _, err := tx.ExecContext(ctx, `DELETE FROM schedule WHERE daily_guild = ?`, c.Guild); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM daily_channels WHERE guild_id = ?`, c.Guild); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("turn off a daily puzzle (%s %s): %w", where, arg, err)
	}
	return cs, nil
}

// ClaimDailyPost claims server guild's post of day, once: the first call
// for the server and day records the puzzle that choose picks, from the
// server's channel and its posts so far (newest first), and reports true;
// every later call, in any process, returns that claim and false. A
// server without a daily puzzle is ErrNotFound. The claim comes before
// the post: a claim returned again without its Message may have been
// posted by a process that died before DailyPosted.
func (s *Store) ClaimDailyPost(ctx context.Context, guild, day string, choose func(c DailyChannel, past []DailyPost) (string, error)) (DailyPost, bool, error) {
	var p DailyPost
	var fresh bool
	err := s.write(ctx, func(tx querier) error {
		fresh = false
		c, err := dailyChannel(ctx, tx, guild)
		if err != nil {
			return err
		}
		past, err := dailyPosts(ctx, tx, guild, 0)
		if err != nil {
			return err
		}
		for _, old := range past {
			if old.Day == day {
				p = old
				return nil
			}
		}
		id, err := choose(c, past)
		if err != nil {
			return err
		}
		p, fresh = DailyPost{Guild: guild, Day: day, Puzzle: id, Channel: c.Channel}, true
		_, err = tx.ExecContext(ctx, `INSERT INTO daily_posts (guild_id, day, puzzle_id, channel_id, claimed_at) VALUES (?, ?, ?, ?, ?)`,
			guild, day, id, c.Channel, millis(s.now()))
		return err
	})
	if err != nil {
		return DailyPost{}, false, fmt.Errorf("claim the daily puzzle of server %s for %s: %w", guild, day, err)
	}
	return p, fresh, nil
}

// DailyPosted records the message of server guild's post of day. A
// message recorded before stays.
func (s *Store) DailyPosted(ctx context.Context, guild, day, message string) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `UPDATE daily_posts SET message_id = ? WHERE guild_id = ? AND day = ? AND message_id = ''`, message, guild, day)
		return err
	})
	if err != nil {
		return fmt.Errorf("record the daily puzzle of server %s for %s: %w", guild, day, err)
	}
	return nil
}

// DailyPosts returns server guild's daily posts, newest first, at most
// limit of them (all when limit is 0).
func (s *Store) DailyPosts(ctx context.Context, guild string, limit int) ([]DailyPost, error) {
	ps, err := dailyPosts(ctx, s.readers(ctx), guild, limit)
	if err != nil {
		return nil, fmt.Errorf("the daily puzzles of server %s: %w", guild, err)
	}
	return ps, nil
}

func dailyPosts(ctx context.Context, q querier, guild string, limit int) ([]DailyPost, error) {
	query := `SELECT guild_id, day, puzzle_id, channel_id, message_id FROM daily_posts WHERE guild_id = ? ORDER BY day DESC`
	args := []any{guild}
	if limit > 0 {
		query += ` LIMIT ?`
		args = append(args, limit)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ps []DailyPost
	for rows.Next() {
		var p DailyPost
		if err := rows.Scan(&p.Guild, &p.Day, &p.Puzzle, &p.Channel, &p.Message); err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return ps, rows.Err()
}

// RecordDailySolve records player's finished try at puzzle in server
// guild as their answer to the server's daily puzzle, if puzzle is the
// server's latest and they have not answered it before, and reports
// whether it did: only the first try counts, as for ratings.
func (s *Store) RecordDailySolve(ctx context.Context, guild string, player Player, puzzle string, solved bool) (bool, error) {
	var recorded bool
	err := s.write(ctx, func(tx querier) error {
		recorded = false
		latest, err := dailyPosts(ctx, tx, guild, 1)
		if err != nil || len(latest) == 0 || latest[0].Puzzle != puzzle {
			return err
		}
		now := s.now()
		if err := upsertPlayer(ctx, tx, player, now); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO daily_solves (guild_id, day, player_id, solved, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			guild, latest[0].Day, player.ID, boolInt(solved), millis(now))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		recorded = n == 1
		return err
	})
	if err != nil {
		return false, fmt.Errorf("record %s's answer to the daily puzzle of server %s: %w", player.ID, guild, err)
	}
	return recorded, nil
}

// DailySolves returns the answers to server guild's puzzle of day, in the
// order they came.
func (s *Store) DailySolves(ctx context.Context, guild, day string) ([]DailySolve, error) {
	ds, err := dailySolves(ctx, s.readers(ctx), `s.guild_id = ? AND s.day = ?`, guild, day)
	if err != nil {
		return nil, fmt.Errorf("the answers to the daily puzzle of server %s for %s: %w", guild, day, err)
	}
	return ds, nil
}

// dailySolves returns the daily answers that match where (on daily_solves
// s), in the order they came.
func dailySolves(ctx context.Context, q querier, where string, args ...any) ([]DailySolve, error) {
	rows, err := q.QueryContext(ctx, `SELECT s.guild_id, s.day, p.puzzle_id, s.player_id, pl.name, s.solved, s.at
		FROM daily_solves s JOIN daily_posts p ON p.guild_id = s.guild_id AND p.day = s.day JOIN players pl ON pl.id = s.player_id
		WHERE `+where+` ORDER BY s.at, s.player_id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ds []DailySolve
	for rows.Next() {
		var d DailySolve
		var solved int
		var at int64
		if err := rows.Scan(&d.Guild, &d.Day, &d.Puzzle, &d.Player.ID, &d.Player.Name, &solved, &at); err != nil {
			return nil, err
		}
		d.Solved, d.At = solved != 0, time.UnixMilli(at).UTC()
		ds = append(ds, d)
	}
	return ds, rows.Err()
}

// boolInt is b as the databases keep a flag: 1 or 0.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
