package zodiac

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"github.com/zugbot/zugbot/engine"
)

// ParseMove resolves a move entry such as "T3-C1" (a disc's jump, from and
// landing point) or "C2-C3" (a neutral's step) against the legal moves. Case
// and spaces do not matter, and the dash may be left out. A refused entry
// gets a *engine.MoveError that says why.
func (p *Position) ParseMove(s string) (engine.Move, error) {
	if m, ok := engine.Lookup(p, s, canon); ok {
		return m, nil
	}
	return engine.Move{}, p.refuse(s)
}

// canon removes dashes and spaces from move text.
func canon(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s)
}

const howToWrite = "write a move as from-to with points T1 to T6 and C1 to C6, like T3-C1 for a disc's jump or C2-C3 for a neutral's step"

// refuse explains why s is not a legal move.
func (p *Position) refuse(s string) *engine.MoveError {
	text, ok := engine.Clean(s)
	if !ok {
		return engine.Refuse(p, s, howToWrite, nil)
	}
	if len(p.Moves(nil)) == 0 {
		return engine.Refuse(p, s, "the game is over", nil)
	}
	text = canon(text)
	if len(text) != 4 {
		return engine.Refuse(p, s, howToWrite, nil)
	}
	from, ok1 := point(text[:2])
	to, ok2 := point(text[2:])
	if !ok1 || !ok2 {
		return engine.Refuse(p, s, howToWrite, nil)
	}
	why := p.why(from, to)
	mine := engine.From(p, from)
	if pc := p.Piece(from); len(mine) == 0 && (pc.Kind == Neutral || pc.Kind == Disc && pc.Side == p.b.turn) {
		why += "; the piece on " + names[from] + " has no legal move"
	}
	return engine.Refuse(p, s, why, mine)
}

// why explains why the side to move cannot move the piece on from to to.
func (p *Position) why(from, to int) string {
	b := &p.b
	fn, tn := names[from], names[to]
	side := p.Variant().Sides
	pc := p.Piece(from)
	switch {
	case pc.Kind == nil:
		return "there is no piece on " + fn
	case pc.Kind == Disc && pc.Side != b.turn:
		return fmt.Sprintf("%s holds a %s disc, and it is %s's turn", fn, side[pc.Side], side[b.turn])
	case from == to:
		return "a move must go somewhere else"
	case b.occupied()&(1<<to) != 0:
		return tn + " is occupied"
	case pc.Kind == Neutral:
		switch {
		case tab.neighbour[from]&(1<<to) == 0:
			return fmt.Sprintf("a neutral steps to an adjacent inner point, and %s is not next to %s on the inner hexagon", tn, fn)
		case b.count >= 2:
			return "the last two plies moved neutrals, so this one must move a disc"
		case b.banned(from, to):
			return fmt.Sprintf("the neutral on %s just came from %s and may not go straight back", fn, tn)
		}
		return "this neutral step is not legal" // not reached: every other step is legal
	}
	over := tab.jumpTo[from][to]
	switch {
	case over < 0:
		return fmt.Sprintf("a disc jumps along a line over the next point to the one after it, and %s is not a jump from %s", tn, fn)
	case b.occupied()&(1<<over) == 0:
		return fmt.Sprintf("a disc jumps over a piece, and %s is empty", names[over])
	case b.neutral&(1<<over) != 0 && to < 6:
		return fmt.Sprintf("a disc lands on a tip only by jumping a disc, and %s holds a neutral", names[over])
	}
	return "this jump is not legal" // not reached: every other jump is legal
}

