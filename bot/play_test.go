package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

// buttons returns the custom IDs of a message's buttons.
func buttons(m *discordtest.Message) []string {
	var ids []string
	for _, b := range m.Buttons() {
		ids = append(ids, b.CustomID)
	}
	return ids
}

// finalControls reports whether m has the controls of a finished game's
// board: Rematch and Analyse, and no menus.
func finalControls(m *discordtest.Message) bool {
	ids := buttons(m)
	return len(ids) == 2 && strings.HasSuffix(ids[0], "/rematch") && strings.HasSuffix(ids[1], "/analyse") && len(m.SelectMenus()) == 0
}

// menuID returns the custom ID of m's select menu that begins with
// prefix ("g/<game>/v<version>/pick/0"), or prefix itself when none does.
func menuID(m *discordtest.Message, prefix string) string {
	for _, sm := range m.SelectMenus() {
		if strings.HasPrefix(sm.CustomID, prefix) {
			return sm.CustomID
		}
	}
	return prefix
}

func hasSuffix(ids []string, suffix string) string {
	for _, id := range ids {
		if strings.HasSuffix(id, suffix) {
			return id
		}
	}
	return ""
}

// TestFullGameAgainstAI plays each game against the AI to its end through
// /move, checking the board after every move and the final message.
func TestFullGameAgainstAI(t *testing.T) {
	for _, v := range games.Listed() {
		if v.ID == "zola8" {
			continue
		}
		t.Run(v.ID, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			ix, resp := h.command(h.alice, "play", discordtest.Opt("game", v.ID), discordtest.Opt("level", 1))
			if resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
				t.Fatalf("/play answered with type %d; want a deferred reply while zugbot sets up", resp.Type)
			}
			m := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 })
			h.checkBoardImage(m)
			if !strings.Contains(m.Embeds[0].Title, v.Name) {
				t.Errorf("board title %q; want the game's name", m.Embeds[0].Title)
			}
			st := h.onlyGame(h.alice)
			h.boardReady(st.Game.ID) // the board is recorded after the reply shows it
			r := rand.New(rand.NewPCG(1, 2))
			for moves := 0; !st.Game.Over(); moves++ {
				if moves > 400 {
					t.Fatalf("game %d still going after %d moves", st.Game.ID, moves)
				}
				legal := st.Position.Moves(nil)
				move := st.Position.FormatMove(legal[r.IntN(len(legal))])
				ix, _ := h.command(h.alice, "move", discordtest.Opt("move", move), discordtest.Opt("game", st.Game.ID))
				reply := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return m.Content != "" })
				if !strings.Contains(reply.Content, "you played **"+move+"**") {
					t.Fatalf("reply to /move %s: %q", move, reply.Content)
				}
				next := h.game(st.Game.ID)
				if next.Game.Ply <= st.Game.Ply {
					t.Fatalf("ply %d after a move at ply %d", next.Game.Ply, st.Game.Ply)
				}
				st = next
			}
			// The answer to /move comes first; the board is edited after it.
			var board *discordtest.Message
			var desc string
			h.eventually("the final board", func() bool {
				board = h.board(st.Game.ID)
				desc = board.Embeds[0].Description
				return strings.Contains(desc, "wins**") || strings.Contains(desc, "**Draw**")
			})
			if !strings.Contains(desc, "wins**") && !strings.Contains(desc, "**Draw**") {
				t.Errorf("final board says %q; want the result", desc)
			}
			if !finalControls(board) {
				t.Errorf("final board controls %v and %d menus; want only Rematch and Analyse", buttons(board), len(board.SelectMenus()))
			}
			var gif bool
			for _, f := range board.Files {
				if strings.HasSuffix(f.Name, ".gif") {
					g, err := f.GIF()
					if err != nil || len(g.Image) < 2 {
						t.Errorf("replay GIF: %v", err)
					}
					gif = true
				}
			}
			if !gif {
				t.Errorf("final board has no replay GIF")
			}
		})
	}
}

