package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/rules"
	"github.com/zugbot/zugbot/store"
)

// playAI starts a level 1 game of u against the AI in channel and returns
// it once its board message is recorded.
func (h *harness) playAI(u *discordgo.User, channel, game string, opts ...discordtest.Option) store.State {
	h.t.Helper()
	before := h.newest(u)
	opts = append([]discordtest.Option{discordtest.Opt("game", game)}, opts...)
	if !slices.ContainsFunc(opts, func(o discordtest.Option) bool { return o.Name == "level" }) {
		opts = append(opts, discordtest.Opt("level", 1))
	}
	ix := h.srv.SlashCommand(h.t, u, channel, "play", opts...)
	ix.WaitOriginal(h.t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 })
	id := h.newest(u)
	if id == before {
		h.t.Fatalf("/play %s made no game", game)
	}
	h.boardReady(id)
	return h.game(id)
}

// newest returns the number of u's newest active game, or 0.
func (h *harness) newest(u *discordgo.User) int64 {
	h.t.Helper()
	games, err := h.st.Games(context.Background(), store.GameQuery{Player: u.ID, Status: store.Active, Limit: 100})
	if err != nil {
		h.t.Fatal(err)
	}
	var id int64
	for _, g := range games {
		id = max(id, g.ID)
	}
	return id
}

// duel starts a game of alice (moving first) against bob through a
// challenge bob accepts, and returns it once its board is posted.
func (h *harness) duel(game string, rated bool, opts ...discordtest.Option) store.State {
	h.t.Helper()
	before := h.newest(h.alice)
	opts = append([]discordtest.Option{discordtest.Opt("game", game), discordtest.Opt("opponent", h.bob),
		discordtest.Opt("color", "first"), discordtest.Opt("rated", rated)}, opts...)
	ix, _ := h.command(h.alice, "challenge", opts...)
	acc := h.srv.Click(h.t, h.bob, ix.Original(), hasSuffix(buttons(ix.Original()), "/accept"))
	acc.WaitResponse(h.t, wait)
	acc.WaitFollowups(h.t, 1, wait)
	id := h.newest(h.alice)
	if id == before {
		h.t.Fatalf("the challenge made no game")
	}
	h.boardReady(id)
	return h.game(id)
}

// move plays a move with /move in game id (0: the game option left out)
// and returns the reply the player sees.
func (h *harness) move(u *discordgo.User, id int64, move string) string {
	h.t.Helper()
	opts := []discordtest.Option{discordtest.Opt("move", move)}
	if id != 0 {
		opts = append(opts, discordtest.Opt("game", id))
	}
	ix, resp := h.command(u, "move", opts...)
	if resp.Data == nil || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		h.t.Errorf("/move %s answered publicly (type %d); want a private reply", move, resp.Type)
	}
	if resp.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		return ix.WaitOriginal(h.t, wait, func(m *discordtest.Message) bool { return m.Content != "" }).Content
	}
	return resp.Data.Content
}

// mentionRE finds user mentions in message content.
var mentionRE = regexp.MustCompile(`<@!?(\d+)>`)

// checkMentions checks every message zugbot sent or edited: its
// allowed_mentions parses nothing (no @everyone, no roles, no name
// matching) and lists only users the content mentions. It returns the
// users each message could ping, by content.
func (h *harness) checkMentions() map[string][]string {
	h.t.Helper()
	pings := map[string][]string{}
	for _, r := range h.srv.Requests() {
		if r.Method != "POST" && r.Method != "PATCH" || len(r.Payload) == 0 || r.Status >= 300 {
			continue
		}
		var body struct {
			Content         *string                            `json:"content"`
			AllowedMentions *discordgo.MessageAllowedMentions  `json:"allowed_mentions"`
			Data            *discordgo.InteractionResponseData `json:"data"`
		}
		if err := json.Unmarshal(r.Payload, &body); err != nil {
			continue // not a message (command registration is a list)
		}
		content, am := body.Content, body.AllowedMentions
		if body.Data != nil {
			content, am = &body.Data.Content, body.Data.AllowedMentions
		}
		if content == nil || !strings.Contains(*content, "<@") {
			continue
		}
		if am == nil {
			h.t.Errorf("%s %s: content %q mentions someone without allowed_mentions", r.Method, r.Path, *content)
			continue
		}
		if len(am.Parse) > 0 || len(am.Roles) > 0 {
			h.t.Errorf("%s %s: allowed_mentions %+v parses mentions; want only listed users", r.Method, r.Path, am)
		}
		var named []string
		for _, m := range mentionRE.FindAllStringSubmatch(*content, -1) {
			named = append(named, m[1])
		}
		for _, id := range am.Users {
			if !slices.Contains(named, id) {
				h.t.Errorf("%s %s: may ping %s, whom %q does not name", r.Method, r.Path, id, *content)
			}
		}
		pings[*content] = am.Users
	}
	return pings
}

