package zamma

import (
	"math/rand/v2"
	"testing"

	"github.com/zugbot/zugbot/engine"
)

// BenchmarkPerft counts the 135,816 move sequences of 11 plies from the
// start and reports leaves per second.
func BenchmarkPerft(b *testing.B) {
	p := Zamma.Start()
	for b.Loop() {
		if n := engine.Perft(p, 11); n != 135816 {
			b.Fatalf("perft(11) = %d, want 135816", n)
		}
	}
	b.ReportMetric(135816*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkRandomGame plays random games from the start to their end and
// reports games per second and plies per game.
func BenchmarkRandomGame(b *testing.B) {
	p := Zamma.Start()
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]engine.Move, 0, 4096)
	plies := 0
	for b.Loop() {
		var n int
		n, _, buf = engine.RandomGame(p, r, Zamma.MaxPlies, buf)
		plies += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// BenchmarkMovesMullah generates the 2,081 moves of a position where one
// mullah has thousands of capture sequences.
func BenchmarkMovesMullah(b *testing.B) {
	p, err := Zamma.Parse("3w4B/w5w2/1wwwww1w1/4ww3/1www5/9/1w7/3W5/1W7 b 1")
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]engine.Move, 0, 4096)
	for b.Loop() {
		buf = p.Moves(buf[:0])
	}
}
