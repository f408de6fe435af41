package zonal

import (
	"slices"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

func TestCastling(t *testing.T) {
	for _, tc := range []struct {
		v            *engine.Variant
		fen, move    string
		king, rook   string
		wantK, wantR *engine.Kind
	}{
		{Zonal, zonalFEN(map[string]byte{"i1": 'K', "e1": 'R', "l1": 'R', "i8": 'k'}, "w KQ - 0 1"), "O-O", "k1", "j1", King, Rook},
		{Zonal, zonalFEN(map[string]byte{"i1": 'K', "e1": 'R', "l1": 'R', "i8": 'k'}, "w KQ - 0 1"), "O-O-O", "g1", "h1", King, Rook},
		{Zonal, zonalFEN(map[string]byte{"i1": 'K', "i8": 'k', "e8": 'r', "l8": 'r'}, "b kq - 0 1"), "0-0-0", "g8", "h8", King, Rook},
		{Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "g1", "f1", King, Rook},
		{Chess, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8-c8", "c8", "d8", King, Rook},
	} {
		p := enginetest.MustParse(t, tc.v, tc.fen)
		enginetest.Play(t, p, tc.move)
		g := tc.v.Geometry
		if pc := p.Piece(g.PointIndex(tc.king)); pc.Kind != tc.wantK {
			t.Errorf("%s %s: %s holds %+v, want the king", tc.v.ID, tc.move, tc.king, pc)
		}
		if pc := p.Piece(g.PointIndex(tc.rook)); pc.Kind != tc.wantR {
			t.Errorf("%s %s: %s holds %+v, want the rook", tc.v.ID, tc.move, tc.rook, pc)
		}
	}
	// No castling out of, through or into check, nor across a piece.
	for _, tc := range []struct {
		fen, move, why string
	}{
		{zonalFEN(map[string]byte{"i1": 'K', "l1": 'R', "i8": 'k', "i5": 'r'}, "w K - 0 1"), "O-O", "in check"},
		{zonalFEN(map[string]byte{"i1": 'K', "l1": 'R', "i8": 'k', "j5": 'r'}, "w K - 0 1"), "O-O", "through check"},
		{zonalFEN(map[string]byte{"i1": 'K', "l1": 'R', "i8": 'k', "k5": 'r'}, "w K - 0 1"), "O-O", "into check"},
		{zonalFEN(map[string]byte{"i1": 'K', "e1": 'R', "f1": 'N', "i8": 'k'}, "w Q - 0 1"), "O-O-O", "across a knight"},
		// The queen on the Z square d1 attacks g1 once the rook has left e1.
		{zonalFEN(map[string]byte{"i1": 'K', "e1": 'R', "i8": 'k', "d1": 'q'}, "w Q - 0 1"), "O-O-O", "into the queen's line the rook opens"},
		// Bent paths count: the bishop on c3 turns at d4 and attacks g1
		// by e3-f2.
		{zonalFEN(map[string]byte{"i1": 'K', "e1": 'R', "i8": 'k', "c3": 'b'}, "w Q - 0 1"), "O-O-O", "into a bent bishop path"},
	} {
		p := enginetest.MustParse(t, Zonal, tc.fen)
		if _, err := p.ParseMove(tc.move); err == nil {
			t.Errorf("%s allowed %s", tc.move, tc.why)
		}
	}
}

func TestEnPassant(t *testing.T) {
	p := Chess.Start()
	enginetest.Play(t, p, "e4", "a6", "e5", "d5")
	if got := engine.String(p); !strings.Contains(got, " d6 ") {
		t.Errorf("after d5 the en passant square is missing: %s", got)
	}
	m := enginetest.MustParseMove(t, p, "exd6")
	if got := p.FormatMove(m); got != "exd6" {
		t.Errorf("en passant formats as %q", got)
	}
	if info := p.Describe(m); len(info.Taken) != 1 || info.Taken[0] != Chess.Geometry.PointIndex("d5") {
		t.Errorf("en passant takes %v, want d5", info.Taken)
	}
	p.Do(m)
	if pc := p.Piece(Chess.Geometry.PointIndex("d5")); pc.Kind != nil {
		t.Errorf("the pawn taken en passant is still on d5")
	}
	// Only right after the double step.
	p = Chess.Start()
	enginetest.Play(t, p, "e4", "d5", "e5", "f5", "h3", "a6")
	if _, err := p.ParseMove("exf6"); err == nil {
		t.Error("en passant allowed a move late")
	}
	// The extra pawns of the zonal board take part too: d2-d4 passes d3.
	p = Zonal.Start()
	enginetest.Play(t, p, "d2-d4", "i7-i5", "d4-d5", "j7-j6", "i2-i3", "e7-e5")
	if _, err := p.ParseMove("d5xe6"); err != nil {
		t.Errorf("the d-pawn cannot take e5 en passant: %v", err)
	}
}

func TestOutcomes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		v      *engine.Variant
		fen    string
		moves  string
		status engine.Status
		reason string
	}{
		{"fool's mate", Chess, "", "f3 e5 g4 Qh4#", engine.Win, "checkmate"},
		{"stalemate", Chess, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "Qf7", engine.Draw, "stalemate"},
		{"threefold repetition", Chess, "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", engine.Draw, "threefold repetition"},
		{"50-move rule", Chess, "7k/8/8/8/8/8/8/KR6 w - - 99 80", "Rb2", engine.Draw, "50-move rule"},
		{"insufficient material", Chess, "7k/8/8/8/8/8/6p1/K6R b - - 0 1", "gxh1=N", engine.Draw, "insufficient material"},
		{"mate on the 100th ply", Chess, "7k/8/6K1/8/8/8/8/R7 w - - 99 80", "Ra8#", engine.Win, "checkmate"},
		// The queen turns at b3 to reach d1, guarded by the knight.
		{"zonal mate by a queen that turned", Zonal, zonalFEN(map[string]byte{"e1": 'K', "d2": 'P', "e2": 'P', "f2": 'P', "f1": 'B',
			"i8": 'k', "b5": 'q', "c3": 'n'}, "b - - 0 1"), "b5-d1", engine.Win, "checkmate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p engine.Position = tc.v.Start()
			if tc.fen != "" {
				p = enginetest.MustParse(t, tc.v, tc.fen)
			}
			enginetest.Play(t, p, strings.Fields(tc.moves)...)
			o := p.Outcome()
			if o.Status != tc.status || o.Reason != tc.reason {
				t.Errorf("outcome %+v, want status %d %q", o, tc.status, tc.reason)
			}
			if o.Over() != (len(p.Moves(nil)) == 0) {
				t.Errorf("outcome %+v with %d moves", o, len(p.Moves(nil)))
			}
		})
	}
	if o, ok := Chess.Start().Agreed(); !ok || o.Status != engine.Draw {
		t.Errorf("Agreed() = %+v, %v; want a draw", o, ok)
	}
}

// TestDescribeBentPath checks that a rider's move through a zone is
// described along the way it goes, turns included, so that the board can
// draw it; a straight move keeps its two ends.
func TestDescribeBentPath(t *testing.T) {
	p := Zonal.Start()
	enginetest.Play(t, p, "m4", "e6", "k4", "Nl6", "Nm2", "Rm8", "Nl4", "Nxm4", "i4", "Rd8", "Rm1", "Rk8", "Rm2", "g6")
	names := func(pts []int) []string {
		var out []string
		for _, i := range pts {
			out = append(out, Zonal.Geometry.Points[i].Name)
		}
		return out
	}
	for _, tt := range []struct {
		move string
		want []string
	}{
		{"Rb3", []string{"m2", "m3", "b3"}}, // up the zone, then west across the board
		{"Rm3", []string{"m2", "m3"}},       // one step: no turn
	} {
		m := enginetest.MustParseMove(t, p, tt.move)
		if got := names(p.Describe(m).Path); !slices.Equal(got, tt.want) {
			t.Errorf("%s goes %v, want %v", tt.move, got, tt.want)
		}
	}
}
