package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

// finishedGame records a game of v between alice and bob in the harness's
// channel: plies random legal moves, then bob resigns.
func (h *harness) finishedGame(v *engine.Variant, plies int, seed uint64) store.State {
	h.t.Helper()
	ctx := context.Background()
	g, err := h.st.CreateGame(seeding(ctx), store.NewGame{Variant: v.ID, ChannelID: h.channel, GuildID: h.guild,
		Seats: [2]store.Seat{{Player: store.Player{ID: h.alice.ID, Name: "alice"}}, {Player: store.Player{ID: h.bob.ID, Name: "bob"}}}})
	if err != nil {
		h.t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 3))
	p := v.Start()
	for ply := 0; ply < plies && !p.Outcome().Over(); ply++ {
		legal := p.Moves(nil)
		m := legal[r.IntN(len(legal))]
		end := store.End{}
		q := p.Clone()
		q.Do(m)
		if o := q.Outcome(); o.Over() {
			end = store.EndOf(o)
		}
		if _, err := h.st.RecordMove(seeding(ctx), g.ID, ply, p.FormatMove(m), end); err != nil {
			h.t.Fatal(err)
		}
		p.Do(m)
	}
	st := h.game(g.ID)
	if !st.Game.Over() {
		if _, err := h.st.Finish(seeding(ctx), g.ID, st.Game.Ply, store.End{Result: store.Win, Winner: 0, Reason: store.ReasonResignation, By: h.bob.ID}); err != nil {
			h.t.Fatal(err)
		}
	}
	return h.game(g.ID)
}

// TestAnalyse asks for the analysis of a finished game of each game in the
// channel where it was played: a public answer with the graph and a board
// for each of the biggest mistakes, kept for the next request, and the
// annotated moves in /export. Only its players may ask.
func TestAnalyse(t *testing.T) {
	for _, v := range games.Listed() {
		t.Run(v.ID, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			st := h.finishedGame(v, 10, 1)
			n := len(st.Moves)
			ix, resp := h.command(h.alice, "analyse", discordtest.Opt("game", st.Game.ID))
			if resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || resp.Data != nil && resp.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
				t.Fatalf("/analyse answered type %d %+v; want a public deferral while zugbot analyses", resp.Type, resp.Data)
			}
			m := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Files) > 0 })
			for _, want := range []string{fmt.Sprintf("**Analysis of game #%d** (%s)", st.Game.ID, v.Name), "alice (" + v.Sides[0] + "): accuracy ", "bob (" + v.Sides[1] + "): accuracy "} {
				if !strings.Contains(m.Content, want) {
					t.Errorf("analysis says %q; want %q", m.Content, want)
				}
			}
			mistakes := strings.Count(m.Content, "; better **")
			imgs, err := m.Images()
			if err != nil || len(imgs) != 1+mistakes || mistakes > 3 {
				t.Fatalf("%d images (%v) for %d mistakes shown; want the graph and a board for each, at most 3", len(imgs), err, mistakes)
			}
			if b := imgs[0].Bounds(); b.Dx() < 600 {
				t.Errorf("graph is %v wide; want a readable size", b)
			}
			if exact := strings.Contains(m.Content, "this analysis is exact"); exact != (v.ID == "zodiac") {
				t.Errorf("exact %v for %s: %q", exact, v.ID, m.Content)
			}
			if v.ID != "zodiac" && !strings.Contains(m.Content, "Each position searched to 5,000 nodes") {
				t.Errorf("analysis does not say the search it used (the harness's 5,000 nodes): %q", m.Content)
			}
			if v.ID == "zodiac" && !strings.Contains(m.Content, "From the start, White wins with perfect play, in 12 plies.") {
				t.Errorf("zodiac's analysis does not say who wins from the start, and in how many plies: %q", m.Content)
			}
			// Kept: the same answer again, to bob alone, saying where the
			// first was posted; the channel holds one copy.
			ix2, resp2 := h.command(h.bob, "analyse", discordtest.Opt("game", st.Game.ID))
			if resp2.Data == nil || resp2.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
				t.Errorf("/analyse asked again answered %+v; want a private deferral", resp2.Data)
			}
			m2 := ix2.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Files) > 0 })
			note := fmt.Sprintf("Game #%d was analysed before, and its analysis posted in <#%s>; here it is again, for you alone.\n", st.Game.ID, h.channel)
			if m2.Content != note+m.Content || m2.Flags&discordgo.MessageFlagsEphemeral == 0 {
				t.Errorf("second analysis %q (flags %d); want the first %q, privately", m2.Content, m2.Flags, note+m.Content)
			}
			posted := 0
			for _, msg := range h.srv.Messages(h.channel) {
				if strings.HasPrefix(msg.Content, fmt.Sprintf("**Analysis of game #%d**", st.Game.ID)) && msg.Flags&discordgo.MessageFlagsEphemeral == 0 {
					posted++
				}
			}
			if posted != 1 {
				t.Errorf("%d public copies of the analysis in the channel; want 1", posted)
			}
			eix, _ := h.command(h.alice, "export", discordtest.Opt("game", st.Game.ID))
			em := eix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Files) > 0 })
			txt := string(em.Files[0].Data)
			if !strings.Contains(txt, "[Annotator \"zugbot, ") || mistakes > 0 && !strings.Contains(txt, "{better: ") {
				t.Errorf("export of an analysed game %q; want the moves annotated", txt)
			}
			if got := strings.Count(txt, "{better: "); got < mistakes || got > n {
				t.Errorf("export annotates %d moves; want at least the %d shown", got, mistakes)
			}
		})
	}
}

func TestAnalyseRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st := h.finishedGame(games.Listed()[0], 4, 2)
	carol := h.srv.NewUser("carol")
	ix, _ := h.command(carol, "analyse", discordtest.Opt("game", st.Game.ID))
	if m := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return m.Content != "" }); !strings.Contains(m.Content, "Only the players of game") {
		t.Errorf("a stranger's /analyse: %q", m.Content)
	}
	// Without a game: the player's last finished game here; the button on
	// its final board works too.
	ix, _ = h.command(h.alice, "analyse")
	if m := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Files) > 0 }); !strings.Contains(m.Content, fmt.Sprintf("game #%d", st.Game.ID)) {
		t.Errorf("/analyse without a game: %q", m.Content)
	}
	bix, _ := h.command(h.bob, "board", discordtest.Opt("game", st.Game.ID))
	board := bix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 })
	button := hasSuffix(buttons(board), "/analyse")
	if button == "" {
		t.Fatalf("final board buttons %v; want Analyse", buttons(board))
	}
	click := h.srv.Click(t, h.bob, board, button)
	if r := click.WaitResponse(t, wait); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Errorf("Analyse button answered type %d", r.Type)
	}
	if m := click.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Files) > 0 }); !strings.Contains(m.Content, "Analysis of game") {
		t.Errorf("Analyse button: %q", m.Content)
	}
}
