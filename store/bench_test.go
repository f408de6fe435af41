package store

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkRecordMove records moves in one game, each in its own
// transaction, with and without a move clock (whose timers are rewritten
// with every move).
func BenchmarkRecordMove(b *testing.B) {
	for _, bc := range []struct {
		name string
		days int
	}{{"clock", 3}, {"noclock", 0}} {
		b.Run(bc.name, func(b *testing.B) {
			ctx := context.Background()
			s, _ := mustOpen(b, Options{})
			g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, DaysPerMove: bc.days})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				if _, err := s.RecordMove(ctx, g.ID, i, "c2-b1", End{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLoad loads a game of 40 plies: the game, its moves and the
// position replayed from them.
func BenchmarkLoad(b *testing.B) {
	ctx := context.Background()
	s, _ := mustOpen(b, Options{})
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola8", Seats: [2]Seat{{Player: alice}, {Player: bob}}, DaysPerMove: 3})
	if err != nil {
		b.Fatal(err)
	}
	g = mustPlay(b, s, g.ID, 40)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		st, err := s.Load(ctx, g.ID)
		if err != nil || st.Game.Ply != 40 {
			b.Fatalf("Load: ply %d, %v", st.Game.Ply, err)
		}
	}
}

// BenchmarkLeaderboard reads the top 10 of a variant with 10,000 rated
// players (half of them eligible): globally, for a server with half of them
// as members, and for a small server with the 20 lowest rated.
func BenchmarkLeaderboard(b *testing.B) {
	ctx := context.Background()
	s, _ := mustOpen(b, Options{})
	seedRatings(b, s, "zola", 10000)
	for i := range 20 {
		if _, err := s.writes.ExecContext(context.Background(), `INSERT INTO members VALUES ('small', ?)`, fmt.Sprintf("p%05d", 10+i)); err != nil {
			b.Fatal(err)
		}
	}
	for _, bc := range []struct {
		name  string
		guild string
	}{{"global", ""}, {"server", "g1"}, {"smallserver", "small"}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				board, err := s.Leaderboard(ctx, LeaderboardQuery{Variant: "zola", GuildID: bc.guild})
				if err != nil || len(board) != 10 {
					b.Fatalf("Leaderboard: %d lines, %v", len(board), err)
				}
			}
		})
	}
}
