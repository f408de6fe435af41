// Package zola implements Zola, a game by Mark Steere (2021), as
// docs/rules/zola.md defines it for zugbot: checkers that step away
// from the centre and capture towards it, on 6×6 (the default), 8×8 and
// 4×4 boards.
package zola

import (
	"math/bits"
	"strings"

	"github.com/zugbot/zugbot/engine"
)

// The sides of Zola. Red moves first.
const (
	Red  engine.Side = 0
	Blue engine.Side = 1
)

const summary = "Zola is played on a checkerboard filled with red and blue checkers; Red moves first. " +
	"On your turn either step one of your checkers to an adjacent empty square (any of 8 directions) that is " +
	"strictly farther from the centre, or capture: move like a chess queen over empty squares onto the first " +
	"checker in the way, which must be an enemy no farther from the centre than your checker's start. " +
	"A player with no legal move must pass. Capture every enemy checker to win; there are no draws."

// Checker is Zola's one kind of piece.
var Checker = &engine.Kind{Name: "checker", Symbol: [2]string{"R", "B"}, Look: engine.Disc}

// The variants of Zola.
var (
	Zola  = newVariant("zola", "Zola 6×6", 6)
	Zola8 = newVariant("zola8", "Zola 8×8", 8)
	Zola4 = newVariant("zola4", "Zola 4×4", 4)
)

// variantBoards pairs each variant with its tables; it is read-only.
type variant struct {
	engine.Variant
	b *board
}

func newVariant(id, name string, n int) *engine.Variant {
	v := &variant{b: newBoard(n)}
	v.Variant = engine.Variant{
		ID:       id,
		Name:     name,
		Game:     "Zola",
		Credit:   "Zola by Mark Steere",
		Summary:  summary,
		Notation: "a step is written from-to (c2-b1), a capture with x (a1xb1); pass when you have no move.",
		Rules:    "docs/rules/zola.md",
		Sides:    [2]string{"Red", "Blue"},
		MaxPlies: maxPlies(v.b),
		Geometry: &v.b.geom,
		Kinds:    []*engine.Kind{Checker},
		Ending:   "a game ends only when one side has captured every enemy checker, and every game ends that way.",
	}
	v.Start = func() engine.Position { return start(&v.Variant, v.b) }
	v.Parse = func(s string) (engine.Position, error) { return parse(&v.Variant, v.b, s) }
	return &v.Variant
}

// maxPlies bounds a game's length. Every step raises a checker one or more
// levels, and a capture never raises the sum over all checkers of the levels
// they may still climb (the capturer takes the captured checker's level and
// the captured one's climb is gone). So real moves number at most that sum
// at the start plus the captures, and at most one forced pass follows each
// real move.
func maxPlies(b *board) int {
	climb := 0
	for sq := 0; sq < b.size; sq++ {
		climb += b.levels - 1 - b.level[sq]
	}
	real := climb + b.size - 1
	return 2*real + 1
}

// Move encoding, in Move.Lo: from | to<<8 | kind<<16.
const (
	kindStep    = 1
	kindCapture = 2
	kindPass    = 3
)

func step(from, to int) engine.Move { return engine.Move{Lo: uint64(from | to<<8 | kindStep<<16)} }

func capture(from, to int) engine.Move {
	return engine.Move{Lo: uint64(from | to<<8 | kindCapture<<16)}
}

var pass = engine.Move{Lo: kindPass << 16}

func decode(m engine.Move) (from, to, kind int) {
	return int(m.Lo & 0xff), int(m.Lo >> 8 & 0xff), int(m.Lo >> 16 & 0xff)
}

// Position is a Zola position with its history. Use Zola.Start or
// Zola.Parse to make one.
type Position struct {
	v    *engine.Variant
	b    *board
	own  [2]uint64 // checkers by side
	turn engine.Side
	hash uint64
	hist []engine.Move
}

func start(v *engine.Variant, b *board) *Position {
	p := &Position{v: v, b: b}
	for sq := 0; sq < b.size; sq++ {
		side := Blue
		if (sq%b.n+sq/b.n)%2 == 0 {
			side = Red
		}
		p.own[side] |= 1 << sq
	}
	p.rehash()
	return p
}

func (p *Position) rehash() {
	p.hash = 0
	for side := range 2 {
		for s := p.own[side]; s != 0; s &= s - 1 {
			p.hash ^= p.b.zobrist[side][bits.TrailingZeros64(s)]
		}
	}
	if p.turn == Blue {
		p.hash ^= p.b.turnKey
	}
}

// Variant returns the position's variant.
func (p *Position) Variant() *engine.Variant { return p.v }

// Turn returns the side to move.
func (p *Position) Turn() engine.Side { return p.turn }

// Hash returns the Zobrist hash of the board and the side to move.
func (p *Position) Hash() uint64 { return p.hash }

