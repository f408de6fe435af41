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
	// maxSources bounds the changes' sources a worker keeps (see
	// RunWorker).
	maxSources = 10_000
)

// RunWorker serves the AI's replies as a zugbot worker process, named
// name, until ctx ends: it takes the games whose AI is to move from the
// store's queue (store.ClaimReplies), as many at a time as the table has
// workers (Config.AIWorkers), thinks on them as Reply would, and records
// the moves, which reach the bot through the feed; it records a heartbeat
// every WorkerBeat. The store's ply check lets only one move in at a
// ply, so a game never gets two replies. A reply this process took and
// did not finish (it was killed) is taken again by another once
// ReplyLease has passed. When ctx ends, the replies under way are
// finished. The table's feed should receive the other processes' changes
// (feed.Listener), which wake the worker; it also looks every second.
func (t *Table) RunWorker(ctx context.Context, name string) error {
	sub := t.cfg.Feed.Subscribe(feed.Filter{})
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
	// The adapter through which each game's last change was asked for: the
	// reply is published as made through it too, as Reply does, so that
	// the adapter waiting for it shows it, and the others follow it as a
	// change made elsewhere.
	sources := map[int64]string{}
	for {
		if free > 0 {
			tasks, err := t.store.ClaimReplies(ctx, free, ReplyLease)
			if err != nil && ctx.Err() == nil {
				t.cfg.Log.Error("taking the AI's replies", "err", err)
			}
			for _, tk := range tasks {
				free--
				wctx := WithSource(work, sources[tk.GameID])
				delete(sources, tk.GameID)
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer func() { done <- struct{}{} }()
					t.replyTask(wctx, tk)
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
			if len(sources) >= maxSources {
				clear(sources) // games between people, whose changes no reply follows
			}
			if c.Game != 0 {
				sources[c.Game] = c.Source
			}
		case <-poll.C:
		case <-done:
			free++
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
// when any runs, and returns the game once it has changed; false when no
// worker is heard from (or the store is a SQLite file, which one process
// uses), for the caller to think the move itself.
func (t *Table) fromWorker(ctx context.Context, st *store.State) (store.State, bool, error) {
	if !t.shared {
		return store.State{}, false, nil
	}
	sub := t.cfg.Feed.Subscribe(feed.Filter{Game: st.Game.ID})
	defer sub.Close()
	tick := time.NewTicker(workerPoll)
	defer tick.Stop()
	for check := true; ; {
		if check {
			n, err := t.store.WorkersAlive(ctx, WorkerSilence)
			if err != nil || n == 0 {
				return store.State{}, false, err
			}
		}
		now, err := t.Load(ctx, st.Game.ID)
		if err != nil {
			return now, false, err
		}
		if now.Game.Ply != st.Game.Ply || now.Game.Over() {
			return now, true, nil
		}
		select {
		case <-ctx.Done():
			return now, false, ctx.Err()
		case <-sub.C:
			check = false
		case <-tick.C:
			check = true
		}
	}
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
