package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"slices"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/web"
)

// webPlayer is the person at the browser of "zugbot web -game": named,
// so that the page does not read "Red: you — you".
var webPlayer = store.Player{ID: "web", Name: "Player"}

// runWeb serves the live board on this machine, with the games in a local
// database: it prints the home page's address, where a game is started
// against the AI or a friend; with -game, it starts a game against the AI
// at once and prints the private link that plays it.
func runWeb(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var (
		addr, color, clockText *string
		level                  *int
		fresh                  *bool
		fs                     *flag.FlagSet
		loadPos                func() (engine.Position, error)
	)
	// The database is -db alone, never the bot's ZUGBOT_DB (these games do
	// not belong in the bot's database); its password settings are run's,
	// read from the environment only for a PostgreSQL -db (a bot's password
	// there is no mistake beside the default SQLite file).
	load := func(hidden ...string) (config, error) {
		env := func(key string) string {
			if slices.Contains(hidden, key) {
				return ""
			}
			return getenv(key)
		}
		return loadConfigFor("web", "play in the browser, against the AI or a friend (the live board, served locally)",
			[]string{"db", "db-password", "db-password-file"}, func(f *flag.FlagSet) {
				fs = f
				db := fs.Lookup("db")
				db.Usage = "the database of the games: a SQLite file, or a PostgreSQL URL (postgres://user:password@host/db), whose password may instead be in ZUGBOT_DB_PASSWORD or ZUGBOT_DB_PASSWORD_FILE, as for zugbot run"
				db.DefValue = "zugbot-web.db"
				db.Value.Set(db.DefValue)
				addr = fs.String("addr", "127.0.0.1:8080", "the address to serve the page at")
				loadPos = positionFlags(fs)
				level = fs.Int("level", 3, fmt.Sprintf("with -game, the AI's level, from %d (%s) to %d (%s)", ai.MinLevel, ai.LevelName(ai.MinLevel), ai.MaxLevel, ai.LevelName(ai.MaxLevel)))
				color = fs.String("color", "first", sideUsage("with -game, the side you play"))
				clockText = fs.String("clock", "", "with -game, a live clock, minutes+seconds a move, e.g. 5+3 (default: none)")
				fresh = fs.Bool("new", false, "with -game, start a new game even if one of yours is unfinished")
			}, args, env, stdout)
	}
	cfg, err := load("ZUGBOT_DB", "ZUGBOT_DB_PASSWORD", "ZUGBOT_DB_PASSWORD_FILE")
	if err == nil && store.IsPostgres(cfg.DB) {
		cfg, err = load("ZUGBOT_DB")
	}
	if err != nil {
		return err
	}
	if _, port, err := net.SplitHostPort(*addr); err != nil || port == "" {
		return usagef("-addr %q is not an address such as 127.0.0.1:8080", *addr)
	}
	var (
		v         *engine.Variant
		human     engine.Side
		startText string
		clock     store.Clock
	)
	if fs.Lookup("game").Value.String() != "" { // none: the home page
		start, text, c, err := aiStart(fs, loadPos, *clockText)
		if err != nil {
			return err
		}
		v, startText, clock = start.Variant(), text, c
		if human, err = parseSide(v, "-color", *color); err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("serve the page: %w", err)
	}
	defer ln.Close()
	db, err := store.Open(ctx, cfg.DB, store.Options{Variants: games.All(), MaxActiveGames: -1})
	if err != nil {
		return fmt.Errorf("open %s: %w", store.Redacted(cfg.DB), err)
	}
	defer db.Close()
	tab, err := table.New(table.Config{Store: db, Variants: games.All()})
	if err != nil {
		return err
	}
	defer tab.Close() // its AI replies, before the database closes
	key := make([]byte, 32)
	_, _ = rand.Read(key) // links last as long as this process
	srv, err := web.New(web.Config{Table: tab, Sessions: db, Key: key, PublicURL: "http://" + ln.Addr().String()})
	if err != nil {
		return err
	}
	defer srv.Close()
	// The timers: live clocks that run out, invitations nobody took up,
	// the AI's replies a stop left waiting.
	tctx, stopTimers := context.WithCancel(ctx)
	timers := make(chan struct{})
	go func() {
		defer close(timers)
		tab.RunTimers(tctx, pageAnnouncer{}, table.TimerOptions{}, nil)
	}()
	defer func() { stopTimers(); <-timers }()
	if v == nil {
		fmt.Fprintf(stdout, "zugbot's home page: play against the AI or invite a friend:\n\n  http://%s/\n\nPress Ctrl-C to stop.\n", ln.Addr())
		return serveWeb(ctx, srv, ln, *addr)
	}
	if playing, err := tab.Playing(ctx, webPlayer.ID); err != nil {
		return err
	} else if len(playing) > 0 && !*fresh {
		// A restart: the unfinished game, rather than another beside it.
		g := &playing[0]
		link, err := srv.Link(g, webPlayer.ID, 24*time.Hour)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Your game #%d of %s is not finished; open it again with your private link (it opens once):\n\n  %s\n\nAnyone with this address can watch: %s\nTo start another game, add -new. Press Ctrl-C to stop.\n",
			g.ID, variantName(g.Variant), link, srv.GameURL(g))
		return serveWeb(ctx, srv, ln, *addr)
	}
	colour := store.FirstColour
	if human != 0 {
		colour = store.SecondColour
	}
	u, err := tab.PlayAI(table.WithSource(ctx, web.Source), table.AIGame{Variant: v.ID, Start: startText, Player: webPlayer, Level: *level, Colour: colour, Clock: clock})
	var r *table.Refusal
	if errors.As(err, &r) && r.Reason == table.BadLevel {
		return usagef("-level %d: %v", *level, err)
	}
	if err != nil {
		return err
	}
	link, err := srv.Link(&u.State.Game, webPlayer.ID, 24*time.Hour)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s, game #%d: you play %s against zugbot at level %d (%s).\nOpen your private link (it opens once):\n\n  %s\n\nAnyone with this address can watch: %s\nPress Ctrl-C to stop.\n",
		v.Name, u.State.Game.ID, v.Sides[human], *level, ai.LevelName(*level), link, srv.GameURL(&u.State.Game))
	return serveWeb(ctx, srv, ln, *addr)
}

