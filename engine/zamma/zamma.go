// Package zamma implements Zamma, the traditional draughts-like game of the
// Sahara, as docs/rules/zamma.md defines it for zugbot: men step
// forward along the column lines and the Alquerque diagonals of a 9×9 board,
// capture by jumping in any direction, must capture when they can and must
// go on capturing, and become mullahs, which fly along the lines, when they
// end a move on the far rank.
//
// A move is a whole capture sequence. Sequences of one counter that end on
// the same point having taken the same counters lead to the same position,
// so they are one move: its notation and Describe show the first such
// sequence in generation order, and ParseMove accepts any of them.
package zamma

import (
	"fmt"

	"github.com/zugbot/zugbot/engine"
)

// The sides of Zamma. Black moves first, up the board.
const (
	Black engine.Side = 0
	White engine.Side = 1
)

// ClockLimit is the number of plies without a capture or a promotion after
// which the game ends and the counters are counted.
const ClockLimit = 100

// maxCounters is how many counters each side starts with.
const maxCounters = 40

// Cell values: 0 is an empty point; otherwise the low two bits are the
// side plus one and mullahBit marks a mullah.
const (
	blackMan  = 1
	whiteMan  = 2
	mullahBit = 4
	sideBits  = 3
)

// man returns the cell value of a man of side s.
func man(s engine.Side) uint8 { return uint8(s) + 1 }

const summary = "Zamma is draughts on a 9×9 board of column lines and Alquerque diagonals (no row lines), " +
	"40 counters a side, Black first. A man steps forward one point along a line, or captures by jumping " +
	"an adjacent enemy in any direction along a line to the empty point beyond. Capturing is compulsory " +
	"and a capturing piece must go on while it can; captured counters leave at once. A man that ends its " +
	"move on the far rank becomes a mullah, which moves any distance along a line and captures by a flying " +
	"jump. Take every enemy counter or leave your opponent without a move to win; the players may agree to " +
	"stop and count counters, and the game is counted so after 100 plies without a capture or promotion " +
	"or on a threefold repetition."

// maxPlies bounds a game's length. Call a ply that captures or promotes a
// reset. Every reset lowers the number of counters plus the number of men,
// which is at most 160 and stays above zero while the game goes on, so a
// game has at most 159 resets; and at most ClockLimit other plies pass
// before the first reset, between two resets and after the last, or the
// clock ends the game. Repetitions only end games sooner.
const maxPlies = 159 + 160*ClockLimit

// The kinds of Zamma's counters.
var (
	Man    = &engine.Kind{Name: "man", Symbol: [2]string{"b", "w"}, Look: engine.Disc}
	Mullah = &engine.Kind{Name: "mullah", Symbol: [2]string{"B", "W"}, Look: engine.CrownedDisc}
)

// Zamma is the variant of Zamma zugbot plays.
var Zamma = newVariant()

func newVariant() *engine.Variant {
	v := &engine.Variant{
		ID:        "zamma",
		Name:      "Zamma",
		Game:      "Zamma",
		Credit:    "traditional (Sahara), rules as recorded by R. C. Bell, The Board Game Book (1979)",
		Summary:   summary,
		Notation:  "a step is written from-to (d4-e5), a capture with x (f6xd4), and a multiple capture names every landing point (c3xe5xg7).",
		Rules:     "docs/rules/zamma.md",
		Sides:     [2]string{"Black", "White"},
		MaxPlies:  maxPlies,
		Geometry:  &zammaBoard.geom,
		Kinds:     []*engine.Kind{Man, Mullah},
		Agreement: engine.AgreedCount,
		Counting:  "counting the counters",
	}
	v.Start = func() engine.Position { return start(v) }
	v.Parse = func(s string) (engine.Position, error) { return parse(v, s) }
	return v
}

// Move encoding: Lo holds the captured points 0-63, Hi the captured points
// 64-80 in its low 17 bits, then the start point and the end point, 7
// bits each. A step captures nothing.
const (
	fromShift = 17
	toShift   = 24
	capHiMask = 1<<fromShift - 1
)

func newMove(from, to int, taken set) engine.Move {
	return engine.Move{Lo: taken.lo, Hi: taken.hi | uint64(from)<<fromShift | uint64(to)<<toShift}
}

func decode(m engine.Move) (from, to int, taken set) {
	return int(m.Hi >> fromShift & 0x7f), int(m.Hi >> toShift & 0x7f), set{m.Lo, m.Hi & capHiMask}
}

