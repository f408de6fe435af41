package table_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
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

// until waits for cond, which the code under test makes true soon.
func until(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for i := 0; !cond(); i++ {
		if i > 10_000 {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func oneWorker(c *table.Config) { c.AIWorkers = 1 }

// queue starts a reply for each game while the only worker is held, one
// after the other, so that they queue in that order. It returns a wait
// for their results.
func (f *fixture) queue(ids []int64, opt func(id int64) table.ReplyOptions) (wait func() map[int64]error) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	errs := map[int64]error{}
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := f.tab.ReplyWith(f.ctx, id, table.Moved, opt(id))
			mu.Lock()
			errs[id] = err
			mu.Unlock()
		}()
		until(f.t, fmt.Sprintf("reply %d queued", i+1), func() bool { return f.tab.QueueLen() == i+1 })
	}
	return func() map[int64]error { wg.Wait(); return errs }
}

// servedOrder queues the replies of ids, in that order, behind a held
// worker, then releases it and returns the games in the order their
// replies got a worker.
func (f *fixture) servedOrder(ids []int64) []int64 {
	f.t.Helper()
	var mu sync.Mutex
	var served []int64
	release := f.tab.Hold()
	f.tab.OnStart(func(game int64) { mu.Lock(); served = append(served, game); mu.Unlock() })
	wait := f.queue(ids, func(int64) table.ReplyOptions { return table.ReplyOptions{} })
	release()
	for id, err := range wait() {
		if err != nil {
			f.t.Errorf("reply in game %d: %v", id, err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	return served
}

func TestRepliesInArrivalOrder(t *testing.T) {
	f := newFixture(t, oneWorker)
	ids := f.aiGames(5, 1)
	served := f.servedOrder(ids)
	if !slices.Equal(served, ids) {
		t.Errorf("served %v, want the order of arrival %v", served, ids)
	}
	for _, id := range ids {
		if st, _ := f.tab.Load(f.ctx, id); st.Game.Ply != 1 {
			t.Errorf("game %d: ply %d after the AI's reply, want 1", id, st.Game.Ply)
		}
	}
}

// TestQuickRepliesFirst queues replies of levels 4, 5 and 1, in that
// order, behind a busy worker: the level-1 reply, due within a second, is
// served first, and the timed ones, due later, then in their order.
func TestQuickRepliesFirst(t *testing.T) {
	f := newFixture(t, oneWorker)
	ids := f.aiGames(3, 4) // levels 4, 5, 1
	served := f.servedOrder(ids)
	if want := []int64{ids[2], ids[0], ids[1]}; !slices.Equal(served, want) {
		t.Errorf("served %v, want the level-1 reply first, then levels 4 and 5: %v", served, want)
	}
}

func TestWaitingReportsPosition(t *testing.T) {
	f := newFixture(t, oneWorker)
	ids := f.aiGames(3, 1)
	var mu sync.Mutex
	reports := map[int64][]int{}
	release := f.tab.Hold()
	wait := f.queue(ids, func(id int64) table.ReplyOptions {
		return table.ReplyOptions{Notice: time.Nanosecond, OnWait: func(ahead int) {
			mu.Lock()
			reports[id] = append(reports[id], ahead)
			mu.Unlock()
		}}
	})
	last := ids[2]
	seen := func(n int) func() bool {
		return func() bool { mu.Lock(); defer mu.Unlock(); return slices.Contains(reports[last], n) }
	}
	until(t, "the last reply told 2 games are ahead", seen(2))
	release()
	for id, err := range wait() {
		if err != nil {
			t.Errorf("reply in game %d: %v", id, err)
		}
	}
	for i, id := range ids {
		r := reports[id]
		if len(r) == 0 || r[0] != i {
			t.Errorf("game %d, queued %d: reports %v, want the first to be %d", id, i+1, r, i)
		}
		for k := 1; k < len(r); k++ {
			if r[k] >= r[k-1] {
				t.Errorf("game %d: reports %v, want them falling", id, r)
			}
		}
	}
}

func TestCancelledReplyLeavesTheQueue(t *testing.T) {
	f := newFixture(t, oneWorker)
	ids := f.aiGames(2, 2)
	release := f.tab.Hold()
	ctx, cancel := context.WithCancel(f.ctx)
	done := make(chan error, 1)
	go func() {
		_, err := f.tab.Reply(ctx, ids[0], table.Moved)
		done <- err
	}()
	until(t, "the reply queued", func() bool { return f.tab.QueueLen() == 1 })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled reply: %v, want context.Canceled", err)
	}
	if n := f.tab.QueueLen(); n != 0 {
		t.Errorf("queue of %d after the only waiting reply was cancelled", n)
	}
	release()
	// The worker serves the next reply; the cancelled one played nothing.
	if _, err := f.tab.Reply(f.ctx, ids[1], table.Moved); err != nil {
		t.Fatal(err)
	}
	if st, _ := f.tab.Load(f.ctx, ids[0]); st.Game.Ply != 0 {
		t.Errorf("the cancelled reply played: ply %d", st.Game.Ply)
	}
	if made, _ := f.tab.Workspaces(); made != 1 {
		t.Errorf("%d workspaces for 1 worker", made)
	}
}

// TestThinkBudget checks the time-sharing policy: a timed level thinks for
// its budget when nobody waits, for less when it waited or others wait
// behind it, never for less than MinThink.
func TestThinkBudget(t *testing.T) {
	s := time.Second
	for _, c := range []struct {
		b, left         time.Duration
		queued, workers int
		want            time.Duration
	}{
		{5 * s, 7 * s, 0, 2, 5 * s},
		{5 * s, 5 * s, 0, 2, 5 * s},       // waited 2 s
		{5 * s, 4 * s, 0, 2, 4 * s},       // waited 3 s
		{5 * s, 1 * s, 0, 2, 1 * s},       // waited 6 s
		{5 * s, -s, 0, 2, table.MinThink}, // waited 8 s
		{5 * s, 7 * s, 5, 2, 2 * s},       // 7 s × 2/7
		{1 * s, 3 * s, 4, 2, 1 * s},       // 3 s × 2/6
		{1 * s, 3 * s, 10, 2, s / 2},      // 3 s × 2/12
		{5 * s, 7 * s, 1000, 2, table.MinThink},
	} {
		if got := table.ThinkBudget(c.b, c.left, c.queued, c.workers); got != c.want {
			t.Errorf("ThinkBudget(%v, %v left, %d queued, %d workers) = %v, want %v", c.b, c.left, c.queued, c.workers, got, c.want)
		}
	}
}

// TestLongQueueWithinBound plays the policy through a queue of n timed
// replies asked for at once, on the workers in arrival order: every reply
// ends within its level's budget plus the grace (give or take MinThink,
// for queues too long to be served in time at MinThink a reply), and
// thinks for no more than its level's budget.
func TestLongQueueWithinBound(t *testing.T) {
	for _, b := range []time.Duration{time.Second, 5 * time.Second} {
		for _, workers := range []int{1, 2, 8} {
			for _, n := range []int{1, 2, 5, 10, 20, 50} {
				bound := b + table.AIGrace
				if floor := time.Duration((n+workers-1)/workers) * table.MinThink; floor > bound {
					continue // beyond what the policy promises
				}
				free := make([]time.Duration, workers) // when each worker is free
				least := b
				for i := range n {
					w := slices.Index(free, slices.Min(free))
					start := free[w]
					d := table.ThinkBudget(b, bound-start, n-i-1, workers)
					if d > b || d < table.MinThink {
						t.Fatalf("budget %v, workers %d, queue %d: reply %d thinks %v", b, workers, n, i, d)
					}
					free[w] = start + d
					if end := start + d; end > bound+table.MinThink {
						t.Errorf("budget %v, workers %d, queue %d: reply %d ends after %v, beyond %v", b, workers, n, i, end, bound)
					}
					least = min(least, d)
				}
				if rounds := time.Duration((n + workers - 1) / workers); rounds*b > bound && least >= b {
					t.Errorf("budget %v, workers %d, queue %d: nobody thought less than %v", b, workers, n, b)
				}
			}
		}
	}
}

// TestMemoryBounded runs many replies at once at every level: the AI makes
// one workspace per worker, and its tables hold no more than a level 5
// table (32 MiB) each.
func TestMemoryBounded(t *testing.T) {
	const workers = 2
	f := newFixture(t, func(c *table.Config) { c.AIWorkers = workers })
	ids := f.aiGames(20, 1)
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := f.tab.Reply(f.ctx, id, table.Moved); err != nil {
				t.Errorf("reply in game %d: %v", id, err)
			}
		}()
	}
	wg.Wait()
	made, bytes := f.tab.Workspaces()
	if made > workers {
		t.Errorf("%d workspaces for %d workers", made, workers)
	}
	if max := workers * 32 << 20; bytes > max {
		t.Errorf("tables of %d bytes, beyond %d", bytes, max)
	}
	t.Logf("%d replies: %d workspaces, tables of %d MiB (%d CPUs)", len(ids), made, bytes>>20, runtime.NumCPU())
}

