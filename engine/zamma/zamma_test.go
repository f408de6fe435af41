package zamma

import (
	"fmt"
	"slices"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

func TestConformance(t *testing.T) {
	cfg := enginetest.Config{
		Positions: []string{
			// Mullahs of both sides among men.
			"w1B3w2/w5w1w/9/b3w1b1w/1b7/bb5bb/4b4/b5bbb/bbWb2b1b b 0",
			"w5Bw1/2B5B/ww5b1/w8/9/2b2bb1b/1b6b/b3bbbbb/bbWbbb1bb b 0",
			// Mullahs on both sides, ten plies before the count.
			"4B4/9/2w6/9/9/6b2/9/9/4W4 b 90",
			// Two lone mullahs that can only shuffle: repetitions.
			"9/9/9/9/9/9/9/9/B7W w 0",
			// Black to move and blocked.
			"4w4/4b4/9/9/9/9/9/9/9 b 0",
		},
	}
	if testing.Short() {
		cfg.Games = 3
	}
	enginetest.Check(t, Zamma, cfg)
}

func TestStart(t *testing.T) {
	p := Zamma.Start()
	if got := engine.String(p); got != startString {
		t.Errorf("start string: got %q, want %q", got, startString)
	}
	for _, tc := range []struct {
		point string
		want  engine.Piece
	}{
		{"e5", engine.Piece{}},
		{"a1", engine.Piece{Kind: Man, Side: Black}},
		{"i4", engine.Piece{Kind: Man, Side: Black}},
		{"f5", engine.Piece{Kind: Man, Side: Black}},
		{"i5", engine.Piece{Kind: Man, Side: Black}},
		{"a5", engine.Piece{Kind: Man, Side: White}},
		{"d5", engine.Piece{Kind: Man, Side: White}},
		{"a6", engine.Piece{Kind: Man, Side: White}},
		{"i9", engine.Piece{Kind: Man, Side: White}},
	} {
		if got := p.Piece(pt(t, tc.point)); got != tc.want {
			t.Errorf("Piece(%s) = %+v, want %+v", tc.point, got, tc.want)
		}
	}
	if p.Turn() != Black {
		t.Errorf("Turn() = %d, want Black", p.Turn())
	}
	for side := range engine.Side(2) {
		if got := p.(*Position).Count(side); got != 40 {
			t.Errorf("Count(%d) = %d, want 40", side, got)
		}
	}
}

// The test vectors of the rules.
func TestVectors(t *testing.T) {
	p := Zamma.Start()
	if got, want := enginetest.Notations(p), []string{"d4-e5", "e4-e5", "f4-e5"}; !slices.Equal(got, want) {
		t.Fatalf("first moves: got %v, want %v", got, want)
	}
	for _, tc := range []struct {
		first string
		want  []string
	}{
		{"d4-e5", []string{"f6xd4"}},
		{"e4-e5", []string{"e6xe4"}},
		{"f4-e5", []string{"d6xf4", "f6xf4", "h6xf4"}},
	} {
		t.Run(tc.first, func(t *testing.T) {
			q := p.Clone()
			enginetest.Play(t, q, tc.first)
			if got := enginetest.Notations(q); !slices.Equal(got, tc.want) {
				t.Errorf("White's replies: got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestPerft(t *testing.T) {
	want := []uint64{3, 5, 7, 14, 53, 140}
	p := Zamma.Start()
	for d, w := range want {
		if got := engine.Perft(p, d+1); got != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, w)
		}
	}
}

func TestGeometry(t *testing.T) {
	g := Zamma.Geometry
	if len(g.Points) != 81 {
		t.Fatalf("got %d points, want 81", len(g.Points))
	}
	stars := 0
	for i, p := range g.Points {
		if p.Mark == engine.Starred {
			stars++
		}
		f, r := fileRank(i)
		if p.X != float64(f) || p.Y != float64(r) {
			t.Errorf("point %s at (%g, %g), want (%d, %d)", p.Name, p.X, p.Y, f, r)
		}
	}
	if stars != 40 {
		t.Errorf("got %d star points, want 40", stars)
	}
	// 9 columns of 8 segments, and one diagonal in each of the 64 unit
	// squares: the one joining its two intersections.
	if got, want := len(g.Lines), 9*8+64; got != want {
		t.Errorf("got %d lines, want %d", got, want)
	}
	for _, l := range g.Lines {
		a, b := g.Points[l.From], g.Points[l.To]
		if a.Y == b.Y {
			t.Errorf("line %s-%s is a row line; the board has none", a.Name, b.Name)
		}
		if a.X != b.X && (a.Mark == engine.Starred || b.Mark == engine.Starred) {
			t.Errorf("diagonal line %s-%s touches a star point", a.Name, b.Name)
		}
	}
	if got := g.PointIndex("E5"); got != 40 {
		t.Errorf("PointIndex(E5) = %d, want 40", got)
	}
}

// TestRowLines checks that the board is data: adding the row lines (as on
// Ludii's board) gives men sideways captures and mullahs sideways moves,
// and nothing else changes.
func TestRowLines(t *testing.T) {
	ludii := newBoard(append(slices.Clone(zammaLines), link{1, 0, everywhere}))
	if got, want := len(ludii.geom.Lines), 9*8+64+9*8; got != want {
		t.Errorf("Ludii's board: got %d lines, want %d", got, want)
	}
	p := build(t, "b:d4 w:e4", "b", 0)
	if got, want := enginetest.Notations(p), []string{"d4-c5", "d4-d5", "d4-e5"}; !slices.Equal(got, want) {
		t.Errorf("without row lines: got %v, want %v", got, want)
	}
	p.b = ludii
	if got, want := enginetest.Notations(p), []string{"d4xf4"}; !slices.Equal(got, want) {
		t.Errorf("with row lines: got %v, want %v", got, want)
	}
}

func ExamplePosition_FormatMove() {
	p := Zamma.Start()
	for _, m := range p.Moves(nil) {
		fmt.Println(p.FormatMove(m))
	}
	// Output:
	// d4-e5
	// e4-e5
	// f4-e5
}
