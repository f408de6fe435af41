package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
)

// TestGatewayGap cuts the bot's gateway connection in the middle of a game
// (op 7 Reconnect, a connection dropped without a close frame, op 9
// Invalid Session that may be resumed), and a player moves while the bot is
// between two connections. Discord keeps the move for the session and
// replays it when the bot resumes at READY's resume_gateway_url, the only
// place where the fake, as Discord may, accepts a Resume. The move is
// answered once and played once, and the game goes on.
//
// Stock discordgo v0.29.0 resumed at the first gateway URL: refused, it
// identified anew and the move never reached the bot (the test as it was
// in commit 1213db2); third_party/discordgo carries upstream's fix.
func TestGatewayGap(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		cut  func(*discordtest.Server)
	}{
		{"op 7 reconnect", (*discordtest.Server).Reconnect},
		{"dropped", (*discordtest.Server).DropGateway},
		{"op 9 resumable", func(s *discordtest.Server) { s.InvalidateSessions(true) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			st := h.duel("zola", false)
			before := h.srv.GatewayStats()
			release := h.srv.HoldGateway()
			tt.cut(h.srv)
			h.srv.WaitGateway(t, wait, func(s discordtest.GatewayStats) bool { return s.Connections > before.Connections })
			move := st.Position.FormatMove(st.Position.Moves(nil)[0])
			ix := h.srv.SlashCommand(t, h.alice, h.channel, "move", discordtest.Opt("move", move), discordtest.Opt("game", st.Game.ID))
			release()
			resp := ix.WaitResponse(t, wait)
			got := resp.Data.Content
			if resp.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
				got = ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return m.Content != "" }).Content
			}
			if !strings.Contains(got, "you played") {
				t.Errorf("/move %s sent in the gap: %q", move, got)
			}
			after := h.srv.WaitGateway(t, wait, func(s discordtest.GatewayStats) bool { return s.Resumes > before.Resumes })
			if after.Resumes != before.Resumes+1 || after.Identifies != before.Identifies || after.ResumesRefused != before.ResumesRefused {
				t.Errorf("gateway %+v after %+v; want one resume at resume_gateway_url and no identify", after, before)
			}
			h.eventually("the bot connected", h.bot.Connected)
			next := h.game(st.Game.ID)
			if n := len(next.Moves); n != 1 {
				t.Fatalf("%d moves in the game; want 1", n)
			}
			reply := next.Position.FormatMove(next.Position.Moves(nil)[0])
			if got := h.move(h.bob, st.Game.ID, reply); !strings.Contains(got, "you played") {
				t.Errorf("/move %s after the gap: %q", reply, got)
			}
			if n := len(h.game(st.Game.ID).Moves); n != 2 {
				t.Errorf("%d moves in the game; want 2", n)
			}
		})
	}
}

// TestGatewaySessionLost: Discord ends the bot's session (op 9 Invalid
// Session, not resumable) in the middle of a game. The bot identifies
// anew and goes on serving: a move is answered once, and played once.
func TestGatewaySessionLost(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st := h.duel("zola", false)
	before := h.srv.GatewayStats()
	h.srv.InvalidateSessions(false)
	h.srv.WaitGateway(t, wait, func(s discordtest.GatewayStats) bool { return s.Identifies > before.Identifies })
	h.eventually("the bot connected", h.bot.Connected)
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	if got := h.move(h.alice, st.Game.ID, move); !strings.Contains(got, "you played") {
		t.Errorf("/move %s after the session was lost: %q", move, got)
	}
	reply := h.game(st.Game.ID)
	bobs := reply.Position.FormatMove(reply.Position.Moves(nil)[0])
	if got := h.move(h.bob, st.Game.ID, bobs); !strings.Contains(got, "you played") {
		t.Errorf("/move %s after the session was lost: %q", bobs, got)
	}
	if n := len(h.game(st.Game.ID).Moves); n != 2 {
		t.Errorf("%d moves in the game; want 2", n)
	}
}
