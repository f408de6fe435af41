package render

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zamma"
	"github.com/zugbot/zugbot/engine/zodiac"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
)

// midGame plays plies random moves from v's start, seeded for repeatable
// boards, and returns the position with its last move described.
func midGame(tb testing.TB, v *engine.Variant, plies int) (engine.Position, *engine.MoveInfo) {
	tb.Helper()
	r := rand.New(rand.NewPCG(1, uint64(plies)))
	p := v.Start()
	var last *engine.MoveInfo
	for range plies {
		ms := p.Moves(nil)
		if len(ms) == 0 {
			break
		}
		m := ms[r.IntN(len(ms))]
		d := p.Describe(m)
		last = &d
		p.Do(m)
	}
	return p, last
}

// benchPNG measures a render and PNG encoding of a mid-game board, and
// reports the PNG's size.
func benchPNG(b *testing.B, v *engine.Variant, plies int) {
	p, last := midGame(b, v, plies)
	r := New()
	opt := Options{LastMove: last, Players: [2]string{"alice", "bob"}, Ratings: [2]string{"1512", "1498"}}
	var buf bytes.Buffer
	if err := r.PNG(&buf, p, opt); err != nil { // builds the layout
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := r.PNG(io.Discard, p, opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "png-bytes")
}

func BenchmarkPNG(b *testing.B) {
	for _, c := range benchGames {
		b.Run(c.v.ID, func(b *testing.B) { benchPNG(b, c.v, c.plies) })
	}
}

// benchGames are the games benchmarked, each at a mid-game ply.
var benchGames = []struct {
	v     *engine.Variant
	plies int
}{
	{zola.Zola, 16},
	{zola.Zola8, 30},
	{zamma.Zamma, 24},
	{zodiac.Zodiac, 6},
	{zonal.Zonal, 30},
	{zonal.Chess, 30},
}

// BenchmarkPNGParallel renders on every core at once, as the bot does when
// several games move together.
func BenchmarkPNGParallel(b *testing.B) {
	p, last := midGame(b, zola.Zola, 16)
	r := New()
	opt := Options{LastMove: last}
	if err := r.PNG(io.Discard, p, opt); err != nil {
		b.Fatal(err)
	}
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := r.PNG(io.Discard, p, opt); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkGIF makes the replay of a whole game of Zola and reports its
// size.
func BenchmarkGIF(b *testing.B) {
	start, moves := zolaGame(b)
	r := New()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := r.GIF(b.Context(), &buf, start, moves, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(moves)+1), "frames")
	b.ReportMetric(float64(buf.Len()), "gif-bytes")
}