// TestMentions checks that a move pings the player to move and nobody
// else, and that no message of a whole game can ping anyone it does not
// name.
func TestMentions(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	g := h.duel("zola", true).Game
	h.move(h.alice, g.ID, "a1xb1")
	ping := h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, "your move in game #"+fmt.Sprint(g.ID)) && strings.Contains(m.Content, "a1xb1")
	})
	if !strings.HasPrefix(ping.Content, "alice played **a1xb1**. <@"+h.bob.ID+">") {
		t.Errorf("ping %q; want it to say what alice played and mention bob", ping.Content)
	}
	// The fake stores a message a moment before it records the request.
	h.srv.WaitRequest(t, wait, func(r *discordtest.Request) bool {
		return r.Route == discordtest.RouteMessageCreate && strings.Contains(string(r.Payload), "your move in game #"+fmt.Sprint(g.ID))
	})
	pings := h.checkMentions()
	if got := pings[ping.Content]; len(got) != 1 || got[0] != h.bob.ID {
		t.Errorf("the move ping may mention %v; want only bob (%s)", got, h.bob.ID)
	}
	// A move against the AI pings nobody: the player is looking at the board.
	ai := h.playAI(h.alice, h.channel, "zola", discordtest.Opt("color", "first"))
	h.move(h.alice, ai.Game.ID, "a1xb1")
	for content, users := range h.checkMentions() {
		if strings.Contains(content, fmt.Sprintf("game #%d", ai.Game.ID)) && len(users) > 0 {
			t.Errorf("game against the AI: %q may ping %v", content, users)
		}
	}
}

// TestTimeoutBeforeTwoPlies checks that a game whose clock runs out before
// both players have moved is aborted and not rated.
func TestTimeoutBeforeTwoPlies(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	one := h.duel("zola", true, discordtest.Opt("days", 1)).Game
	h.move(h.alice, one.ID, "a1xb1")
	none := h.duel("zamma", true, discordtest.Opt("days", 1)).Game
	h.clock.Advance(25 * time.Hour)
	h.bot.RunDue(ctx)
	for _, g := range []store.Game{one, none} {
		st := h.game(g.ID)
		if st.Game.Result != store.Aborted || st.Game.Reason != store.ReasonNoStart || len(st.Game.Changes) != 0 {
			t.Errorf("game #%d after its clock ran out at ply %d: %v %q, %d rating changes; want aborted, unrated",
				g.ID, st.Game.Ply, st.Game.Result, st.Game.Reason, len(st.Game.Changes))
		}
		board := h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
			return m.ID == h.posted(st.Game.ID).Message && len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Description, "Aborted")
		})
		if d := board.Embeds[0].Description; !strings.Contains(d, "before both players had moved; not rated") {
			t.Errorf("board of game #%d says %q; want why it was aborted and that it is not rated", g.ID, d)
		}
		h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
			return strings.HasPrefix(m.Content, fmt.Sprintf("Game #%d: ", g.ID)) && strings.Contains(m.Content, "ran out of time")
		})
	}
	for _, u := range []*discordgo.User{h.alice, h.bob} {
		if rt, err := h.st.Rating(ctx, u.ID, "zola"); err != nil || rt.Rating != rules.InitialRating || rt.Games != 0 {
			t.Errorf("%s's rating after the aborted game: %+v, %v; want untouched", u.Username, rt, err)
		}
	}
}

// TestReminderOnce checks that the reminder pings only the player to move,
// once, and that a move in time cancels the loss.
func TestReminderOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	g := h.duel("zola", false, discordtest.Opt("days", 3)).Game
	h.move(h.alice, g.ID, "a1xb1")
	reminder := func(u *discordgo.User) int {
		n := 0
		for _, m := range h.srv.Messages(h.channel) {
			if strings.Contains(m.Content, "<@"+u.ID+">, your time in game") {
				n++
			}
		}
		return n
	}
	h.clock.Advance(58 * time.Hour) // 14 h of bob's 72 left: under a fifth
	h.bot.RunDue(ctx)
	h.bot.RunDue(ctx)
	h.eventually("bob's reminder", func() bool { return reminder(h.bob) == 1 })
	h.move(h.bob, g.ID, "a2xa1")
	h.clock.Advance(20 * time.Hour) // past bob's old deadline, within alice's
	h.bot.RunDue(ctx)
	if st := h.game(g.ID); st.Game.Over() {
		t.Errorf("game over (%s) although bob moved in time", st.Game.Reason)
	}
	if n := reminder(h.bob); n != 1 {
		t.Errorf("bob was reminded %d times; want once", n)
	}
	if n := reminder(h.alice); n != 0 {
		t.Errorf("alice was reminded %d times with most of her time left", n)
	}
}

// TestExport checks /export: the moves as a text file and the replay GIF.
func TestExport(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st := h.playAI(h.alice, h.channel, "zola", discordtest.Opt("color", "first"))
	h.move(h.alice, st.Game.ID, "a1xb1")
	st = h.game(st.Game.ID)
	ix, resp := h.command(h.bob, "export", discordtest.Opt("game", st.Game.ID))
	if resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("/export answered type %d; want a deferred public reply", resp.Type)
	}
	m := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Files) == 2 })
	var txt, gifOK bool
	for _, f := range m.Files {
		switch {
		case strings.HasSuffix(f.Name, ".txt"):
			txt = true
			s := string(f.Data)
			want := fmt.Sprintf("1. a1xb1 %s\n", st.Moves[1].Notation)
			for _, w := range []string{`[Variant "zola"]`, `[Red "alice"]`, `[Blue "zugbot (level 1, beginner)"]`, `[Result "the game goes on"]`, want} {
				if !strings.Contains(s, w) {
					t.Errorf("export text %q; want it to contain %q", s, w)
				}
			}
		case strings.HasSuffix(f.Name, ".gif"):
			g, err := f.GIF()
			if err != nil || len(g.Image) < 3 {
				t.Errorf("replay GIF: %v; want the start and 2 moves", err)
			}
			gifOK = true
		}
	}
	if !txt || !gifOK {
		t.Errorf("export files %v; want a .txt and a .gif", m.Files)
	}
	_, resp = h.command(h.bob, "export", discordtest.Opt("game", 9999))
	h.refused(resp, "There is no game #9999")

	// A second game in the channel: commands must then say which.
	second := h.playAI(h.alice, h.channel, "zodiac").Game
	_, resp = h.command(h.alice, "move", discordtest.Opt("move", "a1xb1"))
	h.refused(resp, "You have 2 games in this channel")
	for _, id := range []int64{st.Game.ID, second.ID} {
		h.refused(resp, fmt.Sprintf("#%d", id))
	}
}

