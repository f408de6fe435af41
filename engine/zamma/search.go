package zamma

import (
	"slices"

	"github.com/zugbot/zugbot/engine"
)

// search is the scratch state of the capture search of one counter. It
// lives in the Position so that Moves does not allocate.
type search struct {
	from  int
	enemy uint8 // the cell value of an enemy man, without mullahBit
	base  int   // where this counter's moves start in dst, to merge duplicates
	depth int   // captures so far in the sequence being built
	path  [maxCounters]int8
	taken [maxCounters]int8
	// collect makes the search record every sequence in seqs instead of
	// appending distinct moves.
	collect bool
	seqs    []sequence
}

// sequence is one capture sequence: the points it lands on after the start,
// and the points whose counters it takes, in order.
type sequence struct {
	m           engine.Move
	path, taken []int
}

// captures appends the capture moves of the counter on from, one per
// distinct result.
func (p *Position) captures(dst []engine.Move, from int) []engine.Move {
	c := p.cell[from]
	p.s.from, p.s.enemy, p.s.base, p.s.depth = from, man(p.turn^1), len(dst), 0
	p.cell[from] = 0 // the capturing counter has left its point
	if c&mullahBit != 0 {
		dst = p.mullahJumps(dst, from, set{})
	} else {
		dst = p.manJumps(dst, from, set{})
	}
	p.cell[from] = c
	return dst
}

// sequences returns every capture sequence of the counter on from.
func (p *Position) sequences(from int) []sequence {
	p.s.collect = true
	p.captures(nil, from)
	seqs := p.s.seqs
	p.s.collect, p.s.seqs = false, nil
	return seqs
}

// manJumps continues a man's capture sequence from point at, having taken
// the counters in taken (already removed from the board).
func (p *Position) manJumps(dst []engine.Move, at int, taken set) []engine.Move {
	b := p.b
	found := false
	for _, j := range b.jumps[at][:b.njumps[at]] {
		c := p.cell[j.over]
		if c&sideBits != p.s.enemy || p.cell[j.land] != 0 {
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
	c := p.cell[over]
	p.cell[over] = 0 // removed at once
	p.s.path[p.s.depth], p.s.taken[p.s.depth] = int8(land), int8(over)
	p.s.depth++
	if mullah {
		dst = p.mullahJumps(dst, land, taken.with(over))
	} else {
		dst = p.manJumps(dst, land, taken.with(over))
	}
	p.s.depth--
	p.cell[over] = c
	return dst
}

// end records a sequence that can go no further, if it took anything.
func (p *Position) end(dst []engine.Move, at int, taken set) []engine.Move {
	if p.s.depth == 0 {
		return dst
	}
	m := newMove(p.s.from, at, taken)
	if p.s.collect {
		sq := sequence{m: m}
		for k := range p.s.depth {
			sq.path = append(sq.path, int(p.s.path[k]))
			sq.taken = append(sq.taken, int(p.s.taken[k]))
		}
		p.s.seqs = append(p.s.seqs, sq)
		return dst
	}
	if !slices.Contains(dst[p.s.base:], m) {
		dst = append(dst, m)
	}
	return dst
}
