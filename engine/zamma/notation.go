package zamma

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/zugbot/zugbot/engine"
)

// path returns the points a move lands on after its start, and the points
// it takes in order: those of the first sequence the search finds that
// makes the move. A step lands once and takes nothing.
func (p *Position) path(m engine.Move) (path, taken []int) {
	from, to, t := decode(m)
	if t.empty() {
		return []int{to}, nil
	}
	c := &p.paths
	if c.seqs == nil || c.hash != p.hash || c.from != from {
		c.hash, c.from, c.seqs = p.hash, from, map[engine.Move]sequence{}
		for _, sq := range p.sequences(from) {
			c.seqs[sq.m] = sq
		}
	}
	if sq, ok := c.seqs[m]; ok {
		return sq.path, sq.taken
	}
	return []int{to}, nil // not a legal move: at least say where it goes
}

// pathCache holds the sequences of one counter's capture moves in one
// position (by hash), so that writing every move of a position costs one
// search per counter rather than one per move.
type pathCache struct {
	hash uint64
	from int
	seqs map[engine.Move]sequence
}

// Describe returns the points legal move m stands on, from its start
// through every landing of its capture sequence, and the points it takes in
// the order it takes them.
func (p *Position) Describe(m engine.Move) engine.MoveInfo {
	from, _, _ := decode(m)
	path, taken := p.path(m)
	return engine.MoveInfo{Path: append([]int{from}, path...), Taken: taken}
}

// FormatMove returns a move's notation: "d4-e5" for a step, and every
// landing point for a capture, as in "c3xe5xg7".
func (p *Position) FormatMove(m engine.Move) string {
	from, _, taken := decode(m)
	path, _ := p.path(m)
	sep := "x"
	if taken.empty() {
		sep = "-"
	}
	var sb strings.Builder
	sb.WriteString(p.b.names[from])
	for _, i := range path {
		sb.WriteString(sep)
		sb.WriteString(p.b.names[i])
	}
	return sb.String()
}

const moveHelp = "write a step as from-to, like d4-e5, and a capture with every landing point, like c3xe5xg7"

// ParseMove resolves a move entry against the legal moves. Case and spaces
// do not matter, and "-" and "x" are interchangeable. A capture entry may leave out
// landing points between the first and the last as long as only one legal
// move fits it; an entry that is one sequence in full is always that
// sequence's move. A refused entry gets a *engine.MoveError that says why,
// listing the candidates when the entry fits several moves.
func (p *Position) ParseMove(s string) (engine.Move, error) {
	text, ok := engine.Clean(s)
	if !ok {
		return engine.Move{}, engine.Refuse(p, s, moveHelp, nil)
	}
	pts, err := entryPoints(text)
	if err != nil {
		return engine.Move{}, engine.Refuse(p, s, err.Error()+"; "+moveHelp, nil)
	}
	legal := p.Moves(nil)
	if len(legal) == 0 {
		return engine.Move{}, engine.Refuse(p, s, "the game is over: "+p.Outcome().Reason, nil)
	}
	from := pts[0]
	if len(pts) == 2 {
		if m := newMove(from, pts[1], set{}); slices.Contains(legal, m) {
			return m, nil
		}
	}
	var fits []engine.Move
	prefix := false
	if p.cell[from]&sideBits == man(p.turn) {
		var exact engine.Move
		exact, fits, prefix = p.match(pts)
		if !exact.IsZero() {
			return exact, nil
		}
	}
	switch len(fits) {
	case 0:
		return engine.Move{}, p.refuse(s, pts, legal, prefix)
	case 1:
		return fits[0], nil
	}
	return engine.Move{}, engine.Refuse(p, s, fmt.Sprintf("%d different captures fit this entry; give more of the landing points", len(fits)), fits)
}

