package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/engine/zodiac"
	"github.com/zugbot/zugbot/puzzle"
)

// shownPuzzle returns the puzzle the page's title names.
func shownPuzzle(t *testing.T, title string) puzzle.Puzzle {
	t.Helper()
	for _, w := range strings.Fields(title) {
		if pz, ok := puzzle.ByID(w); ok {
			return pz
		}
	}
	t.Fatalf("no puzzle in the title %q", title)
	return puzzle.Puzzle{}
}

// TestPuzzlePageOnPhone solves a puzzle on the puzzle page on a phone,
// move by move with the opponent's replies, then fails the next one.
func TestPuzzlePageOnPhone(t *testing.T) {
	f := newServerFixture(t)
	ctx, errs := browser(t)
	phone(ctx, t)
	if err := chromedp.Do(ctx, chromedp.Navigate(f.ts.URL+"/puzzles/zodiac")); err != nil {
		t.Fatal(err)
	}
	title := func() string {
		s, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById("title").textContent.startsWith("Puzzle ") && document.getElementById("title").textContent`, chromedp.WithPollingTimeout(20*time.Second)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	pz := shownPuzzle(t, title())
	for ply := 0; ply < len(pz.Line); ply += 2 {
		click(ctx, t, pz.ID, pz.Line[ply])
		if ply+1 < len(pz.Line) {
			waitText(ctx, t, pz.ID, "#note", pz.Line[ply]+" is right; the answer is "+pz.Line[ply+1]+".")
		} else {
			waitText(ctx, t, pz.ID, "#note", pz.Line[ply]+": solved!")
		}
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("next"))); err != nil {
		t.Fatal(err)
	}
	// The next puzzle is drawn when its moves are offered again.
	if ok, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("#lesson-moves button:not([disabled])") !== null`, chromedp.WithPollingTimeout(20*time.Second))); err != nil || !ok {
		t.Fatalf("no next puzzle: %v", err)
	}
	other := shownPuzzle(t, title())
	p, err := other.Start(zodiac.Zodiac)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range p.Moves(nil) {
		if a, err := other.Check(zodiac.Zodiac, 0, p.FormatMove(m)); err == nil && !a.Correct {
			click(ctx, t, other.ID, a.Move)
			waitText(ctx, t, other.ID, "#note", a.Move+" is not it: the answer was "+other.Line[0]+".")
			break
		}
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("the page reported errors: %q", e)
	}
}
