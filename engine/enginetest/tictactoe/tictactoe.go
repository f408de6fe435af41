// Package tictactoe is noughts and crosses, a game small enough to read in
// one sitting, kept as a test fixture: it shows what a game package must
// provide, and tests register it beside the real games to check that a new
// game needs nothing outside its own package and the list of games. zugbot
// does not offer it.
package tictactoe

import (
	"errors"
	"fmt"
	"strings"

	"github.com/zugbot/zugbot/engine"
)

// The sides.
const (
	Crosses engine.Side = 0 // moves first
	Noughts engine.Side = 1
)

// The kinds of pieces: each side places its own.
var (
	Cross  = &engine.Kind{Name: "cross", Symbol: [2]string{"X", "X"}, Look: engine.Disc}
	Nought = &engine.Kind{Name: "nought", Symbol: [2]string{"O", "O"}, Look: engine.DottedDisc}
)

// Variant is the game on its 3×3 board.
var Variant = &engine.Variant{
	ID:       "tictactoe",
	Name:     "Tic-tac-toe",
	Game:     "Tic-tac-toe",
	Credit:   "traditional",
	Summary:  "Crosses and Noughts take turns to put a piece on an empty square; three in a row wins, and a full board without one is a draw.",
	Sides:    [2]string{"Crosses", "Noughts"},
	MaxPlies: 9,
	Geometry: geometry(),
	Kinds:    []*engine.Kind{Cross, Nought},
	Ending:   "a game ends with three in a row, or drawn when the board is full.",
	Start:    func() engine.Position { return &Position{} },
	Parse:    func(s string) (engine.Position, error) { return Parse(s) },
}

// names are the squares' names by index, a1 = 0, rank by rank.
var names = [9]string{"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"}

// lines are the rows, columns and diagonals.
var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func geometry() *engine.Geometry {
	g := &engine.Geometry{Width: 3, Height: 3, Cells: true}
	for i, name := range names {
		x, y := i%3, i/3
		g.Points = append(g.Points, engine.Point{Name: name, X: float64(x) + 0.5, Y: float64(y) + 0.5, Shade: uint8(1 - (x+y)%2)})
	}
	for i := range 3 {
		g.Labels = append(g.Labels,
			engine.Label{Text: string(rune('a' + i)), X: float64(i) + 0.5, Y: -0.3},
			engine.Label{Text: fmt.Sprint(i + 1), X: -0.3, Y: float64(i) + 0.5})
	}
	return g
}

// Position is a game of tic-tac-toe: squares hold 0 (empty) or 1 + the
// side whose piece stands there.
type Position struct {
	cell    [9]uint8
	turn    engine.Side
	history []int // the squares played, for Undo
}

// Variant returns Variant.
func (p *Position) Variant() *engine.Variant { return Variant }

// Turn returns the side to move.
func (p *Position) Turn() engine.Side { return p.turn }

// Moves appends a move for every empty square, unless the game is over.
func (p *Position) Moves(dst []engine.Move) []engine.Move {
	if p.winner() >= 0 {
		return dst
	}
	for i, c := range p.cell {
		if c == 0 {
			dst = append(dst, engine.Move{Lo: uint64(i) + 1})
		}
	}
	return dst
}

// Do puts the side to move's piece on the square of m.
func (p *Position) Do(m engine.Move) {
	i := int(m.Lo) - 1
	p.cell[i] = uint8(p.turn) + 1
	p.history = append(p.history, i)
	p.turn ^= 1
}

// Undo takes back the last move.
func (p *Position) Undo() {
	i := p.history[len(p.history)-1]
	p.history = p.history[:len(p.history)-1]
	p.cell[i] = 0
	p.turn ^= 1
}

// winner returns the side with three in a row, or -1.
func (p *Position) winner() int {
	for _, l := range lines {
		if c := p.cell[l[0]]; c != 0 && c == p.cell[l[1]] && c == p.cell[l[2]] {
			return int(c) - 1
		}
	}
	return -1
}

// Outcome reports three in a row, or a full board.
func (p *Position) Outcome() engine.Outcome {
	if w := p.winner(); w >= 0 {
		return engine.Outcome{Status: engine.Win, Winner: engine.Side(w), Reason: "three in a row"}
	}
	for _, c := range p.cell {
		if c == 0 {
			return engine.Outcome{}
		}
	}
	return engine.Outcome{Status: engine.Draw, Reason: "the board is full"}
}

// Agreed reports false: the game has no agreed ending.
func (p *Position) Agreed() (engine.Outcome, bool) { return engine.Outcome{}, false }

// Hash returns the board and the side to move as a number.
func (p *Position) Hash() uint64 {
	h := uint64(p.turn)
	for _, c := range p.cell {
		h = h*3 + uint64(c)
	}
	return h
}

// Piece returns the piece on square i, if any.
func (p *Position) Piece(i int) engine.Piece {
	switch p.cell[i] {
	case 1:
		return engine.Piece{Kind: Cross, Side: Crosses}
	case 2:
		return engine.Piece{Kind: Nought, Side: Noughts}
	}
	return engine.Piece{}
}

// Describe says where the piece of m goes.
func (p *Position) Describe(m engine.Move) engine.MoveInfo {
	return engine.MoveInfo{Path: []int{int(m.Lo) - 1}}
}

// FormatMove returns the name of the square of m: "b2".
func (p *Position) FormatMove(m engine.Move) string { return names[m.Lo-1] }

// ParseMove reads a square's name.
func (p *Position) ParseMove(s string) (engine.Move, error) {
	if m, ok := engine.Lookup(p, s, nil); ok {
		return m, nil
	}
	if p.winner() >= 0 || len(p.Moves(nil)) == 0 {
		return engine.Move{}, engine.Refuse(p, s, "the game is over", nil)
	}
	return engine.Move{}, engine.Refuse(p, s, "name an empty square, like b2", p.Moves(nil))
}

// Clone returns an independent copy.
func (p *Position) Clone() engine.Position {
	c := *p
	c.history = append([]int(nil), p.history...)
	return &c
}

// MarshalText returns the rows from the third down, "/" between them, then
// the side to move: "x.o/.x./... o".
func (p *Position) MarshalText() ([]byte, error) {
	var b strings.Builder
	for r := 2; r >= 0; r-- {
		for f := range 3 {
			b.WriteByte(".xo"[p.cell[3*r+f]])
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString(" " + "xo"[p.turn:p.turn+1])
	return []byte(b.String()), nil
}

// Parse reads a position string as MarshalText writes it.
func Parse(s string) (*Position, error) {
	rows, turn, ok := strings.Cut(s, " ")
	if !ok || len(rows) != 11 || rows[3] != '/' || rows[7] != '/' || (turn != "x" && turn != "o") {
		return nil, errors.New(`want three rows of x, o or . from the third down, separated by "/", then a space and x or o for the side to move`)
	}
	p := &Position{turn: engine.Side(strings.Index("xo", turn))}
	for k, c := range strings.ReplaceAll(rows, "/", "") {
		i := 3*(2-k/3) + k%3
		switch c {
		case 'x':
			p.cell[i] = 1
		case 'o':
			p.cell[i] = 2
		case '.':
		default:
			return nil, fmt.Errorf("square %s: %q is not x, o or a dot", names[i], c)
		}
	}
	return p, nil
}
