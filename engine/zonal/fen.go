package zonal

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zugbot/zugbot/engine"
)

// pieceLetters are the FEN letters of the kinds (White's; Black's are
// lower case).
const pieceLetters = " PNBRQK"

// maxPositionText is the longest position string Parse reads.
const maxPositionText = 200

// MarshalText returns the position string: FEN, over all 16 files with a
// '-' for each absent cell on the zonal board.
func (p *Position) MarshalText() ([]byte, error) {
	l := p.l
	var b []byte
	for r := l.ranks - 1; r >= 0; r-- {
		empty := 0
		flush := func() {
			if empty > 0 {
				b = strconv.AppendInt(b, int64(empty), 10)
				empty = 0
			}
		}
		for f := 0; f < l.files; f++ {
			sq := square(f, r)
			switch pc := p.board[sq]; {
			case l.cells[sq] == absent:
				flush()
				b = append(b, '-')
			case pc == 0:
				empty++
			default:
				flush()
				c := pieceLetters[pc&7]
				if side(pc) == Black {
					c += 'a' - 'A'
				}
				b = append(b, c)
			}
		}
		flush()
		if r > 0 {
			b = append(b, '/')
		}
	}
	b = append(b, ' ', "wb"[p.turn], ' ')
	if p.castle == 0 {
		b = append(b, '-')
	}
	for i, c := range "KQkq" {
		if p.castle&(1<<i) != 0 {
			b = append(b, byte(c))
		}
	}
	b = append(b, ' ')
	if p.ep != 0 {
		b = append(b, l.names[p.ep]...)
	} else {
		b = append(b, '-')
	}
	b = fmt.Appendf(b, " %d %d", p.half, p.full)
	return b, nil
}

// parse reads a position string of variant v on layout l: FEN, with all of
// the layout's files on each rank. The halfmove and fullmove fields may be
// left out.
func parse(v *engine.Variant, l *layout, s string) (*Position, error) {
	if len(s) > maxPositionText {
		return nil, fmt.Errorf("%s position: longer than %d characters", v.ID, maxPositionText)
	}
	p, err := readFields(v, l, strings.Fields(s))
	if err != nil {
		return nil, fmt.Errorf("%s position %q: %w", v.ID, s, err)
	}
	return p, nil
}

// readFields reads the fields of a position string.
func readFields(v *engine.Variant, l *layout, f []string) (*Position, error) {
	if len(f) != 4 && len(f) != 6 {
		return nil, fmt.Errorf("want 6 fields (board, side, castling, en passant, halfmove clock, move number), have %d", len(f))
	}
	p := &Position{v: v, l: l, full: 1}
	for i := range p.board {
		p.board[i] = wall
	}
	if err := p.readBoard(f[0]); err != nil {
		return nil, err
	}
	switch f[1] {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	default:
		return nil, fmt.Errorf("side to move %q: want w or b", f[1])
	}
	if err := p.readCastling(f[2]); err != nil {
		return nil, err
	}
	if len(f) == 6 {
		var err error
		if p.half, err = strconv.Atoi(f[4]); err != nil || p.half < 0 || p.half > 1000 {
			return nil, fmt.Errorf("halfmove clock %q: want a number from 0 to 1000", f[4])
		}
		if p.full, err = strconv.Atoi(f[5]); err != nil || p.full < 1 || p.full > 100000 {
			return nil, fmt.Errorf("move number %q: want a number from 1 to 100000", f[5])
		}
	}
	if p.attacked(p.kings[p.turn^1], p.turn) {
		return nil, fmt.Errorf("%s is to move but %s is in check", v.Sides[p.turn], v.Sides[p.turn^1])
	}
	p.rehash()
	if f[3] != "-" {
		sq, ok := l.lookup(f[3])
		if !ok {
			return nil, fmt.Errorf("en passant square %q: not a square of this board", f[3])
		}
		// The square a double step of the side not to move passes.
		wantRank := l.home[Black] - 1
		if p.turn == Black {
			wantRank = l.home[White] + 1
		}
		at, origin := sq-forward(p.turn), sq+forward(p.turn)
		switch {
		case l.rank[sq] != wantRank:
			return nil, fmt.Errorf("en passant square %s: want a square of rank %d", f[3], wantRank+1)
		case p.board[sq] != 0 || p.board[origin] != 0 || p.board[at] != colour(p.turn^1)|pawn:
			return nil, fmt.Errorf("en passant square %s: no %s pawn has just passed it", f[3], v.Sides[p.turn^1])
		}
		p.setEP(sq)
	}
	return p, nil
}

