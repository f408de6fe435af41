package think

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/zola"
)

// testThink is the most a timed level thinks in these tests, as the
// table's tests cap it (table.Config.AIThink).
const testThink = 50 * time.Millisecond

// reply returns the Job of an AI reply at level in game, as the table
// asks for it: timed levels (4 and 5) thinking testThink.
func reply(game int64, level int) Job {
	b, timed := ai.LevelBudget(zola.Zola, level)
	if timed {
		b = testThink
	}
	return Job{Game: game, Budget: b, Timed: timed}
}

// search is a real think: the AI's move at level from Zola's start, with
// ws, for the time d the pool gave it.
func search(ctx context.Context, ws *ai.Workspace, level int, d time.Duration) error {
	pl, err := ws.Level(zola.Zola, level, d, rand.New(rand.NewPCG(uint64(level), 1)))
	if err != nil {
		return err
	}
	_, _, err = pl.Best(ctx, zola.Zola.Start())
	return err
}

// hold occupies one of p's workers, as a reply would, until release is
// called.
func hold(t testing.TB, p *Pool) (release func()) {
	t.Helper()
	j := newJob(0, 0, false, time.Time{})
	ws, _, err := p.acquire(context.Background(), j, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	return func() { p.release(j, ws) }
}

// waiting returns the number of replies waiting for a worker.
func (p *Pool) waiting() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.queue)
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

// queue asks p for a reply in each game of games, at the level levels
// gives it, one after the other, each queued before the next is asked
// for (p's workers are held). Each reply is a real search that notes its
// game in served as it starts. It returns a wait for their errors.
func queue(t *testing.T, p *Pool, games []int64, levels func(game int64) int, onWait func(game int64) func(int), served *[]int64) (wait func() map[int64]error) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	errs := map[int64]error{}
	for i, game := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j := reply(game, levels(game))
			if onWait != nil {
				j.OnWait, j.Notice = onWait(game), time.Nanosecond
			}
			err := p.Think(context.Background(), j, func(ctx context.Context, ws *ai.Workspace, d time.Duration) error {
				mu.Lock()
				*served = append(*served, game)
				mu.Unlock()
				return search(ctx, ws, levels(game), d)
			})
			mu.Lock()
			errs[game] = err
			mu.Unlock()
		}()
		until(t, fmt.Sprintf("reply %d queued", i+1), func() bool { return p.waiting() == i+1 })
	}
	return func() map[int64]error {
		wg.Wait()
		mu.Lock()
		defer mu.Unlock()
		for game, err := range errs {
			if err != nil {
				t.Errorf("reply in game %d: %v", game, err)
			}
		}
		return errs
	}
}

// servedOrder queues the replies of games 1 to n, at the levels levels
// gives them, behind the only worker, held, then releases it and returns
// the games in the order their replies got the worker.
func servedOrder(t *testing.T, n int, levels func(game int64) int) (games, served []int64) {
	p := New(Config{Workers: 1})
	for g := range n {
		games = append(games, int64(g+1))
	}
	release := hold(t, p)
	wait := queue(t, p, games, levels, nil, &served)
	release()
	wait()
	return games, served
}

func TestRepliesInArrivalOrder(t *testing.T) {
	games, served := servedOrder(t, 5, func(int64) int { return 1 })
	if !slices.Equal(served, games) {
		t.Errorf("served %v, want the order of arrival %v", served, games)
	}
}

// TestQuickRepliesFirst queues replies of levels 4, 5 and 1, in that
// order, behind a busy worker: the level-1 reply, due within a second, is
// served first, and the timed ones, due later, then in their order.
func TestQuickRepliesFirst(t *testing.T) {
	games, served := servedOrder(t, 3, func(g int64) int { return []int{4, 5, 1}[g-1] })
	if want := []int64{games[2], games[0], games[1]}; !slices.Equal(served, want) {
		t.Errorf("served %v, want the level-1 reply first, then levels 4 and 5: %v", served, want)
	}
}

