package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// What large servers do to the bot: Discord's pace for messages in one
// channel, its global limit, a deleted channel, the bot removed and
// invited back, a member who leaves, closed direct messages.

// discordPace is Discord's limit on new messages in one channel, as
// commonly seen: 5 every 5 seconds
// (https://discord.com/developers/docs/topics/rate-limits: per-route
// limits "should not be hard coded"; the bot reads them from the headers).
const discordPace = 5

// atDiscordPace limits new messages in each channel as Discord does.
func (h *harness) atDiscordPace() {
	h.srv.SetRouteLimit(discordtest.RouteMessageCreate, discordPace, 5*time.Second)
}

// tournamentOf creates a one-round Swiss tournament of zola in the
// harness's channel, with players joined by /tournament join, started by
// the first; it returns when the start is answered.
func (h *harness) tournamentOf(players []*discordgo.User, rounds int, opts ...discordtest.Option) {
	h.t.Helper()
	opts = append([]discordtest.Option{discordtest.Opt("game", "zola"), discordtest.Opt("format", "swiss"), discordtest.Opt("rounds", rounds)}, opts...)
	h.command(players[0], "tournament create", opts...)
	for _, u := range players {
		h.command(u, "tournament join")
	}
	if _, resp := h.command(players[0], "tournament start"); !strings.Contains(resp.Data.Content, "has started") {
		h.t.Fatalf("/tournament start answered %q", resp.Data.Content)
	}
}

// users makes n users named prefix1, prefix2...
func (h *harness) users(prefix string, n int) []*discordgo.User {
	out := make([]*discordgo.User, n)
	for i := range out {
		out[i] = h.srv.NewUser(fmt.Sprintf("%s%d", prefix, i+1))
	}
	return out
}

// TestRoundAtDiscordPace plays the start of a 32-player tournament round
// at Discord's pace for messages in one channel (5 in 5 s): its pairings
// and 16 boards go into its thread one after the other, while the players
// of the boards already posted move with /move in the thread, which pings
// their opponents there too. Every board arrives, once, in board order,
// after the pairings, with its picture; every interaction is answered in
// time (the fake fails the test otherwise), however long its ping waits.
// It logs how long the round took to be posted; docs/load.md has the
// figure.
func TestRoundAtDiscordPace(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.atDiscordPace()
	players := h.users("p", 32)
	h.tournamentOf(players, 1)
	h.eventually("the tournament's thread", func() bool { return h.shown(1).Thread != "" })
	thread := h.shown(1).Thread
	user := map[string]*discordgo.User{}
	for _, u := range players {
		user[u.ID] = u
	}
	// While the round is posted, the first player of each board posted
	// so far moves.
	tr := h.tournament(1)
	pairings := tr.RoundPairings(1)
	moved := map[int64]bool{}
	for len(moved) < 4 {
		for _, p := range pairings {
			if moved[p.GameID] || h.posted(p.GameID).Message == "" {
				continue
			}
			ix := h.srv.SlashCommand(t, user[p.White], thread, "move", discordtest.Opt("game", p.GameID), discordtest.Opt("move", "a1xb1"))
			if r := ix.WaitResponse(t, wait); r.Data == nil || !strings.Contains(r.Data.Content, "you played") {
				t.Errorf("/move in game %d answered %+v", p.GameID, r.Data)
			}
			moved[p.GameID] = true
		}
		time.Sleep(50 * time.Millisecond)
	}
	tr = h.roundPosted(1, 1)
	t.Logf("a 32-player round: its pairings and %d boards posted in %v at %d messages per 5 s a channel, with %d moves' pings among them",
		len(pairings), h.roundTime(tr).Round(100*time.Millisecond), discordPace, len(moved))

	// The pings of the moves arrive too.
	for id := range moved {
		st := h.game(id)
		black := st.Game.Seats[1].ID
		h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
			return m.ChannelID == thread && strings.Contains(m.Content, fmt.Sprintf("<@%s>, your move in game #%d", black, id))
		})
	}
	// The thread: the pairings first, then each board once, in order.
	var boards []string
	pairingsAt := -1
	for i, m := range h.srv.Messages(thread) {
		if strings.HasPrefix(m.Content, "**Round 1 of 1**") {
			pairingsAt = i
		}
		if len(m.Embeds) > 0 {
			boards = append(boards, m.ID)
		}
	}
	var want []string
	for _, p := range pairings {
		want = append(want, h.posted(p.GameID).Message)
		h.board(p.GameID) // its picture decodes
	}
	if pairingsAt != 0 || !slices.Equal(boards, want) {
		t.Errorf("thread: pairings at %d, boards %v; want the pairings first, then the boards %v in board order", pairingsAt, boards, want)
	}
}