// readBoard reads the board field into p.
func (p *Position) readBoard(s string) error {
	l := p.l
	rows := strings.Split(s, "/")
	if len(rows) != l.ranks {
		return fmt.Errorf("board: want %d ranks separated by '/', have %d", l.ranks, len(rows))
	}
	for i, row := range rows {
		r := l.ranks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if f >= l.files {
				return fmt.Errorf("rank %d: more than %d files", r+1, l.files)
			}
			switch {
			case c == '-':
				if l.cells[square(f, r)] != absent {
					return fmt.Errorf("rank %d: '-' on %c%d, which is a square of this board", r+1, 'a'+f, r+1)
				}
				f++
			case c >= '1' && c <= '9':
				n := int(c - '0')
				if j+1 < len(row) && row[j+1] >= '0' && row[j+1] <= '9' {
					j++
					n = n*10 + int(row[j]-'0')
				}
				for ; n > 0; n-- {
					if f >= l.files {
						return fmt.Errorf("rank %d: more than %d files", r+1, l.files)
					}
					sq := square(f, r)
					if l.cells[sq] == absent {
						return fmt.Errorf("rank %d: %c%d is not on this board; write '-' for it", r+1, 'a'+f, r+1)
					}
					p.put(sq, 0)
					f++
				}
			default:
				k := strings.IndexByte(pieceLetters, c&^0x20)
				if k < 1 || c == ' ' {
					return fmt.Errorf("rank %d: unknown piece %q", r+1, c)
				}
				sq := square(f, r)
				if l.cells[sq] == absent {
					return fmt.Errorf("rank %d: %c%d is not on this board; write '-' for it", r+1, 'a'+f, r+1)
				}
				s := White
				if c >= 'a' {
					s = Black
				}
				if err := p.place(sq, colour(s)|uint8(k)); err != nil {
					return fmt.Errorf("rank %d: %w", r+1, err)
				}
				f++
			}
		}
		if f != l.files {
			return fmt.Errorf("rank %d: %d files, want %d", r+1, f, l.files)
		}
	}
	for s := range engine.Side(2) {
		if p.counts[s][king] != 1 {
			return fmt.Errorf("%s has %d kings, want 1", p.v.Sides[s], p.counts[s][king])
		}
	}
	return nil
}

// place puts piece pc on square sq while reading a position.
func (p *Position) place(sq int, pc uint8) error {
	s := side(pc)
	if pc&7 == pawn {
		back := 0
		if s == Black {
			back = p.l.ranks - 1
		}
		if p.l.rank[sq] == back || p.l.promo[s].has(sq) {
			return fmt.Errorf("a %s pawn cannot stand on %s", p.v.Sides[s], p.l.names[sq])
		}
	}
	if pc&7 == king {
		if p.counts[s][king] > 0 {
			return fmt.Errorf("a second %s king on %s", p.v.Sides[s], p.l.names[sq])
		}
		p.kings[s] = sq
	}
	p.put(sq, pc)
	p.occ[s].add(sq)
	p.counts[s][pc&7]++
	return nil
}

// readCastling reads the castling field: "-" or some of KQkq, each needing
// its king and rook on their home squares.
func (p *Position) readCastling(s string) error {
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		bit := strings.IndexByte("KQkq", s[i])
		if bit < 0 || p.castle&(1<<bit) != 0 {
			return fmt.Errorf("castling %q: want - or some of KQkq, each once", s)
		}
		side, wing := engine.Side(bit/2), 1-bit%2
		r := 0
		if side == Black {
			r = p.l.ranks - 1
		}
		k, rk := square(p.l.kingFile, r), square(p.l.rookFile[wing], r)
		if p.board[k] != colour(side)|king || p.board[rk] != colour(side)|rook {
			return fmt.Errorf("castling %c: the %s king and rook are not on %s and %s", s[i], p.v.Sides[side], p.l.names[k], p.l.names[rk])
		}
		p.castle |= 1 << bit
	}
	return nil
}

// rehash sets p's hashes and piece-square worth from the board (see
// computeHash and Position.psq).
func (p *Position) rehash() {
	p.hash, p.pawnKey = p.computeHash()
	p.psq = [2][2]int32{}
	for _, sq := range p.l.squares {
		if pc := p.board[sq]; pc != 0 {
			p.addPsq(side(pc), pc&7, sq, 1)
		}
	}
}

// computeHash returns the Zobrist hash of p from scratch, without the en
// passant square, and the hash of its pawns alone.
func (p *Position) computeHash() (hash, pawns uint64) {
	l := p.l
	h := l.castleKey[p.castle]
	if p.turn == Black {
		h ^= l.blackKey
	}
	for _, sq := range l.squares {
		if pc := p.board[sq]; pc != 0 {
			h ^= l.pieceKey[pc][sq]
			if pc&7 == pawn {
				pawns ^= l.pieceKey[pc][sq]
			}
		}
	}
	return h, pawns
}
