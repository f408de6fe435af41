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

func TestTimeLimit(t *testing.T) {
	def := store.Clock{Base: 5 * time.Minute}
	for _, c := range []struct {
		days    int
		hasDays bool
		clock   string
		want    int
		wantClk store.Clock
		refused string
	}{
		{want: 3, wantClk: def},
		{days: 7, hasDays: true, want: 7},
		{days: 2, hasDays: true, refused: "Choose 1, 3 or 7 days per move."},
		{days: 1, hasDays: true, clock: "5+3", refused: "not both"},
		{clock: "5+3", wantClk: store.Clock{Base: 5 * time.Minute, Increment: 3 * time.Second}},
		{clock: "five", refused: "is not a time control"},
	} {
		days, clk, err := table.TimeLimit(c.days, c.hasDays, c.clock, 3, def)
		if c.refused != "" {
			refused(t, err, c.refused)
			continue
		}
		if err != nil || days != c.want || clk != c.wantClk {
			t.Errorf("TimeLimit(%d, %v, %q) = %d, %v, %v; want %d, %v", c.days, c.hasDays, c.clock, days, clk, err, c.want, c.wantClk)
		}
	}
}
