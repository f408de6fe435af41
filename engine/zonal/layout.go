package zonal

import (
	"fmt"
	"math/bits"

	"github.com/zugbot/zugbot/engine"
)

// The board is a padded mailbox: ranks of stride cells, files 0–15 at
// columns 1–16, with wall columns 0 and 17 and two wall ranks above and
// below, so that a knight's jump from any square lands inside the array.
// Cells a layout leaves out hold walls too, so nothing stands on or passes
// through them.
const (
	stride = 18
	size   = 12 * stride
)

// square returns the mailbox index of file f, rank r (both from 0).
func square(f, r int) int { return (r+2)*stride + f + 1 }

// The directions of the board, as steps between mailbox indexes.
const (
	north = stride
	south = -stride
	east  = 1
	west  = -1
)

var (
	orthogonal = [4]int{north, south, east, west}
	diagonal   = [4]int{north + east, north + west, south + east, south + west}
	everyWay   = [8]int{north, south, east, west, north + east, north + west, south + east, south + west}
	jumps      = [8]int{2*north + east, 2*north + west, 2*south + east, 2*south + west, north + 2*east, north + 2*west, south + 2*east, south + 2*west}
)

// cell is what a layout puts at a place of the 16×8 grid.
type cell uint8

// The kinds of cell.
const (
	absent  cell = iota // not part of the board
	normal              // an ordinary square
	special             // a Z square: normal, but marked on the board
	zoned               // a zone square, where riders may turn
)

// set is a set of mailbox indexes: three words, since the squares run
// from square(0, 0) = 37 to square(15, 7) = 178, and the squares a pawn
// attacks stay within 18 and 179, a pawn never standing on its side's
// last rank, where it promotes. Walls beyond are never added.
type set [3]uint64

func (s *set) add(i int)      { s[i>>6] |= 1 << (i & 63) }
func (s *set) toggle(i int)   { s[i>>6] ^= 1 << (i & 63) }
func (s *set) has(i int) bool { return s[i>>6]>>(i&63)&1 != 0 }
func (s set) and(t set) set   { return set{s[0] & t[0], s[1] & t[1], s[2] & t[2]} }
func (s set) or(t set) set    { return set{s[0] | t[0], s[1] | t[1], s[2] | t[2]} }
func (s set) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2])
}

// layout is everything static about one board: which cells exist and what
// they are, the names and geometry points of the squares, the promotion
// squares, castling, and the hash keys. It is read-only once built.
type layout struct {
	files, ranks int
	cells        [size]cell
	zone         set   // the zone squares
	zones        []int // the zone squares, in index order
	// areas are the zones, each a set of zone squares joined by steps in
	// any direction; areaOf gives each square's area (-1 off the zones)
	// and areaBit its place in the area's squares.
	areas      []area
	areaOf     [size]int8
	areaBit    [size]uint8
	names      [size]string
	file, rank [size]int
	point      [size]int      // geometry point of each square, -1 for walls
	squares    []int          // mailbox index of each geometry point
	promo      [2]set         // where each side's pawns promote
	promoDist  [2][size]int8  // steps from each square to its file's promotion square
	psqIndex   [2][size]uint8 // each square's entry in the piece-square tables, for each side (see psqTable)
	home       [2]int         // the rank (from 0) each side's pawns start on
	// centre is each square's distance from the centre, in half steps
	// along the file and the rank.
	centre [size]int8
	// knightSet and kingSet are the squares a knight and a king on each
	// square attack, kingSet with the square itself.
	knightSet, kingSet [size]set
	// shieldSet holds, for each side and square of its king, the
	// squares of its pawn shield: the three before the king and the
	// three beyond them.
	shieldSet [2][size]set
	// Castling: the king's file, the rooks' files by wing (0 the queen's
	// side, 1 the king's), and the rights each square's move clears.
	kingFile   int
	rookFile   [2]int
	castleMask [size]uint8
	start      string // the start position string
	// weights are the evaluation's, tuned for this board (see
	// TestTune).
	weights *weights
	packed  *[nTerms]int64 // weights.pack()

	// Zobrist keys: by piece byte and square, by castling rights, by en
	// passant square, and for Black to move.
	pieceKey  [pieceBytes][size]uint64
	castleKey [16]uint64
	epKey     [size]uint64
	blackKey  uint64

	geom engine.Geometry
	// b64 is the board as 64-bit sets, on the orthodox board alone.
	b64 *board64
}

