package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/store"
)

// TestAIResumesAfterRestart: the process stopped after the player's move
// was committed and before the AI replied. At the next start the AI moves,
// the board shows its reply and the player is pinged.
func TestAIResumesAfterRestart(t *testing.T) {
	h := newHarness(t)
	st := h.playAI(h.alice, h.channel, "zola", discordtest.Opt("color", "first"))
	id := st.Game.ID
	h.stop()
	ctx := context.Background()
	db, err := store.Open(ctx, h.dbPath, store.Options{Now: h.clock.Now, Variants: variants()})
	if err != nil {
		t.Fatal(err)
	}
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	if _, err := db.RecordMove(ctx, id, 0, move, store.End{}); err != nil {
		t.Fatal(err)
	}
	db.Close()

	h.start()
	h.eventually("the AI's move after the restart", func() bool { return h.game(id).Game.Ply == 2 })
	reply := h.game(id).Moves[1].Notation
	h.eventually("the board with the AI's reply", func() bool {
		b := h.board(id)
		return len(b.Embeds) > 0 && strings.Contains(b.Embeds[0].Description, "**"+reply+"**")
	})
	h.eventually("the ping", func() bool {
		for _, m := range h.srv.Messages(h.channel) {
			if strings.Contains(m.Content, "<@"+h.alice.ID+">, your move in game") && strings.Contains(m.Content, reply) {
				return true
			}
		}
		return false
	})
}
