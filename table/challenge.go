package table

import (
	"context"
	"errors"

	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/rules"
	"github.com/zugbot/zugbot/store"
)

// AIGame is a game a person asks to play against the AI.
type AIGame struct {
	Variant string
	Start   string // the start position; "" for the variant's own
	Player  store.Player
	Level   int          // ai.MinLevel to ai.MaxLevel
	Colour  store.Colour // the side the player asks for
	Clock   store.Clock  // a live clock, or none
	// GuildID and ChannelID are where the game is played ("" for the
	// terminal).
	GuildID, ChannelID string
	// RematchOf is the game this one is a rematch of, if any.
	RematchOf int64
	// Starting, when set, is called once the game is allowed, before it is
	// created and the AI opens, which may take a while: the adapter may
	// say that the answer is coming.
	Starting func()
}

// PlayAI starts a casual game of a person against the AI at the level
// they chose (refused outside ai.MinLevel to ai.MaxLevel), on the side
// they asked for (drawn at random when they did not), if they have room
// for another game; the AI opens when it moves first. The terminal game
// and the bot both start their games here.
func (t *Table) PlayAI(ctx context.Context, g AIGame) (Update, error) {
	if g.Level < ai.MinLevel || g.Level > ai.MaxLevel {
		return Update{}, refusal(Refusal{Reason: BadLevel, Limit: ai.MaxLevel}, "The level goes from %d (%s) to %d (%s); %d is not one of them.",
			ai.MinLevel, ai.LevelName(ai.MinLevel), ai.MaxLevel, ai.LevelName(ai.MaxLevel), g.Level)
	}
	if err := t.checkRoom(ctx, g.Player.ID); err != nil {
		return Update{}, err
	}
	if g.Starting != nil {
		g.Starting()
	}
	side := t.drawSide(g.Colour)
	var seats [2]store.Seat
	seats[side] = store.Seat{Player: g.Player}
	seats[side.Other()] = store.Seat{AI: g.Level}
	return t.Start(ctx, store.NewGame{Variant: g.Variant, Start: g.Start, Seats: seats, GuildID: g.GuildID, ChannelID: g.ChannelID, Clock: g.Clock, RematchOf: g.RematchOf})
}

// checkRoom refuses a new game to a player who already has the most games
// going at once (none when the store sets no limit).
func (t *Table) checkRoom(ctx context.Context, player string) error {
	limit := t.store.MaxActiveGames()
	if limit < 0 {
		return nil // no limit
	}
	n, err := t.store.ActiveCount(ctx, player)
	if err != nil {
		return err
	}
	if !rules.HasRoom(n, limit) {
		return t.Explain(0, store.ErrTooManyGames)
	}
	return nil
}

// Challenge records nc, a challenge to a person or to anyone, after the
// rules: nobody challenges themselves or a bot (opponentBot: the adapter
// knows its users), and the challenger has room for another game. A
// rematch challenge is refused when the game already has one.
func (t *Table) Challenge(ctx context.Context, nc store.NewChallenge, opponentBot bool) (store.Challenge, error) {
	switch {
	case nc.Opponent.ID != "" && nc.Opponent.ID == nc.Challenger.ID:
		return store.Challenge{}, refuse(SelfChallenge, "You cannot challenge yourself.")
	case opponentBot:
		return store.Challenge{}, refusal(Refusal{Reason: BotChallenge, Who: nc.Opponent.Name}, "%s is a bot and cannot play.", nc.Opponent.Name)
	}
	if err := t.checkRoom(ctx, nc.Challenger.ID); err != nil {
		return store.Challenge{}, err
	}
	c, err := t.store.CreateChallenge(ctx, nc)
	switch {
	case errors.Is(err, store.ErrRematchExists):
		return c, refusal(Refusal{Reason: RematchExists, Game: nc.RematchOf}, "There is already a rematch of that game.")
	case errors.Is(err, store.ErrInvalid):
		return c, refuse(Invalid, "That challenge cannot be made: %v.", err)
	case err != nil:
		return c, t.Explain(0, err)
	}
	return c, nil
}

// ChallengeAnswer is what answering a challenge did.
type ChallengeAnswer struct {
	// Challenge is the challenge as it is now.
	Challenge store.Challenge
	// Game is the game an accepted challenge started (Event Started).
	Game Update
	// Expired is true when the challenge had run out of time: it was
	// closed now, and the answer refused.
	Expired bool
}

