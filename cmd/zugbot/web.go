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
	"strings"
	"time"

	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/web"
)

// webPlayer is the person at the browser of "zugbot web".
var webPlayer = store.Player{ID: "web", Name: "you"}

// runWeb serves the live board on this machine: it starts a game against
// the AI in a local SQLite database and prints the private link that
// plays it.
func runWeb(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var addr, game, color *string
	var level *int
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
		return loadConfigFor("web", "play a game against the AI in the browser (the live board, served locally)",
			[]string{"db", "db-password", "db-password-file"}, func(fs *flag.FlagSet) {
				db := fs.Lookup("db")
				db.Usage = "the database of the games: a SQLite file, or a PostgreSQL URL (postgres://user:password@host/db), whose password may instead be in ZUGBOT_DB_PASSWORD or ZUGBOT_DB_PASSWORD_FILE, as for zugbot run"
				db.DefValue = "zugbot-web.db"
				db.Value.Set(db.DefValue)
				addr = fs.String("addr", "127.0.0.1:8080", "the address to serve the page at")
				game = fs.String("game", "zola", "the game variant: "+strings.Join(variantIDs(), ", "))
				level = fs.Int("level", 3, fmt.Sprintf("the AI's level, from %d (%s) to %d (%s)", ai.MinLevel, ai.LevelName(ai.MinLevel), ai.MaxLevel, ai.LevelName(ai.MaxLevel)))
				color = fs.String("color", "first", sideUsage("the side you play"))
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
	v, err := findVariant(*game)
	if err != nil {
		return err
	}
	human, err := parseSide(v, "-color", *color)
	if err != nil {
		return err
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
	colour := store.FirstColour
	if human != 0 {
		colour = store.SecondColour
	}
	u, err := tab.PlayAI(table.WithSource(ctx, web.Source), table.AIGame{Variant: v.ID, Player: webPlayer, Level: *level, Colour: colour})
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
	hs := srv.HTTPServer(*addr)
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