// entryPoints reads a move entry as point names separated by "-" or "x",
// with or without spaces around them.
func entryPoints(text string) ([]int, error) {
	text = strings.ReplaceAll(text, " ", "")
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' })
	if len(fields) < 2 || strings.Count(text, "-")+strings.Count(text, "x") != len(fields)-1 {
		return nil, errors.New("a move names at least two points, separated by - or x")
	}
	pts := make([]int, len(fields))
	for k, f := range fields {
		i, ok := point(f)
		if !ok {
			return nil, fmt.Errorf("%q is not a point: points are a1 to i9", f)
		}
		pts[k] = i
	}
	return pts, nil
}

// refuse explains why the entry pts (s as typed) names no legal move;
// prefix reports that a capture sequence fits the entry but must go on.
func (p *Position) refuse(s string, pts []int, legal []engine.Move, prefix bool) *engine.MoveError {
	b := p.b
	from := pts[0]
	fn := b.names[from]
	c := p.cell[from]
	switch {
	case c == 0:
		return engine.Refuse(p, s, "there is no counter on "+fn, nil)
	case c&sideBits != man(p.turn):
		return engine.Refuse(p, s, fmt.Sprintf("%s holds a %s counter, and it is %s's turn", fn, p.v.Sides[p.turn^1], p.v.Sides[p.turn]), nil)
	}
	var mine []engine.Move
	for _, m := range legal {
		if f, _, _ := decode(m); f == from {
			mine = append(mine, m)
		}
	}
	if _, _, t := decode(legal[0]); !t.empty() { // captures are compulsory
		switch {
		case len(mine) == 0:
			return engine.Refuse(p, s, "a capture is compulsory, and the counter on "+fn+" cannot capture", legal)
		case prefix:
			return engine.Refuse(p, s, "the capture must go on: from "+b.names[pts[len(pts)-1]]+" the counter can capture again", mine)
		}
		return engine.Refuse(p, s, "no capture sequence of the counter on "+fn+" goes that way (a capture is compulsory)", mine)
	}
	if len(pts) > 2 {
		return engine.Refuse(p, s, "there is nothing to capture, so a move is one step: from-to", mine)
	}
	why := p.why(from, pts[1])
	if len(mine) == 0 {
		why += "; the counter on " + fn + " has no legal move"
	}
	return engine.Refuse(p, s, why, mine)
}

// why explains why the counter of the side to move on from cannot step to
// to, when there is nothing to capture. The reason given is the first the
// rules meet: a point off the counter's lines, then a man's direction and
// reach (a man that tries to go two points is told that it steps one, not
// that the point beyond is occupied), then what stands in the way.
func (p *Position) why(from, to int) string {
	b := p.b
	fn, tn := b.names[from], b.names[to]
	if from == to {
		return "a move must go somewhere else"
	}
	dir, dist := -1, 0
	for d := range dirs {
		if k := slices.Index(b.ray[from][d][:b.rayLen[from][d]], int8(to)); k >= 0 {
			dir, dist = d, k+1
		}
	}
	if dir < 0 {
		return fmt.Sprintf("%s and %s are not on one line (there are no row lines, and a star point lies on its column line only)", fn, tn)
	}
	if p.cell[from]&mullahBit != 0 {
		for _, i := range b.ray[from][dir][:dist-1] {
			if p.cell[i] != 0 {
				return fmt.Sprintf("the way from %s to %s is blocked at %s", fn, tn, b.names[i])
			}
		}
		if p.cell[to] != 0 {
			return tn + " is occupied"
		}
		return fn + "-" + tn + " is not a legal move"
	}
	if !b.dirForward(dir, p.turn) {
		return fmt.Sprintf("a man steps forward only, towards rank %d", farRank(p.turn)+1)
	}
	if dist > 1 {
		way := ""
		if next := b.ray[from][dir][0]; p.cell[next] == 0 {
			way = " (this way, to " + b.names[next] + ")"
		}
		return fmt.Sprintf("%s is not next to %s: a man steps one point along its line%s and jumps only to capture; only a mullah moves farther", tn, fn, way)
	}
	if p.cell[to] != 0 {
		return tn + " is occupied"
	}
	return fn + "-" + tn + " is not a legal move"
}

