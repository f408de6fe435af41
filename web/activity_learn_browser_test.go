package web_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/learn"
)

// TestActivityLessons opens the Activity on a phone-sized window, in a
// channel with no game, and takes the first step of each game's first
// lesson from its strip: a wrong move is explained and offers no next
// step, the right one completes the step; Back brings the strip back.
func TestActivityLessons(t *testing.T) {
	w := newActivityWorld(t)
	srv := w.srv
	channel := srv.NewChannel(w.guild, "learning")
	erin := w.user("erin")
	instance, err := srv.LaunchEntryPoint(w.guild, channel, erin)
	if err != nil {
		t.Fatal(err)
	}
	td := w.open(erin, instance, channel, "")
	phone(td.ctx, t)
	if _, err := chromedp.Run(td.ctx, chromedp.Evaluate[bool](`(() => { const f = document.getElementById('activity');
		f.style.width = '100vw'; f.style.height = '100vh'; return true; })()`)); err != nil {
		t.Fatal(err)
	}
	td.waitStatus("No game is going on in this channel")
	td.wait("the lessons' entry", `return !!d.getElementById('learn-go');`)
	tap := func(move string) {
		t.Helper()
		js, _ := json.Marshal(move)
		td.wait("the button "+move, fmt.Sprintf(`for (const b of d.querySelectorAll('#lesson-moves button')) if (b.textContent === %s && !b.disabled) { b.click(); return true; } return false;`, js))
	}
	for _, c := range learn.Courses() {
		v, _ := games.ByID(c.Variant)
		l, st := c.Lessons[0], c.Lessons[0].Steps[0]
		if _, err := evalIn[bool](td, fmt.Sprintf(`d.getElementById('puzzle-variant').value = %q; d.getElementById('learn-go').click(); return true;`, c.Variant)); err != nil {
			t.Fatal(err)
		}
		task, _ := json.Marshal(st.Task)
		td.wait(c.Variant+"'s first step", `const t = d.getElementById('task'); return !!t && t.textContent === `+string(task)+` &&
			d.getElementById('lesson-board').complete && d.getElementById('lesson-board').naturalWidth > 0;`)
		if got, _ := evalIn[string](td, `return d.getElementById('lesson').textContent;`); got != fmt.Sprintf("%s (step 1 of %d)", l.Title, len(l.Steps)) {
			t.Errorf("%s: the lesson's heading reads %q", c.Variant, got)
		}
		p, err := st.Start(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range p.Moves(nil) {
			if st.Completes(p, m) {
				continue
			}
			tap(p.FormatMove(m))
			why, _ := json.Marshal(st.Explain(p, m))
			td.wait(c.Variant+": the wrong move explained", `const n = d.getElementById('note'); return n.textContent === `+string(why)+` && n.className === 'wrong' && d.getElementById('next').hidden;`)
			break
		}
		tap(st.Solutions[0])
		done, _ := json.Marshal(st.Done)
		td.wait(c.Variant+": the step done", `const n = d.getElementById('note'); return n.textContent === `+string(done)+` && n.className === 'right';`)
		if c.Variant == "zamma" {
			if _, err := evalIn[bool](td, `d.getElementById('lesson-back').scrollIntoView({block: 'end'}); return true;`); err != nil {
				t.Fatal(err)
			}
			screenShot(td.ctx, t, "web-lesson-activity-phone.png")
		}
		if _, err := evalIn[bool](td, `d.getElementById('lesson-back').click(); return true;`); err != nil {
			t.Fatal(err)
		}
		td.wait("the strip again", `return !d.getElementById('lessons') && !d.getElementById('start').hidden && !d.getElementById('practise').hidden;`)
	}
	td.checkClean()
}
