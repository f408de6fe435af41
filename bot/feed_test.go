package bot_test

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/store"
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
	if _, err := h.tab.Play(web, id, h.alice.ID, 0, move); err != nil {
		t.Fatal(err)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == h.posted(st.Game.ID).Message && strings.Contains(m.Content, fmt.Sprintf("alice played **%s**.", move))
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
	if _, err := h.tab.Resign(web, id, h.alice.ID, 2); err != nil {
		t.Fatal(err)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == h.posted(st.Game.ID).Message && strings.Contains(m.Content, "alice resigned.") && finalControls(m)
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

// TestLiveBoard: every board carries a Live board button; a player gets a
// private link that signs them in to the live board, anyone else the
// address to watch; a move made on the web shows on the Discord board as
// if it were made there, and a move made on Discord shows on the web.
func TestLiveBoard(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(h *harness) { h.live = true })
	st := h.duel("zola", false)
	id := st.Game.ID
	board := h.board(id)
	live := hasSuffix(buttons(board), "/live")
	if live == "" {
		t.Fatalf("board buttons %v; want Live board", buttons(board))
	}
	carol := h.srv.NewUser("carol")
	watch := h.srv.Click(t, carol, board, live).WaitResponse(t, wait)
	if want := fmt.Sprintf("Watch game #%d live: %s/games/%s", id, h.webURL, st.Game.PublicID); watch.Data == nil || watch.Data.Content != want || watch.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Errorf("a spectator's Live board: %+v; want %q, privately", watch.Data, want)
	}
	resp := h.srv.Click(t, h.alice, board, live).WaitResponse(t, wait)
	link := regexp.MustCompile(`http://\S+/play\?t=\S+`).FindString(resp.Data.Content)
	if link == "" || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("a player's Live board: %+v; want a private link", resp.Data)
	}

	// alice signs in with the link and plays on the web.
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	page, err := client.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != http.StatusOK || page.Request.URL.Path != "/games/"+st.Game.PublicID {
		t.Fatalf("the link led to %s (%d); want the game's page", page.Request.URL, page.StatusCode)
	}
	var state struct {
		CSRF string `json:"csrf"`
		Ply  int    `json:"ply"`
	}
	sr, err := client.Get(h.webURL + "/api/games/" + st.Game.PublicID)
	if err != nil {
		t.Fatal(err)
	}
	err = json.NewDecoder(sr.Body).Decode(&state)
	sr.Body.Close()
	if err != nil || state.CSRF == "" {
		t.Fatalf("the state for alice: %+v, %v; want her CSRF value", state, err)
	}
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	body, _ := json.Marshal(map[string]any{"ply": state.Ply, "move": move})
	req, _ := http.NewRequest(http.MethodPost, h.webURL+"/api/games/"+st.Game.PublicID+"/moves", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Zugbot-CSRF", state.CSRF)
	req.Header.Set("Origin", h.webURL)
	mr, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	mr.Body.Close()
	if mr.StatusCode != http.StatusOK {
		t.Fatalf("a move on the web: %d", mr.StatusCode)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == h.posted(st.Game.ID).Message && strings.Contains(m.Content, fmt.Sprintf("alice played **%s**.", move))
	})
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, fmt.Sprintf("<@%s>, your move in game #%d", h.bob.ID, id))
	})

	// bob answers on Discord: the web's state has his move.
	st = h.game(id)
	reply := st.Position.FormatMove(st.Position.Moves(nil)[0])
	if got := h.move(h.bob, id, reply); !strings.Contains(got, "you played") {
		t.Fatalf("bob's /move: %q", got)
	}
	sr, err = client.Get(h.webURL + "/api/games/" + st.Game.PublicID)
	if err != nil {
		t.Fatal(err)
	}
	err = json.NewDecoder(sr.Body).Decode(&state)
	sr.Body.Close()
	if err != nil || state.Ply != 2 {
		t.Errorf("the web's state after bob's move on Discord: ply %d, %v; want 2", state.Ply, err)
	}
}

