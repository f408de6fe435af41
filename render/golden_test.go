package render

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
	"github.com/zugbot/zugbot/engine/zola"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// play plays moves, space-separated in notation, from v's start and returns
// the position and the last move's description, which boards highlight.
func play(tb testing.TB, v *engine.Variant, moves string) (engine.Position, *engine.MoveInfo) {
	tb.Helper()
	p := v.Start()
	f := strings.Fields(moves)
	if len(f) == 0 {
		return p, nil
	}
	enginetest.Play(tb, p, f[:len(f)-1]...)
	m := enginetest.MustParseMove(tb, p, f[len(f)-1])
	last := p.Describe(m)
	p.Do(m)
	return p, &last
}

// golden is one golden image: a position and the options to draw it with.
type golden struct {
	name  string
	setup func(t *testing.T) (engine.Position, Options)
}

// players are the names the golden images show.
var players = Options{Players: [2]string{"Ada", "Grace"}, Ratings: [2]string{"1540", "1497"}}

func with(o Options, f func(*Options)) Options {
	f(&o)
	return o
}

// goldens lists the golden images of the games whose engines are done,
// and of the hand-built boards.
func goldens() []golden {
	gs := []golden{
		{"zola-start", func(t *testing.T) (engine.Position, Options) {
			return zola.Zola.Start(), Options{}
		}},
		{"zola-mid", func(t *testing.T) (engine.Position, Options) {
			p, last := play(t, zola.Zola, "b6xb5 c6xc5 e3xe4 c4xc3 d6xc5 d5xe4 d4-d5 b1xc1 f4xf3 a6xa5 f2xe2 a4xa3 f3xd3 b3xb4")
			return p, with(players, func(o *Options) { o.LastMove = last })
		}},
		{"zola8-pick-blue", func(t *testing.T) (engine.Position, Options) {
			p, last := play(t, zola.Zola8, "g5xf5 c8xd8 b2xb3 a6xa5 c7xd7 b7xb6 c5xd5 b1xb3 h4xg4")
			sel := zola.Zola8.Geometry.PointIndex("e6")
			return p, with(players, func(o *Options) {
				o.LastMove, o.Selected, o.Viewer = last, &sel, new(engine.Side(1))
			})
		}},
		{"fixture-lattice", func(t *testing.T) (engine.Position, Options) {
			v := fixture("lattice", [2]string{"Black", "White"}, latticeGeometry(), man, mullah)
			pi := v.Geometry.PointIndex
			b := place(v, 1, map[string]engine.Piece{
				"e5": {Kind: man, Side: 0}, "g7": {Kind: mullah, Side: 1},
				"c7": {Kind: man, Side: 1}, "b2": {Kind: mullah, Side: 0},
				"h8": {Kind: man, Side: 0}, "i9": {Kind: man, Side: 1},
			})
			last := &engine.MoveInfo{Path: []int{pi("a1"), pi("c3"), pi("e5")}, Taken: []int{pi("b2"), pi("d4")}}
			b.pieces[pi("b2")] = engine.Piece{}
			return b, with(players, func(o *Options) { o.LastMove = last })
		}},
		{"fixture-hexagram", func(t *testing.T) (engine.Position, Options) {
			v := fixture("hexagram", [2]string{"Black", "White"}, hexagramGeometry(), man, neutral)
			pi := v.Geometry.PointIndex
			b := place(v, 1, map[string]engine.Piece{
				"T1": {Kind: man, Side: 0}, "C1": {Kind: man, Side: 0},
				"C2": {Kind: man, Side: 1}, "T5": {Kind: man, Side: 0},
				"T2": {Kind: man, Side: 1}, "T4": {Kind: man, Side: 1},
				"C5": {Kind: neutral}, "C4": {Kind: neutral},
			})
			last := &engine.MoveInfo{Path: []int{pi("T3"), pi("C1")}, Taken: []int{pi("C2")}}
			return b, with(players, func(o *Options) { o.LastMove = last })
		}},
		{"fixture-zonal-check", func(t *testing.T) (engine.Position, Options) {
			v := fixture("zonal", [2]string{"White", "Black"}, zonalGeometry(), rook, queen, king, chessBishop, knight, chessPawn)
			pi := v.Geometry.PointIndex
			b := place(v, 1, map[string]engine.Piece{
				"i1": {Kind: king, Side: 0}, "h1": {Kind: queen, Side: 0},
				"e1": {Kind: rook, Side: 0}, "j1": {Kind: chessBishop, Side: 0},
				"k1": {Kind: knight, Side: 0}, "d2": {Kind: chessPawn, Side: 0},
				"i8": {Kind: king, Side: 1}, "h8": {Kind: queen, Side: 1},
				"l8": {Kind: rook, Side: 1}, "g8": {Kind: chessBishop, Side: 1},
				"f6": {Kind: knight, Side: 1}, "m7": {Kind: chessPawn, Side: 1},
				"c4": {Kind: rook, Side: 0}, "d8": {Kind: chessPawn, Side: 1},
			})
			cb := &checkBoard{board: *b, king: pi("i8")}
			last := &engine.MoveInfo{Path: []int{pi("c5"), pi("c4")}}
			return cb, with(players, func(o *Options) { o.LastMove = last })
		}},
	}
	return append(gs, engineGoldens()...)
}

// TestGolden compares every golden image with a fresh render, pixel by
// pixel; go test -update rewrites them.
func TestGolden(t *testing.T) {
	r := New()
	for _, g := range goldens() {
		t.Run(g.name, func(t *testing.T) {
			p, opt := g.setup(t)
			var buf bytes.Buffer
			if err := r.PNG(&buf, p, opt); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", g.name+".png")
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			got, err := png.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			want, err := png.Decode(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			if msg := compare(got, want); msg != "" {
				out := filepath.Join(t.TempDir(), g.name+".png")
				os.WriteFile(out, buf.Bytes(), 0o644)
				t.Errorf("%s differs from %s: %s (got written to %s)", g.name, path, msg, out)
			}
		})
	}
}

// compare returns what differs between two images, or "" if they match:
// the same size, and at most 1 pixel in 1000 farther than a small tolerance
// from its golden colour.
func compare(got, want image.Image) string {
	if got.Bounds() != want.Bounds() {
		return fmt.Sprintf("size %v, want %v", got.Bounds().Size(), want.Bounds().Size())
	}
	const tolerance = 12 // of 255, per channel
	b := got.Bounds()
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if channelDiff(got.At(x, y), want.At(x, y)) > tolerance {
				bad++
			}
		}
	}
	if limit := b.Dx() * b.Dy() / 1000; bad > limit {
		return fmt.Sprintf("%d pixels differ (at most %d may)", bad, limit)
	}
	return ""
}

// channelDiff returns the largest difference of two colours in any
// channel, out of 255.
func channelDiff(a, b interface{ RGBA() (r, g, b, a uint32) }) int {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	d := 0
	for _, p := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
		x := int(p[0]>>8) - int(p[1]>>8)
		d = max(d, x, -x)
	}
	return d
}
