package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/store"
)

var (
	crashKills = flag.Int("crash.kills", 5, "TestCrash: how many times to SIGKILL the bot (the long form: 20 or more)")
	crashTerms = flag.Int("crash.terms", 1, "TestCrash: how many times to stop the bot with SIGTERM")
	crashEach  = flag.Int("crash.each", 1, "TestFeaturesCrash: how many live games' flags and analyses to kill the bot in")
)

// sentMove is a move a test sent to the bot.
type sentMove struct {
	game int64
	ply  int    // the game's ply before the move
	move string // its notation
	menu bool   // through the board's menus (else /move)
	ix   *discordtest.Interaction
	ack  string // what the player was shown of it, read when the bot stopped
}

// acked returns what the player was shown of the move: "" when nothing
// shows it played, else the response's text, which also holds the AI's
// reply if any.
func (m *sentMove) acked() string {
	r := m.ix.Response()
	if r == nil {
		return ""
	}
	var texts []string
	if r.Data != nil {
		texts = append(texts, r.Data.Content)
	}
	if o := m.ix.Original(); o != nil {
		texts = append(texts, o.Content)
	}
	for _, s := range texts {
		if strings.Contains(s, "played **"+m.move+"**") {
			return s
		}
	}
	return ""
}

// replyIn returns the AI's reply named in an acknowledgement, or "".
func replyIn(text string) string {
	_, rest, ok := strings.Cut(text, "zugbot replied **")
	if !ok {
		return ""
	}
	reply, _, _ := strings.Cut(rest, "**")
	return reply
}

