package web_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/web"
)

// phone makes ctx's page a phone's: 360 CSS pixels wide, at twice the
// density, mobile, with touch.
func phone(ctx context.Context, t *testing.T) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatalf("emulate a phone: %v", err)
	}
}

// pointXY returns where board point i is on the screen (CSS pixels of
// the viewport).
func pointXY(ctx context.Context, t *testing.T, i int) (x, y float64) {
	t.Helper()
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
		const r = document.querySelector('#board .hit[data-i="%d"]').getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2];
	})()`, i)))
	if err != nil {
		t.Fatalf("point %d: %v", i, err)
	}
	return xy[0], xy[1]
}

// touch sends the touch events of one finger: it touches the first point,
// moves through the others, and lifts (Input.dispatchTouchEvent, as a
// phone's screen reports them).
func touch(points ...[2]float64) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		send := func(typ input.DispatchTouchEventType, pts []*input.TouchPoint) error {
			_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
			return err
		}
		at := func(p [2]float64) []*input.TouchPoint {
			one, id := 1.0, 0.0
			return []*input.TouchPoint{{X: p[0], Y: p[1], RadiusX: &one, RadiusY: &one, Force: &one, ID: &id}}
		}
		if err := send(input.DispatchTouchEventTypeTouchStart, at(points[0])); err != nil {
			return err
		}
		for _, p := range points[1:] {
			if err := send(input.DispatchTouchEventTypeTouchMove, at(p)); err != nil {
				return err
			}
		}
		return send(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{})
	})
}

// touchPath returns the points of a finger's steady slide from a to b.
func touchPath(ax, ay, bx, by float64, steps int) [][2]float64 {
	pts := [][2]float64{{ax, ay}}
	for k := 1; k <= steps; k++ {
		f := float64(k) / float64(steps)
		pts = append(pts, [2]float64{ax + (bx-ax)*f, ay + (by-ay)*f})
	}
	return pts
}

// TestBrowserPhoneTouch plays each game on a phone (360 CSS pixels wide,
// touch emulated) with the touch events a phone's screen sends: one move
// by tapping the piece and then its destination, one by sliding the piece
// there with a finger. The page is scrolled part way down first, so a
// slide taken for a scroll would move it; the test checks that it did
// not, and that the page is no wider than the phone. It writes the
// screenshots web-GAME-phone.png.
func TestBrowserPhoneTouch(t *testing.T) {
	for _, variant := range []string{"zola", "zamma", "zonal", "zodiac"} {
		t.Run(variant, func(t *testing.T) {
			f := newFixture(t, variant)
			ctx, errs := browser(t)
			phone(ctx, t)
			if err := chromedp.Do(ctx, chromedp.Navigate(f.link(time.Hour))); err != nil {
				t.Fatal(err)
			}
			for n, way := range []string{"tap-tap", "slide"} {
				st := f.waitTurn(t, 0)
				waitPly(ctx, t, st.Ply)
				mv := touchMove(ctx, t, st)
				from, to := mv.Path[0], mv.Path[len(mv.Path)-1]
				if n == 0 {
					for _, i := range []int{from, to} {
						x, y := pointXY(ctx, t, i)
						if err := chromedp.Do(ctx, touch([2]float64{x, y})); err != nil {
							t.Fatalf("tap point %d: %v", i, err)
						}
					}
				} else {
					// Scrolled down a little, with room to scroll either way:
					// the page made as tall as a long game's move list makes it.
					scroll, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.body.style.minHeight = '200vh', window.scrollTo(0, 40), window.scrollY`))
					if err != nil || scroll != 40 {
						t.Fatalf("the phone's page cannot be scrolled to 40 px (%v, %v): the slide would not show a scroll", scroll, err)
					}
					ax, ay := pointXY(ctx, t, from)
					bx, by := pointXY(ctx, t, to)
					if err := chromedp.Do(ctx, touch(touchPath(ax, ay, bx, by, 12)...)); err != nil {
						t.Fatalf("slide: %v", err)
					}
					after, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.scrollY`))
					if err != nil || after != 40 {
						t.Errorf("sliding %s scrolled the page from 40 to %v px (%v)", mv.Notation, after, err)
					}
				}
				got := f.waitPast(t, st.Ply)
				if got.History[st.Ply] != mv.Notation {
					t.Fatalf("after the %s of %s the game has %v", way, mv.Notation, got.History)
				}
			}
			st := f.waitTurn(t, 0)
			waitPly(ctx, t, st.Ply)
			w, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
			if err != nil || w > 360 {
				t.Errorf("on a phone the page is %d px wide (%v): want 360", w, err)
			}
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.body.style.minHeight = '', window.scrollTo(0, 0), 0`)); err != nil {
				t.Fatal(err)
			}
			screenShot(ctx, t, "web-"+variant+"-phone.png")
			if e := errs(); len(e) > 0 {
				t.Errorf("the page reported errors:\n%s", strings.Join(e, "\n"))
			}
		})
	}
}

// touchMove returns a move of st for a finger: a simple move, alone
// between its two points, whose points are farthest apart up or down on
// the screen (so that a slide taken for a scroll would show).
func touchMove(ctx context.Context, t *testing.T, st web.State) web.Move {
	t.Helper()
	var best web.Move
	bestDY := -1.0
	for _, m := range st.Moves {
		if len(m.Path) != 2 {
			continue
		}
		same := 0
		for _, o := range st.Moves {
			if len(o.Path) > 0 && o.Path[0] == m.Path[0] && o.Path[len(o.Path)-1] == m.Path[1] {
				same++
			}
		}
		if same != 1 {
			continue
		}
		_, ay := pointXY(ctx, t, m.Path[0])
		_, by := pointXY(ctx, t, m.Path[1])
		if dy := math.Abs(by - ay); dy > bestDY {
			best, bestDY = m, dy
		}
	}
	if bestDY < 0 {
		t.Fatalf("no simple move among %v", st.Moves)
	}
	return best
}
