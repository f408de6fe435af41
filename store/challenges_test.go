package store

import (
	"context"
	"reflect"
	"testing"
	"time"
)

func TestChallengeAccepted(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	tests := []struct {
		colour    Colour
		wantFirst string
	}{
		{FirstColour, alice.ID},
		{SecondColour, bob.ID},
	}
	for _, tt := range tests {
		t.Run(tt.colour.String(), func(t *testing.T) {
			ch, err := s.CreateChallenge(ctx, NewChallenge{
				Challenger: alice, Opponent: bob, Variant: "zola8", Colour: tt.colour,
				Rated: true, DaysPerMove: 3, GuildID: "g1", ChannelID: "c1",
			})
			if err != nil {
				t.Fatal(err)
			}
			want := Challenge{
				ID: ch.ID, Challenger: alice, Opponent: bob, Variant: "zola8", Colour: tt.colour,
				Rated: true, DaysPerMove: 3, GuildID: "g1", ChannelID: "c1", Status: Pending,
				Created: c.Now(), Expires: c.Now().Add(24 * time.Hour), Updated: c.Now(),
			}
			if !reflect.DeepEqual(ch, want) {
				t.Errorf("created:\n got %+v\nwant %+v", ch, want)
			}
			_, _, err = s.AcceptChallenge(ctx, ch.ID, carol)
			wantErr(t, "accepted by a third person", err, ErrNotYours)
			_, _, err = s.AcceptChallenge(ctx, ch.ID, alice)
			wantErr(t, "accepted by the challenger", err, ErrInvalid)

			c.Add(time.Hour)
			ch, g, err := s.AcceptChallenge(ctx, ch.ID, Player{ID: bob.ID, Name: "Bobby"})
			if err != nil {
				t.Fatal(err)
			}
			if ch.Status != Accepted || ch.GameID != g.ID || !ch.Updated.Equal(c.Now()) {
				t.Errorf("accepted challenge: %+v", ch)
			}
			if g.Seats[0].ID != tt.wantFirst || g.Variant != "zola8" || !g.Rated || g.DaysPerMove != 3 ||
				g.GuildID != "g1" || g.ChannelID != "c1" || !g.Deadline.Equal(c.Now().Add(72*time.Hour)) {
				t.Errorf("game from the challenge: %+v", g)
			}
			if p, _ := s.Player(ctx, bob.ID); p.Name != "Bobby" {
				t.Errorf("accepter's name %q, want Bobby", p.Name)
			}
			_, _, err = s.AcceptChallenge(ctx, ch.ID, bob)
			wantErr(t, "accepted twice", err, ErrChallengeClosed)
		})
	}
}

func TestOpenChallenge(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	ch, err := s.CreateChallenge(ctx, NewChallenge{Challenger: alice, Variant: "zola"})
	if err != nil {
		t.Fatal(err)
	}
	if ch.Opponent != (Player{}) || ch.Colour != RandomColour || ch.Rated {
		t.Errorf("open challenge: %+v", ch)
	}
	_, err = s.DeclineChallenge(ctx, ch.ID, bob.ID)
	wantErr(t, "declining an open challenge", err, ErrNotYours)
	ch, g, err := s.AcceptChallenge(ctx, ch.ID, carol)
	if err != nil {
		t.Fatal(err)
	}
	if ch.Opponent != carol {
		t.Errorf("accepted open challenge names %+v as opponent, want carol", ch.Opponent)
	}
	if side, ok := g.SideOf(carol.ID); !ok || g.Seats[side.Other()].Player != alice {
		t.Errorf("seats %+v, want alice and carol", g.Seats)
	}
}

func TestRandomColour(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{MaxActiveGames: -1})
	var first [2]int
	for range 64 {
		ch, err := s.CreateChallenge(ctx, NewChallenge{Challenger: alice, Opponent: bob, Variant: "zola"})
		if err != nil {
			t.Fatal(err)
		}
		_, g, err := s.AcceptChallenge(ctx, ch.ID, bob)
		if err != nil {
			t.Fatal(err)
		}
		side, _ := g.SideOf(alice.ID)
		first[side]++
	}
	if first[0] == 0 || first[1] == 0 { // fails with probability 2⁻⁶³
		t.Errorf("alice played first %d times and second %d times in 64 random draws", first[0], first[1])
	}
}