// TestBoardLive: /board with live gives what the Live board button gives,
// privately: a player a link that signs them in to play on the live board,
// someone else who asks in the game's channel the address to watch, and
// someone who asks elsewhere a refusal; the game's board stays where it
// is. A bot that serves no live board says so.
func TestBoardLive(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(h *harness) { h.live = true })
	st := h.duel("zola", false)
	g := st.Game
	board := h.posted(g.ID)
	where := cmp.Or(board.Thread, g.ChannelID)
	private := func(who string, resp *discordtest.Response) string {
		t.Helper()
		if resp.Data == nil || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Fatalf("%s's /board live: %+v; want a private answer", who, resp.Data)
		}
		return resp.Data.Content
	}

	ix := h.srv.SlashCommand(t, h.alice, where, "board", discordtest.Opt("game", g.ID), discordtest.Opt("live", true))
	got := private("alice", ix.WaitResponse(t, wait))
	link := regexp.MustCompile(`http://\S+/play\?t=\S+`).FindString(got)
	if link == "" || !strings.Contains(got, fmt.Sprintf("Your live board for game #%d, for you alone", g.ID)) {
		t.Fatalf("alice's /board live says %q; want her private link", got)
	}
	// The link signs her in: the game's page, and its state as her side's.
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	page, err := client.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != http.StatusOK || page.Request.URL.Path != "/games/"+g.PublicID {
		t.Fatalf("the link led to %s (%d); want the game's page", page.Request.URL, page.StatusCode)
	}
	var state struct {
		You  int    `json:"you"`
		CSRF string `json:"csrf"`
	}
	sr, err := client.Get(h.webURL + "/api/games/" + g.PublicID)
	if err != nil {
		t.Fatal(err)
	}
	err = json.NewDecoder(sr.Body).Decode(&state)
	sr.Body.Close()
	if err != nil || state.You != 0 || state.CSRF == "" {
		t.Errorf("alice's state after the link: %+v, %v; want her side, 0, and a CSRF value", state, err)
	}

	carol := h.srv.NewUser("carol")
	cix := h.srv.SlashCommand(t, carol, where, "board", discordtest.Opt("game", g.ID), discordtest.Opt("live", true))
	if got, want := private("carol", cix.WaitResponse(t, wait)), fmt.Sprintf("Watch game #%d live: %s/games/%s", g.ID, h.webURL, g.PublicID); got != want {
		t.Errorf("carol's /board live in the game's channel says %q; want %q", got, want)
	}
	side := h.srv.NewChannel(h.guild, "side")
	six := h.srv.SlashCommand(t, carol, side, "board", discordtest.Opt("game", g.ID), discordtest.Opt("live", true))
	if got := private("carol", six.WaitResponse(t, wait)); !strings.Contains(got, fmt.Sprintf("Ask for game #%d's live board in its channel, <#%s>", g.ID, where)) {
		t.Errorf("carol's /board live in another channel says %q; want a refusal naming the game's channel", got)
	}
	if now := h.posted(g.ID); now != board {
		t.Errorf("/board live moved the game's board from %+v to %+v", board, now)
	}

	// Without a live board.
	h2 := newHarness(t)
	g2 := h2.duel("zola", false).Game
	_, resp := h2.command(h2.alice, "board", discordtest.Opt("game", g2.ID), discordtest.Opt("live", true))
	h2.refused(resp, "This zugbot serves no live board.")
}

// activityClient is a person's browser in the Activity of the harness's
// channel, signed in through the fake Discord's OAuth2.
type activityClient struct {
	h      *harness
	c      *http.Client
	csrf   string // the activity session's
	origin string // the page's origin behind Discord's proxy
}

// signInActivity signs u in to the Activity instance.
func (h *harness) signInActivity(u *discordgo.User, instance string) *activityClient {
	h.t.Helper()
	jar, _ := cookiejar.New(nil)
	a := &activityClient{h: h, c: &http.Client{Jar: jar}, origin: "https://" + h.srv.AppID() + ".discordsays.com"}
	var out struct {
		CSRF string `json:"csrf"`
	}
	if code := a.call("POST", "/api/activity/token", map[string]string{"code": h.srv.Authorize(u), "instance_id": instance}, "", &out); code != http.StatusOK || out.CSRF == "" {
		h.t.Fatalf("%s's sign-in to the Activity: %d %+v", u.Username, code, out)
	}
	a.csrf = out.CSRF
	return a
}

