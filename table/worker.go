package table

import (
	"context"
	"sync"
	"time"

	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/store"
)

// The AI's replies shared with zugbot worker processes, on PostgreSQL (see
// RunWorker).
const (
	// WorkerBeat is how often a worker records that it runs.
	WorkerBeat = 2 * time.Second
	// WorkerSilence is how long after its last heartbeat a worker is taken
	// to be gone: while none has been heard from within it, the table
	// thinks its replies itself.
	WorkerSilence = 3 * WorkerBeat
	// ReplyLease is how long a worker holds a reply it took: longer than
	// any think (aiThinkLimit). If it dies, another worker takes the reply
	// once the lease has passed.
	ReplyLease = aiThinkLimit + 5*time.Second
	// workerPoll is how often a worker looks for replies, and a table
	// waiting for one looks at its game and at the workers, when no change
	// has woken it.
	workerPoll = time.Second
	// reloadEvery is how many polls a table waiting for a worker's reply
	// lets pass between loads of its game, when no change has come.
	reloadEvery = 5
)

// RunWorker serves the AI's replies as a zugbot worker process, named
// name, until ctx ends: it takes the games whose AI is to move from the
// store's queue (store.ClaimReplies), as many at a time as the table has
// workers (Config.AIWorkers), thinks on them as Reply would, and records
// the moves under the cause their Reply timers keep, which reach the
// adapters through the feed; it records a heartbeat
// every WorkerBeat. The store's ply check lets only one move in at a
// ply, so a game never gets two replies. A reply this process took and
// did not finish (it was killed) is taken again by another once
// ReplyLease has passed. When ctx ends, the replies under way are
// finished. The table's feed should receive the other processes' changes
// (feed.Listener), which wake the worker; it also looks every second.
func (t *Table) RunWorker(ctx context.Context, name string) error {
	sub := t.Feed().Subscribe(feed.Filter{})
	defer sub.Close()
	beat := time.NewTicker(WorkerBeat)
	defer beat.Stop()
	poll := time.NewTicker(workerPoll)
	defer poll.Stop()
	work := context.WithoutCancel(ctx) // replies under way are finished
	var wg sync.WaitGroup
	defer func() {
		wg.Wait()
		if err := t.store.WorkerGone(work, name); err != nil {
			t.cfg.Log.Warn("worker stopping", "err", err)
		}
	}()
	if err := t.store.WorkerBeat(ctx, name); err != nil {
		return err
	}
	free := t.cfg.AIWorkers
	done := make(chan struct{}, free)
	for look := true; ; {
		if free > 0 && look {
			look = false
			tasks, err := t.store.ClaimReplies(ctx, free, ReplyLease)
			if err != nil && ctx.Err() == nil {
				t.cfg.Log.Error("taking the AI's replies", "err", err)
			}
			for _, tk := range tasks {
				free--
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer func() { done <- struct{}{} }()
					t.replyTask(work, tk)
				}()
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-beat.C:
			if err := t.store.WorkerBeat(ctx, name); err != nil && ctx.Err() == nil {
				t.cfg.Log.Warn("worker heartbeat", "err", err)
			}
		case c := <-sub.C:
			// A change that may leave the AI to move: a game's start, a
			// move or a takeback (or changes missed).
			switch c.Kind {
			case feed.Started, feed.Moved, feed.TookBack, feed.Resync:
				look = true
			}
		case <-poll.C:
			look = true
		case <-done:
			free++
			look = true
		}
	}
}

// replyTask thinks the AI's move that Reply timer tk stands for, here, and
// ends its claim.
func (t *Table) replyTask(ctx context.Context, tk store.Task) {
	// The reply was asked for when its timer was set: its wait in the
	// queue counts against its level's budget plus the grace.
	asked := tk.Due.Add(-store.ReplyGrace)
	if _, err := t.reply(ctx, tk.GameID, Moved, ReplyOptions{Asked: asked}, true); err != nil {
		// Left claimed: another worker takes it again after the lease.
		t.cfg.Log.Error("the AI's reply", "game", tk.GameID, "err", err)
		return
	}
	if err := t.store.Done(ctx, tk); err != nil {
		t.cfg.Log.Warn("the AI's reply", "game", tk.GameID, "err", err)
	}
}

// fromWorker waits for a zugbot worker to play the AI's move in st's game,
// when any runs, and returns the game once it has changed, telling
// opt.OnWait, as the pool does, how many replies wait ahead of it in the
// database's queue; false when no
// worker is heard from (or the store is a SQLite file, which one process
// uses), for the caller to think the move itself; false too when no
// worker has moved by the time the timer loop would have taken the reply
// over (store.ReplyGrace and a lease), should the workers be stuck. It
// reloads the game when the feed says it changed, and every few seconds
// in case a change was missed.
func (t *Table) fromWorker(ctx context.Context, st *store.State, opt ReplyOptions) (store.State, bool, error) {
	if !t.shared {
		return store.State{}, false, nil
	}
	sub := t.Feed().Subscribe(feed.Filter{Game: st.Game.ID})
	defer sub.Close()
	tick := time.NewTicker(workerPoll)
	defer tick.Stop()
	start := time.Now()
	giveUp := start.Add(store.ReplyGrace + ReplyLease)
	reported := -1
	for i := 0; ; i++ {
		if ok, err := t.workersAlive(ctx); err != nil || !ok || time.Now().After(giveUp) {
			return store.State{}, false, err
		}
		if opt.OnWait != nil && time.Since(start) >= opt.Notice {
			// As the pool does: the replies ahead, once it has waited for
			// the notice, and whenever their number changes.
			if ahead, waiting, err := t.store.RepliesAhead(ctx, st.Game.ID); err == nil && waiting && ahead != reported {
				reported = ahead
				opt.OnWait(ahead)
			}
		}
		if i%reloadEvery == 0 {
			now, err := t.Load(ctx, st.Game.ID)
			if err != nil {
				return now, false, err
			}
			if now.Game.Ply != st.Game.Ply || now.Game.Over() {
				return now, true, nil
			}
		}
		select {
		case <-ctx.Done():
			return store.State{}, false, ctx.Err()
		case <-sub.C:
			i = -1 // reload now
		case <-tick.C:
		}
	}
}

// workersAlive reports whether a zugbot worker has been heard from within
// WorkerSilence, asking the store at most once every workerPoll for all
// the replies waiting.
func (t *Table) workersAlive(ctx context.Context) (bool, error) {
	t.workersMu.Lock()
	defer t.workersMu.Unlock()
	if now := time.Now(); now.Sub(t.workersAt) >= workerPoll {
		n, err := t.store.WorkersAlive(ctx, WorkerSilence)
		if err != nil {
			return false, err
		}
		t.workersN, t.workersAt = n, now
	}
	return t.workersN > 0, nil
}

// moveAt returns the notation of the move played at ply in st, if any.
func moveAt(st *store.State, ply int) (string, bool) {
	for _, m := range st.Moves {
		if m.Ply == ply {
			return m.Notation, true
		}
	}
	return "", false
}
