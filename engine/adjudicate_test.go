package engine_test

import (
	"testing"

	"github.com/zugbot/zugbot/engine"
)

// TestAdjudicator plays scores through the adjudicator, as two players
// give them move by move (each from its own view), and checks on which
// ply, if any, it ends the game, and how.
func TestAdjudicator(t *testing.T) {
	// Scores from the first side's view, one a ply, from ply `from` on.
	tests := []struct {
		name   string
		from   int
		scores []int
		ply    int // the ply at which the game ends, or -1
		want   engine.Outcome
	}{
		{"both see the first side ahead for three moves each", 0,
			[]int{700, 650, 600, 900, 1200, 800}, 5, engine.Outcome{Status: engine.Win, Winner: 0}},
		{"the second side ahead, mate scores count", 10,
			[]int{-600, -32000, -700, -700, -900, -31990}, 15, engine.Outcome{Status: engine.Win, Winner: 1}},
		{"one player disagrees once: the count starts again", 0,
			[]int{700, 700, 700, 599, 700, 700, 700, 700, 700, 700}, 9, engine.Outcome{Status: engine.Win, Winner: 0}},
		{"a lead for five plies only", 0,
			[]int{700, 700, 700, 700, 700, -50}, -1, engine.Outcome{}},
		{"level for eight moves each from move 34", 60,
			[]int{0, 5, -20, 20, 0, 0, 3, -3, 0, 0, 0, 0, 10, 0, 0, 0}, 75, engine.Outcome{Status: engine.Draw}},
		{"level for eight moves each, but before move 34", 40,
			[]int{0, 5, -20, 20, 0, 0, 3, -3, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0}, -1, engine.Outcome{}},
		{"level but for one score", 70,
			[]int{0, 0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 0, 0}, -1, engine.Outcome{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a engine.Adjudicator
			ended := -1
			var got engine.Outcome
			for i, s := range tt.scores {
				ply := tt.from + i
				mover := engine.Side(ply % 2)
				if mover == 1 {
					s = -s
				}
				if got = a.Record(ply, mover, s); got.Over() {
					ended = ply
					break
				}
			}
			if ended != tt.ply || got.Status != tt.want.Status || got.Winner != tt.want.Winner {
				t.Fatalf("ended at ply %d with %v %v; want ply %d with %v %v", ended, got.Status, got.Winner, tt.ply, tt.want.Status, tt.want.Winner)
			}
			if got.Over() && (got.Reason != "adjudication" || got.Detail == "") {
				t.Errorf("reason %q, detail %q: want adjudication and how", got.Reason, got.Detail)
			}
		})
	}
}