// call sends body (JSON, nil for none) to the web server's path with the
// CSRF value csrf ("" for none) from the Activity's origin, and decodes
// the answer into out; it returns the status.
func (a *activityClient) call(method, path string, body any, csrf string, out any) int {
	a.h.t.Helper()
	var r *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	} else {
		r = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, a.h.webURL+path, r)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", a.origin)
	if csrf != "" {
		req.Header.Set("X-Zugbot-CSRF", csrf)
	}
	resp, err := a.c.Do(req)
	if err != nil {
		a.h.t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		_ = json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

// gameBoards returns the messages of channel that carry game id's
// controls: its boards.
func (h *harness) gameBoards(channel string, id int64) []*discordtest.Message {
	var boards []*discordtest.Message
	for _, m := range h.srv.Messages(channel) {
		if slices.ContainsFunc(buttons(m), func(c string) bool { return strings.HasPrefix(c, fmt.Sprintf("g/%d/", id)) }) {
			boards = append(boards, m)
		}
	}
	return boards
}

// TestStartedInActivity: a game started in the Activity gets its board in
// the Activity's channel on Discord, once, pinging nobody (its players
// started it together); the game's moves made in the Activity then show
// on that board, and a restart posts no second board.
func TestStartedInActivity(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(h *harness) { h.srv.EnableActivities(); h.live, h.activity = true, true })
	instance, alice, id, csrf := h.activityDuel()
	h.boardReady(id)
	board := h.board(id)
	if board.ChannelID != h.channel || len(board.Mentions) > 0 || strings.Contains(board.Content, "<@") {
		t.Errorf("the board of the game started in the Activity: in %s, content %q, mentions %v; want in the Activity's channel, pinging nobody", board.ChannelID, board.Content, board.Mentions)
	}

	// The player to move plays in the Activity: the board shows it.
	st := h.game(id)
	mover, client := h.alice, alice
	if st.Game.Seats[st.Position.Turn()].ID == h.bob.ID {
		mover, client = h.bob, h.signInActivity(h.bob, instance)
		var joined struct {
			GameCSRF string `json:"game_csrf"`
		}
		if code := client.call("GET", "/api/activity/game", nil, "", &joined); code != http.StatusOK {
			t.Fatalf("bob finds the channel's game: %d", code)
		}
		csrf = joined.GameCSRF
	}
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	if code := client.call("POST", "/api/games/"+st.Game.PublicID+"/moves", map[string]any{"ply": 0, "move": move}, csrf, nil); code != http.StatusOK {
		t.Fatalf("%s's move in the Activity: %d", mover.Username, code)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == board.ID && strings.Contains(m.Content, fmt.Sprintf("%s played **%s**.", mover.Username, move))
	})

	h.restart()
	// A change made after the restart is shown on the same board.
	st = h.game(id)
	other := st.Game.Seats[st.Position.Turn()].ID
	reply := st.Position.FormatMove(st.Position.Moves(nil)[0])
	if _, err := h.tab.Play(table.WithSource(context.Background(), "web"), id, other, 1, reply); err != nil {
		t.Fatal(err)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == board.ID && strings.Contains(m.Content, fmt.Sprintf("played **%s**.", reply))
	})
	if boards := h.gameBoards(h.channel, id); len(boards) != 1 {
		t.Errorf("%d boards of game %d in the channel; want the one", len(boards), id)
	}
}

