package zodiac

import (
	"math"
	"math/bits"

	"github.com/zugbot/zugbot/engine"
)

// Points are numbered T1…T6 as 0…5 and C1…C6 as 6…11, so that a set of
// points is a 12-bit mask and a point's number is its index in the geometry.
const (
	numPoints = 12
	tips      = 0x03f // T1…T6
	inner     = 0xfc0 // C1…C6
)

// names are the points' names, by number.
var names = [numPoints]string{"T1", "T2", "T3", "T4", "T5", "T6", "C1", "C2", "C3", "C4", "C5", "C6"}

// lines are the six lines of the hexagram, each with its four points in
// order: the sides of triangle A (apex up) and then of triangle B (apex down).
var lines = [6][4]int{
	{2, 7, 6, 0},   // T3 C2 C1 T1
	{0, 11, 10, 4}, // T1 C6 C5 T5
	{4, 9, 8, 2},   // T5 C4 C3 T3
	{1, 6, 11, 5},  // T2 C1 C6 T6
	{5, 10, 9, 3},  // T6 C5 C4 T4
	{3, 8, 7, 1},   // T4 C3 C2 T2
}

// jump is a disc's jump from a point over the next point on a line to the
// point after it.
type jump struct{ over, to int8 }

// tables holds the read-only tables derived from lines.
type tables struct {
	jumps     [numPoints][]jump          // the jumps from each point
	jumpTo    [numPoints][numPoints]int8 // the point jumped when going from one point to another, or -1
	neighbour [numPoints]uint16          // for inner points, the two adjacent inner points
	geom      engine.Geometry
}

// tab holds the tables; it is built at start-up and never changes.
var tab = newTables()

func newTables() *tables {
	t := &tables{}
	for from := range t.jumpTo {
		for to := range t.jumpTo[from] {
			t.jumpTo[from][to] = -1
		}
	}
	for _, l := range lines {
		for _, d := range [][3]int{{0, 1, 2}, {1, 2, 3}, {2, 1, 0}, {3, 2, 1}} {
			from, over, to := l[d[0]], l[d[1]], l[d[2]]
			t.jumps[from] = append(t.jumps[from], jump{int8(over), int8(to)})
			t.jumpTo[from][to] = int8(over)
		}
		// The middle two points of a line are adjacent inner points.
		t.neighbour[l[1]] |= 1 << l[2]
		t.neighbour[l[2]] |= 1 << l[1]
	}
	t.geom = geometry()
	return t
}

// geometry returns the hexagram as the renderer draws it: tips at radius √3
// and inner points at radius 1 around the centre, so that neighbouring points
// on a line lie one unit apart. y grows upwards, so T1 is at the top.
func geometry() engine.Geometry {
	rTip, rInner := math.Sqrt(3), 1.0
	w, h := 2*rTip*math.Cos(math.Pi/6), 2*rTip
	cx, cy := w/2, h/2
	g := engine.Geometry{Width: round(w), Height: round(h)}
	at := func(r, deg float64) (float64, float64) {
		a := deg * math.Pi / 180
		return cx + r*math.Cos(a), cy + r*math.Sin(a)
	}
	for i := range numPoints {
		// T1 at 90°, then clockwise in steps of 60°; C1 at 60°, likewise.
		// Each name stands outside its point, clear of a piece there: a
		// tip's beyond it, an inner point's in the wedge between the two
		// lines that leave it outwards.
		r, deg, mark, label := rTip, 90-60*float64(i), engine.Ringed, rTip+0.62
		if i >= 6 {
			r, deg, mark, label = rInner, 60-60*float64(i-6), engine.Spotted, rInner+0.62
		}
		x, y := at(r, deg)
		g.Points = append(g.Points, engine.Point{Name: names[i], X: round(x), Y: round(y), Mark: mark})
		lx, ly := at(label, deg)
		g.Labels = append(g.Labels, engine.Label{Text: names[i], X: round(lx), Y: round(ly)})
	}
	for _, l := range lines {
		g.Lines = append(g.Lines, engine.Line{From: l[0], To: l[3]})
	}
	return g
}

// round removes floating-point noise such as 2.9999999999999996.
func round(x float64) float64 { return math.Round(x*1e9) / 1e9 }

// point parses a point name such as "t3" or "C1" (case-insensitively).
func point(s string) (int, bool) {
	if len(s) != 2 || s[1] < '1' || s[1] > '6' {
		return 0, false
	}
	n := int(s[1] - '1')
	switch s[0] {
	case 'T', 't':
		return n, true
	case 'C', 'c':
		return 6 + n, true
	}
	return 0, false
}

// Move encoding, in Move.Lo: from | to<<4 | over<<8 | kind<<12. The kind is
// never zero, so neither is a legal move.
const (
	kindJump = 1 // a disc jumps from over over to to
	kindStep = 2 // a neutral steps from to to
)

func newMove(kind, from, to, over int) engine.Move {
	return engine.Move{Lo: uint64(from | to<<4 | over<<8 | kind<<12)}
}

