package table_test

import (
	"testing"
	"time"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// TestStartBetween: a game two people start together has a challenge's
// time limit and is casual; it needs two people, each with room for
// another game.
func TestStartBetween(t *testing.T) {
	f := newFixture(t)
	b := table.Between{Variant: "zola", By: alice, Opponent: bob, Colour: store.SecondColour, GuildID: "g", ChannelID: "c"}
	u, err := f.tab.StartBetween(f.ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	g := u.State.Game
	if g.Seats[1].ID != alice.ID || g.Seats[0].ID != bob.ID || g.Rated || g.DaysPerMove != table.DefaultDays ||
		!g.Deadline.Equal(f.clock.Now().Add(table.DefaultDays*24*time.Hour)) {
		t.Errorf("the game: seats %v, rated %v, %d days, deadline %v; want alice second, casual, %d days", g.Seats, g.Rated, g.DaysPerMove, g.Deadline, table.DefaultDays)
	}
	b.Opponent = alice
	_, err = f.tab.StartBetween(f.ctx, b)
	reason(t, err, table.SelfChallenge)

	// The opponent with no room: refused, and nothing started.
	for range f.st.MaxActiveGames() - 1 {
		f.start("zola", "", false, person(carol), store.Seat{AI: 1})
	}
	b.Opponent = carol
	if _, err := f.tab.StartBetween(f.ctx, b); err != nil {
		t.Fatalf("carol's last place: %v", err)
	}
	_, err = f.tab.StartBetween(f.ctx, b)
	reason(t, err, table.TooManyGames)
}
