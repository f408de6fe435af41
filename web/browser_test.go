package web_test

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/web"
)

var shots = flag.String("shots", "", "write the browser tests' screenshots (web-GAME-desktop.png, web-GAME-phone.png) into this directory")

// chromium is where Debian installs the browser the tests drive.
const chromium = "/usr/bin/chromium"

// browser starts a headless chromium for the test, and returns its context
// and a func that returns the errors the page reported so far (console
// errors, exceptions, failed loads and CSP violations). A machine without
// chromium fails the test: the browser tests are part of the suite.
func browser(t *testing.T) (context.Context, func() []string) {
	t.Helper()
	path, err := exec.LookPath(chromium)
	if err != nil {
		if path, err = exec.LookPath("chromium"); err != nil {
			t.Fatalf("the browser tests need chromium, which is not installed: sudo apt-get install -y chromium")
		}
	}
	opts := []chromedp.ExecAllocatorOption{chromedp.ExecPath(path), chromedp.Headless, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.WindowSize(1280, 900)}
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	return ctx, pageErrors(ctx)
}

// otherBrowser returns a context in a new browser context of ctx's
// browser (its own cookies, as another person's browser has), and a func
// that returns the errors its page reported.
func otherBrowser(t *testing.T, ctx context.Context) (context.Context, func() []string) {
	t.Helper()
	octx, cancel := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(octx); err != nil { // opens its tab
		t.Fatalf("a second browser context: %v", err)
	}
	return octx, pageErrors(octx)
}

// pageErrors collects the errors the page of ctx reports (console errors,
// exceptions, failed loads and CSP violations), and returns a func that
// returns those reported so far.
func pageErrors(ctx context.Context) func() []string {
	var mu sync.Mutex
	var errs []string
	add := func(s string) { mu.Lock(); errs = append(errs, s); mu.Unlock() }
	console := chromedp.Events(ctx, runtime.ConsoleAPICalled)
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	logs := chromedp.Events(ctx, log.EntryAdded)
	go func() {
		for ev, err := range console {
			if err != nil {
				return
			}
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				add("console.error: " + strings.Join(args, " "))
			}
		}
	}()
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			add("exception: " + msg)
		}
	}()
	go func() {
		for ev, err := range logs {
			if err != nil {
				return
			}
			if ev.Entry.Level == log.EntryLevelError {
				add(fmt.Sprintf("log: %s (%s)", ev.Entry.Text, ev.Entry.URL))
			}
		}
	}()
	return func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), errs...) }
}

// shot writes a screenshot of the whole page, into -shots or the test's
// directory.
func shot(ctx context.Context, t *testing.T, name string) {
	t.Helper()
	writeShot(ctx, t, name, chromedp.FullScreenshot(100))
}

// screenShot writes a screenshot of what the screen shows (a phone's),
// into -shots or the test's directory.
func screenShot(ctx context.Context, t *testing.T, name string) {
	t.Helper()
	writeShot(ctx, t, name, chromedp.CaptureScreenshot())
}

func writeShot(ctx context.Context, t *testing.T, name string, take chromedp.Action[[]byte]) {
	t.Helper()
	b, err := chromedp.Run(ctx, take)
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	dir := *shots
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// waitPly waits until the page shows the game at ply.
func waitPly(ctx context.Context, t *testing.T, ply int) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.WaitReady(chromedp.CSS(fmt.Sprintf(`body[data-ply="%d"]`, ply)))); err != nil {
		t.Fatalf("the page never showed ply %d: %v", ply, err)
	}
}

