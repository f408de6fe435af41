package bot_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot"
	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// docs has TestSwissTournament write the final standings it posts to
// docs/tournament.png, the README's picture of them.
var docs = flag.Bool("docs", false, "write the README's tournament standings image")

// tournament loads tournament id from the store.
func (h *harness) tournament(id int64) store.Tournament {
	h.t.Helper()
	tr, err := h.st.Tournament(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return tr
}

// roundPosted waits until tournament id has paired round n (it may have
// gone past it, when a round has no game to play), announced it, and
// posted every board of it; it returns the tournament.
func (h *harness) roundPosted(id int64, n int) store.Tournament {
	h.t.Helper()
	var tr store.Tournament
	h.eventually(fmt.Sprintf("round %d posted", n), func() bool {
		tr = h.tournament(id)
		if tr.Round < n || h.shown(id).Announced < n {
			return false
		}
		for _, p := range tr.RoundPairings(n) {
			if p.GameID != 0 && h.posted(p.GameID).Message == "" {
				return false
			}
		}
		return true
	})
	return tr
}

// resignIn resigns game id for u with /resign in channel, confirming.
func (h *harness) resignIn(u *discordgo.User, channel string, id int64) {
	h.t.Helper()
	ix := h.srv.SlashCommand(h.t, u, channel, "resign", discordtest.Opt("game", id))
	ix.WaitResponse(h.t, wait)
	h.srv.Click(h.t, u, ix.Original(), hasSuffix(buttons(ix.Original()), "/resign!")).WaitResponse(h.t, wait)
}

// drawIn agrees a draw in game id: a offers in channel, b accepts.
func (h *harness) drawIn(a, b *discordgo.User, channel string, id int64) {
	h.t.Helper()
	ix := h.srv.SlashCommand(h.t, a, channel, "draw", discordtest.Opt("game", id))
	if r := ix.WaitResponse(h.t, wait); r.Data == nil || r.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
		h.t.Fatalf("/draw in game %d answered %+v", id, r.Data)
	}
	h.srv.Click(h.t, b, ix.Original(), hasSuffix(buttons(ix.Original()), "/draw+")).WaitResponse(h.t, wait)
}

