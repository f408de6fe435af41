package bot

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// TestFirstBoardOnce: two processes (two bots on one database and one
// Discord, as in a rolling restart) post the board of a game started
// elsewhere at the same moment. Both post one, as neither had seen the
// other's; the first recorded (Posts.SetFirstPost) is the game's board,
// and the other process deletes its own, so that the channel shows one
// board, the one recorded.
func TestFirstBoardOnce(t *testing.T) {
	ctx := context.Background()
	srv := discordtest.New(t)
	guild := srv.NewGuild("zugbot tests")
	channel := srv.NewChannel(guild, "games")
	variants := []*engine.Variant{zola.Zola}
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "zugbot.db"), store.Options{Variants: variants})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tab, err := table.New(table.Config{Store: st, Variants: variants})
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	var bots [2]*Bot
	for i := range bots {
		if bots[i], err = New(Config{Table: tab, Store: st, Posts: st, Variants: variants, Session: srv.Session()}); err != nil {
			t.Fatal(err)
		}
	}
	seat := func(id, name string) store.Seat { return store.Seat{Player: store.Player{ID: id, Name: name}} }
	g, err := st.CreateGame(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{seat("1", "alice"), seat("2", "bob")}, GuildID: guild, ChannelID: channel})
	if err != nil {
		t.Fatal(err)
	}
	// Both posts are held on their way, so that each process has found
	// the game without a board before either records one.
	srv.SlowRoute(discordtest.RouteMessageCreate, 300*time.Millisecond, 2)
	var wg sync.WaitGroup
	for _, b := range bots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.postStarted(ctx, g.ID, []int{0}, 1)
		}()
	}
	wg.Wait()
	creates, deletes := 0, 0
	for _, r := range srv.Requests() {
		switch r.Route {
		case discordtest.RouteMessageCreate:
			creates++
		case discordtest.RouteMessageDelete:
			deletes++
		}
	}
	if creates != 2 || deletes != 1 {
		t.Fatalf("%d boards posted and %d deleted; want 2 posted (the race) and 1 deleted", creates, deletes)
	}
	var boards []string
	for _, m := range srv.Messages(channel) {
		boards = append(boards, m.ID)
	}
	p, err := st.Post(ctx, store.PostedGame, g.ID)
	if err != nil || len(boards) != 1 || p.Message != boards[0] {
		t.Errorf("the channel shows boards %q, the game's recorded board is %q (%v); want the one recorded, alone", boards, p.Message, err)
	}
	if p.Drawn != g.Version {
		t.Errorf("the board is recorded drawn at version %d; want %d, the game's", p.Drawn, g.Version)
	}
}