// serveWeb serves srv on ln until ctx ends, then stops it in order
// (web.Server.Shutdown).
func serveWeb(ctx context.Context, srv *web.Server, ln net.Listener, addr string) error {
	hs := srv.HTTPServer(addr)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve the page: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("stop serving: %w", err)
	}
	return nil
}

// pageAnnouncer announces the timers' events of "zugbot web": nothing to
// post anywhere, as the pages learn every change from the feed. A server's
// daily puzzle is the bot's to post: on a database it shares with the bot,
// the timer is left to be tried again (by the bot, whichever process
// claims it then).
type pageAnnouncer struct{}

func (pageAnnouncer) TimedOut(context.Context, table.Update) error          { return nil }
func (pageAnnouncer) Remind(context.Context, store.State, store.Seat) error { return nil }
func (pageAnnouncer) Expired(context.Context, store.Challenge) error        { return nil }
func (pageAnnouncer) Stepped(context.Context, table.Step) error             { return nil }
func (pageAnnouncer) Analysed(context.Context, table.Analysis) error        { return nil }
func (pageAnnouncer) DailyPuzzle(context.Context, table.DailyPuzzle) (string, error) {
	return "", errNoDailyPosts
}
func (pageAnnouncer) Final(err error) bool { return !errors.Is(err, errNoDailyPosts) }

// errNoDailyPosts is the answer of a command that posts no daily puzzles
// (the bot does) to a daily puzzle's timer.
var errNoDailyPosts = errors.New("only the bot posts the daily puzzles")

// variantName returns the name of the variant whose id is id.
func variantName(id string) string {
	if v, err := findVariant(id); err == nil {
		return v.Name
	}
	return id
}
