// Command zugbot runs the zugbot Discord bot and offers tools around its
// games: perft counts, legal move lists and more. Run "zugbot -h" for the
// list of subcommands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// command is one subcommand of zugbot.
type command struct {
	name  string
	usage string // one line
	run   func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

// usageError is an error in the command line: it is reported in one line
// and the command exits with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

func commands() []command {
	return []command{
		{"run", "run the Discord bot (the default when no command is given)", runBot},
		{"perft", "count the move sequences of a given length from a position", runPerft},
		{"moves", "list the legal moves of a position", runMoves},
		{"render", "draw a position as a PNG, or a game as an animated GIF replay", runRender},
		{"analyse", "judge a game move by move: mistakes, better moves, an evaluation graph", runAnalyse},
		{"match", "play games between AI players and estimate their Elo difference", runMatch},
		{"play", "play a game against the AI in the terminal", runPlay},
		{"web", "play a game against the AI in the browser, on a local live board", runWeb},
		{"backup", "write a consistent copy of the database (safe while the bot runs)", runBackup},
		{"migrate-db", "copy a SQLite database into PostgreSQL, and check the copy", runMigrateDB},
		{"admin", "export or delete a person's data, reset ratings (safe while the bot runs)", runAdmin},
		{"unregister", "remove the bot's slash commands from one server (-guild) or globally", runUnregister},
		{"version", "print zugbot's version, the commit it was built from and the Go version", runVersion},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-version" || args[0] == "--version") {
		args[0] = "version"
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && !isHelp(args[0]) {
		args = append([]string{"run"}, args...) // "zugbot" and "zugbot -db x.db" run the bot
	}
	if isHelp(args[0]) {
		mainUsage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		err := c.run(ctx, args[1:], stdout, stderr)
		var ue usageError
		switch {
		case err == nil:
			return 0
		case errors.Is(err, flag.ErrHelp):
			return 0
		case errors.As(err, &ue):
			fmt.Fprintf(stderr, "zugbot %s: %v\n", c.name, err)
			return 2
		default:
			fmt.Fprintf(stderr, "zugbot %s: %v\n", c.name, err)
			return 1
		}
	}
	fmt.Fprintf(stderr, "zugbot: unknown command %q (run \"zugbot -h\" for the list)\n", args[0])
	return 2
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

// getenv reads the environment; tests give loadConfig their own.
func getenv(key string) string { return os.Getenv(key) }

func mainUsage(w io.Writer) {
	fmt.Fprintf(w, "zugbot plays abstract strategy games on Discord.\n\nUsage: zugbot [command] [flags]   (no command: run the bot)\n\nCommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.usage)
	}
	fmt.Fprintf(w, "\nGames: %s\nRun \"zugbot <command> -h\" for a command's flags.\n", strings.Join(variantIDs(), ", "))
}

// newFlags returns a flag set for a subcommand. Its usage goes to w
// on -h; parse errors are returned by parseFlags as one-line usage errors.
func newFlags(name, summary string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("zugbot "+name, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage of zugbot %s: %s\n\nFlags:\n", name, summary)
		fs.PrintDefaults()
	}
	fs.SetOutput(stderr)
	return fs
}

// parseFlags parses args into fs. On -h it prints the usage and returns
// flag.ErrHelp; a bad flag or a stray argument is a usageError.
func parseFlags(fs *flag.FlagSet, args []string) error {
	out := fs.Output()
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(out)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.Usage()
		return err
	case err != nil:
		return usageError{err.Error()}
	case fs.NArg() > 0:
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	return nil
}
