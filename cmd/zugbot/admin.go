package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

// adminCommand is a subcommand of zugbot admin: something an operator does
// to the data of the people on their bot. Each works while the bot runs, in
// one transaction.
type adminCommand struct {
	name, usage string
	run         func(ctx context.Context, args []string, stdout io.Writer) error
}

func adminCommands() []adminCommand {
	return []adminCommand{
		{"export-user", "print as JSON what zugbot holds about a person", adminExport},
		{"delete-user", "delete what zugbot holds about a person; their finished games stay for their opponents, under a pseudonym", adminDelete},
		{"reset-ratings", "reset ratings to the start: of one game, one person, or both (neither: every rating)", adminReset},
	}
}

func runAdmin(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var names []string
	for _, c := range adminCommands() {
		names = append(names, c.name)
		if len(args) > 0 && args[0] == c.name {
			return c.run(ctx, args[1:], stdout)
		}
	}
	if len(args) > 0 && isHelp(args[0]) {
		fmt.Fprintf(stdout, "Usage of zugbot admin: zugbot admin <command> [flags], for the data of the people on your bot; safe while it runs.\n\nCommands:\n")
		for _, c := range adminCommands() {
			fmt.Fprintf(stdout, "  %-14s %s\n", c.name, c.usage)
		}
		return nil
	}
	if len(args) == 0 {
		return usagef("a command is required: %s", strings.Join(names, ", "))
	}
	return usagef("unknown admin command %q (one of %s)", args[0], strings.Join(names, ", "))
}

// adminFlags returns the flag set of admin command name, with its -db
// flag, and the function that opens that database once the flags are
// parsed.
func adminFlags(ctx context.Context, name, usage string, stdout io.Writer) (*flag.FlagSet, func() (*store.Store, error)) {
	fs := newFlags("admin "+name, usage, stdout)
	def := os.Getenv("ZUGBOT_DB")
	if def == "" {
		def = "zugbot.db"
	}
	db := fs.String("db", def, "the SQLite database file [ZUGBOT_DB]")
	return fs, func() (*store.Store, error) {
		// An admin command never creates a database: a wrong path is an
		// error, not an empty database.
		if _, err := os.Stat(*db); err != nil {
			return nil, fmt.Errorf("no database at %s: %w", *db, err)
		}
		return store.Open(ctx, *db, store.Options{Variants: games.All()})
	}
}

func adminExport(ctx context.Context, args []string, stdout io.Writer) error {
	fs, open := adminFlags(ctx, "export-user", "print as JSON what zugbot holds about a person: name, servers, ratings, games and moves", stdout)
	user := fs.String("user", "", "the person's Discord user ID (required)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *user == "" {
		return usagef("-user is required: the person's Discord user ID")
	}
	s, err := open()
	if err != nil {
		return err
	}
	defer s.Close()
	u, err := s.User(ctx, *user)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("zugbot holds nothing about user %s", *user)
	}
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(u)
}

func adminDelete(ctx context.Context, args []string, stdout io.Writer) error {
	fs, open := adminFlags(ctx, "delete-user", "delete what zugbot holds about a person (a dry run unless -yes)", stdout)
	user := fs.String("user", "", "the person's Discord user ID (required)")
	yes := fs.Bool("yes", false, "do it; without -yes, only say what would be done")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *user == "" {
		return usagef("-user is required: the person's Discord user ID")
	}
	s, err := open()
	if err != nil {
		return err
	}
	defer s.Close()
	d, err := s.DeleteUser(ctx, *user, *yes)
	if err != nil {
		return err
	}
	if !d.Player {
		fmt.Fprintf(stdout, "zugbot holds nothing about user %s: nothing to delete.\n", *user)
		return nil
	}
	verb := "Would delete"
	if *yes {
		verb = "Deleted"
	}
	fmt.Fprintf(stdout, "%s user %s: their name, %s, %s and %s; %s going on aborted; %s kept for their opponents under the name %q, with %s.\n",
		verb, *user, plural(int(d.Memberships), "server membership", "server memberships"), plural(int(d.Ratings), "rating", "ratings"),
		plural(int(d.Challenges), "challenge", "challenges"), plural(int(d.Aborted), "game", "games"),
		plural(int(d.Kept), "finished game", "finished games"), store.DeletedName, plural(int(d.RatingChanges), "rating change", "rating changes"))
	if !*yes {
		fmt.Fprintln(stdout, "Nothing was changed: run again with -yes to do it.")
	}
	return nil
}

func adminReset(ctx context.Context, args []string, stdout io.Writer) error {
	fs, open := adminFlags(ctx, "reset-ratings", "reset ratings to the start (a dry run unless -yes); games and their history stay", stdout)
	game := fs.String("game", "", "only this game variant's ratings: "+strings.Join(variantIDs(), ", "))
	user := fs.String("user", "", "only this person's ratings (a Discord user ID)")
	yes := fs.Bool("yes", false, "do it; without -yes, only say what would be done")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *game != "" {
		v, err := findVariant(*game)
		if err != nil {
			return err
		}
		*game = v.ID
	}
	s, err := open()
	if err != nil {
		return err
	}
	defer s.Close()
	n, err := s.ResetRatings(ctx, *game, *user, *yes)
	if err != nil {
		return err
	}
	scope := "every game"
	if *game != "" {
		scope = *game
	}
	who := "everyone"
	if *user != "" {
		who = "user " + *user
	}
	verb := "Would reset"
	if *yes {
		verb = "Reset"
	}
	fmt.Fprintf(stdout, "%s %s of %s in %s to %d.\n", verb, plural(int(n), "rating", "ratings"), who, scope, store.InitialRating)
	if !*yes {
		fmt.Fprintln(stdout, "Nothing was changed: run again with -yes to do it.")
	}
	return nil
}