// timersDone waits until no timer is due: each was handled (by the test's
// RunDue or the bot's own timer loop, which runs alongside) and marked
// done, its announcement made or dropped, or put off for a retry.
func (h *harness) timersDone() {
	h.t.Helper()
	h.eventually("the due timers handled", func() bool {
		due, err := h.st.Due(context.Background(), 0)
		return err == nil && len(due) == 0
	})
}

// TestFlagDuringRound: while a tournament's round is posted at Discord's
// pace in its thread, a live game in another channel runs out of time.
// Its time-out is announced at once, not after the round's boards: the
// timers of other games do not wait for a tournament's step.
func TestFlagDuringRound(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.atDiscordPace()
	elsewhere := h.srv.NewChannel(h.guild, "elsewhere")
	g := h.playAI(h.alice, elsewhere, "zola", discordtest.Opt("color", "first"), discordtest.Opt("clock", "5+3")).Game
	h.clock.Advance(4 * time.Minute)
	h.tournamentOf(h.users("p", 16), 1) // 8 boards: two windows of Discord's pace
	h.eventually("the round's pairings", func() bool { return h.shown(1).Announced == 1 })
	h.clock.Advance(90 * time.Second) // alice's 5 minutes are up; the round's clocks are at 1:30
	h.tab.WakeTimers()
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ChannelID == elsewhere && strings.Contains(m.Content, fmt.Sprintf("Game #%d: alice ran out of time.", g.ID))
	})
	posted := 0
	tr := h.tournament(1)
	for _, p := range tr.RoundPairings(1) {
		if h.posted(p.GameID).Message != "" {
			posted++
		}
	}
	if posted == len(tr.RoundPairings(1)) {
		t.Errorf("the time-out elsewhere came after the round's %d boards; want it while they are posted", posted)
	}
	h.roundPosted(1, 1)
}

// roundTime returns how long tournament tr's round took to be posted:
// from its thread's opening (the step's first request) to its last
// board's post.
func (h *harness) roundTime(tr store.Tournament) time.Duration {
	var first, last time.Time
	boards := map[string]bool{}
	for _, p := range tr.RoundPairings(tr.Round) {
		boards[h.posted(p.GameID).Message] = true
	}
	for _, r := range h.srv.Requests() {
		switch {
		case r.Status != http.StatusOK:
		case r.Route == discordtest.RouteMessageThread && first.IsZero():
			first = r.Time
		case r.Route == discordtest.RouteMessageCreate && boards[responseID(r)]:
			last = r.Time
		}
	}
	return last.Sub(first)
}

// BenchmarkRoundAtDiscordPace measures how long the first round of a
// 32-player tournament takes to be posted (its pairings and 16 boards, in
// its thread) at Discord's pace of 5 messages per 5 s a channel, in
// seconds a round. Each round takes about 15 s:
//
//	go test ./bot -run XXX -bench RoundAtDiscordPace -benchtime 1x
func BenchmarkRoundAtDiscordPace(b *testing.B) {
	var total time.Duration
	for range b.N {
		h := newHarness(b)
		h.atDiscordPace()
		h.tournamentOf(h.users("p", 32), 1)
		total += h.roundTime(h.roundPosted(1, 1))
	}
	b.ReportMetric(total.Seconds()/float64(b.N), "s/round")
}

// TestChallengeStorm: eight open challenges in one channel, accepted
// and answered with a first move each, at Discord's pace for messages in
// the channel. Every answer is in time; each opponent is pinged once;
// every board shows its move.
func TestChallengeStorm(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.atDiscordPace()
	firsts, seconds := h.users("w", 8), h.users("b", 8)
	var ids []int64
	for i := range firsts {
		ix, _ := h.command(firsts[i], "challenge", discordtest.Opt("game", "zola"), discordtest.Opt("color", "first"))
		acc := h.srv.Click(t, seconds[i], ix.Original(), hasSuffix(buttons(ix.Original()), "/accept"))
		acc.WaitResponse(t, wait)
		acc.WaitFollowups(t, 1, wait)
		ids = append(ids, h.newest(firsts[i]))
	}
	for i, id := range ids {
		if got := h.move(firsts[i], id, "a1xb1"); !strings.Contains(got, "you played") {
			t.Errorf("/move in game %d: %q", id, got)
		}
	}
	for i, id := range ids {
		ping := fmt.Sprintf("<@%s>, your move in game #%d", seconds[i].ID, id)
		h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool { return strings.Contains(m.Content, ping) })
		n := 0
		for _, m := range h.srv.Messages(h.channel) {
			if strings.Contains(m.Content, ping) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("game %d: %d pings of its second player; want 1", id, n)
		}
		h.eventually("the board after the move", func() bool { return strings.Contains(h.board(id).Content, "played **a1xb1**") })
	}
}