// TestBackgroundYieldsToReplies checks that background work (an analysis)
// never delays a reply: with one worker, a reply that arrives while
// background work runs cuts it short at once, and the work runs again,
// from the start, once the reply is done.
func TestBackgroundYieldsToReplies(t *testing.T) {
	f := newFixture(t, oneWorker)
	id := f.aiGames(1, 1)[0]
	runs := make(chan int, 10)
	n := 0
	done := make(chan error, 1)
	go func() {
		done <- f.tab.InBackground(f.ctx, id, func(ctx context.Context) error {
			n++
			runs <- n
			if n == 1 {
				<-ctx.Done() // thinks until it is cut
				return ctx.Err()
			}
			return nil
		})
	}()
	if got := <-runs; got != 1 {
		t.Fatalf("first run %d", got)
	}
	u, err := f.tab.Reply(f.ctx, id, table.Moved)
	if err != nil || len(u.Moves) != 1 {
		t.Fatalf("reply while background work runs: %v, moves %v", err, u.Moves)
	}
	if err := <-done; err != nil {
		t.Errorf("background work: %v, want it run again and done", err)
	}
	if got := <-runs; got != 2 {
		t.Errorf("background work ran %d times, want 2 (cut once, then done)", got)
	}
}

// TestBackgroundLeavesAWorkerFree checks that background work never takes
// the last free worker, so that a reply finds one at once, and that it
// never starts while a reply waits.
func TestBackgroundLeavesAWorkerFree(t *testing.T) {
	f := newFixture(t, func(c *table.Config) { c.AIWorkers = 2 })
	var mu sync.Mutex
	running, most := 0, 0
	gate := make(chan struct{})
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := f.tab.InBackground(f.ctx, int64(i), func(ctx context.Context) error {
				mu.Lock()
				running++
				most = max(most, running)
				mu.Unlock()
				select {
				case <-gate:
				case <-ctx.Done():
				}
				mu.Lock()
				running--
				mu.Unlock()
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	until(t, "one background job runs", func() bool { mu.Lock(); defer mu.Unlock(); return running == 1 })
	// The second worker is free for a reply, at once.
	release := f.tab.Hold()
	release()
	close(gate)
	wg.Wait()
	if most != 1 {
		t.Errorf("%d background jobs ran at once on 2 workers, want 1", most)
	}
}

// TestBackgroundEndsWithItsContext checks that background work waiting
// for a worker leaves when its context ends.
func TestBackgroundEndsWithItsContext(t *testing.T) {
	f := newFixture(t, oneWorker)
	release := f.tab.Hold()
	defer release()
	ctx, cancel := context.WithCancel(f.ctx)
	done := make(chan error, 1)
	go func() {
		done <- f.tab.InBackground(ctx, 1, func(context.Context) error { return nil })
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

// TestPeopleNeverWaitForTheAI plays a game between two people while
// every AI worker is busy and replies wait in the queue: each move is
// answered while the queue stays as it was, so it waited for no AI job.
func TestPeopleNeverWaitForTheAI(t *testing.T) {
	f := newFixture(t, oneWorker)
	release := f.tab.Hold()
	wait := f.queue(f.aiGames(3, 1), func(int64) table.ReplyOptions { return table.ReplyOptions{} })
	st := f.start("zola", "", true, person(alice), person(bob)).State
	for i, p := range []store.Player{alice, bob, alice, bob} {
		move := st.Position.FormatMove(st.Position.Moves(nil)[0])
		u := f.play(st.Game.ID, p, move)
		if len(u.Moves) != 1 || u.Moves[0] != move || u.State.Game.Ply != i+1 {
			t.Fatalf("%s's move %s: moves %v at ply %d; want it played at ply %d", p.Name, move, u.Moves, u.State.Game.Ply, i+1)
		}
		st = u.State
	}
	if got := f.tab.QueueLen(); got != 3 {
		t.Errorf("the AI's queue holds %d replies after the people's moves; want 3 still waiting", got)
	}
	release()
	for id, err := range wait() {
		if err != nil {
			t.Errorf("game %d: %v", id, err)
		}
	}
}

// TestAIThinksAtLowerPriority checks that the AI thinks on OS threads at
// a lower priority (nice) than the rest of the process, so that the kernel
// runs people's handlers first when both want a core.
func TestAIThinksAtLowerPriority(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only Linux gives a thread a priority of its own")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	mine, err := table.ThreadNice()
	if err != nil {
		t.Fatal(err)
	}
	if mine >= table.AINice {
		t.Skipf("the test runs at nice %d already", mine)
	}
	ai, err := table.ThinkNice()
	if err != nil {
		t.Fatal(err)
	}
	if ai != table.AINice {
		t.Errorf("the AI thinks at nice %d; want %d", ai, table.AINice)
	}
	if after, _ := table.ThreadNice(); after != mine {
		t.Errorf("the caller's thread went from nice %d to %d; want it unchanged", mine, after)
	}
}
