package zola

import (
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

// swapColours returns the position string with Red and Blue exchanged,
// the side to move included.
func swapColours(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case 'R':
			return 'B'
		case 'B':
			return 'R'
		}
		return r
	}, s)
}

// TestEvaluateSymmetry checks that the evaluation depends on the board and
// not on the colours: exchanging them leaves the score from the side to
// move's view unchanged.
func TestEvaluateSymmetry(t *testing.T) {
	eval := func(p engine.Position) int { return p.(*Position).Evaluate() }
	for _, v := range []*engine.Variant{Zola, Zola8} {
		enginetest.CheckSymmetry(t, v, 10, swapColours, eval)
	}
}

func TestEvaluate(t *testing.T) {
	tests := []struct {
		name          string
		better, worse string // better scores more for the side to move
	}{
		{"a checker more", "R5/6/6/2R3/6/5B R", "6/6/6/2R3/6/5B R"},
		{"a checker farther out", "R5/6/6/6/6/5B R", "6/6/6/2R3/6/5B R"},
		{"a free capture at hand", "6/6/6/6/1B4/R5 R", "6/6/1B4/6/6/R5 R"},
		{"no checker hanging", "6/6/6/1R4/6/5B R", "6/6/6/2R3/6/5B R"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			better, worse := mustEval(t, tt.better), mustEval(t, tt.worse)
			if better <= worse {
				t.Errorf("Evaluate(%s) = %d, not above Evaluate(%s) = %d", tt.better, better, tt.worse, worse)
			}
		})
	}
}

func mustEval(t *testing.T, s string) int {
	t.Helper()
	return enginetest.MustParse(t, Zola, s).(*Position).Evaluate()
}

func TestOrder(t *testing.T) {
	p, err := Zola.Parse("6/6/6/2R3/1B4/R5 R")
	if err != nil {
		t.Fatal(err)
	}
	zp := p.(*Position)
	for _, m := range p.Moves(nil) {
		_, _, kind := decode(m)
		if got := zp.Order(m); (got > 0) != (kind == kindCapture) {
			t.Errorf("Order(%s) = %d; want captures, and only captures, above 0", p.FormatMove(m), got)
		}
	}
}

func TestEvaluateDoesNotAllocate(t *testing.T) {
	p := Zola.Start().(*Position)
	if n := testing.AllocsPerRun(100, func() { p.Evaluate() }); n != 0 {
		t.Errorf("Evaluate allocates %v times", n)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p, err := Zola.Parse("B1BRBR/R1RBRB/1RBR2/RB1BR1/BRB1BR/RB1RBR R")
	if err != nil {
		b.Fatal(err)
	}
	zp := p.(*Position)
	for b.Loop() {
		zp.Evaluate()
	}
}
