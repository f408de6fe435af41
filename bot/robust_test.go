package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

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

// TestStopFinishesInFlight stops the bot while the AI thinks about its
// reply: the stop waits, the think is not cancelled, and the player's
// deferred answer is filled with both moves.
func TestStopFinishesInFlight(t *testing.T) {
	h := newHarness(t)
	h.aiThink = 1500 * time.Millisecond
	h.restart()
	st := h.playAI(h.alice, h.channel, "zola", discordtest.Opt("color", "first"), discordtest.Opt("level", 5))
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	ix := h.srv.SlashCommand(t, h.alice, h.channel, "move", discordtest.Opt("move", move))
	if r := ix.WaitResponse(t, wait); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("/move against the AI answered type %d; want a deferral", r.Type)
	}
	h.stop() // the AI is thinking now
	got := ix.Original()
	if got == nil || !strings.Contains(got.Content, "zugbot replied") {
		t.Errorf("after the stop, the answer is %+v; want it to give the AI's reply", got)
	}
	db, err := store.Open(context.Background(), h.dbPath, store.Options{Variants: variants()})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if g, err := db.Game(context.Background(), st.Game.ID); err != nil || g.Ply != 2 {
		t.Errorf("ply %d (%v) after the stop; want the AI's reply recorded (2)", g.Ply, err)
	}
}
