package zola

import (
	"math/bits"

	"github.com/zugbot/zugbot/engine"
)

// Evaluation weights, in hundredths of a checker, tuned in matches against
// plain MCTS on 6×6.
const (
	evalChecker = 60 // a checker
	evalLevel   = 8  // each level a checker stands away from the centre
	evalHang    = 60 // the best enemy checker the side to move can take for free
	evalHangN   = 10 // each further one
	evalOwnHang = 15 // each checker of the side to move that hangs
	evalTarget  = 5  // each enemy checker that one of ours can take
)

// Evaluate returns a static score of the position from the side to move's
// point of view, in hundredths of a checker, for engine/ai's alpha-beta
// search. It counts the checkers, valuing those far from the centre more
// (they can capture more and fewer enemies can capture them), and the
// captures at hand: enemy checkers the side to move can take for free, its
// own checkers that the opponent could, and all the checkers either side
// can take.
func (p *Position) Evaluate() int {
	us, them := p.own[p.turn], p.own[p.turn^1]
	ours, theirs := p.reach(us, them), p.reach(them, us)
	score := evalChecker*(bits.OnesCount64(us)-bits.OnesCount64(them)) +
		evalLevel*(p.height(us)-p.height(them))
	if hang := bits.OnesCount64(them & ours &^ theirs); hang > 0 {
		score += evalHang + evalHangN*(hang-1)
	}
	score -= evalOwnHang * bits.OnesCount64(us&theirs&^ours)
	score += evalTarget * (bits.OnesCount64(them&ours) - bits.OnesCount64(us&theirs))
	return score
}

// reach returns the squares that the checkers of us could capture on if an
// enemy checker stood there: the first occupied square on each of their
// rays, when it is no farther from the centre.
func (p *Position) reach(us, them uint64) uint64 {
	b := p.b
	occ := us | them
	var t uint64
	for s := us; s != 0; s &= s - 1 {
		from := bits.TrailingZeros64(s)
		near := b.notFar[from]
		for d := range 8 {
			if ray := b.rays[from][d] & occ; ray != 0 {
				t |= 1 << nearest(ray, d) & near
			}
		}
	}
	return t
}

// height returns the sum of the levels of the checkers of set.
func (p *Position) height(set uint64) int {
	n := 0
	for s := set; s != 0; s &= s - 1 {
		n += p.b.level[bits.TrailingZeros64(s)]
	}
	return n
}

// Order returns a move-ordering hint for the search: captures first, those
// of checkers far from the centre (which threaten most) before others.
func (p *Position) Order(m engine.Move) int {
	_, to, kind := decode(m)
	if kind != kindCapture {
		return 0
	}
	return 100 + p.b.level[to]
}