// TestRatedChallenge plays a rated challenge from accept to resignation,
// moving through the board's menus, and checks the rating changes shown.
func TestRatedChallenge(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ix, resp := h.command(h.alice, "challenge", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", h.bob), discordtest.Opt("color", "first"))
	if resp.Type != discordgo.InteractionResponseChannelMessageWithSource || resp.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
		t.Fatalf("challenge response type %d flags %d; want a public message", resp.Type, resp.Data.Flags)
	}
	if !strings.Contains(resp.Data.Content, "<@"+h.bob.ID+">") || !strings.Contains(resp.Data.Content, "rated") {
		t.Errorf("challenge says %q; want bob mentioned and the game rated", resp.Data.Content)
	}
	msg := ix.Original()
	accept := hasSuffix(buttons(msg), "/accept")
	if accept == "" || hasSuffix(buttons(msg), "/decline") == "" || hasSuffix(buttons(msg), "/cancel") == "" {
		t.Fatalf("challenge buttons %v; want Accept, Decline and Cancel", buttons(msg))
	}
	acc := h.srv.Click(t, h.bob, msg, accept)
	if r := acc.WaitResponse(t, wait); r.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(r.Data.Content, "accepted") {
		t.Fatalf("accept answered %d %q", r.Type, r.Data.Content)
	}
	boardMsg := acc.WaitFollowups(t, 1, wait)[0]
	if !strings.Contains(boardMsg.Content, "<@"+h.alice.ID+">, your move") {
		t.Errorf("new board says %q; want alice pinged to move", boardMsg.Content)
	}
	st := h.onlyGame(h.alice)
	h.boardReady(st.Game.ID)
	st = h.game(st.Game.ID)
	if !st.Game.Rated || st.Game.Seats[0].ID != h.alice.ID {
		t.Fatalf("game %+v; want a rated game with alice first", st.Game)
	}

	// Alice moves with the menus: pick a1, then a1xb1.
	pick := menuID(h.board(st.Game.ID), h.control(st.Game.ID, "pick/0"))
	sel := h.srv.Select(t, h.alice, h.board(st.Game.ID), pick, "a1")
	if r := sel.WaitResponse(t, wait); r.Type != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("picking a piece answered type %d", r.Type)
	}
	board := h.board(st.Game.ID)
	if menus := board.SelectMenus(); len(menus) != 2 || len(menus[1].Options) != 2 {
		t.Fatalf("after picking a1: %d menus; want the pieces and a1's 2 moves", len(menus))
	}
	to := h.srv.Select(t, h.alice, board, menuID(board, h.control(st.Game.ID, "to/0")), "a1xb1")
	to.WaitResponse(t, wait)
	ping := h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool { return strings.Contains(m.Content, "<@"+h.bob.ID+">, your move") })
	if ping.ChannelID != h.channel {
		t.Errorf("ping sent to %s; want the game's channel", ping.ChannelID)
	}
	if got := h.game(st.Game.ID).Game.Ply; got != 1 {
		t.Fatalf("ply %d after alice's move; want 1", got)
	}
	h.checkBoardImage(h.board(st.Game.ID))

	// Bob resigns, confirming.
	rix, rresp := h.command(h.bob, "resign")
	if rresp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(rresp.Data.Content, "Resign game") {
		t.Fatalf("/resign answered %q; want a private confirmation", rresp.Data.Content)
	}
	confirm := h.srv.Click(t, h.bob, rix.Original(), h.control(st.Game.ID, "resign!"))
	confirm.WaitResponse(t, wait)
	final := h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == h.posted(st.Game.ID).Message && len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Description, "resignation")
	})
	desc := final.Embeds[0].Description
	for _, want := range []string{"alice (Red) wins** — resignation", "alice: 1500 → 1520 (+20)", "bob: 1500 → 1480 (-20)"} {
		if !strings.Contains(desc, want) {
			t.Errorf("final board %q; want it to say %q", desc, want)
		}
	}
	rt, err := h.st.Rating(context.Background(), h.alice.ID, "zola")
	if err != nil || rt.Rating != 1520 || rt.String() != "1520?" {
		t.Errorf("alice's rating %v (%v); want 1520, provisional", rt, err)
	}
}