// AcceptChallenge accepts challenge id on behalf of by, and starts its
// game. The challenger cannot accept their own challenge, nor anyone a
// challenge made to somebody else; whoever has no room for another game
// is refused, and the challenge stays open. A challenge past its time is
// closed now (Expired) and refused.
func (t *Table) AcceptChallenge(ctx context.Context, id int64, by store.Player) (ChallengeAnswer, error) {
	c, err := t.challenge(ctx, id)
	if err != nil {
		return ChallengeAnswer{}, err
	}
	if by.ID == c.Challenger.ID {
		return ChallengeAnswer{Challenge: c}, refuse(NotYours, "You cannot accept your own challenge; Cancel withdraws it.")
	}
	c, g, err := t.store.AcceptChallenge(ctx, id, by)
	if err != nil {
		return t.challengeRefused(ctx, id, by.ID, false, err)
	}
	st, err := t.Load(ctx, g.ID)
	if err != nil {
		return ChallengeAnswer{Challenge: c}, err
	}
	u, _ := t.done(ctx, Update{Event: Started, State: st})
	return ChallengeAnswer{Challenge: c, Game: u}, nil
}

// DeclineChallenge declines challenge id, made to by.
func (t *Table) DeclineChallenge(ctx context.Context, id int64, by string) (ChallengeAnswer, error) {
	if _, err := t.challenge(ctx, id); err != nil {
		return ChallengeAnswer{}, err
	}
	c, err := t.store.DeclineChallenge(ctx, id, by)
	if err != nil {
		return t.challengeRefused(ctx, id, by, false, err)
	}
	return ChallengeAnswer{Challenge: c}, nil
}

// CancelChallenge withdraws challenge id; only its challenger, by, may.
func (t *Table) CancelChallenge(ctx context.Context, id int64, by string) (ChallengeAnswer, error) {
	if _, err := t.challenge(ctx, id); err != nil {
		return ChallengeAnswer{}, err
	}
	c, err := t.store.CancelChallenge(ctx, id, by)
	if err != nil {
		return t.challengeRefused(ctx, id, by, true, err)
	}
	return ChallengeAnswer{Challenge: c}, nil
}

// ExpireChallenge closes challenge id, which ran out of time. It reports
// false when the challenge was answered first, or is gone.
func (t *Table) ExpireChallenge(ctx context.Context, id int64) (store.Challenge, bool, error) {
	c, err := t.store.ExpireChallenge(ctx, id)
	if errors.Is(err, store.ErrChallengeClosed) || errors.Is(err, store.ErrNotFound) {
		return c, false, nil
	}
	if err != nil {
		return c, false, err
	}
	return c, true, nil
}

// challenge loads challenge id, or refuses when there is none.
func (t *Table) challenge(ctx context.Context, id int64) (store.Challenge, error) {
	c, err := t.store.Challenge(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return c, refuse(NoChallenge, "That challenge no longer exists.")
	}
	return c, err
}

// challengeRefused turns the store's refusal err of user's answer to
// challenge id (cancel: a withdrawal) into one for them, closing the
// challenge at once when it had run out of time.
func (t *Table) challengeRefused(ctx context.Context, id int64, user string, cancel bool, err error) (ChallengeAnswer, error) {
	c, lerr := t.store.Challenge(ctx, id)
	if lerr != nil {
		return ChallengeAnswer{}, errors.Join(err, lerr)
	}
	a := ChallengeAnswer{Challenge: c}
	switch {
	case errors.Is(err, store.ErrChallengeClosed) && c.Status == store.Pending:
		// Past its time; the timer has not closed it yet.
		if closed, ok, err := t.ExpireChallenge(ctx, id); err != nil {
			return a, err
		} else if ok {
			a.Challenge, a.Expired = closed, true
		}
		return a, refuse(ChallengeExpired, "This challenge expired: challenges stay open for %s.", Lifetime(&c))
	case errors.Is(err, store.ErrChallengeClosed):
		return a, refuse(ChallengeClosed, "This challenge is no longer open: it was %s.", c.Status)
	case errors.Is(err, store.ErrRematchExists):
		return a, refusal(Refusal{Reason: RematchExists, Game: c.RematchOf}, "Game #%d already has its rematch.", c.RematchOf)
	case errors.Is(err, store.ErrTooManyGames):
		if err := t.checkRoom(ctx, user); err != nil {
			return a, err // the one accepting is at the limit
		}
		return a, refusal(Refusal{Reason: TooManyGames, Who: c.Challenger.Name, Limit: t.store.MaxActiveGames()}, "%s already has the most games going at once (%d), so this game cannot start yet; the challenge stays open.", c.Challenger.Name, t.store.MaxActiveGames())
	case errors.Is(err, store.ErrNotYours) && cancel:
		return a, refusal(Refusal{Reason: NotYours, Who: c.Challenger.Name}, "Only %s can cancel this challenge.", c.Challenger.Name)
	case errors.Is(err, store.ErrNotYours) && c.Opponent.ID != "" && c.Opponent.ID != user:
		return a, refusal(Refusal{Reason: NotYours, Who: c.Opponent.Name}, "This challenge is for %s, not you.", c.Opponent.Name)
	case errors.Is(err, store.ErrNotYours):
		return a, refuse(NotYours, "You cannot answer your own challenge; Cancel withdraws it.")
	}
	return a, t.Explain(0, err)
}

