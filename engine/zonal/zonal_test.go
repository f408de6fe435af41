package zonal

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

const zonalStart = "---1rnbqkbnr1---/--1pppppppppp1--/-14-/16/16/-14-/--1PPPPPPPPPP1--/---1RNBQKBNR1--- w KQkq - 0 1"

func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		v         *engine.Variant
		positions []string
	}{
		{Chess, []string{
			"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
			"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
			"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
			"7k/8/8/8/8/8/8/K1B1B3 w - - 90 80", // bishops of one colour: drawn
			"7k/8/8/8/8/8/8/KR6 w - - 96 80",    // four plies before the 50-move rule
		}},
		{Zonal, []string{
			// Riders of both sides in the zones, castling still possible.
			zonalFEN(map[string]byte{"i1": 'K', "e1": 'R', "l1": 'R', "f2": 'P', "g2": 'P', "h2": 'P', "j2": 'P', "k2": 'P',
				"c6": 'Q', "o4": 'B', "i8": 'k', "e8": 'r', "l8": 'r', "f7": 'p', "g7": 'p', "h7": 'p', "j7": 'p', "k7": 'p',
				"c3": 'q', "b5": 'r', "n6": 'b'}, "w KQkq - 0 1"),
			// Pawns one step from their short files' last squares.
			zonalFEN(map[string]byte{"i1": 'K', "e1": 'R', "l1": 'R', "i8": 'k', "e8": 'r', "l8": 'r',
				"c6": 'P', "b5": 'P', "a4": 'P', "n3": 'p', "o4": 'p', "p5": 'p'}, "w KQkq - 0 1"),
		}},
	} {
		t.Run(tc.v.ID, func(t *testing.T) {
			// Random chess games run to hundreds of plies, each position
			// checked move by move: a few games suffice, more under -deep.
			cfg := enginetest.Config{Positions: tc.positions, Games: 4}
			switch {
			case *deep:
				cfg.Games = 40
			case testing.Short():
				cfg.Games = 1
			}
			enginetest.Check(t, tc.v, cfg)
		})
	}
}

func TestStartStrings(t *testing.T) {
	if got := engine.String(Zonal.Start()); got != zonalStart {
		t.Errorf("zonal start: %q, want %q", got, zonalStart)
	}
	if got, want := engine.String(Chess.Start()), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"; got != want {
		t.Errorf("chess start: %q, want %q", got, want)
	}
	if g := Zonal.Geometry; len(g.Points) != 104 {
		t.Errorf("zonal board: %d squares, want 104", len(g.Points))
	}
	zones, specials := 0, 0
	for _, pt := range Zonal.Geometry.Points {
		switch pt.Mark {
		case engine.Tinted:
			zones++
		case engine.Gilded:
			specials++
		}
	}
	if zones != 36 || specials != 4 {
		t.Errorf("zonal board: %d zone and %d Z squares, want 36 and 4", zones, specials)
	}
}

