// Package zonal implements Zonal Chess (Check Mate Game Corporation, 1970)
// as docs/rules/zonal.md defines it for zugbot, and orthodox chess on
// the same engine. The board is data: a 16×8 grid whose cells are absent,
// normal, Z or zone squares. Zonal Chess puts the orthodox array on files
// e–l between two zones where queens, rooks and bishops may turn corners;
// chess is the plain 8×8 layout with no zones.
//
// A Position keeps a padded mailbox (board), one set of occupied squares per
// side (occ) and the king squares, so that code in this package (such as an
// evaluator) can read the board without going through the engine
// interface.
package zonal

import (
	"math/bits"

	"github.com/zugbot/zugbot/engine"
)

// The sides. White moves first.
const (
	White engine.Side = 0
	Black engine.Side = 1
)

// Piece bytes on the board: a kind in the low three bits and a colour bit;
// cells off the board hold wall, which is neither colour.
const (
	pawn   = 1
	knight = 2
	bishop = 3
	rook   = 4
	queen  = 5
	king   = 6

	whiteBit = 0x08
	blackBit = 0x10
	wall     = 0x20

	pieceBytes = blackBit | king + 1
)

var allPieces = []uint8{
	whiteBit | pawn, whiteBit | knight, whiteBit | bishop, whiteBit | rook, whiteBit | queen, whiteBit | king,
	blackBit | pawn, blackBit | knight, blackBit | bishop, blackBit | rook, blackBit | queen, blackBit | king,
}

// The kinds of chess pieces.
var (
	King   = &engine.Kind{Name: "king", Symbol: [2]string{"K", "k"}, Look: engine.KingFigure}
	Queen  = &engine.Kind{Name: "queen", Symbol: [2]string{"Q", "q"}, Look: engine.QueenFigure}
	Rook   = &engine.Kind{Name: "rook", Symbol: [2]string{"R", "r"}, Look: engine.RookFigure}
	Bishop = &engine.Kind{Name: "bishop", Symbol: [2]string{"B", "b"}, Look: engine.BishopFigure}
	Knight = &engine.Kind{Name: "knight", Symbol: [2]string{"N", "n"}, Look: engine.KnightFigure}
	Pawn   = &engine.Kind{Name: "pawn", Symbol: [2]string{"P", "p"}, Look: engine.PawnFigure}
)

// kinds maps a piece's kind bits to the engine's kinds.
var kinds = [8]*engine.Kind{nil, Pawn, Knight, Bishop, Rook, Queen, King, nil}

// colour returns the colour bit of side s.
func colour(s engine.Side) uint8 { return whiteBit << s }

// forward returns the step of side s's pawns.
func forward(s engine.Side) int { return north - 2*north*int(s) }

const zonalSummary = "Zonal Chess is chess on a 104-square board: the orthodox array stands on files e–l, each side has " +
	"two extra pawns (d and m files), and on each flank lies a zone of 18 squares. A queen, rook or bishop " +
	"that starts its move on a zone square may change direction, among its own directions, any number of " +
	"times while it stays on zone squares; once it steps off the zone it goes straight on. It attacks and " +
	"gives check along those bent paths too. Pawns promote on the last square of their file, which on the " +
	"short outer files comes early. Z squares (d1, d8, m1, m8) are ordinary squares. Castling, en passant, " +
	"check, checkmate and the draws are as in chess."

const chessSummary = "Orthodox chess: checkmate the enemy king. Castling, en passant and promotion as usual; " +
	"the game is drawn by stalemate, threefold repetition, the 50-move rule, insufficient material or agreement."

// The variants.
var (
	Zonal = newVariant(zonalLayout, engine.Variant{
		ID:       "zonal",
		Name:     "Zonal Chess",
		Credit:   "Zonal Chess by the Check Mate Game Corporation (1970), as described by Larry Smith on The Chess Variant Pages",
		Summary:  zonalSummary,
		Notation: "standard algebraic notation (Nj3, exd5, O-O, i8=Q) or from-to (i2-i4); a rider turning in a zone is written by where it lands (Rc5 or Rd2-c5).",
	})
	Chess = newVariant(chessLayout, engine.Variant{
		ID:       "chess",
		Name:     "Chess",
		Credit:   "Orthodox chess, under the FIDE Laws of Chess",
		Summary:  chessSummary,
		Notation: "standard algebraic notation (Nf3, exd5, O-O, e8=Q) or from-to (e2-e4).",
	})
)