// TestGlobalLimitHeld holds the bot at Discord's global rate limit for
// 2 s while players move: interaction answers are not bound by it, so
// every move is answered in time; the board edits and pings wait for the
// limit to pass, and then arrive.
func TestGlobalLimitHeld(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	g := h.duel("zola", false).Game
	const hold = 2 * time.Second
	held := time.Now()
	h.srv.HoldGlobal(hold)
	if got := h.move(h.alice, g.ID, "a1xb1"); !strings.Contains(got, "you played") {
		t.Fatalf("/move during the global limit: %q", got)
	}
	ping := h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, fmt.Sprintf("<@%s>, your move in game #%d", h.bob.ID, g.ID))
	})
	h.eventually("the board after the move", func() bool { return strings.Contains(h.board(g.ID).Content, "played **a1xb1**") })
	global := 0
	for _, r := range h.srv.Requests() {
		switch {
		case r.Status == http.StatusTooManyRequests && r.Route == discordtest.RouteCallback:
			t.Errorf("an interaction callback was rate limited")
		case r.Status == http.StatusTooManyRequests && strings.Contains(string(r.Response), `"global":true`):
			global++
		}
	}
	if global == 0 {
		t.Errorf("no request met the global limit; the test tests nothing")
	}
	if ping.Timestamp.Before(held.Add(hold)) {
		t.Errorf("the ping was posted at %v, before the global limit passed at %v", ping.Timestamp, held.Add(hold))
	}
}

// TestDeletedChannel deletes the channel of two games and of a tournament
// (with its thread) mid-round. Nothing is lost: the players move with
// /move from another channel, told that the board's channel is gone and
// how to show it; /board there moves the game's board there, which the
// next moves update. The tournament is called off, its games going on as
// ordinary games. The timers of the games left in the deleted channel end
// them on time, try their announcements once and drop them: nothing is
// retried.
func TestDeletedChannel(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	moved := h.duel("zola", false, discordtest.Opt("days", 1)).Game
	left := h.duel("zola", false, discordtest.Opt("days", 1)).Game
	players := h.users("t", 4)
	byID := map[string]*discordgo.User{}
	for _, u := range players {
		byID[u.ID] = u
	}
	h.tournamentOf(players, 2)
	tr := h.roundPosted(1, 1)

	h.srv.DeleteChannel(h.channel)
	side := h.srv.NewChannel(h.guild, "side")
	ix := h.srv.SlashCommand(t, h.alice, side, "move", discordtest.Opt("game", moved.ID), discordtest.Opt("move", "a1xb1"))
	if r := ix.WaitResponse(t, wait); r.Data == nil || !strings.Contains(r.Data.Content, "you played") {
		t.Fatalf("/move after the channel's deletion answered %+v", r.Data)
	}
	note := ix.WaitFollowups(t, 1, wait)[0]
	if !strings.Contains(note.Content, "no longer exists; /board in another channel") {
		t.Errorf("after the move, alice was told %q; want the channel gone and /board", note.Content)
	}
	h.srv.TakeViolations() // the board's edit and the ping in the deleted channel
	bix := h.srv.SlashCommand(t, h.bob, side, "board", discordtest.Opt("game", moved.ID))
	bix.WaitResponse(t, wait)
	h.eventually("the board in the side channel", func() bool { return h.posted(moved.ID).Message == bix.Original().ID })
	ix = h.srv.SlashCommand(t, h.bob, side, "move", discordtest.Opt("game", moved.ID), discordtest.Opt("move", "a2xa1"))
	ix.WaitResponse(t, wait)
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ChannelID == side && strings.Contains(m.Content, fmt.Sprintf("<@%s>, your move in game #%d", h.alice.ID, moved.ID))
	})
	if b := h.board(moved.ID); b.ChannelID != side || !strings.Contains(b.Content, "bob played") {
		t.Errorf("the board in %s says %q; want it in the side channel after bob's move", b.ChannelID, b.Content)
	}
	// A tournament game: the same, once its tournament is called off.
	h.eventually("the tournament called off", func() bool { return h.tournament(tr.ID).State == store.TournamentCancelled })
	p := tr.RoundPairings(1)[0]
	ix = h.srv.SlashCommand(t, byID[p.White], side, "move", discordtest.Opt("game", p.GameID), discordtest.Opt("move", "a1xb1"))
	if r := ix.WaitResponse(t, wait); r.Data == nil || !strings.Contains(r.Data.Content, "you played") {
		t.Fatalf("/move in the tournament's game answered %+v", r.Data)
	}
	bix = h.srv.SlashCommand(t, byID[p.Black], side, "board", discordtest.Opt("game", p.GameID))
	bix.WaitResponse(t, wait)
	h.eventually("the tournament game's board in the side channel", func() bool { return h.posted(p.GameID).Message == bix.Original().ID })
	h.srv.TakeViolations()

	// The tournament is called off; its games, and the one left in the
	// deleted channel, end on time; each announcement is tried once.
	notFound := func() int {
		n := 0
		for _, r := range h.srv.Requests() {
			if r.Route == discordtest.RouteMessageCreate && r.Status == http.StatusNotFound {
				n++
			}
		}
		return n
	}
	h.clock.Advance(25 * time.Hour)
	for range 3 {
		h.bot.RunDue(ctx)
	}
	h.timersDone()
	for _, id := range []int64{left.ID, tr.RoundPairings(1)[1].GameID} {
		if st := h.game(id).Game; !st.Over() {
			t.Errorf("game %d, left in the deleted channel: %v; want it ended on time", id, st.Result)
		}
	}
	h.timersDone()
	tried := notFound()
	h.clock.Advance(table.TaskRetry << table.TaskTries)
	h.bot.RunDue(ctx)
	h.timersDone()
	if n := notFound(); n != tried {
		t.Errorf("%d messages refused in the deleted channel, then %d once retries were due; want none retried", tried, n)
	}
	h.srv.TakeViolations()
}

