package zonal

import (
	"math/bits"

	"github.com/zugbot/zugbot/engine"
)

// pieceValues are the kinds' values in centipawns, for move ordering and
// exchanges (the evaluation's are in its weights).
var pieceValues = [8]int{0, 100, 300, 320, 500, 900, 0, 0}

// A term is one feature of the evaluation: a count or a measure taken of
// each side's pieces, which the evaluation weighs twice, for the
// middlegame and for the endgame (see weights).
type term int

// The terms. Distances to the centre are in half steps; "attacked" means
// reached as a move of the piece would, bent paths through a zone
// included.
const (
	tPawn         term = iota // material, by kind
	tKnight                   //
	tBishop                   //
	tRook                     //
	tQueen                    //
	tBishopPair               // two bishops or more
	tTempo                    // the move: 1 for the side to move
	tAdvance                  // ranks each pawn has advanced
	tPassed1                  // passed pawns one step from promotion…
	tPassed2                  // …two steps…
	tPassed3                  // …three…
	tPassed4                  // …four…
	tPassed5                  // …five or more
	tDoubled                  // pawns with another of their side ahead on their file
	tIsolated                 // pawns with none of their side on the files beside
	tKnightCentre             // each knight's distance from the centre
	tBishopCentre             // each bishop's distance from the centre
	tKingCentre               // the king's distance from the centre
	tShield                   // own pawns on the three squares before the king, and the three beyond
	tKingAttack               // squares beside the enemy king, and its own, that each piece attacks
	tKnightMoves              // squares each knight attacks that no enemy pawn does
	tBishopMoves              // likewise for bishops…
	tRookMoves                // …rooks…
	tQueenMoves               // …and queens
	tRookOpen                 // rooks on a file without pawns
	tRookHalfOpen             // rooks on a file with enemy pawns only
	tZoneRider                // queens, rooks and bishops on a zone square, free to turn
	tZSquare                  // queens and rooks on a Z square, a step from the zone
	tPawnThreat               // knights, bishops, rooks and queens that enemy pawns attack
	tHanging                  // knights, bishops, rooks and queens the enemy attacks and none of their side defends
	tKingDanger               // the square of tKingAttack
	nTerms
)

// maxPhase is the phase of a position with all the pieces of the start:
// a knight or bishop counts 1, a rook 2, a queen 4, and the evaluation
// blends its middlegame and endgame weights in that proportion.
const maxPhase = 24

// weights are the evaluation's weights in centipawns, for the middlegame
// and for the endgame: by term, and by piece and square.
type weights struct {
	terms [nTerms][2]int
	psq   psqTable
}

// pack returns w's weights of the terms, each pair as one number: the
// middlegame's times 1<<32 plus the endgame's, so that one product of a
// term's count weighs it for both (see evaluate). Sums of either half
// stay within ±1<<31.
func (w *weights) pack() *[nTerms]int64 {
	var p [nTerms]int64
	for t, mgEg := range &w.terms {
		p[t] = int64(mgEg[0])<<32 + int64(mgEg[1])
	}
	return &p
}

// A psqTable holds what a piece is worth on a square, beyond its
// material, by kind and by the square as its own side sees it: rank from
// its own side, times 4, plus the file's distance from the board's edge
// (0 on the edge files, 3 on the middle ones; layout.psqIndex).
type psqTable [king + 1][32][2]int

// Evaluate returns a static score of the position from the side to move's
// point of view, in centipawns, for engine/ai's alpha-beta search: the
// terms (material, pawn structure, piece placement, mobility, king safety,
// and the zones' riders and Z squares) counted for each side, weighed
// with the layout's weights, plus the piece-square tables' worth of each
// piece where it stands, blended between middlegame and endgame by
// the material left. A position the rules draw whatever is played
// (insufficient material, the 50-move rule) scores 0, so that a search
// that judges it without generating its moves judges it right.
func (p *Position) Evaluate() int { return p.evaluate(p.l.weights) }