func newVariant(l *layout, v engine.Variant) *engine.Variant {
	v.Game = "Zonal Chess"
	v.Rules = "docs/rules/zonal.md"
	v.Sides = [2]string{"White", "Black"}
	v.Geometry = &l.geom
	// In the order the start position shows them from a1 on: the renderer
	// samples kinds in this order to choose the images' palette.
	v.Kinds = []*engine.Kind{Rook, Knight, Bishop, Queen, King, Pawn}
	v.Agreement = engine.AgreedDraw
	p := &v
	start, err := parse(p, l, l.start)
	if err != nil {
		panic("zonal: bad start position: " + err.Error())
	}
	p.MaxPlies = maxPlies(start)
	p.Start = func() engine.Position { return start.Clone() }
	p.Parse = func(s string) (engine.Position, error) {
		pos, err := parse(p, l, s)
		if err != nil {
			return nil, err
		}
		return pos, nil
	}
	return p
}

// maxPlies bounds the length of a game from start. A game is drawn once
// 100 plies pass without a capture or a pawn move, so at most 100 plies
// follow each such irreversible move and the start. A pawn moves at most
// six times (each move raises its rank, from the second to at most the
// eighth) and every piece but the kings can be captured once.
func maxPlies(start *Position) int {
	pawns := start.counts[White][pawn] + start.counts[Black][pawn]
	pieces := start.occ[White].count() + start.occ[Black].count()
	irreversible := 6*pawns + pieces - 2
	return irreversible + 100*(irreversible+1)
}

// Move encoding, in the low 22 bits of engine.Move.Lo: the from square, the
// to square (mailbox indexes), the promotion kind, and flags. From is never
// 0, so the zero Move is never legal.
type move uint32

const (
	flagDouble move = 1 << 19 // a pawn's two-square step
	flagEP     move = 2 << 19 // an en passant capture
	flagCastle move = 4 << 19 // castling: the king's from and to
)

func mk(from, to int) move { return move(from | to<<8) }

func (m move) from() int    { return int(m & 0xff) }
func (m move) to() int      { return int(m >> 8 & 0xff) }
func (m move) promo() uint8 { return uint8(m >> 16 & 7) }

// undo is what Undo needs to take a move back.
type undo struct {
	hash     uint64
	pawnKey  uint64
	psq      [2][2]int32
	zoneOcc  [maxAreas]uint32
	m        move
	half     int32
	captured uint8
	castle   uint8
	ep       uint8
}

// Position is a Zonal Chess or chess position with its history. Use
// Zonal.Start, Chess.Start or the variants' Parse to make one.
type Position struct {
	v      *engine.Variant
	l      *layout
	board  [256]uint8 // size cells, and more for an index of a byte (see at)
	occ    [2]set     // squares by side
	kings  [2]int
	counts [2][8]int // pieces by side and kind
	turn   engine.Side
	castle uint8 // castling rights, see castleBit
	ep     int   // the square a pawn just passed, when an en passant capture of it is legal
	half   int   // plies since the last capture or pawn move
	full   int   // the move number
	hash   uint64
	// pawnKey hashes the pawns alone (with the keys of hash), for the
	// evaluation's table of pawn structures (see pawns): pawnTable,
	// made once the position has been evaluated often enough to be
	// searched, or else pawnScratch.
	pawnKey uint64
	// psq is the worth of each side's pieces in the layout's
	// piece-square tables, for the middlegame and the endgame (see
	// psqScore), kept move by move.
	psq         [2][2]int32
	pawnTable   []pawnEntry
	pawnScratch pawnEntry
	evaluated   int
	// zoneOcc holds, for each zone (layout.areas), its squares that
	// hold a piece, as a mask of its squares: kept by put at every
	// change of the board, for turns, which keeps its floods in floods.
	zoneOcc [maxAreas]uint32
	floods  [maxAreas][32][3]flood
	hist    []undo
	swaps   swaps  // scratch for exchange
	buf     []move // scratch for Moves and Outcome
	// known says that check holds whether the side to move is in check:
	// legal finds out on its way, and make and unmake forget it.
	known, check bool
}

