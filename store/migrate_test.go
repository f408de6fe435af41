package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zola"
)

// freshDB returns an empty database for a test (a SQLite file, or a
// PostgreSQL schema in the run on PostgreSQL) and the migrations it takes.
func freshDB(t *testing.T) (string, []migration) {
	t.Helper()
	if pg != nil {
		u, err := pg.URL()
		if err != nil {
			t.Fatal(err)
		}
		return u, postgresMigrations
	}
	return filepath.Join(t.TempDir(), "z.db"), sqliteMigrations
}

// TestMigrationsMatch: both databases take the same steps.
func TestMigrationsMatch(t *testing.T) {
	if len(sqliteMigrations) != len(postgresMigrations) {
		t.Fatalf("%d SQLite migrations, %d PostgreSQL ones", len(sqliteMigrations), len(postgresMigrations))
	}
	for i, m := range sqliteMigrations {
		if p := postgresMigrations[i]; p.name != m.name || p.version != m.version {
			t.Errorf("migration %d: SQLite's %s, PostgreSQL's %s", i+1, m.name, p.name)
		}
	}
}

func TestMigrationsFromEmpty(t *testing.T) {
	ctx := context.Background()
	path, _ := freshDB(t)
	for i := range 2 { // the second open finds nothing to do
		s, err := Open(ctx, path, Options{})
		if err != nil {
			t.Fatalf("open %d: %v", i, err)
		}
		v, err := s.Version(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if v != latest(sqliteMigrations) {
			t.Errorf("open %d: version %d, want %d", i, v, latest(sqliteMigrations))
		}
		var names []string
		rows, err := s.reads.QueryContext(ctx, `SELECT name FROM schema_migrations ORDER BY version`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var n string
			rows.Scan(&n)
			names = append(names, n)
		}
		rows.Close()
		want := []string{"0001_init", "0002_indexes", "0003_members", "0004_task_attempts", "0005_drawn_boards", "0006_analysis", "0007_clocks", "0008_tournaments", "0009_claims", "0010_web_sessions", "0011_away", "0012_workers", "0013_analysis_timer", "0014_public_ids", "0015_game_versions", "0016_reply_cause", "0018_pages", "0019_puzzles", "0020_daily_puzzle", "0021_game_puzzles", "0022_discord_posts"}
		if strings.Join(names, " ") != strings.Join(want, " ") {
			t.Errorf("open %d: recorded migrations %q, want %q", i, names, want)
		}
		if pg != nil {
			s.Close()
			continue
		}
		var mode string
		if err := s.reads.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
			t.Errorf("journal_mode %q (%v), want wal", mode, err)
		}
		var fk int
		if err := s.writes.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
			t.Errorf("foreign_keys %d (%v), want 1", fk, err)
		}
		s.Close()
	}
}

// seedVersion1 writes, with the SQL of schema version 1, two players, a
// rated game with two moves in guild g9, their ratings and a challenge;
// with publicID, the game's public id too, as the store writes every game
// since migration 0014.
func seedVersion1(t *testing.T, s *Store, publicID bool) (moves []string) {
	t.Helper()
	p := zola.Zola.Start()
	for range 2 {
		m := p.Moves(nil)[0]
		moves = append(moves, p.FormatMove(m))
		p.Do(m)
	}
	for _, q := range []string{
		`INSERT INTO players (id, name, created_at, updated_at) VALUES ('100', 'Alice', 0, 0), ('200', 'Bob', 0, 0)`,
		`INSERT INTO games (id, variant, player0, player1, guild_id, channel_id, rated, ply, created_at, updated_at)
			VALUES (7, 'zola', '100', '200', 'g9', 'c9', 1, 2, 1000, 2000)`,
		`INSERT INTO moves (game_id, ply, notation, played_at) VALUES (7, 0, ?1, 1500), (7, 1, ?2, 2000)`,
		`INSERT INTO ratings (player_id, variant, rating, peak, games, wins, draws, losses, streak, updated_at)
			VALUES ('100', 'zola', 1600, 1610, 12, 8, 1, 3, 2, 0), ('200', 'zola', 1450, 1500, 11, 3, 1, 7, -1, 0)`,
		`INSERT INTO challenges (id, challenger, opponent, variant, colour, rated, days_per_move, created_at, expires_at, updated_at)
			VALUES (3, '100', '200', 'zola8', 'second', 1, 3, 0, 9999999999999, 0)`,
	} {
		var args []any
		if strings.Contains(q, "?1") {
			args = []any{moves[0], moves[1]}
		}
		if publicID && strings.HasPrefix(q, "INSERT INTO games") {
			q = strings.Replace(strings.Replace(q, "(id, ", "(public_id, id, ", 1), "VALUES (", "VALUES ('00000000000000a7', ", 1)
		}
		if _, err := s.writes.ExecContext(context.Background(), q, args...); err != nil {
			t.Fatalf("seed: %v", err)
		}
	}
	return moves
}

