package table_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/think"
)

// aiGames creates n games of zola in which the AI (at levels going round
// from 1 to 5, from level) is to move, each against its own person.
func (f *fixture) aiGames(n, level int) []int64 {
	f.t.Helper()
	var ids []int64
	for i := range n {
		p := store.Player{ID: fmt.Sprint(100 + i), Name: fmt.Sprint("p", i)}
		g, err := f.st.CreateGame(f.ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{AI: (level+i-1)%5 + 1}, person(p)}, ChannelID: "c"})
		if err != nil {
			f.t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	return ids
}

// hold occupies n of the table's AI workers, as replies would, until
// release is called.
func (f *fixture) hold(n int) (release func()) {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range n {
		started := make(chan struct{})
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := f.pool.Think(context.Background(), think.Job{}, func(context.Context, *ai.Workspace, time.Duration) error {
				close(started)
				<-stop
				return nil
			})
			if err != nil {
				f.t.Error(err)
			}
		}()
		<-started
	}
	return func() { close(stop); wg.Wait() }
}

// TestPeopleNeverWaitForTheAI plays a game between two people while
// every AI worker is busy and replies wait in the queue: each move is
// answered while the queue stays as it was, so it waited for no AI job.
func TestPeopleNeverWaitForTheAI(t *testing.T) {
	var queued atomic.Int64 // the replies waiting for a worker
	f := newFixture(t, func(c *table.Config) {
		c.Thinker = think.New(think.Config{Workers: 1, Queued: func(n int) { queued.Store(int64(n)) }})
	})
	release := f.hold(1)
	var wg sync.WaitGroup
	for i, id := range f.aiGames(3, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := f.tab.Reply(f.ctx, id, table.Moved); err != nil {
				t.Errorf("game %d: %v", id, err)
			}
		}()
		for n := 0; queued.Load() != int64(i+1); n++ {
			if n > 10_000 {
				t.Fatalf("reply %d never queued", i+1)
			}
			time.Sleep(time.Millisecond)
		}
	}
	st := f.start("zola", "", true, person(alice), person(bob)).State
	for i, p := range []store.Player{alice, bob, alice, bob} {
		move := st.Position.FormatMove(st.Position.Moves(nil)[0])
		u := f.play(st.Game.ID, p, move)
		if len(u.Moves) != 1 || u.Moves[0] != move || u.State.Game.Ply != i+1 {
			t.Fatalf("%s's move %s: moves %v at ply %d; want it played at ply %d", p.Name, move, u.Moves, u.State.Game.Ply, i+1)
		}
		st = u.State
	}
	if got := queued.Load(); got != 3 {
		t.Errorf("the AI's queue holds %d replies after the people's moves; want 3 still waiting", got)
	}
	release()
	wg.Wait()
}