// Variant returns the position's variant.
func (p *Position) Variant() *engine.Variant { return p.v }

// Turn returns the side to move.
func (p *Position) Turn() engine.Side { return p.turn }

// Hash returns the Zobrist hash of the board, the side to move, the
// castling rights and the en passant square (set only when an en passant
// capture is legal).
func (p *Position) Hash() uint64 { return p.hash }

// Piece returns what stands on point i of the variant's geometry.
func (p *Position) Piece(i int) engine.Piece {
	pc := p.board[p.l.squares[i]]
	if pc == 0 {
		return engine.Piece{}
	}
	return engine.Piece{Kind: kinds[pc&7], Side: side(pc)}
}

// side returns the side of piece byte pc.
func side(pc uint8) engine.Side { return engine.Side(pc >> 4 & 1) }

// Clone returns an independent copy of p, history included.
func (p *Position) Clone() engine.Position {
	c := *p
	c.hist = append([]undo(nil), p.hist...)
	c.buf = nil
	c.pawnTable, c.evaluated = nil, 0
	return &c
}

// Moves appends the legal moves to dst, or nothing when the game is over.
func (p *Position) Moves(dst []engine.Move) []engine.Move { return p.moves(dst, false) }

// Captures appends the legal moves that Noisy reports (captures, en
// passant, promotions) to dst, or nothing when the game is drawn by rule:
// the moves of the capture search, generated without the others (see
// ai.Capturer).
func (p *Position) Captures(dst []engine.Move) []engine.Move { return p.moves(dst, true) }

// moves appends the legal moves to dst (the noisy ones alone if noisy is
// set), or nothing when the game is drawn by rule.
func (p *Position) moves(dst []engine.Move, noisy bool) []engine.Move {
	if p.drawn() != "" {
		return dst
	}
	p.buf = p.generate(p.buf[:0], noisy)
	for _, m := range p.buf {
		dst = append(dst, engine.Move{Lo: uint64(m)})
	}
	return dst
}

// Do plays legal move m.
func (p *Position) Do(m engine.Move) { p.make(move(m.Lo)) }

// Undo takes back the last move.
func (p *Position) Undo() { p.unmake() }

// InCheck returns the point of the side to move's king if it is in check.
func (p *Position) InCheck() (int, bool) {
	k := p.kings[p.turn]
	if !p.known {
		p.knowCheck(p.attacked(k, p.turn^1))
	}
	if p.check {
		return p.l.point[k], true
	}
	return 0, false
}

// knowCheck records whether the side to move is in check, until the next
// make or unmake.
func (p *Position) knowCheck(check bool) { p.known, p.check = true, check }

// Outcome returns checkmate, stalemate or a draw by rule, or Ongoing.
func (p *Position) Outcome() engine.Outcome {
	p.buf = p.legal(p.buf[:0])
	if len(p.buf) == 0 {
		if _, check := p.InCheck(); check {
			return engine.Outcome{Status: engine.Win, Winner: p.turn ^ 1, Reason: "checkmate"}
		}
		return engine.Outcome{Status: engine.Draw, Reason: "stalemate"}
	}
	if why := p.drawn(); why != "" {
		return engine.Outcome{Status: engine.Draw, Reason: why}
	}
	return engine.Outcome{}
}

// Agreed returns a draw by agreement, which chess players may agree at any
// time.
func (p *Position) Agreed() (engine.Outcome, bool) {
	return engine.Outcome{Status: engine.Draw, Reason: "agreement"}, true
}

// drawn returns why the rules draw the game now, whatever the legal moves,
// or "" if they do not.
func (p *Position) drawn() string {
	switch {
	case p.insufficient():
		return "insufficient material"
	case p.half >= 100:
		return "50-move rule"
	case p.repeated():
		return "threefold repetition"
	}
	return ""
}

// insufficient reports whether neither side has the material to mate:
// kings alone, or with one knight or bishop, or with bishops all on squares
// of one colour.
func (p *Position) insufficient() bool {
	c := &p.counts
	if c[0][pawn]+c[1][pawn]+c[0][rook]+c[1][rook]+c[0][queen]+c[1][queen] != 0 {
		return false
	}
	if c[0][knight]+c[1][knight]+c[0][bishop]+c[1][bishop] <= 1 {
		return true
	}
	if c[0][knight]+c[1][knight] != 0 {
		return false
	}
	colours := 0
	for s := range 2 {
		for w, word := range p.occ[s] {
			for ; word != 0; word &= word - 1 {
				sq := w<<6 | bits.TrailingZeros64(word)
				if p.at(sq)&7 == bishop {
					colours |= 1 << ((p.l.file[sq] + p.l.rank[sq]) & 1)
				}
			}
		}
	}
	return colours != 3
}