// TestBadInput checks that every mistake is answered privately with what
// is wrong, and changes nothing.
func TestBadInput(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	carol := h.srv.NewUser("carol")
	botUser := h.srv.BotUser()
	// A game between alice (Red) and bob.
	ix, _ := h.command(h.alice, "challenge", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", h.bob), discordtest.Opt("color", "first"), discordtest.Opt("rated", false))
	acc := h.srv.Click(t, h.bob, ix.Original(), hasSuffix(buttons(ix.Original()), "/accept"))
	acc.WaitResponse(t, wait)
	acc.WaitFollowups(t, 1, wait)
	g := h.onlyGame(h.alice).Game
	h.boardReady(g.ID)
	id := discordtest.Opt("game", g.ID)

	tests := []struct {
		name string
		user *discordgo.User
		path string
		opts []discordtest.Option
		want string
	}{
		{"not your turn", h.bob, "move", []discordtest.Option{discordtest.Opt("move", "a2xa1"), id}, "not your turn"},
		{"not a player", carol, "move", []discordtest.Option{discordtest.Opt("move", "a1xb1"), id}, "not a player in game"},
		{"illegal move", h.alice, "move", []discordtest.Option{discordtest.Opt("move", "c2-b1"), id}, "c2 is a Blue checker"},
		{"same level", h.alice, "move", []discordtest.Option{discordtest.Opt("move", "a1-a3"), id}, "a1-a3"},
		{"gibberish", h.alice, "move", []discordtest.Option{discordtest.Opt("move", strings.Repeat("x", 100)), id}, "write a move as from-to"},
		{"unknown game", h.alice, "move", []discordtest.Option{discordtest.Opt("move", "a1xb1"), discordtest.Opt("game", 999)}, "There is no game #999"},
		{"no game here", carol, "board", nil, "no game going in this channel"},
		{"challenge yourself", h.alice, "challenge", []discordtest.Option{discordtest.Opt("game", "zola"), discordtest.Opt("opponent", h.alice)}, "cannot challenge yourself"},
		{"challenge a bot", h.alice, "challenge", []discordtest.Option{discordtest.Opt("game", "zola"), discordtest.Opt("opponent", botUser)}, "is a bot"},
		{"no draws in zola", h.alice, "draw", []discordtest.Option{id}, "Zola has no draws"},
		{"admin without permission", h.alice, "admin abort", []discordtest.Option{id}, "manage this server"},
	}
	for _, tt := range tests {
		_, resp := h.command(tt.user, tt.path, tt.opts...)
		if resp.Data == nil || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(resp.Data.Content, tt.want) {
			var content string
			if resp.Data != nil {
				content = resp.Data.Content
			}
			t.Errorf("%s: answered %q (type %d); want a private reply saying %q", tt.name, content, resp.Type, tt.want)
		}
	}
	if got := h.game(g.ID).Game; got.Ply != 0 || got.Over() {
		t.Errorf("after the refusals the game is at ply %d, over %v; want untouched", got.Ply, got.Over())
	}

	// Game over: resign, then try to move.
	rix, _ := h.command(h.alice, "resign", id)
	h.srv.Click(t, h.alice, rix.Original(), h.control(g.ID, "resign!")).WaitResponse(t, wait)
	_, resp := h.command(h.alice, "move", discordtest.Opt("move", "a1xb1"), id)
	h.refused(resp, "is over")

	// Challenges: already answered, and too many games.
	cix, _ := h.command(h.alice, "challenge", discordtest.Opt("game", "zodiac"))
	open := cix.Original()
	acceptID := hasSuffix(buttons(open), "/accept")
	h.refused(h.srv.Click(t, h.alice, open, acceptID).WaitResponse(t, wait), "cannot accept your own challenge")
	a1 := h.srv.Click(t, h.bob, open, acceptID)
	a1.WaitResponse(t, wait)
	if n := len(h.srv.Message(h.channel, open.ID).Buttons()); n != 0 {
		t.Errorf("accepted challenge still has %d buttons", n)
	}
}

// TestOldControls: a control of a board drawn by a zugbot before controls
// carried the turn's version (they carried the ply) is refused, and the
// board it is on is redrawn with today's controls, which work. An offer's
// old Accept button still answers its offer: its ply names the offer.
func TestOldControls(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	id := h.duel("zonal", false).Game.ID // alice first
	h.boardReady(id)
	// The board as an older zugbot drew it, at ply 0, the game's ply now
	// (a copy, and the answer's words, are TestStaleControls').
	oldControls := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Resign", Style: discordgo.DangerButton, CustomID: fmt.Sprintf("g/%d/0/resign", id)},
	}}}
	board := h.board(id)
	if _, err := h.srv.Session().ChannelMessageEditComplex(&discordgo.MessageEdit{ID: board.ID, Channel: board.ChannelID, Components: &oldControls}); err != nil {
		t.Fatal(err)
	}
	h.refused(h.srv.Click(t, h.alice, h.board(id), fmt.Sprintf("g/%d/0/resign", id)).WaitResponse(t, wait), "has changed since you looked at it")
	if g := h.game(id).Game; g.Over() || g.Ply != 0 {
		t.Fatalf("after the old control: over %v, ply %d; want the game untouched", g.Over(), g.Ply)
	}
	now := h.control(id, "")
	h.eventually("the board redrawn with today's controls", func() bool {
		ids := buttons(h.board(id))
		return len(ids) > 2 && !slices.ContainsFunc(ids, func(c string) bool { return !strings.HasPrefix(c, now) })
	})
	if r := h.srv.Click(t, h.alice, h.board(id), hasSuffix(buttons(h.board(id)), "/resign")).WaitResponse(t, wait); !strings.Contains(r.Data.Content, "Resign game") {
		t.Errorf("today's Resign answered %q; want the confirmation", r.Data.Content)
	}

	// An offer open when zugbot was upgraded: its old Accept answers it.
	dix, _ := h.command(h.alice, "draw", discordtest.Opt("game", id))
	offer := dix.Original()
	oldOffer := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: fmt.Sprintf("g/%d/0/draw+", id)},
	}}}
	if _, err := h.srv.Session().ChannelMessageEditComplex(&discordgo.MessageEdit{ID: offer.ID, Channel: offer.ChannelID, Components: &oldOffer}); err != nil {
		t.Fatal(err)
	}
	offer = h.srv.Message(offer.ChannelID, offer.ID)
	h.srv.Click(t, h.bob, offer, fmt.Sprintf("g/%d/0/draw+", id)).WaitResponse(t, wait)
	if g := h.game(id).Game; g.Result != store.Draw {
		t.Errorf("after the old Accept: result %q; want a draw", g.Result)
	}
}

