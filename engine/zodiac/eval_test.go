package zodiac

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

// swapColours returns the position string with Black and White exchanged,
// the side to move included.
func swapColours(s string) string {
	board, rest, _ := strings.Cut(s, " ")
	turn, rest, _ := strings.Cut(rest, " ")
	swap := strings.NewReplacer("b", "w", "w", "b")
	return swap.Replace(board) + " " + swap.Replace(turn) + " " + rest
}

// TestEvaluateSymmetry checks that exchanging the colours leaves the score
// from the side to move's view unchanged.
func TestEvaluateSymmetry(t *testing.T) {
	eval := func(p engine.Position) int { return p.(*Position).Evaluate() }
	enginetest.CheckSymmetry(t, Zodiac, 20, swapColours, eval)
}

func TestEvaluate(t *testing.T) {
	tests := []struct {
		name          string
		better, worse string // better scores more for the side to move
	}{
		{"a disc more", "bbbwbw/.n..n. b - 0", "bwbwbw/.n..n. b - 0"},
		{"a disc inside", ".wbwbw/bn..n. b - 0", "bwbwbw/.n..n. b - 0"},
		{"a disc inside when it is crowded", "..bw.w/bnbwn. b - 0", "b.bw.w/.nbwn. b - 0"},
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
	return enginetest.MustParse(t, Zodiac, s).(*Position).Evaluate()
}

// TestSolve checks that Solve plays as Table.Best and gives up when the
// context has ended.
func TestSolve(t *testing.T) {
	p := StartWith(Black)
	m, result, err := p.Solve(context.Background())
	want, wantResult := Solve().Best(p)
	if err != nil || m != want || result != int(wantResult) {
		t.Errorf("Solve() = %s, %d, %v; want %s, %d", p.FormatMove(m), result, err, p.FormatMove(want), wantResult)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := p.Solve(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve after the context ended: error %v, want context.Canceled", err)
	}
}
