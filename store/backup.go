package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Backup writes a consistent copy of the database to the file out, which
// must not exist, while the store stays in use. See BackupFile.
func (s *Store) Backup(ctx context.Context, out string) error {
	return BackupFile(ctx, s.path, out)
}

// BackupFile writes a consistent copy of the database file at path to the
// file out, which must not exist. It is safe while another process (the
// bot) uses the database: the copy is one snapshot (VACUUM INTO) read on a
// read-only connection, written next to out and linked into place when
// complete and checked (quick_check), so out is never a partial copy.
// A PostgreSQL URL is refused: pg_dump backs such a database up.
func BackupFile(ctx context.Context, path, out string) error {
	if err := CheckAddress(path); err != nil {
		return fmt.Errorf("back up %s: %w", Redacted(path), err)
	}
	if IsPostgres(path) {
		return fmt.Errorf("back up %s: a PostgreSQL database is backed up with its own tools (pg_dump)", Redacted(path))
	}
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("back up: %w", err)
	}
	if _, err := os.Lstat(out); err == nil {
		return fmt.Errorf("back up: %s already exists", out)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("back up: %w", err)
	}
	db, err := sql.Open("sqlite", dsn(path, DefaultBusyTimeout, copier))
	if err != nil {
		return fmt.Errorf("back up %s: %w", path, err)
	}
	defer db.Close()

	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*.tmp")
	if err != nil {
		return fmt.Errorf("back up: %w", err)
	}
	tmpName := tmp.Name()
	tmp.Close()
	os.Remove(tmpName) // VACUUM INTO creates the file itself
	defer os.Remove(tmpName)
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, tmpName); err != nil {
		return fmt.Errorf("back up %s to %s: %w", path, out, err)
	}
	if err := quickCheck(ctx, tmpName); err != nil {
		return fmt.Errorf("back up %s to %s: the copy fails its check: %w", path, out, err)
	}
	// A link, unlike a rename, fails instead of replacing a file that
	// appeared meanwhile.
	if err := os.Link(tmpName, out); err != nil {
		return fmt.Errorf("back up: %w", err)
	}
	return nil
}

// quickCheck runs SQLite's quick_check on the database file at path.
func quickCheck(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", dsn(path, DefaultBusyTimeout, copier))
	if err != nil {
		return err
	}
	defer db.Close()
	var res string
	if err := db.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&res); err != nil {
		return err
	}
	if res != "ok" {
		return errors.New(res)
	}
	return nil
}
