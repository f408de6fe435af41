package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Glicko is a Glicko-2 rating as the store keeps it: a puzzle's, or a
// player's puzzle rating in one game. Package puzzle computes them.
type Glicko struct {
	R, RD, Vol float64
}

// PuzzleAttempt is a player's attempt at a puzzle, to record.
type PuzzleAttempt struct {
	Player   Player
	Variant  string
	PuzzleID string
	Solved   bool
	// Seed is the puzzle's rating before anyone tried it, and New a
	// player's rating before their first puzzle in the game.
	Seed, New Glicko
}

// PuzzleResult is what recording an attempt did.
type PuzzleResult struct {
	// First is false when the player had tried the puzzle before: then
	// nothing changed, and the ratings are as they stand.
	First bool
	// Player and Puzzle are the ratings before the attempt, and
	// PlayerAfter and PuzzleAfter after it.
	Player, PlayerAfter, Puzzle, PuzzleAfter Glicko
}

// RecordPuzzleAttempt records a player's attempt at a puzzle and, if it is
// their first at it, the new ratings rate computes from the ratings before
// (the player's, the puzzle's) in one transaction; a later attempt changes
// nothing.
func (s *Store) RecordPuzzleAttempt(ctx context.Context, a PuzzleAttempt, rate func(player, puzzle Glicko, solved bool) (Glicko, Glicko)) (PuzzleResult, error) {
	var res PuzzleResult
	err := s.write(ctx, func(tx querier) error {
		now := s.now()
		if err := upsertPlayer(ctx, tx, a.Player, now); err != nil {
			return err
		}
		var err error
		if res.Player, _, err = puzzlePlayer(ctx, tx, a.Player.ID, a.Variant, a.New); err != nil {
			return err
		}
		if res.Puzzle, err = puzzleRating(ctx, tx, a.PuzzleID, a.Seed); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM puzzle_attempts WHERE player_id = ? AND puzzle_id = ?`, a.Player.ID, a.PuzzleID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			res.PlayerAfter, res.PuzzleAfter = res.Player, res.Puzzle
			return nil
		}
		res.First = true
		res.PlayerAfter, res.PuzzleAfter = rate(res.Player, res.Puzzle, a.Solved)
		solved := boolInt(a.Solved)
		p, z := res.PlayerAfter, res.PuzzleAfter
		steps := []struct {
			query string
			args  []any
		}{
			{`INSERT INTO puzzle_attempts (player_id, puzzle_id, variant, solved, rating_before, rating_after, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				[]any{a.Player.ID, a.PuzzleID, a.Variant, solved, res.Player.R, p.R, millis(now)}},
			{`INSERT INTO puzzle_players (player_id, variant, rating, rd, vol, attempts, solved, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7)
				ON CONFLICT (player_id, variant) DO UPDATE SET rating = ?3, rd = ?4, vol = ?5,
				attempts = puzzle_players.attempts + 1, solved = puzzle_players.solved + ?6, updated_at = ?7`,
				[]any{a.Player.ID, a.Variant, p.R, p.RD, p.Vol, solved, millis(now)}},
			{`INSERT INTO puzzle_ratings (puzzle_id, variant, rating, rd, vol, plays, solves) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)
				ON CONFLICT (puzzle_id) DO UPDATE SET rating = ?3, rd = ?4, vol = ?5,
				plays = puzzle_ratings.plays + 1, solves = puzzle_ratings.solves + ?6`,
				[]any{a.PuzzleID, a.Variant, z.R, z.RD, z.Vol, solved}},
		}
		for _, st := range steps {
			if _, err := tx.ExecContext(ctx, st.query, st.args...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return PuzzleResult{}, fmt.Errorf("record %s's attempt at puzzle %s: %w", a.Player.ID, a.PuzzleID, err)
	}
	return res, nil
}

// puzzlePlayer reads a player's puzzle rating in a variant and the number
// of puzzles they tried: def and 0 if none.
func puzzlePlayer(ctx context.Context, q querier, player, variant string, def Glicko) (Glicko, int, error) {
	g, n := def, 0
	err := q.QueryRowContext(ctx, `SELECT rating, rd, vol, attempts FROM puzzle_players WHERE player_id = ? AND variant = ?`, player, variant).Scan(&g.R, &g.RD, &g.Vol, &n)
	if errors.Is(err, sql.ErrNoRows) {
		return def, 0, nil
	}
	if err != nil {
		return Glicko{}, 0, fmt.Errorf("puzzle rating of %s in %s: %w", player, variant, err)
	}
	return g, n, nil
}

// puzzleRating reads a puzzle's rating: seed if nobody tried it.
func puzzleRating(ctx context.Context, q querier, id string, seed Glicko) (Glicko, error) {
	g := seed
	err := q.QueryRowContext(ctx, `SELECT rating, rd, vol FROM puzzle_ratings WHERE puzzle_id = ?`, id).Scan(&g.R, &g.RD, &g.Vol)
	if errors.Is(err, sql.ErrNoRows) {
		return seed, nil
	}
	if err != nil {
		return Glicko{}, fmt.Errorf("rating of puzzle %s: %w", id, err)
	}
	return g, nil
}

// PuzzlePlayer returns a player's puzzle rating in a variant (def before
// their first puzzle there) and how many puzzles they tried in it.
func (s *Store) PuzzlePlayer(ctx context.Context, player, variant string, def Glicko) (Glicko, int, error) {
	return puzzlePlayer(ctx, s.readers(ctx), player, variant, def)
}

// PuzzleRatings returns the ratings of the puzzles of a variant that
// someone has tried, by puzzle ID.
func (s *Store) PuzzleRatings(ctx context.Context, variant string) (map[string]Glicko, error) {
	rows, err := s.readers(ctx).QueryContext(ctx, `SELECT puzzle_id, rating, rd, vol FROM puzzle_ratings WHERE variant = ?`, variant)
	if err != nil {
		return nil, fmt.Errorf("puzzle ratings of %s: %w", variant, err)
	}
	defer rows.Close()
	out := map[string]Glicko{}
	for rows.Next() {
		var id string
		var g Glicko
		if err := rows.Scan(&id, &g.R, &g.RD, &g.Vol); err != nil {
			return nil, err
		}
		out[id] = g
	}
	return out, rows.Err()
}

// PuzzlesTried returns the IDs of the puzzles of a variant that a player
// has tried.
func (s *Store) PuzzlesTried(ctx context.Context, player, variant string) (map[string]bool, error) {
	rows, err := s.readers(ctx).QueryContext(ctx, `SELECT puzzle_id FROM puzzle_attempts WHERE player_id = ? AND variant = ?`, player, variant)
	if err != nil {
		return nil, fmt.Errorf("puzzles tried by %s: %w", player, err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

// PuzzleStanding is a player's puzzle rating in one game.
type PuzzleStanding struct {
	Variant  string
	Rating   Glicko
	Attempts int // the puzzles they tried
	Solved   int // of which they solved
	Updated  time.Time
}

// PuzzleTry is a player's first attempt at a puzzle, the one that counts.
type PuzzleTry struct {
	Puzzle  string // the puzzle's ID
	Variant string
	Solved  bool
	// RatingBefore and RatingAfter are the player's puzzle rating before
	// and after it.
	RatingBefore, RatingAfter float64
	At                        time.Time
}

// puzzlesOf returns a player's puzzle ratings, by game, and their
// attempts, in the order they made them.
func puzzlesOf(ctx context.Context, q querier, player string) ([]PuzzleStanding, []PuzzleTry, error) {
	rows, err := q.QueryContext(ctx, `SELECT variant, rating, rd, vol, attempts, solved, updated_at FROM puzzle_players WHERE player_id = ? ORDER BY variant`, player)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var ps []PuzzleStanding
	for rows.Next() {
		var p PuzzleStanding
		var at int64
		if err := rows.Scan(&p.Variant, &p.Rating.R, &p.Rating.RD, &p.Rating.Vol, &p.Attempts, &p.Solved, &at); err != nil {
			return nil, nil, err
		}
		p.Updated = time.UnixMilli(at).UTC()
		ps = append(ps, p)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	rows.Close()
	rows, err = q.QueryContext(ctx, `SELECT puzzle_id, variant, solved, rating_before, rating_after, at FROM puzzle_attempts WHERE player_id = ? ORDER BY at, puzzle_id`, player)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var ts []PuzzleTry
	for rows.Next() {
		var t PuzzleTry
		var solved int
		var at int64
		if err := rows.Scan(&t.Puzzle, &t.Variant, &solved, &t.RatingBefore, &t.RatingAfter, &at); err != nil {
			return nil, nil, err
		}
		t.Solved, t.At = solved != 0, time.UnixMilli(at).UTC()
		ts = append(ts, t)
	}
	return ps, ts, rows.Err()
}
