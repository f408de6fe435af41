// Package think runs the AI's searches. A Pool is a fixed number of
// workers in this process, shared by the searches that people wait for
// (the AI's replies, its answers to draw offers, hints), each within its
// level's budget, and background work (analyses) that yields to them. A
// Worker serves the AI's replies as a zugbot worker process, from the
// queue of a PostgreSQL store that several processes share.
package think

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/zugbot/zugbot/engine/ai"
)

// The AI's time-sharing policy (see Pool).
const (
	// Grace is how much longer than its level's budget a timed reply may
	// take, counted from when it was asked for.
	Grace = 2 * time.Second
	// MinThink is the least time a timed reply thinks, however long it
	// waited.
	MinThink = 100 * time.Millisecond
	// Notice is how long a reply waits, unless its Job says otherwise,
	// before its OnWait is called.
	Notice = time.Second
	// Limit bounds every think, beyond its level's own budget.
	Limit = 10 * time.Second
	// quickStart is how long a reply of a quick level (1 to 3) waits for a
	// worker at the most, so that it answers within a second.
	quickStart = 400 * time.Millisecond
	// aiNice is the nice value of the OS threads the AI thinks on (see
	// niced): the kernel gives a thread at nice 10 about a tenth of the
	// time of one at 0 when both want a core.
	aiNice = 10
)

// Config is how a Pool is made; every field may be left zero.
type Config struct {
	// Workers is the number of searches run at once; more wait in a
	// queue. 0 means runtime.NumCPU().
	Workers int
	// Queued, when set, is told the number of replies waiting for a
	// worker whenever it changes. It is called with the pool's lock held:
	// it must not call the Pool.
	Queued func(n int)
	// Waited, when set, is told how long each reply or background job
	// waited for a worker. It must not call the Pool.
	Waited func(d time.Duration)
}

// Job is a reply's search, as Think is asked for it.
type Job struct {
	// Game is the game the search is for.
	Game int64
	// Budget is its level's own time budget, when Timed.
	Budget time.Duration
	// Timed says that the search is bounded by time alone (levels 4 and
	// 5, or a live clock); otherwise by depth and nodes.
	Timed bool
	// Asked is when the reply was asked for, if before the call (a zugbot
	// worker's reply waited in the database's queue): its deadline counts
	// from then. Now when zero.
	Asked time.Time
	// OnWait, when set, is called when the job has waited for a worker
	// for Notice, with the number of replies ahead of it in the queue,
	// and again whenever that number changes. It is called on Think's
	// goroutine, and the job waits for it.
	OnWait func(ahead int)
	// Notice is the wait before OnWait is first called; 0 means Notice.
	Notice time.Duration
}

// niced runs f on an OS thread of its own whose priority is lowered to
// aiNice, and returns f's error (a panic in f as an error). So the
// kernel runs the bot's handlers, at the normal priority, before the AI
// whenever both want a core, and the AI has the cores that nothing else
// wants. The thread ends with f: a thread's priority cannot be raised
// back without privilege, and none lowered goes back to Go's pool.
func niced(f func() error) error {
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
		defer func() {
			if r := recover(); r != nil {
				errc <- fmt.Errorf("panic: %v\n%s", r, debug.Stack())
			}
		}()
		lowerPriority() // where it fails, the AI thinks at the process's priority
		errc <- f()
	}()
	return <-errc
}

// thinkBudget returns the time a reply of a timed level whose own budget
// is b may think, when it gets a worker with queued replies still waiting
// behind it, among workers workers, and left to go until the deadline of
// the last of them (its own when nobody waits: its level's budget plus the
// grace, less its wait). That time is shared evenly between it and those
// behind it, workers at a time, so that the last one too ends by its
// deadline; it is never more than b nor less than MinThink.
func thinkBudget(b, left time.Duration, queued, workers int) time.Duration {
	d := min(b, left*time.Duration(workers)/time.Duration(workers+queued))
	return max(d, MinThink)
}