func TestWaitingReportsPosition(t *testing.T) {
	p := New(Config{Workers: 1})
	games := []int64{1, 2, 3}
	var mu sync.Mutex
	reports := map[int64][]int{}
	release := hold(t, p)
	var served []int64
	wait := queue(t, p, games, func(int64) int { return 1 }, func(game int64) func(int) {
		return func(ahead int) {
			mu.Lock()
			reports[game] = append(reports[game], ahead)
			mu.Unlock()
		}
	}, &served)
	last := games[2]
	until(t, "the last reply told 2 games are ahead", func() bool { mu.Lock(); defer mu.Unlock(); return slices.Contains(reports[last], 2) })
	release()
	wait()
	for i, game := range games {
		r := reports[game]
		if len(r) == 0 || r[0] != i {
			t.Errorf("game %d, queued %d: reports %v, want the first to be %d", game, i+1, r, i)
		}
		for k := 1; k < len(r); k++ {
			if r[k] >= r[k-1] {
				t.Errorf("game %d: reports %v, want them falling", game, r)
			}
		}
	}
}

func TestCancelledReplyLeavesTheQueue(t *testing.T) {
	p := New(Config{Workers: 1})
	release := hold(t, p)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	var ran atomic.Bool
	go func() {
		done <- p.Think(ctx, reply(1, 2), func(context.Context, *ai.Workspace, time.Duration) error {
			ran.Store(true)
			return nil
		})
	}()
	until(t, "the reply queued", func() bool { return p.waiting() == 1 })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled reply: %v, want context.Canceled", err)
	}
	if n := p.waiting(); n != 0 {
		t.Errorf("queue of %d after the only waiting reply was cancelled", n)
	}
	release()
	// The worker serves the next reply; the cancelled one ran nothing.
	if err := p.Think(context.Background(), reply(2, 2), func(ctx context.Context, ws *ai.Workspace, d time.Duration) error {
		return search(ctx, ws, 2, d)
	}); err != nil {
		t.Fatal(err)
	}
	if ran.Load() {
		t.Error("the cancelled reply ran")
	}
	if p.made != 1 {
		t.Errorf("%d workspaces for 1 worker", p.made)
	}
}