// activityDuel launches the Activity in the harness's channel with alice
// and bob in it, and has alice start a game of Zola with bob there: the
// instance, alice's client, and the game's number and session CSRF value.
func (h *harness) activityDuel() (instance string, alice *activityClient, id int64, csrf string) {
	h.t.Helper()
	instance, err := h.srv.LaunchEntryPoint(h.guild, h.channel, h.alice)
	if err != nil {
		h.t.Fatal(err)
	}
	h.srv.JoinActivity(instance, h.bob)
	alice = h.signInActivity(h.alice, instance)
	var started struct {
		Game     int64  `json:"game"`
		GameCSRF string `json:"game_csrf"`
		Error    string `json:"error"`
	}
	if code := alice.call("POST", "/api/activity/games", map[string]string{"variant": "zola", "opponent": h.bob.ID}, alice.csrf, &started); code != http.StatusOK || started.Game == 0 {
		h.t.Fatalf("alice starts a game with bob in the Activity: %d %+v", code, started)
	}
	return instance, alice, started.Game, started.GameCSRF
}

// liveSession signs u in to game id's live board through the link the
// Live board button gives them, and returns their browser.
func (h *harness) liveSession(u *discordgo.User, id int64) *http.Client {
	h.t.Helper()
	board := h.board(id)
	resp := h.srv.Click(h.t, u, board, hasSuffix(buttons(board), "/live")).WaitResponse(h.t, wait)
	link := regexp.MustCompile(`http://\S+/play\?t=\S+`).FindString(resp.Data.Content)
	if link == "" {
		h.t.Fatalf("%s's Live board: %+v; want a private link", u.Username, resp.Data)
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	page, err := c.Get(link)
	if err != nil {
		h.t.Fatal(err)
	}
	page.Body.Close()
	return c
}

// watch opens game id's live stream with c, as the page does, and returns
// once it is open; close ends it, and waits until the web server knows.
func (h *harness) watch(c *http.Client, u *discordgo.User, id int64) (close func()) {
	h.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", h.webURL+"/api/games/"+h.game(id).Game.PublicID+"/live", nil)
	resp, err := c.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	if _, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil {
		h.t.Fatalf("the live stream: %v", err)
	}
	if !h.web.Watching(id, u.ID) {
		h.t.Fatalf("%s's open live stream: the web server does not know them Watching", u.Username)
	}
	return func() {
		cancel()
		resp.Body.Close()
		h.eventually("the live stream closed", func() bool { return !h.web.Watching(id, u.ID) })
	}
}

// turnPings counts the pings of u to move in game id in channel.
func (h *harness) turnPings(channel string, u *discordgo.User, id int64) int {
	n := 0
	for _, m := range h.srv.Messages(channel) {
		if strings.Contains(m.Content, fmt.Sprintf("<@%s>, your move in game #%d", u.ID, id)) {
			n++
		}
	}
	return n
}

// TestNoPingWhileWatching: a player who has the game's live board open
// (the web page, or the Activity, which runs it) is not pinged on Discord
// when it is their turn, wherever the move was made: the page shows it;
// a player without it open is, as a correspondence player needs.
func TestNoPingWhileWatching(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(h *harness) { h.live = true })
	st := h.duel("zola", false) // alice first
	id := st.Game.ID
	ch := boardChannel(h.posted(st.Game.ID).Thread, st.Game.ChannelID)
	web := table.WithSource(context.Background(), "web")
	play := func(u *discordgo.User, ply int) string {
		t.Helper()
		st := h.game(id)
		move := st.Position.FormatMove(st.Position.Moves(nil)[0])
		if _, err := h.tab.Play(web, id, u.ID, ply, move); err != nil {
			t.Fatal(err)
		}
		return move
	}
	bobPage := h.liveSession(h.bob, id)
	h.watch(bobPage, h.bob, id) // open until the bot restarts, with its web server

	// Made on the web while bob watches: the board shows it, no ping. Then
	// bob plays there too: alice, not watching, is pinged; the bot follows
	// changes in order, so a ping of bob for the first move would be sent
	// by now.
	move := play(h.alice, 0)
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == h.posted(st.Game.ID).Message && strings.Contains(m.Content, fmt.Sprintf("alice played **%s**.", move))
	})
	play(h.bob, 1)
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, fmt.Sprintf("<@%s>, your move in game #%d", h.alice.ID, id))
	})
	// Made on Discord while bob watches: no ping either. The restart lets
	// the answer to alice's /move finish first.
	st = h.game(id)
	if got := h.move(h.alice, id, st.Position.FormatMove(st.Position.Moves(nil)[0])); !strings.Contains(got, "you played") {
		t.Fatalf("alice's /move: %q", got)
	}
	h.restart()
	if n := h.turnPings(ch, h.bob, id); n != 0 {
		t.Errorf("bob pinged %d times while his live board was open; want none", n)
	}

	// Without his page open (the restarted web server has no stream of
	// his): bob is pinged, as a correspondence player needs.
	play(h.bob, 3)
	play(h.alice, 4)
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, fmt.Sprintf("<@%s>, your move in game #%d", h.bob.ID, id))
	})
	if n := h.turnPings(ch, h.bob, id); n != 1 {
		t.Errorf("bob pinged %d times; want once, for the move made when his live board was closed", n)
	}
}

