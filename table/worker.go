package table

import (
	"context"
	"time"

	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/think"
)

// reloadEvery is how many polls a table waiting for a worker's reply lets
// pass between loads of its game, when no change has come.
const reloadEvery = 5

// RunWorker serves the AI's replies as a zugbot worker process, named
// name, until ctx ends (see think.Worker): it takes the games whose AI is
// to move from the store's queue, as many at a time as the table's
// Thinker has workers, thinks on them as the table's runner would, and
// records the moves under the cause their Reply timers keep, which reach
// the adapters through the feed. When ctx ends, the replies under way are
// finished. The table's feed should receive the other processes' changes
// (feed.Listener), which wake the worker.
func (t *Table) RunWorker(ctx context.Context, name string) error {
	w := think.Worker{Name: name, Store: t.store, Workers: t.thinker.Workers(), Reply: t.replyHere, Log: t.cfg.Log}
	return w.Run(ctx)
}

// replyHere plays the AI's reply in game id, asked for at asked, on this
// table's own workers.
func (t *Table) replyHere(ctx context.Context, id int64, asked time.Time) error {
	_, err := t.reply(ctx, id, Moved, replyOptions{Asked: asked}, true)
	return err
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
func (t *Table) fromWorker(ctx context.Context, st *store.State, opt replyOptions) (store.State, bool, error) {
	if !t.shared {
		return store.State{}, false, nil
	}
	sub := t.Feed().Subscribe(feed.Filter{Game: st.Game.ID})
	defer sub.Close()
	tick := time.NewTicker(think.Poll)
	defer tick.Stop()
	start := time.Now()
	giveUp := start.Add(store.ReplyGrace + think.Lease)
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
// think.Silence, asking the store at most once every think.Poll for all
// the replies waiting.
func (t *Table) workersAlive(ctx context.Context) (bool, error) {
	t.workersMu.Lock()
	defer t.workersMu.Unlock()
	if now := time.Now(); now.Sub(t.workersAt) >= think.Poll {
		n, err := t.store.WorkersAlive(ctx, think.Silence)
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