// evaluate is Evaluate with weights w.
func (p *Position) evaluate(w *weights) int {
	if p.insufficient() || p.half >= 100 {
		return 0
	}
	// The terms counted for each side, and the material's and the pawns'
	// as differences in f (see features).
	var sides [2][nTerms]int
	var f [nTerms]int
	p.material(&f, p.count(&sides))
	var mg, eg int
	packed := p.l.packed
	if w == p.l.weights {
		us, them := &p.psq[p.turn&1], &p.psq[(p.turn^1)&1]
		mg, eg = int(us[0]-them[0]), int(us[1]-them[1])
	} else {
		mg, eg = p.psqScore(&w.psq)
		packed = w.pack()
	}
	// Both weights of a term at once: the sum of the middlegame's
	// products in the high 32 bits, the endgame's in the low ones (a
	// negative low half borrowing from the high one, given back below).
	var sum int64
	us, them := &sides[p.turn&1], &sides[(p.turn^1)&1]
	for t, n := range &f {
		sum += packed[t] * int64(n+us[t]-them[t])
	}
	low := int64(int32(sum))
	mg += int((sum - low) >> 32)
	eg += int(low)
	phase := p.phase()
	return (mg*phase + eg*(maxPhase-phase)) / maxPhase
}

// psqScore returns the piece-square tables' worth of the side to move's
// pieces less the other side's, for the middlegame and for the endgame,
// counted afresh (the position keeps its own tables' worth move by move,
// in psq).
func (p *Position) psqScore(t *psqTable) (mg, eg int) {
	for s := range p.occ {
		sign := 1
		if engine.Side(s) != p.turn {
			sign = -1
		}
		index := &p.l.psqIndex[s]
		for w, word := range p.occ[s] {
			for ; word != 0; word &= word - 1 {
				sq := w<<6 | bits.TrailingZeros64(word)
				e := &t[p.at(sq)&7][index[sq]]
				mg += sign * e[0]
				eg += sign * e[1]
			}
		}
	}
	return mg, eg
}

// phase returns how much of the start's pieces are left, from 0 (kings and
// pawns) to maxPhase.
func (p *Position) phase() int {
	n := 0
	for s := range p.counts {
		c := &p.counts[s]
		n += c[knight] + c[bishop] + 2*c[rook] + 4*c[queen]
	}
	return min(n, maxPhase)
}

// pawnEntry is what the evaluation knows of a pawn structure (see
// pawnStructure), kept in a table by the pawns' hash.
type pawnEntry struct {
	key     uint64
	pawns   [2]set    // the squares of each side's pawns
	attacks [2]set    // the squares each side's pawns attack
	files   [2]uint16 // the files that hold a pawn of each side
	// pawns64 and attacks64 are pawns and attacks as 64-bit sets, on
	// a layout with a board64, which leaves pawns and attacks empty.
	pawns64, attacks64 [2]uint64
	// terms are the pawn terms, tAdvance to tIsolated, by side.
	terms [2][pawnTerms]int16
}

// pawnTerms counts the terms that depend on the pawns alone.
const pawnTerms = tIsolated - tAdvance + 1

// Pawn structures are cached once a position has been evaluated
// pawnCacheAfter times, in a table of 1<<pawnCacheBits entries (295 KB):
// a search of thousands of nodes, not a look at a position nor the small
// searches of the low levels, which would spend more on the table than
// it saves them.
const (
	pawnCacheAfter = 1024
	pawnCacheBits  = 11
)

// pawns returns the pawn structure of p: from the table once p has one,
// else worked out afresh.
func (p *Position) pawns() *pawnEntry {
	if p.pawnTable == nil {
		if p.evaluated++; p.evaluated < pawnCacheAfter {
			p.pawnStructure(&p.pawnScratch)
			return &p.pawnScratch
		}
		p.pawnTable = make([]pawnEntry, 1<<pawnCacheBits)
	}
	e := &p.pawnTable[p.pawnKey&(1<<pawnCacheBits-1)]
	if e.key != p.pawnKey {
		p.pawnStructure(e)
	}
	return e
}

