package table

import (
	"context"
	"time"

	"github.com/zugbot/zugbot/engine/ai"
)

// What the tests of the AI's workers look at.
var ThinkBudget = thinkBudget

const (
	AIGrace  = aiGrace
	MinThink = minThink
)

// Hold occupies one of t's AI workers, as a reply would, until release is
// called.
func (t *Table) Hold() (release func()) {
	j := newJob(0, 0, false, time.Time{})
	ws, _, err := t.pool.acquire(context.Background(), j, nil, 0)
	if err != nil {
		panic(err)
	}
	return func() { t.pool.release(j, ws) }
}

// QueueLen returns the number of replies waiting for a worker.
func (t *Table) QueueLen() int {
	t.pool.mu.Lock()
	defer t.pool.mu.Unlock()
	return len(t.pool.queue)
}

// OnStart has f told the game of each reply that gets a worker, in order.
func (t *Table) OnStart(f func(game int64)) {
	t.pool.mu.Lock()
	defer t.pool.mu.Unlock()
	t.pool.started = func(j *aiJob) { f(j.game) }
}

// Workspaces returns the number of AI workspaces made and the memory of
// their transposition tables.
func (t *Table) Workspaces() (made, tableBytes int) {
	t.pool.mu.Lock()
	defer t.pool.mu.Unlock()
	for _, ws := range t.pool.free {
		tableBytes += ws.TableBytes()
	}
	return t.pool.made, tableBytes
}

// InBackground runs f as background work on one of t's AI workers.
func (t *Table) InBackground(ctx context.Context, game int64, f func(ctx context.Context) error) error {
	return t.pool.inBackground(ctx, game, func(ctx context.Context, _ *ai.Workspace) error { return f(ctx) })
}

// ThinkNice runs f as the AI's thinks run, and returns the nice value of
// the OS thread it ran on.
func ThinkNice() (int, error) {
	var n int
	err := niced(func() error {
		var err error
		n, err = threadNice()
		return err
	})
	return n, err
}

// ThreadNice returns the calling OS thread's nice value.
var ThreadNice = threadNice

// AINice is the nice value the AI thinks at.
const AINice = aiNice

// Reply lets the AI play in game id while it is to move, as the table's
// runner does (see reply), for the tests of the AI's workers.
func (t *Table) Reply(ctx context.Context, id int64, ev Event) (Update, error) {
	return t.reply(ctx, id, ev, ReplyOptions{}, false)
}

// ReplyWith is Reply with options.
func (t *Table) ReplyWith(ctx context.Context, id int64, ev Event, opt ReplyOptions) (Update, error) {
	return t.reply(ctx, id, ev, opt, false)
}

// ReplyDone waits for the AI's reply under way in game id, if one runs on
// t's runner, and returns its error.
func (t *Table) ReplyDone(id int64) error {
	t.replies.mu.Lock()
	run := t.replies.runs[id]
	t.replies.mu.Unlock()
	if run == nil {
		return nil
	}
	<-run.done
	return run.err
}
