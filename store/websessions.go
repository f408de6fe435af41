package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// WebSession is a player's session on one game's live board page (package
// web), begun with their private link. The store keeps it so that a
// restart of the bot does not log the player out. It holds no session id,
// only the id's hash, so that a copy of the database lets no one act as
// the player.
type WebSession struct {
	IDHash  string // the SHA-256 of the session's id, in hex
	User    string // the player's user ID
	Game    int64
	CSRF    string // the value the page's changing requests carry
	Expires time.Time
}

// AddWebSession keeps ws, and forgets the sessions that have expired.
func (s *Store) AddWebSession(ctx context.Context, ws WebSession) error {
	if ws.IDHash == "" || ws.User == "" || ws.CSRF == "" {
		return fmt.Errorf("keep a web session: %w: the id's hash, the user and the CSRF value are required", ErrInvalid)
	}
	err := s.write(ctx, func(tx querier) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM web_sessions WHERE expires <= ?`, millis(s.now())); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO web_sessions (id_hash, user_id, game_id, csrf, expires) VALUES (?, ?, ?, ?, ?)`,
			ws.IDHash, ws.User, ws.Game, ws.CSRF, millis(ws.Expires))
		return err
	})
	if err != nil {
		return fmt.Errorf("keep a web session of %s in game %d: %w", ws.User, ws.Game, err)
	}
	return nil
}

// WebSession returns the session whose id hashes to idHash, or ErrNotFound
// if there is none or it has expired.
func (s *Store) WebSession(ctx context.Context, idHash string) (WebSession, error) {
	ws := WebSession{IDHash: idHash}
	var expires sql.NullInt64
	err := s.readers(ctx).QueryRowContext(ctx, `SELECT user_id, game_id, csrf, expires FROM web_sessions WHERE id_hash = ? AND expires > ?`,
		idHash, millis(s.now())).Scan(&ws.User, &ws.Game, &ws.CSRF, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return WebSession{}, fmt.Errorf("a web session: %w", err)
	}
	ws.Expires = fromMillis(expires)
	return ws, nil
}
