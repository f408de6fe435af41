package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/zugbot/zugbot/store"
)

func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("backup", "write a consistent copy of the database, safe while the bot runs", stderr)
	def := os.Getenv("ZUGBOT_DB")
	if def == "" {
		def = "zugbot.db"
	}
	db := fs.String("db", def, "the SQLite database file [ZUGBOT_DB]")
	out := fs.String("o", "", "the file to write the copy to; it must not exist (required)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef("-o is required: the file to write the copy to")
	}
	if *db == "" {
		return usagef("-db is empty: give the database file")
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