// Repeats reports whether the position occurred before in the game, since
// the last capture or pawn move: engine/ai's search scores it as a draw.
func (p *Position) Repeats() bool { return p.earlier(1) == 1 }

// repeated reports whether the position has occurred twice before since
// the last capture or pawn move: a threefold repetition.
func (p *Position) repeated() bool { return p.earlier(2) == 2 }

// earlier counts, up to most, the earlier occurrences of the position since
// the last capture or pawn move (with the same side to move: every other
// ply, from four plies back).
func (p *Position) earlier(most int) int {
	n, seen := len(p.hist), 0
	for i := 4; i <= min(p.half, n) && seen < most; i += 2 {
		if p.hist[n-i].hash == p.hash {
			seen++
		}
	}
	return seen
}

// make plays legal move m in place.
func (p *Position) make(m move) {
	l := p.l
	us, them := p.turn, p.turn^1
	from, to := m.from(), m.to()
	pc := p.at(from)
	captured := p.at(to)
	p.hist = append(p.hist, undo{hash: p.hash, pawnKey: p.pawnKey, psq: p.psq, zoneOcc: p.zoneOcc, m: m, half: int32(p.half), captured: captured, castle: p.castle, ep: uint8(p.ep)})
	p.known = false
	h := p.hash ^ l.blackKey
	if p.ep != 0 {
		h ^= l.epKey[p.ep]
		p.ep = 0
	}
	p.half++
	if m&flagCastle != 0 {
		rf, rt := p.rookSquares(from, to)
		r := p.at(rf)
		p.castleBoard(us, from, to, rf, rt)
		h ^= l.pieceKey[pc][from] ^ l.pieceKey[pc][to] ^ l.pieceKey[r][rf] ^ l.pieceKey[r][rt]
		p.movePsq(us, king, from, to)
		p.movePsq(us, rook, rf, rt)
	} else {
		if captured != 0 {
			p.occ[them].toggle(to)
			p.counts[them][captured&7]--
			h ^= l.pieceKey[captured][to]
			p.half = 0
			if captured&7 == pawn {
				p.pawnKey ^= l.pieceKey[captured][to]
			}
			p.addPsq(them, captured&7, to, -1)
		}
		p.movePsq(us, pc&7, from, to)
		p.put(from, 0)
		p.put(to, pc)
		p.occ[us].toggle(from)
		p.occ[us].toggle(to)
		h ^= l.pieceKey[pc][from] ^ l.pieceKey[pc][to]
		switch pc & 7 {
		case pawn:
			p.half = 0
			p.pawnKey ^= l.pieceKey[pc][from] ^ l.pieceKey[pc][to]
			if m&flagEP != 0 {
				sq := to - forward(us)
				x := p.at(sq)
				p.put(sq, 0)
				p.occ[them].toggle(sq)
				p.counts[them][pawn]--
				h ^= l.pieceKey[x][sq]
				p.pawnKey ^= l.pieceKey[x][sq]
				p.addPsq(them, pawn, sq, -1)
			} else if k := m.promo(); k != 0 {
				np := colour(us) | k
				p.board[to] = np // a piece for a piece: put has nothing to keep
				p.counts[us][pawn]--
				p.counts[us][k]++
				h ^= l.pieceKey[pc][to] ^ l.pieceKey[np][to]
				p.pawnKey ^= l.pieceKey[pc][to]
				p.addPsq(us, pawn, to, -1)
				p.addPsq(us, k, to, 1)
			}
		case king:
			p.kings[us] = to
		}
	}
	if c := p.castle & l.castleMask[from] & l.castleMask[to]; c != p.castle {
		h ^= l.castleKey[p.castle] ^ l.castleKey[c]
		p.castle = c
	}
	if us == Black {
		p.full++
	}
	p.turn = them
	p.hash = h
	if m&flagDouble != 0 {
		p.setEP(to - forward(us))
	}
}

