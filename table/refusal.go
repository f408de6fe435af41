package table

import (
	"errors"
	"fmt"

	"github.com/zugbot/zugbot/store"
)

// Refusal is an action refused for a reason the player can act on; nothing
// was changed. Its Reason and fields say what was refused, so that an
// adapter can word it its own way; its text (Error) is plain, with no
// markup, meant to be shown as it is.
type Refusal struct {
	Reason     Reason
	Game       int64  // the game it concerns; 0 for none
	Tournament int64  // the tournament it concerns; 0 for none
	Who        string // the person it names (the one to move or to answer); "" for none
	Limit      int    // the limit it met (games at once, hints, players, characters); 0 for none
	msg        string
	err        error // what it explains, if anything: a *engine.MoveError
}

// Reason says why an action was refused.
type Reason uint8

// The reasons.
const (
	Unspecified       Reason = iota // a refusal of an adapter's own (see Refusef)
	BadLevel                        // an AI level out of range
	SelfChallenge                   // a challenge to oneself
	BotChallenge                    // a challenge to a bot
	RematchExists                   // the game already has its rematch
	Invalid                         // terms the store or the rules refuse
	NoChallenge                     // no such challenge
	ChallengeClosed                 // the challenge is no longer open (answered or withdrawn)
	ChallengeExpired                // the challenge expired
	TooManyGames                    // a player has the most games going at once (Limit)
	NotYours                        // not the player's to answer or to do
	GameGoing                       // the game is not over yet
	AlreadyOffered                  // the player's own offer is still open (Who is to answer it)
	NotHere                         // a tournament held on another server
	Hidden                          // a game or tournament the asker may not see (CanView)
	NoSuchGame                      // a public id that names no game or tournament
	NoGame                          // no such game
	GameOver                        // the game is over
	Stale                           // the board changed since the player looked at it
	FlagFell                        // the player's time ran out
	NotYourTurn                     // another side is to move (Who)
	MoveTooLong                     // a move's text is longer than any move (Limit)
	IllegalMove                     // the text is no legal move (Unwrap gives the *engine.MoveError)
	NoAgreement                     // the game has no agreed endings
	DrawDeclined                    // the AI declined a draw
	LiveTakeback                    // a takeback in a live game
	RatedTakeback                   // a takeback in a rated game between people
	NothingToTakeBack               // the player has not moved yet
	OfferClosed                     // the offer is no longer open
	NoHints                         // hints are not given in this game
	HintsUsed                       // the player has had every hint (Limit)
	NotAnalysed                     // the game has nothing to analyse
	BadClock                        // a time control out of its limits
	BadStartDelay                   // a tournament's start delay out of range (Limit: the most minutes)
	NoTournament                    // no such tournament
	TournamentStarted               // the tournament has started or ended
	TooFewPlayers                   // the tournament has too few players to start (Limit: how many it needs)
	TournamentFull                  // the tournament has the most players it takes (Limit)
	AlreadyJoined                   // the player is in the tournament already
	NotJoined                       // the player is not in the tournament
	TournamentClosed                // the tournament does not allow that in its state
	NoLesson                        // no such lesson, or step of one
	NoPuzzle                        // no such puzzle, or move of one
	PuzzlesDone                     // the player has tried every puzzle of the game
)

// refusal returns a *Refusal r, with its fields, and a formatted text.
func refusal(r Refusal, format string, args ...any) error {
	r.msg = fmt.Sprintf(format, args...)
	return &r
}

// refuse returns a *Refusal for reason, with no other field, and a
// formatted text.
func refuse(reason Reason, format string, args ...any) error {
	return refusal(Refusal{Reason: reason}, format, args...)
}

func (e *Refusal) Error() string { return e.msg }

// Unwrap returns the error the refusal explains, if any.
func (e *Refusal) Unwrap() error { return e.err }

// Refusef returns a *Refusal of an adapter's own, with no Reason, with a
// formatted text.
func Refusef(format string, args ...any) error {
	return &Refusal{msg: fmt.Sprintf(format, args...)}
}

// Explain turns the store's refusals (a stale ply, a finished game, too
// many games, no such game) into refusals for the player about game id (0
// for a game not yet created); other errors pass through.
func (t *Table) Explain(id int64, err error) error {
	switch {
	case errors.Is(err, store.ErrStalePly):
		return refusal(Refusal{Reason: Stale, Game: id}, "The board of game #%d has changed since you looked at it; nothing was played. Have a look at the new board.", id)
	case errors.Is(err, store.ErrGameOver):
		return refusal(Refusal{Reason: GameOver, Game: id}, "Game #%d is over.", id)
	case errors.Is(err, store.ErrTooManyGames):
		return refusal(Refusal{Reason: TooManyGames, Game: id, Limit: t.store.MaxActiveGames()}, "You already have the most games going at once (%d); finish or resign one first.", t.store.MaxActiveGames())
	case errors.Is(err, store.ErrNotFound):
		return refusal(Refusal{Reason: NoGame, Game: id}, "There is no game #%d.", id)
	case errors.Is(err, store.ErrFlagFell):
		return &Refusal{Reason: FlagFell, Game: id, msg: fmt.Sprintf("Your time ran out in game #%d: the game is lost on time.", id), err: err}
	}
	return err
}