// must parses a position string of v or fails the test.
// targets returns the sorted destination squares of the legal moves of the
// piece on square from.
func targets(p *Position, from string) []string {
	sq, _ := p.l.lookup(from)
	seen := map[string]bool{}
	for _, m := range p.legal(nil) {
		if m.from() == sq {
			seen[p.l.names[m.to()]] = true
		}
	}
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// zonalBoard returns a zonal position with the given pieces (kings
// included) on an otherwise empty board and turn ("w" or "b") to move.
func zonalBoard(t *testing.T, pieces map[string]byte, turn string) *Position {
	t.Helper()
	return enginetest.MustParse(t, Zonal, zonalFEN(pieces, turn+" - - 0 1")).(*Position)
}

// zonalFEN returns the position string with the given pieces on an
// otherwise empty board, followed by the fields in tail.
func zonalFEN(pieces map[string]byte, tail string) string {
	l := zonalLayout
	var rows []string
	for r := 7; r >= 0; r-- {
		var b strings.Builder
		empty := 0
		for f := 0; f < 16; f++ {
			sq := square(f, r)
			c, ok := pieces[l.names[sq]]
			if l.cells[sq] != absent && !ok {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			if ok {
				b.WriteByte(c)
			} else {
				b.WriteByte('-')
			}
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		rows = append(rows, b.String())
	}
	return strings.Join(rows, "/") + " " + tail
}

// bare returns a zonal position with only the given pieces, White to move,
// without the checks Parse makes: the spec's rider vectors put a rider
// where it attacks the enemy king.
func bare(pieces map[string]byte) *Position {
	p := &Position{v: Zonal, l: zonalLayout, full: 1}
	for i := range p.board {
		p.board[i] = wall
	}
	for _, sq := range p.l.squares {
		p.board[sq] = 0
	}
	for name, c := range pieces {
		sq, _ := p.l.lookup(name)
		s := White
		if c >= 'a' {
			s = Black
		}
		if err := p.place(sq, colour(s)|uint8(strings.IndexByte(pieceLetters, c&^0x20))); err != nil {
			panic(err)
		}
	}
	p.rehash()
	return p
}

func TestRiderVectors(t *testing.T) {
	for _, tc := range []struct {
		piece byte
		at    string
		want  int
	}{
		{'R', "c4", 85},
		{'B', "b4", 26},
		{'Q', "d5", 96}, // i8 among them: d5-d4-d3, then e4-f5-g6-h7 to the king
	} {
		p := bare(map[string]byte{"i1": 'K', "i8": 'k', tc.at: tc.piece})
		got := targets(p, tc.at)
		if len(got) != tc.want {
			t.Errorf("%c on %s: %d destinations, want %d: %v", tc.piece, tc.at, len(got), tc.want, got)
		}
		if tc.piece == 'Q' && !slices.Contains(got, "i8") {
			t.Errorf("the queen on d5 does not attack the king on i8: %v", got)
		}
	}
}

func TestMaraudingQueen(t *testing.T) {
	// The kings stand where the queen cannot reach them.
	p := zonalBoard(t, map[string]byte{"k1": 'K', "l8": 'k', "c3": 'q', "e1": 'R', "d2": 'P'}, "b")
	got := targets(p, "c3")
	if slices.Contains(got, "e1") {
		t.Errorf("the queen on c3 can capture e1 past the pawn on d2: %v", got)
	}
	if !slices.Contains(got, "d1") || !slices.Contains(got, "d2") {
		t.Errorf("the queen on c3 cannot reach d1 and d2: %v", got)
	}
	// On d1 the rook attacks it.
	m, err := p.ParseMove("Qd1")
	if err != nil {
		t.Fatal(err)
	}
	p.Do(m)
	if !slices.Contains(targets(p, "e1"), "d1") {
		t.Errorf("the rook on e1 cannot take the queen on d1: %v", targets(p, "e1"))
	}
}

func TestZoneRules(t *testing.T) {
	t.Run("a rider entering a zone stops", func(t *testing.T) {
		// The rook on h4 goes west along rank 4 into the zone and on,
		// straight, to a4, but cannot turn there this move.
		p := zonalBoard(t, map[string]byte{"i1": 'K', "i8": 'k', "h4": 'R'}, "w")
		got := targets(p, "h4")
		for _, sq := range []string{"d4", "c4", "b4", "a4"} {
			if !slices.Contains(got, sq) {
				t.Errorf("rook h4 cannot reach %s: %v", sq, got)
			}
		}
		for _, sq := range []string{"d5", "c3", "a5", "b6"} {
			if slices.Contains(got, sq) {
				t.Errorf("rook h4 turned in the zone to %s on the move it entered: %v", sq, got)
			}
		}
		// Next move, from d4, it turns.
		p.Do(enginetest.MustParseMove(t, p, "Rh4-d4"))
		p.Do(enginetest.MustParseMove(t, p, "Ki8-h8"))
		got = targets(p, "d4")
		for _, sq := range []string{"c5", "b6", "a5", "c7", "d7"} {
			if !slices.Contains(got, sq) {
				t.Errorf("rook d4 in the zone cannot turn to %s: %v", sq, got)
			}
		}
	})
	t.Run("a rider leaving a zone cannot turn again", func(t *testing.T) {
		// The rook on d7, walled in on c7 and d6, leaves the zone north to
		// d8 and must go on north (off the board), or east along rank 7,
		// re-entering the far zone at m7 without turning there.
		p := zonalBoard(t, map[string]byte{"i1": 'K', "i8": 'k', "d7": 'R', "c7": 'N', "d6": 'N'}, "w")
		got := targets(p, "d7")
		want := []string{"d8", "e7", "f7", "g7", "h7", "i7", "j7", "k7", "l7", "m7", "n7"}
		if !slices.Equal(got, want) {
			t.Errorf("rook d7: %v, want %v", got, want)
		}
		// A bishop on a normal square goes straight through the zone.
		p = zonalBoard(t, map[string]byte{"i1": 'K', "i8": 'k', "f4": 'B'}, "w")
		got = targets(p, "f4")
		if !slices.Contains(got, "c7") || slices.Contains(got, "b6") || slices.Contains(got, "c5") {
			t.Errorf("bishop f4 should pass straight through e5-d6-c7 without turning: %v", got)
		}
	})
	t.Run("re-entering a zone does not restore the power", func(t *testing.T) {
		// From a4 the rook crosses along rank 4 (the other ranks are
		// blocked on the e-file) into the far zone at m4, where it must go
		// straight on to p4.
		p := zonalBoard(t, map[string]byte{"i1": 'K', "i8": 'k', "a4": 'R',
			"e2": 'P', "e3": 'P', "e5": 'P', "e6": 'P', "e7": 'P'}, "w")
		got := targets(p, "a4")
		for _, sq := range []string{"m4", "n4", "o4", "p4"} {
			if !slices.Contains(got, sq) {
				t.Errorf("rook a4 cannot cross to %s: %v", sq, got)
			}
		}
		for _, sq := range []string{"m5", "n3", "o5", "p5", "m2"} {
			if slices.Contains(got, sq) {
				t.Errorf("rook a4 turned in the far zone to %s: %v", sq, got)
			}
		}
	})
	t.Run("check along a bent path", func(t *testing.T) {
		// The black rook on c6 turns at c2 and checks the king on h2
		// along c2-d2-e2-f2-g2.
		p := zonalBoard(t, map[string]byte{"h2": 'K', "i8": 'k', "c6": 'r'}, "w")
		if _, check := p.InCheck(); !check {
			t.Fatal("the king on h2 is not in check from the rook on c6 by c2")
		}
		// Blocking on c5, c4, c3, c2, d2 … g2 ends the check; the king may
		// also step off rank 2.
		got := targets(p, "h2")
		if slices.Contains(got, "g2") || slices.Contains(got, "i2") {
			t.Errorf("the king steps along the checking line: %v", got)
		}
		// The same rook on a normal square gives no check.
		p = zonalBoard(t, map[string]byte{"h2": 'K', "i8": 'k', "f6": 'r'}, "w")
		if _, check := p.InCheck(); check {
			t.Error("a rook on f6 checks the king on h2")
		}
		// Moving into the zone gives a check along a bent path, and the
		// SAN says so.
		p = zonalBoard(t, map[string]byte{"h2": 'K', "i8": 'k', "f7": 'r'}, "b")
		if got := p.FormatMove(enginetest.MustParseMove(t, p, "f7-c7")); got != "Rc7+" {
			t.Errorf("f7-c7 formats as %q, want Rc7+", got)
		}
	})
	t.Run("promotion on a short file", func(t *testing.T) {
		for _, tc := range []struct {
			pawn, move, turn string
			piece            byte
		}{
			{"c6", "c6-c7=N", "w", 'P'},
			{"b5", "b5-b6=Q", "w", 'P'},
			{"a4", "a4-a5=R", "w", 'P'},
			{"o4", "o4-o3=B", "b", 'p'},
			{"n3", "n3-n2=Q", "b", 'p'},
			{"p5", "p5-p4=Q", "b", 'p'},
			{"d7", "d7-d8=Q", "w", 'P'},
		} {
			p := zonalBoard(t, map[string]byte{"i1": 'K', "i8": 'k', tc.pawn: tc.piece}, tc.turn)
			moves := p.legal(nil)
			promos := 0
			for _, m := range moves {
				if m.promo() != 0 {
					promos++
				}
			}
			if promos != 4 {
				t.Errorf("pawn on %s: %d promotion moves, want 4", tc.pawn, promos)
			}
			if _, err := p.ParseMove(tc.move); err != nil {
				t.Errorf("%s: %v", tc.move, err)
			}
			if _, err := p.ParseMove(tc.move[:5]); err == nil || !strings.Contains(err.Error(), "promotes") {
				t.Errorf("%s without a piece: %v, want a request to choose", tc.move[:5], err)
			}
		}
	})
}

// mustMove parses a move or fails the test.
func TestNonOrthodoxFirstMoves(t *testing.T) {
	p := Zonal.Start().(*Position)
	var extra []string
	for _, m := range p.legal(nil) {
		f, t := p.l.file[m.from()], p.l.file[m.to()]
		if f < 4 || f > 11 || t < 4 || t > 11 {
			extra = append(extra, p.l.names[m.from()]+"-"+p.l.names[m.to()])
		}
	}
	sort.Strings(extra)
	want := []string{"d2-d3", "d2-d4", "e1-d1", "l1-m1", "m2-m3", "m2-m4"}
	if !slices.Equal(extra, want) {
		t.Errorf("non-orthodox first moves %v, want %v", extra, want)
	}
}