// newLayout builds a layout from its rows, rank 8 (the top) first, one
// character per file: '-' absent, '.' normal, 'Z' a Z square, '~' a zone
// square.
func newLayout(rows []string, kingFile int, rookFiles [2]int, start string, w *weights, seed uint64) *layout {
	l := &layout{ranks: len(rows), files: len(rows[0]), kingFile: kingFile, rookFile: rookFiles, start: start, weights: w, packed: w.pack()}
	if l.files > 16 || l.ranks != 8 {
		panic("zonal: a layout is at most 16 files of 8 ranks")
	}
	for i := range l.point {
		l.point[i] = -1
	}
	for r := 0; r < l.ranks; r++ {
		row := rows[l.ranks-1-r]
		for f := 0; f < l.files; f++ {
			sq := square(f, r)
			switch row[f] {
			case '.':
				l.cells[sq] = normal
			case 'Z':
				l.cells[sq] = special
			case '~':
				l.cells[sq] = zoned
				l.zone.add(sq)
				l.zones = append(l.zones, sq)
			case '-':
				continue
			default:
				panic("zonal: bad layout character " + string(row[f]))
			}
			l.names[sq] = fmt.Sprintf("%c%d", 'a'+f, r+1)
			l.file[sq], l.rank[sq] = f, r
			l.point[sq] = len(l.squares)
			l.squares = append(l.squares, sq)
		}
	}
	l.buildAreas()
	for _, sq := range l.squares {
		l.kingSet[sq].add(sq)
		for _, d := range everyWay {
			if l.cells[sq+d] != absent {
				l.kingSet[sq].add(sq + d)
			}
		}
		for _, d := range jumps {
			if l.cells[sq+d] != absent {
				l.knightSet[sq].add(sq + d)
			}
		}
	}
	for s := range l.shieldSet {
		fwd := forward(engine.Side(s))
		for _, sq := range l.squares {
			for _, to := range [2]int{sq + fwd, sq + 2*fwd} {
				for _, u := range [3]int{to + west, to, to + east} {
					if l.cells[u] != absent {
						l.shieldSet[s][sq].add(u)
					}
				}
			}
		}
	}
	for _, sq := range l.squares {
		cf, cr := l.files-1, l.ranks-1 // the centre, doubled to stay in integers
		l.centre[sq] = int8(abs(2*l.file[sq]-cf) + abs(2*l.rank[sq]-cr))
	}
	// Pawns promote on the last existing square of their file.
	l.home = [2]int{1, l.ranks - 2}
	for f := 0; f < l.files; f++ {
		for r := l.ranks - 1; r >= 0; r-- {
			if l.cells[square(f, r)] != absent {
				l.promo[White].add(square(f, r))
				break
			}
		}
		for r := 0; r < l.ranks; r++ {
			if l.cells[square(f, r)] != absent {
				l.promo[Black].add(square(f, r))
				break
			}
		}
	}
	for s := range l.promoDist {
		for _, sq := range l.squares {
			for t := sq; !l.promo[s].has(t); t += forward(engine.Side(s)) {
				l.promoDist[s][sq]++
			}
		}
	}
	// The piece-square tables are the orthodox board's, folded at its
	// middle: files beyond it, on a wider board, take its edge files'.
	orthodox := (l.files - 8) / 2
	for _, sq := range l.squares {
		f := min(max(l.file[sq]-orthodox, 0), 7)
		f = min(f, 7-f)
		for s := range l.psqIndex {
			r := l.rank[sq]
			if engine.Side(s) == Black {
				r = l.ranks - 1 - r
			}
			l.psqIndex[s][sq] = uint8(r*4 + f)
		}
	}
	for i := range l.castleMask {
		l.castleMask[i] = 15
	}
	for side := range 2 {
		r := 0
		if side == int(Black) {
			r = l.ranks - 1
		}
		l.castleMask[square(kingFile, r)] &^= 3 << (2 * side)
		for wing, f := range rookFiles {
			l.castleMask[square(f, r)] &^= castleBit(engine.Side(side), wing)
		}
	}
	next := func() uint64 { // splitmix64: fixed keys, the same on every run
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for _, pc := range allPieces {
		for _, sq := range l.squares {
			l.pieceKey[pc][sq] = next()
		}
	}
	for i := 1; i < 16; i++ {
		l.castleKey[i] = next()
	}
	for _, sq := range l.squares {
		l.epKey[sq] = next()
	}
	l.blackKey = next()
	l.geom = l.geometry()
	l.b64 = newBoard64(l)
	return l
}

// An area is one zone: its squares, at most 32, and for each square and
// kind of rider (bishop, rook, queen, from 0), the squares of the area a
// step away in the rider's directions, as a mask of its squares, and the
// directions that leave the area for a square of the board (not a wall).
// sets turns a mask of its squares, a byte at a time, into a set.
type area struct {
	squares []int
	steps   [3][]uint32
	exits   [3][][]int
	// exiting marks, by kind, the squares with a direction in exits.
	exiting [3]uint32
	sets    [4][256]set
}

// maxAreas is the most zones a layout may have (the zonal board's two).
const maxAreas = 2

// buildAreas finds the layout's zones (see area).
func (l *layout) buildAreas() {
	for i := range l.areaOf {
		l.areaOf[i] = -1
	}
	for _, sq := range l.zones {
		if l.areaOf[sq] >= 0 {
			continue
		}
		id := int8(len(l.areas))
		a := area{squares: []int{sq}}
		l.areaOf[sq] = id
		for i := 0; i < len(a.squares); i++ {
			for _, d := range everyWay {
				if t := a.squares[i] + d; l.cells[t] == zoned && l.areaOf[t] < 0 {
					l.areaOf[t] = id
					a.squares = append(a.squares, t)
				}
			}
		}
		if len(a.squares) > 32 || len(l.areas) == maxAreas {
			panic("zonal: a zone of more than 32 squares, or more than maxAreas zones")
		}
		for i, t := range a.squares {
			l.areaBit[t] = uint8(i)
		}
		for k := range a.steps {
			a.steps[k] = make([]uint32, len(a.squares))
			a.exits[k] = make([][]int, len(a.squares))
			for i, t := range a.squares {
				for _, d := range riderDirs(bishop + uint8(k)) {
					switch {
					case l.areaOf[t+d] == id:
						a.steps[k][i] |= 1 << l.areaBit[t+d]
					case l.cells[t+d] != absent:
						a.exits[k][i] = append(a.exits[k][i], d)
						a.exiting[k] |= 1 << i
					}
				}
			}
		}
		for i, t := range a.squares {
			for v := range 256 {
				if v>>(i&7)&1 != 0 {
					a.sets[i>>3][v].add(t)
				}
			}
		}
		l.areas = append(l.areas, a)
	}
}

// set returns the squares of mask m of the area's squares.
func (a *area) set(m uint32) set {
	s0, s1, s2, s3 := &a.sets[0][m&255], &a.sets[1][m>>8&255], &a.sets[2][m>>16&255], &a.sets[3][m>>24]
	return set{s0[0] | s1[0] | s2[0] | s3[0], s0[1] | s1[1] | s2[1] | s3[1], s0[2] | s1[2] | s2[2] | s3[2]}
}

// geometry returns the board as the renderer draws it: the existing squares
// as checkered cells, zone and Z squares marked.
func (l *layout) geometry() engine.Geometry {
	g := engine.Geometry{Width: float64(l.files), Height: float64(l.ranks), Cells: true}
	for _, sq := range l.squares {
		f, r := l.file[sq], l.rank[sq]
		pt := engine.Point{Name: l.names[sq], X: float64(f) + 0.5, Y: float64(r) + 0.5}
		if (f+r)%2 == 0 {
			// Dark, as a1 is in chess; so is e1, the zonal board's
			// orthodox corner.
			pt.Shade = 1
		}
		switch l.cells[sq] {
		case zoned:
			pt.Mark = engine.Tinted
		case special:
			pt.Mark, pt.Sign = engine.Gilded, "Z"
		}
		g.Points = append(g.Points, pt)
	}
	for f := 0; f < l.files; f++ {
		g.Labels = append(g.Labels, engine.Label{Text: string(rune('a' + f)), X: float64(f) + 0.5, Y: -0.3})
	}
	for r := 0; r < l.ranks; r++ {
		g.Labels = append(g.Labels, engine.Label{Text: fmt.Sprint(r + 1), X: -0.3, Y: float64(r) + 0.5})
	}
	return g
}

// lookup parses a square name such as "c4" and reports whether the square
// exists on this board.
func (l *layout) lookup(s string) (int, bool) {
	if len(s) != 2 {
		return 0, false
	}
	f, r := int(s[0]-'a'), int(s[1]-'1')
	if f < 0 || f >= l.files || r < 0 || r >= l.ranks {
		return 0, false
	}
	sq := square(f, r)
	return sq, l.cells[sq] != absent
}

// castleBit returns the castling right of side on wing (0 queen's side, 1
// king's side): 1 White O-O, 2 White O-O-O, 4 Black O-O, 8 Black O-O-O.
func castleBit(side engine.Side, wing int) uint8 {
	return 1 << (2*uint(side) + 1 - uint(wing))
}

// The layouts. The zonal board is the orthodox board on files e–l with a
// zone on each flank and Z squares at its corners; see
// docs/rules/zonal.md.
var (
	zonalLayout = newLayout([]string{
		"---Z........Z---",
		"--~~........~~--",
		"-~~~........~~~-",
		"~~~~........~~~~",
		"~~~~........~~~~",
		"-~~~........~~~-",
		"--~~........~~--",
		"---Z........Z---",
	}, 8, [2]int{4, 11}, "---1rnbqkbnr1---/--1pppppppppp1--/-14-/16/16/-14-/--1PPPPPPPPPP1--/---1RNBQKBNR1--- w KQkq - 0 1", &zonalWeights, 0x7a6f6e616c)
	chessLayout = newLayout([]string{
		"........",
		"........",
		"........",
		"........",
		"........",
		"........",
		"........",
		"........",
	}, 4, [2]int{0, 7}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &chessWeights, 0x6368657373)
)
