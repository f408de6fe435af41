package zonal

import (
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

func TestParseMoveForms(t *testing.T) {
	kiwi := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	for _, tc := range []struct {
		v        *engine.Variant
		fen      string
		in, want string // want is the SAN of the move read
	}{
		{Chess, "", "e2-e4", "e4"},
		{Chess, "", "E2E4", "e4"},
		{Chess, "", "e4", "e4"},
		{Chess, "", "Nf3", "Nf3"},
		{Chess, "", "ng1-f3", "Nf3"},
		{Chess, "", "Ng1f3", "Nf3"},
		{Chess, "", "nf3", "Nf3"},
		{Chess, "", " Nf3+!? ", "Nf3"},
		{Chess, kiwi, "O-O", "O-O"},
		{Chess, kiwi, "0-0-0", "O-O-O"},
		{Chess, kiwi, "e1-g1", "O-O"},
		{Chess, kiwi, "Bxa6", "Bxa6"},
		{Chess, kiwi, "Ba6", "Bxa6"},
		{Chess, kiwi, "dxe6", "dxe6"},
		{Chess, kiwi, "de6", "dxe6"},
		{Chess, kiwi, "d5e6", "dxe6"},
		{Chess, kiwi, "Qxf6", "Qxf6"},
		{Chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q", "a8=Q+"},
		{Chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7-a8n", "a8=N"},
		{Chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8Q", "a8=Q+"},
		{Chess, "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "exd6 e.p.", "exd6"},
		// Two knights can reach d2: the SAN names the file.
		{Chess, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nbd2", "Nbd2"},
		{Chess, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nb1d2", "Nbd2"},
		{Zonal, "", "e1-d1", "Rd1"},
		{Zonal, "", "Rd1", "Rd1"},
		{Zonal, "", "d4", "d4"},
		{Zonal, "", "i2-i4", "i4"},
		{Zonal, "", "Ng3", "Ng3"},
		// Rank-disambiguated SAN also reads as a square (b1, b3): the
		// capital letter makes it SAN; a '-' makes it long algebraic.
		{Chess, "4k3/8/8/4B3/8/8/8/1N2B1K1 w - - 0 1", "B1c3", "B1c3"},
		{Chess, "4k3/8/8/4B3/8/8/8/1N2B1K1 w - - 0 1", "b1c3", "Nc3"},
		{Chess, "4k3/8/8/4B3/8/8/8/1N2B1K1 w - - 0 1", "B1-C3", "Nc3"},
		{Zonal, "---3q2b3---/--3B4P3--/-8P2B2-/16/16/-Rb2B9-/--8K3--/---3k6--- w - - 3 6", "B3d5", "B3d5"},
		{Zonal, "---3q2b3---/--3B4P3--/-8P2B2-/16/16/-Rb2B9-/--8K3--/---3k6--- w - - 3 6", "b3-d5", "Rd5"},
		{Chess, "", "B2-B4", "b4"},
		{Zonal, "", "k1-j3", "Nj3"},
	} {
		var p engine.Position = tc.v.Start()
		if tc.fen != "" {
			p = enginetest.MustParse(t, tc.v, tc.fen)
		}
		m, err := p.ParseMove(tc.in)
		if err != nil {
			t.Errorf("%s %q: %v", tc.v.ID, tc.in, err)
			continue
		}
		if got := p.FormatMove(m); got != tc.want {
			t.Errorf("%s %q read as %s, want %s", tc.v.ID, tc.in, got, tc.want)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	for _, tc := range []struct {
		v        *engine.Variant
		fen      string
		in, want string // want is part of the error
	}{
		{Chess, "", "", "no move given"},
		{Chess, "", "e2-e5", "the pawn on e2 cannot move to e5 (legal: e3, e4)"},
		{Chess, "", "e3-e4", "there is no piece on e3"},
		{Chess, "", "Qe2-e4", "the piece on e2 is a pawn, not a queen"},
		{Chess, "", "e7-e5", "the piece on e7 is Black's; White is to move"},
		{Chess, "", "Nf4", "no knight can move to f4; these moves go there (legal: f4)"},
		{Chess, "", "Ngc3", "no such knight can move to c3; these moves go there (legal: "},
		{Chess, "", "Ke2", "no king can move to e2; no piece can go there"},
		{Chess, "", "e9", "there is no square e9 on this board"},
		{Chess, "", "O-O", "castling on the king's side is not legal now"},
		{Chess, "", "hello", "not a move"},
		{Chess, "", strings.Repeat("e4", 200), "too long"},
		{Chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", "promotes: add =Q, =R, =B or =N"},
		{Chess, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2", "ambiguous"},
		{Chess, "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "Be2-d3", "would leave your king in check"},
		{Chess, "4k3/4r3/8/8/8/8/3B4/4K3 w - - 0 1", "Bd2-c3", "your king is in check"},
		{Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "Kh7", "the game is over"},
		{Zonal, "", "a1-a2", "there is no square a2 on this board"},
		{Zonal, "", "c2-c4", "there is no piece on c2"},
	} {
		var p engine.Position = tc.v.Start()
		if tc.fen != "" {
			p = enginetest.MustParse(t, tc.v, tc.fen)
		}
		_, err := p.ParseMove(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q: error %v, want %q", tc.v.ID, tc.in, err, tc.want)
		}
		if _, ok := err.(*engine.MoveError); err != nil && !ok {
			t.Errorf("%s %q: error %T, want *engine.MoveError", tc.v.ID, tc.in, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		v        *engine.Variant
		in, want string
	}{
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "want 8 ranks"},
		{Chess, "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 files"},
		{Chess, "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 files, want 8"},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "White has 0 kings"},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "want w or b"},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling K"},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en passant square e3: want a square of rank 6"},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "no Black pawn has just passed it"},
		{Chess, "Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1", "a White pawn cannot stand on a8"},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock"},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "want 6 fields"},
		{Chess, "4k3/8/8/8/8/8/8/4K2R b - - 0 1", ""},
		{Chess, "4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "White is to move but Black is in check"},
		{Zonal, "8/8/8/8/8/8/8/8 w - - 0 1", "a8 is not on this board; write '-' for it"},
		{Zonal, "----rnbqkbnr1---/--1pppppppppp1--/-14-/16/16/-14-/--1PPPPPPPPPP1--/---1RNBQKBNR1--- w KQkq - 0 1", "'-' on d8"},
		{Zonal, "1--1rnbqkbnr1---/--1pppppppppp1--/-14-/16/16/-14-/--1PPPPPPPPPP1--/---1RNBQKBNR1--- w KQkq - 0 1", "a8 is not on this board"},
		{Zonal, "---1rnbqkbnrP---/--1pppppppppp1--/-14-/16/16/-14-/--1PPPPPPPPPP1--/---1RNBQKBNR1--- w KQkq - 0 1", "cannot stand on m8"},
	} {
		_, err := tc.v.Parse(tc.in)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s %q: %v", tc.v.ID, tc.in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q: error %v, want %q", tc.v.ID, tc.in, err, tc.want)
		}
	}
}