// boardChannel is where a game's board and pings are: its thread, or
// its channel.
func boardChannel(thread, channel string) string {
	if thread != "" {
		return thread
	}
	return channel
}

// TestStalePickAfterChangeElsewhere: a pick on the Discord board made
// while the game changes on the web is never played against the new
// position and never leaves the board showing the old one. A menu drawn
// at an earlier ply (a copy in a DM, which the bot does not redraw) is
// refused with the specific "the board has changed" answer even where the
// move it names is legal now, and nothing is played; a piece picked on
// the board whose answer lands after the board was redrawn for a web move
// leaves the board redrawn as the game is now.
func TestStalePickAfterChangeElsewhere(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(h *harness) { h.live = true })
	st := h.duel("zola", false) // alice first
	id := st.Game.ID
	web := table.WithSource(context.Background(), "web")
	play := func(u *discordgo.User, ply int, move string) {
		t.Helper()
		if _, err := h.tab.Play(web, id, u.ID, ply, move); err != nil {
			t.Fatal(err)
		}
	}
	menu := func(m *discordtest.Message, verb string) *discordgo.SelectMenu {
		t.Helper()
		for _, sm := range m.SelectMenus() {
			if strings.Contains(sm.CustomID, "/"+verb+"/") {
				return sm
			}
		}
		t.Fatalf("message %s has no %s menu", m.ID, verb)
		return nil
	}

	// A move of alice's at ply 0 (from, move) that is legal again at ply
	// 2, after a move of hers with another piece and bob's reply, both
	// made on the web.
	var from, move, alices, bobs string
	p := st.Position
	atStart := map[string]bool{}
	for _, m := range p.Moves(nil) {
		atStart[p.FormatMove(m)] = true
	}
	for _, a := range p.Moves(nil) {
		as := p.FormatMove(a)
		p.Do(a)
		for _, b := range p.Moves(nil) {
			bs := p.FormatMove(b)
			p.Do(b)
			for _, m := range p.Moves(nil) {
				ms := p.FormatMove(m)
				if move == "" && len(ms) > 2 && !strings.HasPrefix(as, ms[:2]) && atStart[ms] {
					from, move, alices, bobs = ms[:2], ms, as, bs
				}
			}
			p.Undo()
		}
		p.Undo()
	}
	if move == "" {
		t.Fatal("no move of alice's at ply 0 is legal again at ply 2")
	}

	// alice's copy in her DM, the piece picked there at ply 0.
	dm := h.srv.DMChannel(h.alice)
	dix := h.srv.SlashCommand(t, h.alice, dm, "board", discordtest.Opt("game", id))
	dix.WaitResponse(t, wait)
	copyMsg := dix.Original()
	h.srv.Select(t, h.alice, copyMsg, menu(copyMsg, "pick").CustomID, from).WaitResponse(t, wait)
	copyMsg = h.srv.Message(dm, copyMsg.ID)
	to := menu(copyMsg, "to")

	// The moves on the web: alice to move again, in another position where
	// the move of her stale menu is legal.
	play(h.alice, 0, alices)
	play(h.bob, 1, bobs)
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == h.posted(st.Game.ID).Message && strings.Contains(m.Content, fmt.Sprintf("bob played **%s**.", bobs))
	})
	stale := h.srv.Select(t, h.alice, copyMsg, to.CustomID, move)
	h.refused(stale.WaitResponse(t, wait), fmt.Sprintf("The board of game #%d has changed since you looked at it; nothing was played.", id))
	stalePick := h.srv.Select(t, h.alice, copyMsg, menu(copyMsg, "pick").CustomID, from)
	h.refused(stalePick.WaitResponse(t, wait), "has changed since you looked at it")
	if got := h.game(id); got.Game.Ply != 2 {
		t.Fatalf("after the stale picks the game is at ply %d; want 2, nothing played", got.Game.Ply)
	}

	// A pick on the board whose answer is on its way while alice plays on
	// the web: the board ends up showing ply 3, bob's controls.
	board := h.board(id)
	h.srv.SlowRoute(discordtest.RouteCallback, 2*time.Second, 1)
	now := h.game(id)
	pm := menu(board, "pick")
	pick := h.srv.Select(t, h.alice, board, pm.CustomID, pm.Options[0].Value)
	h.eventually("the pick's answer on its way", func() bool { return h.srv.Held(discordtest.RouteCallback) == 1 })
	webMove := now.Position.FormatMove(now.Position.Moves(nil)[0])
	play(h.alice, 2, webMove)
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == board.ID && strings.Contains(m.Content, fmt.Sprintf("alice played **%s**.", webMove))
	})
	if h.srv.Held(discordtest.RouteCallback) == 0 {
		t.Log("the pick's answer landed before the web move's redraw: the order this test is after did not happen")
	}
	if r := pick.WaitResponse(t, wait); r.Type != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("the pick answered type %d; want the board updated", r.Type)
	}
	h.eventually("the board redrawn at ply 3", func() bool {
		m := h.srv.Message(board.ChannelID, board.ID)
		return slices.ContainsFunc(m.SelectMenus(), func(sm *discordgo.SelectMenu) bool {
			return strings.HasPrefix(sm.CustomID, fmt.Sprintf("g/%d/v%d/pick/", id, h.game(id).Game.TurnVersion))
		})
	})
	h.checkBoardImage(h.board(id))
}

