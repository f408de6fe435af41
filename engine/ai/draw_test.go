package ai_test

import (
	"context"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/enginetest"
	"github.com/zugbot/zugbot/engine/zamma"
	"github.com/zugbot/zugbot/engine/zonal"
)

// TestJudgeDraw checks the AI's answer to a draw offer in won, lost and
// level positions of each game with an agreement, at every level: it
// accepts exactly when its noiseless search scores the position at most
// DrawMargin for its side.
func TestJudgeDraw(t *testing.T) {
	tests := []struct {
		name string
		v    *engine.Variant
		pos  string
		side engine.Side
		upTo int // the levels up to this one accept (0: none)
		// opening is the levels up to which it accepts in the opening.
		opening int
	}{
		{"chess, a queen ahead", zonal.Chess, "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", 0, 0, 0},
		{"chess, a queen behind", zonal.Chess, "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", 1, 5, 5},
		{"chess, a queen ahead, opponent to move", zonal.Chess, "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1", 0, 0, 0},
		// Blocked pawns, and any move reaches the 50-move rule: drawn.
		{"chess, level", zonal.Chess, "4k3/8/8/3p4/3P4/8/8/4K3 w - - 99 80", 0, 5, 0},
		{"chess, level, opponent to move", zonal.Chess, "4k3/8/8/3p4/3P4/8/8/4K3 w - - 99 80", 1, 5, 0},
		// A pawn ahead: only the beginner, whose noise is larger, accepts.
		{"chess, a pawn ahead", zonal.Chess, "4k3/8/8/8/8/8/3P4/4K3 b - - 0 1", 0, 1, 0},
		// After 1. e4, Black is behind by White's tempo: not lost, so in the
		// opening it plays on (the newcomer trial's draw after one move).
		{"chess, after 1. e4", zonal.Chess, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 1, 5, 0},
		{"zonal, after 1. i4", zonal.Zonal, "---1rnbqkbnr1---/--1pppppppppp1--/-14-/16/8P7/-14-/--1PPPPP1PPPP1--/---1RNBQKBNR1--- b KQkq - 0 1", 1, 5, 0},
		{"zonal, a queen ahead", zonal.Zonal, "---5k4---/--12--/-14-/16/16/-14-/--12--/---1Q2K5--- w - - 0 1", 0, 0, 0},
		{"zonal, a queen behind", zonal.Zonal, "---5k4---/--12--/-14-/16/16/-14-/--12--/---1Q2K5--- b - - 0 1", 1, 5, 5},
		{"zamma, three men ahead", zamma.Zamma, "9/9/9/9/9/9/1w1w1w3/9/4b4 b 0", 1, 0, 0},
		{"zamma, three men behind", zamma.Zamma, "9/9/9/9/9/9/1w1w1w3/9/4b4 b 0", 0, 5, 5},
	}
	ws := &ai.Workspace{}
	for _, tt := range tests {
		for n := ai.MinLevel; n <= ai.MaxLevel; n++ {
			p := enginetest.MustParse(t, tt.v, tt.pos)
			before := engine.String(p)
			for _, played := range []int{0, ai.DrawOpening - 1, ai.DrawOpening} {
				got, err := ws.JudgeDraw(context.Background(), tt.v, n, 100*time.Millisecond, p, tt.side, played)
				if err != nil {
					t.Fatalf("%s, level %d: %v", tt.name, n, err)
				}
				want, margin := n <= tt.upTo, ai.DrawMargin(n)
				if played < ai.DrawOpening {
					want, margin = n <= tt.opening, -ai.OpeningLoss-1
				}
				if got.Accept != want {
					t.Errorf("%s, level %d, after %d plies: accept %v (score %d, margin %d), want %v", tt.name, n, played, got.Accept, got.Score, got.Margin, want)
				}
				if got.Accept != (got.Score <= got.Margin) || got.Margin != margin {
					t.Errorf("%s, level %d: accept %v with score %d and margin %d, want margin %d", tt.name, n, got.Accept, got.Score, got.Margin, margin)
				}
			}
			if after := engine.String(p); after != before {
				t.Errorf("%s: the position changed: %q, was %q", tt.name, after, before)
			}
		}
	}
}

// TestDrawMargin checks the documented rule: the adjudication's level
// score, plus each level's noise, so that the top levels are strictest
// and no level accepts less than a level position.
func TestDrawMargin(t *testing.T) {
	want := map[int]int{1: 170, 2: 80, 3: 35, 4: 20, 5: 20}
	for n, w := range want {
		if got := ai.DrawMargin(n); got != w {
			t.Errorf("DrawMargin(%d) = %d, want %d", n, got, w)
		}
	}
	if got := ai.DrawMargin(ai.MaxLevel); got != engine.DrawScore {
		t.Errorf("the master's margin %d, want the adjudication's %d", got, engine.DrawScore)
	}
}