// Pool is the AI's workers: a fixed number of them (Config.Workers), fed
// by a queue of replies in the order of their deadlines (see newJob; among
// equal deadlines, in arrival order), and work nobody waits for at once
// (an analysis) only when no reply waits (see Background). It is safe for
// concurrent use. A worker is a slot and an ai.Workspace: a job that gets
// one thinks on its own goroutine with the workspace's memory, and gives
// both back; so the AI's memory is bounded by the workers times the
// largest transposition table (32 MiB), whatever the load. A reply waits
// for a worker without holding its game's lock (the table's), so that
// nothing a person does waits for the AI.
//
// Time is shared so that a reply takes at most its level's budget plus 2 s
// from the moment it was asked for (Job.Asked), and a reply of levels 1–3
// about a second:
//
//   - Levels 1–3 (bounded by depth and nodes) think as they always do:
//     they keep their strength and answer in a fraction of a second, once
//     they have a worker, which they wait for 0.4 s at the most.
//   - Levels 4 and 5 (bounded by time: 1 s and 5 s) think for their budget,
//     less the time their wait took beyond 2 s; and when n replies wait
//     behind one, it thinks no more than its share of the time left until
//     the last of them is due: that time × workers / (workers + n), so that
//     the queue moves on and its last reply too comes in time. Never less
//     than 0.1 s.
//   - When the reply at the head of the queue would otherwise get a worker
//     too late for its bound (0.4 s for levels 1–3), the timed think that
//     would end first is cut short then (after 0.1 s of thought at least)
//     and plays the best move found so far.
//
// The bound holds while the queue is shorter than about the workers times
// (budget + 2 s) / 0.1 s; beyond that every timed reply thinks for 0.1 s.
// A reply that waits more than a second is told its place in the queue
// through Job.OnWait.
type Pool struct {
	workers int
	cfg     Config

	mu         sync.Mutex
	busy       int
	queue      []*job // replies waiting, earliest deadline first
	background []*job // background work waiting, in arrival order
	backBusy   int    // workers doing background work
	running    map[*job]bool
	free       []*ai.Workspace
	made       int // workspaces made: at most workers
}

// job is one think, waiting for a worker or running.
type job struct {
	game       int64
	background bool          // work nobody waits for at once (see newBackgroundJob)
	timed      bool          // bounded by time alone (levels 4 and 5)
	budget     time.Duration // its level's own budget, when timed
	submit     time.Time
	deadline   time.Time // when it should have its move at the latest
	latest     time.Time // when it should get a worker at the latest

	grant chan *ai.Workspace // receives its worker's workspace
	moved chan struct{}      // told when its place in the queue changes

	// Set when it gets a worker.
	start  time.Time
	waited time.Duration
	behind int           // replies waiting behind it then
	think  time.Duration // its time budget, for a timed job
	end    time.Time     // when it stops at the latest, for a timed job
	cut    context.CancelFunc
	timer  *time.Timer // a cut ordered for later
}

// New returns a Pool for cfg.
func New(cfg Config) *Pool {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	return &Pool{workers: cfg.Workers, cfg: cfg, running: map[*job]bool{}}
}

// Workers returns the number of the pool's workers.
func (p *Pool) Workers() int { return p.workers }

// Think runs f on one of the pool's workers as the search of reply j,
// after the replies due before it, with the worker's workspace and the
// time it may think: for a timed job, its budget less its wait and its
// share of the queue behind it (see Pool); 0 for a job bounded by depth
// and nodes. f runs on an OS thread of lowered priority (see niced); its
// context ends when its time is up (or the pool cuts it short for a reply
// due sooner), Limit at the latest. When ctx ends first, a job that waits
// leaves the queue, and one that runs returns ctx's error, whatever f
// found.
func (p *Pool) Think(ctx context.Context, j Job, f func(ctx context.Context, ws *ai.Workspace, d time.Duration) error) error {
	if j.Notice <= 0 {
		j.Notice = Notice
	}
	jb := newJob(j.Game, j.Budget, j.Timed, j.Asked)
	ws, tctx, err := p.acquire(ctx, jb, j.OnWait, j.Notice)
	if err != nil {
		return err
	}
	defer p.release(jb, ws)
	var d time.Duration
	if jb.timed {
		d = jb.think
	}
	tctx, cancel := context.WithTimeout(tctx, Limit)
	defer cancel()
	err = niced(func() error { return f(tctx, ws, d) })
	if err == nil && ctx.Err() != nil {
		err = ctx.Err() // abandoned: what was found is not used
	}
	return err
}

