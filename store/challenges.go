package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/rules"
)

const challengeSelect = `SELECT c.id, c.challenger, pc.name, coalesce(c.opponent, ''), coalesce(po.name, ''),
	c.variant, c.start, c.colour, c.rated, c.days_per_move, c.clock_ms, c.increment_ms, c.guild_id, c.channel_id,
	c.status, coalesce(c.game_id, 0), coalesce(c.rematch_of, 0), c.created_at, c.expires_at, c.updated_at
FROM challenges c
JOIN players pc ON pc.id = c.challenger
LEFT JOIN players po ON po.id = c.opponent
`

// scanChallenge reads a row of challengeSelect.
func scanChallenge(sc scanner) (Challenge, error) {
	var c Challenge
	var colour, status string
	var created, expires, updated, base, inc int64
	err := sc.Scan(&c.ID, &c.Challenger.ID, &c.Challenger.Name, &c.Opponent.ID, &c.Opponent.Name,
		&c.Variant, &c.Start, &colour, &c.Rated, &c.DaysPerMove, &base, &inc, &c.GuildID, &c.ChannelID,
		&status, &c.GameID, &c.RematchOf, &created, &expires, &updated)
	if err != nil {
		return Challenge{}, err
	}
	c.Clock = Clock{Base: time.Duration(base) * time.Millisecond, Increment: time.Duration(inc) * time.Millisecond}
	c.Colour = Colour(index(colourNames[:], colour))
	c.Status = ChallengeStatus(index(challengeNames[:], status))
	c.Created = time.UnixMilli(created).UTC()
	c.Expires = time.UnixMilli(expires).UTC()
	c.Updated = time.UnixMilli(updated).UTC()
	return c, nil
}

// challenge reads challenge id through q.
func challenge(ctx context.Context, q querier, id int64) (Challenge, error) {
	c, err := scanChallenge(q.QueryRowContext(ctx, challengeSelect+`WHERE c.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Challenge{}, fmt.Errorf("challenge %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Challenge{}, fmt.Errorf("challenge %d: %w", id, err)
	}
	return c, nil
}

// Challenge returns challenge id.
func (s *Store) Challenge(ctx context.Context, id int64) (Challenge, error) {
	return challenge(ctx, s.readers(ctx), id)
}

// OpenChallenges returns the open challenges the player made or received,
// newest first.
func (s *Store) OpenChallenges(ctx context.Context, player string) ([]Challenge, error) {
	rows, err := s.readers(ctx).QueryContext(ctx, challengeSelect+`WHERE c.status = 'open' AND c.id IN (
			SELECT id FROM challenges WHERE challenger = ?1 AND status = 'open'
			UNION SELECT id FROM challenges WHERE opponent = ?1 AND status = 'open')
		ORDER BY c.created_at DESC, c.id DESC`, player)
	if err != nil {
		return nil, fmt.Errorf("open challenges of %s: %w", player, err)
	}
	defer rows.Close()
	var cs []Challenge
	for rows.Next() {
		c, err := scanChallenge(rows)
		if err != nil {
			return nil, fmt.Errorf("open challenges of %s: %w", player, err)
		}
		cs = append(cs, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("open challenges of %s: %w", player, err)
	}
	return cs, nil
}

// CreateChallenge records a challenge, open until it is answered or its
// time to live runs out (an Expiry task comes due then). A rematch
// challenge of a game that already has its rematch is refused with
// ErrRematchExists.
func (s *Store) CreateChallenge(ctx context.Context, nc NewChallenge) (Challenge, error) {
	var c Challenge
	err := s.write(ctx, func(tx querier) error {
		now := s.now()
		if err := s.checkVariant(nc.Variant, nc.Start); err != nil {
			return err
		}
		switch {
		case nc.Colour > SecondColour:
			return fmt.Errorf("%w: colour %v", ErrInvalid, nc.Colour)
		case rules.CheckTimeControl(nc.DaysPerMove, nc.Clock) != nil:
			return fmt.Errorf("%w: %w", ErrInvalid, rules.CheckTimeControl(nc.DaysPerMove, nc.Clock))
		case nc.Opponent.ID != "" && nc.Opponent.ID == nc.Challenger.ID:
			return fmt.Errorf("%w: %s cannot challenge themselves", ErrInvalid, nc.Challenger.ID)
		case nc.TTL < 0:
			return fmt.Errorf("%w: negative time to live", ErrInvalid)
		}
		if err := upsertPlayer(ctx, tx, nc.Challenger, now); err != nil {
			return err
		}
		var opponent sql.NullString
		if nc.Opponent.ID != "" {
			if err := upsertPlayer(ctx, tx, nc.Opponent, now); err != nil {
				return err
			}
			opponent = sql.NullString{String: nc.Opponent.ID, Valid: true}
		}
		var rematch sql.NullInt64
		if nc.RematchOf != 0 {
			if _, err := game(ctx, tx, nc.RematchOf); err != nil {
				return fmt.Errorf("rematch: %w", err)
			}
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE rematch_of = ?`, nc.RematchOf).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return fmt.Errorf("game %d: %w", nc.RematchOf, ErrRematchExists)
			}
			rematch = sql.NullInt64{Int64: nc.RematchOf, Valid: true}
		}
		ttl := nc.TTL
		if ttl == 0 {
			ttl = DefaultChallengeTTL
		}
		expires := now.Add(ttl)
		var id int64
		err := tx.QueryRowContext(ctx, `INSERT INTO challenges (challenger, opponent, variant, start, colour, rated, days_per_move,
				clock_ms, increment_ms, guild_id, channel_id, rematch_of, created_at, expires_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			nc.Challenger.ID, opponent, nc.Variant, nc.Start, nc.Colour.String(), nc.Rated, nc.DaysPerMove,
			nc.Clock.Base.Milliseconds(), nc.Clock.Increment.Milliseconds(), nc.GuildID, nc.ChannelID, rematch, millis(now), millis(expires), millis(now)).Scan(&id)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schedule (kind, challenge_id, due) VALUES ('expiry', ?, ?)`, id, millis(expires)); err != nil {
			return err
		}
		changed(ctx, tx, feed.Change{Challenge: id, Kind: feed.Challenged})
		c, err = challenge(ctx, tx, id)
		return err
	})
	if err != nil {
		return Challenge{}, fmt.Errorf("create challenge: %w", err)
	}
	return c, nil
}

