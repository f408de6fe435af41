package table_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

func TestAnalyse(t *testing.T) {
	f := newFixture(t)
	g := f.start("zola", "", false, person(alice), person(bob)).State.Game
	var first string
	for i, p := range []store.Player{alice, bob, alice} {
		st, _ := f.tab.Load(f.ctx, g.ID)
		move := st.Position.FormatMove(st.Position.Moves(nil)[0])
		if i == 0 {
			first = move
		}
		f.play(g.ID, p, move)
	}
	_, err := f.tab.Analyse(f.ctx, g.ID, alice.ID, table.AnalysisOptions{})
	refused(t, err, "is still going")
	if _, err := f.tab.Resign(f.ctx, g.ID, bob.ID, -1); err != nil {
		t.Fatal(err)
	}
	_, err = f.tab.Analyse(f.ctx, g.ID, carol.ID, table.AnalysisOptions{})
	refused(t, err, "Only the players of game")

	// Two requests at once: one analysis, the same report for both.
	var wg sync.WaitGroup
	var mu sync.Mutex
	var told [][2]int
	results := make([]any, 2)
	for i, user := range []string{alice.ID, bob.ID} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := f.tab.Analyse(f.ctx, g.ID, user, table.AnalysisOptions{Progress: func(done, total int) {
				mu.Lock()
				told = append(told, [2]int{done, total})
				mu.Unlock()
			}})
			if err != nil {
				t.Error(err)
				return
			}
			if len(a.Report.Plies) != 3 || len(a.Moves) != 3 || a.Report.Plies[0].Move != first {
				t.Errorf("report %+v, want the 3 moves judged", a.Report)
			}
			results[i] = a.Report
		}()
	}
	wg.Wait()
	if len(told) != 4 || told[3] != [2]int{4, 4} {
		t.Errorf("progress %v, want the 4 positions of one analysis", told)
	}
	if !reflect.DeepEqual(results[0], results[1]) {
		t.Errorf("two reports for one game:\n%+v\n%+v", results[0], results[1])
	}
	// Kept: the next answer comes from the store, without analysing.
	again, err := f.tab.Analyse(f.ctx, g.ID, alice.ID, table.AnalysisOptions{Progress: func(int, int) { t.Error("analysed again") }})
	if err != nil || !again.Kept || !reflect.DeepEqual(again.Report, results[0]) {
		t.Errorf("second analysis: kept %v, %v; want the kept report", again.Kept, err)
	}

	empty := f.start("zola", "", false, person(alice), person(bob)).State.Game
	if _, err := f.tab.Resign(f.ctx, empty.ID, alice.ID, -1); err != nil {
		t.Fatal(err)
	}
	_, err = f.tab.Analyse(f.ctx, empty.ID, alice.ID, table.AnalysisOptions{})
	refused(t, err, "nothing to analyse")
}

// TestAnalyseSteps checks the adapter's part in an analysis: told when it
// starts (kept or not), and posting a new one, after which its timer is
// gone; a post that fails leaves the timer set, to post it later, and the
// analysis, kept, is shown again without a post.
func TestAnalyseSteps(t *testing.T) {
	f := newFixture(t)
	finished := func() int64 {
		g := f.start("zola", "", false, person(alice), person(bob)).State.Game
		st, _ := f.tab.Load(f.ctx, g.ID)
		f.play(g.ID, alice, st.Position.FormatMove(st.Position.Moves(nil)[0]))
		if _, err := f.tab.Resign(f.ctx, g.ID, bob.ID, -1); err != nil {
			t.Fatal(err)
		}
		return g.ID
	}
	timer := func(id int64) bool {
		t.Helper()
		f.clock.Add(store.AnalysisGrace + time.Second)
		tasks, err := f.st.Due(f.ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, tk := range tasks {
			if tk.Kind == store.Analysis && tk.GameID == id {
				return true
			}
		}
		return false
	}
	var steps []string
	var postErr error
	run := func(id int64) {
		t.Helper()
		steps = nil
		_, err := f.tab.Analyse(f.ctx, id, alice.ID, table.AnalysisOptions{
			Starting: func(kept bool) error {
				steps = append(steps, fmt.Sprint("starting kept=", kept, " timer=", timer(id)))
				return nil
			},
			Post: func(a table.Analysis) error { steps = append(steps, "post"); return postErr },
		})
		if err != postErr {
			t.Fatalf("Analyse: %v; want %v", err, postErr)
		}
		steps = append(steps, fmt.Sprint("timer=", timer(id)))
	}
	for _, c := range []struct {
		postErr error
		want    string
	}{
		{nil, "starting kept=false timer=true|post|timer=false"},
		{errors.New("the channel is gone"), "starting kept=false timer=true|post|timer=true"},
	} {
		postErr = c.postErr
		id := finished()
		run(id)
		if got := strings.Join(steps, "|"); got != c.want {
			t.Errorf("post error %v: steps %q; want %q", c.postErr, got, c.want)
		}
		// Asked again, it is kept: no post; the timer stays as it was.
		postErr = nil
		run(id)
		if got, want := strings.Join(steps, "|"), fmt.Sprint("starting kept=true timer=", c.postErr != nil, "|timer=", c.postErr != nil); got != want {
			t.Errorf("post error %v, asked again: steps %q; want %q", c.postErr, got, want)
		}
	}
}
