package table

import (
	"context"
	"errors"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/store"
)

// Load returns game id with its position, or a refusal if there is none.
func (t *Table) Load(ctx context.Context, id int64) (store.State, error) {
	st, err := t.store.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return st, t.Explain(id, err)
	}
	return st, err // the store's error names the game
}

// seat loads game id for a player in it: the game and the player's side.
func (t *Table) seat(ctx context.Context, id int64, user string) (store.State, engine.Side, error) {
	st, err := t.Load(ctx, id)
	if err != nil {
		return st, 0, err
	}
	side, err := SideIn(&st, user)
	return st, side, err
}

// SideIn returns the side user plays in game st, or a refusal when they
// are not one of its players.
func SideIn(st *store.State, user string) (engine.Side, error) {
	side, ok := st.Game.SideOf(user)
	if !ok {
		return 0, refusal(Refusal{Reason: NotYours, Game: st.Game.ID}, "You are not a player in game #%d.", st.Game.ID)
	}
	return side, nil
}

// going locks game id and loads it for user, a player in it, refusing a
// game that is over with the refusal overText (a format whose %d is the
// game's number). On success the caller must call unlock.
func (t *Table) going(ctx context.Context, id int64, user, overText string) (st store.State, side engine.Side, unlock func(), err error) {
	unlock = t.locks.Lock(id)
	st, side, err = t.seat(ctx, id, user)
	if err == nil && st.Game.Over() {
		err = refusal(Refusal{Reason: GameOver, Game: id}, overText, id)
	}
	if err != nil {
		unlock()
		return st, side, nil, err
	}
	return st, side, unlock, nil
}

// Event is what a call did to a game: the kind of change the table
// publishes on its feed (see Table.Feed).
type Event = feed.Kind

// The events.
const (
	Started  = feed.Started  // a game began (the AI may have opened)
	Moved    = feed.Moved    // moves were played (perhaps none: the AI had nothing to do)
	Offered  = feed.Offered  // a draw or takeback offer is open
	Declined = feed.Declined // an offer was declined
	Agreed   = feed.Agreed   // the game ended by agreement
	TookBack = feed.TookBack // moves were taken back
	Resigned = feed.Resigned // a player resigned
	TimedOut = feed.TimedOut // the player to move ran out of time (or the game was aborted)
	Aborted  = feed.Aborted  // a moderator aborted the game
)

// Update says what a call changed, for the adapter to show.
type Update struct {
	Event Event
	// State is the game as it is now.
	State store.State
	// Side is the side of the player who acted (for TimedOut, the side
	// that ran out of time).
	Side engine.Side
	// Moves are the moves played, in order: the player's (for Moved after
	// Play) or the AI's replies (after Reply, and for Started).
	Moves []string
	// Info says how the AI chose each of its moves, in the order of Moves.
	Info []ai.Info
	// Offer is the offer that was made, declined or accepted.
	Offer store.Offer
	// Agreed is the result the game's agreed ending gives (for Offered and
	// Agreed draw offers).
	Agreed engine.Outcome
	// ByAI is true when the AI answered an offer on its side's behalf.
	ByAI bool
	// Reply is the AI's reply that the call awaited (see
	// PlayOptions.AwaitReply): its moves and the game after them; nil
	// when none was awaited or none came in time (it comes later, as a
	// change on the feed).
	Reply *Update
}

// PersonToMove returns the seat of the person whose turn it is in st, who
// is the one to tell so: none when the game is over or the AI is to move.
func PersonToMove(st *store.State) (store.Seat, bool) {
	if st.Game.Over() {
		return store.Seat{}, false
	}
	s := st.Game.Seats[st.Position.Turn()]
	return s, !s.IsAI()
}