// TestTakeback covers /takeback: at once against the AI, refused in rated
// games, and with the opponent's consent in casual ones.
func TestTakeback(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ai := h.playAI(h.alice, h.channel, "zola", discordtest.Opt("color", "first"))
	_, resp := h.command(h.alice, "takeback", discordtest.Opt("game", ai.Game.ID))
	h.refused(resp, "You have not moved yet")
	h.move(h.alice, ai.Game.ID, "a1xb1")
	_, resp = h.command(h.alice, "takeback", discordtest.Opt("game", ai.Game.ID))
	if resp.Data == nil || !strings.Contains(resp.Data.Content, "Took back your last move") {
		t.Errorf("/takeback against the AI: %+v", resp.Data)
	}
	if st := h.game(ai.Game.ID); st.Game.Ply != 0 || st.Position.Turn() != 0 {
		t.Errorf("after the takeback: ply %d, %d to move; want the start with alice to move", st.Game.Ply, st.Position.Turn())
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == h.posted(ai.Game.ID).Message && strings.Contains(m.Content, "alice took back their last move") && len(m.SelectMenus()) > 0
	})

	rated := h.duel("zola", true).Game
	h.move(h.alice, rated.ID, "a1xb1")
	_, resp = h.command(h.alice, "takeback", discordtest.Opt("game", rated.ID))
	h.refused(resp, "is rated: takebacks are only for casual games")

	// A live game has no takebacks, casual or rated: refused privately,
	// for the clock, and nobody is asked.
	for _, rated := range []bool{false, true} {
		live := h.duel("zola", rated, discordtest.Opt("clock", "5+3")).Game
		h.move(h.alice, live.ID, "a1xb1")
		_, resp = h.command(h.alice, "takeback", discordtest.Opt("game", live.ID))
		h.refused(resp, fmt.Sprintf("Game #%d is played on a live clock (5+3): live games have no takebacks.", live.ID))
		if st := h.game(live.ID); st.Game.Ply != 1 || st.Game.Offer.Kind != store.NoOffer {
			t.Errorf("live game (rated %v) after /takeback: ply %d, offer %+v; want nothing changed", rated, st.Game.Ply, st.Game.Offer)
		}
	}

	casual := h.duel("zola", false).Game
	h.move(h.alice, casual.ID, "a1xb1")
	_, resp = h.command(h.bob, "takeback", discordtest.Opt("game", casual.ID))
	h.refused(resp, "You have not moved yet")
	ask := func() *discordtest.Message {
		ix, resp := h.command(h.alice, "takeback", discordtest.Opt("game", casual.ID))
		if !strings.Contains(resp.Data.Content, "<@"+h.bob.ID+">, alice asks to take back") {
			t.Fatalf("takeback request says %q; want bob asked", resp.Data.Content)
		}
		return ix.Original()
	}
	offer := ask()
	_, resp = h.command(h.alice, "takeback", discordtest.Opt("game", casual.ID))
	h.refused(resp, "You have already asked to take back your move")
	yes, no := hasSuffix(buttons(offer), "/back+"), hasSuffix(buttons(offer), "/back-")
	h.refused(h.srv.Click(t, h.alice, offer, yes).WaitResponse(t, wait), "your own offer")
	r := h.srv.Click(t, h.bob, offer, no).WaitResponse(t, wait)
	if r.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(r.Data.Content, "bob declined the takeback") {
		t.Errorf("declining answered %d %q", r.Type, r.Data.Content)
	}
	if st := h.game(casual.ID); st.Game.Ply != 1 {
		t.Fatalf("ply %d after a declined takeback; want 1", st.Game.Ply)
	}
	offer = ask()
	h.srv.Click(t, h.bob, offer, hasSuffix(buttons(offer), "/back+")).WaitResponse(t, wait)
	if st := h.game(casual.ID); st.Game.Ply != 0 || st.Position.Turn() != 0 {
		t.Errorf("after an accepted takeback: ply %d; want 0 with alice to move", st.Game.Ply)
	}
}