// newJob returns a think for game id at a level whose own budget is
// budget, timed or not, asked for at asked (now when zero).
func newJob(game int64, budget time.Duration, timed bool, asked time.Time) *job {
	if asked.IsZero() || asked.After(time.Now()) {
		asked = time.Now()
	}
	j := &job{game: game, timed: timed, budget: budget, submit: asked, grant: make(chan *ai.Workspace, 1), moved: make(chan struct{}, 1)}
	// A quick level (bounded by depth and nodes) should answer within a
	// second: it gets a worker within quickStart, a timed think being cut
	// short for it if need be.
	j.deadline, j.latest = j.submit.Add(time.Second), j.submit.Add(quickStart)
	if timed {
		j.deadline = j.submit.Add(budget + Grace)
		j.latest = j.deadline.Add(-MinThink)
	}
	return j
}

// newBackgroundJob returns a piece of background work for game id: work
// that nobody waits for at once, such as a game's analysis. It gets a
// worker only when no reply waits, never the last one of several, and
// is cut at once when a reply would wait for it; it has no deadline.
func newBackgroundJob(game int64) *job {
	return &job{game: game, background: true, submit: time.Now(), grant: make(chan *ai.Workspace, 1), moved: make(chan struct{}, 1)}
}

// backgroundWorkers is the number of workers that may do background work
// at once: all but one, so that a reply finds a worker free.
func (p *Pool) backgroundWorkers() int { return max(1, p.workers-1) }

// acquire queues j and waits for a worker, telling onWait (if set) how
// many replies are ahead of j once it has waited for notice, and whenever
// that changes afterwards. It returns the worker's workspace and the
// context to think in, which the pool cancels when a waiting reply needs
// the worker; the caller must then call release. When ctx ends first, j
// leaves the queue and acquire returns ctx's error.
func (p *Pool) acquire(ctx context.Context, j *job, onWait func(ahead int), notice time.Duration) (*ai.Workspace, context.Context, error) {
	tctx, cut := context.WithCancel(ctx)
	j.cut = cut
	p.mu.Lock()
	if j.background {
		p.background = append(p.background, j)
	} else {
		// Earliest deadline first: a quick level's reply (due a second
		// after it was asked) goes ahead of timed ones due later, which
		// then still end by their own deadlines, their thinks shared out
		// by thinkBudget.
		i := len(p.queue)
		for i > 0 && p.queue[i-1].deadline.After(j.deadline) {
			i--
		}
		p.queue = slices.Insert(p.queue, i, j)
		p.queued()
		p.shifted(i + 1)
	}
	p.dispatch()
	p.mu.Unlock()

	var noticed <-chan time.Time
	if onWait != nil {
		tm := time.NewTimer(notice)
		defer tm.Stop()
		noticed = tm.C
	}
	reported := -1
	report := func() {
		p.mu.Lock()
		ahead := p.position(j)
		p.mu.Unlock()
		if ahead >= 0 && ahead != reported {
			reported = ahead
			onWait(ahead)
		}
	}
	for {
		select {
		case ws := <-j.grant:
			return ws, tctx, nil
		case <-ctx.Done():
			p.mu.Lock()
			if i := slices.Index(p.background, j); i >= 0 {
				p.background = slices.Delete(p.background, i, i+1)
				p.mu.Unlock()
			} else if i := p.position(j); i >= 0 {
				p.queue = append(p.queue[:i], p.queue[i+1:]...)
				p.queued()
				p.shifted(i)
				p.dispatch()
				p.mu.Unlock()
			} else {
				p.mu.Unlock()
				p.release(j, <-j.grant) // granted meanwhile: given back
			}
			cut()
			return nil, nil, ctx.Err()
		case <-noticed:
			noticed = nil
			report()
		case <-j.moved:
			if reported >= 0 {
				report()
			}
		}
	}
}

