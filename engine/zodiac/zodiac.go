// Package zodiac implements Zodiac, a game by Mitsuo Yamamoto (2015), as
// docs/rules/zodiac.md defines it for zugbot: two-sided discs that
// jump along the lines of a hexagram and turn over the discs they jump, two
// neutral pieces that step around the inner hexagon, and a win for the
// player with the majority on the inner points once all six are filled.
//
// # Repetition
//
// A player who makes a position that already occurred in the game loses.
// A position is the pieces on the twelve points and the side to move, and
// nothing else: the neutral-move state of the position string (the last
// neutral step and the count of neutral plies) is not part of it, unlike
// chess's rule, which compares the legal moves. Hash, which the AI's
// transposition table uses, also covers the neutral steps a position
// forbids, so that positions with different legal moves never share an
// entry.
//
// # Solution
//
// Solve classifies every state reachable from the start, with either colour
// moving first, by retrograde analysis of the graph of states: a state is a
// position plus the neutral steps it forbids, which decides the legal moves
// (196,514 states of 89,210 positions). Each is won or lost with the number
// of plies to the end, or a draw where the play can cycle (11,828). Neither
// start is a draw: the side to move loses in 12 plies, so the second player
// wins, as the rules say. On the graph the winner's play shortens the
// distance to the end at every ply, so it never meets a state twice; it
// could still meet a position twice, as two states, and the guarded checks
// of Best avoid the states where that can happen. Later in a game, the
// history can cut the winner's line, and a draw on the graph is decided by
// who must repeat first; Best searches the real game in those cases and
// plays perfectly in all of them.
package zodiac

import (
	"fmt"
	"math/bits"

	"github.com/zugbot/zugbot/engine"
)

// The sides of Zodiac. In the standard start Black moves first.
const (
	Black engine.Side = 0
	White engine.Side = 1
)

const summary = "Zodiac is played on a hexagram: six tips and six inner points joined by six lines. " +
	"Black starts with discs on T1, T3 and T5, White on T2, T4 and T6, and two neutral pieces stand on C2 and C5. " +
	"On your turn either jump one of your discs along a line over the next point (any piece) to the empty point " +
	"after it, turning a jumped disc over to the other colour (a disc lands on a tip only by jumping a disc), or step " +
	"a neutral to an adjacent empty inner point (not straight back after it just moved, and never three neutral moves " +
	"in a row). A player with no legal move, or who repeats a position, loses. When all six inner points are filled, " +
	"the player with 3 or 4 of the 4 discs there wins; at 2–2 play goes on."

// The kinds of Zodiac's pieces.
var (
	Disc    = &engine.Kind{Name: "disc", Symbol: [2]string{"b", "w"}, Look: engine.Disc}
	Neutral = &engine.Kind{Name: "neutral", Symbol: [2]string{"n", "n"}, Look: engine.DottedDisc, Neutral: true}
)

// Zodiac is the game of Zodiac. Its Start has Black to move; use StartWith
// for White.
var Zodiac = &engine.Variant{
	ID:       "zodiac",
	Name:     "Zodiac",
	Game:     "Zodiac",
	Credit:   "Zodiac by Mitsuo Yamamoto",
	Summary:  summary,
	Notation: "the points are the tips T1 to T6 and the inner points C1 to C6; a disc's jump is written from-landing (T3-C1), a neutral's step from-to (C2-C3).",
	Rules:    "docs/rules/zodiac.md",
	Sides:    [2]string{"Black", "White"},
	MaxPlies: maxPlies,
	Geometry: &tab.geom,
	Start:    func() engine.Position { return StartWith(Black) },
	Parse:    func(s string) (engine.Position, error) { return Parse(s) },
	Kinds:    []*engine.Kind{Disc, Neutral},
	Ending:   "a game ends when a side holds 3 or 4 of the inner points with all six filled, repeats a position (and loses), or has no move (and loses).",
}

// maxPlies bounds a game's length: the positions of a game (the pieces and
// the side to move) are all different but possibly the last, so a game has
// at most as many plies as there are positions reachable from either start.
// TestMaxPlies checks the number against the solver's enumeration.
const maxPlies = 44605

// StartWith returns the start position with first to move. The position is
// symmetric, colours swapped, under reflection in the line through C2 and
// C5, so letting White move first is the same game as swapping the players.
func StartWith(first engine.Side) *Position {
	b := board{neutral: 1<<7 | 1<<10, turn: first}
	b.disc[Black] = 1<<0 | 1<<2 | 1<<4
	b.disc[White] = 1<<1 | 1<<3 | 1<<5
	return newPosition(b)
}

func newPosition(b board) *Position {
	return &Position{b: b, keys: []uint64{b.position()}}
}

