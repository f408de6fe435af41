package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Posted names what the Discord bot posted: a game's board, a challenge's
// message, a tournament's sign-up message (and its thread).
type Posted string

// What is posted, as the discord_posts table keys it.
const (
	PostedGame       Posted = "game"
	PostedChallenge  Posted = "challenge"
	PostedTournament Posted = "tournament"
)

// Post is where the Discord bot shows one game, challenge or tournament:
// the bot's own bookkeeping, kept in a table of its own (discord_posts)
// through its port (bot.Posts), which the game service neither reads nor
// writes. The zero Post is nothing posted.
type Post struct {
	// Thread is the thread it is in: a game's board moved there with
	// /board (or played in its tournament's thread), a tournament's thread
	// for its rounds; "" for the channel it was started in.
	Thread string
	// Message is the message that shows it; "" before one is posted.
	Message string
	// Drawn is, for a game, the game's version its board shows (see
	// SetDrawn and StaleBoards).
	Drawn int64
	// Announced is, for a tournament, the last round whose pairings were
	// posted.
	Announced int
}

// Post returns where what id is posted: the zero Post when nothing is.
func (s *Store) Post(ctx context.Context, what Posted, id int64) (Post, error) {
	var p Post
	err := s.readers(ctx).QueryRowContext(ctx, `SELECT thread_id, message_id, drawn_version, announced
		FROM discord_posts WHERE kind = ? AND id = ?`, string(what), id).Scan(&p.Thread, &p.Message, &p.Drawn, &p.Announced)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return Post{}, fmt.Errorf("where %s %d is posted: %w", what, id, err)
	}
	return p, nil
}

// SetPost records where what id is posted: its thread ("" for its
// channel) and its message. What the post shows (Drawn, Announced) stays.
func (s *Store) SetPost(ctx context.Context, what Posted, id int64, thread, message string) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO discord_posts (kind, id, thread_id, message_id) VALUES (?, ?, ?, ?)
			ON CONFLICT (kind, id) DO UPDATE SET thread_id = excluded.thread_id, message_id = excluded.message_id`,
			string(what), id, thread, message)
		return err
	})
	if err != nil {
		return fmt.Errorf("record where %s %d is posted: %w", what, id, err)
	}
	return nil
}

// SetFirstPost records where what id is posted, as SetPost does, unless
// it has a message already: it reports whether it did. Of two processes
// that both posted a game's board, one records its message and the other
// learns that it is to delete its own.
func (s *Store) SetFirstPost(ctx context.Context, what Posted, id int64, thread, message string) (bool, error) {
	first := false
	err := s.write(ctx, func(tx querier) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO discord_posts (kind, id, thread_id, message_id) VALUES (?, ?, ?, ?)
			ON CONFLICT (kind, id) DO UPDATE SET thread_id = excluded.thread_id, message_id = excluded.message_id
			WHERE discord_posts.message_id = ''`, string(what), id, thread, message)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		first = n == 1
		return err
	})
	if err != nil {
		return false, fmt.Errorf("record where %s %d is first posted: %w", what, id, err)
	}
	return first, nil
}

// SetDrawn records that game id's board shows the game at version. It
// records nothing unless that is the game's current version, so that a
// late record of an older drawing never hides a board that is behind.
func (s *Store) SetDrawn(ctx context.Context, id, version int64) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `UPDATE discord_posts SET drawn_version = ?1
			WHERE kind = 'game' AND id = ?2 AND drawn_version <> ?1 AND ?1 = (SELECT version FROM games WHERE id = ?2)`, version, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("record the board of game %d: %w", id, err)
	}
	return nil
}

// SetAnnounced records that tournament id's round's pairings were posted
// (a later round's record stands).
func (s *Store) SetAnnounced(ctx context.Context, id int64, round int) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO discord_posts (kind, id, announced) VALUES ('tournament', ?1, ?2)
			ON CONFLICT (kind, id) DO UPDATE SET announced = ?2 WHERE discord_posts.announced < ?2`, id, round)
		return err
	})
	if err != nil {
		return fmt.Errorf("record round %d of tournament %d announced: %w", round, id, err)
	}
	return nil
}

// StaleBoards returns the IDs of the games whose board shows another
// version than the game has, oldest first: a change was recorded but its
// board edit did not happen.
func (s *Store) StaleBoards(ctx context.Context) ([]int64, error) {
	ids, err := s.gameIDs(ctx, `SELECT p.id FROM discord_posts p JOIN games g ON g.id = p.id
		WHERE p.kind = 'game' AND p.message_id <> '' AND p.drawn_version <> g.version ORDER BY p.id`)
	if err != nil {
		return nil, fmt.Errorf("boards behind their games: %w", err)
	}
	return ids, nil
}

// UnshownGames returns the IDs of the games going on in a channel that
// have no board, oldest first, tournaments' aside (a round posts its
// boards): games started through another adapter whose board is yet to
// be posted.
func (s *Store) UnshownGames(ctx context.Context) ([]int64, error) {
	ids, err := s.gameIDs(ctx, `SELECT id FROM games WHERE result = '' AND channel_id <> ''
		AND NOT EXISTS (SELECT 1 FROM discord_posts p WHERE p.kind = 'game' AND p.id = games.id AND p.message_id <> '')
		AND NOT EXISTS (SELECT 1 FROM tournament_games tg WHERE tg.game_id = games.id) ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("games without their boards: %w", err)
	}
	return ids, nil
}