// TestBoardAnswerInTurn: a move played with the board's menus is answered
// on the board in turn with the board's other edits. The board's redraw
// for a draw offered on the web is on its way while alice picks a piece
// and plays: it lands before her answers, and the board ends up at her
// move with its note, neither the older state over it nor the new one
// redrawn without a word of her move.
func TestBoardAnswerInTurn(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st := h.duel("zonal", false) // alice first
	id := st.Game.ID
	board := h.board(id)
	boardEdits := func() int {
		n := 0
		for _, r := range h.srv.Requests() {
			if r.Route == discordtest.RouteMessageEdit && strings.HasSuffix(r.Path, "/"+board.ID) {
				n++
			}
		}
		return n
	}
	before := boardEdits()
	h.srv.SlowRoute(discordtest.RouteMessageEdit, 3*time.Second, 1)
	web := table.WithSource(context.Background(), "web")
	if _, err := h.tab.OfferDraw(web, id, h.bob.ID, table.DrawOptions{}); err != nil {
		t.Fatal(err)
	}
	h.eventually("the offer's redraw on its way", func() bool { return h.srv.Held(discordtest.RouteMessageEdit) == 1 })

	pm := menuID(board, h.control(id, "pick/"))
	var from string
	for _, sm := range board.SelectMenus() {
		if sm.CustomID == pm {
			from = sm.Options[0].Value
		}
	}
	h.srv.Select(t, h.alice, board, pm, from).WaitResponse(t, wait)
	var move, to string
	h.eventually("the piece's moves on the board", func() bool {
		board = h.srv.Message(board.ChannelID, board.ID)
		for _, sm := range board.SelectMenus() {
			if strings.Contains(sm.CustomID, "/to/") {
				to, move = sm.CustomID, sm.Options[0].Value
			}
		}
		return to != ""
	})
	h.srv.Select(t, h.alice, board, to, move).WaitResponse(t, wait)

	note := fmt.Sprintf("alice played **%s**.", move)
	h.eventually("the offer's redraw landed", func() bool {
		return h.srv.Held(discordtest.RouteMessageEdit) == 0 && boardEdits() > before
	})
	h.eventually("the board at ply 1", func() bool {
		prefix := h.control(id, "pick/")
		return h.game(id).Game.Ply == 1 && menuID(h.srv.Message(board.ChannelID, board.ID), prefix) != prefix
	})
	if m := h.board(id); !strings.Contains(m.Content, note) {
		t.Errorf("the board says %q after alice's move; want %q", m.Content, note)
	}
}

