package table_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// BenchmarkAnalyseWhileServing measures the analysis of a 60-ply game of
// Zola while the table serves live games: a reply of level 3 asked for
// every 100 ms (ten people moving every second), on two workers, the
// analysis in the background. It reports the analysis's time per op, and
// the replies' p99 wait and think ("reply-p99-ms"), which the analysis
// must not hold up.
func BenchmarkAnalyseWhileServing(b *testing.B) {
	f := newFixture(b, func(c *table.Config) { c.AIWorkers = 2; c.AIThink = 0 })
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
			if _, err := f.st.Finish(f.ctx, g.ID, 60, store.End{Result: store.Draw, Reason: "agreement"}); err != nil {
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
		if _, err := f.tab.Analyse(f.ctx, id, alice.ID, nil); err != nil {
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