// TestDraw covers /draw: a plain explanation where a game has no draws,
// Zamma's agreed end (counting the counters) shown privately, confirmed,
// offered, declined and accepted, and the AI's answer by its judgement.
func TestDraw(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	zodiac := h.playAI(h.alice, h.channel, "zodiac")
	_, resp := h.command(h.alice, "draw", discordtest.Opt("game", zodiac.Game.ID))
	h.refused(resp, "Zodiac has no draws and no agreed ending: a game ends when")

	// confirm asks for the agreed end of game id, is shown the count
	// privately, and confirms it: the click's interaction is returned.
	confirm := func(id int64) *discordtest.Interaction {
		t.Helper()
		before := h.game(id).Game.Offer
		ix, resp := h.command(h.alice, "draw", discordtest.Opt("game", id))
		h.refused(resp, fmt.Sprintf("In Zamma, ending game #%d by agreement means counting the counters now: equal counters (40 each), so it would be a draw. Offer it?", id))
		if st := h.game(id); st.Game.Offer != before {
			t.Fatalf("an offer made before it was confirmed: %+v", st.Game.Offer)
		}
		m := ix.Original()
		return h.srv.Click(t, h.alice, m, hasSuffix(buttons(m), "/draw!"))
	}
	g := h.duel("zamma", false).Game
	offer := func() *discordtest.Message {
		t.Helper()
		ix := confirm(g.ID)
		resp := ix.WaitResponse(t, wait)
		want := fmt.Sprintf("<@%s>, alice offers to end game #%d by agreement. In Zamma that means counting the counters now: equal counters", h.bob.ID, g.ID)
		if !strings.HasPrefix(resp.Data.Content, want) || !strings.Contains(resp.Data.Content, "it would be a draw") || resp.Data.Flags != 0 {
			t.Fatalf("Zamma offer says %q (flags %d); want %q… and the result, publicly", resp.Data.Content, resp.Data.Flags, want)
		}
		return ix.Original()
	}
	m := offer()
	h.refused(confirm(g.ID).WaitResponse(t, wait), "You have already offered this in game")
	h.srv.Click(t, h.bob, m, hasSuffix(buttons(m), "/draw-")).WaitResponse(t, wait)
	if st := h.game(g.ID); st.Game.Over() {
		t.Fatalf("game over after a declined offer")
	}
	m = offer()
	r := h.srv.Click(t, h.bob, m, hasSuffix(buttons(m), "/draw+")).WaitResponse(t, wait)
	if !strings.Contains(r.Data.Content, "bob accepted: **Draw** — ended by agreement: equal counters") {
		t.Errorf("accepting answered %q", r.Data.Content)
	}
	st := h.game(g.ID)
	if st.Game.Result != store.Draw || st.Game.EndedBy != h.bob.ID {
		t.Errorf("game after the agreement: %v by %q; want a draw accepted by bob", st.Game.Result, st.Game.EndedBy)
	}

	// Offering back what the opponent offered agrees to it.
	g = h.duel("zamma", true).Game
	offer()
	ix, resp := h.command(h.bob, "draw", discordtest.Opt("game", g.ID))
	h.refused(resp, "Offer it?")
	m = ix.Original()
	r = h.srv.Click(t, h.bob, m, hasSuffix(buttons(m), "/draw!")).WaitResponse(t, wait)
	if !strings.Contains(r.Data.Content, "bob accepts alice's offer in game #") || r.Data.Flags != 0 {
		t.Errorf("bob's /draw after alice's offer answered %q; want it accepted, publicly", r.Data.Content)
	}
	if st := h.game(g.ID); st.Game.Result != store.Draw {
		t.Errorf("game after both offered: %v; want a draw", st.Game.Result)
	}

	// The AI judges: a level opening is played out, and an offer made
	// again at once is refused without a new search.
	ai := h.playAI(h.alice, h.channel, "zamma")
	ix = confirm(ai.Game.ID)
	if resp := ix.WaitResponse(t, wait); resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Errorf("the AI's answer was not deferred: %+v", resp)
	}
	if note := ix.WaitFollowups(t, 1, wait)[0]; note.Content != fmt.Sprintf("zugbot declines the draw in game #%d and plays on.", ai.Game.ID) || note.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Errorf("the AI's decline: %q (flags %d); want it private", note.Content, note.Flags)
	}
	// The public "thinking…" goes, rather than the decline taking its place.
	h.eventually("the public deferral deleted", func() bool { return ix.Original() == nil })
	h.refused(confirm(ai.Game.ID).WaitResponse(t, wait), "zugbot has already declined a draw at this move of game")
	if st := h.game(ai.Game.ID); st.Game.Over() {
		t.Errorf("game against the AI: %v; want it to go on", st.Game.Result)
	}

	// A queen behind, the AI accepts, publicly.
	lost, err := h.st.CreateGame(seeding(context.Background()), store.NewGame{Variant: "chess", Start: "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", ChannelID: h.channel,
		Seats: [2]store.Seat{{Player: store.Player{ID: h.alice.ID, Name: h.alice.Username}}, {AI: 5}}})
	if err != nil {
		t.Fatal(err)
	}
	ix, _ = h.command(h.alice, "draw", discordtest.Opt("game", lost.ID))
	ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool {
		return strings.HasPrefix(m.Content, fmt.Sprintf("zugbot accepts alice's offer: game #%d ends by agreement.", lost.ID)) && m.Flags == 0
	})
	if st := h.game(lost.ID); st.Game.Result != store.Draw || st.Game.Reason != store.ReasonAgreement {
		t.Errorf("game against the AI: %v (%s); want drawn by agreement", st.Game.Result, st.Game.Reason)
	}
}

