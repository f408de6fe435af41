package zonal

import (
	"math/bits"

	"github.com/zugbot/zugbot/engine"
)

// A board64 is the orthodox 8×8 board as 64-bit sets, bit 8·rank+file
// for each square: the evaluation of chess works on them (see
// count64), where a set of the 216-cell mailbox takes three words
// and a rider's squares a walk along its lines. The layout of chess has
// one; the zonal board, of 104 squares, none.
type board64 struct {
	bit     [size]uint64 // each square's bit, 0 for walls
	squares [64]int      // the mailbox index of each bit
	// knight and king are the squares a knight and a king on each square
	// attack, king with the square itself (as layout.kingSet); shield
	// those of a king's pawn shield, by side (as layout.shieldSet).
	knight, king [64]uint64
	shield       [2][64]uint64
	// The lines through each square, the square itself left out: its
	// file, diagonal and anti-diagonal (see slide).
	file, diag, anti [64]uint64
	// rank holds, by file and the pieces on the six inner squares of a
	// rank, the squares a rook on that file attacks along the rank.
	rank [8][64]uint8
	// For the pawns, by side and square: passed holds the squares ahead
	// on the file and the files beside, where an enemy pawn stops it
	// from being passed, ahead those on its own file, where one of its
	// own makes it doubled; beside holds, by file, the files beside,
	// where one of its own keeps it from being isolated.
	passed, ahead [2][64]uint64
	beside        [8]uint64
}

// newBoard64 returns the 64-bit sets of layout l, or nil unless its board
// is the orthodox 8×8 one without zones.
func newBoard64(l *layout) *board64 {
	if l.files != 8 || l.ranks != 8 || len(l.zones) > 0 {
		return nil
	}
	b := &board64{}
	from := func(s set) uint64 { return b.from(&s) }
	for c := range 64 {
		sq := square(c&7, c>>3)
		b.squares[c] = sq
		b.bit[sq] = 1 << c
	}
	for c, sq := range b.squares {
		b.knight[c] = from(l.knightSet[sq])
		b.king[c] = from(l.kingSet[sq])
		b.shield[White][c] = from(l.shieldSet[White][sq])
		b.shield[Black][c] = from(l.shieldSet[Black][sq])
		for _, line := range []struct {
			mask *uint64
			d    int
		}{{&b.file[c], north}, {&b.diag[c], north + east}, {&b.anti[c], north + west}} {
			for _, d := range [2]int{line.d, -line.d} {
				for t := sq + d; l.cells[t] != absent; t += d {
					*line.mask |= b.bit[t]
				}
			}
		}
	}
	for c := range 64 {
		f, r := c&7, c>>3
		for d := range 64 {
			g, q := d&7, d>>3
			if g < f-1 || g > f+1 {
				continue
			}
			for s, ahead := range [2]bool{q > r, q < r} {
				if ahead {
					b.passed[s][c] |= 1 << d
					if g == f {
						b.ahead[s][c] |= 1 << d
					}
				}
			}
			if g != f {
				b.beside[f] |= 1 << d
			}
		}
	}
	for f := range 8 {
		for inner := range 64 {
			occ := inner << 1
			var att uint8
			for _, d := range [2]int{1, -1} {
				for g := f + d; g >= 0 && g < 8; g += d {
					att |= 1 << g
					if occ>>g&1 != 0 {
						break
					}
				}
			}
			b.rank[f][inner] = att
		}
	}
	return b
}

// from returns set s of the mailbox's squares as a 64-bit set.
func (b *board64) from(s *set) uint64 {
	var v uint64
	for r := range 8 {
		// Rank r's squares are 8 bits from index square(0, r) on.
		at := square(0, r)
		w, shift := at>>6, uint(at&63)
		rank := s[w] >> shift
		if shift > 56 {
			rank |= s[w+1] << (64 - shift)
		}
		v |= (rank & 0xff) << (8 * r)
	}
	return v
}

// slide returns the squares a rider of kind on bit c attacks among
// pieces occ: the empty squares along its lines, and the first piece on
// each. Files and diagonals are worked out by subtraction (the
// "hyperbola quintessence": a byte swap mirrors the ranks, so that the
// same subtraction finds the squares in both directions), ranks from a
// table.
func (b *board64) slide(kind uint8, c int, occ uint64) uint64 {
	var att uint64
	if kind != bishop {
		att = line64(occ, b.file[c], c)
		r := c &^ 7
		att |= uint64(b.rank[c&7][occ>>(r+1)&63]) << r
	}
	if kind != rook {
		att |= line64(occ, b.diag[c], c) | line64(occ, b.anti[c], c)
	}
	return att
}

