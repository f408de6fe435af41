package zamma

import (
	"fmt"
	"math/bits"

	"github.com/zugbot/zugbot/engine"
)

// The board is 9×9. Point i is file i%9 and rank i/9 (both 0-based), so a1
// is 0, e5 is 40 and i9 is 80; it is also the point's index in the geometry
// and its bit in a set.
const (
	files  = 9
	points = files * files
)

// link is a family of lines of the board: every point p with on(p) is
// joined to its neighbour one step (dx, dy) away, and the other way round,
// when that neighbour is on the board and on(neighbour) holds too.
type link struct {
	dx, dy int
	on     func(file, rank int) bool
}

// everywhere and intersection say which points a family of lines joins.
func everywhere(file, rank int) bool   { return true }
func intersection(file, rank int) bool { return (file+rank)%2 == 0 }

func onBoard(file, rank int) bool     { return file >= 0 && file < files && rank >= 0 && rank < files }
func pointAt(file, rank int) int      { return rank*files + file }
func fileRank(i int) (file, rank int) { return i % files, i / files }
func pointName(file, rank int) string { return fmt.Sprintf("%c%d", 'a'+file, rank+1) }

// forwardOf is the rank step of side's men: up for Black, down for White.
func forwardOf(side engine.Side) int { return 1 - 2*int(side) }

// farRank is the 0-based rank where side's men are promoted.
func farRank(side engine.Side) int { return (files - 1) * (1 - int(side)) }

// zammaLines are the lines of the board zugbot offers: the nine column lines
// and the Alquerque diagonals through the intersections, with no row lines.
// Ludii's board has the row lines as well: add {1, 0, everywhere}.
var zammaLines = []link{
	{0, 1, everywhere},
	{1, 1, intersection},
	{1, -1, intersection},
}

// dirs are the eight directions a line can take, as (dx, dy); direction d^1
// is the opposite of d.
var dirs = [8][2]int{{0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}, {1, 0}, {-1, 0}}

// jump is a man's capture: over an adjacent point to the one beyond it on
// the same line.
type jump struct{ over, land int8 }

// board holds the read-only tables of a board built from its lines.
type board struct {
	// next is the point joined to i in direction d, or -1.
	next [points][8]int8
	// ray lists the points along the straight line from i in direction d,
	// nearest first, up to rayLen of them.
	ray    [points][8][files - 1]int8
	rayLen [points][8]uint8
	// fwd lists a man's steps: the points joined to i in a forward
	// direction of side s, up to nfwd of them.
	fwd  [2][points][8]int8
	nfwd [2][points]uint8
	// jumps lists a man's captures from i, up to njumps of them.
	jumps  [points][8]jump
	njumps [points]uint8
	// far is the far rank of each side, where its men are promoted.
	far     [2]set
	names   [points]string
	zobrist [8][points]uint64 // hash keys by cell value and point
	turnKey uint64            // hash key for White to move
	geom    engine.Geometry
}

// zammaBoard is the board of Zamma. It is read-only.
var zammaBoard = newBoard(zammaLines)

