package table

import (
	"context"
	"errors"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/store"
)

// The hints a player may ask for while learning.
const (
	// MaxHints is the number of hints a player may ask for in one game.
	MaxHints = 3
	// hintLevel is the AI level whose move a hint suggests.
	hintLevel = ai.MaxLevel - 1
)

// Hint is the AI's suggestion for a player's move.
type Hint struct {
	// State is the game the hint is for, at the ply it is for.
	State store.State
	// Move is the suggested move, legal in State.Position, and Notation
	// its notation there.
	Move     engine.Move
	Notation string
	// Used is the number of hints given in the game, this one included.
	Used int
}

// HintOptions are what a caller of Hint says besides the request.
type HintOptions struct {
	// Thinking, when set, is called once the hint is allowed, before the
	// AI thinks it (as long as its reply): the adapter may say that the
	// answer is coming. A refusal comes before it.
	Thinking func()
}

// Hint suggests user's next move in game id, seen at ply (-1: whatever
// the game's ply), and records that a hint was given. Hints are for
// learning: only in a casual game against the AI, on the player's turn,
// MaxHints a game. The suggestion is the move the AI would play at the
// expert level; the player waits for it as for the AI's reply.
func (t *Table) Hint(ctx context.Context, id int64, user string, ply int, opt HintOptions) (Hint, error) {
	st, side, err := t.seat(ctx, id, user)
	if err != nil {
		return Hint{}, err
	}
	g := &st.Game
	switch {
	case g.Over():
		return Hint{}, refusal(Refusal{Reason: GameOver, Game: id}, "Game #%d is over: hints are for a game in progress. To learn from it, ask for its analysis.", id)
	case g.Rated:
		return Hint{}, refusal(Refusal{Reason: NoHints, Game: id}, "Game #%d is rated: hints are only for casual games against the AI, where they cannot change a rating.", id)
	case !g.Seats[side.Other()].IsAI():
		return Hint{}, refusal(Refusal{Reason: NoHints, Game: id}, "Hints are only for games against the AI: in game #%d, against a person, every move must be your own.", id)
	case ply >= 0 && ply != g.Ply:
		return Hint{}, t.Explain(id, store.ErrStalePly)
	case g.Hints >= MaxHints:
		return Hint{}, refusal(Refusal{Reason: HintsUsed, Game: id, Limit: MaxHints}, "You have had all %d hints of game #%d.", MaxHints, id)
	}
	if err := t.CheckTurn(&st, side); err != nil {
		return Hint{}, err
	}
	if opt.Thinking != nil {
		opt.Thinking()
	}
	m, _, err := t.think(ctx, &st, hintLevel, replyOptions{})
	if err != nil {
		return Hint{}, err
	}
	used, err := t.store.UseHint(ctx, id, g.Ply, MaxHints)
	if errors.Is(err, store.ErrNoHints) {
		return Hint{}, refusal(Refusal{Reason: HintsUsed, Game: id, Limit: MaxHints}, "You have had all %d hints of game #%d.", MaxHints, id)
	}
	if err != nil {
		return Hint{}, t.Explain(id, err)
	}
	g.Hints = used
	return Hint{State: st, Move: m, Notation: st.Position.FormatMove(m), Used: used}, nil
}