// TestStaleMenuAfterTakeback: a takeback, then other moves, bring a game
// back to the ply of a menu drawn before them, in another position (a copy
// of the board in a DM, which the bot does not redraw). A pick from that
// menu is refused as stale, even where its move is legal now, and nothing
// is played.
func TestStaleMenuAfterTakeback(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ix, _ := h.command(h.alice, "play", discordtest.Opt("game", "zola"), discordtest.Opt("level", 1), discordtest.Opt("color", "first"))
	ix.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return len(m.Embeds) > 0 })
	id := h.onlyGame(h.alice).Game.ID
	h.boardReady(id)
	first := h.game(id).Position
	played := first.FormatMove(first.Moves(nil)[0])
	h.move(h.alice, id, played)
	h.eventually("the AI's reply", func() bool { return h.game(id).Game.Ply == 2 })
	before := h.game(id)
	dm := h.srv.DMChannel(h.alice)
	dix := h.srv.SlashCommand(t, h.alice, dm, "board", discordtest.Opt("game", id))
	dix.WaitResponse(t, wait)
	copyMsg := dix.Original()

	// On the web: alice takes back (to ply 0), plays another move, and the
	// AI replies: ply 2 again, another position.
	web := table.WithSource(context.Background(), "web")
	tab := h.tab
	if _, err := tab.Takeback(web, id, h.alice.ID); err != nil {
		t.Fatal(err)
	}
	var other string
	for _, m := range first.Moves(nil) {
		if s := first.FormatMove(m); s != played {
			other = s
			break
		}
	}
	st, err := tab.Load(web, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tab.PlayIn(web, st, h.alice.ID, 0, other, table.PlayOptions{AwaitReply: true}); err != nil {
		t.Fatal(err)
	}
	now := h.game(id)
	if now.Game.Ply != 2 || now.Position.Hash() == before.Position.Hash() {
		t.Fatalf("after the takeback and the moves: ply %d, same position %v; want ply 2 in another", now.Game.Ply, now.Position.Hash() == before.Position.Hash())
	}
	legal := map[string]bool{}
	for _, m := range now.Position.Moves(nil) {
		legal[now.Position.FormatMove(m)] = true
	}
	// A move of the copy's (ply 2, before) legal now too.
	var from, move string
	for _, m := range before.Position.Moves(nil) {
		if s := before.Position.FormatMove(m); legal[s] && move == "" {
			from, move = s[:2], s
		}
	}
	if move == "" {
		t.Fatal("no move of the copy's position is legal now")
	}
	pick := h.srv.Select(t, h.alice, copyMsg, menuID(copyMsg, fmt.Sprintf("g/%d/v%d/pick/0", id, before.Game.TurnVersion)), from)
	h.refused(pick.WaitResponse(t, wait), fmt.Sprintf("The board of game #%d has changed since you looked at it; nothing was played.", id))
	if got := h.game(id); got.Game.Ply != 2 || got.Position.Hash() != now.Position.Hash() {
		t.Errorf("after the stale pick: ply %d; want 2, nothing played", got.Game.Ply)
	}
}

