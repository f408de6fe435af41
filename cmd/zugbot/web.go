package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
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
	fs := newFlags("web", "play a game against the AI in the browser (the live board, served locally)", stdout)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to serve the page at")
	dbPath := fs.String("db", "zugbot-web.db", "the SQLite database of the games")
	game := fs.String("game", "zola", "the game variant: "+strings.Join(variantIDs(), ", "))
	level := fs.Int("level", 3, fmt.Sprintf("the AI's level, from %d (%s) to %d (%s)", ai.MinLevel, ai.LevelName(ai.MinLevel), ai.MaxLevel, ai.LevelName(ai.MaxLevel)))
	color := fs.String("color", "first", sideUsage("the side you play"))
	if err := parseFlags(fs, args); err != nil {
		return err
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
	db, err := store.Open(ctx, *dbPath, store.Options{Variants: games.All(), MaxActiveGames: -1})
	if err != nil {
		return fmt.Errorf("open %s: %w", *dbPath, err)
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
	link, err := srv.Link(u.State.Game.ID, webPlayer.ID, 24*time.Hour)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s, game #%d: you play %s against zugbot at level %d (%s).\nOpen your private link (it opens once):\n\n  %s\n\nAnyone else can watch at http://%s/games/%d\nPress Ctrl-C to stop.\n",
		v.Name, u.State.Game.ID, v.Sides[human], *level, ai.LevelName(*level), link, ln.Addr(), u.State.Game.ID)
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
