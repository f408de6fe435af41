package zodiac

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
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
	r := rand.New(rand.NewPCG(1, 2))
	for game := range 20 {
		p := Zodiac.Start()
		for !p.Outcome().Over() {
			s := engine.String(p)
			q, err := Parse(swapColours(s))
			if err != nil {
				t.Fatalf("Parse(%q): %v", swapColours(s), err)
			}
			if a, b := p.(*Position).Evaluate(), q.Evaluate(); a != b {
				t.Fatalf("game %d: Evaluate(%s) = %d, but %d with the colours exchanged", game, s, a, b)
			}
			moves := p.Moves(nil)
			p.Do(moves[r.IntN(len(moves))])
		}
	}
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
	p, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return p.Evaluate()
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
