package zonal

import (
	"math/bits"

	"github.com/zugbot/zugbot/engine"
)

// riderDirs returns the directions of a rider kind, or nil for the others.
func riderDirs(kind uint8) []int {
	switch kind {
	case bishop:
		return diagonal[:]
	case rook:
		return orthogonal[:]
	case queen:
		return everyWay[:]
	}
	return nil
}

// zonePins adds to pinned the pieces of the side to move that shield its
// king from the bent paths of enemy riders standing in a zone: those whose
// removal lets such a rider reach the king. Moving a piece elsewhere cannot
// open a bent path, since it empties only its own square. It reports
// whether such a rider attacks the king already, and (when none does) every
// square those riders attack, which is where the king may not go.
func (p *Position) zonePins(pinned *set) (check bool, attacks set) {
	us := p.turn
	k := p.kings[us]
	z := p.occ[us^1].and(p.l.zone)
	for w, word := range z {
		for ; word != 0; word &= word - 1 {
			from := w<<6 | bits.TrailingZeros64(word)
			kind := p.at(from) & 7
			if !rider(kind) {
				continue
			}
			hits := p.reach(from, kind, whiteBit|blackBit)
			if hits.has(k) {
				return true, attacks
			}
			attacks = attacks.or(hits)
			shields := hits.and(p.occ[us])
			for w, word := range shields {
				for ; word != 0; word &= word - 1 {
					sq := w<<6 | bits.TrailingZeros64(word)
					if pinned.has(sq) {
						continue
					}
					pc := p.at(sq)
					p.put(sq, 0)
					if p.reaches(from, kind, k) {
						pinned.add(sq)
					}
					p.put(sq, pc)
				}
			}
		}
	}
	return false, attacks
}

// reach returns every square a rider of kind standing on zone square
// from can move to (or attack): it floods the zone it stands in, turning
// on each empty zone square it reaches, and goes straight on once it
// steps off the zone. enemy is the colour bit of the pieces it may
// capture. The rider must stand on from, and no piece may be lifted from
// the board.
func (p *Position) reach(from int, kind uint8, enemy uint8) set {
	a, turns, seen := p.turns(from, kind)
	k := kind - bishop
	// Within the zone: the squares a step from a turning square are the
	// others where it may turn, and pieces, which it takes if they are
	// enemies (but the rider itself).
	in := turns &^ (1 << p.l.areaBit[from])
	for taken := seen &^ turns; taken != 0; taken &= taken - 1 {
		i := bits.TrailingZeros32(taken)
		if p.board[a.squares[i]]&enemy != 0 {
			in |= 1 << i
		}
	}
	dest := a.set(in)
	// Off the zone: straight on, never turning again. A line that comes
	// back to from stops there, at the rider itself, which is no square
	// of its own to take.
	for out := turns & a.exiting[k]; out != 0; out &= out - 1 {
		i := bits.TrailingZeros32(out)
		s := a.squares[i]
		for _, d := range a.exits[k][i] {
			t := s + d
			c := p.at(t)
			for ; c == 0; c = p.at(t) {
				dest.add(t)
				t += d
			}
			if c&enemy != 0 && t != from {
				dest.add(t)
			}
		}
	}
	return dest
}

// turns returns the zone of square from and the squares of it where a
// rider of kind standing on from may change direction, as a mask of the
// zone's squares: from itself, and every empty zone square it reaches a
// step at a time from one of them. seen holds those and the zone's
// squares a step from them, which hold pieces. The flood depends only on
// which squares of the zone hold pieces (zoneOcc), so the last one for
// each square and kind is kept, and flooded again only when they change.
func (p *Position) turns(from int, kind uint8) (a *area, turns, seen uint32) {
	l := p.l
	id, bit := l.areaOf[from], l.areaBit[from]
	a = &l.areas[id]
	occ := p.zoneOcc[id]
	f := &p.floods[id][bit&31][(kind-bishop)%3]
	if f.turns != 0 && f.occ == occ {
		return a, f.turns, f.seen
	}
	steps := a.steps[kind-bishop]
	turns = uint32(1) << bit
	seen = turns
	for next := turns; next != 0; {
		var reached uint32
		for ; next != 0; next &= next - 1 {
			reached |= steps[bits.TrailingZeros32(next)]
		}
		fresh := reached &^ seen
		seen |= fresh
		next = fresh &^ occ
		turns |= next
	}
	*f = flood{occ: occ, turns: turns, seen: seen}
	return a, turns, seen
}

