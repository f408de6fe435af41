package think

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/store"
)

// The protocol of the zugbot worker processes that think the AI's replies
// for the bots sharing their PostgreSQL store (see Worker).
const (
	// Beat is how often a worker records that it runs.
	Beat = 2 * time.Second
	// Silence is how long after its last heartbeat a worker is taken to
	// be gone: while none has been heard from within it, a bot thinks its
	// replies itself.
	Silence = 3 * Beat
	// Lease is how long a worker holds a reply it took: longer than any
	// think (Limit). If it dies, another worker takes the reply once the
	// lease has passed.
	Lease = Limit + 5*time.Second
	// Poll is how often a worker looks for replies, and a bot waiting for
	// one looks at its game and at the workers, when no change has woken
	// it.
	Poll = time.Second
)

// Worker serves the AI's replies as a zugbot worker process (see Run).
type Worker struct {
	// Name is the worker's, in its heartbeats; unique among the
	// processes.
	Name string
	// Store is the store whose queue of replies the worker serves
	// (store.ClaimReplies), shared with the bots.
	Store *store.Store
	// Workers is the number of replies taken and thought at once: the
	// workers of the process's Pool.
	Workers int
	// Reply plays the AI's move in game, whose reply was asked for at
	// asked (its wait counts against the level's budget, see Job.Asked);
	// an error leaves the reply to another worker once its Lease has
	// passed.
	Reply func(ctx context.Context, game int64, asked time.Time) error
	// Log is told what goes wrong; slog.Default() when nil.
	Log *slog.Logger
}

// Run serves the AI's replies until ctx ends: it takes the games whose AI
// is to move from the store's queue (store.ClaimReplies), Workers at a
// time, has Reply play each, and ends its claim; it records a heartbeat
// every Beat. The store's ply check lets only one move in at a ply, so a
// game never gets two replies. A reply this process took and did not
// finish (it was killed) is taken again by another once Lease has passed.
// When ctx ends, the replies under way are finished. The store's feed
// should receive the other processes' changes (feed.Listener), which wake
// the worker; it also looks every Poll.
func (w *Worker) Run(ctx context.Context) error {
	log := w.Log
	if log == nil {
		log = slog.Default()
	}
	s := w.Store
	sub := s.Feed().Subscribe(feed.Filter{})
	defer sub.Close()
	beat := time.NewTicker(Beat)
	defer beat.Stop()
	poll := time.NewTicker(Poll)
	defer poll.Stop()
	work := context.WithoutCancel(ctx) // replies under way are finished
	var wg sync.WaitGroup
	defer func() {
		wg.Wait()
		if err := s.WorkerGone(work, w.Name); err != nil {
			log.Warn("worker stopping", "err", err)
		}
	}()
	if err := s.WorkerBeat(ctx, w.Name); err != nil {
		return err
	}
	free := w.Workers
	done := make(chan struct{}, free)
	for look := true; ; {
		if free > 0 && look {
			look = false
			tasks, err := s.ClaimReplies(ctx, free, Lease)
			if err != nil && ctx.Err() == nil {
				log.Error("taking the AI's replies", "err", err)
			}
			for _, tk := range tasks {
				free--
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer func() { done <- struct{}{} }()
					w.reply(work, tk, log)
				}()
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-beat.C:
			if err := s.WorkerBeat(ctx, w.Name); err != nil && ctx.Err() == nil {
				log.Warn("worker heartbeat", "err", err)
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

// reply has the AI's move that Reply timer tk stands for played, and ends
// its claim.
func (w *Worker) reply(ctx context.Context, tk store.Task, log *slog.Logger) {
	// The reply was asked for when its timer was set: its wait in the
	// queue counts against its level's budget plus the grace.
	asked := tk.Due.Add(-store.ReplyGrace)
	if err := w.Reply(ctx, tk.GameID, asked); err != nil {
		// Left claimed: another worker takes it again after the lease.
		log.Error("the AI's reply", "game", tk.GameID, "err", err)
		return
	}
	if err := w.Store.Done(ctx, tk); err != nil {
		log.Warn("the AI's reply", "game", tk.GameID, "err", err)
	}
}
