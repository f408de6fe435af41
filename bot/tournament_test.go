package bot_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// tournament loads tournament id from the store.
func (h *harness) tournament(id int64) store.Tournament {
	h.t.Helper()
	tr, err := h.st.Tournament(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return tr
}

// roundPosted waits until tournament id plays round n with its pairings
// announced and every board posted, and returns it.
func (h *harness) roundPosted(id int64, n int) store.Tournament {
	h.t.Helper()
	var tr store.Tournament
	h.eventually(fmt.Sprintf("round %d posted", n), func() bool {
		tr = h.tournament(id)
		if tr.Round != n || tr.Announced != n {
			return false
		}
		for _, p := range tr.RoundPairings(n) {
			if p.GameID != 0 && h.game(p.GameID).Game.MessageID == "" {
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
	h.eventually("the sign-up message recorded", func() bool { return h.tournament(1).MessageID != "" })
	signup := func() *discordtest.Message { return h.srv.Message(h.channel, h.tournament(1).MessageID) }
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
	thread := tr.ThreadID
	if thread == "" || thread != tr.MessageID {
		t.Fatalf("the tournament's thread is %q; want one opened on its sign-up message %q", thread, tr.MessageID)
	}
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
	if want := fmt.Sprintf("🏆 <@%s> wins with 3 points.", h.alice.ID); !strings.Contains(final.Content, want) {
		t.Errorf("the final post says %q; want %q", final.Content, want)
	}
	if got := signup().Content; !strings.Contains(got, "Finished: **alice** wins, with 3 points.") {
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