// release gives j's worker back and hands it to the next in the queue.
func (p *Pool) release(j *job, ws *ai.Workspace) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if j.timer != nil {
		j.timer.Stop()
	}
	j.cut()
	delete(p.running, j)
	p.busy--
	if j.background {
		p.backBusy--
	}
	p.free = append(p.free, ws)
	p.dispatch()
}

// dispatch gives free workers to the head of the queue, then to
// background work, and cuts background work, or else a running think,
// short if the head would otherwise wait beyond its latest start. p.mu is
// held.
func (p *Pool) dispatch() {
	for p.busy < p.workers {
		var j *job
		switch {
		case len(p.queue) > 0:
			j, p.queue = p.queue[0], p.queue[1:]
		case len(p.background) > 0 && p.backBusy < p.backgroundWorkers():
			j, p.background = p.background[0], p.background[1:]
			p.backBusy++
		}
		if j == nil {
			break
		}
		p.busy++
		var ws *ai.Workspace
		if n := len(p.free); n > 0 {
			ws, p.free = p.free[n-1], p.free[:n-1]
		} else {
			ws = &ai.Workspace{}
			p.made++
		}
		now := time.Now()
		j.start = now
		j.waited, j.behind = now.Sub(j.submit), len(p.queue)
		if j.timed {
			last := j
			if j.behind > 0 {
				last = p.queue[j.behind-1]
			}
			j.think = thinkBudget(j.budget, last.deadline.Sub(now), j.behind, p.workers)
			j.end = now.Add(j.think)
		}
		p.running[j] = true
		if p.cfg.Waited != nil {
			p.cfg.Waited(j.waited)
		}
		j.grant <- ws
		if !j.background {
			p.queued()
			p.shifted(0)
		}
	}
	if len(p.queue) == 0 {
		return
	}
	// A reply never waits for background work: it is cut at once.
	cut := false
	for r := range p.running {
		if r.background {
			r.cut()
			cut = true
		}
	}
	if cut {
		return
	}
	// The head waits: unless a running think ends by its latest start, the
	// timed think that ends first is cut then (after MinThink at least).
	// A think bounded by nodes ends soon anyway, and is never cut.
	head := p.queue[0]
	var first *job
	for r := range p.running {
		if !r.timed {
			return
		}
		if first == nil || r.end.Before(first.end) {
			first = r
		}
	}
	if first == nil || !first.end.After(head.latest) {
		return
	}
	at := head.latest
	if earliest := first.start.Add(MinThink); at.Before(earliest) {
		at = earliest
	}
	first.end = at
	if first.timer != nil {
		first.timer.Stop()
	}
	first.timer = time.AfterFunc(time.Until(at), first.cut)
}

// position returns the number of replies ahead of j in the queue, or -1
// when j is not in it. p.mu is held.
func (p *Pool) position(j *job) int {
	for i, q := range p.queue {
		if q == j {
			return i
		}
	}
	return -1
}

// shifted tells the jobs from index i of the queue on that their place
// changed. p.mu is held.
func (p *Pool) shifted(i int) {
	for _, q := range p.queue[i:] {
		select {
		case q.moved <- struct{}{}:
		default:
		}
	}
}

// queued reports the queue's length. p.mu is held.
func (p *Pool) queued() {
	if p.cfg.Queued != nil {
		p.cfg.Queued(len(p.queue))
	}
}

// Background runs f on one of the pool's workers as background work
// for game id (see newBackgroundJob), with that worker's workspace, on an
// OS thread of lowered priority (see niced). When
// the pool cuts f short for a reply, f's context ends while ctx goes on:
// f is then run again, from the start, once a worker is free, so f must
// do one piece of work that can be repeated. Background returns f's
// error, or ctx's when it ends first.
func (p *Pool) Background(ctx context.Context, id int64, f func(ctx context.Context, ws *ai.Workspace) error) error {
	for {
		j := newBackgroundJob(id)
		ws, tctx, err := p.acquire(ctx, j, nil, 0)
		if err != nil {
			return err
		}
		err = niced(func() error { return f(tctx, ws) })
		cut := tctx.Err() != nil
		p.release(j, ws)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !cut {
			return err
		}
	}
}
