package zola

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/zugbot/zugbot/engine"
)

// ParseMove resolves a move entry such as "c2-b1", "a1xb1" or "pass"
// against the legal moves. Case does not matter, and "-" and "x" are
// accepted for either kind of move. A refused entry gets a *engine.MoveError
// that says why.
func (p *Position) ParseMove(s string) (engine.Move, error) {
	if m, ok := engine.Lookup(p, s, canon); ok {
		return m, nil
	}
	return engine.Move{}, p.refuse(s)
}

// refuse explains why s is not a legal move.
func (p *Position) refuse(s string) *engine.MoveError {
	b := p.b
	legal := p.Moves(nil)
	text, ok := engine.Clean(s)
	if !ok {
		return engine.Refuse(p, s, "write a move as from-to, like c2-b1, or a1xb1 for a capture", nil)
	}
	if len(legal) == 0 {
		return engine.Refuse(p, s, "the game is over", nil)
	}
	if text == "pass" {
		return engine.Refuse(p, s, "you may pass only when you have no legal move", nil)
	}
	if legal[0] == pass {
		return engine.Refuse(p, s, p.sideName(p.turn)+" has no legal move and must pass", legal)
	}
	text = canon(text)
	fromText, toText, found := strings.Cut(text, "-")
	from, ok1 := b.square(fromText)
	to, ok2 := b.square(toText)
	if !found || !ok1 || !ok2 {
		last := fmt.Sprintf("%c%d", 'a'+b.n-1, b.n)
		return engine.Refuse(p, s, "write a move as from-to with squares a1 to "+last+", like c2-b1, or a1xb1 for a capture", nil)
	}
	own, occupied := p.occupant(from)
	switch {
	case !occupied:
		return engine.Refuse(p, s, "there is no checker on "+b.names[from], nil)
	case own != p.turn:
		return engine.Refuse(p, s, fmt.Sprintf("%s is a %s checker, and it is %s's turn", b.names[from], p.sideName(own), p.sideName(p.turn)), nil)
	}
	mine := engine.From(p, from)
	why := p.why(from, to)
	if len(mine) == 0 {
		why += "; the checker on " + b.names[from] + " has no legal move"
	}
	return engine.Refuse(p, s, why, mine)
}

// why explains why the checker of the side to move on from cannot go to to.
func (p *Position) why(from, to int) string {
	b := p.b
	fn, tn := b.names[from], b.names[to]
	if from == to {
		return "a move must go somewhere else"
	}
	target, occupied := p.occupant(to)
	if occupied && target == p.turn {
		return tn + " holds one of your own checkers"
	}
	dir := -1
	for d := range 8 {
		if b.rays[from][d]&(1<<to) != 0 {
			dir = d
		}
	}
	if !occupied { // a step
		if b.adj[from]&(1<<to) == 0 {
			return fmt.Sprintf("a step goes to an adjacent square, and %s is not next to %s (captures must end on an enemy checker)", tn, fn)
		}
		return fmt.Sprintf("a step must go farther from the centre, and %s is no farther from it than %s", tn, fn)
	}
	if dir < 0 {
		return fmt.Sprintf("a capture goes along a straight line, and %s is not in line with %s", tn, fn)
	}
	if block := b.rays[from][dir] & (p.own[0] | p.own[1]); nearest(block, dir) != to {
		return fmt.Sprintf("the path from %s to %s is blocked at %s", fn, tn, b.names[nearest(block, dir)])
	}
	return fmt.Sprintf("a capture may not end farther from the centre, and %s is farther from it than %s", tn, fn)
}

// MarshalText returns the position string, such as
// "BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBRB R".
func (p *Position) MarshalText() ([]byte, error) {
	n := p.b.n
	buf := make([]byte, 0, n*n+n+2)
	for y := n - 1; y >= 0; y-- {
		empty := 0
		for x := 0; x < n; x++ {
			side, ok := p.occupant(y*n + x)
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				buf = strconv.AppendInt(buf, int64(empty), 10)
				empty = 0
			}
			buf = append(buf, "RB"[side])
		}
		if empty > 0 {
			buf = strconv.AppendInt(buf, int64(empty), 10)
		}
		if y > 0 {
			buf = append(buf, '/')
		}
	}
	buf = append(buf, ' ', "RB"[p.turn])
	return buf, nil
}

// parse reads a position string of board b.
func parse(v *engine.Variant, b *board, s string) (*Position, error) {
	if len(s) > 200 {
		return nil, errors.New("position string too long")
	}
	fields := strings.Fields(s)
	if len(fields) != 2 {
		return nil, fmt.Errorf("want the ranks and the side to move (R or B) separated by a space, like %q", startString(b))
	}
	p := &Position{v: v, b: b}
	switch fields[1] {
	case "R", "r":
		p.turn = Red
	case "B", "b":
		p.turn = Blue
	default:
		return nil, fmt.Errorf("side to move %q: want R or B", fields[1])
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != b.n {
		return nil, fmt.Errorf("%d ranks: %s is played on %d×%d, so want %d ranks separated by /", len(ranks), v.ID, b.n, b.n, b.n)
	}
	for i, rank := range ranks {
		y := b.n - 1 - i
		x := 0
		for j := 0; j < len(rank); j++ {
			c := rank[j]
			switch {
			case c >= '1' && c <= '9':
				k := j
				for k < len(rank) && rank[k] >= '0' && rank[k] <= '9' {
					k++
				}
				run, _ := strconv.Atoi(rank[j:k])
				if run < 1 || run > 10 {
					return nil, fmt.Errorf("rank %d: empty run %q: want 1 to 10", y+1, rank[j:k])
				}
				x += run
				j = k - 1
			case c == 'R' || c == 'B' || c == 'r' || c == 'b':
				if x < b.n {
					side := Red
					if c == 'B' || c == 'b' {
						side = Blue
					}
					p.own[side] |= 1 << (y*b.n + x)
				}
				x++
			default:
				return nil, fmt.Errorf("rank %d: unexpected %q: want R, B or a digit", y+1, c)
			}
			if x > b.n {
				return nil, fmt.Errorf("rank %d has more than %d squares", y+1, b.n)
			}
		}
		if x != b.n {
			return nil, fmt.Errorf("rank %d has %d squares, want %d", y+1, x, b.n)
		}
	}
	switch {
	case p.own[Red] == 0 && p.own[Blue] == 0:
		return nil, errors.New("the board is empty")
	case p.own[p.turn^1] == 0:
		return nil, fmt.Errorf("%s has no checkers left, so the game ended on %s's capture and it cannot be %s's turn",
			v.Sides[p.turn^1], v.Sides[p.turn], v.Sides[p.turn])
	}
	p.rehash()
	return p, nil
}

func startString(b *board) string {
	s, _ := start(nil, b).MarshalText()
	return string(s)
}
