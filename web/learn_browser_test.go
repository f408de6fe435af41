package web_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/learn"
)

// TestLessonPageOnPhone walks the first lesson of each game on a phone:
// every step's board shows, a wrong move (where a step has one) is
// explained as the lesson explains it and does not move on, and the right
// move completes the step and offers the next.
func TestLessonPageOnPhone(t *testing.T) {
	f := newServerFixture(t)
	ctx, errs := browser(t)
	phone(ctx, t)
	for _, c := range learn.Courses() {
		v, _ := games.ByID(c.Variant)
		l := c.Lessons[0]
		if err := chromedp.Do(ctx, chromedp.Navigate(f.ts.URL+"/learn/"+c.Variant)); err != nil {
			t.Fatal(err)
		}
		for i, st := range l.Steps {
			where := fmt.Sprintf("%s step %d", l.Key, i+1)
			waitText(ctx, t, where, "#lesson", fmt.Sprintf("%s (step %d of %d)", l.Title, i+1, len(l.Steps)))
			waitText(ctx, t, where, "#task", st.Task)
			loaded, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("lesson-board").complete && document.getElementById("lesson-board").naturalWidth > 0`, chromedp.WithPollingTimeout(20*time.Second)))
			if err != nil || !loaded {
				t.Fatalf("%s: the board did not load: %v", where, err)
			}
			p, err := st.Start(v)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range p.Moves(nil) {
				if st.Completes(p, m) {
					continue
				}
				click(ctx, t, where, p.FormatMove(m))
				waitText(ctx, t, where, "#note", st.Explain(p, m))
				if visible(ctx, t, "#next") {
					t.Errorf("%s: a wrong move offers the next step", where)
				}
				break
			}
			click(ctx, t, where, st.Solutions[0])
			waitText(ctx, t, where, "#note", st.Done)
			if i < len(l.Steps)-1 || len(c.Lessons) > 1 {
				if !visible(ctx, t, "#next") {
					t.Fatalf("%s: no next step after the right move", where)
				}
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("next"))); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("the page reported errors: %q", e)
	}
}

// click taps the move button labelled move.
func click(ctx context.Context, t *testing.T, where, move string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { for (const b of document.querySelectorAll("#lesson-moves button")) if (b.textContent === %q && !b.disabled) { b.click(); return true } return false })()`, move)
	if ok, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(20*time.Second))); err != nil || !ok {
		t.Fatalf("%s: no button for %s: %v", where, move, err)
	}
}

// waitText waits until the element sel says want.
func waitText(ctx context.Context, t *testing.T, where, sel, want string) {
	t.Helper()
	js := fmt.Sprintf(`document.querySelector(%q).textContent === %q`, sel, want)
	if ok, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(20*time.Second))); err != nil || !ok {
		got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).textContent`, sel)))
		t.Fatalf("%s: %s says %q, want %q (%v)", where, sel, got, want, err)
	}
}

// visible reports whether the element sel is shown.
func visible(ctx context.Context, t *testing.T, sel string) bool {
	t.Helper()
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`!document.querySelector(%q).hidden`, sel)))
	if err != nil {
		t.Fatal(err)
	}
	return shown
}