// Position is a Zodiac position with its history, which the repetition rule
// needs. Use Zodiac.Start, StartWith or Parse to make one.
type Position struct {
	b board
	// keys are the positions of the game (board.position), from the one it
	// started at to the current one.
	keys []uint64
	// undo holds, for each move played, the board before it.
	undo []board
	// repeated is true when the last move repeated a position.
	repeated bool
}

// Variant returns Zodiac.
func (p *Position) Variant() *engine.Variant { return Zodiac }

// Turn returns the side to move.
func (p *Position) Turn() engine.Side { return p.b.turn }

// Hash returns a hash of what decides the legal moves now and later: the
// pieces, the side to move and which neutral steps are forbidden. Positions
// that the repetition rule treats as the same may hash differently, when
// they forbid different neutral steps.
func (p *Position) Hash() uint64 {
	z := p.b.key() // splitmix64's finaliser spreads the key's bits
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Moves appends the legal moves to dst: the disc jumps of the side to move,
// then the neutral steps. It appends nothing when the game is over.
func (p *Position) Moves(dst []engine.Move) []engine.Move {
	if p.ended() {
		return dst
	}
	return p.b.moves(dst)
}

// ended reports whether the game ended on the last move, by a majority on
// the full inner points or by a repetition.
func (p *Position) ended() bool {
	if p.repeated {
		return true
	}
	_, won := p.b.winner()
	return won
}

// Do plays legal move m.
func (p *Position) Do(m engine.Move) {
	p.undo = append(p.undo, p.b)
	p.b = p.b.play(m)
	k := p.b.position()
	p.repeated = false
	// Positions with the same side to move are an even number of plies apart.
	for i := len(p.keys) - 2; i >= 0; i -= 2 {
		if p.keys[i] == k {
			p.repeated = true
			break
		}
	}
	p.keys = append(p.keys, k)
}

// Undo takes back the last move.
func (p *Position) Undo() {
	n := len(p.undo) - 1
	p.b = p.undo[n]
	p.undo = p.undo[:n]
	p.keys = p.keys[:len(p.keys)-1]
	// The game went on before the last move, so no earlier move repeated.
	p.repeated = false
}

// Outcome reports how the game ended: a majority on the full inner points,
// a repetition (the player who made it loses) or no legal move (the player
// to move loses).
func (p *Position) Outcome() engine.Outcome {
	if w, ok := p.b.winner(); ok {
		n := bits.OnesCount16(p.b.disc[w] & inner)
		return engine.Outcome{Status: engine.Win, Winner: w, Reason: fmt.Sprintf("%d of the 4 discs on the full inner points", n)}
	}
	if p.repeated {
		return engine.Outcome{Status: engine.Win, Winner: p.b.turn, Reason: "the loser repeated a position"}
	}
	if !p.b.hasMove() {
		return engine.Outcome{Status: engine.Win, Winner: p.b.turn ^ 1, Reason: "the loser had no legal move"}
	}
	return engine.Outcome{}
}

// Agreed reports false: Zodiac has no agreed ending.
func (p *Position) Agreed() (engine.Outcome, bool) { return engine.Outcome{}, false }

// Piece returns what stands on point i: a disc with its owner, a neutral or
// nothing.
func (p *Position) Piece(i int) engine.Piece {
	bit := uint16(1) << i
	switch {
	case p.b.neutral&bit != 0:
		return engine.Piece{Kind: Neutral}
	case p.b.disc[Black]&bit != 0:
		return engine.Piece{Kind: Disc, Side: Black}
	case p.b.disc[White]&bit != 0:
		return engine.Piece{Kind: Disc, Side: White}
	}
	return engine.Piece{}
}

// Count returns how many discs side owns.
func (p *Position) Count(side engine.Side) int { return bits.OnesCount16(p.b.disc[side]) }

// Describe returns the points a move goes from and to and, for a jump over
// a disc, the point of the disc it turns over.
func (p *Position) Describe(m engine.Move) engine.MoveInfo {
	kind, from, to, over := decode(m)
	info := engine.MoveInfo{Path: []int{from, to}}
	if kind == kindJump && (p.b.disc[0]|p.b.disc[1])&(1<<over) != 0 {
		info.Taken = []int{over}
	}
	return info
}

// FormatMove returns a move's notation: "T3-C1" for a disc's jump (from and
// landing point) or "C2-C3" for a neutral's step.
func (p *Position) FormatMove(m engine.Move) string {
	_, from, to, _ := decode(m)
	return names[from] + "-" + names[to]
}

// Clone returns an independent copy of p, history included.
func (p *Position) Clone() engine.Position {
	c := *p
	c.keys = append([]uint64(nil), p.keys...)
	c.undo = append([]board(nil), p.undo...)
	return &c
}
