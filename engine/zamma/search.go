package zamma

import (
	"github.com/zugbot/zugbot/engine"
)

// search is the scratch state of the capture search of one counter. It
// lives in the Position so that Moves does not allocate once warm.
//
// The search is a depth-first walk over the states of a capture sequence:
// where the counter stands and which counters it has taken (they are off
// the board meanwhile). What may follow depends on the state alone, so a
// state reached a second time, by another order or other landings, is not
// explored again. That keeps the work to the number of states rather than
// of sequences, and it makes every move (start, end and counters taken)
// come out once, by the first sequence that reaches it.
type search struct {
	from  int
	enemy uint8 // the cell value of an enemy man, without mullahBit
	depth int   // captures so far in the sequence being built
	path  [maxCounters]int8
	taken [maxCounters]int8

	// collect makes the search record the first sequence of each move in
	// seqs instead of appending the moves to dst.
	collect bool
	seqs    []sequence

	// entry, when not nil, makes the search match a move entry (its
	// points) instead: j counts the entry's points after the first that
	// the landings so far have visited in order.
	entry  []int
	j      int
	exact  engine.Move   // the move whose sequence is the entry itself
	fits   []engine.Move // the moves with a sequence the entry fits
	prefix bool          // some sequence fits the entry so far but must go on

	// memo holds the states visited in this search, marked with stamp.
	memo  []memoEntry
	stamp uint32
	used  int
}

// memoEntry is a visited state: the counters taken, the point and j,
// packed as a move is, with the point for the start.
type memoEntry struct {
	key   engine.Move
	stamp uint32
}

// sequence is one capture sequence: the points it lands on after the start,
// and the points whose counters it takes, in order.
type sequence struct {
	m           engine.Move
	path, taken []int
}

// captures appends the capture moves of the counter on from.
func (p *Position) captures(dst []engine.Move, from int) []engine.Move {
	s := &p.s
	c := p.cell[from]
	s.from, s.enemy, s.depth, s.j = from, man(p.turn^1), 0, 0
	s.stamp++
	s.used = 0
	if s.stamp == 0 { // wrapped: forget the old marks
		clear(s.memo)
		s.stamp = 1
	}
	p.cell[from] = 0 // the capturing counter has left its point
	if c&mullahBit != 0 {
		dst = p.mullahJumps(dst, from, set{})
	} else {
		dst = p.manJumps(dst, from, set{})
	}
	p.cell[from] = c
	return dst
}

// sequences returns, for each capture move of the counter on from, the
// first sequence that makes it.
func (p *Position) sequences(from int) []sequence {
	p.s.collect = true
	p.captures(nil, from)
	seqs := p.s.seqs
	p.s.collect, p.s.seqs = false, nil
	return seqs
}

// match finds the capture moves of the counter on entry[0] that fit the
// entry: exact is the move whose sequence the entry spells in full (zero if
// none), fits are the moves with a sequence that starts and ends where the
// entry does and visits its other points in order, and prefix reports that
// a sequence reaches the entry's last point so but must go on.
func (p *Position) match(entry []int) (exact engine.Move, fits []engine.Move, prefix bool) {
	s := &p.s
	s.entry, s.exact, s.fits, s.prefix = entry, engine.Move{}, nil, false
	p.captures(nil, entry[0])
	exact, fits, prefix = s.exact, s.fits, s.prefix
	s.entry, s.fits = nil, nil
	return exact, fits, prefix
}