// newBoard builds the tables of the board with the given lines.
func newBoard(lines []link) *board {
	b := &board{}
	joined := func(f, r, df, dr int) bool {
		for _, l := range lines {
			if (l.dx == df && l.dy == dr) || (l.dx == -df && l.dy == -dr) {
				if onBoard(f, r) && onBoard(f+df, r+dr) && l.on(f, r) && l.on(f+df, r+dr) {
					return true
				}
			}
		}
		return false
	}
	for i := range points {
		f, r := fileRank(i)
		b.names[i] = pointName(f, r)
		for d, dir := range dirs {
			b.next[i][d] = -1
			if joined(f, r, dir[0], dir[1]) {
				b.next[i][d] = int8(pointAt(f+dir[0], r+dir[1]))
			}
		}
		for side := range engine.Side(2) {
			if r == farRank(side) {
				b.far[side].add(i)
			}
		}
	}
	for i := range points {
		for d, dir := range dirs {
			for j := b.next[i][d]; j >= 0; j = b.next[j][d] {
				b.ray[i][d][b.rayLen[i][d]] = j
				b.rayLen[i][d]++
			}
			if over := b.next[i][d]; over >= 0 && b.next[over][d] >= 0 {
				b.jumps[i][b.njumps[i]] = jump{over, b.next[over][d]}
				b.njumps[i]++
			}
			for side := range engine.Side(2) {
				if j := b.next[i][d]; j >= 0 && dir[1] == forwardOf(side) {
					b.fwd[side][i][b.nfwd[side][i]] = j
					b.nfwd[side][i]++
				}
			}
		}
	}
	seed := uint64(0x5a616d6d61)
	rnd := func() uint64 { // splitmix64: fixed keys, the same on every run
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for c := range b.zobrist {
		for i := range points {
			b.zobrist[c][i] = rnd()
		}
	}
	b.turnKey = rnd()
	b.geom = b.geometry()
	return b
}

// geometry returns the board as the renderer draws it: points at integer
// coordinates, a1 at the origin, joined by the lines of the board; the star
// points are marked.
func (b *board) geometry() engine.Geometry {
	g := engine.Geometry{Width: files - 1, Height: files - 1}
	for i := range points {
		f, r := fileRank(i)
		pt := engine.Point{Name: b.names[i], X: float64(f), Y: float64(r)}
		if !intersection(f, r) {
			pt.Mark = engine.Starred
		}
		g.Points = append(g.Points, pt)
		for d := 0; d < 8; d += 2 { // one of each pair of opposite directions
			if j := b.next[i][d]; j >= 0 {
				g.Lines = append(g.Lines, engine.Line{From: i, To: int(j)})
			}
		}
	}
	for k := range files {
		g.Labels = append(g.Labels,
			engine.Label{Text: string(rune('a' + k)), X: float64(k), Y: -0.6},
			engine.Label{Text: fmt.Sprint(k + 1), X: -0.6, Y: float64(k)})
	}
	return g
}

// point parses a point name such as "e5" (lower case).
func point(s string) (int, bool) {
	if len(s) != 2 {
		return 0, false
	}
	f, r := int(s[0])-'a', int(s[1])-'1'
	if !onBoard(f, r) {
		return 0, false
	}
	return pointAt(f, r), true
}

// set is a set of points, one bit per point: points 0-63 in lo, 64-80 in hi.
type set struct{ lo, hi uint64 }

func (s set) has(i int) bool {
	if i < 64 {
		return s.lo>>i&1 != 0
	}
	return s.hi>>(i-64)&1 != 0
}

func (s *set) add(i int) {
	if i < 64 {
		s.lo |= 1 << i
	} else {
		s.hi |= 1 << (i - 64)
	}
}

// flip adds i if it is absent and removes it if present.
func (s *set) flip(i int) {
	if i < 64 {
		s.lo ^= 1 << i
	} else {
		s.hi ^= 1 << (i - 64)
	}
}

func (s set) with(i int) set  { s.add(i); return s }
func (s set) empty() bool     { return s.lo|s.hi == 0 }
func (s set) len() int        { return bits.OnesCount64(s.lo) + bits.OnesCount64(s.hi) }
func (s set) minus(t set) set { return set{s.lo &^ t.lo, s.hi &^ t.hi} }
func (s set) union(t set) set { return set{s.lo | t.lo, s.hi | t.hi} }

// pop removes the lowest point of the non-empty set s and returns it.
func (s *set) pop() int {
	if s.lo != 0 {
		i := bits.TrailingZeros64(s.lo)
		s.lo &= s.lo - 1
		return i
	}
	i := bits.TrailingZeros64(s.hi)
	s.hi &= s.hi - 1
	return 64 + i
}