// TestLookups covers /games, /history, /profile and /leaderboard in both
// scopes.
func TestLookups(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	carol, dave := h.srv.NewUser("carol"), h.srv.NewUser("dave")
	other := h.srv.NewGuild("Elsewhere")
	otherChannel := h.srv.NewChannel(other, "games")
	seat := func(u *discordgo.User) store.Seat {
		return store.Seat{Player: store.Player{ID: u.ID, Name: u.Username}}
	}
	// Ten rated games each: alice beats bob here, carol beats dave elsewhere
	// (9 hours apart, under the cap of 3 rated games a day per pair).
	for range 10 {
		for _, p := range []struct {
			win, lose      *discordgo.User
			guild, channel string
		}{{h.alice, h.bob, h.guild, h.channel}, {carol, dave, other, otherChannel}} {
			g, err := h.st.CreateGame(seeding(ctx), store.NewGame{Variant: "zola", Seats: [2]store.Seat{seat(p.win), seat(p.lose)}, GuildID: p.guild, ChannelID: p.channel, Rated: true})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := h.st.Finish(seeding(ctx), g.ID, 0, store.End{Result: store.Win, Winner: 0, Reason: store.ReasonResignation, By: p.lose.ID}); err != nil {
				t.Fatal(err)
			}
		}
		h.clock.Advance(9 * time.Hour)
	}

	_, resp := h.command(h.alice, "leaderboard", discordtest.Opt("game", "zola"))
	lb := resp.Data.Embeds[0]
	if !strings.Contains(lb.Title, "this server") || !strings.Contains(lb.Description, "1. **alice**") || !strings.Contains(lb.Description, "2. **bob**") || strings.Contains(lb.Description, "carol") {
		t.Errorf("server leaderboard %q: %q; want alice then bob, not carol", lb.Title, lb.Description)
	}
	_, resp = h.command(h.alice, "leaderboard", discordtest.Opt("game", "zola"), discordtest.Opt("scope", "global"))
	lb = resp.Data.Embeds[0]
	for _, name := range []string{"alice", "bob", "carol", "dave"} {
		if !strings.Contains(lb.Description, "**"+name+"**") {
			t.Errorf("global leaderboard %q; want %s on it", lb.Description, name)
		}
	}
	_, resp = h.command(h.alice, "leaderboard", discordtest.Opt("game", "zamma"))
	if d := resp.Data.Embeds[0].Description; !strings.Contains(d, "Nobody in this server has played 10 rated games of Zamma yet") {
		t.Errorf("empty leaderboard says %q", d)
	}

	_, resp = h.command(h.alice, "profile")
	p := resp.Data.Embeds[0]
	if !strings.Contains(p.Title, "alice") || !strings.Contains(p.Description, "**Zola 6×6**: ") || !strings.Contains(p.Description, "10 wins, 0 draws, 0 losses, 10 wins in a row") {
		t.Errorf("alice's profile %q: %q", p.Title, p.Description)
	}
	_, resp = h.command(h.alice, "profile", discordtest.Opt("user", h.bob))
	if d := resp.Data.Embeds[0].Description; !strings.Contains(d, "You against bob: 10 wins, 0 draws, 0 losses") {
		t.Errorf("bob's profile seen by alice: %q; want their head-to-head", d)
	}

	_, resp = h.command(h.bob, "history")
	hist := resp.Data.Embeds[0]
	if resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || strings.Count(hist.Description, "— lost (resignation)") != 10 {
		t.Errorf("bob's history %q; want his 10 losses, privately", hist.Description)
	}
	_, resp = h.command(h.bob, "history", discordtest.Opt("game", "zamma"))
	h.refused(resp, "bob has no finished games of Zamma yet")

	_, resp = h.command(h.alice, "games")
	h.refused(resp, "alice has no games going")
	g := h.playAI(h.alice, h.channel, "zola").Game
	_, resp = h.command(h.bob, "games", discordtest.Opt("user", h.alice))
	if d := resp.Data.Embeds[0].Description; !strings.Contains(d, fmt.Sprintf("**#%d** Zola 6×6 vs zugbot (level 1, beginner) · alice to move", g.ID)) || !strings.Contains(d, "discord.com/channels/") {
		t.Errorf("alice's games %q; want game #%d with a link to its board", d, g.ID)
	}
}

// TestAdminAbort checks /admin abort: done by a member who may manage the
// server, recorded with their name, refused for another server's game.
func TestAdminAbort(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	mod := h.srv.NewUser("mod")
	h.srv.Grant(h.guild, mod, discordgo.PermissionManageGuild)
	g := h.duel("zola", true).Game
	_, resp := h.command(mod, "admin abort", discordtest.Opt("game", g.ID))
	if resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(resp.Data.Content, "recorded with your name") {
		t.Errorf("/admin abort answered %q", resp.Data.Content)
	}
	st := h.game(g.ID)
	if st.Game.Result != store.Aborted || st.Game.Reason != store.ReasonAdmin || st.Game.EndedBy != mod.ID || len(st.Game.Changes) != 0 {
		t.Errorf("aborted game: %v %q by %q; want aborted by mod, unrated", st.Game.Result, st.Game.Reason, st.Game.EndedBy)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == h.posted(st.Game.ID).Message && len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Description, "Aborted** by a moderator, <@"+mod.ID+">")
	})
	_, resp = h.command(mod, "admin abort", discordtest.Opt("game", g.ID))
	h.refused(resp, "already over")

	other := h.srv.NewChannel(h.srv.NewGuild("Elsewhere"), "games")
	away := h.playAI(h.alice, other, "zola").Game
	_, resp = h.command(mod, "admin abort", discordtest.Opt("game", away.ID))
	h.refused(resp, "is not played on this server")
}

