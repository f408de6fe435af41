package table

import (
	"context"

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
		if err := t.CheckRoom(ctx, p.ID); err != nil {
			return Update{}, err
		}
	}
	var seats [2]store.Seat
	side := t.DrawSide(b.Colour)
	seats[side] = store.Seat{Player: b.By}
	seats[side.Other()] = store.Seat{Player: b.Opponent}
	return t.Start(ctx, store.NewGame{Variant: b.Variant, Seats: seats, DaysPerMove: DefaultDays,
		GuildID: b.GuildID, ChannelID: b.ChannelID})
}
