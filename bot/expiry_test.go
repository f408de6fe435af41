package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

// TestLateAnalysis: an analysis outlasts its interaction's token (Discord
// takes edits and follow-ups for 15 minutes; the fake's tokens are made
// to expire at once), so its progress and its answer are refused with
// 401 50027. The analysis is posted in the channel as a message of its
// own, addressed to the player, once; each refused edit is tried once;
// and the analysis is kept, so that asking again shows it at once.
func TestLateAnalysis(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st := h.finishedGame(games.Listed()[0], 10, 1)
	h.srv.SetTokenLifetime(0)
	_, resp := h.command(h.alice, "analyse", discordtest.Opt("game", st.Game.ID))
	if resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("/analyse answered type %d; want a deferral", resp.Type)
	}
	prefix := fmt.Sprintf("<@%s>, **Analysis of game #%d**", h.alice.ID, st.Game.ID)
	posted := func() []*discordtest.Message {
		var out []*discordtest.Message
		for _, m := range h.srv.Messages(h.channel) {
			if strings.HasPrefix(m.Content, prefix) {
				out = append(out, m)
			}
		}
		return out
	}
	h.eventually("the analysis in the channel", func() bool { return len(posted()) > 0 })
	if imgs, err := posted()[0].Images(); err != nil || len(imgs) == 0 {
		t.Errorf("the analysis posted has %d images (%v); want its graph and boards", len(imgs), err)
	}
	refused := h.srv.TakeViolations()
	for _, v := range refused {
		if v.Code != discordgo.ErrCodeInvalidWebhookTokenProvided {
			t.Errorf("refused: %v; want only the expired token's edits", v)
		}
	}
	// The answer's edit, and at most one progress edit: none tried again.
	if n := len(refused); n < 1 || n > 2 {
		t.Errorf("%d edits refused for the expired token; want the answer's and at most one progress edit", n)
	}

	h.srv.SetTokenLifetime(15 * time.Minute)
	ix, resp := h.command(h.alice, "analyse", discordtest.Opt("game", st.Game.ID))
	if resp.Data == nil || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("/analyse again answered %+v; want a private answer", resp.Data)
	}
	if m := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Files) > 0 }); !strings.Contains(m.Content, "was analysed before") {
		t.Errorf("/analyse again: %q; want the kept analysis", m.Content)
	}
	if n := len(posted()); n != 1 {
		t.Errorf("the analysis was posted %d times in the channel; want once", n)
	}
}

// TestAnalysisTimer: an analysis asked for whose process died before it
// was posted (its timer left set) is made and posted in the game's
// channel, once, when its timer comes due; one posted by its request
// leaves no timer, and is not posted again.
func TestAnalysisTimer(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	posted := func(id int64) int {
		n := 0
		for _, m := range h.srv.Messages(h.channel) {
			if strings.HasPrefix(m.Content, fmt.Sprintf("**Analysis of game #%d**", id)) {
				n++
			}
		}
		return n
	}
	asked := h.finishedGame(games.Listed()[0], 10, 1).Game.ID
	ix, _ := h.command(h.alice, "analyse", discordtest.Opt("game", asked))
	ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Files) > 0 })
	died := h.finishedGame(games.Listed()[0], 10, 2).Game.ID
	if err := h.st.AnalysisPending(ctx, died, h.clock.Now().Add(store.AnalysisGrace)); err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(store.AnalysisGrace + time.Second)
	// The answered analysis's timer is removed once it is posted, just
	// after the answer.
	h.eventually("the answered analysis's timer removed", func() bool {
		due, err := h.st.Due(ctx, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, tk := range due {
			if tk.Kind == store.Analysis && tk.GameID == asked {
				return false
			}
		}
		return len(due) > 0 // the other's
	})
	h.bot.RunDue(ctx)
	h.bot.RunDue(ctx)
	if n := posted(died); n != 1 {
		t.Errorf("the analysis left to its timer was posted %d times; want once", n)
	}
	if n := posted(asked); n != 1 { // its answer, the original response
		t.Errorf("the analysis answered was posted %d times; want once", n)
	}
}