// waitTurn waits until the API says it is the player's turn or the game
// is over, and returns the state.
func (f *fixture) waitTurn(t *testing.T, side int) web.State {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		st := f.state(http.DefaultClient)
		if st.Result != nil || st.Turn == side {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("the AI has not answered at ply %d", st.Ply)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitPast waits until the game is past ply.
func (f *fixture) waitPast(t *testing.T, ply int) web.State {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st := f.state(http.DefaultClient)
		if st.Ply > ply {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game stays at ply %d", ply)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// clickMove plays mv on the page by tapping its start and its end, or by
// dragging the piece (and choosing it among the moves with the same ends,
// or passing).
func clickMove(ctx context.Context, t *testing.T, st web.State, mv web.Move, drag bool) {
	t.Helper()
	hit := func(i int) chromedp.CSS { return chromedp.CSS(fmt.Sprintf(`#board .hit[data-i="%d"]`, i)) }
	if len(mv.Path) == 0 {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("pass"))); err != nil {
			t.Fatalf("pass: %v", err)
		}
		return
	}
	from, to := mv.Path[0], mv.Path[len(mv.Path)-1]
	var err error
	if drag {
		// By the points' places on the screen: the board is redrawn
		// often, and a drag must not hold on to its nodes.
		// The board in view first, as a person scrolls it there (typing
		// in the move field may have scrolled it away).
		xy, err2 := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`document.getElementById('board').scrollIntoView({block: 'nearest'}), [%d, %d].flatMap((i) => {
			const r = document.querySelector('#board .hit[data-i="' + i + '"]').getBoundingClientRect();
			return [r.x + r.width / 2, r.y + r.height / 2];
		})`, from, to)))
		if err = err2; err == nil {
			err = chromedp.Do(ctx, chromedp.DragAndDropXY(xy[0], xy[1], xy[2], xy[3]))
		}
	} else {
		err = chromedp.Do(ctx, chromedp.Click(hit(from)), chromedp.WaitReady(chromedp.CSS(".target")), chromedp.Click(hit(to)))
	}
	if err != nil {
		t.Fatalf("move %s: %v", mv.Notation, err)
	}
	choose(ctx, t, st, mv, chromedp.Click[string])
}

// choose presses mv's button in the page's chooser, with press (a click or
// a tap), when more than one of st's moves has mv's two ends.
func choose(ctx context.Context, t *testing.T, st web.State, mv web.Move, press func(string, ...chromedp.QueryOption) chromedp.Action[chromedp.Void]) {
	t.Helper()
	from, to := mv.Path[0], mv.Path[len(mv.Path)-1]
	same := 0
	for _, m := range st.Moves {
		if len(m.Path) > 0 && m.Path[0] == from && m.Path[len(m.Path)-1] == to {
			same++
		}
	}
	if same > 1 {
		btn := fmt.Sprintf(`//div[@id="chooser-moves"]/button[text()=%q]`, mv.Notation)
		if err := chromedp.Do(ctx, press(btn)); err != nil {
			t.Fatalf("choose %s: %v", mv.Notation, err)
		}
	}
}

// TestBrowserPlaysZola opens the player's link in a real browser and plays
// a whole game of Zola against the AI at level 1 by tapping the board and
// dragging its pieces, in turn, on
// a desktop window and then on a phone's, checking after each move that
// the board shows the game's pieces, and that the page reports no error.
func TestBrowserPlaysZola(t *testing.T) {
	f := newFixture(t, "zola")
	ctx, errs := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(f.link(time.Hour))); err != nil {
		t.Fatal(err)
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil || !strings.HasSuffix(loc, f.page()) {
		t.Fatalf("after the link the page is at %q (%v): want %s, the token gone", loc, err, f.page())
	}
	plies := 0
	for moves := 0; ; moves++ {
		st := f.waitTurn(t, 0)
		waitPly(ctx, t, st.Ply)
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board g.piece').length`))
		if err != nil || n != len(st.Pieces) {
			t.Fatalf("ply %d: the board shows %d pieces (%v), the game has %d", st.Ply, n, err, len(st.Pieces))
		}
		if st.Result != nil {
			plies = st.Ply
			status, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("status")))
			if !strings.Contains(status, "wins") && !strings.Contains(status, "Draw") {
				t.Errorf("the game is over, and the page says %q", status)
			}
			said, _ := chromedp.Run(ctx, chromedp.TextContent(chromedp.ID("announce")))
			if !strings.Contains(said, " played ") {
				t.Errorf("the live region says %q: want the last move", said)
			}
			break
		}
		if moves == 3 {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Reload()); err != nil {
				t.Fatal(err)
			}
			waitPly(ctx, t, st.Ply)
			w, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
			if err != nil || w > 360 {
				t.Errorf("on a phone the page is %d px wide (%v): want 360", w, err)
			}
		}
		if moves > 150 {
			t.Fatalf("no end after %d moves", moves)
		}
		mv := st.Moves[0]
		for _, m := range st.Moves { // captures first, for a short game
			if strings.Contains(m.Notation, "x") {
				mv = m
				break
			}
		}
		clickMove(ctx, t, st, mv, moves%2 == 1)
		got := f.waitPast(t, st.Ply) // the move reached the game (then the AI answers)
		if got.History[st.Ply] != mv.Notation {
			t.Fatalf("after tapping %s the game has %v", mv.Notation, got.History)
		}
	}
	t.Logf("a game of %d plies", plies)
	if e := errs(); len(e) > 0 {
		t.Errorf("the page reported errors:\n%s", strings.Join(e, "\n"))
	}
}
