package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/table"
)

// TestChangeMadeElsewhere: a move and a resignation made through another
// adapter of the game service (a web board, say) show on the game's
// Discord board as if they were made there, and the player to move is
// pinged; the bot's own changes are not shown twice.
func TestChangeMadeElsewhere(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st := h.duel("zola", false)
	id := st.Game.ID
	web := table.WithSource(context.Background(), "web")
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	if _, err := h.bot.Table().Play(web, id, h.alice.ID, 0, move); err != nil {
		t.Fatal(err)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == st.Game.MessageID && strings.Contains(m.Content, fmt.Sprintf("alice played **%s**.", move))
	})
	ping := h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, fmt.Sprintf("<@%s>, your move in game #%d", h.bob.ID, id))
	})
	h.checkBoardImage(h.board(id))

	// A move made on Discord is shown once: no second ping for it.
	st = h.game(id)
	reply := h.move(h.bob, id, st.Position.FormatMove(st.Position.Moves(nil)[0]))
	if !strings.Contains(reply, "you played") {
		t.Fatalf("bob's /move: %q", reply)
	}
	if _, err := h.bot.Table().Resign(web, id, h.alice.ID, 2); err != nil {
		t.Fatal(err)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == st.Game.MessageID && strings.Contains(m.Content, "alice resigned.") && finalControls(m)
	})
	pings := map[string]int{}
	for _, m := range h.srv.Messages(ping.ChannelID) {
		for _, u := range []string{h.alice.ID, h.bob.ID} {
			if strings.Contains(m.Content, fmt.Sprintf("<@%s>, your move in game #%d", u, id)) {
				pings[u]++
			}
		}
	}
	if pings[h.bob.ID] != 1 || pings[h.alice.ID] > 1 {
		t.Errorf("pings %v; want bob pinged once, for the move made elsewhere, and alice at most once, by the bot's own answer", pings)
	}
}
