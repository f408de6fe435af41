package table_test

import (
	"errors"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// reason checks that err is a refusal for reason r.
func reason(t *testing.T, err error, r table.Reason) {
	t.Helper()
	var ref *table.Refusal
	if !errors.As(err, &ref) || ref.Reason != r {
		t.Fatalf("error %v; want a refusal for reason %d", err, r)
	}
}

// TestChallengeAndRematch plays a whole challenge and rematch through the
// service alone: the rules of who may challenge and answer whom, the game
// an accepted challenge starts, a rematch offered, offered again, and
// crossed by the opponent's own request, which starts it.
func TestChallengeAndRematch(t *testing.T) {
	f := newFixture(t)
	nc := store.NewChallenge{Challenger: alice, Opponent: alice, Variant: "zola", Colour: store.FirstColour, Rated: true, DaysPerMove: 1, ChannelID: "c1"}
	_, err := f.tab.Challenge(f.ctx, nc, false)
	reason(t, err, table.SelfChallenge)
	nc.Opponent = bob
	_, err = f.tab.Challenge(f.ctx, nc, true)
	reason(t, err, table.BotChallenge)
	c, err := f.tab.Challenge(f.ctx, nc, false)
	if err != nil || c.Status != store.Pending {
		t.Fatalf("challenge: %+v, %v", c, err)
	}
	_, err = f.tab.AcceptChallenge(f.ctx, c.ID, alice)
	reason(t, err, table.NotYours)
	_, err = f.tab.AcceptChallenge(f.ctx, c.ID, carol)
	refused(t, err, "This challenge is for bob, not you.")
	_, err = f.tab.CancelChallenge(f.ctx, c.ID, bob.ID)
	refused(t, err, "Only alice can cancel this challenge.")
	_, err = f.tab.AcceptChallenge(f.ctx, 99, bob)
	reason(t, err, table.NoChallenge)

	a, err := f.tab.AcceptChallenge(f.ctx, c.ID, bob)
	if err != nil || a.Challenge.Status != store.Accepted || a.Game.Event != table.Started {
		t.Fatalf("accept: %+v, %v", a, err)
	}
	g := a.Game.State.Game
	if g.Seats[0].ID != alice.ID || g.Seats[1].ID != bob.ID || !g.Rated || g.ChannelID != "c1" {
		t.Errorf("the accepted challenge's game: %+v; want alice first against bob, rated, in c1", g)
	}
	_, err = f.tab.DeclineChallenge(f.ctx, c.ID, bob.ID)
	refused(t, err, "This challenge is no longer open: it was accepted.")

	if _, err := f.tab.Resign(f.ctx, g.ID, bob.ID, g.Ply); err != nil {
		t.Fatal(err)
	}
	rm, err := f.tab.Rematch(f.ctx, g.ID, alice, "c2", nil)
	if err != nil || rm.Game.Event != 0 || rm.Accepted {
		t.Fatalf("alice's rematch: %+v, %v; want a challenge", rm, err)
	}
	if c := rm.Challenge; c.Challenger.ID != alice.ID || c.Opponent.ID != bob.ID || c.Colour != store.SecondColour || !c.Rated || c.RematchOf != g.ID || c.DaysPerMove != 1 {
		t.Errorf("rematch challenge %+v; want alice, second, rated, against bob", c)
	}
	_, err = f.tab.Rematch(f.ctx, g.ID, alice, "c2", nil)
	reason(t, err, table.AlreadyOffered)
	// bob asks too: the offers cross, and the game starts, bob first.
	rm, err = f.tab.Rematch(f.ctx, g.ID, bob, "c2", nil)
	if err != nil || !rm.Accepted || rm.Game.Event != table.Started {
		t.Fatalf("bob's rematch: %+v, %v; want alice's accepted", rm, err)
	}
	if ng := rm.Game.State.Game; ng.Seats[0].ID != bob.ID || ng.Seats[1].ID != alice.ID || ng.RematchOf != g.ID {
		t.Errorf("the rematch: %+v; want bob first against alice", ng)
	}
	_, err = f.tab.Rematch(f.ctx, g.ID, bob, "c2", nil)
	reason(t, err, table.RematchExists)
}

// TestChallengeAnswers covers a decline, a withdrawal, a challenge to
// anyone, an expired challenge closed when answered, and the limit of
// games at once.
func TestChallengeAnswers(t *testing.T) {
	f := newFixture(t, func(c *table.Config) {})
	nc := store.NewChallenge{Challenger: alice, Opponent: bob, Variant: "zola", DaysPerMove: 1}
	c, err := f.tab.Challenge(f.ctx, nc, false)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := f.tab.DeclineChallenge(f.ctx, c.ID, bob.ID); err != nil || a.Challenge.Status != store.Declined {
		t.Fatalf("decline: %+v, %v", a, err)
	}
	c, _ = f.tab.Challenge(f.ctx, nc, false)
	if a, err := f.tab.CancelChallenge(f.ctx, c.ID, alice.ID); err != nil || a.Challenge.Status != store.Cancelled {
		t.Fatalf("cancel: %+v, %v", a, err)
	}
	// Open to anyone: carol may accept; it expires unanswered.
	open := nc
	open.Opponent = store.Player{}
	c, _ = f.tab.Challenge(f.ctx, open, false)
	f.clock.Add(store.DefaultChallengeTTL + time.Minute)
	a, err := f.tab.AcceptChallenge(f.ctx, c.ID, carol)
	reason(t, err, table.ChallengeExpired)
	if !a.Expired || a.Challenge.Status != store.Expired {
		t.Errorf("accepting an expired challenge: %+v; want it closed as expired", a)
	}
	if _, ok, err := f.tab.ExpireChallenge(f.ctx, c.ID); ok || err != nil {
		t.Errorf("expiring it again: %v, %v; want nothing to do", ok, err)
	}
}

// TestPlayAI starts games against the AI: the level's range, the side
// asked for, and the limit of games at once, the same for the terminal
// and the bot.
func TestPlayAI(t *testing.T) {
	f := newFixture(t)
	_, err := f.tab.PlayAI(f.ctx, table.AIGame{Variant: "zola", Player: alice, Level: 6})
	refused(t, err, "The level goes from 1 (beginner) to 5 (master); 6 is not one of them.")
	u, err := f.tab.PlayAI(f.ctx, table.AIGame{Variant: "zola", Player: alice, Level: 1, Colour: store.SecondColour})
	if err != nil || u.Event != table.Started || len(u.Moves) != 1 {
		t.Fatalf("PlayAI: %+v, %v; want the AI to open", u, err)
	}
	if side, _ := u.State.Game.SideOf(alice.ID); side != engine.Side(1) || u.State.Game.Seats[0].AI != 1 {
		t.Errorf("seats %+v; want alice second against level 1", u.State.Game.Seats)
	}
}