// TestCrash plays games on the real binary and kills it with SIGKILL at
// random moments (during board edits, AI thinks and time-outs), restarting
// it on the same database each time, then stops it with SIGTERM. It checks
// that no acknowledged move is lost or applied twice, that the AI moves in
// every game where it is to move and every board shows its game's state
// within a few seconds of each start, that every time-out ends its game
// once, that every server's daily puzzle is posted once a day (servers
// are added before each start, and posts' records forgotten as a kill
// between a post and its record leaves them), and that the database
// passes integrity_check. After SIGTERM
// nothing may be behind at all: no board, no AI move, no answer.
//
// Short form: go test ./cmd/zugbot -run TestCrash (5 kills). Long form:
// go test ./cmd/zugbot -run TestCrash -crash.kills 20 -crash.terms 3 -v
func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	f := newFleet(t, discordtest.Config{})
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	t.Logf("kills %d, terms %d", *crashKills, *crashTerms)

	f.start(true)
	type seat struct {
		id    int64
		users [2]*discordgo.User
	}
	var humans, ais []seat
	for i := range 6 {
		a, b := f.srv.NewUser(fmt.Sprintf("h%da", i)), f.srv.NewUser(fmt.Sprintf("h%db", i))
		humans = append(humans, seat{f.challenge(f.channel, a, b, 1), [2]*discordgo.User{a, b}})
	}
	for i, level := range []int{1, 2, 3, 3, 4, 4} {
		u := f.srv.NewUser(fmt.Sprintf("ai%d", i))
		ais = append(ais, seat{f.playAI(f.channel, u, level), [2]*discordgo.User{u}})
	}
	var all []int64
	for _, s := range append(append([]seat{}, humans...), ais...) {
		all = append(all, s.id)
	}
	// Daily puzzles: this server's set by its admin's command, and more
	// servers' set while the bot is down before each start, so that kills
	// fall while they are posted. Each server's daily puzzle is posted
	// once a day, whatever the kills (checked at the end).
	dailies := map[string]string{} // server → the daily puzzle's channel
	mod := f.srv.NewUser("mod")
	f.srv.Grant(f.guild, mod, discordgo.PermissionManageGuild)
	dailies[f.guild] = f.srv.NewChannel(f.guild, "puzzles")
	f.srv.SlashCommand(t, mod, f.channel, "admin daily-puzzle", discordtest.Opt("channel", dailies[f.guild])).WaitResponse(t, 20*time.Second)
	addDaily := func(round int) {
		g := f.srv.NewGuild(fmt.Sprintf("Daily %d", round))
		dailies[g] = f.srv.NewChannel(g, "puzzles")
		if err := f.st.SetDailyChannel(ctx, store.DailyChannel{Guild: g, Channel: dailies[g]}, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	// unrecord forgets a recorded post's message and makes its timer due,
	// as a kill between the post and its record leaves them: the next
	// start must find the post rather than post again.
	forgotten := 0
	unrecord := func() {
		for g := range dailies {
			res, err := f.raw.ExecContext(ctx, `UPDATE daily_posts SET message_id = '' WHERE guild_id = ? AND message_id <> ''`, g)
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := res.RowsAffected(); n > 0 {
				forgotten++
				if _, err := f.raw.ExecContext(ctx, `UPDATE schedule SET due = ? WHERE daily_guild = ?`, time.Now().UnixMilli(), g); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
	}
	doomed := map[int64]bool{} // games whose deadline the test has moved into the past

	var sent []*sentMove
	var problems []string
	fail := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	// settle waits after a start until every board shows its game and the
	// AI has moved wherever it is to move.
	settle := func(within time.Duration) {
		t.Helper()
		deadline := time.Now().Add(within)
		for {
			b := f.behind(all)
			if len(b) == 0 {
				return
			}
			if time.Now().After(deadline) {
				fail("%v after a start: %s", within, strings.Join(b, "; "))
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}

	// burst sends one move in every game where a person is to move: by
	// /move, or by the board's menus (the piece picked first, the move
	// sent in the burst).
	burst := func() []*sentMove {
		t.Helper()
		var out []*sentMove
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, s := range append(append([]seat{}, humans...), ais...) {
			if doomed[s.id] {
				continue
			}
			st := f.load(s.id)
			g := &st.Game
			if g.Over() || g.Seats[st.Position.Turn()].IsAI() {
				continue
			}
			u := s.users[0]
			if g.Seats[st.Position.Turn()].ID != u.ID {
				u = s.users[1]
			}
			legal := st.Position.Moves(nil)
			mv := legal[rng.IntN(len(legal))]
			text := st.Position.FormatMove(mv)
			path := st.Position.Describe(mv).Path
			board := f.posted(store.PostedGame, g.ID).Message
			menu := rng.IntN(2) == 0 && len(path) > 0 && board != ""
			wg.Add(1)
			go func() {
				defer wg.Done()
				m := &sentMove{game: g.ID, ply: g.Ply, move: text, menu: menu}
				if menu {
					board := f.srv.Message(g.ChannelID, board)
					from := st.Position.Variant().Geometry.Points[path[0]].Name
					pick := menuWith(board, "/pick/", from)
					f.srv.Select(t, u, board, pick, from).WaitResponse(t, 20*time.Second)
					board = f.srv.Message(g.ChannelID, board.ID)
					to := menuWith(board, "/to/", text)
					if to == "" {
						t.Errorf("game %d: no menu offers %s after picking %s", g.ID, text, from)
						return
					}
					m.ix = f.srv.Select(t, u, board, to, text)
				} else {
					m.ix = f.srv.SlashCommand(t, u, f.channel, "move", discordtest.Opt("move", text), discordtest.Opt("game", g.ID))
				}
				mu.Lock()
				out = append(out, m)
				mu.Unlock()
			}()
		}
		wg.Wait()
		return out
	}

	// doom moves the deadline of a game going on between people into the
	// past, with the bot down: at its next start the time-out is due.
	doom := func() {
		for _, s := range humans {
			if st := f.load(s.id); doomed[s.id] || st.Game.Over() {
				continue
			}
			past := time.Now().Add(-time.Second).UnixMilli()
			if _, err := f.raw.ExecContext(ctx, `UPDATE games SET deadline = ? WHERE id = ?`, past, s.id); err != nil {
				t.Fatal(err)
			}
			if _, err := f.raw.ExecContext(ctx, `UPDATE schedule SET due = ? WHERE game_id = ? AND kind = 'deadline'`, past, s.id); err != nil {
				t.Fatal(err)
			}
			doomed[s.id] = true
			return
		}
	}

	pending := 0 // daily posts claimed without their message recorded, found at a start
	modes := []string{"board edits", "AI thinks", "time-outs"}
	rounds := *crashKills + *crashTerms
	for round := range rounds {
		term := round >= *crashKills
		mode := modes[round%len(modes)]
		if term {
			// What earlier kills left behind is caught up first, so that
			// after the SIGTERM nothing at all may be behind.
			mode = "board edits"
		}
		if mode == "time-outs" {
			doom()
			doom()
		}
		if round > 0 {
			addDaily(round)
			if round%2 == 0 {
				unrecord()
			}
			var n int
			if err := f.raw.QueryRowContext(ctx, `SELECT count(*) FROM daily_posts WHERE message_id = ''`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			pending += n
			f.start(mode != "time-outs")
			if mode != "time-outs" {
				settle(10 * time.Second)
			}
		}
		var moves []*sentMove
		var wait time.Duration
		switch {
		case term:
			moves = burst()
			wait = time.Duration(rng.IntN(300)) * time.Millisecond
		case mode == "board edits":
			moves = burst()
			wait = time.Duration(rng.IntN(60)) * time.Millisecond
		case mode == "AI thinks":
			moves = burst()
			wait = time.Duration(200+rng.IntN(700)) * time.Millisecond
		case mode == "time-outs":
			wait = time.Duration(rng.IntN(150)) * time.Millisecond
		}
		time.Sleep(wait)
		sig := syscall.SIGKILL
		if term {
			sig = syscall.SIGTERM
		}
		f.stop(sig)
		acked := 0
		for _, m := range moves {
			if m.ack = m.acked(); m.ack != "" {
				acked++
			}
		}
		t.Logf("round %d: %v after %v (%s): %d moves sent, %d acknowledged", round+1, sig, wait, mode, len(moves), acked)
		sent = append(sent, moves...)
		if term {
			// SIGTERM loses nothing: every move sent was answered (played,
			// or refused because zugbot is restarting), and the boards and
			// the AI are up to date before the process exits.
			for _, m := range moves {
				if m.ix.Response() == nil {
					fail("after SIGTERM: the move %s in game %d (ply %d) got no answer", m.move, m.game, m.ply)
				}
			}
			if ids, err := f.st.StaleBoards(ctx); err != nil || len(ids) > 0 {
				fail("after SIGTERM: boards behind their games: %v %v", ids, err)
			}
			if b := f.behind(all); len(b) > 0 {
				fail("after SIGTERM: %s", strings.Join(b, "; "))
			}
		}
	}
	// A last start: everything comes up to date.
	f.start(true)
	settle(15 * time.Second)
	daysPosted := func() bool {
		for g := range dailies {
			ps, err := f.st.DailyPosts(ctx, g, 1)
			if err != nil || len(ps) == 0 || ps[0].Message == "" {
				return false
			}
		}
		return true
	}
	for deadline := time.Now().Add(15 * time.Second); !daysPosted(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			fail("15 s after the last start: a server's daily puzzle is not posted")
			break
		}
	}
	f.stop(syscall.SIGTERM)

	// No acknowledged move is lost; none is applied twice.
	lost, ackedN := 0, 0
	for _, m := range sent {
		text := m.ack
		if text == "" {
			continue
		}
		ackedN++
		st := f.load(m.game)
		if len(st.Moves) <= m.ply || st.Moves[m.ply].Notation != m.move {
			lost++
			fail("game %d: the acknowledged move %s at ply %d is not in the game (%d moves)", m.game, m.move, m.ply, len(st.Moves))
			continue
		}
		if r := replyIn(text); r != "" && (len(st.Moves) <= m.ply+1 || st.Moves[m.ply+1].Notation != r) {
			fail("game %d: the acknowledged AI reply %s at ply %d is not in the game", m.game, r, m.ply+1)
		}
	}
	bySent := map[[2]int64]string{}
	for _, m := range sent {
		bySent[[2]int64{m.game, int64(m.ply)}] = m.move
	}
	for _, id := range all {
		st := f.load(id)
		for _, mv := range st.Moves {
			if st.Game.Seats[sideAt(mv.Ply)].IsAI() {
				continue
			}
			if bySent[[2]int64{id, int64(mv.Ply)}] != mv.Notation {
				fail("game %d: the move %s at ply %d was not sent at that ply (applied twice, or made up)", id, mv.Notation, mv.Ply)
			}
		}
	}
	// Every time-out fired, once in its effect.
	timeouts := 0
	for id := range doomed {
		st := f.load(id)
		g := &st.Game
		if !g.Over() || (g.Reason != store.ReasonTimeout && g.Reason != store.ReasonNoStart) {
			fail("game %d: its deadline passed, but it ended %q (%v)", id, g.Reason, g.Result)
			continue
		}
		timeouts++
		var n int
		if err := f.raw.QueryRowContext(ctx, `SELECT count(*) FROM rating_changes WHERE game_id = ?`, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if want := 2; g.Result == store.Aborted || g.Capped {
			want = 0
			if n != want {
				fail("game %d: %d rating changes, want %d", id, n, want)
			}
		} else if n != want {
			fail("game %d: %d rating changes, want %d", id, n, want)
		}
		announced := 0
		for _, msg := range f.srv.Messages(f.channel) {
			if strings.HasPrefix(msg.Content, fmt.Sprintf("Game #%d: ", id)) && strings.Contains(msg.Content, "ran out of time") {
				announced++
			}
		}
		if announced > 1 {
			fail("game %d: its time-out was announced %d times", id, announced)
		}
	}
	// Every server's daily puzzle was posted once a day and recorded.
	posts := 0
	for g, ch := range dailies {
		byDay := map[string][]string{}
		for _, m := range f.srv.Messages(ch) {
			for _, b := range m.Buttons() {
				if _, day, ok := strings.Cut(b.CustomID, "/pday/"); ok {
					byDay[day] = append(byDay[day], m.ID)
				}
			}
		}
		recorded, err := f.st.DailyPosts(ctx, g, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(recorded) == 0 || len(byDay) == 0 {
			fail("server %s: no daily puzzle posted (%d recorded)", g, len(recorded))
		}
		for _, p := range recorded {
			ids := byDay[p.Day]
			if len(ids) != 1 || ids[0] != p.Message {
				fail("server %s: the daily puzzle of %s was posted as %v and recorded as %q; want once, recorded", g, p.Day, ids, p.Message)
			}
			posts++
		}
		if len(byDay) != len(recorded) {
			fail("server %s: posts for %d days, %d recorded", g, len(byDay), len(recorded))
		}
	}
	t.Logf("%d servers with a daily puzzle: %d posts; at the starts, %d claims without their message (%d of them forgotten by the test)", len(dailies), posts, pending, forgotten)
	// The database is sound.
	db, err := sql.Open("sqlite", "file:"+f.db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var res string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&res); err != nil || res != "ok" {
		fail("integrity_check: %q %v", res, err)
	}
	t.Logf("%d kills and %d SIGTERMs: %d moves sent, %d acknowledged, %d lost; %d time-outs fired", *crashKills, *crashTerms, len(sent), ackedN, lost, timeouts)
	for _, p := range problems {
		t.Error(p)
	}
	if t.Failed() {
		t.Logf("zugbot's log (warnings and errors):\n%.20000s", f.logs.String())
	}
}

// sideAt returns the side that moved at ply in a game from the start
// position (every ply, passes too, hands the turn over).
func sideAt(ply int) int { return ply % 2 }

// menuWith returns the custom ID of the board's select menu whose ID holds
// kind and which offers value, or "".
func menuWith(board *discordtest.Message, kind, value string) string {
	if board == nil {
		return ""
	}
	for _, menu := range board.SelectMenus() {
		if !strings.Contains(menu.CustomID, kind) {
			continue
		}
		for _, o := range menu.Options {
			if o.Value == value {
				return menu.CustomID
			}
		}
	}
	return ""
}

// TestFeaturesCrash kills the binary with SIGKILL at random moments while
// a tournament round is paired and posted (its start, then the end of its
// first round), while a live game's flag falls, and while an analysis is
// made, restarting it on the same database each time. Nothing may be lost
// or doubled: each round paired once, its pairings and each board posted
// once; each flag announced once, the game ended once with its rating
// changes once; each analysis posted once, never not at all.
//
// Short form: go test ./cmd/zugbot -run TestFeaturesCrash (one flag, one
// analysis); long form: go test ./cmd/zugbot -run TestFeaturesCrash -crash.each 5 -v
func TestFeaturesCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	f := newFleet(t, discordtest.Config{})
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 11))
	var problems []string
	fail := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	// crash kills the bot within up to window of now, and starts it again.
	crash := func(what string, window time.Duration) {
		t.Helper()
		wait := time.Duration(rng.Int64N(int64(window)))
		time.Sleep(wait)
		f.stop(syscall.SIGKILL)
		t.Logf("%s: SIGKILL after %v", what, wait)
		f.start(true)
	}
	// within waits up to d for cond, or records a problem.
	within := func(d time.Duration, what string, cond func() bool) bool {
		t.Helper()
		deadline := time.Now().Add(d)
		for !cond() {
			if time.Now().After(deadline) {
				fail("waited %v for %s", d, what)
				return false
			}
			time.Sleep(20 * time.Millisecond)
		}
		return true
	}
	eventually := func(what string, cond func() bool) bool { return within(30*time.Second, what, cond) }
	// count counts the messages of channel whose content starts with
	// prefix, or whose first embed's title is prefix.
	count := func(channel, prefix string) int {
		n := 0
		for _, m := range f.srv.Messages(channel) {
			if strings.HasPrefix(m.Content, prefix) || len(m.Embeds) > 0 && m.Embeds[0].Title == prefix {
				n++
			}
		}
		return n
	}
	f.start(true)

	// A tournament of eight, its rounds paired and posted under kills.
	var players []*discordgo.User
	for i := range 8 {
		players = append(players, f.srv.NewUser(fmt.Sprintf("t%d", i+1)))
	}
	create := f.srv.SlashCommand(t, players[0], f.channel, "tournament create", discordtest.Opt("game", "zola"),
		discordtest.Opt("format", "swiss"), discordtest.Opt("rounds", 2), discordtest.Opt("clock", "5+3"))
	create.WaitResponse(t, 20*time.Second)
	tour := func() store.Tournament {
		t.Helper()
		tr, err := f.st.Tournament(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	if !eventually("the sign-up message", func() bool { return f.posted(store.PostedTournament, 1).Message != "" }) {
		t.Fatal(problems)
	}
	signup := func() *discordtest.Message {
		return f.srv.Message(f.channel, f.posted(store.PostedTournament, 1).Message)
	}
	button := func(suffix string) string {
		for _, b := range signup().Buttons() {
			if strings.HasSuffix(b.CustomID, suffix) {
				return b.CustomID
			}
		}
		t.Fatalf("no %s button on the sign-up message", suffix)
		return ""
	}
	for _, u := range players {
		f.srv.Click(t, u, signup(), button("/join")).WaitResponse(t, 20*time.Second)
	}
	f.srv.Click(t, players[0], signup(), button("/start"))
	crash("round 1 paired and posted", 400*time.Millisecond)
	// posted checks that round n is paired once and, once posted, that its
	// pairings and each of its boards were posted once.
	byID := map[string]*discordgo.User{}
	for _, u := range players {
		byID[u.ID] = u
	}
	thread := func() string { return f.posted(store.PostedTournament, 1).Thread }
	posted := func(n int) store.Tournament {
		t.Helper()
		var tr store.Tournament
		eventually(fmt.Sprintf("round %d posted", n), func() bool {
			tr = tour()
			if tr.Round < n || f.posted(store.PostedTournament, 1).Announced < n {
				return false
			}
			for _, p := range tr.RoundPairings(n) {
				if p.GameID != 0 && f.posted(store.PostedGame, p.GameID).Message == "" {
					return false
				}
			}
			return true
		})
		seen := map[string]int{}
		for _, p := range tr.RoundPairings(n) {
			seen[p.White]++
			seen[p.Black]++
			if p.GameID == 0 {
				continue
			}
			title := fmt.Sprintf("Game #%d · ", p.GameID)
			boards := 0
			for _, m := range append(f.srv.Messages(f.channel), f.srv.Messages(thread())...) {
				if len(m.Embeds) > 0 && strings.HasPrefix(m.Embeds[0].Title, title) {
					boards++
				}
			}
			if boards != 1 {
				fail("round %d: game %d's board was posted %d times", n, p.GameID, boards)
			}
		}
		if len(tr.RoundPairings(n)) != 4 || len(seen) != 8 {
			fail("round %d: %d pairings of %d players; want 4 of 8, each once (paired twice?)", n, len(tr.RoundPairings(n)), len(seen))
		}
		if got := count(thread(), fmt.Sprintf("**Round %d of 2** of tournament #1.", n)); got != 1 {
			fail("round %d: its pairings were posted %d times", n, got)
		}
		return tr
	}
	tr := posted(1)
	ps := tr.RoundPairings(1)
	for i, p := range ps {
		ix := f.srv.SlashCommand(t, byID[p.Black], thread(), "resign", discordtest.Opt("game", p.GameID))
		ix.WaitResponse(t, 20*time.Second)
		var confirm string
		for _, b := range ix.WaitOriginal(t, 20*time.Second, nil).Buttons() {
			if strings.HasSuffix(b.CustomID, "/resign!") {
				confirm = b.CustomID
			}
		}
		c := f.srv.Click(t, byID[p.Black], ix.Original(), confirm)
		if i < len(ps)-1 {
			c.WaitResponse(t, 20*time.Second)
		}
	}
	crash("round 2 paired and posted", 400*time.Millisecond)
	tr = posted(2)
	for _, p := range tr.RoundPairings(1) {
		if g := f.load(p.GameID).Game; !g.Over() {
			// The last resignation may have been cut off by the kill,
			// unanswered: then nothing of it may show.
			fail("round 1: game %d is not over, yet round 2 is paired", p.GameID)
		}
	}

	// Live games whose flag falls, each with the bot down when it is due.
	for i := range *crashEach {
		a, b := f.srv.NewUser(fmt.Sprintf("l%da", i)), f.srv.NewUser(fmt.Sprintf("l%db", i))
		ix := f.srv.SlashCommand(t, a, f.channel, "challenge", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", b),
			discordtest.Opt("color", "first"), discordtest.Opt("rated", true), discordtest.Opt("clock", "3+2"))
		ix.WaitResponse(t, 20*time.Second)
		orig := ix.WaitOriginal(t, 20*time.Second, nil)
		var accept string
		for _, btn := range orig.Buttons() {
			if strings.HasSuffix(btn.CustomID, "/accept") {
				accept = btn.CustomID
			}
		}
		f.srv.Click(t, b, orig, accept).WaitResponse(t, 20*time.Second)
		id := f.waitBoard(a)
		st := f.load(id)
		for _, u := range []*discordgo.User{a, b} { // a game begun: its flag is a loss, not an abort
			mv := st.Position.FormatMove(st.Position.Moves(nil)[0])
			f.srv.SlashCommand(t, u, f.channel, "move", discordtest.Opt("move", mv), discordtest.Opt("game", id)).WaitResponse(t, 20*time.Second)
			eventually("the move", func() bool { return f.load(id).Game.Ply > st.Game.Ply })
			st = f.load(id)
		}
		f.stop(syscall.SIGKILL)
		// The clock of the player to move has run out while the bot was
		// down, and the bot was alive a moment ago (no downtime credit).
		now := time.Now()
		for _, q := range []string{
			`UPDATE games SET clock_at = ?, deadline = ? WHERE id = ?`,
			`UPDATE schedule SET due = ? WHERE game_id = ? AND kind = 'deadline'`,
			`UPDATE alive SET at = ?`,
		} {
			var args []any
			switch {
			case strings.HasPrefix(q, "UPDATE games"):
				args = []any{now.Add(-4 * time.Minute).UnixMilli(), now.Add(-time.Minute).UnixMilli(), id}
			case strings.HasPrefix(q, "UPDATE schedule"):
				args = []any{now.Add(-time.Minute).UnixMilli(), id}
			default:
				args = []any{now.UnixMilli()}
			}
			if _, err := f.raw.ExecContext(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		f.start(false)
		crash(fmt.Sprintf("game %d's flag", id), 150*time.Millisecond)
		ended := eventually(fmt.Sprintf("game %d to end on time", id), func() bool { g := f.load(id).Game; return g.Over() })
		announce := fmt.Sprintf("Game #%d: ", id)
		if ended {
			eventually(fmt.Sprintf("game %d's flag announced", id), func() bool {
				for _, m := range f.srv.Messages(f.channel) {
					if strings.HasPrefix(m.Content, announce) && strings.Contains(m.Content, "ran out of time") {
						return true
					}
				}
				return false
			})
		}
		g := f.load(id).Game
		if g.Reason != store.ReasonTimeout {
			fail("game %d ended %q; want on time", id, g.Reason)
		}
		var n int
		if err := f.raw.QueryRowContext(ctx, `SELECT count(*) FROM rating_changes WHERE game_id = ?`, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 2 {
			fail("game %d: %d rating changes; want 2", id, n)
		}
		flags := 0
		for _, m := range f.srv.Messages(f.channel) {
			if strings.HasPrefix(m.Content, announce) && strings.Contains(m.Content, "ran out of time") {
				flags++
			}
		}
		if flags != 1 {
			fail("game %d: its flag was announced %d times", id, flags)
		}
	}

	// Analyses killed while they are made.
	for i := range *crashEach {
		a, b := f.srv.NewUser(fmt.Sprintf("a%da", i)), f.srv.NewUser(fmt.Sprintf("a%db", i))
		id := f.challenge(f.channel, a, b, 0)
		st := f.load(id)
		for range 6 { // a few moves, then a resignation
			turn := st.Position.Turn()
			u := a
			if turn == 1 {
				u = b
			}
			mv := st.Position.FormatMove(st.Position.Moves(nil)[0])
			f.srv.SlashCommand(t, u, f.channel, "move", discordtest.Opt("move", mv), discordtest.Opt("game", id)).WaitResponse(t, 20*time.Second)
			eventually("the move", func() bool { return f.load(id).Game.Ply > st.Game.Ply })
			st = f.load(id)
		}
		ix := f.srv.SlashCommand(t, b, f.channel, "resign", discordtest.Opt("game", id))
		ix.WaitResponse(t, 20*time.Second)
		var confirm string
		for _, btn := range ix.WaitOriginal(t, 20*time.Second, nil).Buttons() {
			if strings.HasSuffix(btn.CustomID, "/resign!") {
				confirm = btn.CustomID
			}
		}
		f.srv.Click(t, b, ix.Original(), confirm).WaitResponse(t, 20*time.Second)
		an := f.srv.SlashCommand(t, a, f.channel, "analyse", discordtest.Opt("game", id))
		an.WaitResponse(t, 20*time.Second) // the deferral: the analysis is under way
		crash(fmt.Sprintf("game %d's analysis", id), 600*time.Millisecond)
		head := fmt.Sprintf("**Analysis of game #%d**", id)
		shown := func() int {
			n := 0
			if o := an.Original(); o != nil && strings.Contains(o.Content, head) {
				n++
			}
			for _, m := range f.srv.Messages(f.channel) {
				if strings.Contains(m.Content, head) && (an.Original() == nil || m.ID != an.Original().ID) {
					n++
				}
			}
			return n
		}
		// Cut off, it is posted by its timer, due store.AnalysisGrace after
		// its last progress.
		within(store.AnalysisGrace+30*time.Second, fmt.Sprintf("game %d's analysis posted", id), func() bool { return shown() > 0 })
		time.Sleep(500 * time.Millisecond) // a second copy would follow at once
		if n := shown(); n != 1 {
			fail("game %d: its analysis was posted %d times", id, n)
		}
	}
	f.stop(syscall.SIGTERM)
	for _, p := range problems {
		t.Error(p)
	}
	if t.Failed() {
		t.Logf("zugbot's log (warnings and errors):\n%.20000s", f.logs.String())
	}
}