// TestThinkTime checks the time a reply is given, and what the hooks are
// told: a timed level alone thinks for its budget, within Limit; a level
// bounded by depth and nodes is given no time; the queue's length and
// each wait are reported.
func TestThinkTime(t *testing.T) {
	var mu sync.Mutex
	var lengths []int
	waits := 0
	p := New(Config{Workers: 1,
		Queued: func(n int) { mu.Lock(); lengths = append(lengths, n); mu.Unlock() },
		Waited: func(time.Duration) { mu.Lock(); waits++; mu.Unlock() }})
	for _, level := range []int{1, 4} {
		j := reply(int64(level), level)
		want := time.Duration(0)
		if j.Timed {
			j.Budget, want = 2*MinThink, 2*MinThink
		}
		err := p.Think(context.Background(), j, func(ctx context.Context, ws *ai.Workspace, d time.Duration) error {
			if d != want {
				t.Errorf("level %d: given %v, want %v", level, d, want)
			}
			if end, ok := ctx.Deadline(); !ok || time.Until(end) > Limit {
				t.Errorf("level %d: the think's context ends at %v (%v), want within Limit", level, end, ok)
			}
			return search(ctx, ws, level, d)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if waits != 2 || !slices.Equal(lengths, []int{1, 0, 1, 0}) {
		t.Errorf("told %d waits and the queue's lengths %v; want 2 waits, and 1, 0 for each reply", waits, lengths)
	}
}

// TestAbandonedThink checks that a think whose caller goes away returns
// the caller's error, whatever it found, and that a panic in a think is
// an error, not a crash.
func TestAbandonedThink(t *testing.T) {
	p := New(Config{Workers: 1})
	ctx, cancel := context.WithCancel(context.Background())
	err := p.Think(ctx, reply(1, 1), func(ctx context.Context, ws *ai.Workspace, d time.Duration) error {
		err := search(ctx, ws, 1, d)
		cancel()
		return err
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("abandoned think: %v, want context.Canceled", err)
	}
	err = p.Think(context.Background(), reply(2, 1), func(context.Context, *ai.Workspace, time.Duration) error { panic("no move") })
	if err == nil || !strings.Contains(err.Error(), "panic: no move") {
		t.Errorf("a think that panics: %v, want its panic as an error", err)
	}
	// The worker is free again.
	release := hold(t, p)
	release()
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
		{5 * s, 5 * s, 0, 2, 5 * s},  // waited 2 s
		{5 * s, 4 * s, 0, 2, 4 * s},  // waited 3 s
		{5 * s, 1 * s, 0, 2, 1 * s},  // waited 6 s
		{5 * s, -s, 0, 2, MinThink},  // waited 8 s
		{5 * s, 7 * s, 5, 2, 2 * s},  // 7 s × 2/7
		{1 * s, 3 * s, 4, 2, 1 * s},  // 3 s × 2/6
		{1 * s, 3 * s, 10, 2, s / 2}, // 3 s × 2/12
		{5 * s, 7 * s, 1000, 2, MinThink},
	} {
		if got := thinkBudget(c.b, c.left, c.queued, c.workers); got != c.want {
			t.Errorf("thinkBudget(%v, %v left, %d queued, %d workers) = %v, want %v", c.b, c.left, c.queued, c.workers, got, c.want)
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
				bound := b + Grace
				if floor := time.Duration((n+workers-1)/workers) * MinThink; floor > bound {
					continue // beyond what the policy promises
				}
				free := make([]time.Duration, workers) // when each worker is free
				least := b
				for i := range n {
					w := slices.Index(free, slices.Min(free))
					start := free[w]
					d := thinkBudget(b, bound-start, n-i-1, workers)
					if d > b || d < MinThink {
						t.Fatalf("budget %v, workers %d, queue %d: reply %d thinks %v", b, workers, n, i, d)
					}
					free[w] = start + d
					if end := start + d; end > bound+MinThink {
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

// TestMemoryBounded runs many replies at once at every level: the pool
// makes one workspace per worker, and its tables hold no more than a
// level 5 table (32 MiB) each.
func TestMemoryBounded(t *testing.T) {
	const workers = 2
	p := New(Config{Workers: workers})
	var wg sync.WaitGroup
	for g := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			level := g%5 + 1
			if err := p.Think(context.Background(), reply(int64(g), level), func(ctx context.Context, ws *ai.Workspace, d time.Duration) error {
				return search(ctx, ws, level, d)
			}); err != nil {
				t.Errorf("reply in game %d: %v", g, err)
			}
		}()
	}
	wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	bytes := 0
	for _, ws := range p.free {
		bytes += ws.TableBytes()
	}
	if p.made > workers {
		t.Errorf("%d workspaces for %d workers", p.made, workers)
	}
	if max := workers * 32 << 20; bytes > max {
		t.Errorf("tables of %d bytes, beyond %d", bytes, max)
	}
	t.Logf("20 replies: %d workspaces, tables of %d MiB (%d CPUs)", p.made, bytes>>20, runtime.NumCPU())
}

// TestBackgroundYieldsToReplies checks that background work (an analysis)
// never delays a reply: with one worker, a reply that arrives while
// background work runs cuts it short at once, and the work runs again,
// from the start, once the reply is done.
func TestBackgroundYieldsToReplies(t *testing.T) {
	p := New(Config{Workers: 1})
	runs := make(chan int, 10)
	n := 0
	done := make(chan error, 1)
	go func() {
		done <- p.Background(context.Background(), 1, func(ctx context.Context, _ *ai.Workspace) error {
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
	if err := p.Think(context.Background(), reply(1, 1), func(ctx context.Context, ws *ai.Workspace, d time.Duration) error {
		return search(ctx, ws, 1, d)
	}); err != nil {
		t.Fatalf("reply while background work runs: %v", err)
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
	p := New(Config{Workers: 2})
	var mu sync.Mutex
	running, most := 0, 0
	gate := make(chan struct{})
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := p.Background(context.Background(), int64(i), func(ctx context.Context, _ *ai.Workspace) error {
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
	release := hold(t, p)
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
	p := New(Config{Workers: 1})
	release := hold(t, p)
	defer release()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- p.Background(ctx, 1, func(context.Context, *ai.Workspace) error { return nil })
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
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
	mine, err := threadNice()
	if err != nil {
		t.Fatal(err)
	}
	if mine >= aiNice {
		t.Skipf("the test runs at nice %d already", mine)
	}
	var thinks int
	p := New(Config{Workers: 1})
	err = p.Think(context.Background(), reply(1, 1), func(context.Context, *ai.Workspace, time.Duration) error {
		var err error
		thinks, err = threadNice()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if thinks != aiNice {
		t.Errorf("the AI thinks at nice %d; want %d", thinks, aiNice)
	}
	if after, _ := threadNice(); after != mine {
		t.Errorf("the caller's thread went from nice %d to %d; want it unchanged", mine, after)
	}
}
