package table

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/zugbot/zugbot/rules"
	"github.com/zugbot/zugbot/store"
)

// Between is a game two people start at once, together: the Activity's,
// where the one who starts it picks the other among those present. (A
// challenge starts its game when accepted, with its own terms, through
// AcceptChallenge; a game against the AI through PlayAI.)
type Between struct {
	Variant string
	// By starts the game, against Opponent, on the side Colour asks for
	// (drawn at random for store.RandomColour).
	By, Opponent store.Player
	Colour       store.Colour
	// GuildID and ChannelID are where it is played.
	GuildID, ChannelID string
}

// StartBetween starts game b, after the rules every game between people
// follows: two different people, each with room for another game, and a
// time limit, a challenge's default (DefaultDays per move), so that a game
// left alone ends and frees its players' places. It is casual: the
// opponent did not agree to terms, as they do when they accept a
// challenge.
func (t *Table) StartBetween(ctx context.Context, b Between) (Update, error) {
	if b.Opponent.ID == "" || b.Opponent.ID == b.By.ID {
		return Update{}, refuse(SelfChallenge, "Choose someone else to play, or zugbot.")
	}
	for _, p := range []store.Player{b.By, b.Opponent} {
		if err := t.checkRoom(ctx, p.ID); err != nil {
			return Update{}, err
		}
	}
	var seats [2]store.Seat
	side := t.drawSide(b.Colour)
	seats[side] = store.Seat{Player: b.By}
	seats[side.Other()] = store.Seat{Player: b.Opponent}
	return t.Start(ctx, store.NewGame{Variant: b.Variant, Seats: seats, DaysPerMove: DefaultDays,
		GuildID: b.GuildID, ChannelID: b.ChannelID})
}

// DefaultRated says whether a challenge or a tournament that does not say
// is rated.
const DefaultRated = true

// TimeLimit returns the time limit a person asks for, by the rule every
// door follows: days per move (one of DaysPerMove; hasDays says they were
// given) or a live clock written as ParseClock reads it, not both; with
// neither, defDays or defClock.
func TimeLimit(days int, hasDays bool, clock string, defDays int, defClock store.Clock) (int, store.Clock, error) {
	switch {
	case hasDays && clock != "":
		return 0, store.Clock{}, refuse(Invalid, "Choose days per move or a live clock, not both.")
	case hasDays:
		choices := rules.DaysPerMove()
		if !slices.Contains(choices, days) {
			words := make([]string, len(choices))
			for i, d := range choices {
				words[i] = strconv.Itoa(d)
			}
			last := len(words) - 1
			return 0, store.Clock{}, refuse(Invalid, "Choose %s or %s days per move.", strings.Join(words[:last], ", "), words[last])
		}
		return days, store.Clock{}, nil
	case clock != "":
		c, err := ParseClock(clock)
		return 0, c, err
	}
	return defDays, defClock, nil
}
