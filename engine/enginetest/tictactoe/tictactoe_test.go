package tictactoe_test

import (
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
	"github.com/zugbot/zugbot/engine/enginetest/tictactoe"
)

func TestContract(t *testing.T) {
	enginetest.Check(t, tictactoe.Variant, enginetest.Config{Games: 50, Positions: []string{"xx./oo./... x", "xox/xoo/ox. x"}})
}

func TestOutcome(t *testing.T) {
	for _, tc := range []struct {
		pos  string
		want engine.Outcome
	}{
		{"x../.o./... x", engine.Outcome{}},
		{"xxx/oo./... o", engine.Outcome{Status: engine.Win, Winner: tictactoe.Crosses, Reason: "three in a row"}},
		{"xox/xoo/oxx x", engine.Outcome{Status: engine.Draw, Reason: "the board is full"}},
	} {
		p, err := tictactoe.Parse(tc.pos)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.pos, err)
		}
		if got := p.Outcome(); got != tc.want {
			t.Errorf("%s: Outcome() = %+v, want %+v", tc.pos, got, tc.want)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	for _, s := range []string{"", "... /.../... x", "x../.o./... y", "x../.q./... x", "x../.o.../. x"} {
		if _, err := tictactoe.Parse(s); err == nil {
			t.Errorf("Parse(%q) accepted a bad position", s)
		}
	}
}