// openChallenge reads challenge id in tx and checks that it is still open
// at now.
func openChallenge(ctx context.Context, tx querier, id int64, now time.Time) (Challenge, error) {
	c, err := challenge(ctx, tx, id)
	if err != nil {
		return Challenge{}, err
	}
	if c.Status != Pending {
		return c, fmt.Errorf("challenge %d is %v: %w", id, c.Status, ErrChallengeClosed)
	}
	if !now.Before(c.Expires) {
		return c, fmt.Errorf("challenge %d has expired: %w", id, ErrChallengeClosed)
	}
	return c, nil
}

// closeChallenge sets the status of c in tx and drops its expiry task.
func closeChallenge(ctx context.Context, tx querier, c *Challenge, status ChallengeStatus, now time.Time) error {
	c.Status, c.Updated = status, stamp(now)
	var game sql.NullInt64
	if c.GameID != 0 {
		game = sql.NullInt64{Int64: c.GameID, Valid: true}
	}
	var opponent sql.NullString
	if c.Opponent.ID != "" {
		opponent = sql.NullString{String: c.Opponent.ID, Valid: true}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE challenges SET status = ?, game_id = ?, opponent = ?, updated_at = ? WHERE id = ?`,
		status.String(), game, opponent, millis(now), c.ID); err != nil {
		return fmt.Errorf("close challenge %d: %w", c.ID, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM schedule WHERE challenge_id = ?`, c.ID); err != nil {
		return fmt.Errorf("close challenge %d: %w", c.ID, err)
	}
	changed(ctx, tx, feed.Change{Challenge: c.ID, Kind: closedKinds[status]})
	return nil
}

// closedKinds are the changes that closing a challenge with a status is.
var closedKinds = [...]feed.Kind{Accepted: feed.Accepted, Declined: feed.Refused, Cancelled: feed.Withdrawn, Expired: feed.Expired}