// Position is a Zamma position with its history. Use Zamma.Start or
// Zamma.Parse to make one. A Position is not safe for concurrent use, not
// even by methods that leave it unchanged.
type Position struct {
	v     *engine.Variant
	b     *board
	cell  [points]uint8 // what stands on each point (see blackMan)
	own   [2]set        // the points of each side's counters
	turn  engine.Side
	hash  uint64
	clock int // plies since the last capture or promotion
	rev   int // plies since the last capture or man move, or since the history began
	reps  int // occurrences of this position in the history, this one included
	hist  []undo
	s     search
	paths pathCache
}

// undo is what Undo needs to take a move back.
type undo struct {
	m                engine.Move
	hash             uint64
	mullahs          set // the captured points that held mullahs
	clock, rev, reps int
	promoted         bool
}

func start(v *engine.Variant) *Position {
	p := &Position{v: v, b: zammaBoard}
	for i := range points {
		f, r := fileRank(i)
		switch {
		case r < 4 || (r == 4 && f > 4):
			p.put(i, blackMan)
		case r > 4 || (r == 4 && f < 4):
			p.put(i, whiteMan)
		}
	}
	p.reps = 1
	p.rehash()
	return p
}

// put places a counter on the empty point i.
func (p *Position) put(i int, c uint8) {
	p.cell[i] = c
	p.own[c&sideBits-1].add(i)
}

func (p *Position) rehash() {
	p.hash = 0
	for i, c := range p.cell {
		if c != 0 {
			p.hash ^= p.b.zobrist[c][i]
		}
	}
	if p.turn == White {
		p.hash ^= p.b.turnKey
	}
}

// Variant returns Zamma.
func (p *Position) Variant() *engine.Variant { return p.v }

// Turn returns the side to move.
func (p *Position) Turn() engine.Side { return p.turn }

// Hash returns the Zobrist hash of the board and the side to move.
func (p *Position) Hash() uint64 { return p.hash }

// Count returns how many counters side has.
func (p *Position) Count(side engine.Side) int { return p.own[side].len() }

// Clock returns the number of plies since the last capture or promotion.
func (p *Position) Clock() int { return p.clock }

// ended reports whether the game has ended by the clock, by repetition or
// because the side to move has no counters left.
func (p *Position) ended() bool {
	return p.clock >= ClockLimit || p.reps >= 3 || p.own[p.turn].empty()
}

// Moves appends the legal moves to dst: the captures if there are any (one
// move per start, end and set of counters taken), the steps otherwise, and
// nothing when the game is over.
func (p *Position) Moves(dst []engine.Move) []engine.Move {
	if p.ended() {
		return dst
	}
	n := len(dst)
	for s := p.own[p.turn]; !s.empty(); {
		dst = p.captures(dst, s.pop())
	}
	if len(dst) > n {
		return dst
	}
	b := p.b
	for s := p.own[p.turn]; !s.empty(); {
		from := s.pop()
		if p.cell[from]&mullahBit == 0 {
			for _, to := range b.fwd[p.turn][from][:b.nfwd[p.turn][from]] {
				if p.cell[to] == 0 {
					dst = append(dst, newMove(from, int(to), set{}))
				}
			}
			continue
		}
		for d := range dirs {
			for _, to := range b.ray[from][d][:b.rayLen[from][d]] {
				if p.cell[to] != 0 {
					break
				}
				dst = append(dst, newMove(from, int(to), set{}))
			}
		}
	}
	return dst
}

// hasMove reports whether the side to move has a legal move, ignoring the
// clock and repetitions.
func (p *Position) hasMove() bool {
	b := p.b
	enemy := man(p.turn ^ 1)
	for s := p.own[p.turn]; !s.empty(); {
		from := s.pop()
		mullah := p.cell[from]&mullahBit != 0
		for d := range dirs {
			ray := b.ray[from][d][:b.rayLen[from][d]]
			if len(ray) == 0 {
				continue
			}
			if p.cell[ray[0]] == 0 && (mullah || b.dirForward(d, p.turn)) {
				return true // a step
			}
			k := 0
			if mullah {
				for k < len(ray) && p.cell[ray[k]] == 0 {
					k++
				}
			}
			if k+1 < len(ray) && p.cell[ray[k]]&sideBits == enemy && p.cell[ray[k+1]] == 0 {
				return true // a capture
			}
		}
	}
	return false
}

// dirForward reports whether direction d is forward for side.
func (b *board) dirForward(d int, side engine.Side) bool { return dirs[d][1] == forwardOf(side) }

