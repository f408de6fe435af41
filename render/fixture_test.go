package render

import (
	"errors"
	"fmt"
	"math"

	"github.com/zugbot/zugbot/engine"
)

// This file builds boards by hand, to exercise every feature of a geometry
// (lines, stars, tips, zones, Z squares, absent cells) whatever the state of
// the game engines. A board is a fixed picture: it has no moves.

// board is a position on a hand-built geometry.
type board struct {
	v       *engine.Variant
	pieces  []engine.Piece
	turn    engine.Side
	outcome engine.Outcome
}

// checkBoard is a board whose side to move is in check.
type checkBoard struct {
	board
	king int
}

func (b *checkBoard) InCheck() (int, bool) { return b.king, b.king >= 0 }

// Clone keeps the check.
func (b *checkBoard) Clone() engine.Position {
	return &checkBoard{board: *b.board.Clone().(*board), king: b.king}
}

func (b *board) Variant() *engine.Variant              { return b.v }
func (b *board) Turn() engine.Side                     { return b.turn }
func (b *board) Moves(dst []engine.Move) []engine.Move { return dst }
func (b *board) Do(engine.Move)                        { panic("board: no moves") }
func (b *board) Undo()                                 { panic("board: no moves") }
func (b *board) Outcome() engine.Outcome               { return b.outcome }
func (b *board) Agreed() (engine.Outcome, bool)        { return engine.Outcome{}, false }
func (b *board) Hash() uint64                          { return 0 }
func (b *board) Piece(i int) engine.Piece              { return b.pieces[i] }
func (b *board) Describe(engine.Move) engine.MoveInfo  { return engine.MoveInfo{} }
func (b *board) FormatMove(engine.Move) string         { return "" }
func (b *board) ParseMove(string) (engine.Move, error) {
	return engine.Move{}, errors.New("board: no moves")
}
func (b *board) Clone() engine.Position {
	c := *b
	c.pieces = append([]engine.Piece(nil), b.pieces...)
	return &c
}
func (b *board) MarshalText() ([]byte, error) { return []byte("board"), nil }

// The kinds of pieces on hand-built boards: one of each look.
var (
	man         = &engine.Kind{Name: "man", Symbol: [2]string{"b", "w"}, Look: engine.Disc}
	mullah      = &engine.Kind{Name: "mullah", Symbol: [2]string{"B", "W"}, Look: engine.CrownedDisc}
	neutral     = &engine.Kind{Name: "neutral", Symbol: [2]string{"n", "n"}, Look: engine.DottedDisc, Neutral: true}
	king        = &engine.Kind{Name: "king", Symbol: [2]string{"K", "k"}, Look: engine.KingFigure}
	queen       = &engine.Kind{Name: "queen", Symbol: [2]string{"Q", "q"}, Look: engine.QueenFigure}
	rook        = &engine.Kind{Name: "rook", Symbol: [2]string{"R", "r"}, Look: engine.RookFigure}
	chessBishop = &engine.Kind{Name: "bishop", Symbol: [2]string{"B", "b"}, Look: engine.BishopFigure}
	knight      = &engine.Kind{Name: "knight", Symbol: [2]string{"N", "n"}, Look: engine.KnightFigure}
	chessPawn   = &engine.Kind{Name: "pawn", Symbol: [2]string{"P", "p"}, Look: engine.PawnFigure}
)

// fixture returns a variant of geometry g, with the given kinds of pieces,
// whose start position is empty.
func fixture(id string, sides [2]string, g *engine.Geometry, kinds ...*engine.Kind) *engine.Variant {
	v := &engine.Variant{ID: id, Name: id, Game: id, Sides: sides, Geometry: g, Kinds: kinds}
	v.Start = func() engine.Position {
		return &board{v: v, pieces: make([]engine.Piece, len(g.Points))}
	}
	return v
}

// place returns a board of v with the pieces at the named points.
func place(v *engine.Variant, turn engine.Side, at map[string]engine.Piece) *board {
	b := v.Start().(*board)
	b.turn = turn
	for name, pc := range at {
		i := v.Geometry.PointIndex(name)
		if i < 0 {
			panic("no point " + name)
		}
		b.pieces[i] = pc
	}
	return b
}

