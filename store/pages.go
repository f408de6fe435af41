package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// PageKind is a kind of the web's pages that are addressed by a public id
// drawn for them (PageID): what has no public id of its own.
type PageKind string

// The kinds of pages with a public id.
const (
	PlayerPage PageKind = "player" // a player's page; its subject is the player's id
	ServerPage PageKind = "server" // a server's leaderboards; its subject is the server's id
	InvitePage PageKind = "invite" // an invitation to play; its subject is the challenge's number
)

// PageID returns the public id of the page of kind about subject, drawing
// one the first time it is asked for: the same id ever after, for every
// process on the database.
func (s *Store) PageID(ctx context.Context, kind PageKind, subject string) (string, error) {
	if kind == "" || subject == "" {
		return "", fmt.Errorf("a page's id: %w: the kind and the subject are required", ErrInvalid)
	}
	var pid string
	err := s.write(ctx, func(tx querier) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO page_ids (kind, subject, public_id) VALUES (?, ?, ?) ON CONFLICT (kind, subject) DO NOTHING`,
			string(kind), subject, newPublicID()); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT public_id FROM page_ids WHERE kind = ? AND subject = ?`, string(kind), subject).Scan(&pid)
	})
	if err != nil {
		return "", fmt.Errorf("the %s page of %s: %w", kind, subject, err)
	}
	return pid, nil
}

// PageSubject returns the subject of the page of kind whose public id is
// pid; ErrNotFound when there is none, or when pid has not the form of a
// public id.
func (s *Store) PageSubject(ctx context.Context, kind PageKind, pid string) (string, error) {
	if !ValidPublicID(pid) {
		return "", fmt.Errorf("%s page %q: %w", kind, pid, ErrNotFound)
	}
	var subject string
	err := s.readers(ctx).QueryRowContext(ctx, `SELECT subject FROM page_ids WHERE kind = ? AND public_id = ?`, string(kind), pid).Scan(&subject)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("%s page %s: %w", kind, pid, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("%s page %s: %w", kind, pid, err)
	}
	return subject, nil
}

// ListGame lists game id on the web's home page, for anyone to watch. Only
// a game played off Discord may be listed (ErrInvalid otherwise): its
// watch link is its players' to give.
func (s *Store) ListGame(ctx context.Context, id int64) error {
	err := s.write(ctx, func(tx querier) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO listed_games (game_id, listed_at)
			SELECT id, ? FROM games WHERE id = ? AND guild_id = '' AND channel_id = '' ON CONFLICT (game_id) DO NOTHING`, millis(s.now()), id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n > 0 {
			return err
		}
		var listed int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM listed_games WHERE game_id = ?`, id).Scan(&listed); err != nil {
			return err
		}
		if listed == 0 {
			return fmt.Errorf("%w: only a game played off Discord can be listed", ErrInvalid)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("list game %d: %w", id, err)
	}
	return nil
}

// ListedGames returns the listed games going on, the latest changed first
// (limit: 25 when zero, at most 100).
func (s *Store) ListedGames(ctx context.Context, n int) ([]Game, error) {
	return s.games(ctx, s.readers(ctx), gameSelect+`JOIN listed_games l ON l.game_id = g.id WHERE g.result = ''
		ORDER BY g.updated_at DESC, g.id DESC LIMIT ?`, limit(n, 25))
}

// RatingPoint is a player's rating after one rated game.
type RatingPoint struct {
	Variant string // the rating's key, as Rating.Variant (Game.RatingVariant)
	Rating  int
	At      time.Time // when the game ended
}

// RatingHistory returns the ratings player had after each of their latest
// rated games (at most 500), oldest first.
func (s *Store) RatingHistory(ctx context.Context, player string) ([]RatingPoint, error) {
	rows, err := s.readers(ctx).QueryContext(ctx, `SELECT variant, clock_ms, after, ended_at FROM (
		SELECT g.variant, g.clock_ms, c.after, g.ended_at, g.id FROM rating_changes c JOIN games g ON g.id = c.game_id
		WHERE c.player_id = ? ORDER BY g.ended_at DESC, g.id DESC LIMIT 500) AS h ORDER BY ended_at, id`, player)
	if err != nil {
		return nil, fmt.Errorf("rating history of %s: %w", player, err)
	}
	defer rows.Close()
	var out []RatingPoint
	for rows.Next() {
		var (
			g     Game
			rp    RatingPoint
			clock int64
			ended sql.NullInt64
		)
		if err := rows.Scan(&g.Variant, &clock, &rp.Rating, &ended); err != nil {
			return nil, fmt.Errorf("rating history of %s: %w", player, err)
		}
		g.Clock.Base = time.Duration(clock) * time.Millisecond
		rp.Variant, rp.At = g.RatingVariant(), fromMillis(ended)
		out = append(out, rp)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("rating history of %s: %w", player, err)
	}
	return out, nil
}