// Do plays legal move m.
func (p *Position) Do(m engine.Move) {
	from, to, taken := decode(m)
	b := p.b
	us := p.turn
	u := undo{m: m, hash: p.hash, clock: p.clock, rev: p.rev, reps: p.reps}
	for s := taken; !s.empty(); {
		i := s.pop()
		c := p.cell[i]
		if c&mullahBit != 0 {
			u.mullahs.add(i)
		}
		p.hash ^= b.zobrist[c][i]
		p.cell[i] = 0
	}
	p.own[us^1] = p.own[us^1].minus(taken)
	c := p.cell[from]
	wasMan := c&mullahBit == 0
	p.cell[from] = 0
	p.hash ^= b.zobrist[c][from]
	if wasMan && b.far[us].has(to) {
		c |= mullahBit
		u.promoted = true
	}
	p.cell[to] = c
	p.hash ^= b.zobrist[c][to]
	p.own[us].flip(from)
	p.own[us].flip(to)
	p.turn ^= 1
	p.hash ^= b.turnKey
	p.hist = append(p.hist, u)

	p.clock++
	if !taken.empty() || u.promoted {
		p.clock = 0
	}
	p.rev++
	if !taken.empty() || wasMan {
		p.rev = 0
	}
	// Only positions since the last irreversible move can repeat this one.
	p.reps = 1
	n := len(p.hist)
	for k := 2; k <= p.rev; k += 2 {
		if p.hist[n-k].hash == p.hash {
			p.reps++
		}
	}
}

// Undo takes back the last move.
func (p *Position) Undo() {
	u := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.turn ^= 1
	us := p.turn
	from, to, taken := decode(u.m)
	c := p.cell[to]
	p.cell[to] = 0
	if u.promoted {
		c &^= mullahBit
	}
	p.cell[from] = c
	p.own[us].flip(to)
	p.own[us].flip(from)
	enemy := man(us ^ 1)
	for s := taken; !s.empty(); {
		i := s.pop()
		p.cell[i] = enemy
		if u.mullahs.has(i) {
			p.cell[i] |= mullahBit
		}
	}
	p.own[us^1] = p.own[us^1].union(taken)
	p.hash, p.clock, p.rev, p.reps = u.hash, u.clock, u.rev, u.reps
}

// Outcome returns the result the board decides. A side loses when it has no
// counters left or, on its turn, no legal move; otherwise the game is
// counted after ClockLimit plies without a capture or promotion, or when the
// position occurs for the third time.
func (p *Position) Outcome() engine.Outcome {
	switch {
	case p.own[p.turn].empty():
		return engine.Outcome{Status: engine.Win, Winner: p.turn ^ 1, Reason: "captured every enemy counter"}
	case !p.hasMove():
		return engine.Outcome{Status: engine.Win, Winner: p.turn ^ 1, Reason: "blocked: " + p.v.Sides[p.turn] + " has no legal move"}
	case p.clock >= ClockLimit:
		return p.counted(fmt.Sprintf("%d plies without a capture or promotion", ClockLimit))
	case p.reps >= 3:
		return p.counted("the same position occurred three times")
	}
	return engine.Outcome{}
}

// Agreed returns the result if the players agree to end the game now: the
// side with more counters wins, and equal counts draw. It reports false once
// the game is over.
func (p *Position) Agreed() (engine.Outcome, bool) {
	if p.Outcome().Over() {
		return engine.Outcome{}, false
	}
	return p.counted("ended by agreement"), true
}

// counted returns the result of counting the counters, explained by why
// the game was counted.
func (p *Position) counted(why string) engine.Outcome {
	nb, nw := p.Count(Black), p.Count(White)
	o := engine.Outcome{Status: engine.Draw, Detail: fmt.Sprintf("equal counters (%d each)", nb)}
	switch {
	case nb > nw:
		o = engine.Outcome{Status: engine.Win, Winner: Black, Detail: fmt.Sprintf("%s has more counters (%d to %d)", p.v.Sides[Black], nb, nw)}
	case nw > nb:
		o = engine.Outcome{Status: engine.Win, Winner: White, Detail: fmt.Sprintf("%s has more counters (%d to %d)", p.v.Sides[White], nw, nb)}
	}
	o.Reason = why + ": " + o.Detail
	return o
}

// Piece returns the counter on point i, if any.
func (p *Position) Piece(i int) engine.Piece {
	c := p.cell[i]
	switch {
	case c == 0:
		return engine.Piece{}
	case c&mullahBit != 0:
		return engine.Piece{Kind: Mullah, Side: engine.Side(c&sideBits - 1)}
	}
	return engine.Piece{Kind: Man, Side: engine.Side(c&sideBits - 1)}
}

// Clone returns an independent copy of p, history included.
func (p *Position) Clone() engine.Position {
	c := *p
	c.hist = append([]undo(nil), p.hist...)
	c.s, c.paths = search{}, pathCache{}
	return &c
}
