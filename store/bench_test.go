package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
)

// BenchmarkRecordMove records moves in one game, each in its own
// transaction, with and without a move clock (whose timers are rewritten
// with every move), and against the AI (whose Reply timer, and its cause,
// every move reads or sets).
func BenchmarkRecordMove(b *testing.B) {
	for _, bc := range []struct {
		name string
		days int
		ai   bool
	}{{"clock", 3, false}, {"noclock", 0, false}, {"ai", 3, true}} {
		b.Run(bc.name, func(b *testing.B) {
			ctx := context.Background()
			s, _ := mustOpen(b, Options{})
			seats := [2]Seat{{Player: alice}, {Player: bob}}
			if bc.ai {
				seats[1] = Seat{AI: 2}
			}
			g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: seats, DaysPerMove: bc.days})
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

// BenchmarkLoad loads a game: the game, its moves and the position they
// lead to. zola8-40 is a Zola game of 40 plies; zonal-100 a Zonal Chess
// game of 100 plies, the slowest to replay. Run it with:
//
//	go test -run XXX -bench Load -count 5 ./store/
func BenchmarkLoad(b *testing.B) {
	for _, bc := range []struct {
		name    string
		variant string
		plies   int
	}{{"zola8-40", "zola8", 40}, {"zonal-100", "zonal", 100}} {
		b.Run(bc.name, func(b *testing.B) {
			ctx := context.Background()
			s, _ := mustOpen(b, Options{Variants: []*engine.Variant{zola.Zola8, zonal.Zonal}})
			g, err := s.CreateGame(ctx, NewGame{Variant: bc.variant, Seats: [2]Seat{{Player: alice}, {Player: bob}}, DaysPerMove: 3})
			if err != nil {
				b.Fatal(err)
			}
			g = mustPlayRandom(b, s, g.ID, bc.plies)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				st, err := s.Load(ctx, g.ID)
				if err != nil || st.Game.Ply != bc.plies {
					b.Fatalf("Load: ply %d, %v", st.Game.Ply, err)
				}
			}
		})
	}
}

// mustPlayRandom plays n plies in game id, at random but for moves that
// would end it.
func mustPlayRandom(tb testing.TB, s *Store, id int64, n int) Game {
	tb.Helper()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	var g Game
	for range n {
		st, err := s.Load(ctx, id)
		if err != nil {
			tb.Fatalf("Load: %v", err)
		}
		p := st.Position
		ms := p.Moves(nil)
		r.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
		m := ms[0]
		for _, c := range ms {
			p.Do(c)
			over := p.Outcome().Over()
			p.Undo()
			if !over {
				m = c
				break
			}
		}
		if g, err = s.RecordMove(ctx, id, st.Game.Ply, p.FormatMove(m), End{}); err != nil {
			tb.Fatalf("RecordMove: %v", err)
		}
	}
	return g
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
