package web_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/web"
)

// pointNamed returns the index of the point named name in st's geometry.
func pointNamed(t *testing.T, st web.State, name string) int {
	t.Helper()
	for i, p := range st.Geometry.Points {
		if p.Name == name {
			return i
		}
	}
	t.Fatalf("no point %q", name)
	return -1
}

// moveFrom returns the legal move of st whose path runs from point from to
// point to and whose notation satisfies ok.
func moveFrom(t *testing.T, st web.State, from, to string, ok func(string) bool) web.Move {
	t.Helper()
	a, b := pointNamed(t, st, from), pointNamed(t, st, to)
	for _, m := range st.Moves {
		if len(m.Path) > 1 && m.Path[0] == a && m.Path[len(m.Path)-1] == b && ok(m.Notation) {
			return m
		}
	}
	t.Fatalf("no move %s-%s among %v", from, to, st.Moves)
	return web.Move{}
}

func anyMove(string) bool { return true }

// playerPage opens the fixture's private link in a browser and waits for
// the start position.
func playerPage(t *testing.T, f *fixture) (context.Context, func() []string) {
	t.Helper()
	ctx, errs := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(f.link(time.Hour))); err != nil {
		t.Fatal(err)
	}
	waitPly(ctx, t, 0)
	return ctx, errs
}

// pieceAt returns the name and side of the piece on point name, or "".
func pieceAt(t *testing.T, st web.State, name string) string {
	t.Helper()
	i := pointNamed(t, st, name)
	for _, p := range st.Pieces {
		if p.Point == i {
			return fmt.Sprintf("%s/%d", p.Name, p.Side)
		}
	}
	return ""
}

// TestBrowserSpecialMoves plays, on the page, the moves a board must get
// right beyond a step: a Zamma man's double capture (dragged), a Zonal
// rook turning corners in the zone (tapped), and a promotion chosen in
// the chooser; each checked through the state API.
func TestBrowserSpecialMoves(t *testing.T) {
	t.Run("zamma-double-capture", func(t *testing.T) {
		// Black (the player, first) man on c3; White men on c4, d4, e6, f6:
		// c3xe5xg7 takes d4 and f6.
		f := newFixtureAt(t, "zamma", "9/9/9/4ww3/9/2ww5/2b6/9/9 b 0")
		ctx, errs := playerPage(t, f)
		st := f.state(f.client())
		mv := moveFrom(t, st, "c3", "g7", anyMove)
		if mv.Notation != "c3xe5xg7" || len(mv.Path) != 3 || len(mv.Taken) != 2 {
			t.Fatalf("the double capture is %+v", mv)
		}
		clickMove(ctx, t, st, mv, true)
		got := f.waitPast(t, 0)
		if got.History[0] != "c3xe5xg7" {
			t.Fatalf("after dragging c3 to g7 the game has %v", got.History)
		}
		if got.Ply == 1 { // the AI has not answered yet: the position the move left
			for _, pt := range []string{"c3", "d4", "e5", "f6"} {
				if p := pieceAt(t, got, pt); p != "" {
					t.Errorf("after c3xe5xg7, %s holds %q", pt, p)
				}
			}
			if got.Last == nil || !slices.Equal(got.Last.Taken, mv.Taken) {
				t.Errorf("the last move is %+v: want the two taken men %v", got.Last, mv.Taken)
			}
		}
		waitPly(ctx, t, f.waitTurn(t, 0).Ply)
		if e := errs(); len(e) > 0 {
			t.Errorf("the page reported errors:\n%s", strings.Join(e, "\n"))
		}
	})
	t.Run("zonal-bent-rook", func(t *testing.T) {
		// A White rook on c4, in the zone, kings on i1 and i8 (docs/rules/zonal.md):
		// c4 to a5 is a bent path (c4-b4-a4, then up to a5).
		f := newFixtureAt(t, "zonal", "---5k4---/--12--/-14-/16/2R13/-14-/--12--/---5K4--- w - - 0 1")
		ctx, errs := playerPage(t, f)
		st := f.state(f.client())
		mv := moveFrom(t, st, "c4", "a5", anyMove)
		a, b := st.Geometry.Points[mv.Path[0]], st.Geometry.Points[mv.Path[len(mv.Path)-1]]
		if a.X == b.X || a.Y == b.Y {
			t.Fatalf("c4-a5 is straight: %+v", mv)
		}
		clickMove(ctx, t, st, mv, false)
		got := f.waitPast(t, 0)
		if got.History[0] != mv.Notation || !strings.Contains(mv.Notation, "a5") {
			t.Fatalf("after tapping c4 and a5 the game has %v (the move %q)", got.History, mv.Notation)
		}
		if p := pieceAt(t, got, "a5"); got.Ply == 1 && p != "rook/0" {
			t.Errorf("a5 holds %q: want White's rook", p)
		}
		waitPly(ctx, t, f.waitTurn(t, 0).Ply)
		if e := errs(); len(e) > 0 {
			t.Errorf("the page reported errors:\n%s", strings.Join(e, "\n"))
		}
	})
	t.Run("zonal-promotion", func(t *testing.T) {
		// A White pawn on e7, the kings on i1 and i8: e7-e8 promotes: the
		// chooser offers Q, R, B and N; the player takes the knight.
		f := newFixtureAt(t, "zonal", "---5k4---/--2P9--/-14-/16/16/-14-/--12--/---5K4--- w - - 0 1")
		ctx, errs := playerPage(t, f)
		st := f.state(f.client())
		mv := moveFrom(t, st, "e7", "e8", func(n string) bool { return strings.Contains(n, "=N") })
		from, to := mv.Path[0], mv.Path[len(mv.Path)-1]
		hit := func(i int) chromedp.CSS { return chromedp.CSS(fmt.Sprintf(`#board .hit[data-i="%d"]`, i)) }
		if err := chromedp.Do(ctx, chromedp.Click(hit(from)), chromedp.WaitReady(chromedp.CSS(".target")), chromedp.Click(hit(to)),
			chromedp.WaitVisible(chromedp.ID("chooser"))); err != nil {
			t.Fatalf("tap e7, e8: %v", err)
		}
		offered, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#chooser-moves button')].map((b) => b.textContent)`))
		if err != nil || len(offered) != 4 || !slices.Contains(offered, mv.Notation) {
			t.Fatalf("the chooser offers %v (%v): want the four promotions, %s among them", offered, err, mv.Notation)
		}
		btn := fmt.Sprintf(`//div[@id="chooser-moves"]/button[text()=%q]`, mv.Notation)
		if err := chromedp.Do(ctx, chromedp.Click(btn)); err != nil {
			t.Fatalf("choose %s: %v", mv.Notation, err)
		}
		got := f.waitPast(t, 0)
		if got.History[0] != mv.Notation {
			t.Fatalf("after choosing %s the game has %v", mv.Notation, got.History)
		}
		if p := pieceAt(t, got, "e8"); got.Ply == 1 && p != "knight/0" {
			t.Errorf("j8 holds %q: want White's new knight", p)
		}
		if err := chromedp.Do(ctx, chromedp.WaitNotVisible(chromedp.ID("chooser"))); err != nil {
			t.Errorf("the chooser stays: %v", err)
		}
		waitPly(ctx, t, f.waitTurn(t, 0).Ply)
		if e := errs(); len(e) > 0 {
			t.Errorf("the page reported errors:\n%s", strings.Join(e, "\n"))
		}
	})
}
