package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// GamePuzzle is a puzzle found in a server's own game, as the store keeps
// it: package puzzle's Puzzle, with the server whose members it is shown
// to and the game it comes from.
type GamePuzzle struct {
	ID, Variant, Position string
	// Line is the solution in notation, the solver's moves and the
	// opponent's replies in turn.
	Line []string
	// Seed is the rating the puzzle starts with; Origin says where in the
	// game it was found ("game #12, ply 41").
	Seed   int
	Origin string
	// GuildID is the server of the game, GameID the game.
	GuildID string
	GameID  int64
}

// ClaimMining takes the newest finished game of a server (with two plies
// at least) that is not mined yet and that no process holds, for the
// caller alone until lease has passed, and returns its number; false when
// there is none. SaveGamePuzzles marks it mined; RenewMining holds it
// longer; if the caller dies holding it, another takes it once the lease
// has passed (on SQLite, at the next start: ReleaseClaims). Games of
// direct messages and games played off Discord are never taken.
func (s *Store) ClaimMining(ctx context.Context, lease time.Duration) (int64, bool, error) {
	var id int64
	err := s.write(ctx, func(tx querier) error {
		id = 0
		now := millis(s.now())
		ids, err := queryIDs(ctx, tx, `SELECT g.id FROM games g WHERE g.guild_id <> '' AND g.result <> '' AND g.ply >= 2
			AND NOT EXISTS (SELECT 1 FROM puzzle_mining m WHERE m.game_id = g.id AND (m.done = 1 OR m.lease_until > ?))
			ORDER BY g.id DESC LIMIT 8`, now)
		if err != nil {
			return err
		}
		for _, g := range ids {
			res, err := tx.ExecContext(ctx, `INSERT INTO puzzle_mining (game_id, lease_until) VALUES (?1, ?2)
				ON CONFLICT (game_id) DO UPDATE SET lease_until = ?2
				WHERE puzzle_mining.done = 0 AND puzzle_mining.lease_until <= ?3`, g, now+lease.Milliseconds(), now)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 1 {
				id = g
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, false, fmt.Errorf("claim a game to mine for puzzles: %w", err)
	}
	return id, id != 0, nil
}

// RenewMining holds the claim on game for lease from now.
func (s *Store) RenewMining(ctx context.Context, game int64, lease time.Duration) error {
	return s.setMiningLease(ctx, game, millis(s.now())+lease.Milliseconds())
}

// ReleaseMining ends the claim on game without marking it mined (the
// caller stopped): it is taken again.
func (s *Store) ReleaseMining(ctx context.Context, game int64) error {
	return s.setMiningLease(ctx, game, 0)
}

func (s *Store) setMiningLease(ctx context.Context, game, until int64) error {
	err := s.write(ctx, func(tx querier) error {
		_, err := tx.ExecContext(ctx, `UPDATE puzzle_mining SET lease_until = ? WHERE game_id = ? AND done = 0`, until, game)
		return err
	})
	if err != nil {
		return fmt.Errorf("the claim on game %d to mine: %w", game, err)
	}
	return nil
}

// SaveGamePuzzles records the puzzles found in game and marks it mined,
// in one transaction. A puzzle that its server has already (the same
// position, found in another of its games) stays as it was.
func (s *Store) SaveGamePuzzles(ctx context.Context, game int64, pzs []GamePuzzle) error {
	err := s.write(ctx, func(tx querier) error {
		now := millis(s.now())
		for _, p := range pzs {
			if _, err := tx.ExecContext(ctx, `INSERT INTO game_puzzles (guild_id, puzzle_id, variant, position, line, seed, origin, game_id, found_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, puzzle_id) DO NOTHING`,
				p.GuildID, p.ID, p.Variant, p.Position, strings.Join(p.Line, " "), p.Seed, p.Origin, game, now); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO puzzle_mining (game_id, lease_until, done, puzzles) VALUES (?1, 0, 1, ?2)
			ON CONFLICT (game_id) DO UPDATE SET lease_until = 0, done = 1, puzzles = ?2`, game, len(pzs))
		return err
	})
	if err != nil {
		return fmt.Errorf("the puzzles of game %d: %w", game, err)
	}
	return nil
}

// MinedGame reports whether game is mined, and how many puzzles it gave.
func (s *Store) MinedGame(ctx context.Context, game int64) (mined bool, puzzles int, err error) {
	err = s.readers(ctx).QueryRowContext(ctx, `SELECT done, puzzles FROM puzzle_mining WHERE game_id = ?`, game).Scan(&mined, &puzzles)
	if errors.Is(err, sql.ErrNoRows) {
		return false, 0, nil
	}
	if err != nil {
		return false, 0, fmt.Errorf("the mining of game %d: %w", game, err)
	}
	return mined, puzzles, nil
}

const gamePuzzleColumns = `puzzle_id, variant, position, line, seed, origin, guild_id, game_id`

// GamePuzzles returns the puzzles of variant found in the games of server
// guild, in the order they were found.
func (s *Store) GamePuzzles(ctx context.Context, guild, variant string) ([]GamePuzzle, error) {
	rows, err := s.readers(ctx).QueryContext(ctx, `SELECT `+gamePuzzleColumns+` FROM game_puzzles
		WHERE guild_id = ? AND variant = ? ORDER BY found_at, puzzle_id`, guild, variant)
	if err != nil {
		return nil, fmt.Errorf("the puzzles of server %s's games: %w", guild, err)
	}
	defer rows.Close()
	var out []GamePuzzle
	for rows.Next() {
		p, err := scanGamePuzzle(rows)
		if err != nil {
			return nil, fmt.Errorf("the puzzles of server %s's games: %w", guild, err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// GamePuzzle returns the puzzle of server guild's games with ID id; false
// when it has none.
func (s *Store) GamePuzzle(ctx context.Context, guild, id string) (GamePuzzle, bool, error) {
	p, err := scanGamePuzzle(s.readers(ctx).QueryRowContext(ctx, `SELECT `+gamePuzzleColumns+` FROM game_puzzles
		WHERE guild_id = ? AND puzzle_id = ?`, guild, id))
	if errors.Is(err, sql.ErrNoRows) {
		return GamePuzzle{}, false, nil
	}
	if err != nil {
		return GamePuzzle{}, false, fmt.Errorf("puzzle %s of server %s: %w", id, guild, err)
	}
	return p, true, nil
}

func scanGamePuzzle(r interface{ Scan(...any) error }) (GamePuzzle, error) {
	var p GamePuzzle
	var line string
	if err := r.Scan(&p.ID, &p.Variant, &p.Position, &line, &p.Seed, &p.Origin, &p.GuildID, &p.GameID); err != nil {
		return GamePuzzle{}, err
	}
	p.Line = strings.Fields(line)
	return p, nil
}