// TestPingsAfterOverflow: while Discord holds the bot back (over its
// global rate limit), a web player moves in 50 games. The bot's feed
// subscription overflows (the bot says it caught up after missing
// changes), and still every player to move is pinged, once, and every
// board shows the game after its move.
func TestPingsAfterOverflow(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	web := table.WithSource(context.Background(), "web")
	tab := h.tab
	const n = 50
	type game struct {
		id   int64
		wait *discordgo.User // pinged after the web player's move
		move string
	}
	games := make([]game, n)
	for i := range games {
		a, b := h.srv.NewUser(fmt.Sprintf("a%d", i)), h.srv.NewUser(fmt.Sprintf("b%d", i))
		u, err := tab.Start(web, store.NewGame{Variant: "zola", GuildID: h.guild, ChannelID: h.channel, DaysPerMove: 3,
			Seats: [2]store.Seat{{Player: store.Player{ID: a.ID, Name: a.Username}}, {Player: store.Player{ID: b.ID, Name: b.Username}}}})
		if err != nil {
			t.Fatal(err)
		}
		p := u.State.Position
		games[i] = game{u.State.Game.ID, b, p.FormatMove(p.Moves(nil)[0])}
	}
	for _, g := range games {
		h.boardReady(g.id) // posted by the bot, as started elsewhere
	}

	h.srv.HoldGlobal(3 * time.Second)
	for _, g := range games {
		st := h.game(g.id)
		if _, err := tab.Play(web, g.id, st.Game.Seats[0].ID, 0, g.move); err != nil {
			t.Fatal(err)
		}
	}
	pings := func(g game) int {
		k := 0
		for _, m := range h.srv.Messages(h.channel) {
			if strings.Contains(m.Content, fmt.Sprintf("<@%s>, your move in game #%d ", g.wait.ID, g.id)) {
				k++
			}
		}
		return k
	}
	// 50 boards drawn twice and 50 pings, through a rate-limited Discord.
	h.eventuallyWithin(raceFactor*wait, "every player to move pinged", func() bool {
		for _, g := range games {
			if pings(g) == 0 {
				return false
			}
		}
		return true
	})
	h.eventuallyWithin(raceFactor*wait, "every board drawn at its move", func() bool {
		ids, err := h.st.StaleBoards(context.Background())
		return err == nil && len(ids) == 0
	})
	if h.logged("changes made elsewhere were missed") == 0 {
		t.Fatal("the bot's subscription never overflowed: the test tests nothing")
	}
	for _, g := range games {
		if k := pings(g); k != 1 {
			t.Errorf("game %d: %s pinged %d times; want once", g.id, g.wait.Username, k)
		}
		// The board's controls are those of the position after the move.
		if prefix := h.control(g.id, "pick/"); menuID(h.board(g.id), prefix) == prefix {
			t.Errorf("game %d's board offers no %q; want the menu of the game after its move", g.id, prefix)
		}
	}
}

// TestStepsMadeElsewhere: a tournament joined and a challenge declined
// through another adapter of the game service show on their Discord
// messages, as if they were made there.
func TestStepsMadeElsewhere(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	web := table.WithSource(ctx, "web")
	h.command(h.alice, "tournament create", discordtest.Opt("game", "zola"), discordtest.Opt("format", "swiss"), discordtest.Opt("rounds", 1))
	h.eventually("the sign-up message recorded", func() bool { return h.shown(1).Message != "" })
	if _, err := h.tab.JoinTournament(web, 1, store.Player{ID: h.bob.ID, Name: h.bob.Username}); err != nil {
		t.Fatal(err)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == h.shown(1).Message && strings.Contains(m.Content, "Players (1): bob")
	})

	ix, _ := h.command(h.alice, "challenge", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", h.bob))
	msg := ix.Original()
	cs, err := h.st.OpenChallenges(ctx, h.bob.ID)
	if err != nil || len(cs) != 1 {
		t.Fatalf("bob's challenges: %v, %v", cs, err)
	}
	h.eventually("the challenge's message recorded", func() bool {
		return h.post(store.PostedChallenge, cs[0].ID).Message == msg.ID
	})
	if _, err := h.tab.DeclineChallenge(web, cs[0].ID, h.bob.ID); err != nil {
		t.Fatal(err)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == msg.ID && strings.Contains(m.Content, "declined by bob.") && len(m.Components) == 0
	})
}