// TestStaleOffer: an offer's buttons drawn in an earlier turn answer that
// the offer is no longer open, and do nothing.
func TestStaleOffer(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	id := h.duel("zonal", false).Game.ID // alice first
	h.boardReady(id)
	dix, _ := h.command(h.alice, "draw", discordtest.Opt("game", id))
	offer := dix.Original()
	accept := hasSuffix(buttons(offer), "/draw+")
	if want := h.control(id, "draw+"); accept != want {
		t.Fatalf("the offer's Accept is %q; want %q, the turn's", accept, want)
	}
	st := h.game(id)
	h.move(h.alice, id, st.Position.FormatMove(st.Position.Moves(nil)[0])) // the offer lapses
	h.refused(h.srv.Click(t, h.bob, offer, accept).WaitResponse(t, wait), fmt.Sprintf("That offer in game #%d is no longer open", id))
	if g := h.game(id).Game; g.Over() {
		t.Errorf("a lapsed offer's Accept ended the game: %v", g.Result)
	}
}

// TestRestart closes the bot, opens a new one on the same database, and
// clicks a control of a board drawn before the restart.
func TestRestart(t *testing.T) {
	h := newHarness(t)
	ix, _ := h.command(h.alice, "play", discordtest.Opt("game", "zola"), discordtest.Opt("level", 1), discordtest.Opt("color", "first"))
	ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 })
	g := h.onlyGame(h.alice).Game
	h.boardReady(g.ID)
	h.restart()
	board := h.board(g.ID)
	sel := h.srv.Select(t, h.alice, board, menuID(board, h.control(g.ID, "pick/0")), "c1")
	if r := sel.WaitResponse(t, wait); r.Type != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("a pick after the restart answered type %d", r.Type)
	}
	to := h.srv.Select(t, h.alice, h.board(g.ID), menuID(h.board(g.ID), h.control(g.ID, "to/0")), "c1xd1")
	to.WaitResponse(t, wait)
	h.eventually("the move after the restart", func() bool { return h.game(g.ID).Game.Ply == 2 })
	// Each start registered the commands with one bulk overwrite, and nothing else.
	var overwrites int
	for _, r := range h.srv.Requests() {
		switch {
		case r.Route == discordtest.RouteGlobalOverwrite:
			overwrites++
		case strings.Contains(r.Path, "/commands") && r.Method != "GET":
			t.Errorf("commands changed by %s %s; want bulk overwrites only", r.Method, r.Path)
		}
	}
	if overwrites != 2 {
		t.Errorf("%d bulk overwrites of the commands for 2 starts", overwrites)
	}
}

