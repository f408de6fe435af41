package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
)

// TestLateAnswers plays with a bot whose every answer is late (its budget
// spent before the handler starts, as under a backlog): each interaction
// gets a deferral at once, and then the answer it would have had, as the
// strict fake checks: a challenge posted and accepted, a move through the
// board's menus, "Type a move" (whose form is never deferred) and the move
// typed, a private refusal of /move, and /board.
func TestLateAnswers(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(h *harness) { h.answerBudget = -1 })
	deferred := func(what string, resp *discordtest.Response, want discordgo.InteractionResponseType) {
		t.Helper()
		if resp.Type != want {
			t.Fatalf("%s answered first with type %d; want the deferral, type %d", what, resp.Type, want)
		}
	}

	ix := h.srv.SlashCommand(t, h.alice, h.channel, "challenge", discordtest.Opt("game", "zola"),
		discordtest.Opt("opponent", h.bob), discordtest.Opt("color", "first"), discordtest.Opt("rated", false))
	deferred("/challenge", ix.WaitResponse(t, wait), discordgo.InteractionResponseDeferredChannelMessageWithSource)
	open := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return hasSuffix(buttons(m), "/accept") != "" })
	if !strings.Contains(open.Content, "challenges you") {
		t.Errorf("the challenge says %q", open.Content)
	}
	acc := h.srv.Click(t, h.bob, open, hasSuffix(buttons(open), "/accept"))
	deferred("accept", acc.WaitResponse(t, wait), discordgo.InteractionResponseDeferredMessageUpdate)
	acc.WaitFollowups(t, 1, wait)
	id := h.newest(h.alice)
	h.boardReady(id)

	// alice moves through the menus: both clicks are deferred updates,
	// and the board itself shows the move menu and then the move.
	st := h.game(id)
	m := st.Position.Moves(nil)[0]
	path := st.Position.Describe(m).Path
	from := st.Position.Variant().Geometry.Points[path[0]].Name
	text := st.Position.FormatMove(m)
	menu := func(b *discordtest.Message, kind, value string) string {
		for _, menu := range b.SelectMenus() {
			for _, o := range menu.Options {
				if strings.Contains(menu.CustomID, kind) && o.Value == value {
					return menu.CustomID
				}
			}
		}
		return ""
	}
	board := h.board(id)
	pick := h.srv.Select(t, h.alice, board, menu(board, "/pick/", from), from)
	deferred("the pick", pick.WaitResponse(t, wait), discordgo.InteractionResponseDeferredMessageUpdate)
	var to string
	h.eventually("the move menu", func() bool {
		board = h.board(id)
		to = menu(board, "/to/", text)
		return to != ""
	})
	deferred("the move", h.srv.Select(t, h.alice, board, to, text).WaitResponse(t, wait), discordgo.InteractionResponseDeferredMessageUpdate)
	h.eventually("the board after the move", func() bool {
		return h.game(id).Game.Ply == 1 && strings.Contains(strings.Join(buttons(h.board(id)), " "), fmt.Sprintf("g/%d/v%d/", id, h.game(id).Game.TurnVersion))
	})

	// "Type a move" is not deferred, since Discord takes a form only as
	// the first answer: the form comes, late or not, and the move typed
	// in it is deferred and played.
	board = h.board(id)
	btn := ""
	for _, b := range board.Buttons() {
		if b.Label == "Type a move" {
			btn = b.CustomID
		}
	}
	form := h.srv.Click(t, h.bob, board, btn)
	if resp := form.WaitResponse(t, wait); resp.Type != discordgo.InteractionResponseModal {
		t.Fatalf("Type a move answered with type %d; want the form", resp.Type)
	}
	st = h.game(id)
	reply := st.Position.FormatMove(st.Position.Moves(nil)[0])
	typed := h.srv.SubmitModal(t, form, map[string]string{"move": reply})
	deferred("the typed move", typed.WaitResponse(t, wait), discordgo.InteractionResponseDeferredMessageUpdate)
	h.eventually("the board after the typed move", func() bool {
		return h.game(id).Game.Ply == 2 && strings.Contains(strings.Join(buttons(h.board(id)), " "), fmt.Sprintf("g/%d/v%d/", id, h.game(id).Game.TurnVersion))
	})

	// A refusal of /move stays private: the deferral is private too.
	mix := h.srv.SlashCommand(t, h.alice, h.channel, "move", discordtest.Opt("move", "zz9"))
	resp := mix.WaitResponse(t, wait)
	deferred("/move", resp, discordgo.InteractionResponseDeferredChannelMessageWithSource)
	if resp.Data == nil || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Errorf("/move deferred publicly: %+v", resp.Data)
	}
	mix.WaitOriginal(t, wait, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, "not your turn") || strings.Contains(m.Content, "zz9")
	})

	// /board shows the board in place of the "thinking…".
	bix := h.srv.SlashCommand(t, h.bob, h.channel, "board")
	deferred("/board", bix.WaitResponse(t, wait), discordgo.InteractionResponseDeferredChannelMessageWithSource)
	h.checkBoardImage(bix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 }))
}

// TestBusyDefersAtOnce: with more handlers going on than
// Config.BusyHandlers (one here, 64 by default), the bot defers an answer
// as its handler starts, not after its budget: alice's /board, sent while
// her /move waits for the AI's reply, is deferred at once and then shows
// the board; on a quiet bot the same /board is answered with the board
// itself (TestBoardCommand).
func TestBusyDefersAtOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(h *harness) { h.busyHandlers = 1 })
	st, move := h.whileAIThinks(3 * time.Second)
	ix := h.srv.SlashCommand(t, h.alice, h.channel, "board", discordtest.Opt("game", st.Game.ID))
	if r := ix.WaitResponse(t, wait); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("/board on a busy bot answered type %d first; want the deferral, type 5", r.Type)
	}
	board := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Files) > 0 })
	h.checkBoardImage(board)
	if m := move.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "zugbot replied") }); m == nil {
		t.Fatal("the move against the AI got no reply")
	}
}
