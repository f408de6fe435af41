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
	"github.com/zugbot/zugbot/rules"
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

// adminFlags is the flag set of an admin command: its -db flag, and its
// -user flag, which some require.
type adminFlags struct {
	*flag.FlagSet
	db, user *string
	needUser bool
}

// newAdminFlags returns the flag set of admin command name; user says
// what its -user flag is for.
func newAdminFlags(name, usage, user string, needUser bool, stdout io.Writer) *adminFlags {
	fs := newFlags("admin "+name, usage, stdout)
	def := os.Getenv("ZUGBOT_DB")
	if def == "" {
		def = "zugbot.db"
	}
	return &adminFlags{FlagSet: fs, db: fs.String("db", def, "the database: a SQLite file or a PostgreSQL URL [ZUGBOT_DB]"), user: fs.String("user", "", user), needUser: needUser}
}

// open parses args and opens the database they name. An admin command
// never creates a database: a wrong path is an error, not an empty one.
func (a *adminFlags) open(ctx context.Context, args []string) (*store.Store, error) {
	if err := parseFlags(a.FlagSet, args); err != nil {
		return nil, err
	}
	if a.needUser && *a.user == "" {
		return nil, usagef("-user is required: the person's Discord user ID")
	}
	if err := store.CheckAddress(*a.db); err != nil {
		return nil, usagef("-db %s %v", store.Redacted(*a.db), err)
	}
	if !store.IsPostgres(*a.db) {
		if _, err := os.Stat(*a.db); err != nil {
			return nil, usagef("no database at %s: %v", *a.db, err)
		}
	}
	return store.Open(ctx, *a.db, store.Options{Variants: games.All()})
}

// unknownUser is the error of export-user and delete-user for a person
// zugbot holds nothing about: exit status 1 for both, since the usual
// cause is a mistyped ID, which a script must not take for a deletion
// done.
func unknownUser(id string) error {
	return fmt.Errorf("zugbot holds nothing about user %s: nothing to export or delete (check the ID: Discord's Copy User ID, with Developer Mode on)", id)
}

// dryRun ends what a command that changes nothing without -yes says.
func dryRun(stdout io.Writer, yes bool) {
	if !yes {
		fmt.Fprintln(stdout, "Nothing was changed: run again with -yes to do it.")
	}
}

func adminExport(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newAdminFlags("export-user", "print as JSON what zugbot holds about a person: name, servers, ratings, games and moves, puzzle ratings and attempts, daily puzzle answers",
		"the person's Discord user ID (required)", true, stdout)
	s, err := fs.open(ctx, args)
	if err != nil {
		return err
	}
	defer s.Close()
	u, err := s.User(ctx, *fs.user)
	if errors.Is(err, store.ErrNotFound) {
		return unknownUser(*fs.user)
	}
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(u)
}

func adminDelete(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newAdminFlags("delete-user", "delete what zugbot holds about a person (a dry run unless -yes)",
		"the person's Discord user ID (required)", true, stdout)
	yes := fs.Bool("yes", false, "do it; without -yes, only say what would be done")
	s, err := fs.open(ctx, args)
	if err != nil {
		return err
	}
	defer s.Close()
	user := *fs.user
	d, err := s.DeleteUser(ctx, user, *yes)
	if err != nil {
		return err
	}
	if !d.Player {
		return unknownUser(user)
	}
	verb := "Would delete"
	if *yes {
		verb = "Deleted"
	}
	fmt.Fprintf(stdout, "%s user %s: their name, %s, %s, %s, %s and %s; %s going on aborted; %s kept for their opponents under the name %q, with %s.\n",
		verb, user, plural(int(d.Memberships), "server membership", "server memberships"), plural(int(d.Ratings), "rating", "ratings"),
		plural(int(d.Puzzles), "puzzle attempt", "puzzle attempts"), plural(int(d.DailyAnswers), "daily puzzle answer", "daily puzzle answers"),
		plural(int(d.Challenges), "challenge", "challenges"), plural(int(d.Aborted), "game", "games"),
		plural(int(d.Kept), "finished game", "finished games"), store.DeletedName, plural(int(d.RatingChanges), "rating change", "rating changes"))
	dryRun(stdout, *yes)
	return nil
}

func adminReset(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newAdminFlags("reset-ratings", "reset ratings to the start (a dry run unless -yes); games and their history stay",
		"only this person's ratings (a Discord user ID)", false, stdout)
	game := fs.String("game", "", "only this game variant's ratings: "+strings.Join(variantIDs(), ", "))
	yes := fs.Bool("yes", false, "do it; without -yes, only say what would be done")
	s, err := fs.open(ctx, args)
	if err != nil {
		return err
	}
	defer s.Close()
	if *game != "" {
		v, err := findVariant(*game)
		if err != nil {
			return err
		}
		*game = v.ID
	}
	n, err := s.ResetRatings(ctx, *game, *fs.user, *yes)
	if err != nil {
		return err
	}
	scope, who, verb := "every game", "everyone", "Would reset"
	if *game != "" {
		scope = *game
	}
	if *fs.user != "" {
		who = "user " + *fs.user
	}
	if *yes {
		verb = "Reset"
	}
	fmt.Fprintf(stdout, "%s %s of %s in %s to %d.\n", verb, plural(int(n), "rating", "ratings"), who, scope, rules.InitialRating)
	dryRun(stdout, *yes)
	return nil
}