// TestDirectMessagesAndThreads plays in a DM with the bot and in a thread.
func TestDirectMessagesAndThreads(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	dm := h.srv.DMChannel(h.alice)
	st := h.playAI(h.alice, dm, "zola", discordtest.Opt("color", "first"))
	if st.Game.GuildID != "" || st.Game.ChannelID != dm {
		t.Errorf("game in the DM has guild %q channel %q", st.Game.GuildID, st.Game.ChannelID)
	}
	ix := h.srv.SlashCommand(t, h.alice, dm, "move", discordtest.Opt("move", "a1xb1"))
	if m := ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return m.Content != "" }); !strings.Contains(m.Content, "you played **a1xb1**") {
		t.Errorf("/move in the DM: %q", m.Content)
	}
	if h.srv.Message(dm, h.posted(st.Game.ID).Message) == nil {
		t.Errorf("the DM game's board is not in the DM")
	}

	thread, err := h.srv.Session().ThreadStart(h.channel, "zola night", discordgo.ChannelTypeGuildPublicThread, 60)
	if err != nil {
		t.Fatal(err)
	}
	tg := h.playAI(h.bob, thread.ID, "zola", discordtest.Opt("color", "first"))
	ix = h.srv.SlashCommand(t, h.bob, thread.ID, "move", discordtest.Opt("move", "a1xb1"))
	ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return m.Content != "" })
	if got := h.game(tg.Game.ID).Game.Ply; got != 2 {
		t.Errorf("game in the thread at ply %d; want 2", got)
	}
	_, resp := h.command(h.bob, "board")
	h.refused(resp, "no game going in this channel")
}

// TestTooManyGames checks the limit of active games per player.
func TestTooManyGames(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	carol := h.srv.NewUser("carol")
	// alice's open challenge, made while she had room.
	ix, _ := h.command(h.alice, "challenge", discordtest.Opt("game", "zola"))
	open := ix.Original()
	for range store.DefaultMaxActiveGames {
		if _, err := h.st.CreateGame(seeding(ctx), store.NewGame{Variant: "zola", ChannelID: h.channel, GuildID: h.guild,
			Seats: [2]store.Seat{{Player: store.Player{ID: h.alice.ID, Name: "alice"}}, {AI: 1}}}); err != nil {
			t.Fatal(err)
		}
	}
	_, resp := h.command(h.alice, "play", discordtest.Opt("game", "zola"))
	h.refused(resp, "You already have the most games going at once (20)")
	_, resp = h.command(h.alice, "challenge", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", h.bob))
	h.refused(resp, "most games going at once")
	h.refused(h.srv.Click(t, h.bob, open, hasSuffix(buttons(open), "/accept")).WaitResponse(t, wait), "alice already has the most games going at once (20), so this game cannot start yet; the challenge stays open")
	cix, _ := h.command(carol, "challenge", discordtest.Opt("game", "zola"))
	h.refused(h.srv.Click(t, h.alice, cix.Original(), hasSuffix(buttons(cix.Original()), "/accept")).WaitResponse(t, wait), "You already have the most games going at once")
	if n, _ := h.st.ActiveCount(ctx, h.alice.ID); n != store.DefaultMaxActiveGames {
		t.Errorf("alice has %d games; want the limit, %d", n, store.DefaultMaxActiveGames)
	}
}

// TestLongText checks that over-long move text is refused with a reason,
// and gets no suggestions.
func TestLongText(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	g := h.playAI(h.alice, h.channel, "zola", discordtest.Opt("color", "first")).Game
	long := strings.Repeat("a1xb1 ", 50)
	_, resp := h.command(h.alice, "move", discordtest.Opt("move", long))
	h.refused(resp, "That move is 300 characters long, and no move is longer than 100")
	ac := h.srv.Autocomplete(t, h.alice, h.channel, "move", discordtest.Focus("move", long)).WaitResponse(t, wait)
	if len(ac.Data.Choices) != 0 {
		t.Errorf("%d suggestions for 300 characters", len(ac.Data.Choices))
	}
	if st := h.game(g.ID); st.Game.Ply != 0 {
		t.Errorf("ply %d after a refused move", st.Game.Ply)
	}
}

// TestRematch checks the Rematch button: a new game with colours swapped,
// at once against the AI and as a challenge to a person.
func TestRematch(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	resign := func(u *discordgo.User, id int64) *discordtest.Message {
		ix, _ := h.command(u, "resign", discordtest.Opt("game", id))
		h.srv.Click(t, u, ix.Original(), hasSuffix(buttons(ix.Original()), "/resign!")).WaitResponse(t, wait)
		st := h.game(id)
		return h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
			return m.ID == h.posted(st.Game.ID).Message && hasSuffix(buttons(m), "/rematch") != ""
		})
	}
	ai := h.playAI(h.alice, h.channel, "zola", discordtest.Opt("color", "first")).Game
	board := resign(h.alice, ai.ID)
	rix := h.srv.Click(t, h.alice, board, hasSuffix(buttons(board), "/rematch"))
	rix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 })
	next := h.game(h.newest(h.alice)).Game
	if next.ID == ai.ID || next.Seats[1].ID != h.alice.ID || next.Seats[0].AI != 1 || next.RematchOf != ai.ID {
		t.Errorf("rematch against the AI: %+v; want alice moving second against level 1", next.Seats)
	}

	duel := h.duel("zola", true).Game
	board = resign(h.bob, duel.ID)
	cix := h.srv.Click(t, h.bob, board, hasSuffix(buttons(board), "/rematch"))
	cresp := cix.WaitResponse(t, wait)
	if !strings.Contains(cresp.Data.Content, "<@"+h.alice.ID+">, **bob** challenges you") || !strings.Contains(cresp.Data.Content, "bob plays Red and moves first") {
		t.Fatalf("rematch challenge says %q; want alice challenged, bob moving first", cresp.Data.Content)
	}
	h.eventually("the rematch challenge's message", func() bool {
		cs, err := h.st.OpenChallenges(context.Background(), h.bob.ID)
		return err == nil && len(cs) == 1 && h.post(store.PostedChallenge, cs[0].ID).Message != ""
	})
	h.refused(h.srv.Click(t, h.bob, board, hasSuffix(buttons(board), "/rematch")).WaitResponse(t, wait), "You have already offered a rematch")
	// alice clicks Rematch too: that accepts bob's offer.
	aresp := h.srv.Click(t, h.alice, board, hasSuffix(buttons(board), "/rematch")).WaitResponse(t, wait)
	if !strings.Contains(aresp.Data.Content, "Rematch of game #") || !strings.Contains(aresp.Data.Content, "<@"+h.bob.ID+">, your move") {
		t.Errorf("alice's Rematch answered %q; want the new board, bob to move", aresp.Data.Content)
	}
	re := h.game(h.newest(h.bob)).Game
	if re.Seats[0].ID != h.bob.ID || !re.Rated || re.RematchOf != duel.ID {
		t.Errorf("rematch %+v; want bob first, rated, a rematch of #%d", re, duel.ID)
	}
	offerID := cix.Original().ID
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == offerID && strings.Contains(m.Content, "accepted by alice") && len(m.Buttons()) == 0
	})
}