// at returns what stands on square sq: the board indexed by a byte, which
// needs no test of the index against the board's length, as the board
// has 256 cells (every square's index, and every step beyond the edge,
// is less than size).
func (p *Position) at(sq int) uint8 { return p.board[uint8(sq)] }

// put sets square sq of the board to pc, keeping zoneOcc. Every change
// of what stands on a square goes through it, but those that put back
// an earlier board and its zoneOcc together (unmake, exchange).
func (p *Position) put(sq int, pc uint8) {
	p.board[sq] = pc
	if a := p.l.areaOf[sq]; a >= 0 {
		bit := uint32(1) << p.l.areaBit[sq]
		if pc == 0 {
			p.zoneOcc[a] &^= bit
		} else {
			p.zoneOcc[a] |= bit
		}
	}
}

// addPsq adds to side s's piece-square worth (see Position.psq) that of
// a piece of kind on sq, times sign.
func (p *Position) addPsq(s engine.Side, kind uint8, sq int, sign int32) {
	e := &p.l.weights.psq[kind][p.l.psqIndex[s&1][sq]]
	p.psq[s&1][0] += sign * int32(e[0])
	p.psq[s&1][1] += sign * int32(e[1])
}

// movePsq moves side s's piece of kind from from to to in its
// piece-square worth (see Position.psq).
func (p *Position) movePsq(s engine.Side, kind uint8, from, to int) {
	p.addPsq(s, kind, from, -1)
	p.addPsq(s, kind, to, 1)
}

// setEP records sq, the square a pawn of the side not to move has just
// passed, as the en passant square if a capture there is legal.
func (p *Position) setEP(sq int) {
	us := p.turn
	pawnAt := sq - forward(us) // the pawn that passed
	own := colour(us) | pawn
	for _, from := range [2]int{pawnAt + east, pawnAt + west} {
		if p.at(from) == own && p.safe(mk(from, sq)|flagEP) {
			p.ep = sq
			p.hash ^= p.l.epKey[sq]
			return
		}
	}
}

// castleBoard moves side us's king from kf to kt and its rook from rf to
// rt: castling, or taking it back.
func (p *Position) castleBoard(us engine.Side, kf, kt, rf, rt int) {
	k, r := p.at(kf), p.at(rf)
	p.put(kf, 0)
	p.put(rf, 0)
	p.put(kt, k)
	p.put(rt, r)
	o := &p.occ[us]
	o.toggle(kf)
	o.toggle(kt)
	o.toggle(rf)
	o.toggle(rt)
	p.kings[us] = kt
}

// rookSquares returns where the rook castling with a king from from to to
// stands and where it goes.
func (p *Position) rookSquares(from, to int) (rf, rt int) {
	r := p.l.rank[from]
	if to > from {
		return square(p.l.rookFile[1], r), to - 1
	}
	return square(p.l.rookFile[0], r), to + 1
}

// unmake takes back the last move.
func (p *Position) unmake() {
	u := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.known = false
	them := p.turn
	us := them ^ 1
	p.turn = us
	m := u.m
	from, to := m.from(), m.to()
	pc := p.at(to)
	if m&flagCastle != 0 {
		rf, rt := p.rookSquares(from, to)
		p.castleBoard(us, to, from, rt, rf)
	} else {
		if k := m.promo(); k != 0 {
			pc = colour(us) | pawn
			p.counts[us][k]--
			p.counts[us][pawn]++
		}
		p.board[from] = pc // and zoneOcc as u keeps it, below
		p.board[to] = u.captured
		p.occ[us].toggle(from)
		p.occ[us].toggle(to)
		if u.captured != 0 {
			p.occ[them].toggle(to)
			p.counts[them][u.captured&7]++
		}
		if m&flagEP != 0 {
			sq := to - forward(us)
			p.board[sq] = colour(them) | pawn
			p.occ[them].toggle(sq)
			p.counts[them][pawn]++
		}
		if pc&7 == king {
			p.kings[us] = from
		}
	}
	p.castle, p.ep, p.half, p.hash, p.pawnKey, p.psq, p.zoneOcc = u.castle, int(u.ep), int(u.half), u.hash, u.pawnKey, u.psq, u.zoneOcc
	if us == Black {
		p.full--
	}
}