// MarshalText returns the position string, such as "bwbwbw/.n..n. b - 0":
// the tips T1…T6, the inner points C1…C6, the side to move, the last ply's
// neutral step and the number of consecutive neutral plies just played.
func (p *Position) MarshalText() ([]byte, error) {
	b := &p.b
	buf := make([]byte, 0, 24)
	for i := range numPoints {
		if i == 6 {
			buf = append(buf, '/')
		}
		c := byte('.')
		switch bit := uint16(1) << i; {
		case b.neutral&bit != 0:
			c = 'n'
		case b.disc[Black]&bit != 0:
			c = 'b'
		case b.disc[White]&bit != 0:
			c = 'w'
		}
		buf = append(buf, c)
	}
	buf = append(buf, ' ', "bw"[b.turn], ' ')
	if b.count == 0 {
		buf = append(buf, '-')
	} else {
		buf = append(buf, strings.ToLower(names[b.from]+names[b.to])...)
	}
	buf = append(buf, ' ', '0'+b.count)
	return buf, nil
}

// startText is the standard start's position string.
const startText = "bwbwbw/.n..n. b - 0"

// Parse reads a position string such as "bwbwbw/.n..n. b - 0" (see
// MarshalText); letters may be in either case. The position's history
// starts there.
func Parse(s string) (*Position, error) {
	if len(s) > 100 {
		return nil, errors.New("position string too long")
	}
	f := strings.Fields(strings.ToLower(s))
	if len(f) != 4 {
		return nil, fmt.Errorf("want 4 fields separated by spaces (points, side to move, last neutral step, neutral plies), like %q", startText)
	}
	var b board
	halves := strings.Split(f[0], "/")
	if len(halves) != 2 || len(halves[0]) != 6 || len(halves[1]) != 6 {
		return nil, fmt.Errorf("points %q: want the tips T1 to T6, a /, and the inner points C1 to C6, each as b, w, n or ., like %q", f[0], "bwbwbw/.n..n.")
	}
	for i, c := range []byte(halves[0] + halves[1]) {
		bit := uint16(1) << i
		switch c {
		case 'b':
			b.disc[Black] |= bit
		case 'w':
			b.disc[White] |= bit
		case 'n':
			if i < 6 {
				return nil, fmt.Errorf("a neutral on %s: neutrals stand only on inner points", names[i])
			}
			b.neutral |= bit
		case '.':
		default:
			return nil, fmt.Errorf("%s: unexpected %q: want b, w, n or a dot", names[i], c)
		}
	}
	if n := bits.OnesCount16(b.neutral); n != 2 {
		return nil, fmt.Errorf("%d neutrals: want 2", n)
	}
	if n := bits.OnesCount16(b.disc[0] | b.disc[1]); n != 6 {
		return nil, fmt.Errorf("%d discs: want 6 (discs change colour but never leave the board)", n)
	}
	switch f[1] {
	case "b":
		b.turn = Black
	case "w":
		b.turn = White
	default:
		return nil, fmt.Errorf("side to move %q: want b or w", f[1])
	}
	switch f[3] {
	case "0", "1", "2":
		b.count = f[3][0] - '0'
	default:
		return nil, fmt.Errorf("neutral plies %q: want 0, 1 or 2", f[3])
	}
	switch {
	case f[2] == "-" && b.count != 0:
		return nil, fmt.Errorf("%d neutral plies were just played, so the last step must be given, like c2c1", b.count)
	case f[2] == "-":
	case b.count == 0:
		return nil, fmt.Errorf("last neutral step %q with 0 neutral plies: want - (or give the number of neutral plies)", f[2])
	default:
		from, ok1 := point(f[2][:min(2, len(f[2]))])
		to, ok2 := point(f[2][min(2, len(f[2])):])
		switch {
		case len(f[2]) != 4 || !ok1 || !ok2 || from < 6 || to < 6:
			return nil, fmt.Errorf("last neutral step %q: want two inner points, like c2c1, or -", f[2])
		case tab.neighbour[from]&(1<<to) == 0:
			return nil, fmt.Errorf("last neutral step %q: %s and %s are not adjacent", f[2], names[from], names[to])
		case b.neutral&(1<<to) == 0 || b.occupied()&(1<<from) != 0:
			return nil, fmt.Errorf("last neutral step %q: a neutral must stand on %s and %s must be empty", f[2], names[to], names[from])
		}
		b.from, b.to = int8(from), int8(to)
	}
	return newPosition(b), nil
}