// Count returns how many checkers side has.
func (p *Position) Count(side engine.Side) int { return bits.OnesCount64(p.own[side]) }

// Moves appends the legal moves to dst: steps and captures, or a forced
// pass when there are none, or nothing when the game is over.
func (p *Position) Moves(dst []engine.Move) []engine.Move {
	us, them := p.own[p.turn], p.own[p.turn^1]
	if us == 0 || them == 0 {
		return dst
	}
	n := len(dst)
	dst = p.appendMoves(dst, us, them)
	if len(dst) == n {
		dst = append(dst, pass)
	}
	return dst
}

// appendMoves appends the steps and captures of the checkers in us.
func (p *Position) appendMoves(dst []engine.Move, us, them uint64) []engine.Move {
	b := p.b
	occ := us | them
	for s := us; s != 0; s &= s - 1 {
		from := bits.TrailingZeros64(s)
		for t := b.out[from] &^ occ; t != 0; t &= t - 1 {
			dst = append(dst, step(from, bits.TrailingZeros64(t)))
		}
		targets := them & b.notFar[from]
		for d := range 8 {
			ray := b.rays[from][d] & occ
			if ray == 0 {
				continue
			}
			if to := nearest(ray, d); targets&(1<<to) != 0 {
				dst = append(dst, capture(from, to))
			}
		}
	}
	return dst
}

// Do plays legal move m.
func (p *Position) Do(m engine.Move) {
	from, to, kind := decode(m)
	us := p.turn
	z := &p.b.zobrist
	switch kind {
	case kindCapture:
		p.own[us^1] &^= 1 << to
		p.hash ^= z[us^1][to]
		fallthrough
	case kindStep:
		p.own[us] ^= 1<<from | 1<<to
		p.hash ^= z[us][from] ^ z[us][to]
	}
	p.turn ^= 1
	p.hash ^= p.b.turnKey
	p.hist = append(p.hist, m)
}

// Undo takes back the last move.
func (p *Position) Undo() {
	m := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.turn ^= 1
	p.hash ^= p.b.turnKey
	from, to, kind := decode(m)
	us := p.turn
	z := &p.b.zobrist
	switch kind {
	case kindCapture:
		p.own[us^1] |= 1 << to
		p.hash ^= z[us^1][to]
		fallthrough
	case kindStep:
		p.own[us] ^= 1<<from | 1<<to
		p.hash ^= z[us][from] ^ z[us][to]
	}
}

// Outcome reports a win for the side that captured every enemy checker.
func (p *Position) Outcome() engine.Outcome {
	if p.own[p.turn] == 0 {
		return engine.Outcome{Status: engine.Win, Winner: p.turn ^ 1, Reason: "captured every enemy checker"}
	}
	return engine.Outcome{}
}

// Agreed reports false: Zola has no draws and no agreed ending.
func (p *Position) Agreed() (engine.Outcome, bool) { return engine.Outcome{}, false }

// Piece returns the checker on square i, if any.
func (p *Position) Piece(i int) engine.Piece {
	switch {
	case p.own[Red]&(1<<i) != 0:
		return engine.Piece{Kind: Checker, Side: Red}
	case p.own[Blue]&(1<<i) != 0:
		return engine.Piece{Kind: Checker, Side: Blue}
	}
	return engine.Piece{}
}

// Describe returns the squares a move goes from and to, and the captured square.
func (p *Position) Describe(m engine.Move) engine.MoveInfo {
	from, to, kind := decode(m)
	switch kind {
	case kindStep:
		return engine.MoveInfo{Path: []int{from, to}}
	case kindCapture:
		return engine.MoveInfo{Path: []int{from, to}, Taken: []int{to}}
	}
	return engine.MoveInfo{}
}

// FormatMove returns a move's notation: "c2-b1", "a1xb1" or "pass".
func (p *Position) FormatMove(m engine.Move) string {
	from, to, kind := decode(m)
	switch kind {
	case kindStep:
		return p.b.names[from] + "-" + p.b.names[to]
	case kindCapture:
		return p.b.names[from] + "x" + p.b.names[to]
	}
	return "pass"
}

// Clone returns an independent copy of p.
func (p *Position) Clone() engine.Position {
	c := *p
	c.hist = append([]engine.Move(nil), p.hist...)
	return &c
}

// occupant returns the side whose checker stands on sq.
func (p *Position) occupant(sq int) (engine.Side, bool) {
	switch {
	case p.own[Red]&(1<<sq) != 0:
		return Red, true
	case p.own[Blue]&(1<<sq) != 0:
		return Blue, true
	}
	return 0, false
}

// sideName returns the name of a side.
func (p *Position) sideName(s engine.Side) string { return p.v.Sides[s] }

// canon makes "-" and "x" equivalent in move text.
func canon(s string) string { return strings.ReplaceAll(s, "x", "-") }
