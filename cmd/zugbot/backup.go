package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/zugbot/zugbot/store"
)

func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("backup", "write a consistent copy of the database, safe while the bot runs", stdout)
	def := os.Getenv("ZUGBOT_DB")
	if def == "" {
		def = "zugbot.db"
	}
	db := fs.String("db", def, "the SQLite database file [ZUGBOT_DB]")
	out := fs.String("o", "", `the file to write the copy to, which must not exist, or "-" for standard output (required)`)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef("-o is required: the file to write the copy to")
	}
	if *db == "" {
		return usagef("-db is empty: give the database file")
	}
	if store.IsPostgres(*db) {
		return fmt.Errorf("zugbot backup copies a SQLite file; back up PostgreSQL with its own tools: pg_dump %q > zugbot.sql", store.Redacted(*db))
	}
	if *out == "-" {
		return backupToStdout(ctx, *db, stdout, stderr)
	}
	if err := store.BackupFile(ctx, *db, *out); err != nil {
		return err
	}
	fi, err := os.Stat(*out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s (%d bytes)\n", *db, *out, fi.Size())
	return nil
}

// backupToStdout writes a consistent copy of the database at db to stdout
// (for "docker exec zugbot zugbot backup -o - > backup.db"), by way of a
// temporary file, and says what it wrote on stderr.
func backupToStdout(ctx context.Context, db string, stdout, stderr io.Writer) error {
	dir, err := os.MkdirTemp("", "zugbot-backup-")
	if err != nil {
		return fmt.Errorf("back up: %w", err)
	}
	defer os.RemoveAll(dir)
	tmp := filepath.Join(dir, "backup.db")
	if err := store.BackupFile(ctx, db, tmp); err != nil {
		return err
	}
	f, err := os.Open(tmp)
	if err != nil {
		return fmt.Errorf("back up: %w", err)
	}
	defer f.Close()
	n, err := io.Copy(stdout, f)
	if err != nil {
		return fmt.Errorf("back up to standard output: %w", err)
	}
	fmt.Fprintf(stderr, "backed up %s to standard output (%d bytes)\n", db, n)
	return nil
}
