package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/web"
)

// How the player's page is told a move: tapping its points, dragging its
// piece, or typing it in the move field.
const (
	byTap = iota
	byDrag
	byTyping
	ways
)

var wayNames = [ways]string{"tap", "drag", "typing"}

// TestBrowserWholeGames plays a whole game of Zola, Zamma, Zonal Chess
// and Zodiac in the browser, from the start to its end: the player moves on
// their page, in turn by tapping, dragging and typing; the opponent moves
// through the game service (as on Discord); a spectator watches in a
// second browser context, with its own cookies. The moves come from
// quickLine, which makes each game short and includes the moves a board
// must get right: a Zamma multiple capture, a Zonal Chess bent rider move
// and a promotion. Both pages follow every move and show the end, the
// store records the result, and neither page reports an error.
//
// Each game is played twice: on a desktop window with the mouse, and on a
// 360-px phone with touch emulated, where the taps and the drags are the
// touch events a screen sends.
func TestBrowserWholeGames(t *testing.T) {
	for _, variant := range []string{"zola", "zamma", "zonal", "zodiac"} {
		for _, onPhone := range []bool{false, true} {
			name := variant + "/desktop"
			if onPhone {
				name = variant + "/phone"
			}
			t.Run(name, func(t *testing.T) { wholeGame(t, variant, onPhone) })
		}
	}
}

// wholeGame plays the whole game of TestBrowserWholeGames, on a phone if
// onPhone.
func wholeGame(t *testing.T, variant string, onPhone bool) {
	f := newFixtureVs(t, variant)
	ctx, errs := browser(t)
	sctx, serrs := otherBrowser(t, ctx)
	if onPhone {
		phone(ctx, t)
	}
	if err := chromedp.Do(sctx, chromedp.Navigate(f.ts.URL+f.page())); err != nil {
		t.Fatal(err)
	}
	// The spectator sees the board and nothing to act with.
	waitPly(sctx, t, 0)
	seen, err := chromedp.Run(sctx, chromedp.Evaluate[string](`document.getElementById('status').textContent + ' ' +
				document.querySelectorAll('#board .hit[tabindex]').length + ' ' + document.getElementById('typed').hidden`))
	if want := "You are watching. " + f.state(http.DefaultClient).Variant.Sides[0] + " to move. 0 true"; err != nil || seen != want {
		t.Errorf("the spectator sees %q (%v): want %q", seen, err, want)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(f.link(time.Hour))); err != nil {
		t.Fatal(err)
	}
	var v *engine.Variant
	for _, x := range games.All() {
		if x.ID == variant {
			v = x
		}
	}
	p := v.Start()
	q := newQuickLine(variant, 0)
	var used [ways]int
	specialsSeen := map[string]string{} // special → the way it was played
	for ply := 0; !p.Outcome().Over(); ply++ {
		if ply > 300 {
			t.Fatalf("no end after %d plies", ply)
		}
		waitPly(ctx, t, ply)
		waitPly(sctx, t, ply)
		if ply == 4 && !onPhone {
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.activeElement.blur(), true`)); err != nil {
				t.Fatal(err)
			}
			shot(ctx, t, "web-"+variant+"-desktop.png")
		}
		m := q.next(p)
		notation := p.FormatMove(m)
		var special string
		for _, s := range specials[variant] {
			if s.is(p, m) {
				special = s.name
			}
		}
		if p.Turn() == 1 {
			if _, err := f.tab.Play(context.Background(), f.game, opponent.ID, ply, notation); err != nil {
				t.Fatalf("ply %d: the opponent's %s: %v", ply, notation, err)
			}
			p.Do(m)
			continue
		}
		st := f.state(http.DefaultClient)
		mv, ok := moveNamed(st, notation)
		if !ok {
			t.Fatalf("ply %d: %s is not among the page's moves %v", ply, notation, st.Moves)
		}
		way := q.ours % ways // ours counts from 1: tap, drag, typing, tap…
		switch way {
		case byTyping:
			if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("move-input"), notation+"\r")); err != nil {
				t.Fatalf("ply %d: type %s: %v", ply, notation, err)
			}
		default:
			if onPhone {
				touchPlay(ctx, t, st, mv, way == byDrag)
			} else {
				clickMove(ctx, t, st, mv, way == byDrag)
			}
		}
		used[way]++
		if special != "" {
			specialsSeen[special] = wayNames[way]
		}
		got := f.waitPast(t, ply)
		if got.History[ply] != notation {
			t.Fatalf("ply %d: after the %s of %s the game has %v", ply, wayNames[way], notation, got.History)
		}
		p.Do(m)
	}
	plies := f.state(http.DefaultClient).Ply
	out := p.Outcome()
	if out.Status != engine.Win || out.Winner != 0 {
		t.Fatalf("the line ended %+v: want the player's win", out)
	}
	// The page says how it ended in the words Discord uses, without its
	// markup: "Ada (Red) wins — checkmate."
	ended, err := f.tab.Load(context.Background(), f.game)
	if err != nil {
		t.Fatal(err)
	}
	want := table.ResultOf(v, &ended.Game, nil).String()
	if !strings.HasPrefix(want, ended.Game.Seats[0].Name+" ("+v.Sides[0]+") wins — ") {
		t.Fatalf("the result reads %q", want)
	}
	for name, c := range map[string]context.Context{"player": ctx, "spectator": sctx} {
		waitPly(c, t, plies)
		if err := chromedp.Do(c, chromedp.WaitReady(chromedp.CSS(`#status:not(.error)`))); err != nil {
			t.Fatal(err)
		}
		status, err := chromedp.Run(c, chromedp.Text(chromedp.ID("status")))
		if err != nil || !strings.HasPrefix(status, want) {
			t.Errorf("the %s's page says %q at the end (%v): want %q…", name, status, err, want)
		}
		hidden, err := chromedp.Run(c, chromedp.Evaluate[bool](`document.getElementById('typed').hidden && document.getElementById('resign').hidden`))
		if err != nil || !hidden {
			t.Errorf("the %s's page still offers to move or resign after the end (%v)", name, err)
		}
	}
	gs, err := f.tab.Load(context.Background(), f.game)
	if err != nil {
		t.Fatal(err)
	}
	if gs.Game.Result != store.Win || gs.Game.Winner != 0 || gs.Game.Ply != plies {
		t.Errorf("the store has %v, winner %d, at ply %d: want a win of side 0 at ply %d", gs.Game.Result, gs.Game.Winner, gs.Game.Ply, plies)
	}
	for w, n := range used {
		if n == 0 {
			t.Errorf("no move was played by %s", wayNames[w])
		}
	}
	for _, s := range specials[variant] {
		if specialsSeen[s.name] == "" {
			t.Errorf("the game had no %s", s.name)
		}
	}
	t.Logf("%d plies; the player's moves by tap, drag, typing: %v; specials: %v", plies, used, specialsSeen)
	for name, e := range map[string][]string{"player": errs(), "spectator": serrs()} {
		if len(e) > 0 {
			t.Errorf("the %s's page reported errors:\n%s", name, strings.Join(e, "\n"))
		}
	}
}