func decode(m engine.Move) (kind, from, to, over int) {
	return int(m.Lo >> 12 & 0xf), int(m.Lo & 0xf), int(m.Lo >> 4 & 0xf), int(m.Lo >> 8 & 0xf)
}

// board is everything that decides the legal moves: the pieces, the side to
// move, and the neutral moves just played. It is a small value; the solver
// works on boards directly.
type board struct {
	disc    [2]uint16 // discs by owner
	neutral uint16
	turn    engine.Side
	// count is the number of consecutive neutral plies just played (0…2);
	// when it is not 0, the last ply stepped a neutral from from to to.
	count    uint8
	from, to int8
}

// occupied returns the set of points that hold a piece.
func (b *board) occupied() uint16 { return b.disc[0] | b.disc[1] | b.neutral }

// winner reports the side that has won on the inner points: all six are
// occupied and it has more discs there than its opponent (3 or 4 of the 4).
func (b *board) winner() (engine.Side, bool) {
	if b.occupied()&inner != inner {
		return 0, false
	}
	n0, n1 := bits.OnesCount16(b.disc[0]&inner), bits.OnesCount16(b.disc[1]&inner)
	switch {
	case n0 > n1:
		return 0, true
	case n1 > n0:
		return 1, true
	}
	return 0, false
}

// banned reports whether the neutral step from→to is forbidden because it
// takes the neutral just moved straight back.
func (b *board) banned(from, to int) bool {
	return b.count == 1 && from == int(b.to) && to == int(b.from)
}

// moves appends the legal moves to dst, ignoring whether the game is over:
// the disc jumps of the side to move, then the neutral steps.
func (b *board) moves(dst []engine.Move) []engine.Move {
	occ := b.occupied()
	discs := b.disc[0] | b.disc[1]
	for s := b.disc[b.turn]; s != 0; s &= s - 1 {
		from := bits.TrailingZeros16(s)
		for _, j := range tab.jumps[from] {
			over, to := uint16(1)<<j.over, uint16(1)<<j.to
			if occ&over == 0 || occ&to != 0 || (to&tips != 0 && discs&over == 0) {
				continue
			}
			dst = append(dst, newMove(kindJump, from, int(j.to), int(j.over)))
		}
	}
	if b.count >= 2 {
		return dst
	}
	for s := b.neutral; s != 0; s &= s - 1 {
		from := bits.TrailingZeros16(s)
		for t := tab.neighbour[from] &^ occ; t != 0; t &= t - 1 {
			to := bits.TrailingZeros16(t)
			if !b.banned(from, to) {
				dst = append(dst, newMove(kindStep, from, to, 0))
			}
		}
	}
	return dst
}

// hasMove reports whether b has a legal move, without listing them.
func (b *board) hasMove() bool {
	var buf [32]engine.Move
	return len(b.moves(buf[:0])) > 0
}

// play returns the board after legal move m.
func (b board) play(m engine.Move) board {
	kind, from, to, over := decode(m)
	us := b.turn
	if kind == kindJump {
		b.disc[us] ^= 1<<from | 1<<to
		o := uint16(1) << over
		if (b.disc[0]|b.disc[1])&o != 0 { // the jumped disc turns over
			b.disc[0] ^= o
			b.disc[1] ^= o
		}
		b.count, b.from, b.to = 0, 0, 0
	} else {
		b.neutral ^= 1<<from | 1<<to
		b.count++
		b.from, b.to = int8(from), int8(to)
	}
	b.turn ^= 1
	return b
}

// The neutral-move restriction of a board, as far as it matters: which of
// the neutral steps the pieces allow are forbidden now.
const (
	free      = 0 // none
	allBanned = 1 // all of them: the next ply moves a disc
	// 2 + 6*(to-6) + (from-6): only taking the neutral on to straight back to from
)

// restriction returns b's neutral-move restriction in canonical form. Two
// boards with the same pieces and side to move have the same legal moves now
// and in every continuation exactly when their restrictions are equal. The
// count alone is not it: a count of 1 forbids every neutral step, as 2 does,
// when the step back was the only one. (A count of 2 always forbids some
// step: the neutral just moved could step back to the point it left.)
func (b *board) restriction() uint64 {
	switch b.count {
	case 0:
		return free
	case 1:
		empty := inner &^ b.occupied()
		other := b.neutral &^ (1 << b.to)
		if tab.neighbour[bits.TrailingZeros16(other)]&empty != 0 ||
			tab.neighbour[b.to]&empty&^(1<<b.from) != 0 {
			return 2 + 6*uint64(b.to-6) + uint64(b.from-6)
		}
	}
	return allBanned
}

// position returns the identity of b's position for the repetition rule:
// the pieces and the side to move, in 37 bits. The neutral-move restriction
// is not part of it.
func (b *board) position() uint64 {
	return uint64(b.disc[0]) | uint64(b.disc[1])<<12 | uint64(b.neutral)<<24 | uint64(b.turn)<<36
}

// key returns the identity of b's state for hashing and the solver: its
// position and the restriction, in 43 bits. Two boards with the same key
// have the same legal moves now and in every continuation.
func (b *board) key() uint64 { return b.position() | b.restriction()<<37 }
