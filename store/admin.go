package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
)

// What an operator may do to the data of a person: look at it, delete it,
// reset ratings. Each runs in one transaction, and a dry run (commit false)
// counts what it would do and changes nothing.

// errDryRun rolls back a dry run's transaction.
var errDryRun = errors.New("dry run")

// DeletedName is the name that stands for a person whose data was deleted,
// in the finished games they played.
const DeletedName = "deleted player"

// Deletion counts what DeleteUser did, or would do.
type Deletion struct {
	Player        bool  // the player was known
	Aborted       int64 // their games that were going on, aborted
	Kept          int64 // finished games kept for their opponents, under a pseudonym
	Challenges    int64 // their challenges, sent or received, deleted
	Ratings       int64 // their ratings deleted
	RatingChanges int64 // rating changes of theirs, moved to the pseudonym
	Memberships   int64 // servers they were seen in, forgotten
	Puzzles       int64 // their puzzle attempts deleted (their puzzle ratings go too)
	DailyAnswers  int64 // their answers to servers' daily puzzles deleted
}

// DeleteUser deletes what the store holds about the person with Discord
// ID id, when commit is true: their name, the servers they were seen in,
// their ratings and challenges; their games going on are aborted (never
// rated); and their finished games stay, for their opponents' history and
// ratings, with a pseudonymous player named DeletedName in their seat, so
// that nothing left names or identifies them. With commit false it only
// counts. Either way it returns the counts.
func (s *Store) DeleteUser(ctx context.Context, id string, commit bool) (Deletion, error) {
	var d Deletion
	err := s.write(ctx, func(tx querier) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM players WHERE id = ?`, id).Scan(&n); err != nil {
			return err
		}
		d.Player = n > 0
		if !d.Player {
			return errDryRun // nothing to do
		}
		now := s.now()
		// Games going on: aborted, as a moderator would.
		ids, err := queryIDs(ctx, tx, `SELECT id FROM games WHERE result = '' AND (player0 = ?1 OR player1 = ?1) ORDER BY id`, id)
		if err != nil {
			return err
		}
		for _, gid := range ids {
			g, err := game(ctx, tx, gid)
			if err != nil {
				return err
			}
			if err := s.finish(ctx, tx, &g, End{Result: Aborted, Reason: ReasonDeleted, By: "admin"}, now); err != nil {
				return err
			}
		}
		d.Aborted = int64(len(ids))
		// Finished games: under a pseudonym.
		alias, err := pseudonym()
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO players (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)`,
			alias, DeletedName, millis(now), millis(now)); err != nil {
			return err
		}
		steps := []struct {
			count *int64
			query string
		}{
			{&d.Kept, `UPDATE games SET player0 = CASE player0 WHEN ?1 THEN ?2 ELSE player0 END,
				player1 = CASE player1 WHEN ?1 THEN ?2 ELSE player1 END
				WHERE player0 = ?1 OR player1 = ?1`},
			// Who ended a game: a player, or a moderator in others' games.
			{new(int64), `UPDATE games SET ended_by = ?2 WHERE ended_by = ?1`},
			{&d.RatingChanges, `UPDATE rating_changes SET player_id = ?2 WHERE player_id = ?1`},
			// Tournaments: their tables stand, under the pseudonym.
			{new(int64), `UPDATE tournament_players SET player_id = ?2 WHERE player_id = ?1`},
			{new(int64), `UPDATE tournament_games SET white = ?2 WHERE white = ?1`},
			{new(int64), `UPDATE tournament_games SET black = ?2 WHERE black = ?1`},
			{new(int64), `UPDATE tournaments SET creator_id = ?2 WHERE creator_id = ?1`},
			// The messages of their challenges, which go.
			{new(int64), `DELETE FROM discord_posts WHERE kind = 'challenge'
				AND id IN (SELECT id FROM challenges WHERE challenger = ?1 OR opponent = ?1) AND ?2 <> ''`},
			{&d.Challenges, `DELETE FROM challenges WHERE (challenger = ?1 OR opponent = ?1) AND ?2 <> ''`},
			{&d.Ratings, `DELETE FROM ratings WHERE player_id = ?1 AND ?2 <> ''`},
			{&d.Memberships, `DELETE FROM members WHERE player_id = ?1 AND ?2 <> ''`},
			{new(int64), `DELETE FROM web_sessions WHERE user_id = ?1 AND ?2 <> ''`},
			{new(int64), `DELETE FROM page_ids WHERE kind = 'player' AND subject = ?1 AND ?2 <> ''`},
			{&d.Puzzles, `DELETE FROM puzzle_attempts WHERE player_id = ?1 AND ?2 <> ''`},
			{&d.DailyAnswers, `DELETE FROM daily_solves WHERE player_id = ?1 AND ?2 <> ''`},
			{new(int64), `DELETE FROM puzzle_players WHERE player_id = ?1 AND ?2 <> ''`},
			{new(int64), `DELETE FROM players WHERE id = ?1 AND ?2 <> ''`},
		}
		for _, st := range steps {
			res, err := tx.ExecContext(ctx, st.query, id, alias)
			if err != nil {
				return fmt.Errorf("delete user %s: %w", id, err)
			}
			if *st.count, err = res.RowsAffected(); err != nil {
				return err
			}
		}
		d.Kept -= d.Aborted // the aborted games are kept too, but counted apart
		if !commit {
			return errDryRun
		}
		return nil
	})
	if err != nil && !errors.Is(err, errDryRun) {
		return Deletion{}, fmt.Errorf("delete user %s: %w", id, err)
	}
	return d, nil
}