// TestMemberLeaves: bob leaves the server in the middle of a game and of a
// tournament. The bot is not told (GUILD_MEMBER_REMOVE needs the
// privileged Server Members intent, which zugbot does not ask for): his
// games go on, and end on time, with alice pinged; or alice resigns.
func TestMemberLeaves(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	g := h.duel("zola", true, discordtest.Opt("days", 1)).Game
	resigned := h.duel("zola", false, discordtest.Opt("days", 1)).Game
	h.move(h.alice, g.ID, "a1xb1")
	h.move(h.bob, g.ID, "a2xa1")
	h.move(h.alice, g.ID, "c1xd1")
	h.tournamentOf([]*discordgo.User{h.alice, h.bob}, 1)
	tr := h.roundPosted(1, 1)
	tg := tr.Pairings[0].GameID
	if tr.Pairings[0].White == h.alice.ID {
		ix := h.srv.SlashCommand(t, h.alice, h.board(tg).ChannelID, "move", discordtest.Opt("game", tg), discordtest.Opt("move", "a1xb1"))
		ix.WaitResponse(t, wait)
	}
	h.srv.RemoveMember(h.guild, h.bob)

	h.resignIn(h.alice, h.channel, resigned.ID)
	if st := h.game(resigned.ID).Game; !st.Over() {
		t.Errorf("game %d after alice resigned: %v", resigned.ID, st.Result)
	}
	h.clock.Advance(25 * time.Hour)
	for range 3 {
		h.bot.RunDue(ctx)
	}
	h.timersDone()
	if st := h.game(g.ID).Game; !st.Over() || st.Seats[st.Winner].ID != h.alice.ID {
		t.Errorf("game %d after bob's time ran out: %v; want alice the winner", g.ID, st.Result)
	}
	told := false
	for content, users := range h.checkMentions() {
		told = told || strings.Contains(content, fmt.Sprintf("Game #%d: bob ran out of time.", g.ID)) && slices.Contains(users, h.alice.ID)
	}
	if !told {
		t.Errorf("alice was not pinged when bob ran out of time")
	}
	if st := h.game(tg).Game; !st.Over() {
		t.Errorf("bob's tournament game %d: %v; want it over on time", tg, st.Result)
	}
	for content, users := range h.checkMentions() {
		told = told || strings.Contains(content, fmt.Sprintf("Game #%d: bob ran out of time.", tg)) && slices.Contains(users, h.alice.ID)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return strings.HasPrefix(m.Content, "**Tournament #1 is over")
	})
}

