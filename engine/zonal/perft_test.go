package zonal

import (
	"flag"
	"testing"

	"github.com/zugbot/zugbot/engine"
)

var deep = flag.Bool("deep", false, "run the deep perft tables (minutes)")

// perftCases are the Chess Programming Wiki's perft positions, with the
// spec's Zonal Chess start.
var perftCases = []struct {
	name  string
	v     *engine.Variant
	fen   string
	nodes []uint64 // by depth from 1
	short int      // the depths run without -deep
}{
	{"start", Chess, "", []uint64{20, 400, 8902, 197281, 4865609, 119060324}, 5},
	{"kiwipete", Chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		[]uint64{48, 2039, 97862, 4085603, 193690690}, 3},
	{"position 3", Chess, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		[]uint64{14, 191, 2812, 43238, 674624, 11030083}, 5},
	{"position 4", Chess, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		[]uint64{6, 264, 9467, 422333, 15833292}, 4},
	{"position 4 mirrored", Chess, "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
		[]uint64{6, 264, 9467, 422333, 15833292}, 4},
	{"position 5", Chess, "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		[]uint64{44, 1486, 62379, 2103487, 89941194}, 3},
	{"position 6", Chess, "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		[]uint64{46, 2079, 89890, 3894594, 164075551}, 3},
	{"zonal start", Zonal, "", []uint64{26, 676, 19562, 562943}, 4},
}

func TestPerft(t *testing.T) {
	for _, tc := range perftCases {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.v.Start()
			if tc.fen != "" {
				var err error
				if p, err = tc.v.Parse(tc.fen); err != nil {
					t.Fatal(err)
				}
			}
			depths := tc.short
			if *deep {
				depths = len(tc.nodes)
			}
			for d := 1; d <= depths; d++ {
				if got := engine.Perft(p, d); got != tc.nodes[d-1] {
					t.Fatalf("perft(%d) = %d, want %d", d, got, tc.nodes[d-1])
				}
			}
			// The played perft counts alike.
			if d := min(depths, 3); p.(*Position).PerftPlayed(d) != tc.nodes[d-1] {
				t.Errorf("PerftPlayed(%d) = %d, want %d", d, p.(*Position).PerftPlayed(d), tc.nodes[d-1])
			}
		})
	}
}