// TestConcurrentClicks sends two moves at the same ply at once: exactly
// one is played.
func TestConcurrentClicks(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ix, _ := h.command(h.alice, "challenge", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", h.bob), discordtest.Opt("color", "first"), discordtest.Opt("rated", false))
	acc := h.srv.Click(t, h.bob, ix.Original(), hasSuffix(buttons(ix.Original()), "/accept"))
	acc.WaitResponse(t, wait)
	acc.WaitFollowups(t, 1, wait)
	g := h.onlyGame(h.alice).Game
	h.boardReady(g.ID)
	h.srv.Select(t, h.alice, h.board(g.ID), menuID(h.board(g.ID), h.control(g.ID, "pick/0")), "a1").WaitResponse(t, wait)
	board := h.board(g.ID)
	toID := menuID(board, h.control(g.ID, "to/0"))
	var wg sync.WaitGroup
	resps := make([]*discordtest.Response, 2)
	for i, move := range []string{"a1xb1", "a1xa2"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resps[i] = h.srv.Select(t, h.alice, board, toID, move).WaitResponse(t, wait)
		}()
	}
	wg.Wait()
	played, refused := 0, 0
	for _, r := range resps {
		switch {
		case r.Type == discordgo.InteractionResponseUpdateMessage:
			played++
		case r.Data != nil && strings.Contains(r.Data.Content, "has changed"):
			refused++
		}
	}
	if played != 1 || refused != 1 {
		t.Errorf("two clicks at once: %d played, %d refused as stale; want 1 and 1", played, refused)
	}
	if st := h.game(g.ID); st.Game.Ply != 1 {
		t.Errorf("ply %d; want exactly one move played", st.Game.Ply)
	}
}

