package rules

import (
	"errors"
	"fmt"

	"github.com/zugbot/zugbot/engine/ai"
)

// Seat is what the creation rules know of one side of a new game: the
// person's ID, or the AI's level.
type Seat struct {
	Player string // the person's ID; "" for the AI
	AI     int    // the AI's level, 0 for a person
}

// NewGame is what the creation rules check of a new game.
type NewGame struct {
	Seats       [2]Seat
	Rated       bool
	DaysPerMove int
	Clock       Clock
}

// ErrNewGame is the error of a new game that breaks a creation rule.
var ErrNewGame = errors.New("not a game zugbot plays")

// Check returns nil when g may be created, and an error wrapping
// ErrNewGame that says which rule it breaks otherwise: AI levels from
// ai.MinLevel to ai.MaxLevel, at least one person, nobody against
// themselves, games against the AI casual, a time to move of ValidDays or
// a live clock within its limits, not both.
func (g NewGame) Check() error {
	for _, s := range g.Seats {
		switch {
		case s.AI < 0 || s.AI > ai.MaxLevel:
			return fmt.Errorf("%w: AI level %d (want %d to %d)", ErrNewGame, s.AI, ai.MinLevel, ai.MaxLevel)
		case s.AI > 0 && s.Player != "":
			return fmt.Errorf("%w: a seat is both the AI and player %s", ErrNewGame, s.Player)
		case s.AI > 0 && g.Rated:
			return fmt.Errorf("%w: games against the AI cannot be rated", ErrNewGame)
		}
	}
	switch {
	case g.Seats[0].AI > 0 && g.Seats[1].AI > 0:
		return fmt.Errorf("%w: a game needs at least one person", ErrNewGame)
	case g.Seats[0].Player != "" && g.Seats[0].Player == g.Seats[1].Player:
		return fmt.Errorf("%w: %s cannot play against themselves", ErrNewGame, g.Seats[0].Player)
	}
	return CheckTimeControl(g.DaysPerMove, g.Clock)
}

// CheckTimeControl returns nil when days to move and clock make a time
// control a game may have: at most one of them, each within its limits.
func CheckTimeControl(days int, clock Clock) error {
	switch {
	case !ValidDays(days):
		return fmt.Errorf("%w: %d days per move (want 0 or one of %v)", ErrNewGame, days, DaysPerMove())
	case clock.Live() && days > 0:
		return fmt.Errorf("%w: a live clock and days per move", ErrNewGame)
	}
	if err := clock.Check(); err != nil {
		return fmt.Errorf("%w: clock %v: %w", ErrNewGame, clock, err)
	}
	return nil
}

// HasRoom reports whether a player with active games going may start
// another under limit, the most games at once (negative for none).
func HasRoom(active, limit int) bool { return limit < 0 || active < limit }

// The reasons a game allows no takeback (see CheckTakeback).
var (
	ErrRatedTakeback = errors.New("rated games allow no takebacks")
	ErrLiveTakeback  = errors.New("live games allow no takebacks")
	ErrUndo          = errors.New("not that many moves to take back")
)

// CheckTakeback returns nil when undo plies may be taken back in a game at
// ply: a casual game without a live clock, and 1 <= undo <= ply. A live
// game has none, rated or not (the clocks would run through the asking);
// a rated one has none.
func CheckTakeback(rated bool, clock Clock, undo, ply int) error {
	switch {
	case clock.Live():
		return ErrLiveTakeback
	case rated:
		return ErrRatedTakeback
	case undo < 1 || undo > ply:
		return fmt.Errorf("%w: take back %d moves at ply %d", ErrUndo, undo, ply)
	}
	return nil
}