func TestChallengeDeclinedCancelledExpired(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	mk := func() Challenge {
		t.Helper()
		ch, err := s.CreateChallenge(ctx, NewChallenge{Challenger: alice, Opponent: bob, Variant: "zola", TTL: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		return ch
	}
	d := mk()
	_, err := s.DeclineChallenge(ctx, d.ID, alice.ID)
	wantErr(t, "declined by the challenger", err, ErrNotYours)
	if d, err = s.DeclineChallenge(ctx, d.ID, bob.ID); err != nil || d.Status != Declined {
		t.Errorf("DeclineChallenge: %+v, %v", d, err)
	}
	_, err = s.CancelChallenge(ctx, d.ID, alice.ID)
	wantErr(t, "cancelling a declined challenge", err, ErrChallengeClosed)

	x := mk()
	_, err = s.CancelChallenge(ctx, x.ID, bob.ID)
	wantErr(t, "cancelled by the opponent", err, ErrNotYours)
	if x, err = s.CancelChallenge(ctx, x.ID, alice.ID); err != nil || x.Status != Cancelled {
		t.Errorf("CancelChallenge: %+v, %v", x, err)
	}

	e := mk()
	if open, _ := s.OpenChallenges(ctx, bob.ID); len(open) != 1 || open[0].ID != e.ID {
		t.Errorf("open challenges of bob: %+v, want only %d", open, e.ID)
	}
	_, err = s.ExpireChallenge(ctx, e.ID)
	wantErr(t, "expiring early", err, ErrInvalid)
	if due, _ := s.Due(ctx, 0); len(due) != 0 {
		t.Errorf("due before the hour: %+v", due)
	}
	c.Add(time.Hour)
	_, _, err = s.AcceptChallenge(ctx, e.ID, bob)
	wantErr(t, "accepting when expired", err, ErrChallengeClosed)
	due, _ := s.Due(ctx, 0)
	if len(due) != 1 || due[0].Kind != Expiry || due[0].ChallengeID != e.ID || !due[0].Due.Equal(c.Now()) {
		t.Fatalf("due after the hour: %+v, want the expiry of %d", due, e.ID)
	}
	if e, err = s.ExpireChallenge(ctx, e.ID); err != nil || e.Status != Expired {
		t.Errorf("ExpireChallenge: %+v, %v", e, err)
	}
	if due, _ := s.Due(ctx, 0); len(due) != 0 {
		t.Errorf("due after expiry: %+v", due)
	}
	_, err = s.ExpireChallenge(ctx, e.ID)
	wantErr(t, "expiring twice", err, ErrChallengeClosed)
	if open, _ := s.OpenChallenges(ctx, alice.ID); len(open) != 0 {
		t.Errorf("open challenges left: %+v", open)
	}
	_, err = s.Challenge(ctx, 999)
	wantErr(t, "Challenge(999)", err, ErrNotFound)
}

func TestChallengeRefusals(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	tests := []struct {
		name string
		nc   NewChallenge
		want error
	}{
		{"unknown variant", NewChallenge{Challenger: alice, Variant: "go"}, ErrUnknownVariant},
		{"oneself", NewChallenge{Challenger: alice, Opponent: alice, Variant: "zola"}, ErrInvalid},
		{"no challenger", NewChallenge{Variant: "zola"}, ErrInvalid},
		{"bad colour", NewChallenge{Challenger: alice, Variant: "zola", Colour: 7}, ErrInvalid},
		{"long clock", NewChallenge{Challenger: alice, Variant: "zola", DaysPerMove: 99}, ErrInvalid},
		{"rematch of nothing", NewChallenge{Challenger: alice, Variant: "zola", RematchOf: 5}, ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.CreateChallenge(ctx, tt.nc)
			wantErr(t, "CreateChallenge", err, tt.want)
		})
	}
}
