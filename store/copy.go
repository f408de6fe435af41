package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/zugbot/zugbot/engine"
)

// copyTables are the tables a copy carries, in an order their references
// allow (a game's rematch_of is an older game, inserted before it; a daily
// puzzle's timer in schedule names its server's daily_channels row).
var copyTables = []string{
	"players", "games", "moves", "challenges", "ratings", "rating_changes", "members", "analyses",
	"tournaments", "tournament_players", "tournament_games", "daily_channels", "daily_posts", "daily_solves",
	"schedule", "alive", "web_sessions", "away",
	"page_ids", "listed_games", "discord_posts",
	"puzzle_ratings", "puzzle_players", "puzzle_attempts",
	"puzzle_mining", "game_puzzles",
}

// uncopiedTables are the tables a copy leaves behind, each for its reason:
// the migrations' record, which Open writes on both sides, and the
// heartbeats of the zugbot worker processes using the database copied from,
// which are not the new database's.
var uncopiedTables = []string{"schema_migrations", "workers"}

// identityTables are the tables whose id a new row takes from a sequence
// on PostgreSQL, which a copy moves past the ids it brought.
var identityTables = []string{"games", "challenges", "schedule", "tournaments"}

// Copied is what CopyInto copied: the rows of each table, and the games
// replayed on both sides to the same position.
type Copied struct {
	Rows     map[string]int64
	Replayed int
}

// ErrNotEmpty means that the database a copy was to go into already has
// players or games.
var ErrNotEmpty = errors.New("the database to copy into is not empty")

// CopyInto copies everything s holds into dst, which must be empty (on the
// same schema version: both are opened by Open), in one transaction read
// from one snapshot of s, so it may run while the bot uses s (what changes
// after the snapshot is not copied). It then checks the copy: the rows of
// every table counted on both sides, and every game loaded from each and
// replayed to the same position, ply and result.
func (s *Store) CopyInto(ctx context.Context, dst *Store) (Copied, error) {
	var n int
	if err := dst.reads.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM players) + (SELECT count(*) FROM games)`).Scan(&n); err != nil {
		return Copied{}, fmt.Errorf("copy: %w", err)
	}
	if n > 0 {
		return Copied{}, fmt.Errorf("copy: %w", ErrNotEmpty)
	}
	c := Copied{Rows: map[string]int64{}}
	err := s.read(ctx, func(src querier) error {
		return dst.write(ctx, func(tx querier) error {
			for _, table := range copyTables {
				rows, err := copyTable(ctx, src, tx, table)
				if err != nil {
					return fmt.Errorf("copy %s: %w", table, err)
				}
				c.Rows[table] = rows
			}
			if !dst.pg {
				return nil
			}
			for _, table := range identityTables {
				if _, err := tx.ExecContext(ctx, fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('%[1]s', 'id'),
					coalesce((SELECT max(id) FROM %[1]s), 0) + 1, false)`, table)); err != nil {
					return fmt.Errorf("move the ids of %s on: %w", table, err)
				}
			}
			return nil
		})
	})
	if err != nil {
		return Copied{}, err
	}
	for _, table := range copyTables {
		var got int64
		if err := dst.reads.QueryRowContext(ctx, `SELECT count(*) FROM `+table).Scan(&got); err != nil {
			return c, fmt.Errorf("check the copy of %s: %w", table, err)
		}
		if got != c.Rows[table] {
			return c, fmt.Errorf("check the copy: %s has %d rows, %d were copied", table, got, c.Rows[table])
		}
	}
	ids, err := s.gameIDs(ctx, `SELECT id FROM games ORDER BY id`)
	if err != nil {
		return c, err
	}
	for _, id := range ids {
		a, errA := s.Load(ctx, id)
		b, errB := dst.Load(ctx, id)
		switch {
		case errors.Is(errA, ErrUnknownVariant) || errors.Is(errA, ErrReplay):
			continue // not replayable here either way: the rows were compared
		case errA != nil:
			return c, fmt.Errorf("check the copy: game %d: %w", id, errA)
		case errB != nil:
			return c, fmt.Errorf("check the copy: game %d in the copy: %w", id, errB)
		case a.Game.Ply != b.Game.Ply || a.Game.Result != b.Game.Result || engine.String(a.Position) != engine.String(b.Position):
			return c, fmt.Errorf("check the copy: game %d replays to %s at ply %d, but to %s at ply %d in the copy",
				id, engine.String(a.Position), a.Game.Ply, engine.String(b.Position), b.Game.Ply)
		}
		c.Replayed++
	}
	return c, nil
}

// copyTable copies table from src into dst, column by column as src has
// them, and returns the rows copied.
func copyTable(ctx context.Context, src, dst querier, table string) (int64, error) {
	rows, err := src.QueryContext(ctx, `SELECT * FROM `+table)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return 0, err
	}
	insert := fmt.Sprintf(`INSERT INTO %s (%s) VALUES (%s)`, table, strings.Join(cols, ", "),
		strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", "))
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var n int64
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		args := make([]any, len(vals))
		for i, v := range vals {
			if b, ok := v.([]byte); ok { // text, as some drivers hand it over
				v = string(b)
			}
			args[i] = v
		}
		if _, err := dst.ExecContext(ctx, insert, args...); err != nil {
			return n, err
		}
		n++
	}
	return n, rows.Err()
}
