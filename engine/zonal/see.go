package zonal

import (
	"math/bits"

	"github.com/zugbot/zugbot/engine"
)

// seeValues are the kinds' values for exchanges: pieceValues, with a king
// worth more than everything else together, so that an exchange never
// counts on giving it up.
var seeValues = func() [8]int {
	v := pieceValues
	v[king] = 20_000
	return v
}()

// Losing reports whether legal move m, a capture or a promotion, loses
// material once both sides have recaptured on its square as suits them
// (see exchange): the search tries such moves late and leaves them out of
// its capture search (see ai.Exchanger). A move that neither captures nor
// promotes loses nothing.
func (p *Position) Losing(em engine.Move) bool {
	m := move(em.Lo)
	if m&flagCastle != 0 || m.promo() == 0 && m&flagEP == 0 && p.at(m.to()) == 0 {
		return false
	}
	mover := p.at(m.from()) & 7
	if mover == king {
		return false // a legal king capture cannot be answered
	}
	victim := seeValues[p.at(m.to())&7]
	if m.promo() == 0 && victim >= seeValues[mover] {
		return false // it wins at least what it risks
	}
	return p.exchange(m) < 0
}

// Exchange returns what legal move m wins by exchange, in centipawns
// (see exchange): for a quiet move, 0 or minus what the enemy wins by
// taking the piece moved (see ai.Exchanger). Castling and a king's move
// risk nothing.
func (p *Position) Exchange(em engine.Move) int {
	m := move(em.Lo)
	if m&flagCastle != 0 || p.at(m.from())&7 == king {
		return 0
	}
	return p.exchange(m)
}

// PruneByExchange reports whether the search should skip moves that lose
// material by Exchange near the leaves (see ai.ExchangePruner): on the
// chess board, where it gained 46 Elo in self-play, and not on the zonal
// board, where it lost 91 (the README's technique table).
func (p *Position) PruneByExchange() bool { return len(p.l.zones) == 0 }

// exchange returns the static exchange evaluation of move m of the side to
// move: what it wins in material, in centipawns, if after it the sides take
// turns capturing on its square with their least valuable piece there,
// each free to stop when going on would cost it. Pieces that stand behind
// a capturer join in once it has gone (x-rays), bent paths through a zone
// included; pins are not considered.
func (p *Position) exchange(m move) int {
	from, to := m.from(), m.to()
	x := &p.swaps // scratch, not zeroed at each call as locals would be
	gain, lifted, pieces := &x.gain, &x.lifted, &x.pieces
	occ := p.zoneOcc // put back with the pieces, below
	n := 0
	lift := func(sq int) {
		lifted[n], pieces[n] = sq, p.at(sq)
		p.put(sq, 0)
		n++
	}
	onSquare := seeValues[p.at(from)&7]
	gain[0] = seeValues[p.at(to)&7]
	if k := m.promo(); k != 0 {
		gain[0] += seeValues[k] - seeValues[pawn]
		onSquare = seeValues[k]
	}
	if m&flagEP != 0 {
		gain[0] = seeValues[pawn]
		lift(to - forward(p.turn))
	}
	lift(from)
	side := p.turn ^ 1
	d := 0
	for d+1 < len(gain) && n < len(lifted) {
		sq, kind := p.cheapestAttacker(to, side)
		if kind == 0 {
			break
		}
		d++
		gain[d] = onSquare - gain[d-1]
		onSquare = seeValues[kind]
		lift(sq)
		side ^= 1
	}
	// Each capturer takes or stops, whichever leaves it more.
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	for i := n - 1; i >= 0; i-- {
		p.board[lifted[i]] = pieces[i]
	}
	p.zoneOcc = occ
	return gain[0]
}

// swaps is the scratch of an exchange: the gains after each capture, and
// the squares emptied for it with their pieces, to put back.
type swaps struct {
	gain   [40]int
	lifted [40]int
	pieces [40]uint8
}

// cheapestAttacker returns the square and kind of the least valuable piece
// of side by that attacks sq as the board stands, or kind 0 if none does.
func (p *Position) cheapestAttacker(sq int, by engine.Side) (from int, kind uint8) {
	c := colour(by)
	back := sq - forward(by)
	// The pawns' and the knights' squares and the lines written out, in
	// the order of jumps and everyWay: an array of the squares to loop
	// over costs more than the tests.
	if p.at(back+east) == c|pawn {
		return back + east, pawn
	}
	if p.at(back+west) == c|pawn {
		return back + west, pawn
	}
	n := c | knight
	switch {
	case p.at(sq+2*north+east) == n:
		return sq + 2*north + east, knight
	case p.at(sq+2*north+west) == n:
		return sq + 2*north + west, knight
	case p.at(sq+2*south+east) == n:
		return sq + 2*south + east, knight
	case p.at(sq+2*south+west) == n:
		return sq + 2*south + west, knight
	case p.at(sq+north+2*east) == n:
		return sq + north + 2*east, knight
	case p.at(sq+north+2*west) == n:
		return sq + north + 2*west, knight
	case p.at(sq+south+2*east) == n:
		return sq + south + 2*east, knight
	case p.at(sq+south+2*west) == n:
		return sq + south + 2*west, knight
	}
	from, kind = 0, king+1
	from, kind = p.cheaperAlong(sq, north, c, rook, from, kind)
	from, kind = p.cheaperAlong(sq, south, c, rook, from, kind)
	from, kind = p.cheaperAlong(sq, east, c, rook, from, kind)
	from, kind = p.cheaperAlong(sq, west, c, rook, from, kind)
	from, kind = p.cheaperAlong(sq, north+east, c, bishop, from, kind)
	from, kind = p.cheaperAlong(sq, north+west, c, bishop, from, kind)
	from, kind = p.cheaperAlong(sq, south+east, c, bishop, from, kind)
	from, kind = p.cheaperAlong(sq, south+west, c, bishop, from, kind)
	if kind > bishop && len(p.l.zones) > 0 {
		z := p.occ[by].and(p.l.zone)
		for w, word := range z {
			for ; word != 0; word &= word - 1 {
				t := w<<6 | bits.TrailingZeros64(word)
				k := p.at(t) & 7
				if p.at(t)&c == 0 || k >= kind {
					continue // lifted, or no cheaper than what we have
				}
				if rider(k) && p.reaches(t, k, sq) {
					from, kind = t, k
				}
			}
		}
	}
	if kind == king+1 {
		return 0, 0
	}
	return from, kind
}

// cheaperAlong returns the square and kind of the first piece on the line
// from sq in direction d if it has colour c, attacks sq along the line (a
// queen, a piece of kind rider, or a king a step away), and is cheaper
// than kind; otherwise from and kind as they were.
func (p *Position) cheaperAlong(sq, d int, c, rider uint8, from int, kind uint8) (int, uint8) {
	t := sq + d
	for p.at(t) == 0 {
		t += d
	}
	pc := p.at(t)
	if k := pc & 7; pc&c != 0 && k < kind && (k == queen || k == rider || k == king && t == sq+d) {
		return t, k
	}
	return from, kind
}
