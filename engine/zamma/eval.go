package zamma

import (
	"github.com/zugbot/zugbot/engine"
)

// Evaluation weights, in hundredths of a man.
const (
	evalMan     = 100 // a man
	evalMullah  = 300 // a mullah: it flies along the lines and captures from afar
	evalAdvance = 3   // each rank a man has advanced
	evalNear    = 15  // a man one step from promotion, beyond its advance
	evalCounter = 5   // each counter more than the opponent: counting decides a blocked-out game
)

// Evaluate returns a static score of the position from the side to move's
// point of view, in hundredths of a man, for engine/ai's alpha-beta search:
// the men and mullahs of each side, how far the men have advanced towards
// promotion, and a little for having more counters, which is what the count
// at the end of a drawn-out game compares.
func (p *Position) Evaluate() int {
	score := p.material(p.turn) - p.material(p.turn^1)
	return score + evalCounter*(p.own[p.turn].len()-p.own[p.turn^1].len())
}

// material returns the value of side's counters.
func (p *Position) material(side engine.Side) int {
	v := 0
	for s := p.own[side]; !s.empty(); {
		i := s.pop()
		if p.cell[i]&mullahBit != 0 {
			v += evalMullah
			continue
		}
		_, rank := fileRank(i)
		advance := rank // Black moves up the board
		if side == White {
			advance = files - 1 - rank
		}
		v += evalMan + evalAdvance*advance
		if advance == files-2 {
			v += evalNear
		}
	}
	return v
}

// Noisy reports whether legal move m captures or promotes: the moves
// engine/ai's capture search follows.
func (p *Position) Noisy(m engine.Move) bool {
	from, to, taken := decode(m)
	return !taken.empty() || p.promotes(from, to)
}

// Order returns a move-ordering hint for the search: captures by the
// number of counters they take (mullahs counting triple), then promotions,
// then other moves.
func (p *Position) Order(m engine.Move) int {
	from, to, taken := decode(m)
	h := 0
	for s := taken; !s.empty(); {
		if p.cell[s.pop()]&mullahBit != 0 {
			h += 300
		} else {
			h += 100
		}
	}
	if p.promotes(from, to) {
		h += 250
	}
	return h
}

// promotes reports whether the counter on from becomes a mullah by ending a
// move on to.
func (p *Position) promotes(from, to int) bool {
	return p.cell[from]&mullahBit == 0 && p.b.far[p.turn].has(to)
}
