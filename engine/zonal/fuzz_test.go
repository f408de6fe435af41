package zonal

import (
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		zonalStart,
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
		"---1rnbqkbnr1---/--1pppppppppp1--/-14-/16/16/-14-/--1PPPPPPPPPP1--/---1RNBQKBNR1--- b KQkq d3 0 1",
		"8/8/8/8/8/8/8/8 w - - 0 1", "k7/8/8/8/8/8/8/7K w - -", "", "/", "99/", "---17---",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enginetest.CheckParse(t, Chess, s)
		enginetest.CheckParse(t, Zonal, s)
	})
}

func FuzzParseMove(f *testing.F) {
	positions := []engine.Position{
		Zonal.Start(), Chess.Start(),
		engine.Play(Chess.Start(), Chess.Start().Moves(nil)[0]),
	}
	kiwi, err := Chess.Parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		f.Fatal(err)
	}
	positions = append(positions, kiwi)
	for i, s := range []string{
		"e2-e4", "Nf3", "O-O", "0-0-0", "e1-d1", "d2-d4", "exd5", "e8=Q+", "B5g6", "Bxd2", "a1", "zz", "Nxe5!?",
		"e5 e.p.", "Qh4#", "K", "x", "=", "e2e4q", "i2-i4", "p5", "d2xd4", "Nbd7", "N1c3",
	} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p := positions[int(which)%len(positions)].Clone()
		enginetest.CheckParseMove(t, p, s)
	})
}
