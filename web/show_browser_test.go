package web_test

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/web"
)

// restartAt starts a new web server for f on addr, over the same game
// service and database, with a new signing key, as a restart does.
func restartAt(t *testing.T, f *fixture, addr string) {
	t.Helper()
	srv, err := web.New(web.Config{Table: f.tab, Sessions: f.db, Key: []byte(strings.Repeat("n", 32)), PublicURL: "http://" + addr})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listen again on %s: %v", addr, err)
	}
	hs := srv.HTTPServer(addr)
	go func() {
		if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("serve: %v", err)
		}
	}()
	t.Cleanup(func() { srv.Close(); hs.Close() })
}

// TestBrowserRefusedMoveClearsChoice: after a refused move the board
// shows no chosen piece and no destinations (the page has dropped the
// choice), and a tap on a piece and one on its destination play.
func TestBrowserRefusedMoveClearsChoice(t *testing.T) {
	f := newFixture(t, "zola")
	ctx, errs := playerPage(t, f)
	st := f.state(http.DefaultClient)
	mv := st.Moves[0]
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#board .hit[data-i="%d"]`, mv.Path[0]))), chromedp.WaitReady(chromedp.CSS(".target"))); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("move-input"), "zz9\r")); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "said the refusal", `document.getElementById('status').className === 'error'`)
	if n := eval[int](ctx, t, `document.querySelectorAll('#board .choice').length`); n != 0 {
		t.Errorf("after a refused move the board still shows %d marks of a choice the page dropped", n)
	}
	clickMove(ctx, t, st, mv, false)
	if got := f.waitPast(t, st.Ply); got.History[st.Ply] != mv.Notation {
		t.Fatalf("after the refusal, tapping %s played %v", mv.Notation, got.History)
	}
	for _, e := range errs() {
		if !strings.Contains(e, "409 (Conflict)") { // the refusal itself
			t.Errorf("the page reported an error: %q", e)
		}
	}
}

// TestBrowserMoveDuringOutage: a move tried while the server is down says
// the connection was lost; once the page has reconnected, that message is
// gone, the page says whose move it is, and the move is played.
func TestBrowserMoveDuringOutage(t *testing.T) {
	f := newFixture(t, "zola")
	ctx, _ := playerPage(t, f)
	st := f.state(http.DefaultClient)
	mv := st.Moves[0]
	addr := f.ts.Listener.Addr().String()
	f.srv.Close()
	f.ts.Close()
	clickMove(ctx, t, st, mv, false)
	waitJS(ctx, t, "said the connection was lost", `document.getElementById('status').textContent.includes('connection to the server was lost')`)
	if n := eval[int](ctx, t, `document.querySelectorAll('#board .choice').length`); n != 0 {
		t.Errorf("after a failed move the board still shows %d marks of a choice the page dropped", n)
	}
	restartAt(t, f, addr)
	waitJS(ctx, t, "said it is the player's move again", `document.getElementById('status').textContent === 'Your move.' && document.getElementById('status').className === ''`)
	clickMove(ctx, t, st, mv, false)
	if got := f.waitPast(t, st.Ply); got.History[st.Ply] != mv.Notation {
		t.Fatalf("after the outage, tapping %s played %v", mv.Notation, got.History)
	}
}