// visited reports whether the state (at, taken, j) was reached before in
// this search, and marks it. States after one capture are never reached
// twice, so callers ask only after two or more.
func (p *Position) visited(at int, taken set) bool {
	s := &p.s
	if 2*(s.used+1) > len(s.memo) {
		s.grow()
	}
	key := newMove(at, s.j, taken) // the point and j stand in for from and to
	mask := uint64(len(s.memo) - 1)
	h := (key.Lo ^ key.Hi*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
	for i := h >> 32 & mask; ; i = (i + 1) & mask {
		e := &s.memo[i]
		if e.stamp != s.stamp {
			e.key, e.stamp = key, s.stamp
			s.used++
			return false
		}
		if e.key == key {
			return true
		}
	}
}

// grow doubles the memo, keeping this search's marks.
func (s *search) grow() {
	old := s.memo
	s.memo = make([]memoEntry, max(256, 2*len(old)))
	mask := uint64(len(s.memo) - 1)
	for _, e := range old {
		if e.stamp != s.stamp {
			continue
		}
		h := (e.key.Lo ^ e.key.Hi*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
		i := h >> 32 & mask
		for s.memo[i].stamp == s.stamp {
			i = (i + 1) & mask
		}
		s.memo[i] = e
	}
}

// manJumps continues a man's capture sequence from point at, having taken
// the counters in taken (already off the board).
func (p *Position) manJumps(dst []engine.Move, at int, taken set) []engine.Move {
	if p.s.depth >= 2 && p.visited(at, taken) {
		return dst
	}
	b := p.b
	found := false
	for _, j := range b.jumps[at][:b.njumps[at]] {
		if p.cell[j.over]&sideBits != p.s.enemy || p.cell[j.land] != 0 {
			continue
		}
		found = true
		dst = p.jumpTo(dst, int(j.over), int(j.land), taken, false)
	}
	if !found {
		dst = p.end(dst, at, taken)
	}
	return dst
}

// mullahJumps continues a mullah's capture sequence from point at.
func (p *Position) mullahJumps(dst []engine.Move, at int, taken set) []engine.Move {
	if p.s.depth >= 2 && p.visited(at, taken) {
		return dst
	}
	b := p.b
	found := false
	for d := range dirs {
		ray := b.ray[at][d][:b.rayLen[at][d]]
		k := 0
		for k < len(ray) && p.cell[ray[k]] == 0 {
			k++
		}
		if k+1 >= len(ray) || p.cell[ray[k]]&sideBits != p.s.enemy || p.cell[ray[k+1]] != 0 {
			continue
		}
		found = true
		over := int(ray[k])
		for _, land := range ray[k+1:] {
			if p.cell[land] != 0 {
				break
			}
			dst = p.jumpTo(dst, over, int(land), taken, true)
		}
	}
	if !found {
		dst = p.end(dst, at, taken)
	}
	return dst
}

// jumpTo takes the counter on over, lands on land and continues the
// sequence from there.
func (p *Position) jumpTo(dst []engine.Move, over, land int, taken set, mullah bool) []engine.Move {
	s := &p.s
	c := p.cell[over]
	p.cell[over] = 0 // removed at once
	s.path[s.depth], s.taken[s.depth] = int8(land), int8(over)
	s.depth++
	j := s.j
	if s.entry != nil && s.j < len(s.entry)-1 && land == s.entry[s.j+1] {
		s.j++
		if s.j == len(s.entry)-1 {
			s.prefix = true
		}
	}
	if mullah {
		dst = p.mullahJumps(dst, land, taken.with(over))
	} else {
		dst = p.manJumps(dst, land, taken.with(over))
	}
	s.j = j
	s.depth--
	p.cell[over] = c
	return dst
}

// end records a sequence that can go no further, if it took anything.
func (p *Position) end(dst []engine.Move, at int, taken set) []engine.Move {
	s := &p.s
	if s.depth == 0 {
		return dst
	}
	m := newMove(s.from, at, taken)
	switch {
	case s.entry != nil:
		if s.j == len(s.entry)-1 && at == s.entry[s.j] {
			s.fits = append(s.fits, m)
			if s.j == s.depth {
				s.exact = m
			}
		}
	case s.collect:
		sq := sequence{m: m}
		for k := range s.depth {
			sq.path = append(sq.path, int(s.path[k]))
			sq.taken = append(sq.taken, int(s.taken[k]))
		}
		s.seqs = append(s.seqs, sq)
	default:
		dst = append(dst, m)
	}
	return dst
}
