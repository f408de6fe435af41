package zonal

import (
	"math/rand/v2"
	"testing"

	"github.com/zugbot/zugbot/engine"
)

// BenchmarkPerft measures the move generator: "played" makes and unmakes
// every leaf move, "bulk" counts the last ply's moves without playing them.
// Both report leaves per second.
func BenchmarkPerft(b *testing.B) {
	for _, tc := range []struct {
		name  string
		v     *engine.Variant
		fen   string
		depth int
	}{
		{"chess", Chess, "", 5},
		{"kiwipete", Chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
		{"zonal", Zonal, "", 4},
		// Riders of both sides in the zones: bent paths everywhere.
		{"zonal-riders", Zonal, zonalFEN(map[string]byte{"i1": 'K', "e1": 'R', "l1": 'R', "f2": 'P', "g2": 'P', "h2": 'P', "j2": 'P', "k2": 'P',
			"c6": 'Q', "o4": 'B', "i8": 'k', "e8": 'r', "l8": 'r', "f7": 'p', "g7": 'p', "h7": 'p', "j7": 'p', "k7": 'p',
			"c3": 'q', "b5": 'r', "n6": 'b'}, "w KQkq - 0 1"), 3},
	} {
		p := tc.v.Start().(*Position)
		if tc.fen != "" {
			q, err := tc.v.Parse(tc.fen)
			if err != nil {
				b.Fatal(err)
			}
			p = q.(*Position)
		}
		for _, mode := range []string{"played", "bulk"} {
			b.Run(tc.name+"/"+mode, func(b *testing.B) {
				var nodes uint64
				for b.Loop() {
					if mode == "played" {
						nodes += p.PerftPlayed(tc.depth)
					} else {
						nodes += p.Perft(tc.depth)
					}
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}

// BenchmarkRandomGame measures whole random games through the engine
// interface, as the AI's playouts use it.
func BenchmarkRandomGame(b *testing.B) {
	for _, v := range []*engine.Variant{Chess, Zonal} {
		b.Run(v.ID, func(b *testing.B) {
			p := v.Start()
			r := rand.New(rand.NewPCG(1, 2))
			var buf []engine.Move
			plies := 0
			for b.Loop() {
				var n int
				n, _, buf = engine.RandomGame(p, r, v.MaxPlies, buf)
				plies += n
			}
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
		})
	}
}

// BenchmarkFormatMove measures SAN output, with the check mark.
func BenchmarkFormatMove(b *testing.B) {
	p := Zonal.Start()
	moves := p.Moves(nil)
	for b.Loop() {
		for _, m := range moves {
			p.FormatMove(m)
		}
	}
}