// A flood is what turns found for a rider on a square, and the zone's
// squares that held pieces then.
type flood struct {
	occ, turns, seen uint32
}

// reaches reports whether a rider of kind standing on zone square from
// reaches target, as reach would find it: whether, walking back from
// target along one of its directions over empty squares, one comes to a
// square where the rider may turn (see turns). The nearest such square on
// the walk starts a straight line to target: the step after it is target,
// or an empty square off the zone (an empty zone square there would be a
// turning square, and nearer). The zone squares of the walks are found
// first, and the flood of turns is needed only if there are some.
func (p *Position) reaches(from int, kind uint8, target int) bool {
	l := p.l
	area := l.areaOf[from]
	var goal uint32
	for _, d := range riderDirs(kind) {
		for t := target - d; ; t -= d {
			if l.areaOf[t] == area {
				goal |= 1 << l.areaBit[t]
			}
			if p.at(t) != 0 {
				break
			}
		}
	}
	if goal == 0 {
		return false
	}
	_, turns, _ := p.turns(from, kind)
	return turns&goal != 0
}

// rider reports whether kind is a queen, rook or bishop.
func rider(kind uint8) bool { return kind >= bishop && kind <= queen }

// attacked reports whether side by attacks square sq: whether a piece of
// by could capture a piece standing there.
func (p *Position) attacked(sq int, by engine.Side) bool {
	if p.attackedStraight(sq, by) {
		return true
	}
	if len(p.l.zones) == 0 {
		return false
	}
	z := p.occ[by].and(p.l.zone)
	for w, word := range z {
		for ; word != 0; word &= word - 1 {
			from := w<<6 | bits.TrailingZeros64(word)
			if kind := p.at(from) & 7; rider(kind) && p.reaches(from, kind, sq) {
				return true
			}
		}
	}
	return false
}

// attackedStraight is attacked without the bent paths of riders in a
// zone: pawns, knights, the king, and riders along straight lines.
func (p *Position) attackedStraight(sq int, by engine.Side) bool {
	c := colour(by)
	if p.leaperCheck(sq, by) {
		return true
	}
	// Each line from sq, written out rather than looped over.
	return p.attackedAlong(sq, north, c, rook) || p.attackedAlong(sq, south, c, rook) ||
		p.attackedAlong(sq, east, c, rook) || p.attackedAlong(sq, west, c, rook) ||
		p.attackedAlong(sq, north+east, c, bishop) || p.attackedAlong(sq, north+west, c, bishop) ||
		p.attackedAlong(sq, south+east, c, bishop) || p.attackedAlong(sq, south+west, c, bishop)
}

// attackedAlong reports whether the line from sq in direction d holds a
// king of colour c a step away, or further on a queen of colour c or a
// piece of colour c and kind rider.
func (p *Position) attackedAlong(sq, d int, c, rider uint8) bool {
	t := sq + d
	if p.at(t) == c|king {
		return true
	}
	for p.at(t) == 0 {
		t += d
	}
	pc := p.at(t)
	return pc == c|rider || pc == c|queen
}

// leaperCheck reports whether a pawn or knight of side by attacks sq.
func (p *Position) leaperCheck(sq int, by engine.Side) bool {
	c := colour(by)
	back := sq - forward(by)
	n := c | knight
	return p.at(back+east) == c|pawn || p.at(back+west) == c|pawn ||
		p.at(sq+2*north+east) == n || p.at(sq+2*north+west) == n || p.at(sq+2*south+east) == n || p.at(sq+2*south+west) == n ||
		p.at(sq+north+2*east) == n || p.at(sq+north+2*west) == n || p.at(sq+south+2*east) == n || p.at(sq+south+2*west) == n
}

// safe reports whether move m of the side to move leaves its king
// unattacked.
func (p *Position) safe(m move) bool {
	us := p.turn
	p.make(m)
	ok := !p.attacked(p.kings[us], us^1)
	p.unmake()
	return ok
}

