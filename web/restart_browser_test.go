package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserReconnectsAfterRestart keeps a player's page open while the
// web server stops and a new one starts on the same address over the same
// game service and database, with a new signing key. The page reconnects
// its live stream by itself and shows the moves made meanwhile, without a
// reload; the session is in the store, so the page is still the player's,
// who moves on it.
func TestBrowserReconnectsAfterRestart(t *testing.T) {
	f := newFixture(t, "zola")
	ctx, errs := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(f.link(time.Hour))); err != nil {
		t.Fatal(err)
	}
	waitPly(ctx, t, 0)
	// The page marks its window, so that a reload would show.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](`window.zugbotMark = 1`)); err != nil {
		t.Fatal(err)
	}
	st := f.state(http.DefaultClient)
	mv := st.Moves[0]
	addr := f.ts.Listener.Addr().String()
	f.srv.Close() // ends the live streams, so that the http server can close
	f.ts.Close()

	// Meanwhile the player moves elsewhere (on Discord, say), and the
	// service replies.
	if _, err := f.tab.Play(context.Background(), f.game, player.ID, 0, mv.Notation); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * time.Second) // the page retries (retry: 2000) and meets the closed port

	restartAt(t, f, addr)

	waitPly(ctx, t, 2)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`String(window.zugbotMark) + ' ' + document.querySelector('#history li span').textContent + ' ' +
		document.getElementById('status').textContent`))
	if want := "1 " + mv.Notation + " Your move."; err != nil || got != want {
		t.Errorf("after the restart the page shows %q (%v): want %q, with no reload", got, err, want)
	}
	// The player moves on the page, through the new server.
	st = f.state(http.DefaultClient)
	next := st.Moves[0]
	clickMove(ctx, t, st, next, false)
	if got := f.waitPast(t, st.Ply); got.History[st.Ply] != next.Notation {
		t.Fatalf("after tapping %s on the page the game has %v", next.Notation, got.History)
	}
	var other []string
	for _, e := range errs() {
		if !strings.Contains(e, "ERR_CONNECTION_REFUSED") && !strings.Contains(e, "ERR_CONNECTION_RESET") &&
			!strings.Contains(e, "ERR_INCOMPLETE_CHUNKED_ENCODING") && !strings.Contains(e, "ERR_EMPTY_RESPONSE") {
			other = append(other, e)
		}
	}
	if len(other) > 0 {
		t.Errorf("the page reported errors besides the network's during the restart:\n%s", strings.Join(other, "\n"))
	}
	if all := errs(); len(all) == len(other) {
		t.Errorf("the page met no network error: the test did not cover the gap (%q)", all)
	}
}