// line64 returns the squares a rider on bit c attacks along line mask
// (which holds at most one square a rank, c's left out), among pieces
// occ.
func line64(occ, mask uint64, c int) uint64 {
	bit := uint64(1) << c
	fwd := occ & mask
	rev := bits.ReverseBytes64(fwd)
	fwd -= bit
	rev -= bits.ReverseBytes64(bit)
	return (fwd ^ bits.ReverseBytes64(rev)) & mask
}

// pawnAttacks64 returns the squares pawns of side s on pawns attack.
func pawnAttacks64(s engine.Side, pawns uint64) uint64 {
	const fileA, fileH = 0x0101010101010101, 0x8080808080808080
	if s == White {
		return (pawns&^fileH)<<9 | (pawns&^fileA)<<7
	}
	return (pawns&^fileH)>>7 | (pawns&^fileA)>>9
}

// count64 is count for the layouts with a board64: the same terms,
// counted on 64-bit sets.
func (p *Position) count64(sides *[2][nTerms]int, pe *pawnEntry) {
	l := p.l
	b := l.b64
	occ := [2]uint64{b.from(&p.occ[0]), b.from(&p.occ[1])}
	all := occ[0] | occ[1]
	pawns, pawnAttacks := &pe.pawns64, &pe.attacks64
	kingZone := [2]uint64{b.king[bits.TrailingZeros64(b.bit[p.kings[0]])], b.king[bits.TrailingZeros64(b.bit[p.kings[1]])]}
	attacks := [2]uint64{pawnAttacks[0] | kingZone[0], pawnAttacks[1] | kingZone[1]}
	for s := range occ {
		them := s ^ 1
		t := &sides[s]
		for pieces := occ[s] &^ pawns[s]; pieces != 0; pieces &= pieces - 1 {
			c := bits.TrailingZeros64(pieces)
			sq := b.squares[c]
			switch kind := p.at(sq) & 7; kind {
			case knight:
				t[tKnightCentre] += int(l.centre[sq])
				to := b.knight[c]
				attacks[s] |= to
				free := to &^ occ[s]
				t[tKnightMoves] += bits.OnesCount64(free &^ pawnAttacks[them])
				t[tKingAttack] += bits.OnesCount64(free & kingZone[them])
			case king:
				t[tKingCentre] += int(l.centre[sq])
				t[tShield] += bits.OnesCount64(b.shield[s][c] & pawns[s])
			default: // the riders
				dest := b.slide(kind, c, all)
				attacks[s] |= dest
				free := dest &^ occ[s]
				t[tKnightMoves+term(kind-knight)] += bits.OnesCount64(free &^ pawnAttacks[them])
				t[tKingAttack] += bits.OnesCount64(free & kingZone[them])
				p.riderPlace(t, pe, s, kind, sq)
			}
		}
	}
	// The threats, as features counts them.
	for s := range occ {
		t := &sides[s]
		them := s ^ 1
		pieces := occ[s] &^ pawns[s] &^ b.bit[p.kings[s]]
		t[tPawnThreat] += bits.OnesCount64(pieces & pawnAttacks[them])
		t[tHanging] += bits.OnesCount64(pieces & attacks[them] &^ attacks[s])
		t[tKingDanger] = t[tKingAttack] * t[tKingAttack]
	}
}

// pawnStructure64 is pawnStructure for the layouts with a board64: it
// sets the same terms and files, and the pawns and the squares they
// attack as 64-bit sets only.
func (p *Position) pawnStructure64(e *pawnEntry) {
	l, b := p.l, p.l.b64
	*e = pawnEntry{key: p.pawnKey}
	for s := range p.occ {
		c := colour(engine.Side(s)) | pawn
		var pawns uint64
		for w, word := range p.occ[s] {
			for ; word != 0; word &= word - 1 {
				if sq := w<<6 | bits.TrailingZeros64(word); p.at(sq) == c {
					pawns |= b.bit[sq]
				}
			}
		}
		e.pawns64[s] = pawns
		e.attacks64[s] = pawnAttacks64(engine.Side(s), pawns)
		files := pawns | pawns>>32
		files |= files >> 16
		files |= files >> 8
		e.files[s] = uint16(files & 0xff)
	}
	for s := range p.occ {
		own, enemy := e.pawns64[s], e.pawns64[s^1]
		t := &e.terms[s]
		for x := own; x != 0; x &= x - 1 {
			c := bits.TrailingZeros64(x)
			left := int(l.promoDist[s][b.squares[c]])
			t[0] += int16(l.ranks - 2 - left) // tAdvance, the first pawn term
			if enemy&b.passed[s][c] == 0 {
				t[tPassed1+term(min(left, 5)-1)-tAdvance]++
			}
			if own&b.ahead[s][c] != 0 {
				t[tDoubled-tAdvance]++
			}
			if own&b.beside[c&7] == 0 {
				t[tIsolated-tAdvance]++
			}
		}
	}
}
