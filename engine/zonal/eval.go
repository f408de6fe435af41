package zonal

import (
	"math/bits"

	"github.com/zugbot/zugbot/engine"
)

// pieceValues are the kinds' values in centipawns, for the evaluation and
// for move ordering.
var pieceValues = [8]int{0, 100, 300, 320, 500, 900, 0, 0}

// Evaluation weights, in centipawns.
const (
	evalAdvance = 4  // each rank a pawn has advanced…
	evalNear    = 30 // …and more for one or two steps from promotion
	evalCentre  = 4  // each step a knight or bishop stands nearer the centre
	evalZone    = 20 // a queen, rook or bishop on a zone square, free to turn
	evalKingOut = 12 // each rank the king has left its home rank, queens on
	evalBishops = 30 // the bishop pair
	evalTempo   = 10 // the move
)

// Evaluate returns a static score of the position from the side to move's
// point of view, in centipawns, for engine/ai's alpha-beta search:
// material, pawns' advance towards their promotion squares, knights and
// bishops near the centre, riders in a zone (where they may turn), the
// bishop pair, and a king that wanders from home while queens are on the
// board.
func (p *Position) Evaluate() int {
	return p.evaluate(p.turn) - p.evaluate(p.turn^1) + evalTempo
}

// evaluate returns side s's share of the score.
func (p *Position) evaluate(s engine.Side) int {
	l := p.l
	c := &p.counts[s]
	score := 0
	for k := pawn; k <= queen; k++ {
		score += c[k] * pieceValues[k]
	}
	if c[bishop] >= 2 {
		score += evalBishops
	}
	// The centre of the board, doubled to stay in integers.
	cf, cr := l.files-1, l.ranks-1
	for w, word := range p.occ[s] {
		for ; word != 0; word &= word - 1 {
			sq := w<<6 | bits.TrailingZeros64(word)
			switch p.board[sq] & 7 {
			case pawn:
				left := p.promoDistance(s, sq)
				score += evalAdvance * (l.ranks - 2 - left)
				if left <= 2 {
					score += evalNear * (3 - left)
				}
			case knight, bishop:
				score -= evalCentre * (abs(2*l.file[sq]-cf) + abs(2*l.rank[sq]-cr)) / 2
				if p.board[sq]&7 == bishop && l.cells[sq] == zoned {
					score += evalZone
				}
			case rook, queen:
				if l.cells[sq] == zoned {
					score += evalZone
				}
			}
		}
	}
	if p.counts[0][queen]+p.counts[1][queen] > 0 {
		home := 0
		if s == Black {
			home = l.ranks - 1
		}
		score -= evalKingOut * abs(l.rank[p.kings[s]]-home)
	}
	return score
}

// promoDistance returns how many steps the pawn of side s on sq is from
// the promotion square of its file.
func (p *Position) promoDistance(s engine.Side, sq int) int {
	n := 0
	for t := sq; !p.l.promo[s].has(t); t += forward(s) {
		n++
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Noisy reports whether legal move m captures or promotes: the moves
// engine/ai's quiescence search follows.
func (p *Position) Noisy(em engine.Move) bool {
	m := move(em.Lo)
	return m.promo() != 0 || m&flagEP != 0 || (m&flagCastle == 0 && p.board[m.to()] != 0)
}

// Order returns a move-ordering hint for engine/ai: promotions and captures
// first, the most valuable victim taken by the least valuable attacker
// first.
func (p *Position) Order(em engine.Move) int {
	m := move(em.Lo)
	hint := 0
	if k := m.promo(); k != 0 {
		hint += pieceValues[k]
	}
	victim := pieceValues[pawn]
	switch {
	case m&flagEP != 0:
	case m&flagCastle == 0 && p.board[m.to()] != 0:
		victim = pieceValues[p.board[m.to()]&7]
	default:
		return hint
	}
	return hint + 10*victim - pieceValues[p.board[m.from()]&7]/10 + 1000
}

// FutilityMargin is the most a quiet move (and, at depth 2, the reply)
// can gain in the evaluation, in centipawns (see ai.Futile): a minor
// piece's worth a ply from the leaves, nearly a rook's two.
func (p *Position) FutilityMargin(depth int) int {
	if depth <= 1 {
		return 250
	}
	return 450
}

// DoNull passes the turn without a move: the search's null move (see
// ai.NullMover). The en passant square goes, and the position starts
// afresh for repetitions; UndoNull takes it back.
func (p *Position) DoNull() {
	p.hist = append(p.hist, undo{hash: p.hash, half: int32(p.half), castle: p.castle, ep: uint8(p.ep)})
	p.known = false
	h := p.hash ^ p.l.blackKey
	if p.ep != 0 {
		h ^= p.l.epKey[p.ep]
		p.ep = 0
	}
	p.half = 0
	p.turn ^= 1
	p.hash = h
}

// UndoNull takes back DoNull.
func (p *Position) UndoNull() {
	u := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.known = false
	p.turn ^= 1
	p.hash, p.half, p.ep = u.hash, int(u.half), int(u.ep)
}

// NullSafe reports whether passing is a fair test of the position: the
// side to move has a piece besides its king and pawns, so that it is
// hardly ever in zugzwang.
func (p *Position) NullSafe() bool {
	c := &p.counts[p.turn]
	return c[knight]+c[bishop]+c[rook]+c[queen] > 0
}
