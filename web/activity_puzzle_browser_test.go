package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/puzzle"
	"github.com/zugbot/zugbot/store"
)

// ratingNote matches the rating change at the end of a puzzle's note.
var ratingNote = regexp.MustCompile(`Your puzzle rating: (\d+)\?? → (\d+)\?? \(([+−])(\d+)\)\.$`)

// ratingMove returns the rating before and after an attempt, as the note
// says them, checking that the change it gives is theirs.
func ratingMove(t *testing.T, note string) (before, after int) {
	t.Helper()
	m := ratingNote.FindStringSubmatch(note)
	if m == nil {
		t.Fatalf("the note %q gives no rating change", note)
	}
	before, _ = strconv.Atoi(m[1])
	after, _ = strconv.Atoi(m[2])
	change, _ := strconv.Atoi(m[4])
	if m[3] == "−" {
		change = -change
	}
	if d := after - before - change; d < -1 || d > 1 {
		t.Errorf("the note %q: %d → %d is not a change of %d", note, before, after, change)
	}
	return before, after
}

// TestActivityPuzzles opens the Activity on a phone-sized window, in a
// channel with no game, and solves a Zola puzzle from its strip, then fails
// the next one: each first attempt moves the Discord user's puzzle rating,
// up then down, as the note says and the store keeps it (the rating /puzzle
// shows). Back brings the channel's strip back.
func TestActivityPuzzles(t *testing.T) {
	w := newActivityWorld(t)
	srv := w.srv
	channel := srv.NewChannel(w.guild, "practice")
	dave := w.user("dave")
	instance, err := srv.LaunchEntryPoint(w.guild, channel, dave)
	if err != nil {
		t.Fatal(err)
	}
	td := w.open(dave, instance, channel, "")
	phone(td.ctx, t)
	if _, err := chromedp.Run(td.ctx, chromedp.Evaluate[bool](`(() => { const f = document.getElementById('activity');
		f.style.width = '100vw'; f.style.height = '100vh'; return true; })()`)); err != nil {
		t.Fatal(err)
	}
	td.waitStatus("No game is going on in this channel")
	td.wait("the puzzles' entry", `return !!d.getElementById('puzzle-go') && [...d.getElementById('puzzle-variant').options].some((o) => o.value === 'zola');`)
	if _, err := evalIn[bool](td, `d.getElementById('puzzle-variant').value = 'zola'; d.getElementById('puzzle-go').click(); return true;`); err != nil {
		t.Fatal(err)
	}
	shown := func() puzzle.Puzzle {
		t.Helper()
		td.wait("a puzzle's moves", `const t = d.getElementById('puzzle-title'); return !!t && t.textContent.startsWith('Puzzle ') &&
			d.querySelector('#lesson-moves button:not([disabled])') !== null && d.getElementById('lesson-board').complete;`)
		title, err := evalIn[string](td, `return d.getElementById('puzzle-title').textContent;`)
		if err != nil {
			t.Fatal(err)
		}
		return shownPuzzle(t, title)
	}
	tap := func(move string) {
		t.Helper()
		js, _ := json.Marshal(move)
		if ok, err := evalIn[bool](td, fmt.Sprintf(`for (const b of d.querySelectorAll('#lesson-moves button')) if (b.textContent === %s && !b.disabled) { b.click(); return true; } return false;`, js)); err != nil || !ok {
			t.Fatalf("no button for %s: %v", move, err)
		}
	}
	note := func(prefix string) string {
		t.Helper()
		js, _ := json.Marshal(prefix)
		td.wait(fmt.Sprintf("the note %q", prefix), `return d.getElementById('note').textContent.startsWith(`+string(js)+`);`)
		s, err := evalIn[string](td, `return d.getElementById('note').textContent;`)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	stored := func() (float64, int) {
		t.Helper()
		g, n, err := w.st.PuzzlePlayer(context.Background(), dave.ID, "zola", store.Glicko{})
		if err != nil {
			t.Fatal(err)
		}
		return g.R, n
	}
	td.wait("the rating of a newcomer", `return d.getElementById('puzzle-you').textContent === 'Your puzzle rating: 1500?, after 0 puzzles. Only your first try at a puzzle counts.';`)

	// Solved, move by move with the replies: the rating rises.
	pz := shown()
	for ply := 0; ply < len(pz.Line); ply += 2 {
		tap(pz.Line[ply])
		if ply+1 < len(pz.Line) {
			note(pz.Line[ply] + " is right; the answer is " + pz.Line[ply+1] + ".")
			td.wait("the next move of the line", fmt.Sprintf(`return d.getElementById('puzzle-title').textContent.startsWith('Puzzle ') && d.getElementById('task').textContent.includes('move %d of');`, ply/2+2))
		}
	}
	before, after := ratingMove(t, note(pz.Line[len(pz.Line)-1]+": solved! "))
	if before != 1500 || after <= before {
		t.Errorf("solved: the rating went from %d to %d", before, after)
	}
	if r, n := stored(); n != 1 || int(math.Round(r)) != after {
		t.Errorf("solved: the store has %.1f after %d puzzles; the Activity said %d", r, n, after)
	}
	// What the solver sees after the last tap: the note above the buttons.
	if _, err := evalIn[bool](td, `d.getElementById('puzzle-back').scrollIntoView({block: 'end'}); return true;`); err != nil {
		t.Fatal(err)
	}
	screenShot(td.ctx, t, "web-puzzle-activity-phone.png")

	// Failed, at its first move: the rating falls.
	if _, err := evalIn[bool](td, `d.getElementById('next').click(); return true;`); err != nil {
		t.Fatal(err)
	}
	td.wait("the next puzzle", fmt.Sprintf(`return !d.getElementById('puzzle-title').textContent.includes(%q) && d.getElementById('note').textContent === '';`, pz.ID))
	other := shown()
	p, err := other.Start(zola.Zola)
	if err != nil {
		t.Fatal(err)
	}
	wrong := ""
	for _, m := range p.Moves(nil) {
		if a, err := other.Check(zola.Zola, 0, p.FormatMove(m)); err == nil && !a.Correct {
			wrong = a.Move
			break
		}
	}
	tap(wrong)
	b2, a2 := ratingMove(t, note(wrong+" is not it: the answer was "+other.Line[0]+". "))
	if b2 != after || a2 >= b2 {
		t.Errorf("failed: the rating went from %d to %d (after the solve: %d)", b2, a2, after)
	}
	if r, n := stored(); n != 2 || int(math.Round(r)) != a2 {
		t.Errorf("failed: the store has %.1f after %d puzzles; the Activity said %d", r, n, a2)
	}
	t.Logf("solved %s: %d → %d; failed %s: %d → %d", pz.ID, before, after, other.ID, b2, a2)
	if ok, err := evalIn[bool](td, `return [...d.querySelectorAll('#lesson-moves button')].every((b) => b.disabled) && !d.getElementById('next').hidden;`); err != nil || !ok {
		t.Errorf("after the miss, the moves are still offered or no next puzzle is: %v", err)
	}

	// Back: the channel's strip, with its start form, again.
	if _, err := evalIn[bool](td, `d.getElementById('puzzle-back').click(); return true;`); err != nil {
		t.Fatal(err)
	}
	td.wait("the strip again", `return !d.getElementById('puzzles') && !d.getElementById('start').hidden && !d.getElementById('practise').hidden;`)
	if s, _ := evalIn[string](td, `return d.getElementById('activity-status').textContent;`); !strings.Contains(s, "No game is going on") {
		t.Errorf("after Back, the strip says %q", s)
	}
	td.checkClean()
}
