package zonal

import (
	"testing"

	"github.com/zugbot/zugbot/engine"
)

// TestExchange checks the static exchange evaluation against exchanges
// worked out by hand: an undefended pawn, a knight lost for a pawn with
// batteries on both sides, an x-ray through a rook that recaptures, a
// promotion on a guarded square, and on the zonal board a recapture along
// a bent path, which a straight scan would miss.
func TestExchange(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    *engine.Variant
		fen  string
		move string
		want int
	}{
		{"undefended pawn", Chess, "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "Rxe5", 100},
		{"knight for a pawn", Chess, "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "Nxe5", -200},
		{"x-ray", Chess, "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "Rxd5", 100},
		{"without the x-ray", Chess, "3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "Rxd5", -400},
		{"free promotion", Chess, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=Q", 800},
		{"promotion into a rook", Chess, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=Q", -100},
		{"pawn takes queen", Chess, "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "exd5", 900},
		{"en passant, guarded", Chess, "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6", 0},
		{"bent recapture", Zonal, "---5k4---/--12--/-14-/3p12/16/-r2N10-/--12--/---5K4--- w - - 0 1", "Nxd5", -200},
		{"no defender", Zonal, "---5k4---/--12--/-14-/3p12/16/-3N10-/--12--/---5K4--- w - - 0 1", "Nxd5", 100},
		{"no turn from outside the zone", Zonal, "---5k4---/--12--/-4r9-/16/2p13/-3N10-/--12--/---5K4--- w - - 0 1", "Nxc4", 100},
	} {
		pos, err := tc.v.Parse(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		p := pos.(*Position)
		em, err := p.ParseMove(tc.move)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		board := p.board
		if got := p.exchange(move(em.Lo)); got != tc.want {
			t.Errorf("%s: exchange(%s) = %d, want %d", tc.name, tc.move, got, tc.want)
		}
		if p.board != board {
			t.Errorf("%s: the exchange left the board changed", tc.name)
		}
		if got := p.Losing(em); got != (tc.want < 0) {
			t.Errorf("%s: Losing(%s) = %v, want %v", tc.name, tc.move, got, tc.want < 0)
		}
		if got := p.Exchange(em); got != tc.want {
			t.Errorf("%s: Exchange(%s) = %d, want %d", tc.name, tc.move, got, tc.want)
		}
	}
}

// TestLosingQuiet checks that Losing judges captures and promotions only:
// a quiet move, even onto a square the enemy attacks, is no exchange.
func TestLosingQuiet(t *testing.T) {
	pos, err := Chess.Parse("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p := pos.(*Position)
	for _, s := range []string{"Nb4", "Nc5"} { // the knight on d7 could take on c5
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if p.Losing(m) {
			t.Errorf("Losing(%s) = true for a quiet move", s)
		}
	}
}

// TestExchangeQuiet checks what a quiet move risks by exchange: nothing on
// a square the enemy does not attack, the piece on one it attacks and we do
// not defend, nothing where taking it would cost the taker more (a bishop
// for a knight a pawn defends), the piece less a pawn where a pawn takes it
// and ours takes back, and nothing for the king or castling.
func TestExchangeQuiet(t *testing.T) {
	for _, tc := range []struct {
		fen, move string
		want      int
	}{
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "Nb4", 0},
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "Nc5", -pieceValues[knight]},
		{"4k3/8/8/6b1/8/8/3P4/3NK3 w - - 0 1", "Ne3", 0},
		{"4k3/8/8/8/5p2/8/3P4/3NK3 w - - 0 1", "Ne3", -(pieceValues[knight] - pieceValues[pawn])},
		{"4k3/8/8/6b1/8/8/3P4/3NK3 w - - 0 1", "Kf2", 0},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", 0},
	} {
		pos, err := Chess.Parse(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		p := pos.(*Position)
		m, err := p.ParseMove(tc.move)
		if err != nil {
			t.Fatalf("%s: %v", tc.move, err)
		}
		if got := p.Exchange(m); got != tc.want {
			t.Errorf("%s: Exchange(%s) = %d, want %d", tc.fen, tc.move, got, tc.want)
		}
	}
}
