package zola

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/zugbot/zugbot/engine"
)

// board holds the read-only tables of one board size. Squares are numbered
// y*n + x with x the 0-based file and y the 0-based rank, so a square is a
// bit of a uint64 and the index of its point in the geometry.
type board struct {
	n, size int
	all     uint64        // every square
	dist    [64]int       // D(x, y), the squared distance from the centre, times 4
	level   [64]int       // 0 for the nearest squares, rising outwards
	levels  int           // number of distinct distances
	out     [64]uint64    // adjacent squares strictly farther from the centre
	notFar  [64]uint64    // squares no farther from the centre (capture targets)
	rays    [64][8]uint64 // squares along each queen direction, nearest first
	adj     [64]uint64    // all adjacent squares
	names   [64]string    // "a1", …
	zobrist [2][64]uint64 // hash keys by side and square
	turnKey uint64        // hash key for Blue to move
	geom    engine.Geometry
}

// The eight queen directions as (dx, dy). The first four increase the
// square index, so the nearest occupied square on them is the lowest set
// bit; the last four decrease it.
var dirs = [8][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}}

func newBoard(n int) *board {
	b := &board{n: n, size: n * n}
	seed := uint64(0x5a6f6c61) + uint64(n)
	next := func() uint64 { // splitmix64: fixed keys, the same on every run
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	var distances []int
	for sq := 0; sq < b.size; sq++ {
		x, y := sq%n, sq/n
		b.all |= 1 << sq
		dx, dy := 2*x-(n-1), 2*y-(n-1)
		b.dist[sq] = dx*dx + dy*dy
		distances = append(distances, b.dist[sq])
		b.names[sq] = fmt.Sprintf("%c%d", 'a'+x, y+1)
		b.zobrist[0][sq], b.zobrist[1][sq] = next(), next()
	}
	b.turnKey = next()
	slices.Sort(distances)
	distances = slices.Compact(distances)
	b.levels = len(distances)
	for sq := 0; sq < b.size; sq++ {
		b.level[sq], _ = slices.BinarySearch(distances, b.dist[sq])
	}
	for sq := 0; sq < b.size; sq++ {
		x, y := sq%n, sq/n
		for t := 0; t < b.size; t++ {
			if b.dist[t] <= b.dist[sq] {
				b.notFar[sq] |= 1 << t
			}
		}
		for d, dir := range dirs {
			for k := 1; ; k++ {
				tx, ty := x+k*dir[0], y+k*dir[1]
				if tx < 0 || ty < 0 || tx >= n || ty >= n {
					break
				}
				t := ty*n + tx
				b.rays[sq][d] |= 1 << t
				if k == 1 {
					b.adj[sq] |= 1 << t
					if b.dist[t] > b.dist[sq] {
						b.out[sq] |= 1 << t
					}
				}
			}
		}
	}
	b.geom = b.geometry()
	return b
}

// geometry returns the board as the renderer draws it: n×n checkered cells,
// with rings around the centre.
func (b *board) geometry() engine.Geometry {
	n := b.n
	g := engine.Geometry{Width: float64(n), Height: float64(n), Cells: true, Rings: true}
	for sq := 0; sq < b.size; sq++ {
		x, y := sq%n, sq/n
		pt := engine.Point{Name: b.names[sq], X: float64(x) + 0.5, Y: float64(y) + 0.5}
		if (x+y)%2 == 0 {
			pt.Shade = 1 // a1 is dark, as in chess; Red starts on the dark squares
		}
		g.Points = append(g.Points, pt)
	}
	for i := 0; i < n; i++ {
		g.Labels = append(g.Labels,
			engine.Label{Text: string(rune('a' + i)), X: float64(i) + 0.5, Y: -0.3},
			engine.Label{Text: fmt.Sprint(i + 1), X: -0.3, Y: float64(i) + 0.5})
	}
	return g
}

// nearest returns the nearest square of the non-empty set s along direction d.
func nearest(s uint64, d int) int {
	if d < 4 {
		return bits.TrailingZeros64(s)
	}
	return 63 - bits.LeadingZeros64(s)
}

// square parses a square name such as "c2" for this board.
func (b *board) square(s string) (int, bool) {
	if len(s) != 2 {
		return 0, false
	}
	x, y := int(s[0]-'a'), int(s[1]-'1')
	if x < 0 || x >= b.n || y < 0 || y >= b.n {
		return 0, false
	}
	return y*b.n + x, true
}
