package zamma

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
)

// rotated returns p turned half round with the colours exchanged, the side
// to move included: the same game for the other side. The board is
// symmetric under that turn (it keeps the parity of file + rank).
func rotated(t testing.TB, p *Position) *Position {
	t.Helper()
	var sb strings.Builder
	for r := files - 1; r >= 0; r-- {
		empty := 0
		for f := range files {
			c := p.Piece(points - 1 - pointAt(f, r))
			if c.Kind == nil {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&sb, empty)
				empty = 0
			}
			swapped := map[engine.Piece]byte{
				{Kind: Man, Side: Black}: 'w', {Kind: Mullah, Side: Black}: 'W',
				{Kind: Man, Side: White}: 'b', {Kind: Mullah, Side: White}: 'B',
			}
			sb.WriteByte(swapped[c])
		}
		if empty > 0 {
			fmt.Fprint(&sb, empty)
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	turn := "b"
	if p.Turn() == Black {
		turn = "w"
	}
	s := fmt.Sprintf("%s %s %d", sb.String(), turn, p.Clock())
	q, err := Zamma.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return q.(*Position)
}

// TestEvaluateSymmetry checks that the evaluation judges both sides alike:
// the position turned half round with the colours exchanged scores the
// same for the side to move.
func TestEvaluateSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for game := range 10 {
		p := Zamma.Start().(*Position)
		for !p.Outcome().Over() {
			q := rotated(t, p)
			if a, b := p.Evaluate(), q.Evaluate(); a != b {
				t.Fatalf("game %d: Evaluate(%s) = %d, but %d turned round", game, engine.String(p), a, b)
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
		{"a man more", "b:c3,e3 w:e7", "b:c3 w:e7"},
		{"a mullah rather than a man", "B:c3 w:e7", "b:c3 w:e7"},
		{"a man farther forward", "b:c6 w:e7", "b:c3 w:e7"},
		{"a man next to promotion", "b:c8 w:e2", "b:c7 w:e2"},
		{"the opponent a man less", "b:c3 w:e7", "b:c3 w:e7,a7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			better, worse := build(t, tt.better, "b", 0).Evaluate(), build(t, tt.worse, "b", 0).Evaluate()
			if better <= worse {
				t.Errorf("Evaluate(%s) = %d, not above Evaluate(%s) = %d", tt.better, better, tt.worse, worse)
			}
		})
	}
}

// TestNoisyAndOrder checks that captures and promotions, and only they,
// are noisy and ordered first, and that a double capture comes before a
// single one.
func TestNoisyAndOrder(t *testing.T) {
	tests := []struct {
		pieces string
		noisy  []string // the noisy moves, best ordered first
	}{
		{"b:d8,a1 w:e5", []string{"d8-d9", "d8-c9", "d8-e9"}},
		{"b:c3,f7 w:d4,f6,e8", []string{"c3xe5xg7", "f7xf5"}},
	}
	for _, tt := range tests {
		p := build(t, tt.pieces, "b", 0)
		prev := 1 << 30
		for _, m := range p.Moves(nil) {
			name := p.FormatMove(m)
			want := false
			for _, n := range tt.noisy {
				want = want || n == name
			}
			if got := p.Noisy(m); got != want {
				t.Errorf("%s: Noisy(%s) = %v, want %v", tt.pieces, name, got, want)
			}
			if got := p.Order(m); (got > 0) != want {
				t.Errorf("%s: Order(%s) = %d; want noisy moves, and only those, above 0", tt.pieces, name, got)
			}
		}
		for _, name := range tt.noisy {
			m, err := p.ParseMove(name)
			if err != nil {
				t.Fatalf("%s: ParseMove(%s): %v", tt.pieces, name, err)
			}
			if h := p.Order(m); h > prev {
				t.Errorf("%s: Order(%s) = %d, above the move before it (%d)", tt.pieces, name, h, prev)
			}
			prev = p.Order(m)
		}
	}
}

func TestEvaluateDoesNotAllocate(t *testing.T) {
	p := Zamma.Start().(*Position)
	if n := testing.AllocsPerRun(100, func() { p.Evaluate() }); n != 0 {
		t.Errorf("Evaluate allocates %v times", n)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p, err := Zamma.Parse("wwwww2ww/1wwwwwwww/1w1wwwwww/3wwww1w/b2ww2bb/6bbb/1b1b1bbbb/b3bbbbb/1b1bbbbbb b 0")
	if err != nil {
		b.Fatal(err)
	}
	zp := p.(*Position)
	for b.Loop() {
		zp.Evaluate()
	}
}
