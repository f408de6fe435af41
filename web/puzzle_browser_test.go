package web_test

import (
	"context"
	"fmt"
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

// noteStarting waits until the puzzle page's note starts with prefix, and
// returns it.
func noteStarting(ctx context.Context, t *testing.T, where, prefix string) string {
	t.Helper()
	js := fmt.Sprintf(`document.querySelector("#note").textContent.startsWith(%q) && document.querySelector("#note").textContent`, prefix)
	s, err := chromedp.Run(ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(20*time.Second)))
	if err != nil {
		got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#note").textContent`))
		t.Fatalf("%s: the note says %q, want it to start with %q (%v)", where, got, prefix, err)
	}
	return s
}

// TestPuzzlePageOnPhone solves a puzzle on the puzzle page on a phone,
// move by move with the opponent's replies, then fails the next one: the
// reader, a person of the web, sees their puzzle rating rise, then fall.
func TestPuzzlePageOnPhone(t *testing.T) {
	f := newServerFixture(t)
	ctx, errs := browser(t)
	phone(ctx, t)
	if err := chromedp.Do(ctx, chromedp.Navigate(f.ts.URL+"/puzzles/zodiac")); err != nil {
		t.Fatal(err)
	}
	title := func() string {
		s, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById("puzzle-title").textContent.startsWith("Puzzle ") && document.getElementById("puzzle-title").textContent`, chromedp.WithPollingTimeout(20*time.Second)))
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
		}
	}
	before, after := ratingMove(t, noteStarting(ctx, t, pz.ID, pz.Line[len(pz.Line)-1]+": solved! "))
	if before != 1500 || after <= before {
		t.Errorf("solved: the rating went from %d to %d", before, after)
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
			from, to := ratingMove(t, noteStarting(ctx, t, other.ID, a.Move+" is not it: the answer was "+other.Line[0]+". "))
			if from != after || to >= from {
				t.Errorf("failed: the rating went from %d to %d (after the solve: %d)", from, to, after)
			}
			t.Logf("solved %s: %d → %d; failed %s: %d → %d", pz.ID, before, after, other.ID, from, to)
			break
		}
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("the page reported errors: %q", e)
	}
}