// pawnStructure sets e to the pawn structure of p.
func (p *Position) pawnStructure(e *pawnEntry) {
	l := p.l
	if l.b64 != nil {
		p.pawnStructure64(e)
		return
	}
	*e = pawnEntry{key: p.pawnKey}
	// The rank of the most and least advanced pawn on each file (from
	// White's side; -1 and 8 on a file without), and the squares they
	// attack.
	var top, bottom [2][16]int
	for s := range p.occ {
		for file := range 16 {
			top[s][file], bottom[s][file] = -1, 8
		}
		c := colour(engine.Side(s)) | pawn
		fwd := forward(engine.Side(s))
		for w, word := range p.occ[s] {
			for ; word != 0; word &= word - 1 {
				sq := w<<6 | bits.TrailingZeros64(word)
				if p.at(sq) == c {
					file, rank := l.file[sq], l.rank[sq]
					top[s][file] = max(top[s][file], rank)
					bottom[s][file] = min(bottom[s][file], rank)
					e.pawns[s].add(sq)
					e.attacks[s].add(sq + fwd + east)
					e.attacks[s].add(sq + fwd + west)
					e.files[s] |= 1 << file
				}
			}
		}
	}
	for s := range p.occ {
		us := engine.Side(s)
		c := colour(us) | pawn
		t := &e.terms[s]
		for w, word := range p.occ[s] {
			for ; word != 0; word &= word - 1 {
				sq := w<<6 | bits.TrailingZeros64(word)
				if p.at(sq) != c {
					continue
				}
				file, rank := l.file[sq], l.rank[sq]
				left := int(l.promoDist[s][sq])
				t[0] += int16(l.ranks - 2 - left) // tAdvance, the first pawn term
				// Ahead means higher ranks for White, lower for Black.
				passed, doubled := true, false
				lo, hi := max(file-1, 0), min(file+1, 15)
				if us == White {
					for g := lo; g <= hi; g++ {
						passed = passed && top[Black][g] <= rank
					}
					doubled = top[White][file] > rank
				} else {
					for g := lo; g <= hi; g++ {
						passed = passed && bottom[White][g] >= rank
					}
					doubled = bottom[Black][file] < rank
				}
				if passed {
					t[tPassed1+term(min(left, 5)-1)-tAdvance]++
				}
				if doubled {
					t[tDoubled-tAdvance]++
				}
				if (file == 0 || top[s][file-1] < 0) && (file == 15 || top[s][file+1] < 0) {
					t[tIsolated-tAdvance]++
				}
			}
		}
	}
}

// features sets f to the terms of the side to move less those of the
// other side.
func (p *Position) features(f *[nTerms]int) {
	var sides [2][nTerms]int
	pe := p.count(&sides)
	us, them := &sides[p.turn&1], &sides[(p.turn^1)&1]
	for i := range f {
		f[i] = us[i] - them[i]
	}
	p.material(f, pe)
}

// count adds to sides each side's terms but those of material and of the
// pawns (see material), and returns the pawn structure.
func (p *Position) count(sides *[2][nTerms]int) *pawnEntry {
	l := p.l
	pe := p.pawns()
	if l.b64 != nil {
		p.count64(sides, pe)
		return pe
	}
	pawnAttacks := &pe.attacks
	// The squares beside each king, and its own.
	kingZone := [2]set{l.kingSet[p.kings[0]], l.kingSet[p.kings[1]]}
	// The squares each side attacks, its own pieces' included.
	var attacks [2]set
	for s := range attacks {
		attacks[s] = pawnAttacks[s].or(kingZone[s])
	}
	both := uint8(whiteBit | blackBit)
	for s := range p.occ {
		them := engine.Side(s ^ 1)
		t := &sides[s]
		for w, word := range p.occ[s] {
			for word &^= pe.pawns[s][w]; word != 0; word &= word - 1 {
				sq := w<<6 | bits.TrailingZeros64(word)
				switch kind := p.at(sq) & 7; kind {
				case knight:
					t[tKnightCentre] += int(l.centre[sq])
					to := &l.knightSet[sq]
					attacks[s] = attacks[s].or(*to)
					for w, word := range to {
						free := word &^ p.occ[s][w]
						t[tKnightMoves] += bits.OnesCount64(free &^ pawnAttacks[them][w])
						t[tKingAttack] += bits.OnesCount64(free & kingZone[them][w])
					}
				case king:
					t[tKingCentre] += int(l.centre[sq])
					shield := &l.shieldSet[s][sq]
					for w, word := range shield {
						t[tShield] += bits.OnesCount64(word & pe.pawns[s][w])
					}
				default: // the riders
					var dest set
					if l.cells[sq] == zoned {
						dest = p.reach(sq, kind, both)
						t[tZoneRider]++
					} else {
						dest = p.straight(sq, kind, both)
						if l.cells[sq] == special && kind != bishop {
							t[tZSquare]++
						}
					}
					moves, near := 0, 0
					for w, word := range dest {
						attacks[s][w] |= word
						free := word &^ p.occ[s][w]
						moves += bits.OnesCount64(free &^ pawnAttacks[them][w])
						near += bits.OnesCount64(free & kingZone[them][w])
					}
					t[tKnightMoves+term(kind-knight)] += moves
					t[tKingAttack] += near
					p.riderPlace(t, pe, s, kind, sq)
				}
			}
		}
	}
	// The threats: pieces but pawns and kings that enemy pawns attack,
	// and those the enemy attacks and none of their side defends.
	for s := range p.occ {
		t := &sides[s]
		them := s ^ 1
		k := p.kings[s]
		for w, word := range p.occ[s] {
			word &^= pe.pawns[s][w]
			if k>>6 == w {
				word &^= 1 << (k & 63)
			}
			t[tPawnThreat] += bits.OnesCount64(word & pawnAttacks[them][w])
			t[tHanging] += bits.OnesCount64(word & attacks[them][w] &^ attacks[s][w])
		}
		t[tKingDanger] = t[tKingAttack] * t[tKingAttack]
	}
	return pe
}