// pseudonym returns a new player ID that stands for a deleted person.
func pseudonym() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "deleted-" + hex.EncodeToString(b), nil
}

// queryIDs returns the integers a query selects.
func queryIDs(ctx context.Context, tx querier, query string, args ...any) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// ResetRatings removes the ratings of variant (every variant when empty)
// of the player with ID player (every player when empty), when commit is
// true, so that they start again from InitialRating; the games and their
// recorded rating changes stay. It returns the number of ratings reset (or
// that would be, with commit false).
func (s *Store) ResetRatings(ctx context.Context, variant, player string, commit bool) (int64, error) {
	var n int64
	err := s.write(ctx, func(tx querier) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM ratings WHERE (?1 = '' OR variant = ?1) AND (?2 = '' OR player_id = ?2)`, variant, player)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err != nil {
			return err
		}
		if !commit {
			return errDryRun
		}
		return nil
	})
	if err != nil && !errors.Is(err, errDryRun) {
		return 0, fmt.Errorf("reset ratings: %w", err)
	}
	return n, nil
}

// UserData is what the store holds about one person, for them to see.
type UserData struct {
	Player  Player   `json:"player"`
	Servers []string `json:"servers"` // the servers (guild IDs) they were seen in
	Ratings []Rating `json:"ratings"`
	Games   []Game   `json:"games"` // every game they played, with its moves
	Moves   [][]Move `json:"moves"` // by game, in the order of Games
	// PuzzleRatings are their puzzle ratings, one per game they tried
	// puzzles in; PuzzleAttempts their first attempt at each puzzle, and
	// DailyAnswers their answers to servers' daily puzzles.
	PuzzleRatings  []PuzzleStanding `json:"puzzle_ratings"`
	PuzzleAttempts []PuzzleTry      `json:"puzzle_attempts"`
	DailyAnswers   []DailySolve     `json:"daily_answers"`
}

// User returns what the store holds about the person with ID id, or
// ErrNotFound.
func (s *Store) User(ctx context.Context, id string) (UserData, error) {
	pr, err := s.Profile(ctx, id, 1)
	if err != nil {
		return UserData{}, fmt.Errorf("user %s: %w", id, err)
	}
	u := UserData{Player: pr.Player, Ratings: pr.Ratings}
	err = s.read(ctx, func(tx querier) error {
		rows, err := tx.QueryContext(ctx, `SELECT guild_id FROM members WHERE player_id = ? ORDER BY guild_id`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var g string
			if err := rows.Scan(&g); err != nil {
				return err
			}
			u.Servers = append(u.Servers, g)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if u.PuzzleRatings, u.PuzzleAttempts, err = puzzlesOf(ctx, tx, id); err != nil {
			return err
		}
		u.DailyAnswers, err = dailySolves(ctx, tx, `s.player_id = ?`, id)
		return err
	})
	if err != nil {
		return UserData{}, fmt.Errorf("user %s: %w", id, err)
	}
	for offset := 0; ; offset += 100 {
		games, err := s.Games(ctx, GameQuery{Player: id, Limit: 100, Offset: offset})
		if err != nil {
			return UserData{}, err
		}
		for _, g := range games {
			moves, err := s.Moves(ctx, g.ID)
			if err != nil {
				return UserData{}, err
			}
			u.Games = append(u.Games, g)
			u.Moves = append(u.Moves, moves)
		}
		if len(games) < 100 {
			return u, nil
		}
	}
}
