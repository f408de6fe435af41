package bot_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// TestHint asks for hints in a casual game against the AI until they run
// out: each comes privately, names a legal move and shows it on the board;
// the game records them, and its final board and export say so. A hint in
// a game between people is refused.
func TestHint(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ix, _ := h.command(h.alice, "play", discordtest.Opt("game", "zola"), discordtest.Opt("level", 1), discordtest.Opt("color", "first"))
	ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 })
	st := h.onlyGame(h.alice)
	suggested := regexp.MustCompile(`zugbot would play \*\*([^*]+)\*\*`)
	for n := 1; n <= table.MaxHints; n++ {
		ix, resp := h.command(h.alice, "hint")
		if resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || resp.Data == nil || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Fatalf("/hint answered type %d %+v; want a private deferral while zugbot thinks", resp.Type, resp.Data)
		}
		m := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return m.Content != "" })
		got := suggested.FindStringSubmatch(m.Content)
		if got == nil {
			t.Fatalf("hint %d says %q; want the suggested move", n, m.Content)
		}
		if _, err := st.Position.ParseMove(got[1]); err != nil {
			t.Errorf("hint %d suggests %s, not a legal move: %v", n, got[1], err)
		}
		if want := fmt.Sprintf("(%d hint", table.MaxHints-n); !strings.Contains(m.Content, want) {
			t.Errorf("hint %d says %q; want it to count what is left %q", n, m.Content, want)
		}
		if imgs, err := m.Images(); err != nil || len(imgs) != 1 {
			t.Errorf("hint %d: %d images (%v); want the board with the move", n, len(imgs), err)
		}
		// Playing the hint works as any move.
		if n == 1 {
			mix, _ := h.command(h.alice, "move", discordtest.Opt("move", got[1]))
			mix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "you played") })
			h.eventually("the AI's reply", func() bool { return h.game(st.Game.ID).Game.Ply == 2 })
			st = h.game(st.Game.ID)
		}
	}
	ix, _ = h.command(h.alice, "hint")
	if m := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return m.Content != "" }); !strings.Contains(m.Content, "all 3 hints") {
		t.Errorf("a fourth hint: %q; want it refused", m.Content)
	}
	if got := h.game(st.Game.ID).Game.Hints; got != table.MaxHints {
		t.Errorf("the game records %d hints, want %d", got, table.MaxHints)
	}
	rix, _ := h.command(h.alice, "resign")
	h.srv.Click(t, h.alice, rix.Original(), h.control(st.Game.ID, "resign!")).WaitResponse(t, wait)
	h.eventually("the final board says hints were used", func() bool {
		b := h.board(st.Game.ID)
		return len(b.Embeds) > 0 && strings.Contains(b.Embeds[0].Description, "alice had 3 hints from zugbot")
	})
	eix, _ := h.command(h.alice, "export", discordtest.Opt("game", st.Game.ID))
	em := eix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Files) > 0 })
	if txt := string(em.Files[0].Data); !strings.Contains(txt, `[Hints "3"]`) {
		t.Errorf("export %q; want the hints recorded", txt)
	}

	// Between people: refused, and nothing recorded.
	g, err := h.st.CreateGame(seeding(context.Background()), store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: store.Player{ID: h.alice.ID, Name: "alice"}}, {Player: store.Player{ID: h.bob.ID, Name: "bob"}}}, ChannelID: h.channel})
	if err != nil {
		t.Fatal(err)
	}
	ix, _ = h.command(h.alice, "hint", discordtest.Opt("game", g.ID))
	if m := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return m.Content != "" }); !strings.Contains(m.Content, "only for games against the AI") || len(m.Files) != 0 {
		t.Errorf("a hint between people: %q with %d files; want a refusal", m.Content, len(m.Files))
	}
	if got := h.game(g.ID).Game.Hints; got != 0 {
		t.Errorf("a refused hint was recorded: %d", got)
	}
}

// TestHintEveryGame asks for a hint in a casual game of each game against
// the AI: a legal move, shown on the board.
func TestHintEveryGame(t *testing.T) {
	for _, v := range games.Listed() {
		t.Run(v.ID, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			ix, _ := h.command(h.alice, "play", discordtest.Opt("game", v.ID), discordtest.Opt("level", 1), discordtest.Opt("color", "first"))
			ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 })
			st := h.onlyGame(h.alice)
			hix, _ := h.command(h.alice, "hint")
			m := hix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return m.Content != "" })
			got := regexp.MustCompile(`zugbot would play \*\*([^*]+)\*\*`).FindStringSubmatch(m.Content)
			if got == nil {
				t.Fatalf("hint says %q", m.Content)
			}
			if _, err := st.Position.ParseMove(got[1]); err != nil {
				t.Errorf("hint %s is not a legal move: %v", got[1], err)
			}
			if imgs, err := m.Images(); err != nil || len(imgs) != 1 {
				t.Errorf("hint: %d images, %v", len(imgs), err)
			}
		})
	}
}
