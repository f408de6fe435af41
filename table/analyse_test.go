package table_test

import (
	"reflect"
	"sync"
	"testing"

	"github.com/zugbot/zugbot/store"
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
	_, err := f.tab.Analyse(f.ctx, g.ID, alice.ID, nil)
	refused(t, err, "is still going")
	if _, err := f.tab.Resign(f.ctx, g.ID, bob.ID, -1); err != nil {
		t.Fatal(err)
	}
	_, err = f.tab.Analyse(f.ctx, g.ID, carol.ID, nil)
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
			a, err := f.tab.Analyse(f.ctx, g.ID, user, func(done, total int) {
				mu.Lock()
				told = append(told, [2]int{done, total})
				mu.Unlock()
			})
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
	again, err := f.tab.Analyse(f.ctx, g.ID, alice.ID, func(int, int) { t.Error("analysed again") })
	if err != nil || !again.Kept || !reflect.DeepEqual(again.Report, results[0]) {
		t.Errorf("second analysis: kept %v, %v; want the kept report", again.Kept, err)
	}

	empty := f.start("zola", "", false, person(alice), person(bob)).State.Game
	if _, err := f.tab.Resign(f.ctx, empty.ID, alice.ID, -1); err != nil {
		t.Fatal(err)
	}
	_, err = f.tab.Analyse(f.ctx, empty.ID, alice.ID, nil)
	refused(t, err, "nothing to analyse")
}