// pins returns the squares of the side to move's pieces pinned to its king
// along a straight line, and whether the king is attacked along one.
func (p *Position) pins() (pinned set, check bool) {
	us := p.turn
	k := p.kings[us]
	own, enemy := colour(us), colour(us^1)
	for i, d := range everyWay {
		straight := i < 4
		t := k + d
		for p.at(t) == 0 {
			t += d
		}
		pc := p.at(t)
		if pc&(own|enemy) == 0 {
			continue
		}
		if pc&enemy != 0 {
			if k := pc & 7; k == queen || (straight && k == rook) || (!straight && k == bishop) {
				check = true
			}
			continue
		}
		u := t + d
		for p.at(u) == 0 {
			u += d
		}
		if pc := p.at(u); pc&enemy != 0 {
			if k := pc & 7; k == queen || (straight && k == rook) || (!straight && k == bishop) {
				pinned.add(t)
			}
		}
	}
	return pinned, check
}

// legal appends the legal moves of the side to move to dst, whatever the
// draw rules say.
func (p *Position) legal(dst []move) []move { return p.generate(dst, false) }

// generate appends the legal moves of the side to move to dst, whatever the
// draw rules say; only the noisy ones (see Noisy) when noisy is set.
func (p *Position) generate(dst []move, noisy bool) []move {
	us, them := p.turn, p.turn^1
	k := p.kings[us]
	pinned, check := p.pins()
	check = check || p.leaperCheck(k, them)
	var zoneAttacks set
	if !check && len(p.l.zones) > 0 {
		check, zoneAttacks = p.zonePins(&pinned)
	}
	start := len(dst)
	dst = p.pseudo(dst, check, noisy)
	defer p.knowCheck(check)
	if check {
		// In check: the king's moves, en passant and the moves that end
		// where they could take every checking piece or stand in its way
		// are tested; the others leave the king in check.
		block := p.evasions()
		n := start
		for _, m := range dst[start:] {
			if m.from() != k && m&flagEP == 0 && !block.has(m.to()) {
				continue
			}
			if p.safe(m) {
				dst[n] = m
				n++
			}
		}
		return dst[:n]
	}
	n := start
	for _, m := range dst[start:] {
		from := m.from()
		switch {
		case from == k:
			if m&flagCastle == 0 && (zoneAttacks.has(m.to()) || !p.kingSafe(k, m.to())) {
				continue
			}
		case pinned.has(from) || m&flagEP != 0:
			if !p.safe(m) {
				continue
			}
		}
		dst[n] = m
		n++
	}
	return dst[:n]
}

// evasions returns the squares where a move other than the king's may end
// when the side to move is in check: for each piece that gives check, its
// square and every square on its paths to the king (for a rider in a zone,
// every square it reaches, a superset of its bent paths). A move elsewhere
// leaves some checking piece untaken and unblocked, unless it takes en
// passant, which the caller tests apart.
func (p *Position) evasions() set {
	us, them := p.turn, p.turn^1
	k := p.kings[us]
	enemy := colour(them)
	block := set{^uint64(0), ^uint64(0), ^uint64(0)}
	only := func(sq int) {
		var s set
		s.add(sq)
		block = block.and(s)
	}
	back := k + forward(us)
	for _, sq := range [2]int{back + east, back + west} {
		if p.at(sq) == enemy|pawn {
			only(sq)
		}
	}
	for _, d := range jumps {
		if p.at(k+d) == enemy|knight {
			only(k + d)
		}
	}
	for i, d := range everyWay {
		var path set
		t := k + d
		for ; p.at(t) == 0; t += d {
			path.add(t)
		}
		kind := p.at(t) & 7
		if p.at(t)&enemy != 0 && (kind == queen || (i < 4 && kind == rook) || (i >= 4 && kind == bishop)) {
			path.add(t)
			block = block.and(path)
		}
	}
	z := p.occ[them].and(p.l.zone)
	for w, word := range z {
		for ; word != 0; word &= word - 1 {
			from := w<<6 | bits.TrailingZeros64(word)
			kind := p.at(from) & 7
			if !rider(kind) {
				continue
			}
			if hits := p.reach(from, kind, whiteBit|blackBit); hits.has(k) {
				hits.add(from)
				block = block.and(hits)
			}
		}
	}
	return block
}

