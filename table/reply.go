package table

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/think"
)

// replyOptions are how the AI's reply is thought (see reply).
type replyOptions struct {
	// OnWait, when set, is called when the reply has waited for a worker
	// for Notice, with the number of replies ahead of it in the queue,
	// and again whenever that number changes. It is called on Reply's
	// goroutine, and the reply waits for it.
	OnWait func(ahead int)
	// Notice is the wait before OnWait is first called; 0 means
	// think.Notice.
	Notice time.Duration
	// Asked is when the reply was asked for, if before the call (a
	// zugbot worker's reply waited in the database's queue): its time
	// budget counts from then (see think.Job). Now when zero.
	Asked time.Time
	// thought, when set, is told how the AI chose each move it played
	// here, with the move's ply.
	thought func(ply int, info ai.Info)
}

// reply lets the AI play in game id while it is to move, and returns the
// game with the moves it played, as event ev. The AI thinks on one of the
// table's workers, after the replies asked for before (see Thinker), and
// without holding the game's lock, so that a takeback, a draw offer or a
// resignation is answered at once meanwhile; its move is then recorded
// only if the game has not changed, and otherwise the AI looks again.
// When ctx ends, a reply that waits for a worker leaves the queue, and
// one that thinks stops. The table's runner calls it (see startReply).
//
// On PostgreSQL, while a zugbot worker process runs (see RunWorker), the
// move is left to the workers, and reply waits for it; without one, or
// once none is left, the table thinks it itself; here says to think on
// this table's own workers even while zugbot workers run.
func (t *Table) reply(ctx context.Context, id int64, ev Event, opt replyOptions, here bool) (Update, error) {
	u := Update{Event: ev}
	if opt.Notice <= 0 {
		opt.Notice = think.Notice
	}
	for {
		st, err := t.Load(ctx, id)
		if err != nil {
			return u, err
		}
		u.State = st
		if !AIToMove(&st) {
			return u, nil
		}
		if !here {
			now, ok, err := t.fromWorker(ctx, &st, opt)
			if err != nil {
				return u, err
			}
			if ok {
				if m, played := moveAt(&now, st.Game.Ply); played {
					u.Moves = append(u.Moves, m)
					u.Info = append(u.Info, ai.Info{})
				}
				u.State = now
				continue
			}
		}
		m, info, err := t.think(ctx, &st, st.Game.Seats[st.Position.Turn()].AI, opt)
		if err != nil {
			return u, err
		}
		// The store records and publishes the move under the cause of the
		// change that left the AI to move, which its Reply timer keeps.
		unlock := t.locks.Lock(id)
		notation, err := t.record(ctx, &st, m)
		if err == nil {
			t.publish(ctx, Update{Event: Moved, State: st})
			if opt.thought != nil {
				opt.thought(st.Game.Ply-1, info)
			}
		}
		unlock()
		if errors.Is(err, store.ErrFlagFell) {
			return u, nil // the AI's time ran out: its deadline ends the game
		}
		var r *Refusal
		if errors.As(err, &r) {
			continue // the game changed while the AI thought
		}
		if err != nil {
			return u, err
		}
		u.State = st
		u.Moves = append(u.Moves, notation)
		u.Info = append(u.Info, info)
	}
}

// think chooses a move in st at AI level on one of the Thinker's workers.
func (t *Table) think(ctx context.Context, st *store.State, level int, opt replyOptions) (m engine.Move, info ai.Info, err error) {
	v := st.Position.Variant()
	err = t.onWorker(ctx, st, level, 0, opt, func(ctx context.Context, ws *ai.Workspace, d time.Duration) error {
		pl, err := ws.Level(v, level, d, t.Rand())
		if err != nil {
			return fmt.Errorf("AI level %d for %s: %w", level, v.ID, err)
		}
		start := time.Now()
		m, info, err = pl.Best(ctx, st.Position.Clone())
		if t.cfg.Thought != nil {
			t.cfg.Thought(v.ID, level, time.Since(start))
		}
		return err
	})
	if err != nil {
		return engine.Move{}, ai.Info{}, fmt.Errorf("AI move in game %d: %w", st.Game.ID, err)
	}
	return m, info, nil
}

// onWorker runs f on one of the Thinker's workers, after the work asked
// for before it, with the workspace it may use and the time it may
// think: its level's budget, capped by limit (when not 0), by
// Config.AIThink, and on a live clock by the AI's share of its time left;
// less its wait and its share of the queue (see think.Pool); for a level
// bounded by depth and nodes, Config.AIThink. f's context ends when its
// time is up, and an error is returned when ctx ended meanwhile, whatever
// f found.
func (t *Table) onWorker(ctx context.Context, st *store.State, level int, limit time.Duration, opt replyOptions, f func(ctx context.Context, ws *ai.Workspace, d time.Duration) error) error {
	v := st.Position.Variant()
	budget, timed := ai.LevelBudget(v, level)
	if timed && t.cfg.AIThink > 0 {
		budget = t.cfg.AIThink
	}
	if timed && limit > 0 {
		budget = min(budget, limit)
	}
	if g := &st.Game; g.Clock.Live() {
		// On a clock, the AI keeps to its share of the time it has left.
		limit := liveThink(g.TimeLeft(st.Position.Turn(), t.now()), g.Clock.Increment)
		if budget == 0 || limit < budget {
			budget, timed = limit, true
		}
	}
	j := think.Job{Game: st.Game.ID, Budget: budget, Timed: timed, Asked: opt.Asked, OnWait: opt.OnWait, Notice: opt.Notice}
	return t.thinker.Think(ctx, j, func(ctx context.Context, ws *ai.Workspace, d time.Duration) error {
		if !timed {
			d = t.cfg.AIThink
		}
		return f(ctx, ws, d)
	})
}
