package zonal

import (
	"testing"

	"github.com/zugbot/zugbot/engine"
)

// TestFeatures checks the evaluation's terms on positions counted by hand:
// the side to move's counts less the other side's.
func TestFeatures(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    *engine.Variant
		fen  string
		want map[term]int // the terms named; every other is 0 but tTempo
	}{
		{
			// c2 and c3 doubled and isolated, e2 isolated; all passed
			// (five steps or more from promotion); e2 shields the king.
			"pawn structure", Chess, "4k3/8/8/8/8/2P5/2P1P3/4K3 w - - 0 1",
			map[term]int{tPawn: 3, tAdvance: 1, tPassed5: 3, tDoubled: 1, tIsolated: 3, tShield: 1},
		},
		{
			// Black to move: d5 and e4 stop each other (neither is
			// passed); White's h2 is passed, six steps from h8. Every pawn
			// is isolated.
			"passed or not", Chess, "4k3/8/8/3p4/4P3/8/7P/4K3 b - - 0 1",
			map[term]int{tPawn: -1, tAdvance: 0, tPassed4: 0, tPassed5: -1, tIsolated: -1},
		},
		{
			// The knight on g6 attacks six squares, two of them (e7, f8)
			// beside the black king, and stands five half steps from the
			// centre across and three up.
			"a knight near the king", Chess, "4k3/8/6N1/8/8/8/8/4K3 w - - 0 1",
			map[term]int{tKnight: 1, tKnightMoves: 6, tKingAttack: 2, tKnightCentre: 8},
		},
		{
			// The rook on c4 reaches 85 squares along bent paths (the
			// rules' test vector), on a file without pawns.
			"a rook in the zone", Zonal, "---5k4---/--12--/-14-/16/2R13/-14-/--12--/---5K4--- w - - 0 1",
			map[term]int{tRook: 1, tRookMoves: 85, tZoneRider: 1, tRookOpen: 1},
		},
		{
			"a queen on a Z square", Zonal, "---5k4---/--12--/-14-/16/16/-14-/--12--/---Q4K4--- w - - 0 1",
			map[term]int{tQueen: 1, tZSquare: 1},
		},
	} {
		pos, err := tc.v.Parse(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		p := pos.(*Position)
		var f [nTerms]int
		p.features(&f)
		for term, want := range tc.want {
			if f[term] != want {
				t.Errorf("%s: %s = %d, want %d", tc.name, termNames[term], f[term], want)
			}
		}
		if f[tTempo] != 1 {
			t.Errorf("%s: tTempo = %d, want 1", tc.name, f[tTempo])
		}
	}
}
