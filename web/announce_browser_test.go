package web_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/table"
)

// zodiacWhiteFirst is Zodiac's start with White, the second side, to move.
const zodiacWhiteFirst = "bwbwbw/.n..n. w - 0"

// TestMovers checks that the state names the side that played each move
// in a game where the second side moves first: the AI, White, opens.
func TestMovers(t *testing.T) {
	f := newFixtureAt(t, "zodiac", zodiacWhiteFirst)
	st := f.state(http.DefaultClient)
	if len(st.Movers) != 1 || st.Movers[0] != 1 {
		t.Fatalf("after White's opening: movers %v; want [1]", st.Movers)
	}
	g, err := f.tab.Load(context.Background(), f.game)
	if err != nil {
		t.Fatal(err)
	}
	u, err := f.tab.PlayIn(context.Background(), g, player.ID, 1, st.Moves[0].Notation, table.PlayOptions{AwaitReply: true})
	if err != nil || u.Reply == nil {
		t.Fatalf("Black's move and White's reply: %+v, %v", u.Reply, err)
	}
	if st := f.state(http.DefaultClient); fmt.Sprint(st.Movers) != "[1 0 1]" {
		t.Errorf("after Black's move and White's reply: movers %v; want [1 0 1]", st.Movers)
	}
}

// TestBrowserAnnouncesTheMover opens a player's page of a game of Zodiac
// where White, the second side, moves first (the AI, which opens); the
// player, Black, moves, and the AI replies: the page's spoken
// announcement names White as the side that replied, and Black for the
// player's move if it is said in the same announcement (a reply that
// reaches the page with the move spans two plies).
func TestBrowserAnnouncesTheMover(t *testing.T) {
	f := newFixtureAt(t, "zodiac", zodiacWhiteFirst)
	ctx, errs := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(f.link(time.Hour))); err != nil {
		t.Fatal(err)
	}
	waitPly(ctx, t, 1)
	st := f.state(http.DefaultClient)
	mine := st.Moves[0].Notation
	if _, err := f.tab.Play(context.Background(), f.game, player.ID, 1, mine); err != nil {
		t.Fatal(err)
	}
	waitPly(ctx, t, 3)
	reply := f.state(http.DefaultClient).History[2]
	said, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.ID("announce")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(said, "White played "+reply+".") {
		t.Errorf("the page announced %q after White's reply %s; want it to end %q", said, reply, "White played "+reply+".")
	}
	if strings.Contains(said, mine) && !strings.Contains(said, "Black played "+mine+".") {
		t.Errorf("the page announced %q; want Black named for the move %s", said, mine)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("the page reported errors: %v", e)
	}
}
