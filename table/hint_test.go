package table_test

import (
	"testing"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

func TestHint(t *testing.T) {
	f := newFixture(t)
	// White mates in one: Ra8#. The hint must find it.
	g := f.start("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", false, person(alice), store.Seat{AI: 1}).State.Game
	for want := 1; want <= table.MaxHints; want++ {
		h, err := f.tab.Hint(f.ctx, g.ID, alice.ID, 0, table.HintOptions{})
		if err != nil {
			t.Fatalf("hint %d: %v", want, err)
		}
		if h.Notation != "Ra8#" || h.Used != want || h.State.Game.Hints != want {
			t.Errorf("hint %d: %s, used %d (game says %d); want Ra8#, %d", want, h.Notation, h.Used, h.State.Game.Hints, want)
		}
	}
	_, err := f.tab.Hint(f.ctx, g.ID, alice.ID, 0, table.HintOptions{})
	refused(t, err, "all 3 hints")
	if st, _ := f.tab.Load(f.ctx, g.ID); st.Game.Ply != 0 || st.Game.Hints != table.MaxHints {
		t.Errorf("after the hints: ply %d, hints %d; want 0, %d", st.Game.Ply, st.Game.Hints, table.MaxHints)
	}
}

func TestHintRefused(t *testing.T) {
	f := newFixture(t)
	people := f.start("zola", "", false, person(alice), person(bob)).State.Game
	rated := f.start("zola", "", true, person(alice), person(bob)).State.Game
	casual := f.start("zola", "", false, person(alice), store.Seat{AI: 2}).State.Game
	second := f.start("zola", "", false, store.Seat{AI: 2}, person(bob)).State.Game
	for _, tt := range []struct {
		name string
		game int64
		user string
		ply  int
		want string
	}{
		{"between people", people.ID, alice.ID, -1, "only for games against the AI"},
		{"rated", rated.ID, alice.ID, -1, "hints are only for casual games against the AI"},
		{"not a player", casual.ID, carol.ID, -1, "You are not a player in game"},
		{"an old board", casual.ID, alice.ID, 5, "has changed since you looked at it"},
		{"no such game", 999, alice.ID, -1, "There is no game #999"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// Refused before the adapter is told that a hint is coming.
			_, err := f.tab.Hint(f.ctx, tt.game, tt.user, tt.ply, table.HintOptions{Thinking: func() { t.Error("Thinking called for a refused hint") }})
			refused(t, err, tt.want)
		})
	}
	// After the AI's opening move it is bob's turn in the second game:
	// a hint for him works, and nothing is given once the game is over.
	thinking := 0
	if h, err := f.tab.Hint(f.ctx, second.ID, bob.ID, 1, table.HintOptions{Thinking: func() { thinking++ }}); err != nil || h.Used != 1 || thinking != 1 {
		t.Errorf("hint on bob's turn: %+v, %v, Thinking called %d times; want once", h, err, thinking)
	}
	if _, err := f.tab.Resign(f.ctx, second.ID, bob.ID, -1); err != nil {
		t.Fatal(err)
	}
	_, err := f.tab.Hint(f.ctx, second.ID, bob.ID, -1, table.HintOptions{})
	refused(t, err, "hints are for a game in progress")
}