// Lifetime says how long challenge c stays open: "24 hours".
func Lifetime(c *store.Challenge) string { return DurationText(c.Expires.Sub(c.Created)) }

// RematchResult says what asking for a rematch did: against the AI, or
// when the opponent had offered one, a game started (Game); otherwise a
// challenge to the opponent was made (Challenge, with Game's Event 0).
type RematchResult struct {
	// Of is the finished game.
	Of store.Game
	// Game is the rematch that started, if one did.
	Game Update
	// Challenge is the rematch challenge made, or the opponent's that was
	// accepted (Accepted).
	Challenge store.Challenge
	Accepted  bool
}

// Rematch answers user's request for a rematch of finished game id: the
// same players, variant, start and time control, colours swapped. Against
// the AI it starts at once (in channelID; starting, when set, is called
// first, as AIGame.Starting). Against a person it is a
// challenge, rated when the game was (or would have been, but for the
// daily limit of rated games): when the opponent has already offered one,
// the offers cross and the game starts; a second offer of one's own is
// refused.
func (t *Table) Rematch(ctx context.Context, id int64, user store.Player, channelID string, starting func()) (RematchResult, error) {
	st, side, err := t.seat(ctx, id, user.ID)
	if err != nil {
		return RematchResult{}, err
	}
	g := st.Game
	if !g.Over() {
		return RematchResult{}, refusal(Refusal{Reason: GameGoing, Game: id}, "Game #%d is still going.", id)
	}
	res := RematchResult{Of: g}
	colour := store.SecondColour // the side that moved first moves second
	if side == 1 {
		colour = store.FirstColour
	}
	opp := g.Seats[side.Other()]
	if opp.IsAI() {
		res.Game, err = t.PlayAI(ctx, AIGame{Variant: g.Variant, Start: g.Start, Player: user, Level: opp.AI, Colour: colour,
			Clock: g.Clock, GuildID: g.GuildID, ChannelID: channelID, RematchOf: g.ID, Starting: starting})
		return res, err
	}
	open, err := t.store.OpenChallenges(ctx, user.ID)
	if err != nil {
		return res, err
	}
	now := t.now()
	for _, c := range open {
		if c.RematchOf != g.ID || !now.Before(c.Expires) {
			continue
		}
		if c.Challenger.ID == user.ID {
			return res, refusal(Refusal{Reason: AlreadyOffered, Game: g.ID, Who: c.Opponent.Name}, "You have already offered a rematch of game #%d; it is up to %s now.", g.ID, c.Opponent.Name)
		}
		a, err := t.AcceptChallenge(ctx, c.ID, user)
		if err != nil {
			if r := (*Refusal)(nil); errors.As(err, &r) && (r.Reason == ChallengeClosed || r.Reason == ChallengeExpired) {
				return res, refusal(Refusal{Reason: ChallengeClosed, Game: g.ID}, "The rematch offer was withdrawn or has expired; ask for a rematch again to offer one yourself.")
			}
			return res, err
		}
		res.Challenge, res.Game, res.Accepted = a.Challenge, a.Game, true
		return res, nil
	}
	res.Challenge, err = t.Challenge(ctx, store.NewChallenge{
		Challenger: user, Opponent: opp.Player, Variant: g.Variant, Start: g.Start, Colour: colour,
		Rated: g.Rated || g.Capped, DaysPerMove: g.DaysPerMove, Clock: g.Clock, GuildID: g.GuildID, ChannelID: channelID, RematchOf: g.ID,
	}, false)
	return res, err
}