// AcceptChallenge accepts challenge id for the person by and starts the
// game, in one transaction. A challenge addressed to someone else gets
// ErrNotYours; one that is no longer open, ErrChallengeClosed. A random
// colour is drawn now.
func (s *Store) AcceptChallenge(ctx context.Context, id int64, by Player) (Challenge, Game, error) {
	var c Challenge
	var g Game
	err := s.write(ctx, func(tx querier) error {
		now := s.now()
		var err error
		if c, err = openChallenge(ctx, tx, id, now); err != nil {
			return err
		}
		switch {
		case by.ID == c.Challenger.ID:
			return fmt.Errorf("%w: %s cannot accept their own challenge", ErrInvalid, by.ID)
		case c.Opponent.ID != "" && by.ID != c.Opponent.ID:
			return fmt.Errorf("challenge %d is for %s: %w", id, c.Opponent.ID, ErrNotYours)
		}
		c.Opponent = by
		side := engine.Side(0) // the challenger's
		switch c.Colour {
		case SecondColour:
			side = 1
		case RandomColour:
			side = engine.Side(rand.IntN(2))
		}
		ng := NewGame{
			Variant:     c.Variant,
			Start:       c.Start,
			GuildID:     c.GuildID,
			ChannelID:   c.ChannelID,
			Rated:       c.Rated,
			DaysPerMove: c.DaysPerMove,
			Clock:       c.Clock,
			RematchOf:   c.RematchOf,
		}
		ng.Seats[side] = Seat{Player: c.Challenger}
		ng.Seats[side.Other()] = Seat{Player: by}
		if c.GameID, err = s.createGame(ctx, tx, ng, now); err != nil {
			return err
		}
		if err := closeChallenge(ctx, tx, &c, Accepted, now); err != nil {
			return err
		}
		if g, err = game(ctx, tx, c.GameID); err != nil {
			return err
		}
		return gameChanged(ctx, tx, &g, feed.Started)
	})
	if err != nil {
		return Challenge{}, Game{}, fmt.Errorf("accept challenge: %w", err)
	}
	return c, g, nil
}

// DeclineChallenge declines challenge id for the person it is addressed to.
// Nobody can decline an open challenge; its challenger cancels it.
func (s *Store) DeclineChallenge(ctx context.Context, id int64, by string) (Challenge, error) {
	var c Challenge
	err := s.write(ctx, func(tx querier) error {
		now := s.now()
		var err error
		if c, err = openChallenge(ctx, tx, id, now); err != nil {
			return err
		}
		if c.Opponent.ID == "" || c.Opponent.ID != by {
			return fmt.Errorf("challenge %d: %w", id, ErrNotYours)
		}
		return closeChallenge(ctx, tx, &c, Declined, now)
	})
	if err != nil {
		return Challenge{}, fmt.Errorf("decline challenge: %w", err)
	}
	return c, nil
}

// CancelChallenge withdraws challenge id for its challenger.
func (s *Store) CancelChallenge(ctx context.Context, id int64, by string) (Challenge, error) {
	var c Challenge
	err := s.write(ctx, func(tx querier) error {
		now := s.now()
		var err error
		if c, err = openChallenge(ctx, tx, id, now); err != nil {
			return err
		}
		if c.Challenger.ID != by {
			return fmt.Errorf("challenge %d: %w", id, ErrNotYours)
		}
		return closeChallenge(ctx, tx, &c, Cancelled, now)
	})
	if err != nil {
		return Challenge{}, fmt.Errorf("cancel challenge: %w", err)
	}
	return c, nil
}

// ExpireChallenge marks challenge id expired once its time is up, for the
// Expiry task. It returns ErrChallengeClosed if the challenge was answered
// first, and ErrInvalid before its time.
func (s *Store) ExpireChallenge(ctx context.Context, id int64) (Challenge, error) {
	var c Challenge
	err := s.write(ctx, func(tx querier) error {
		now := s.now()
		var err error
		if c, err = challenge(ctx, tx, id); err != nil {
			return err
		}
		switch {
		case c.Status != Pending:
			return fmt.Errorf("challenge %d is %v: %w", id, c.Status, ErrChallengeClosed)
		case now.Before(c.Expires):
			return fmt.Errorf("%w: challenge %d expires at %v", ErrInvalid, id, c.Expires)
		}
		return closeChallenge(ctx, tx, &c, Expired, now)
	})
	if err != nil {
		return Challenge{}, fmt.Errorf("expire challenge: %w", err)
	}
	return c, nil
}
