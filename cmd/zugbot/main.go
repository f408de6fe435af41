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
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"
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
		{"mine-puzzles", "find puzzles in self-play and confirm them by a deeper search (for the shipped sets)", runMinePuzzles},
		{"match", "play games between AI players and estimate their Elo difference", runMatch},
		{"play", "play a game against the AI in the terminal", runPlay},
		{"puzzle", "solve puzzles in the terminal: find the one winning move", runPuzzle},
		{"web", "play a game against the AI in the browser, on a local live board", runWeb},
		{"worker", "think the AI's replies for the bots sharing a PostgreSQL database", runWorker},
		{"backup", "write a consistent copy of the database (safe while the bot runs)", runBackup},
		{"migrate-db", "copy a SQLite database into PostgreSQL, and check the copy", runMigrateDB},
		{"admin", "export or delete a person's data, reset ratings (safe while the bot runs)", runAdmin},
		{"unregister", "remove the bot's slash commands from one server (-guild) or globally", runUnregister},
		{"version", "print zugbot's version, the commit it was built from and the Go version", runVersion},
	}
}

func main() {
	os.Exit(run(notifyContext(), os.Args[1:], os.Stdout, os.Stderr))
}

// signalled is the cause of a command's context ending when zugbot
// receives SIGINT (Ctrl-C) or SIGTERM.
type signalled struct{ sig syscall.Signal }

func (s signalled) Error() string { return "interrupted by " + s.sig.String() }

// notifyContext returns a context that ends, with a signalled cause, on
// the first SIGINT or SIGTERM. A second signal is left to its default
// action, which ends the process at once: a person who presses Ctrl-C
// again does not wait for a command to finish stopping.
func notifyContext() context.Context {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-ch
		signal.Stop(ch)
		s, _ := sig.(syscall.Signal)
		cancel(signalled{s})
	}()
	return ctx
}

// errInterrupted is returned by a command that stopped because the person
// at the terminal pressed Ctrl-C and has said so itself: it exits with
// the conventional status 130 (128 + SIGINT), and nothing more is printed.
var errInterrupted = errors.New("interrupted")

// Exit statuses of zugbot, besides 0 for success.
const (
	exitFailure     = 1   // the command failed
	exitUsage       = 2   // a mistake in the command line or the configuration
	exitInterrupted = 130 // Ctrl-C: 128 + SIGINT, as shells report it
)

// run executes the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && isVersion(args[0]) {
		args[0] = "version"
	}
	if len(args) > 1 && args[0] == "help" {
		// "zugbot help play" is "zugbot play -h"; "zugbot help admin
		// export-user" is "zugbot admin export-user -h".
		args = append(slices.Clone(args[1:]), "-h")
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
		if code, ok := interrupted(ctx, err); ok {
			if !errors.Is(err, errInterrupted) {
				if errors.Is(err, context.Canceled) {
					err = errInterrupted
				}
				fmt.Fprintf(stderr, "zugbot %s: %v\n", c.name, err)
			}
			return code
		}
		var ue usageError
		switch {
		case err == nil:
			return 0
		case errors.Is(err, flag.ErrHelp):
			return 0
		case errors.As(err, &ue):
			fmt.Fprintf(stderr, "zugbot %s: %v\n", c.name, err)
			return exitUsage
		default:
			fmt.Fprintf(stderr, "zugbot %s: %v\n", c.name, err)
			return exitFailure
		}
	}
	fmt.Fprintf(stderr, "zugbot: unknown command %q (run \"zugbot -h\" for the list)\n", args[0])
	return exitUsage
}

// interrupted reports whether a command that returned err stopped because
// it was interrupted, and the status to exit with: 128 plus the signal's
// number (130 for Ctrl-C, 143 for SIGTERM), as a shell reports a program
// that the signal ended. A command that finishes despite the signal (the
// bot, which stops gracefully on SIGINT and SIGTERM and returns nil) exits
// as it would have.
func interrupted(ctx context.Context, err error) (int, bool) {
	var sig signalled
	got := errors.As(context.Cause(ctx), &sig)
	switch {
	case !errors.Is(err, errInterrupted) && (!got || err == nil):
		return 0, false
	case got:
		return 128 + int(sig.sig), true
	}
	return exitInterrupted, true
}

// isVersion reports whether arg asks for the version, as "zugbot -v" and
// "zugbot --version" do.
func isVersion(arg string) bool {
	switch arg {
	case "-v", "--v", "-version", "--version":
		return true
	}
	return false
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
	fmt.Fprintf(w, "\nGames: %s\nRun \"zugbot help <command>\" or \"zugbot <command> -h\" for a command's flags, \"zugbot -v\" for the version.\n", strings.Join(variantIDs(), ", "))
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
		return explainFlagError(fs, err)
	case fs.NArg() > 0:
		return usagef("unexpected argument %q (%q lists the flags)", fs.Arg(0), fs.Name()+" -h")
	}
	return nil
}

// badValue matches the flag package's error for a value that does not
// parse: `invalid value "x" for flag -level: parse error`.
var badValue = regexp.MustCompile(`^invalid (?:boolean )?value (".*") for (?:flag )?-(\S+): (.*)$`)

// explainFlagError rewrites an error of the flag package into a usage
// error a person can act on: which flag, what it wants, and where its
// description is. The flag package alone says `invalid value "x" for flag
// -level: parse error`.
func explainFlagError(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	help := fmt.Sprintf("%q lists the flags", fs.Name()+" -h")
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return usagef("unknown flag -%s (%s)", name, help)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		if f := fs.Lookup(name); f != nil {
			return usagef("-%s needs a value: %s", name, f.Usage)
		}
	}
	if m := badValue.FindStringSubmatch(msg); m != nil {
		value, name, why := m[1], m[2], m[3]
		if f := fs.Lookup(name); f != nil {
			want := wantOf(f)
			if strings.Contains(why, "out of range") {
				want = "a smaller number"
			}
			return usagef("-%s %s is not %s: -%s is %s", name, value, want, name, f.Usage)
		}
	}
	return usagef("%v (%s)", err, help)
}

// wantOf says what kind of value flag f takes, for an error message.
func wantOf(f *flag.Flag) string {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return "a valid value"
	}
	switch g.Get().(type) {
	case bool:
		return "true or false"
	case int, int64:
		return "a whole number"
	case uint, uint64:
		return "a whole number, 0 or more"
	case float64:
		return "a number"
	case time.Duration:
		return "a duration such as 500ms or 2s"
	}
	return "a valid value"
}