// TestDeadlines drives the move clock and the challenge expiry with the
// injected clock.
func TestDeadlines(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	ix, _ := h.command(h.alice, "challenge", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", h.bob), discordtest.Opt("color", "first"), discordtest.Opt("days", 1))
	acc := h.srv.Click(t, h.bob, ix.Original(), hasSuffix(buttons(ix.Original()), "/accept"))
	acc.WaitResponse(t, wait)
	acc.WaitFollowups(t, 1, wait)
	g := h.onlyGame(h.alice).Game
	h.boardReady(g.ID)
	for _, mv := range []struct {
		u    *discordgo.User
		move string
	}{{h.alice, "a1xb1"}, {h.bob, "a2xa1"}} {
		mix, _ := h.command(mv.u, "move", discordtest.Opt("move", mv.move))
		mix.WaitResponse(t, wait)
	}

	// A fifth of alice's day left: a reminder that pings her.
	h.clock.Advance(20 * time.Hour)
	h.bot.RunDue(ctx)
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, "<@"+h.alice.ID+">, your time in game")
	})
	// Her time runs out: bob wins on time.
	h.clock.Advance(5 * time.Hour)
	h.bot.RunDue(ctx)
	st := h.game(g.ID)
	if st.Game.Result != store.Win || st.Game.Winner != 1 || st.Game.Reason != store.ReasonTimeout {
		t.Fatalf("after the deadline: %v %d %q; want bob winning on time", st.Game.Result, st.Game.Winner, st.Game.Reason)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == h.posted(st.Game.ID).Message && len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Description, "timeout")
	})

	// A challenge nobody answers expires after 24 hours.
	cix, _ := h.command(h.alice, "challenge", discordtest.Opt("game", "zamma"))
	open := cix.Original()
	h.eventually("the challenge's message", func() bool {
		cs, err := h.st.OpenChallenges(ctx, h.alice.ID)
		return err == nil && len(cs) == 1 && h.post(store.PostedChallenge, cs[0].ID).Message == open.ID
	})
	h.clock.Advance(25 * time.Hour)
	h.restart() // the timer is a row in the database: it survives
	h.bot.RunDue(ctx)
	expired := h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool { return m.ID == open.ID && strings.Contains(m.Content, "expired") })
	if len(expired.Buttons()) != 0 {
		t.Errorf("expired challenge keeps %d buttons", len(expired.Buttons()))
	}
}

// TestAutocomplete checks the move suggestions: at most 25, filtered by
// what was typed.
func TestAutocomplete(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ix, _ := h.command(h.alice, "play", discordtest.Opt("game", "zola"), discordtest.Opt("level", 1), discordtest.Opt("color", "first"))
	ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 })
	all := h.srv.Autocomplete(t, h.alice, h.channel, "move", discordtest.Focus("move", "")).WaitResponse(t, wait)
	if n := len(all.Data.Choices); n != 25 {
		t.Errorf("%d suggestions for 36 legal moves; want Discord's limit, 25", n)
	}
	some := h.srv.Autocomplete(t, h.alice, h.channel, "move", discordtest.Focus("move", "C3")).WaitResponse(t, wait)
	var got []string
	for _, c := range some.Data.Choices {
		got = append(got, fmt.Sprint(c.Value))
	}
	if strings.Join(got, " ") != "c3xd3 c3xc4" {
		t.Errorf("suggestions for C3: %v; want c3xd3 c3xc4", got)
	}
	none := h.srv.Autocomplete(t, h.bob, h.channel, "move", discordtest.Focus("move", "")).WaitResponse(t, wait)
	if len(none.Data.Choices) != 0 {
		t.Errorf("bob, with no game, got %d suggestions", len(none.Data.Choices))
	}
	// The game option suggests the player's games going, by number.
	g := h.onlyGame(h.alice).Game
	games := h.srv.Autocomplete(t, h.alice, h.channel, "board", discordtest.Focus("game", "")).WaitResponse(t, wait)
	if len(games.Data.Choices) != 1 || games.Data.Choices[0].Name != fmt.Sprintf("#%d Zola 6×6 vs zugbot (level 1, beginner)", g.ID) {
		t.Errorf("game suggestions %+v; want alice's one game", games.Data.Choices)
	}
	other := h.srv.Autocomplete(t, h.alice, h.channel, "board", discordtest.Focus("game", "9")).WaitResponse(t, wait)
	if len(other.Data.Choices) != 0 {
		t.Errorf("%d game suggestions for 9; want none", len(other.Data.Choices))
	}
}

// TestRefusalWordedForDiscord challenges oneself: the service refuses in
// plain words, and the bot adds the command that helps, so that the
// player reads what they read before the service stopped naming commands.
func TestRefusalWordedForDiscord(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	_, resp := h.command(h.alice, "challenge", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", h.alice))
	want := "You cannot challenge yourself. Play zugbot with /play, or leave out the opponent to challenge anyone here."
	if resp.Data == nil || resp.Data.Content != want || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Errorf("challenging oneself is answered %+v; want %q, privately", resp.Data, want)
	}
}
