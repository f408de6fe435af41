package uci

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/zonal"
)

// TestStockfish plays a short game against Stockfish, limited in strength,
// through the protocol: every move it answers is one of the position's
// legal moves, in positions with castling rights and after captures.
func TestStockfish(t *testing.T) {
	path, err := Path()
	if err != nil {
		t.Fatal(err)
	}
	e, err := Start(path, 1350, 10*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	p := zonal.Chess.Start()
	for ply := 0; ply < 40 && !p.Outcome().Over(); ply++ {
		m, _, err := e.Best(context.Background(), p)
		if err != nil {
			t.Fatalf("ply %d, %s: %v", ply, engine.String(p), err)
		}
		if !slices.Contains(p.Moves(nil), m) {
			t.Fatalf("ply %d: %v is not legal in %s", ply, m, engine.String(p))
		}
		p.Do(m)
	}
	if _, _, err := e.Best(context.Background(), zonal.Zonal.Start()); err == nil {
		t.Error("Stockfish was asked a Zonal Chess position; want a refusal")
	}
}

// TestInfoScore reads the scores of engines' info lines, as Stockfish
// writes them, and ignores the lines without one.
func TestInfoScore(t *testing.T) {
	tests := []struct {
		line  string
		score int
		ok    bool
	}{
		{"info depth 12 seldepth 17 multipv 1 score cp -35 nodes 93071 nps 930710 pv e2e4", -35, true},
		{"info depth 9 score cp 120 lowerbound nodes 9000", 120, true},
		{"info depth 20 score mate 1 pv d1h5", ai.WinScore - 1, true},
		{"info depth 20 score mate 3 pv d1h5", ai.WinScore - 5, true},
		{"info depth 20 score mate -2 pv g7g6", -ai.WinScore + 4, true},
		{"info string NNUE evaluation using nn-ad9b42354671.nnue enabled", 0, false},
		{"info depth 3 score cp", 0, false},
		{"info depth 3 score cp x12", 0, false},
		{"bestmove e2e4 ponder e7e5", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		score, ok := infoScore(tt.line)
		if score != tt.score || ok != tt.ok {
			t.Errorf("infoScore(%q) = %d, %v; want %d, %v", tt.line, score, ok, tt.score, tt.ok)
		}
	}
}
