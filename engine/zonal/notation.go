package zonal

import (
	"cmp"
	"slices"
	"strings"

	"github.com/zugbot/zugbot/engine"
)

// kindNames are the names of the kinds, for messages.
var kindNames = [8]string{"", "pawn", "knight", "bishop", "rook", "queen", "king", ""}

// Describe returns the squares the moving piece (the king, when castling)
// goes from and to, and the square of the piece it captures.
func (p *Position) Describe(em engine.Move) engine.MoveInfo {
	m := move(em.Lo)
	from, to := m.from(), m.to()
	info := engine.MoveInfo{Path: []int{p.l.point[from], p.l.point[to]}}
	if dirs := riderDirs(p.board[from] & 7); dirs != nil && p.l.cells[from] == zoned {
		if r := p.route(from, to, dirs); len(r) > 2 {
			info.Path = info.Path[:0]
			for _, sq := range r {
				info.Path = append(info.Path, p.l.point[sq])
			}
		}
	}
	switch {
	case m&flagEP != 0:
		info.Taken = []int{p.l.point[to-forward(p.turn)]}
	case m&flagCastle == 0 && p.board[to] != 0:
		info.Taken = []int{p.l.point[to]}
	}
	return info
}

// FormatMove returns the standard algebraic notation (SAN) of legal move
// m: "Nf3", "exd5", "e8=Q+", "O-O", with "+" for check and "#" for mate.
func (p *Position) FormatMove(em engine.Move) string {
	m := move(em.Lo)
	s := p.san(m, p.legal(nil))
	p.make(m)
	if _, check := p.InCheck(); check {
		if len(p.legal(p.buf[:0])) == 0 {
			s += "#"
		} else {
			s += "+"
		}
	}
	p.unmake()
	return s
}

// san returns the SAN of legal move m without a check mark; legal lists
// the position's legal moves, for disambiguation.
func (p *Position) san(m move, legal []move) string {
	l := p.l
	from, to := m.from(), m.to()
	if m&flagCastle != 0 {
		if to > from {
			return "O-O"
		}
		return "O-O-O"
	}
	var b []byte
	kind := p.board[from] & 7
	capture := p.board[to] != 0 || m&flagEP != 0
	if kind == pawn {
		if capture {
			b = append(b, l.names[from][0])
		}
	} else {
		b = append(b, pieceLetters[kind])
		sameFile, sameRank, others := false, false, false
		for _, o := range legal {
			if o.to() != to || o.from() == from || p.board[o.from()]&7 != kind {
				continue
			}
			others = true
			sameFile = sameFile || l.file[o.from()] == l.file[from]
			sameRank = sameRank || l.rank[o.from()] == l.rank[from]
		}
		switch {
		case !others:
		case !sameFile:
			b = append(b, l.names[from][0])
		case !sameRank:
			b = append(b, l.names[from][1])
		default:
			b = append(b, l.names[from]...)
		}
	}
	if capture {
		b = append(b, 'x')
	}
	b = append(b, l.names[to]...)
	if k := m.promo(); k != 0 {
		b = append(b, '=', pieceLetters[k])
	}
	return string(b)
}

// ParseMove resolves a move entry against the legal moves. It accepts long
// algebraic notation ("i2-i4", "e1-d1", "j7-j8=Q", "O-O"; any case) and SAN
// ("Nh3", "Bxd2", "d8=Q+"), and explains what is wrong with anything else.
func (p *Position) ParseMove(input string) (engine.Move, error) {
	t := strings.TrimSpace(input)
	switch {
	case t == "":
		return engine.Move{}, engine.Refuse(p, input, "no move given: enter one such as e2-e4 or Nf3", nil)
	case len(t) > engine.MaxMoveText:
		return engine.Move{}, engine.Refuse(p, input, "too long to be a move", nil)
	}
	var legal []move
	if p.drawn() == "" {
		legal = p.legal(nil)
	}
	if len(legal) == 0 {
		return engine.Move{}, engine.Refuse(p, input, "the game is over", nil)
	}
	t = strings.TrimRight(t, "+#!? ")
	for _, suffix := range []string{"e.p.", "ep"} {
		if strings.HasSuffix(strings.ToLower(t), suffix) {
			t = strings.TrimSpace(t[:len(t)-len(suffix)])
			break
		}
	}
	var found []move
	switch strings.ToUpper(strings.ReplaceAll(t, "0", "O")) {
	case "O-O", "OO":
		found = p.castles(legal, east)
		if len(found) == 0 {
			return engine.Move{}, p.refuse(input, "castling on the king's side is not legal now", legal)
		}
		return found[0].engine(), nil
	case "O-O-O", "OOO":
		found = p.castles(legal, west)
		if len(found) == 0 {
			return engine.Move{}, p.refuse(input, "castling on the queen's side is not legal now", legal)
		}
		return found[0].engine(), nil
	}
	// "B5g6" reads as long algebraic (b5 to g6) and as SAN (the bishop of
	// the fifth rank to g6). When both are legal moves, a capital piece
	// letter without a '-' makes it SAN, as the game records write it;
	// otherwise whichever reading is legal is taken.
	m, long, err := p.parseLong(input, t, legal)
	sm, serr := p.parseSAN(input, t, legal)
	switch {
	case long && err == nil:
		if serr == nil && sm != m && strings.IndexByte("KQRBN", t[0]) >= 0 && !strings.Contains(t, "-") {
			return sm, nil
		}
		return m, nil
	case serr == nil || !long:
		return sm, serr
	}
	return engine.Move{}, err
}

