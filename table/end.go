package table

import (
	"context"
	"errors"

	"github.com/zugbot/zugbot/store"
)

// Abort ends game id, at ply, without a result, on the word of a moderator
// (by); it is never rated.
func (t *Table) Abort(ctx context.Context, id int64, ply int, by string) (Update, error) {
	unlock := t.locks.Lock(id)
	defer unlock()
	st, err := t.Load(ctx, id)
	if err != nil {
		return Update{}, err
	}
	if st.Game.Over() {
		return Update{}, refusal(Refusal{Reason: GameOver, Game: id}, "Game #%d is already over.", id)
	}
	g, err := t.store.Finish(ctx, id, ply, store.End{Result: store.Aborted, Reason: store.ReasonAdmin, By: by})
	if err != nil {
		return Update{}, t.Explain(id, err)
	}
	st.Game = g
	return t.done(ctx, Update{Event: Aborted, State: st})
}

// TimeOut ends the game of deadline task tk whose player to move has run
// out of time: a loss, or an abort when fewer than two plies were played.
// It reports false when the game had moved on and nothing was done.
func (t *Table) TimeOut(ctx context.Context, tk store.Task) (Update, bool, error) {
	unlock := t.locks.Lock(tk.GameID)
	defer unlock()
	st, err := t.store.Load(ctx, tk.GameID)
	if moved(err) {
		return Update{}, false, nil
	}
	if err != nil {
		return Update{}, false, err
	}
	if st.Game.Over() || st.Game.Ply != tk.Ply {
		return Update{}, false, nil
	}
	late := st.Position.Turn()
	g, err := t.store.TimeOut(ctx, tk, late)
	if moved(err) {
		return Update{}, false, nil
	}
	if err != nil {
		return Update{}, false, err
	}
	st.Game = g
	u, _ := t.done(ctx, Update{Event: TimedOut, State: st, Side: late})
	return u, true, nil
}

// Reminder returns the game of reminder task tk and the seat to remind,
// or false when there is nobody to remind: the game moved on or ended, or
// the AI is to move.
func (t *Table) Reminder(ctx context.Context, tk store.Task) (store.State, store.Seat, bool, error) {
	st, err := t.store.Load(ctx, tk.GameID)
	if moved(err) {
		return st, store.Seat{}, false, nil
	}
	if err != nil {
		return st, store.Seat{}, false, err
	}
	g := &st.Game
	if g.Over() || g.Ply != tk.Ply || g.Deadline.IsZero() {
		return st, store.Seat{}, false, nil
	}
	seat, ok := PersonToMove(&st)
	return st, seat, ok, nil
}

// moved reports whether err says the game changed before its timer fired.
func moved(err error) bool {
	return errors.Is(err, store.ErrStalePly) || errors.Is(err, store.ErrGameOver) || errors.Is(err, store.ErrNotFound)
}