// MarshalText returns the position string, such as the start:
// "wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwww/wwww1bbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb b 0".
func (p *Position) MarshalText() ([]byte, error) {
	buf := make([]byte, 0, points+files+8)
	for r := files - 1; r >= 0; r-- {
		empty := 0
		for f := range files {
			c := p.cell[pointAt(f, r)]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				buf = append(buf, byte('0'+empty))
				empty = 0
			}
			buf = append(buf, pieceLetter(c))
		}
		if empty > 0 {
			buf = append(buf, byte('0'+empty))
		}
		if r > 0 {
			buf = append(buf, '/')
		}
	}
	buf = append(buf, ' ', "bw"[p.turn], ' ')
	buf = strconv.AppendInt(buf, int64(p.clock), 10)
	return buf, nil
}

func pieceLetter(c uint8) byte {
	l := "bw"[c&sideBits-1]
	if c&mullahBit != 0 {
		l -= 'a' - 'A'
	}
	return l
}

const startString = "wwwwwwwww/wwwwwwwww/wwwwwwwww/wwwwwwwww/wwww1bbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb b 0"

// parse reads a position string. The history starts there.
func parse(v *engine.Variant, s string) (*Position, error) {
	if len(s) > 200 {
		return nil, errors.New("position string too long")
	}
	fields := strings.Fields(s)
	if len(fields) != 3 {
		return nil, fmt.Errorf("want the ranks, the side to move (b or w) and the plies since the last capture or promotion, separated by spaces, like %q", startString)
	}
	p := &Position{v: v, b: zammaBoard, reps: 1}
	switch fields[1] {
	case "b", "B":
		p.turn = Black
	case "w", "W":
		p.turn = White
	default:
		return nil, fmt.Errorf("side to move %q: want b or w", fields[1])
	}
	clock, err := strconv.Atoi(fields[2])
	if err != nil || fields[2][0] < '0' || fields[2][0] > '9' || clock > ClockLimit {
		return nil, fmt.Errorf("plies since the last capture or promotion %q: want a number from 0 to %d", fields[2], ClockLimit)
	}
	p.clock = clock
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != files {
		return nil, fmt.Errorf("%d ranks: want %d ranks separated by /, rank 9 first", len(ranks), files)
	}
	for k, rank := range ranks {
		r := files - 1 - k
		f := 0
		for j := 0; j < len(rank); j++ {
			ch := rank[j]
			switch {
			case ch >= '1' && ch <= '9':
				if j > 0 && rank[j-1] >= '0' && rank[j-1] <= '9' {
					return nil, fmt.Errorf("rank %d: two digits in a row: write each run of empty points as one digit", r+1)
				}
				f += int(ch - '0')
			case ch == 'b' || ch == 'B' || ch == 'w' || ch == 'W':
				if f < files {
					side := Black
					if ch == 'w' || ch == 'W' {
						side = White
					}
					c := man(side)
					if ch == 'B' || ch == 'W' {
						c |= mullahBit
					} else if r == farRank(side) {
						return nil, fmt.Errorf("%s: a %s man on rank %d would have become a mullah; write %c", pointName(f, r), v.Sides[side], r+1, ch-('a'-'A'))
					}
					p.put(pointAt(f, r), c)
				}
				f++
			default:
				return nil, fmt.Errorf("rank %d: unexpected %q: want b, B, w, W or a digit", r+1, ch)
			}
			if f > files {
				return nil, fmt.Errorf("rank %d has more than %d points", r+1, files)
			}
		}
		if f != files {
			return nil, fmt.Errorf("rank %d has %d points, want %d", r+1, f, files)
		}
	}
	for side := range engine.Side(2) {
		if n := p.Count(side); n > maxCounters {
			return nil, fmt.Errorf("%s has %d counters, but each side starts with %d", v.Sides[side], n, maxCounters)
		}
	}
	if p.own[p.turn^1].empty() {
		return nil, fmt.Errorf("%s has no counters, so the game ended on %s's last move and it cannot be %s's turn",
			v.Sides[p.turn^1], v.Sides[p.turn], v.Sides[p.turn])
	}
	p.rehash()
	return p, nil
}