// engine returns m as an engine.Move.
func (m move) engine() engine.Move { return engine.Move{Lo: uint64(m)} }

// refuse is engine.Refuse with the position's own moves.
func (p *Position) refuse(input, reason string, moves []move) *engine.MoveError {
	if len(moves) > engine.MaxSuggestions {
		moves = nil
	}
	em := make([]engine.Move, len(moves))
	for i, m := range moves {
		em[i] = m.engine()
	}
	return engine.Refuse(p, input, reason, em)
}

// castles returns the legal castling moves of the king towards dir.
func (p *Position) castles(legal []move, dir int) []move {
	var out []move
	for _, m := range legal {
		if m&flagCastle != 0 && (m.to()-m.from())*dir > 0 {
			out = append(out, m)
		}
	}
	return out
}

// readSquare reads a square name at the start of s, any case, and reports
// whether it names a square of the board.
func (l *layout) readSquare(s string) (int, bool) {
	if len(s) < 2 {
		return 0, false
	}
	return l.lookup(strings.ToLower(s[:2]))
}

// promoKind returns the kind of promotion letter c, any case, or 0.
func promoKind(c byte) uint8 {
	switch c | 0x20 {
	case 'q':
		return queen
	case 'r':
		return rook
	case 'b':
		return bishop
	case 'n':
		return knight
	}
	return 0
}

// parseLong reads long algebraic notation: an optional piece letter, the
// from square, an optional '-', 'x' or ':', the to square and an optional
// promotion ("=Q" or "q"). It reports false if t is not in that form.
func (p *Position) parseLong(input, t string, legal []move) (engine.Move, bool, error) {
	l := p.l
	s := t
	from, ok := l.readSquare(s)
	var named uint8 // the kind a piece letter in front names
	if !ok && len(s) > 2 {
		if k := strings.IndexByte(pieceLetters, s[0]&^0x20); k > 0 && s[0] != ' ' {
			named = uint8(k)
			s = s[1:]
			from, ok = l.readSquare(s)
		}
	}
	if !ok {
		return engine.Move{}, false, nil
	}
	s = s[2:]
	if s != "" && strings.IndexByte("-xX:", s[0]) >= 0 {
		s = s[1:]
	}
	to, ok := l.readSquare(s)
	if !ok {
		return engine.Move{}, false, nil
	}
	s = strings.TrimPrefix(s[2:], "=")
	var promo uint8
	if s != "" {
		if promo = promoKind(s[0]); promo == 0 || len(s) > 1 {
			return engine.Move{}, false, nil
		}
	}
	if pc := p.board[from]; named != 0 && pc != 0 && pc&7 != named {
		return engine.Move{}, true, p.refuse(input, "the piece on "+l.names[from]+" is a "+kindNames[pc&7]+", not a "+kindNames[named], nil)
	}
	var found []move
	for _, m := range legal {
		if m.from() == from && m.to() == to && (promo == 0 || m.promo() == promo) && m&flagCastle == 0 {
			found = append(found, m)
		}
	}
	if len(found) == 0 {
		for _, m := range legal {
			if m.from() == from && m.to() == to && m&flagCastle != 0 {
				found = append(found, m)
			}
		}
	}
	switch {
	case len(found) == 1:
		return found[0].engine(), true, nil
	case len(found) > 1:
		return engine.Move{}, true, p.refuse(input, "a pawn reaching "+l.names[to]+" promotes: add =Q, =R, =B or =N", found)
	}
	return engine.Move{}, true, p.whyNot(input, from, to, promo, legal)
}