// TestDMsClosed: alice plays the AI in her DMs on a live clock, then
// closes her DMs. What the bot posts there on its own (the time-out) is
// refused with 50007, tried once and dropped, without a loop; the game
// ends on time all the same, and its board (an edit) shows it.
func TestDMsClosed(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	dm := h.srv.DMChannel(h.alice)
	g := h.playAI(h.alice, dm, "zola", discordtest.Opt("color", "first"), discordtest.Opt("clock", "5+3")).Game
	h.srv.CloseDMs(h.alice)
	refused := func() int {
		n := 0
		for _, r := range h.srv.Requests() {
			if r.Route == discordtest.RouteMessageCreate && r.Status == http.StatusForbidden {
				n++
			}
		}
		return n
	}
	h.clock.Advance(10 * time.Minute)
	for range 2 {
		h.bot.RunDue(ctx)
	}
	h.timersDone()
	if st := h.game(g.ID).Game; !st.Over() {
		t.Fatalf("game %d after alice's time ran out: %v; want it over", g.ID, st.Result)
	}
	h.timersDone()
	first := refused()
	if first == 0 {
		t.Fatalf("no DM was refused; the test tests nothing")
	}
	h.clock.Advance(table.TaskRetry << table.TaskTries)
	h.bot.RunDue(ctx)
	h.timersDone()
	if n := refused(); n != first {
		t.Errorf("%d DMs refused, then %d after the retries' time; want no retry", first, n)
	}
	if b := h.board(g.ID); !strings.Contains(b.Content, "ran out of time") {
		t.Errorf("the board in the DM says %q; want the time-out", b.Content)
	}
	for _, v := range h.srv.TakeViolations() {
		if v.Code != discordgo.ErrCodeCannotSendMessagesToThisUser {
			t.Errorf("violation %v; want only the refused DMs", v)
		}
	}
}

// responseID returns the ID of the object a request's answer describes.
func responseID(r *discordtest.Request) string {
	var m struct {
		ID string `json:"id"`
	}
	json.Unmarshal(r.Response, &m)
	return m.ID
}

// TestRemovedFromServer: the bot is removed from a server in the middle
// of a game there, for 30 hours, while a live game goes on in another.
// The removed server's game neither times out nor is announced meanwhile,
// and nothing is sent there; the other server's game ends on time as
// usual. Invited back, the game resumes as it was: its deadline is as far
// off as when the bot left, and it ends on time after that. The log says
// each once.
func TestRemovedFromServer(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	g := h.duel("zola", false, discordtest.Opt("days", 1)).Game
	other := h.srv.NewGuild("Other Club")
	elsewhere := h.srv.NewChannel(other, "games")
	live := h.playAI(h.alice, elsewhere, "zola", discordtest.Opt("color", "first"), discordtest.Opt("clock", "5+3")).Game

	h.srv.LeaveGuild(h.guild)
	h.eventually("the removal logged", func() bool { return h.logged("removed from a server") == 1 })
	sent := len(h.srv.Requests())
	h.clock.Advance(30 * time.Hour)
	for range 3 {
		h.bot.RunDue(ctx)
	}
	h.timersDone()
	if st := h.game(live.ID).Game; !st.Over() {
		t.Errorf("the other server's game after its time ran out: %v; want it over", st.Result)
	}
	if st := h.game(g.ID).Game; st.Over() {
		t.Errorf("the game of the server the bot left: %v; want it waiting", st.Result)
	}
	for _, r := range h.srv.Requests()[sent:] {
		if strings.Contains(r.Path, h.channel) {
			t.Errorf("%s %s while the bot was away from its server", r.Method, r.Path)
		}
	}

	h.srv.RejoinGuild(h.guild)
	h.eventually("the return logged", func() bool { return h.logged("back in a server") == 1 })
	if got, want := h.game(g.ID).Game.Deadline, g.Deadline.Add(30*time.Hour); !got.Equal(want) {
		t.Errorf("deadline back in the server: %v; want %v, as far off as when the bot left", got, want)
	}
	h.clock.Advance(25 * time.Hour)
	for range 3 {
		h.bot.RunDue(ctx)
	}
	h.timersDone()
	if st := h.game(g.ID).Game; !st.Over() {
		t.Errorf("the game after its deadline, back in the server: %v; want it over on time", st.Result)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ChannelID == h.channel && strings.Contains(m.Content, fmt.Sprintf("Game #%d: alice ran out of time.", g.ID))
	})
	if n, m := h.logged("removed from a server"), h.logged("back in a server"); n != 1 || m != 1 {
		t.Errorf("logged the removal %d times and the return %d; want once each", n, m)
	}
}
