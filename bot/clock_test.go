package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/store"
)

// TestLiveGame plays a live game against the AI on a 1+2 clock in the
// fake Discord: the board shows both clocks, a move adds the increment, a
// restart does not charge its downtime, and the player's flag falls when
// the time runs out.
func TestLiveGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	ix, resp := h.command(h.alice, "play", discordtest.Opt("game", "zola"), discordtest.Opt("level", 1), discordtest.Opt("color", "first"), discordtest.Opt("clock", "1+2"))
	if resp.Type == 4 {
		t.Fatalf("/play with a clock refused: %q", resp.Data.Content)
	}
	m := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 })
	if d := m.Embeds[0].Description; !strings.Contains(d, "⏱ 1:00") || !strings.Contains(d, "Time control: live, 1+2") {
		t.Errorf("a live board says %q; want both clocks and the time control", d)
	}
	st := h.onlyGame(h.alice)
	if st.Game.Clock != (store.Clock{Base: time.Minute, Increment: 2 * time.Second}) {
		t.Fatalf("the game's clock is %v", st.Game.Clock)
	}
	h.clock.Advance(5 * time.Second)
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	mix, _ := h.command(h.alice, "move", discordtest.Opt("move", move))
	mix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "you played") })
	h.eventually("the AI's reply", func() bool { return h.game(st.Game.ID).Game.Ply == 2 })
	st = h.game(st.Game.ID)
	if want := 57 * time.Second; st.Game.Left[0] != want {
		t.Errorf("alice's clock after a move in 5 s: %v, want %v (the increment added)", st.Game.Left[0], want)
	}
	// A restart an hour later charges nobody the hour.
	left := st.Game.TimeLeft(0, h.clock.Now())
	h.stop()
	h.clock.Advance(time.Hour)
	h.start()
	h.eventually("the clocks resumed", func() bool {
		st = h.game(st.Game.ID)
		got := st.Game.TimeLeft(0, h.clock.Now())
		return got >= left-time.Second && got <= left
	})
	// Her flag falls: the timer ends the game, zugbot wins on time.
	h.clock.Advance(time.Minute)
	h.bot.RunDue(ctx)
	h.eventually("the time-out", func() bool { g := h.game(st.Game.ID).Game; return g.Over() })
	if g := h.game(st.Game.ID).Game; g.Winner != 1 || g.Reason != store.ReasonTimeout || g.Left[0] != 0 {
		t.Errorf("after the flag: winner %d, %q, clocks %v", g.Winner, g.Reason, g.Left)
	}
}

// TestLiveRatingsShown: a live game's rating shows apart in /profile, and
// /leaderboard speed:live lists the live ratings.
func TestLiveRatingsShown(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	g, err := h.st.CreateGame(seeding(ctx), store.NewGame{Variant: "zola", Rated: true, Clock: store.Clock{Base: time.Minute}, GuildID: h.guild, ChannelID: h.channel,
		Seats: [2]store.Seat{{Player: store.Player{ID: h.alice.ID, Name: "alice"}}, {Player: store.Player{ID: h.bob.ID, Name: "bob"}}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.st.Finish(seeding(ctx), g.ID, 0, store.End{Result: store.Win, Winner: 0, Reason: store.ReasonResignation, By: h.bob.ID}); err != nil {
		t.Fatal(err)
	}
	ix, _ := h.command(h.alice, "profile")
	m := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 })
	if d := m.Embeds[0].Description; !strings.Contains(d, "(live)**: 1520?") {
		t.Errorf("profile %q; want the live rating apart", d)
	}
	ix, _ = h.command(h.alice, "leaderboard", discordtest.Opt("game", "zola"), discordtest.Opt("speed", "live"))
	m = ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 })
	if !strings.Contains(m.Embeds[0].Title, "(live) leaderboard") {
		t.Errorf("live leaderboard titled %q", m.Embeds[0].Title)
	}
}
