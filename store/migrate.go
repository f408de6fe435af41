package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationFiles embed.FS

// migration is one step of the schema: the SQL of migrations/NNNN_name.sql.
type migration struct {
	version int
	name    string
	sql     string
}

// The schema steps in order, read from the embedded files: the same steps
// for each database (TestMigrationsMatch), written in its own SQL.
var (
	sqliteMigrations   = mustMigrations(migrationFiles, "migrations/sqlite")
	postgresMigrations = mustMigrations(migrationFiles, "migrations/postgres")
)

// mustMigrations reads the migrations from fsys and checks that they are
// numbered upwards from 1, each number once. A number may be missing: a
// branch may add its migration before the one numbered below it, written
// on another branch, is merged (migrate applies every step above the
// database's version). A mistake there is a build defect, so it panics.
func mustMigrations(fsys fs.FS, dir string) []migration {
	names, err := fs.Glob(fsys, dir+"/*.sql")
	if err != nil {
		panic(err)
	}
	var ms []migration
	for _, name := range names { // fs.Glob returns sorted names
		base := path.Base(name)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if last := latest(ms); !ok || err != nil || len(num) != 4 || v <= last {
			panic(fmt.Sprintf("store: migration %s: want a name like %04d_name.sql", name, last+1))
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			panic(err)
		}
		ms = append(ms, migration{version: v, name: strings.TrimSuffix(base, ".sql"), sql: string(b)})
	}
	return ms
}

// latest returns the version of the last of ms, 0 for none.
func latest(ms []migration) int {
	if len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].version
}

// migrate applies the migrations of ms numbered above the database's
// current version, in order, each in its own transaction together with
// its record in schema_migrations.
func migrate(ctx context.Context, db *sql.DB, pg bool, now func() time.Time, ms []migration) error {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    BIGINT PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at BIGINT NOT NULL
	)`); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	record := `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`
	if pg {
		record = rebind(record)
	}
	for {
		tx, err := db.BeginTx(ctx, nil) // SQLite: immediate, so migrations by two processes take turns
		if err != nil {
			return err
		}
		if pg { // PostgreSQL: they take turns on a lock held until the commit
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(7626683)`); err != nil {
				tx.Rollback()
				return fmt.Errorf("lock the schema: %w", err)
			}
		}
		var cur int
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&cur); err != nil {
			tx.Rollback()
			return fmt.Errorf("read schema version: %w", err)
		}
		if cur > latest(ms) {
			tx.Rollback()
			return fmt.Errorf("database schema version %d is newer than this zugbot knows (%d)", cur, latest(ms))
		}
		next := slices.IndexFunc(ms, func(m migration) bool { return m.version > cur })
		if next < 0 {
			return tx.Rollback()
		}
		m := ms[next]
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
		if _, err := tx.ExecContext(ctx, record, m.version, m.name, millis(now())); err != nil {
			tx.Rollback()
			return fmt.Errorf("record migration %s: %w", m.name, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
}

// Version returns the schema version of the database: the number of
// migrations applied.
func (s *Store) Version(ctx context.Context) (int, error) {
	var v int
	err := s.reads.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}