// whyNot explains why the move of the piece on from to to is not legal.
func (p *Position) whyNot(input string, from, to int, promo uint8, legal []move) error {
	l := p.l
	pc := p.board[from]
	if pc == 0 {
		return p.refuse(input, "there is no piece on "+l.names[from], nil)
	}
	if side(pc) != p.turn {
		return p.refuse(input, "the piece on "+l.names[from]+" is "+p.v.Sides[side(pc)]+"'s; "+p.v.Sides[p.turn]+" is to move", nil)
	}
	var own []move
	for _, m := range legal {
		if m.from() == from {
			own = append(own, m)
		}
	}
	what := "the " + kindNames[pc&7] + " on " + l.names[from]
	if promo != 0 && (pc&7 != pawn || !l.promo[p.turn].has(to)) {
		return p.refuse(input, "only a pawn reaching the last square of its file promotes", own)
	}
	for _, m := range p.pseudo(nil, false, false) {
		if m.from() == from && m.to() == to && m&flagCastle == 0 {
			if _, check := p.InCheck(); check {
				return p.refuse(input, "your king is in check, and "+what+" moving to "+l.names[to]+" does not end it", own)
			}
			return p.refuse(input, what+" moving to "+l.names[to]+" would leave your king in check", own)
		}
	}
	if len(own) == 0 {
		return p.refuse(input, what+" has no legal move", nil)
	}
	return p.refuse(input, what+" cannot move to "+l.names[to], own)
}

// parseSAN reads standard algebraic notation: an optional piece letter,
// an optional file, rank or square it moves from, an optional 'x', the to
// square and an optional promotion. A lower-case letter that could be a
// file or a piece is read as a file first.
func (p *Position) parseSAN(input, t string, legal []move) (engine.Move, error) {
	l := p.l
	s := strings.NewReplacer("x", "", "X", "", ":", "", "=", "").Replace(t)
	var promo uint8
	if n := len(s); n >= 3 && promoKind(s[n-1]) != 0 && (s[n-2] >= '1' && s[n-2] <= '9') {
		promo = promoKind(s[n-1])
		s = s[:n-1]
	}
	if len(s) < 2 {
		return engine.Move{}, p.refuse(input, "not a move: write it like e2-e4, Nf3, exd5 or O-O", nil)
	}
	to, ok := l.readSquare(s[len(s)-2:])
	if !ok {
		if c, r := s[len(s)-2]|0x20, s[len(s)-1]; c >= 'a' && c <= 'z' && r >= '0' && r <= '9' {
			return engine.Move{}, p.refuse(input, "there is no square "+string([]byte{c, r})+" on this board", nil)
		}
		return engine.Move{}, p.refuse(input, "not a move: write it like e2-e4, Nf3, exd5 or O-O", nil)
	}
	prefix := s[:len(s)-2]
	// Readings of the prefix: a piece kind (0 for a pawn) and the file
	// and rank it moves from (-1 when not given).
	type reading struct {
		kind       uint8
		file, rank int
	}
	var readings []reading
	hint := func(kind uint8, rest string) {
		r := reading{kind: kind, file: -1, rank: -1}
		for i := 0; i < len(rest); i++ {
			c := rest[i] | 0x20
			switch {
			case c >= 'a' && c < 'a'+byte(l.files) && r.file < 0 && i == 0:
				r.file = int(c - 'a')
			case rest[i] >= '1' && rest[i] < '1'+byte(l.ranks) && r.rank < 0:
				r.rank = int(rest[i] - '1')
			default:
				return
			}
		}
		readings = append(readings, r)
	}
	if prefix == "" {
		hint(pawn, "")
	} else {
		c := prefix[0]
		if k := strings.IndexByte(pieceLetters, c); k > 0 && c != ' ' {
			hint(uint8(k), prefix[1:]) // upper case: a piece
		} else {
			hint(pawn, prefix) // lower case: a pawn's file first…
			if k := strings.IndexByte(pieceLetters, c&^0x20); k > 1 {
				hint(uint8(k), prefix[1:]) // …then a piece
			}
		}
	}
	if len(readings) == 0 {
		return engine.Move{}, p.refuse(input, "not a move: write it like e2-e4, Nf3, exd5 or O-O", nil)
	}
	var found []move
	for _, r := range readings {
		var these []move
		for _, m := range legal {
			from := m.from()
			if m.to() != to || m&flagCastle != 0 || p.board[from]&7 != r.kind ||
				(r.file >= 0 && l.file[from] != r.file) || (r.rank >= 0 && l.rank[from] != r.rank) ||
				(promo != 0 && m.promo() != promo) {
				continue
			}
			these = append(these, m)
		}
		if len(these) > 0 {
			found = these
			break
		}
	}
	switch {
	case len(found) == 1:
		return found[0].engine(), nil
	case len(found) > 1 && found[0].promo() != 0 && promo == 0:
		return engine.Move{}, p.refuse(input, "a pawn reaching "+l.names[to]+" promotes: add =Q, =R, =B or =N", found)
	case len(found) > 1:
		return engine.Move{}, p.refuse(input, "ambiguous: more than one piece can go to "+l.names[to]+"; name the one you mean", found)
	}
	var there []move
	for _, m := range legal {
		if m.to() == to && m&flagCastle == 0 {
			there = append(there, m)
		}
	}
	r := readings[0]
	what := "no " + kindNames[r.kind]
	switch {
	case r.kind == pawn && prefix != "" && len(readings) > 1:
		what = "no pawn or " + kindNames[readings[1].kind]
	case r.file >= 0 || r.rank >= 0:
		what = "no such " + kindNames[r.kind]
	}
	if len(there) == 0 {
		return engine.Move{}, p.refuse(input, what+" can move to "+l.names[to]+"; no piece can go there", nil)
	}
	return engine.Move{}, p.refuse(input, what+" can move to "+l.names[to]+"; these moves go there", there)
}