// riderPlace adds to side s's terms t those of its rider of kind on sq
// that its square alone decides: a bishop's distance from the centre, a
// rook's file.
func (p *Position) riderPlace(t *[nTerms]int, pe *pawnEntry, s int, kind uint8, sq int) {
	switch kind {
	case bishop:
		t[tBishopCentre] += int(p.l.centre[sq])
	case rook:
		switch file := p.l.file[sq]; {
		case pe.files[s]>>file&1 != 0:
		case pe.files[s^1]>>file&1 == 0:
			t[tRookOpen]++
		default:
			t[tRookHalfOpen]++
		}
	}
}

// material sets f's terms of material and of the pawns (pe), the side to
// move's less the other side's, and the tempo.
func (p *Position) material(f *[nTerms]int, pe *pawnEntry) {
	u, o := &p.counts[p.turn&1], &p.counts[(p.turn^1)&1]
	f[tPawn], f[tKnight], f[tBishop], f[tRook], f[tQueen] = u[pawn]-o[pawn], u[knight]-o[knight], u[bishop]-o[bishop], u[rook]-o[rook], u[queen]-o[queen]
	f[tBishopPair] = b2i(u[bishop] >= 2) - b2i(o[bishop] >= 2)
	// The pawns' terms written out: a loop costs more than its work.
	pu, po := &pe.terms[p.turn&1], &pe.terms[(p.turn^1)&1]
	f[tAdvance], f[tPassed1], f[tPassed2], f[tPassed3] = int(pu[0]-po[0]), int(pu[1]-po[1]), int(pu[2]-po[2]), int(pu[3]-po[3])
	f[tPassed4], f[tPassed5], f[tDoubled], f[tIsolated] = int(pu[4]-po[4]), int(pu[5]-po[5]), int(pu[6]-po[6]), int(pu[7]-po[7])
	f[tTempo] = 1
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// straight returns the squares a rider of kind on from, moving along
// straight lines, can move to: empty squares, and the first piece met if
// it has colour enemy. The lines are written out rather than looped over.
func (p *Position) straight(from int, kind uint8, enemy uint8) set {
	var dest set
	if kind != bishop {
		p.line(&dest, from, north, enemy)
		p.line(&dest, from, south, enemy)
		p.line(&dest, from, east, enemy)
		p.line(&dest, from, west, enemy)
	}
	if kind != rook {
		p.line(&dest, from, north+east, enemy)
		p.line(&dest, from, north+west, enemy)
		p.line(&dest, from, south+east, enemy)
		p.line(&dest, from, south+west, enemy)
	}
	return dest
}

// line adds to dest the squares a rider on from reaches in direction d:
// empty squares, and the first piece met if it has colour enemy.
func (p *Position) line(dest *set, from, d int, enemy uint8) {
	t := from + d
	for ; p.at(t) == 0; t += d {
		dest.add(t)
	}
	if p.at(t)&enemy != 0 {
		dest.add(t)
	}
}

// promoDistance returns how many steps the pawn of side s on sq is from
// the promotion square of its file.
func (p *Position) promoDistance(s engine.Side, sq int) int { return int(p.l.promoDist[s][sq]) }

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
	return m.promo() != 0 || m&flagEP != 0 || (m&flagCastle == 0 && p.at(m.to()) != 0)
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
	case m&flagCastle == 0 && p.at(m.to()) != 0:
		victim = pieceValues[p.at(m.to())&7]
	default:
		return hint
	}
	return hint + 10*victim - pieceValues[p.at(m.from())&7]/10 + 1000
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
	p.hist = append(p.hist, undo{hash: p.hash, pawnKey: p.pawnKey, psq: p.psq, half: int32(p.half), castle: p.castle, ep: uint8(p.ep)})
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