// TestChallengeAnswered checks clicks on challenges that are no longer
// open: two accepts at once, and an accept after the 24 hours before the
// timer has run.
func TestChallengeAnswered(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	carol := h.srv.NewUser("carol")
	ix, _ := h.command(h.alice, "challenge", discordtest.Opt("game", "zola"))
	open := ix.Original()
	accept := hasSuffix(buttons(open), "/accept")
	// The first answer is held back a moment (a rate limit), so that the
	// second click comes while the buttons are still there, as it can on
	// Discord.
	h.srv.RateLimit(discordtest.RouteCallback, 1, 300*time.Millisecond)
	first := h.srv.Click(t, h.bob, open, accept)
	second := h.srv.Click(t, carol, open, accept)
	resps := []*discordtest.Response{first.WaitResponse(t, wait), second.WaitResponse(t, wait)}
	var won, lost int
	for _, r := range resps {
		switch {
		case r.Type == discordgo.InteractionResponseUpdateMessage:
			won++
		case r.Data != nil && strings.Contains(r.Data.Content, "This challenge is no longer open: it was accepted"):
			lost++
		}
	}
	if won != 1 || lost != 1 {
		t.Errorf("two accepts at once: %d accepted, %d told it was taken; want 1 and 1", won, lost)
	}

	ix, _ = h.command(h.alice, "challenge", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", h.bob))
	late := ix.Original()
	h.clock.Advance(store.DefaultChallengeTTL)
	h.refused(h.srv.Click(t, h.bob, late, hasSuffix(buttons(late), "/accept")).WaitResponse(t, wait), "This challenge expired")
	m := h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool { return m.ID == late.ID && strings.Contains(m.Content, "expired") })
	if len(m.Buttons()) != 0 {
		t.Errorf("the expired challenge keeps %d buttons", len(m.Buttons()))
	}
}

