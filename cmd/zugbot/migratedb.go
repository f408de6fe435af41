package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

// runMigrateDB copies a SQLite database into an empty PostgreSQL one and
// checks the copy.
func runMigrateDB(ctx context.Context, args []string, stdout, _ io.Writer) error {
	fs := newFlags("migrate-db", "copy a SQLite database into an empty PostgreSQL database, and check the copy", stdout)
	def := os.Getenv("ZUGBOT_DB")
	if def == "" || store.IsPostgres(def) {
		def = "zugbot.db"
	}
	from := fs.String("from", def, "the SQLite database file to copy [ZUGBOT_DB]")
	to := fs.String("to", "", "the PostgreSQL database to copy it into, empty, as postgres://user:password@host/db (required)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *to == "":
		return usagef("-to is required: the PostgreSQL database to copy into, as postgres://user:password@host/db")
	case !store.IsPostgres(*to):
		return usagef("-to %s is not a PostgreSQL URL; write it as postgres://user:password@host/db", store.Redacted(*to))
	case store.IsPostgres(*from):
		return usagef("-from must be a SQLite file, not a PostgreSQL URL")
	}
	if err := store.CheckAddress(*to); err != nil {
		return usagef("-to %s %v", store.Redacted(*to), err)
	}
	if err := store.CheckAddress(*from); err != nil {
		return usagef("-from %s %v", store.Redacted(*from), err)
	}
	if fi, err := os.Stat(*from); err != nil {
		return usagef("-from %s: %v", *from, errors.Unwrap(err))
	} else if fi.IsDir() {
		return usagef("-from %s is a folder: give the SQLite database file", *from)
	}
	opts := store.Options{Variants: games.All()}
	src, err := store.Open(ctx, *from, opts)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := store.Open(ctx, *to, opts)
	if err != nil {
		return err
	}
	defer dst.Close()
	c, err := src.CopyInto(ctx, dst)
	if errors.Is(err, store.ErrNotEmpty) {
		return fmt.Errorf("%s already holds players or games: copy into an empty database", store.Redacted(*to))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "copied %s into %s:\n", *from, store.Redacted(*to))
	for _, t := range []string{"players", "games", "moves", "challenges", "ratings", "tournaments"} {
		fmt.Fprintf(stdout, "  %-11s %d\n", t, c.Rows[t])
	}
	fmt.Fprintf(stdout, "checked: every table's rows counted on both sides; %s replayed to the same position\n", plural(c.Replayed, "game", "games"))
	fmt.Fprintf(stdout, "what changed after the copy began is not in it: copy again, into an empty database, with zugbot stopped, then start it with ZUGBOT_DB=%s\n", store.Redacted(*to))
	return nil
}
