package table

import (
	"context"
	"fmt"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/store"
)

// Start creates a game and, if the AI moves first, waits for it to open:
// the returned Update (Started) has its moves.
func (t *Table) Start(ctx context.Context, ng store.NewGame) (Update, error) {
	ctx, cause := t.cause(ctx)
	t.await(ctx, cause)
	g, err := t.store.CreateGame(ctx, ng)
	if err != nil {
		t.unawait(cause)
		return Update{}, t.Explain(0, err)
	}
	t.publish(ctx, Update{Event: Started, State: store.State{Game: g}})
	st, err := t.Load(ctx, g.ID)
	if err != nil {
		t.unawait(cause)
		return Update{}, err
	}
	u := t.replied(ctx, Update{Event: Started, State: st}, cause, true, nil)
	if u.Reply != nil {
		u.State, u.Moves, u.Info = u.Reply.State, u.Reply.Moves, u.Reply.Info
		u.Reply = nil
	}
	return u, nil
}

// CheckTurn refuses a move by side unless it is that side's turn in a game
// that goes on.
func (t *Table) CheckTurn(st *store.State, side engine.Side) error {
	g := &st.Game
	if g.Over() {
		return refusal(Refusal{Reason: GameOver, Game: g.ID}, "Game #%d is over: %s", g.ID, ResultOf(t.variants[g.Variant], g, nil))
	}
	if turn := st.Position.Turn(); turn != side {
		return refusal(Refusal{Reason: NotYourTurn, Game: g.ID, Who: SeatName(g.Seats[turn])}, "It is not your turn in game #%d: %s (%s) is to move.", g.ID, SeatName(g.Seats[turn]), st.Position.Variant().Sides[turn])
	}
	return nil
}

// MaxMoveLen is the longest move text a table reads: far more than any
// move of zugbot's games needs.
const MaxMoveLen = 100

// Check reports whether user may play text in game id now, at ply (-1: the
// current one), without playing it. It returns the game as it checked it
// and whether the move would end it.
func (t *Table) Check(ctx context.Context, id int64, user string, ply int, text string) (st store.State, ends bool, err error) {
	if st, err = t.Load(ctx, id); err != nil {
		return st, false, err
	}
	ends, err = t.CheckIn(&st, user, ply, text)
	return st, ends, err
}

// CheckIn is Check on game st, loaded by the caller.
func (t *Table) CheckIn(st *store.State, user string, ply int, text string) (ends bool, err error) {
	side, err := SideIn(st, user)
	if err != nil {
		return false, err
	}
	m, err := t.parse(st, side, ply, text)
	if err != nil {
		return false, err
	}
	p := st.Position.Clone()
	p.Do(m)
	return p.Outcome().Over(), nil
}

// parse checks that side may play text in st at ply and returns the move.
func (t *Table) parse(st *store.State, side engine.Side, ply int, text string) (engine.Move, error) {
	g := &st.Game
	if n := len([]rune(text)); n > MaxMoveLen {
		return engine.Move{}, refusal(Refusal{Reason: MoveTooLong, Game: g.ID, Limit: MaxMoveLen}, "That move is %d characters long, and no move is longer than %d.", n, MaxMoveLen)
	}
	if ply >= 0 && ply != g.Ply {
		return engine.Move{}, t.Explain(g.ID, store.ErrStalePly)
	}
	if err := t.CheckTurn(st, side); err != nil {
		return engine.Move{}, err
	}
	m, err := st.Position.ParseMove(text)
	if err != nil {
		return engine.Move{}, &Refusal{Reason: IllegalMove, Game: g.ID, msg: fmt.Sprintf("Game #%d: %v", g.ID, err), err: err}
	}
	return m, nil
}

// Play plays the move user entered as text in game id; ply is the ply the
// player saw (-1: the current one). If the AI is to move next, the table
// thinks its reply, which comes as a change on the feed (see PlayIn to
// await it).
func (t *Table) Play(ctx context.Context, id int64, user string, ply int, text string) (Update, error) {
	st, err := t.Load(ctx, id)
	if err != nil {
		return Update{}, err
	}
	return t.PlayIn(ctx, st, user, ply, text, PlayOptions{})
}

// PlayIn is Play in game st, loaded by the caller (so that an interaction
// loads its game once), which it plays in: the store refuses the move if
// the game has changed since st was loaded. With opt.AwaitReply, it waits
// for the AI's reply and returns it too.
func (t *Table) PlayIn(ctx context.Context, st store.State, user string, ply int, text string, opt PlayOptions) (Update, error) {
	if opt.Turn != 0 && opt.Turn != st.Game.TurnVersion {
		return Update{}, t.Explain(st.Game.ID, store.ErrStalePly)
	}
	ctx, cause := t.cause(ctx)
	if opt.AwaitReply {
		t.await(ctx, cause)
	}
	u, err := t.playIn(ctx, st, user, ply, text)
	if err != nil {
		t.unawait(cause)
		return u, err
	}
	if opt.Played != nil {
		opt.Played(u)
	}
	return t.replied(ctx, u, cause, opt.AwaitReply, opt.OnWait), nil
}

// playIn plays the move of PlayIn.
func (t *Table) playIn(ctx context.Context, st store.State, user string, ply int, text string) (Update, error) {
	unlock := t.locks.Lock(st.Game.ID)
	defer unlock()
	side, err := SideIn(&st, user)
	if err != nil {
		return Update{}, err
	}
	st.Position = st.Position.Clone() // the caller's stays as it was
	m, err := t.parse(&st, side, ply, text)
	if err != nil {
		return Update{}, err
	}
	notation, err := t.record(ctx, &st, m)
	if err != nil {
		return Update{}, err
	}
	return t.done(ctx, Update{Event: Moved, State: st, Side: side, Moves: []string{notation}})
}

// AIToMove reports whether the AI is to move in a game that goes on.
func AIToMove(st *store.State) bool {
	return !st.Game.Over() && st.Game.Seats[st.Position.Turn()].IsAI()
}

// record plays legal move m in st and records it, with the end it brings.
func (t *Table) record(ctx context.Context, st *store.State, m engine.Move) (string, error) {
	p := st.Position
	notation := p.FormatMove(m)
	p.Do(m)
	g, err := t.store.RecordMoveSeen(ctx, &st.Game, notation, store.EndOf(p.Outcome()))
	if err != nil {
		p.Undo()
		return "", t.Explain(st.Game.ID, err)
	}
	st.Game = g
	st.Moves = append(st.Moves, store.Move{Ply: g.Ply - 1, Notation: notation, At: t.now()})
	return notation, nil
}