// kingSafe reports whether the king of the side to move, on from, would be
// safe on to from all but the bent paths of riders in a zone (which cannot
// reach the king where it stands, or it would be in check, so lifting it
// changes none of them).
func (p *Position) kingSafe(from, to int) bool {
	// The attacks on to start beside it, so what stands there does not
	// matter; the king is lifted so that it does not shield its own path.
	pc := p.at(from)
	p.put(from, 0)
	ok := !p.attackedStraight(to, p.turn^1)
	p.put(from, pc)
	return ok
}

// pseudo appends the moves of the side to move that obey every rule but
// the safety of its own king (castling excepted, which it checks in full;
// check says whether the king is in check now); only the noisy ones (see
// Noisy) when noisy is set.
func (p *Position) pseudo(dst []move, check, noisy bool) []move {
	us := p.turn
	l := p.l
	enemy := colour(us ^ 1)
	fwd := forward(us)
	for w, word := range p.occ[us] {
		for ; word != 0; word &= word - 1 {
			from := w<<6 | bits.TrailingZeros64(word)
			switch p.at(from) & 7 {
			case pawn:
				dst = p.pawnMoves(dst, from, fwd, enemy, noisy)
			case knight:
				// The steps written out, in the order of jumps.
				dst = p.stepMove(dst, from, 2*north+east, enemy, noisy)
				dst = p.stepMove(dst, from, 2*north+west, enemy, noisy)
				dst = p.stepMove(dst, from, 2*south+east, enemy, noisy)
				dst = p.stepMove(dst, from, 2*south+west, enemy, noisy)
				dst = p.stepMove(dst, from, north+2*east, enemy, noisy)
				dst = p.stepMove(dst, from, north+2*west, enemy, noisy)
				dst = p.stepMove(dst, from, south+2*east, enemy, noisy)
				dst = p.stepMove(dst, from, south+2*west, enemy, noisy)
			case king:
				// The steps written out, in the order of everyWay.
				dst = p.stepMove(dst, from, north, enemy, noisy)
				dst = p.stepMove(dst, from, south, enemy, noisy)
				dst = p.stepMove(dst, from, east, enemy, noisy)
				dst = p.stepMove(dst, from, west, enemy, noisy)
				dst = p.stepMove(dst, from, north+east, enemy, noisy)
				dst = p.stepMove(dst, from, north+west, enemy, noisy)
				dst = p.stepMove(dst, from, south+east, enemy, noisy)
				dst = p.stepMove(dst, from, south+west, enemy, noisy)
				if !check && !noisy && p.castle&(3<<(2*us)) != 0 {
					dst = p.castling(dst, from)
				}
			default:
				kind := p.at(from) & 7
				if l.cells[from] == zoned {
					dest := p.reach(from, kind, enemy)
					if noisy {
						dest = dest.and(p.occ[us^1])
					}
					for w, word := range dest {
						for ; word != 0; word &= word - 1 {
							dst = append(dst, mk(from, w<<6|bits.TrailingZeros64(word)))
						}
					}
					continue
				}
				// The lines written out, in the order of riderDirs.
				if kind != bishop {
					dst = p.lineMoves(dst, from, north, enemy, noisy)
					dst = p.lineMoves(dst, from, south, enemy, noisy)
					dst = p.lineMoves(dst, from, east, enemy, noisy)
					dst = p.lineMoves(dst, from, west, enemy, noisy)
				}
				if kind != rook {
					dst = p.lineMoves(dst, from, north+east, enemy, noisy)
					dst = p.lineMoves(dst, from, north+west, enemy, noisy)
					dst = p.lineMoves(dst, from, south+east, enemy, noisy)
					dst = p.lineMoves(dst, from, south+west, enemy, noisy)
				}
			}
		}
	}
	return dst
}