// moveNamed returns the move of st written notation.
func moveNamed(st web.State, notation string) (web.Move, bool) {
	for _, m := range st.Moves {
		if m.Notation == notation {
			return m, true
		}
	}
	return web.Move{}, false
}

// touchPlay plays mv on a phone's page with the touch events of a finger:
// a tap on the piece and one on its destination, or a slide of the piece
// there; then, if several moves share those ends, a tap on mv in the
// chooser.
func touchPlay(ctx context.Context, t *testing.T, st web.State, mv web.Move, slide bool) {
	t.Helper()
	if len(mv.Path) == 0 {
		if err := chromedp.Do(ctx, chromedp.Tap(chromedp.ID("pass"))); err != nil {
			t.Fatalf("pass: %v", err)
		}
		return
	}
	from, to := mv.Path[0], mv.Path[len(mv.Path)-1]
	// The board in view, as a person scrolls it there.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById('board').scrollIntoView({block: 'nearest'}), true`)); err != nil {
		t.Fatal(err)
	}
	ax, ay := pointXY(ctx, t, from)
	bx, by := pointXY(ctx, t, to)
	var err error
	if slide {
		err = chromedp.Do(ctx, touch(touchPath(ax, ay, bx, by, 12)...))
	} else {
		err = chromedp.Do(ctx, touch([2]float64{ax, ay}))
		if err == nil {
			err = chromedp.Do(ctx, chromedp.WaitReady(chromedp.CSS(".target")), touch([2]float64{bx, by}))
		}
	}
	if err != nil {
		t.Fatalf("touch %s: %v", mv.Notation, err)
	}
	choose(ctx, t, st, mv, chromedp.Tap[string])
}
