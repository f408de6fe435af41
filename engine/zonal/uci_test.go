package zonal

import (
	"testing"

	"github.com/zugbot/zugbot/engine"
)

// TestUCI checks the long algebraic notation of the Universal Chess
// Interface on the moves it writes in its own way (castling as the king's
// move, promotions with a lowercase letter, en passant as the pawn's move)
// and that every legal move of a position gets its own text.
func TestUCI(t *testing.T) {
	for _, tt := range []struct {
		fen, san, uci string
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O", "e8g8"},
		{"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e8=N", "e7e8n"},
		{"8/6k1/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", "e5d6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Nf3", "g1f3"},
	} {
		p, err := Chess.Parse(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.fen, err)
		}
		m, err := p.ParseMove(tt.san)
		if err != nil {
			t.Fatalf("%s in %s: %v", tt.san, tt.fen, err)
		}
		if got := p.(*Position).UCI(m); got != tt.uci {
			t.Errorf("%s in %s: UCI %q, want %q", tt.san, tt.fen, got, tt.uci)
		}
	}
	// Distinct texts for every legal move along a game.
	p := Chess.Start()
	for ply := range 60 {
		seen := map[string]bool{}
		ms := p.Moves(nil)
		if len(ms) == 0 {
			break
		}
		for _, m := range ms {
			s := p.(*Position).UCI(m)
			if seen[s] {
				t.Fatalf("two moves write %q in %s", s, engine.String(p))
			}
			seen[s] = true
		}
		p.Do(ms[(ply*7)%len(ms)])
	}
}
