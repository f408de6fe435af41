package web_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// missChanges makes the page miss every change made elsewhere (its live
// stream never connects, as when a connection drops), so that it acts on
// a board that has moved on, and records every text its status line
// shows in window.said.
const missChanges = `window.EventSource = class { addEventListener() {} close() {} };
window.said = [];
document.addEventListener('DOMContentLoaded', () => {
  const s = document.getElementById('status');
  new MutationObserver(() => window.said.push(s.textContent)).observe(s, {childList: true, characterData: true, subtree: true});
});`

// refusalPage opens the fixture's game for the player in a browser that
// misses changes (see missChanges), and waits for ply.
func refusalPage(t *testing.T, f *fixture, ply int) context.Context {
	t.Helper()
	ctx, _ := browser(t)
	add := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: missChanges})
		return err
	})
	if err := chromedp.Do(ctx, add, chromedp.Navigate(f.link(time.Hour))); err != nil {
		t.Fatal(err)
	}
	waitPly(ctx, t, ply)
	if err := chromedp.Do(ctx, chromedp.WaitReady(chromedp.CSS(`#status:not(:empty)`))); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// waitSaid waits until the page's status line has shown want, and fails
// the test if it never does or if anything it showed has markup.
func waitSaid(ctx context.Context, t *testing.T, want string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		said, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.said`))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range said {
			for _, markup := range []string{"**", "<@", "/play", "/challenge"} {
				if strings.Contains(s, markup) {
					t.Fatalf("the page showed %q, with Discord's %q", s, markup)
				}
			}
		}
		if slices.Contains(said, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page showed %q; want %q", said, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// refusalText returns err's text, failing the test unless it is a refusal.
func refusalText(t *testing.T, err error, reason table.Reason) string {
	t.Helper()
	var r *table.Refusal
	if !errors.As(err, &r) || r.Reason != reason {
		t.Fatalf("the service answered %v; want a refusal for reason %d", err, reason)
	}
	return r.Error()
}

// TestBrowserRefusals provokes on the page each refusal that the page can
// receive (most only on a board that has moved on behind its back) and
// checks the words it shows: the service's, in plain text. The game over
// refusal, which names the result, once reached the page with Discord's
// bold.
func TestBrowserRefusals(t *testing.T) {
	ctx := context.Background()
	start := func(t *testing.T, ng store.NewGame) *fixture {
		f := newServerFixture(t)
		u, err := f.tab.Start(ctx, ng)
		if err != nil {
			t.Fatal(err)
		}
		f.game, f.g = u.State.Game.ID, u.State.Game
		return f
	}
	people := [2]store.Seat{{Player: player}, {Player: opponent}}
	// first returns the nth legal move of the game as it stands.
	first := func(t *testing.T, f *fixture, n int) string {
		t.Helper()
		st, err := f.tab.Load(ctx, f.game)
		if err != nil {
			t.Fatal(err)
		}
		return st.Position.FormatMove(st.Position.Moves(nil)[n])
	}
	typeMove := func(t *testing.T, c context.Context, text string) {
		t.Helper()
		if err := chromedp.Do(c, chromedp.SendKeys(chromedp.ID("move-input"), text+"\r")); err != nil {
			t.Fatal(err)
		}
	}
	click := func(t *testing.T, c context.Context, id string) {
		t.Helper()
		if err := chromedp.Do(c, chromedp.WaitVisible(chromedp.ID(id)), chromedp.Click(chromedp.ID(id))); err != nil {
			t.Fatalf("click #%s: %v", id, err)
		}
	}

	t.Run("illegal move", func(t *testing.T) {
		f := start(t, store.NewGame{Variant: "zola", Seats: people})
		c := refusalPage(t, f, 0)
		// The move field takes no more than the server reads.
		if n, err := chromedp.Run(c, chromedp.Evaluate[int](`document.getElementById('move-input').maxLength`)); err != nil || n != table.MaxMoveLen {
			t.Errorf("the move field takes %d characters (%v); want table.MaxMoveLen, %d", n, err, table.MaxMoveLen)
		}
		typeMove(t, c, "zz9")
		_, _, err := f.tab.Check(ctx, f.game, player.ID, 0, "zz9")
		waitSaid(c, t, refusalText(t, err, table.IllegalMove))
	})
	t.Run("board moved on", func(t *testing.T) {
		f := start(t, store.NewGame{Variant: "zola", Seats: people})
		second := first(t, f, 1)
		c := refusalPage(t, f, 0)
		if _, err := f.tab.Play(ctx, f.game, player.ID, 0, first(t, f, 0)); err != nil { // in another tab
			t.Fatal(err)
		}
		typeMove(t, c, second)
		_, _, err := f.tab.Check(ctx, f.game, player.ID, 0, second)
		waitSaid(c, t, refusalText(t, err, table.Stale))
	})
	t.Run("game over", func(t *testing.T) {
		f := start(t, store.NewGame{Variant: "zola", Seats: people})
		mv := first(t, f, 0)
		c := refusalPage(t, f, 0)
		u, err := f.tab.Resign(ctx, f.game, opponent.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		typeMove(t, c, mv)
		_, _, err = f.tab.Check(ctx, f.game, player.ID, 0, mv)
		want := refusalText(t, err, table.GameOver)
		if result := table.ResultOf(u.State.Position.Variant(), &u.State.Game, nil).String(); want != "Game #1 is over: "+result || result != "Ada (Red) wins — resignation." {
			t.Fatalf("the refusal reads %q, the result %q", want, result)
		}
		waitSaid(c, t, want)
	})
	t.Run("resign after the end", func(t *testing.T) {
		f := start(t, store.NewGame{Variant: "zola", Seats: people})
		c := refusalPage(t, f, 0)
		if _, err := f.tab.Resign(ctx, f.game, opponent.ID, 0); err != nil {
			t.Fatal(err)
		}
		click(t, c, "resign")
		click(t, c, "resign") // "Really resign?"
		_, err := f.tab.Resign(ctx, f.game, player.ID, 0)
		waitSaid(c, t, refusalText(t, err, table.GameOver))
	})
	t.Run("draw offered twice", func(t *testing.T) {
		f := start(t, store.NewGame{Variant: "zonal", Seats: people})
		c := refusalPage(t, f, 0)
		click(t, c, "draw")
		deadline := time.Now().Add(15 * time.Second)
		for g, _ := f.db.Game(ctx, f.game); g.Offer.Kind != store.DrawOffer; g, _ = f.db.Game(ctx, f.game) {
			if time.Now().After(deadline) {
				t.Fatal("the first offer was never made")
			}
			time.Sleep(20 * time.Millisecond)
		}
		_, err := f.tab.OfferDraw(ctx, f.game, player.ID, table.DrawOptions{Confirmed: -1})
		want := refusalText(t, err, table.AlreadyOffered)
		// The page ignores a click while its first request is still on its
		// way (it has the offer stored before it has the answer): click
		// again until the second offer is sent, and refused.
		for try := 0; ; try++ {
			click(t, c, "draw")
			said, err := chromedp.Run(c, chromedp.Evaluate[[]string](`window.said`))
			if err != nil {
				t.Fatal(err)
			}
			if slices.Contains(said, want) || try == 50 {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		waitSaid(c, t, want)
	})
	t.Run("answer to an offer that closed", func(t *testing.T) {
		f := start(t, store.NewGame{Variant: "zonal", Seats: people})
		if _, err := f.tab.Play(ctx, f.game, player.ID, 0, first(t, f, 0)); err != nil {
			t.Fatal(err)
		}
		if _, err := f.tab.OfferDraw(ctx, f.game, opponent.ID, table.DrawOptions{Confirmed: -1}); err != nil {
			t.Fatal(err)
		}
		c := refusalPage(t, f, 1)
		if _, err := f.tab.Answer(ctx, f.game, player.ID, store.DrawOffer, 1, false); err != nil { // in another tab
			t.Fatal(err)
		}
		click(t, c, "accept")
		_, err := f.tab.Answer(ctx, f.game, player.ID, store.DrawOffer, 1, true)
		waitSaid(c, t, refusalText(t, err, table.OfferClosed))
	})
	for _, tt := range []struct {
		name   string
		ng     store.NewGame
		reason table.Reason
	}{
		{"takeback in a rated game", store.NewGame{Variant: "zola", Seats: people, Rated: true}, table.RatedTakeback},
		{"takeback in a live game", store.NewGame{Variant: "zola", Seats: people, Clock: store.Clock{Base: 5 * time.Minute}}, table.LiveTakeback},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := start(t, tt.ng)
			c := refusalPage(t, f, 0)
			typeMove(t, c, first(t, f, 0))
			waitPly(c, t, 1)
			click(t, c, "takeback")
			_, err := f.tab.Takeback(ctx, f.game, player.ID)
			waitSaid(c, t, refusalText(t, err, tt.reason))
		})
	}
	t.Run("takeback before one's first move", func(t *testing.T) {
		f := start(t, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: opponent}, {Player: player}}})
		if _, err := f.tab.Play(ctx, f.game, opponent.ID, 0, first(t, f, 0)); err != nil {
			t.Fatal(err)
		}
		c := refusalPage(t, f, 1)
		click(t, c, "takeback")
		_, err := f.tab.Takeback(ctx, f.game, player.ID)
		waitSaid(c, t, refusalText(t, err, table.NothingToTakeBack))
	})
}

// TestBrowserDrawDeclined offers the AI a draw in the opening, which it
// declines: the page says so as news, not in the colours of an error.
func TestBrowserDrawDeclined(t *testing.T) {
	ctx := context.Background()
	f := newServerFixture(t)
	u, err := f.tab.Start(ctx, store.NewGame{Variant: "zonal", Seats: [2]store.Seat{{Player: player}, {AI: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	f.game, f.g = u.State.Game.ID, u.State.Game
	c := refusalPage(t, f, 0)
	if err := chromedp.Do(c, chromedp.WaitVisible(chromedp.ID("draw")), chromedp.Click(chromedp.ID("draw"))); err != nil {
		t.Fatal(err)
	}
	var text, class string
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		line, err := chromedp.Run(c, chromedp.Evaluate[[2]string](`(() => { const s = document.getElementById('status'); return [s.textContent, s.className]; })()`))
		if err != nil {
			t.Fatal(err)
		}
		text, class = line[0], line[1]
		if strings.HasPrefix(text, "zugbot declines") || time.Now().After(deadline) {
			break
		}
	}
	if !strings.HasPrefix(text, "zugbot declines") || class == "error" {
		t.Fatalf("after the AI declined, the status line reads %q in class %q; want the decline, not styled as an error", text, class)
	}
	// The offer reached the AI, which remembers its answer for this move.
	_, err = f.tab.OfferDraw(ctx, f.game, player.ID, table.DrawOptions{Confirmed: -1})
	refusalText(t, err, table.DrawDeclined)
	if g, err := f.db.Game(ctx, f.game); err != nil || g.Over() || g.Offer.Kind != store.NoOffer {
		t.Fatalf("after the decline the game is %+v (%v); want it going on with no offer open", g, err)
	}
}