// latticeGeometry is a 9×9 board of lines like Zamma's: column lines, the
// diagonals through the points of even file+rank, the others star points.
func latticeGeometry() *engine.Geometry {
	const n = 9
	g := &engine.Geometry{Width: n - 1, Height: n - 1}
	idx := func(f, r int) int { return r*n + f }
	for r := range n {
		for f := range n {
			p := engine.Point{Name: fmt.Sprintf("%c%d", 'a'+f, r+1), X: float64(f), Y: float64(r)}
			if (f+r)%2 == 1 {
				p.Mark = engine.Starred
			}
			g.Points = append(g.Points, p)
		}
	}
	for r := range n {
		for f := range n {
			if r+1 < n {
				g.Lines = append(g.Lines, engine.Line{From: idx(f, r), To: idx(f, r+1)})
			}
			if (f+r)%2 == 0 && r+1 < n {
				if f+1 < n {
					g.Lines = append(g.Lines, engine.Line{From: idx(f, r), To: idx(f+1, r+1)})
				}
				if f > 0 {
					g.Lines = append(g.Lines, engine.Line{From: idx(f, r), To: idx(f-1, r+1)})
				}
			}
		}
	}
	for k := range n {
		g.Labels = append(g.Labels,
			engine.Label{Text: string(rune('a' + k)), X: float64(k), Y: -0.6},
			engine.Label{Text: fmt.Sprint(k + 1), X: -0.6, Y: float64(k)})
	}
	return g
}

// hexagramGeometry is a hexagram like Zodiac's: six tips, six inner points,
// six lines of four points.
func hexagramGeometry() *engine.Geometry {
	rt, ri := math.Sqrt(3), 1.0
	w, h := 2*rt*math.Cos(math.Pi/6), 2*rt
	g := &engine.Geometry{Width: w, Height: h}
	at := func(r, deg float64) (float64, float64) {
		a := deg * math.Pi / 180
		return w/2 + r*math.Cos(a), h/2 + r*math.Sin(a)
	}
	for i := range 12 {
		r, deg, mark, name, lr := rt, 90-60*float64(i), engine.Ringed, fmt.Sprintf("T%d", i+1), rt+0.45
		if i >= 6 {
			r, deg, mark, name, lr = ri, 60-60*float64(i-6), engine.Spotted, fmt.Sprintf("C%d", i-5), ri-0.45
		}
		x, y := at(r, deg)
		g.Points = append(g.Points, engine.Point{Name: name, X: x, Y: y, Mark: mark})
		lx, ly := at(lr, deg)
		g.Labels = append(g.Labels, engine.Label{Text: name, X: lx, Y: ly})
	}
	// T3 C2 C1 T1, T1 C6 C5 T5, T5 C4 C3 T3, T2 C1 C6 T6, T6 C5 C4 T4, T4 C3 C2 T2.
	for _, l := range [][2]int{{2, 0}, {0, 4}, {4, 2}, {1, 5}, {5, 3}, {3, 1}} {
		g.Lines = append(g.Lines, engine.Line{From: l[0], To: l[1]})
	}
	return g
}

// zonalGeometry is a 16×8 board of cells like Zonal Chess's: absent cells
// at the flanks, zone squares and four Z squares.
func zonalGeometry() *engine.Geometry {
	rows := []string{ // rank 8 first; '-' absent, '~' zone, 'Z' Z square, '.' normal
		"---Z........Z---",
		"--~..........~--",
		"-~~~........~~~-",
		"~~~~........~~~~",
		"~~~~........~~~~",
		"-~~~........~~~-",
		"--~..........~--",
		"---Z........Z---",
	}
	g := &engine.Geometry{Width: 16, Height: 8, Cells: true}
	for r := range 8 {
		row := rows[7-r]
		for f := range 16 {
			c := row[f]
			if c == '-' {
				continue
			}
			p := engine.Point{Name: fmt.Sprintf("%c%d", 'a'+f, r+1), X: float64(f) + 0.5, Y: float64(r) + 0.5}
			if (f+r)%2 == 0 {
				p.Shade = 1
			}
			switch c {
			case '~':
				p.Mark = engine.Tinted
			case 'Z':
				p.Mark, p.Sign = engine.Gilded, "Z"
			}
			g.Points = append(g.Points, p)
		}
	}
	for f := range 16 {
		g.Labels = append(g.Labels, engine.Label{Text: string(rune('a' + f)), X: float64(f) + 0.5, Y: -0.3})
	}
	for r := range 8 {
		g.Labels = append(g.Labels, engine.Label{Text: fmt.Sprint(r + 1), X: -0.3, Y: float64(r) + 0.5})
	}
	return g
}
