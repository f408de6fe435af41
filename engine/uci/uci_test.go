package uci

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
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
