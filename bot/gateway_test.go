package bot_test

import (
	"strings"
	"testing"

	"github.com/zugbot/zugbot/bot/discordtest"
)

// TestGatewayGap cuts the bot's gateway connection in the middle of a game
// (op 7 Reconnect, a connection dropped without a close frame, op 9
// Invalid Session that may be resumed), and a player moves while the bot is
// between two connections. Discord keeps the move for the session and
// replays it when the bot resumes at READY's resume_gateway_url, where the
// fake, as Discord may, accepts a Resume only.
func TestGatewayGap(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		cut  func(*discordtest.Server)
	}{
		{"op 7 reconnect", (*discordtest.Server).Reconnect},
		{"dropped", (*discordtest.Server).DropGateway},
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
			after := h.srv.WaitGateway(t, wait, func(s discordtest.GatewayStats) bool {
				return s.Resumes+s.Identifies > before.Resumes+before.Identifies
			})
			h.eventually("the bot connected", h.bot.Connected)
			// discordgo v0.29.0 resumes at the first gateway URL: refused,
			// it identifies anew, and the move sent in the gap never
			// reaches the bot.
			if after.Identifies != before.Identifies+1 || after.ResumesElsewhere != before.ResumesElsewhere+1 {
				t.Errorf("gateway %+v after %+v; want a resume refused elsewhere, then an identify", after, before)
			}
			if got := h.move(h.alice, st.Game.ID, move); !strings.Contains(got, "you played") {
				t.Errorf("/move %s again after the gap: %q", move, got)
			}
			if r := ix.Response(); r != nil {
				t.Errorf("the move sent in the gap was answered: %+v", r.Data)
			}
			if n := len(h.game(st.Game.ID).Moves); n != 1 {
				t.Errorf("%d moves in the game; want 1", n)
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