func TestMigrationsFromEachVersion(t *testing.T) {
	ctx := context.Background()
	for k := 1; k < len(sqliteMigrations); k++ {
		t.Run(sqliteMigrations[k-1].name, func(t *testing.T) {
			path, ms := freshDB(t)
			old, err := open(ctx, path, Options{}, ms[:k])
			if err != nil {
				t.Fatalf("open at version %d: %v", k, err)
			}
			moves := seedVersion1(t, old, k >= 14)
			old.Close()

			s, err := Open(ctx, path, Options{Variants: testVariants})
			if err != nil {
				t.Fatalf("upgrade from version %d: %v", k, err)
			}
			defer s.Close()
			if v, _ := s.Version(ctx); v != latest(sqliteMigrations) {
				t.Errorf("version %d, want %d", v, latest(sqliteMigrations))
			}
			st, err := s.Load(ctx, 7)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			g := st.Game
			if !ValidPublicID(g.PublicID) {
				t.Errorf("the game from before has public id %q, want 16 hex digits", g.PublicID)
			}
			if g.Seats[0].Name != "Alice" || g.Seats[1].Name != "Bob" || !g.Rated || g.Ply != 2 || g.GuildID != "g9" {
				t.Errorf("game after upgrade: %+v", g)
			}
			if len(st.Moves) != 2 || st.Moves[0].Notation != moves[0] || st.Moves[1].Notation != moves[1] {
				t.Errorf("moves after upgrade: %+v, want %q", st.Moves, moves)
			}
			want := zola.Zola.Start()
			for _, m := range moves {
				mv, _ := want.ParseMove(m)
				want.Do(mv)
			}
			if got := engine.String(st.Position); got != engine.String(want) {
				t.Errorf("position after upgrade %s, want %s", got, engine.String(want))
			}
			// The members table of version 3 is filled from the games,
			// when the upgrade brings it.
			board, err := s.Leaderboard(ctx, LeaderboardQuery{Variant: "zola", GuildID: "g9"})
			if err != nil {
				t.Fatal(err)
			}
			if k < 3 && (len(board) != 2 || board[0].Player != alice || board[0].Rating.Rating != 1600 || board[1].Player != bob) {
				t.Errorf("server leaderboard after upgrade: %+v", board)
			}
			c, err := s.Challenge(ctx, 3)
			if err != nil {
				t.Fatal(err)
			}
			if c.Variant != "zola8" || c.Colour != SecondColour || c.Status != Pending || c.Opponent != bob || c.DaysPerMove != 3 {
				t.Errorf("challenge after upgrade: %+v", c)
			}
		})
	}
}

func TestMigrationIsOneTransaction(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "z.db")
	bad := append(sqliteMigrations[:len(sqliteMigrations):len(sqliteMigrations)], migration{
		version: latest(sqliteMigrations) + 1,
		name:    "bad",
		sql:     "CREATE TABLE extra (a); INSERT INTO nosuch VALUES (1);",
	})
	if _, err := open(ctx, path, Options{}, bad); err == nil || !strings.Contains(err.Error(), "migration bad") {
		t.Fatalf("open with a failing migration: got %v, want an error naming it", err)
	}
	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("open after the failure: %v", err)
	}
	defer s.Close()
	if v, _ := s.Version(ctx); v != latest(sqliteMigrations) {
		t.Errorf("version %d, want %d", v, latest(sqliteMigrations))
	}
	var n int
	s.reads.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE name = 'extra'`).Scan(&n)
	if n != 0 {
		t.Errorf("the failed migration left its table behind")
	}
}

func TestNewerDatabaseRefused(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "z.db")
	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.writes.Exec(`INSERT INTO schema_migrations VALUES (99, 'future', 0)`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err = Open(ctx, path, Options{})
	if err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("open of a newer database: got %v, want an error saying it is newer", err)
	}
}