// stepMove appends the move of the leaper on from a step d away, if it
// may go there: to an empty square (unless noisy), or onto a piece of
// colour enemy.
func (p *Position) stepMove(dst []move, from, d int, enemy uint8, noisy bool) []move {
	if c := p.at(from + d); (c == 0 && !noisy) || c&enemy != 0 {
		dst = append(dst, mk(from, from+d))
	}
	return dst
}

// lineMoves appends the moves of the rider on from along direction d: to
// the empty squares (unless noisy), and to the first piece met if it has
// colour enemy.
func (p *Position) lineMoves(dst []move, from, d int, enemy uint8, noisy bool) []move {
	t := from + d
	for ; p.at(t) == 0; t += d {
		if !noisy {
			dst = append(dst, mk(from, t))
		}
	}
	if p.at(t)&enemy != 0 {
		dst = append(dst, mk(from, t))
	}
	return dst
}

// pawnMoves appends the moves of the pawn on from: only its captures and
// promotions when noisy is set.
func (p *Position) pawnMoves(dst []move, from, fwd int, enemy uint8, noisy bool) []move {
	us := p.turn
	t := from + fwd
	if p.at(t) == 0 && (!noisy || p.l.promo[us].has(t)) {
		dst = p.pawnTo(dst, from, t)
		if !noisy && p.l.rank[from] == p.l.home[us] && p.at(t+fwd) == 0 {
			dst = append(dst, mk(from, t+fwd)|flagDouble)
		}
	}
	// The two captures, east then west, as a loop over the two
	// steps rather than an array of the squares, which costs more.
	for step := east; ; step = west {
		if t := from + fwd + step; p.at(t)&enemy != 0 {
			dst = p.pawnTo(dst, from, t)
		} else if t == p.ep && p.ep != 0 {
			dst = append(dst, mk(from, t)|flagEP)
		}
		if step == west {
			return dst
		}
	}
}

// pawnTo appends a pawn's move from from to to, one per promotion choice
// when to is a promotion square.
func (p *Position) pawnTo(dst []move, from, to int) []move {
	m := mk(from, to)
	if p.l.promo[p.turn].has(to) {
		return append(dst, m|move(queen)<<16, m|move(rook)<<16, m|move(bishop)<<16, m|move(knight)<<16)
	}
	return append(dst, m)
}

// castling appends the castling moves of the king on from, which is not in
// check: the squares between king and rook must be empty, the square the
// king crosses unattacked, and the king safe where it lands.
func (p *Position) castling(dst []move, from int) []move {
	us := p.turn
	r := p.l.rank[from]
	for wing := range 2 {
		if p.castle&castleBit(us, wing) == 0 {
			continue
		}
		rook := square(p.l.rookFile[wing], r)
		step := east
		if rook < from {
			step = west
		}
		clear := true
		for sq := from + step; sq != rook; sq += step {
			if p.at(sq) != 0 {
				clear = false
				break
			}
		}
		// The square the king crosses is tested as the board stands; where
		// it lands, after the rook has moved too: on the zonal board a
		// piece beyond the rook (on d1, say) may attack through its square.
		m := mk(from, from+2*step) | flagCastle
		if !clear || p.attacked(from+step, us^1) || !p.safe(m) {
			continue
		}
		dst = append(dst, m)
	}
	return dst
}

// perft counts the leaves of the game tree depth plies deep, as
// engine.Perft does. With bulk set it counts the last ply's moves without
// playing them.
func (p *Position) perft(depth int, bufs [][]move, bulk bool) uint64 {
	if depth == 0 {
		return 1
	}
	if p.drawn() != "" {
		return 0
	}
	moves := p.legal(bufs[depth][:0])
	bufs[depth] = moves
	if depth == 1 && bulk {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.make(m)
		n += p.perft(depth-1, bufs, bulk)
		p.unmake()
	}
	return n
}

// Perft counts the leaves of the game tree depth plies deep, as
// engine.Perft does, counting the last ply's moves without playing them.
func (p *Position) Perft(depth int) uint64 {
	return p.perft(depth, make([][]move, depth+1), true)
}

// PerftPlayed counts as Perft does, but plays (and takes back) every move
// of the last ply too: the measure of a generator plus make and unmake.
func (p *Position) PerftPlayed(depth int) uint64 {
	return p.perft(depth, make([][]move, depth+1), false)
}
