package table_test

import (
	"strings"
	"testing"

	"github.com/zugbot/zugbot/store"
)

// TestRecord checks a game's record for export: its tag pairs, its
// result, and its moves numbered, as the service gives it to any adapter.
func TestRecord(t *testing.T) {
	f := newFixture(t)
	st := f.start("zola", "", false, person(alice), person(bob)).State
	id := st.Game.ID
	var played []string
	for range 3 {
		p := st.Position
		m := p.FormatMove(p.Moves(nil)[0])
		played = append(played, m)
		u := f.play(id, map[bool]store.Player{true: alice, false: bob}[p.Turn() == 0], m)
		st = u.State
	}
	if _, err := f.tab.Resign(f.ctx, id, alice.ID, 3); err != nil {
		t.Fatal(err)
	}
	rec, err := f.tab.Record(f.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"[Game \"Zola 6×6\"]\n[Variant \"zola\"]\n[Site \"zugbot\"]\n[Number \"1\"]\n[Date \"2026.03.01\"]\n[Red \"alice\"]\n[Blue \"bob\"]\n",
		"[Result \"bob (Blue) wins — resignation.\"]\n\n",
		"1. " + played[0] + " " + played[1] + "\n2. " + played[2] + "\n",
	} {
		if !strings.Contains(rec.Text, want) {
			t.Errorf("record lacks %q:\n%s", want, rec.Text)
		}
	}
	if len(rec.Moves) != 3 || rec.Start == nil {
		t.Errorf("record: %d moves, start %v; want 3 moves from the start", len(rec.Moves), rec.Start)
	}
}