// TestSwissTournament plays a whole Swiss tournament of eight simulated
// players in the fake Discord: created with /tournament, joined with the
// button, started by its creator (not by another player), three rounds
// paired in its thread with their boards, results given by resignations,
// agreed draws and a loss on time before a single move, and a restart of
// the bot in the middle of round 2. The players are 1 to 8 in the order
// they joined (all rated 1500, so that order ranks them at the start);
// the lower number wins, but 1+8, 2+7, 3+6 and 4+5 draw.
//
// The pairings (White first), checked by hand against the Dutch rules:
//
//	round 1: 1–5 1–0, 2–6 1–0, 3–7 1–0, 4–8 1–0   top half against bottom half
//	round 2: 3–1 0–1, 4–2 0–1, 5–7 1–0, 6–8 0–1   in score groups, colours alternate;
//	                                               6 never moves and loses on time
//	round 3: 1–2 1–0, 8–3 0–1, 5–4 ½, 7–6 0–1      1 and 2 alone on 2 points; of the five
//	                                               on 1, 6 floats down to 7; 3 and 8,
//	                                               White and Black twice, get the other
//
// Points and Buchholz (the sum of the opponents' points), by hand:
//
//	1: 3     5 (1½) + 3 (2) + 2 (2)  = 5½
//	2: 2     6 (1) + 4 (1½) + 1 (3)  = 5½
//	3: 2     7 (0) + 1 (3) + 8 (1)   = 4
//	4: 1½    8 (1) + 2 (2) + 5 (1½)  = 4½
//	5: 1½    1 (3) + 7 (0) + 4 (1½)  = 4½   (shares 4th place with 4)
//	8: 1     4 (1½) + 6 (1) + 3 (2)  = 4½
//	6: 1     2 (2) + 8 (1) + 7 (0)   = 3
//	7: 0     3 (2) + 5 (1½) + 6 (1)  = 4½
func TestSwissTournament(t *testing.T) {
	h := newHarness(t)
	players := []*discordgo.User{h.alice, h.bob}
	for _, n := range []string{"cyd", "dora", "eli", "fay", "gus", "hal"} {
		players = append(players, h.srv.NewUser(n))
	}
	number := map[string]int{}
	for i, u := range players {
		number[u.ID] = i + 1
	}
	_, resp := h.command(h.alice, "tournament create", discordtest.Opt("game", "zonal"), discordtest.Opt("format", "swiss"),
		discordtest.Opt("rounds", 3), discordtest.Opt("clock", "5+3"))
	if resp.Data == nil || !strings.Contains(resp.Data.Content, "Tournament #1: Zonal Chess, Swiss, 3 rounds, live, 5+3, rated") {
		t.Fatalf("/tournament create answered %+v", resp.Data)
	}
	h.eventually("the sign-up message recorded", func() bool { return h.shown(1).Message != "" })
	signup := func() *discordtest.Message { return h.srv.Message(h.channel, h.shown(1).Message) }
	for _, u := range players {
		h.srv.Click(t, u, signup(), hasSuffix(buttons(signup()), "/join")).WaitResponse(t, wait)
	}
	if got := signup().Content; !strings.Contains(got, "Players (8): alice, bob, cyd, dora, eli, fay, gus, hal") {
		t.Errorf("sign-up message after the joins: %q", got)
	}
	r := h.srv.Click(t, h.bob, signup(), hasSuffix(buttons(signup()), "/start")).WaitResponse(t, wait)
	h.refused(r, "Only the creator of tournament #1, or a member who may manage this server, can do that.")
	h.srv.Click(t, h.alice, signup(), hasSuffix(buttons(signup()), "/start")).WaitResponse(t, wait)

	tr := h.roundPosted(1, 1)
	shown := h.shown(1)
	thread := shown.Thread
	if thread == "" || thread != shown.Message {
		t.Fatalf("the tournament's thread is %q; want one opened on its sign-up message %q", thread, shown.Message)
	}
	board := h.board(tr.Pairings[0].GameID)
	if len(board.Embeds) == 0 || !strings.Contains(board.Embeds[0].Description, "Tournament #1, round 1") || !strings.Contains(board.Embeds[0].Description, "⏱ 5:00") {
		t.Errorf("a round 1 board says %+v; want the tournament, the round and the clocks", board.Embeds)
	}
	h.checkBoardImage(board)
	user := func(id string) *discordgo.User { return players[number[id]-1] }
	// play gives the pairings of round n their results, but the boards in
	// skip, and returns what each board was.
	var log []string
	play := func(tr store.Tournament, n int, skip ...int) {
		t.Helper()
		for _, p := range tr.RoundPairings(n) {
			if p.Bye() || slices.Contains(skip, p.Board) {
				continue
			}
			w, b := number[p.White], number[p.Black]
			switch {
			case w+b == 9:
				h.drawIn(user(p.White), user(p.Black), thread, p.GameID)
				log = append(log, fmt.Sprintf("%d–%d ½", w, b))
			case w < b:
				h.resignIn(user(p.Black), thread, p.GameID)
				log = append(log, fmt.Sprintf("%d–%d 1–0", w, b))
			default:
				h.resignIn(user(p.White), thread, p.GameID)
				log = append(log, fmt.Sprintf("%d–%d 0–1", w, b))
			}
		}
	}
	play(tr, 1)
	tr = h.roundPosted(1, 2)
	// Round 2: one game finished, then a restart; then the rest but the
	// last board, whose White never moves and loses on time.
	ps := tr.RoundPairings(2)
	play(tr, 2, ps[1].Board, ps[2].Board, ps[3].Board)
	h.restart()
	play(tr, 2, ps[0].Board, ps[3].Board)
	h.clock.Advance(5*time.Minute + time.Second)
	h.bot.RunDue(context.Background())
	last := h.game(ps[3].GameID).Game
	if last.Result != store.Win || last.Reason != store.ReasonTimeout || last.Seats[last.Winner].ID != ps[3].Black {
		t.Fatalf("the last game of round 2: %v (%s); want White to lose on time before any move", last.Result, last.Reason)
	}
	log = append(log, fmt.Sprintf("%d–%d 0–1 (time)", number[ps[3].White], number[ps[3].Black]))
	tr = h.roundPosted(1, 3)
	play(tr, 3)
	h.eventually("the end", func() bool { return h.tournament(1).State == store.TournamentFinished })
	tr = h.tournament(1)
	var got []string
	for _, s := range table.Standings(&tr) {
		got = append(got, fmt.Sprintf("%d. %d: %g pts, Buchholz %g, %d games", s.Rank, number[s.Player.ID], s.Points, s.TieBreak, s.Games))
	}
	want := []string{
		"1. 1: 3 pts, Buchholz 5.5, 3 games",
		"2. 2: 2 pts, Buchholz 5.5, 3 games",
		"3. 3: 2 pts, Buchholz 4, 3 games",
		"4. 4: 1.5 pts, Buchholz 4.5, 3 games",
		"4. 5: 1.5 pts, Buchholz 4.5, 3 games",
		"6. 8: 1 pts, Buchholz 4.5, 3 games",
		"7. 6: 1 pts, Buchholz 3, 3 games",
		"8. 7: 0 pts, Buchholz 4.5, 3 games",
	}
	wantLog := "1–5 1–0, 2–6 1–0, 3–7 1–0, 4–8 1–0, 3–1 0–1, 4–2 0–1, 5–7 1–0, 6–8 0–1 (time), 1–2 1–0, 8–3 0–1, 5–4 ½, 7–6 0–1"
	if gotLog := strings.Join(log, ", "); gotLog != wantLog {
		t.Errorf("games played:\n%s\nwant:\n%s", gotLog, wantLog)
	}
	if !slices.Equal(got, want) {
		t.Errorf("final standings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// What the players saw in the thread: each round's pairings, pinging
	// its players, the standings before rounds 2 and 3, and the end.
	final := h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ChannelID == thread && strings.HasPrefix(m.Content, "**Tournament #1 is over")
	})
	pings := h.checkMentions()
	var rounds, images int
	for _, m := range h.srv.Messages(thread) {
		if strings.HasPrefix(m.Content, "**Round ") {
			rounds++
			if n := len(pings[m.Content]); n != 8 {
				t.Errorf("round announcement %q pings %d players, want 8", m.Content, n)
			}
		}
		if imgs, err := m.Images(); err == nil && len(imgs) == 1 && strings.HasPrefix(m.Files[0].Name, "tournament-") {
			images++
		}
	}
	if rounds != 3 || images != 3 || final == nil {
		t.Fatalf("the thread has %d round announcements, %d standings images and final post %v; want 3, 3 and one", rounds, images, final != nil)
	}
	if *docs {
		if err := os.WriteFile("../docs/tournament.png", final.Files[0].Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if want := fmt.Sprintf("🏆 <@%s> wins with 3 points.", h.alice.ID); !strings.Contains(final.Content, want) {
		t.Errorf("the final post says %q; want %q", final.Content, want)
	}
	if got := signup().Content; !strings.Contains(got, "Finished: alice wins, with 3 points.") {
		t.Errorf("the sign-up message at the end: %q", got)
	}
	// /tournament standings from the channel shows the same table.
	sx, resp := h.command(h.bob, "tournament standings")
	if resp.Data == nil || !strings.HasPrefix(resp.Data.Content, "Final standings of tournament #1 after 3 rounds.") {
		t.Errorf("/tournament standings answered %+v", resp.Data)
	}
	if imgs, err := sx.Original().Images(); err != nil || len(imgs) != 1 || imgs[0].Bounds().Dy() < 8*50 {
		t.Errorf("/tournament standings shows %d images (%v); want the table of eight", len(imgs), err)
	}
}

// TestRoundRobinTournament runs a round robin of three through the
// commands: it starts by itself at its start time, joined with /tournament
// join; a pause holds the next round until /tournament resume; Discord
// failing to take the next round's pairings has the step tried again
// later, with nothing posted twice; a player who leaves mid-round resigns
// their game and forfeits the rest. Three players play a double round
// robin: six rounds, one game and a bye in each.
func TestRoundRobinTournament(t *testing.T) {
	h := newHarness(t)
	cyd := h.srv.NewUser("cyd")
	players := []*discordgo.User{h.alice, h.bob, cyd}
	number := map[string]int{h.alice.ID: 1, h.bob.ID: 2, cyd.ID: 3}
	_, resp := h.command(h.alice, "tournament create", discordtest.Opt("game", "zola"), discordtest.Opt("format", "round robin"),
		discordtest.Opt("days", 1), discordtest.Opt("start", 10))
	if resp.Data == nil || !strings.Contains(resp.Data.Content, "round robin, 1 day per move, rated") || !strings.Contains(resp.Data.Content, "Starts <t:") {
		t.Fatalf("/tournament create answered %+v", resp.Data)
	}
	_, resp = h.command(h.alice, "tournament create", discordtest.Opt("game", "zola"), discordtest.Opt("format", "round robin"), discordtest.Opt("rounds", 3))
	h.refused(resp, "A round robin's rounds follow from its players")
	h.eventually("the sign-up message recorded", func() bool { return h.shown(1).Message != "" })
	for _, u := range players {
		if _, resp := h.command(u, "tournament join"); !strings.Contains(resp.Data.Content, "You are in tournament #1") {
			t.Fatalf("/tournament join answered %q", resp.Data.Content)
		}
	}
	_, resp = h.command(h.bob, "tournament join")
	h.refused(resp, "You are already in tournament #1.")
	h.clock.Advance(10 * time.Minute)
	h.bot.RunDue(context.Background())
	tr := h.roundPosted(1, 1)
	thread := h.shown(1).Thread
	if tr.Rounds != 6 || thread == "" {
		t.Fatalf("started: %d rounds, thread %q; want 6 in a thread", tr.Rounds, thread)
	}
	user := func(id string) *discordgo.User { return players[number[id]-1] }
	var log []string
	play := func(tr store.Tournament, n int) {
		t.Helper()
		for _, p := range tr.RoundPairings(n) {
			if p.Bye() || p.GameID == 0 {
				continue
			}
			if st := h.game(p.GameID); st.Game.Over() {
				continue
			}
			loser := p.Black
			if number[p.White] > number[p.Black] {
				loser = p.White
			}
			h.resignIn(user(loser), thread, p.GameID)
			log = append(log, fmt.Sprintf("%d–%d", number[p.White], number[p.Black]))
		}
	}
	// Paused during round 1: the round ends, and round 2 waits.
	_, resp = h.command(h.bob, "tournament pause")
	h.refused(resp, "Only the creator of tournament #1")
	if _, resp = h.command(h.alice, "tournament pause"); !strings.Contains(resp.Data.Content, "is paused") {
		t.Fatalf("/tournament pause answered %q", resp.Data.Content)
	}
	play(tr, 1)
	h.bot.RunDue(context.Background())
	if tr = h.tournament(1); tr.Round != 1 || !tr.RoundDone() {
		t.Fatalf("paused: at round %d (done %v); want round 1 over and round 2 waiting", tr.Round, tr.RoundDone())
	}
	// Resumed while Discord refuses new messages: the round is paired,
	// but its announcement waits for the step's next try.
	h.srv.FailRequests(discordtest.RouteMessageCreate, 1, 503)
	h.command(h.alice, "tournament resume")
	h.eventually("round 2 paired, its step put off", func() bool {
		next, ok, err := h.st.NextDue(context.Background())
		return h.tournament(1).Round == 2 && err == nil && ok && next.Equal(h.clock.Now().Add(table.TaskRetry))
	})
	h.bot.RunDue(context.Background()) // not yet due again: nothing happens
	if got := h.shown(1).Announced; got != 1 {
		t.Fatalf("round 2 announced (%d) through a failing Discord", got)
	}
	h.clock.Advance(table.TaskRetry)
	h.bot.RunDue(context.Background())
	tr = h.roundPosted(1, 2)
	// cyd leaves during round 2: their game, if any, is resigned; their
	// later games are forfeits.
	if _, resp = h.command(cyd, "tournament leave"); !strings.Contains(resp.Data.Content, "You have left tournament #1. Your games still to come are forfeits.") {
		t.Fatalf("/tournament leave answered %q", resp.Data.Content)
	}
	for n := 2; n <= 6; n++ {
		tr = h.roundPosted(1, n)
		play(tr, n)
	}
	final := h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ChannelID == thread && strings.HasPrefix(m.Content, "**Tournament #1 is over")
	})
	tr = h.tournament(1)
	var pairings []string
	for _, p := range tr.Pairings {
		switch {
		case p.Bye():
			pairings = append(pairings, fmt.Sprintf("r%d %d bye", p.Round, number[p.White]))
		default:
			pairings = append(pairings, fmt.Sprintf("r%d %d–%d %s", p.Round, number[p.White], number[p.Black], map[bool]string{true: "forfeit"}[p.Forfeit]))
		}
	}
	var got []string
	for _, s := range table.Standings(&tr) {
		got = append(got, fmt.Sprintf("%d. %d: %g pts, SB %g, %d games", s.Rank, number[s.Player.ID], s.Points, s.TieBreak, s.Games))
	}
	// By hand: cyd (3) left in round 2, resigning to alice; rounds 4 and 5
	// are forfeits to bob and alice. alice won her 3 games and a forfeit:
	// 4; Sonneborn–Berger 2 + 2 for beating bob (2) twice, 0 for cyd.
	// bob beat cyd and had a forfeit: 2; SB 0 (cyd has 0). Byes count
	// nothing in a round robin, forfeits count no game.
	wantPairings := "r1 1 bye, r1 2–3 , r2 3–1 , r2 2 bye, r3 1–2 , r3 3 bye, r4 1 bye, r4 3–2 forfeit, r5 1–3 forfeit, r5 2 bye, r6 2–1 , r6 3 bye"
	if p := strings.Join(pairings, ", "); p != wantPairings || strings.Join(log, ", ") != "2–3, 1–2, 2–1" {
		t.Errorf("pairings %s, games played %v", p, log)
	}
	want := []string{"1. 1: 4 pts, SB 4, 3 games", "2. 2: 2 pts, SB 0, 3 games", "3. 3: 0 pts, SB 0, 2 games"}
	if !slices.Equal(got, want) {
		t.Errorf("final standings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(final.Content, fmt.Sprintf("🏆 <@%s> wins with 4 points.", h.alice.ID)) {
		t.Errorf("final post %q", final.Content)
	}
	var announced int
	for _, m := range h.srv.Messages(thread) {
		if strings.HasPrefix(m.Content, "**Round ") {
			announced++
		}
	}
	if announced != 6 {
		t.Errorf("%d round announcements; want 6, none twice", announced)
	}
}

// TestTournamentWithoutThread: where zugbot may not create threads, a
// tournament is played in its channel.
func TestTournamentWithoutThread(t *testing.T) {
	h := newHarness(t)
	h.srv.DenyBot(h.channel, discordgo.PermissionCreatePublicThreads)
	h.command(h.alice, "tournament create", discordtest.Opt("game", "zola"), discordtest.Opt("format", "swiss"), discordtest.Opt("rounds", 1))
	for _, u := range []*discordgo.User{h.alice, h.bob} {
		h.command(u, "tournament join")
	}
	_, resp := h.command(h.alice, "tournament start")
	if !strings.Contains(resp.Data.Content, "Tournament #1 has started") {
		t.Fatalf("/tournament start answered %q", resp.Data.Content)
	}
	tr := h.roundPosted(1, 1)
	g := h.game(tr.Pairings[0].GameID).Game
	shown, board := h.shown(1), h.posted(g.ID)
	if shown.Thread != "" || board.Thread != "" || h.srv.Message(h.channel, board.Message) == nil {
		t.Fatalf("thread %q, the board in %q; want both in the channel", shown.Thread, board.Thread)
	}
	loser := h.bob
	if tr.Pairings[0].Black == h.alice.ID {
		loser = h.alice
	}
	h.resignIn(loser, h.channel, g.ID)
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ChannelID == h.channel && strings.HasPrefix(m.Content, "**Tournament #1 is over")
	})
	h.srv.TakeViolations() // the refused thread
}

// TestInvitePermissions: the fake Discord grants the bot what its invite
// asks for, no more.
func TestInvitePermissions(t *testing.T) {
	if bot.Permissions != discordtest.DefaultBotPermissions {
		t.Errorf("bot.Permissions = %d; the fake grants %d", bot.Permissions, discordtest.DefaultBotPermissions)
	}
}
