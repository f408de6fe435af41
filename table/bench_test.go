package table_test

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/think"
)

// BenchmarkAnalyseWhileServing measures the analysis of a 60-ply game of
// Zola while the table serves live games: a reply of level 3 asked for
// every 100 ms (ten people moving every second), on two workers, the
// analysis in the background. It reports the analysis's time per op, and
// the replies' p99 wait and think ("reply-p99-ms"), which the analysis
// must not hold up.
func BenchmarkAnalyseWhileServing(b *testing.B) {
	f := newFixture(b, func(c *table.Config) { c.Thinker = think.New(think.Config{Workers: 2}); c.AIThink = 0 })
	seed := uint64(0)
	// finished makes a finished 60-ply game of level 1 against itself
	// (stronger play ends Zola sooner).
	finished := func() int64 {
		for ; ; seed++ {
			g, err := f.st.CreateGame(f.ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{person(alice), person(bob)}, ChannelID: "c"})
			if err != nil {
				b.Fatal(err)
			}
			pl, _ := ai.Level(zola.Zola, 1, rand.New(rand.NewPCG(seed, 1)))
			p := zola.Zola.Start()
			for ply := 0; ply < 60 && !p.Outcome().Over(); ply++ {
				m, _, err := pl.Best(f.ctx, p)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := f.st.RecordMove(f.ctx, g.ID, ply, p.FormatMove(m), store.End{}); err != nil {
					b.Fatal(err)
				}
				p.Do(m)
			}
			if p.Outcome().Over() {
				continue
			}
			if _, err := f.st.Finish(f.ctx, g.ID, 60, store.End{Result: store.Draw, Reason: store.ReasonAgreement}); err != nil {
				b.Fatal(err)
			}
			seed++
			return g.ID
		}
	}
	// The live games: a new one for each reply, the AI to move.
	ctx, stop := context.WithCancel(context.Background())
	var mu sync.Mutex
	var waits []time.Duration
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			g, err := f.st.CreateGame(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{AI: 3}, person(bob)}, ChannelID: "c"})
			if err != nil {
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				start := time.Now()
				if _, err := f.tab.Reply(ctx, g.ID, table.Moved); err == nil {
					mu.Lock()
					waits = append(waits, time.Since(start))
					mu.Unlock()
				}
			}()
		}
	}()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		id := finished()
		b.StartTimer()
		if _, err := f.tab.Analyse(f.ctx, id, alice.ID, table.AnalysisOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	stop()
	wg.Wait()
	slices.Sort(waits)
	if len(waits) > 0 {
		b.ReportMetric(float64(waits[len(waits)*99/100].Milliseconds()), "reply-p99-ms")
		b.ReportMetric(float64(len(waits))/float64(b.N), "replies/op")
	}
}

// BenchmarkMoveWhileAIThinks measures a move between two people while the
// AI's workers think without a pause (replies of level 4 asked for one
// after the other, more than there are workers), and reports its p50 and
// p99 ("move-p50-ms", "move-p99-ms"). With spare Ps, the process runs as
// the bot does (GOMAXPROCS = cores + AI workers, see cmd/zugbot's
// sparePs); without, at Go's default, the searches may hold every P.
func BenchmarkMoveWhileAIThinks(b *testing.B) {
	for _, spare := range []bool{true, false} {
		name := map[bool]string{true: "spare-Ps", false: "no-spare-P"}[spare]
		b.Run(name, func(b *testing.B) {
			workers := runtime.NumCPU()
			if spare {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(workers + runtime.NumCPU()))
			}
			f := newFixture(b, func(c *table.Config) { c.Thinker = think.New(think.Config{Workers: workers}) })
			ctx, stop := context.WithCancel(f.ctx)
			var wg sync.WaitGroup
			for _, id := range f.aiGames(workers+2, 4) {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for ctx.Err() == nil {
						st, err := f.tab.Load(ctx, id)
						if err != nil || st.Game.Over() {
							return
						}
						if table.AIToMove(&st) {
							f.tab.Reply(ctx, id, table.Moved)
							continue
						}
						mv := st.Position.FormatMove(st.Position.Moves(nil)[0])
						f.tab.Play(ctx, id, st.Game.Seats[st.Position.Turn()].ID, -1, mv)
					}
				}()
			}
			time.Sleep(200 * time.Millisecond) // the workers busy
			var took []time.Duration
			st := f.start("zola", "", false, person(alice), person(bob)).State
			b.ResetTimer()
			for range b.N {
				if st.Game.Over() {
					st = f.start("zola", "", false, person(alice), person(bob)).State
				}
				mv := st.Position.FormatMove(st.Position.Moves(nil)[0])
				start := time.Now()
				u, err := f.tab.Play(f.ctx, st.Game.ID, st.Game.Seats[st.Position.Turn()].ID, -1, mv)
				took = append(took, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
				st = u.State
			}
			b.StopTimer()
			stop()
			wg.Wait()
			slices.Sort(took)
			q := func(p float64) float64 { return float64(took[int(p*float64(len(took)-1))]) / 1e6 }
			b.ReportMetric(q(0.5), "move-p50-ms")
			b.ReportMetric(q(0.99), "move-p99-ms")
		})
	}
}