// route returns the way a rider standing on zone square from goes to to,
// moving in dirs: from, each square where it turns, and to. Of the ways
// that reach to it takes one that turns least often (a breadth-first search
// over the zone squares where it may turn, as reach floods them); nil when
// none reaches to.
func (p *Position) route(from, to int, dirs []int) []int {
	parent := map[int]int{from: -1}
	queue := []int{from}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, d := range dirs {
			zone := true
			for t := s + d; ; t += d {
				if t == to {
					return p.straighten(append(chain(parent, s), to))
				}
				if t == from || p.board[t] != 0 {
					break
				}
				if zone && p.l.cells[t] == zoned {
					if _, ok := parent[t]; !ok {
						parent[t] = s
						queue = append(queue, t)
					}
					break
				}
				zone = false
			}
		}
	}
	return nil
}

// chain returns the squares from the root of parent to s, in order.
func chain(parent map[int]int, s int) []int {
	var out []int
	for ; s >= 0; s = parent[s] {
		out = append(out, s)
	}
	slices.Reverse(out)
	return out
}

// straighten drops the squares of a route where the rider goes straight
// on, keeping its ends and its turns.
func (p *Position) straighten(r []int) []int {
	out := r[:1]
	for i := 1; i < len(r)-1; i++ {
		a, b, c := r[i-1], r[i], r[i+1]
		if p.step(a, b) != p.step(b, c) {
			out = append(out, b)
		}
	}
	return append(out, r[len(r)-1])
}

// step returns the direction from square a to square b, as the signs of
// the file and rank differences.
func (p *Position) step(a, b int) [2]int {
	return [2]int{cmp.Compare(p.l.file[b], p.l.file[a]), cmp.Compare(p.l.rank[b], p.l.rank[a])}
}

// UCI returns legal move m in the long algebraic notation of the Universal
// Chess Interface: "e2e4", "e7e8q", castling as the king's move ("e1g1").
// It is how outside engines (Stockfish) read and write moves of standard
// chess, and "" for Zonal Chess, which no such engine plays.
func (p *Position) UCI(em engine.Move) string {
	if p.v != Chess {
		return ""
	}
	m := move(em.Lo)
	name := func(sq int) string { return p.v.Geometry.Points[p.l.point[sq]].Name }
	s := name(m.from()) + name(m.to())
	if k := m.promo(); k != 0 {
		s += string(pieceLetters[k] | 0x20)
	}
	return s
}