// TestBoardElsewhere checks /board outside the game's channel: in another
// channel of the server the board moves there (and the pings follow it);
// in a DM it is a copy whose controls still play, keeping the real board
// up to date.
func TestBoardElsewhere(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	g := h.duel("zola", false).Game
	side := h.srv.NewChannel(h.guild, "side")
	ix := h.srv.SlashCommand(t, h.alice, side, "board", discordtest.Opt("game", g.ID))
	moved := ix.WaitResponse(t, wait)
	if moved.Type != discordgo.InteractionResponseChannelMessageWithSource || len(moved.Data.Embeds) == 0 {
		t.Fatalf("/board in another channel answered %d", moved.Type)
	}
	h.eventually("the board to move", func() bool { return h.posted(g.ID).Message == ix.Original().ID })
	h.move(h.alice, g.ID, "a1xb1")
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ChannelID == side && strings.Contains(m.Content, "<@"+h.bob.ID+">, your move")
	})
	if b := h.board(g.ID); b.ChannelID != side || !strings.Contains(b.Content, "alice played **a1xb1**") {
		t.Errorf("board in %s says %q; want it in the side channel after alice's move", b.ChannelID, b.Content)
	}
	// Someone who does not play gets a copy: the board stays.
	carol := h.srv.NewUser("carol")
	cix := h.srv.SlashCommand(t, carol, h.channel, "board", discordtest.Opt("game", g.ID))
	cix.WaitResponse(t, wait)
	if p := h.posted(g.ID); p.Message == cix.Original().ID || p.Thread != side {
		t.Errorf("carol's /board moved the game's board")
	}
	// /move with no game option finds the game where its board is.
	if got := h.move(h.bob, 0, "a2xa1"); !strings.Contains(got, "you played") {
		t.Errorf("bob's /move: %q", got)
	}

	// In alice's DM: a copy. Picking and moving there updates the real board.
	dm := h.srv.DMChannel(h.alice)
	dix := h.srv.SlashCommand(t, h.alice, dm, "board", discordtest.Opt("game", g.ID))
	dix.WaitResponse(t, wait)
	copyMsg := dix.Original()
	home := h.posted(g.ID).Message
	if home == copyMsg.ID {
		t.Fatalf("the DM copy became the game's board")
	}
	st := h.game(g.ID)
	h.srv.Select(t, h.alice, copyMsg, menuID(copyMsg, fmt.Sprintf("g/%d/v%d/pick/0", g.ID, st.Game.TurnVersion)), "c1").WaitResponse(t, wait)
	copyMsg = h.srv.Message(dm, copyMsg.ID)
	to := h.srv.Select(t, h.alice, copyMsg, menuID(copyMsg, fmt.Sprintf("g/%d/v%d/to/0", g.ID, st.Game.TurnVersion)), "c1xd1").WaitResponse(t, wait)
	if to.Type != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("the move from the DM copy answered %d", to.Type)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == home && strings.Contains(m.Content, "alice played **c1xd1**")
	})
	if got := h.game(g.ID).Game.Ply; got != st.Game.Ply+1 {
		t.Errorf("ply %d; want %d", got, st.Game.Ply+1)
	}
}

// boardFrom creates ng as a game of alice (first) against bob in the
// harness's channel, and shows its board there.
func (h *harness) boardFrom(ng store.NewGame) store.Game {
	h.t.Helper()
	ng.GuildID, ng.ChannelID = h.guild, h.channel
	ng.Seats = [2]store.Seat{{Player: store.Player{ID: h.alice.ID, Name: "alice"}}, {Player: store.Player{ID: h.bob.ID, Name: "bob"}}}
	g, err := h.st.CreateGame(seeding(context.Background()), ng)
	if err != nil {
		h.t.Fatal(err)
	}
	h.command(h.alice, "board", discordtest.Opt("game", g.ID))
	h.boardReady(g.ID)
	return g
}

// TestWinningMove ends a rated game between two people with a move on the
// board: the answer is deferred (the replay GIF takes a while in a long
// game), then the board shows the result, the rating changes, the replay
// and only a Rematch button.
func TestWinningMove(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	g := h.boardFrom(store.NewGame{Variant: "zola", Start: "6/6/6/6/6/RB4 R", Rated: true})
	h.srv.Select(t, h.alice, h.board(g.ID), menuID(h.board(g.ID), h.control(g.ID, "pick/0")), "a1").WaitResponse(t, wait)
	to := h.srv.Select(t, h.alice, h.board(g.ID), menuID(h.board(g.ID), h.control(g.ID, "to/0")), "a1xb1")
	if r := to.WaitResponse(t, wait); r.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Errorf("the winning move answered type %d; want a deferred update", r.Type)
	}
	final := h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == h.posted(g.ID).Message && len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Description, "wins**")
	})
	desc := final.Embeds[0].Description
	for _, want := range []string{"**alice (Red) wins** — captured every enemy checker", "alice: 1500 → 1520 (+20)", "bob: 1500 → 1480 (-20)"} {
		if !strings.Contains(desc, want) {
			t.Errorf("final board %q; want %q", desc, want)
		}
	}
	if !finalControls(final) {
		t.Errorf("final board controls %v; want only Rematch and Analyse", buttons(final))
	}
	var gif bool
	for _, f := range final.Files {
		gif = gif || strings.HasSuffix(f.Name, ".gif")
	}
	if !gif || len(final.Files) != 2 {
		t.Errorf("final board has %d files, GIF %v; want the board and the replay", len(final.Files), gif)
	}
}

// TestPickerTooManyMoves picks a Zonal Chess queen in a zone, which has more
// moves than the move menus hold: the menus say how many they show, and the
// others can still be typed.
func TestPickerTooManyMoves(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	g := h.boardFrom(store.NewGame{Variant: "zonal", Start: "---8k1---/--12--/-14-/3Q12/16/-14-/--12--/---8K1--- w - - 0 1"})
	h.srv.Select(t, h.alice, h.board(g.ID), menuID(h.board(g.ID), h.control(g.ID, "pick/0")), "d5").WaitResponse(t, wait)
	var shown int
	var placeholder string
	for _, menu := range h.board(g.ID).SelectMenus() {
		if strings.Contains(menu.CustomID, "/to/") {
			shown += len(menu.Options)
			placeholder = menu.Placeholder
		}
	}
	if want := fmt.Sprintf("Choose the move of d5 (%d of its 97 moves; type the others)", shown); shown < 50 || placeholder != want {
		t.Errorf("move menus show %d moves with placeholder %q; want them full and %q", shown, placeholder, want)
	}
}
