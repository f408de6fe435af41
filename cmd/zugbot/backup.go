package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

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
	if err := checkOutput("-o", *out, "", false); err != nil {
		return err
	}
	if err := store.BackupFile(ctx, *db, *out); err != nil {
		return hideTemp(err, "back up "+*db+" to "+*out)
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

// checkOutput explains, before anything is made, why the file that flag
// names cannot be written: its folder is missing, is not a folder or
// cannot be written in, or the file exists and the command was not told
// to overwrite it (by its flag force, if it has one, which overwrite says
// was given). It names the file as the person gave it, never a temporary
// file.
func checkOutput(flag, name, force string, overwrite bool) error {
	if fi, err := os.Stat(name); err == nil {
		switch {
		case fi.IsDir():
			return fmt.Errorf("%s %s is a folder; give a file name inside it", flag, name)
		case !overwrite && force != "":
			return fmt.Errorf("%s %s already exists: give %s to overwrite it", flag, name, force)
		case !overwrite:
			return fmt.Errorf("%s %s already exists: give another name", flag, name)
		}
	}
	dir := filepath.Dir(name)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s %s: the folder %s does not exist; create it first", flag, name, dir)
	case err != nil:
		return fmt.Errorf("%s %s: %v", flag, name, err)
	case !fi.IsDir():
		return fmt.Errorf("%s %s: %s is not a folder", flag, name, dir)
	}
	probe, err := os.CreateTemp(dir, ".zugbot-write-check-*")
	if err != nil {
		return fmt.Errorf("%s %s: cannot write in the folder %s: %v", flag, name, dir, errors.Unwrap(err))
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// hideTemp returns err, or, when err is about a temporary file beside the
// output (".NAME.*.tmp", where the store writes a copy before linking it
// into place), the same failure told of what: the person never named the
// temporary file.
func hideTemp(err error, what string) error {
	isTemp := func(path string) bool {
		b := filepath.Base(path)
		return strings.HasPrefix(b, ".") && strings.HasSuffix(b, ".tmp")
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && isTemp(pe.Path) {
		return fmt.Errorf("%s: %v", what, pe.Err)
	}
	var le *os.LinkError
	if errors.As(err, &le) && (isTemp(le.Old) || isTemp(le.New)) {
		return fmt.Errorf("%s: %v", what, le.Err)
	}
	return err
}
