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
// once, and that the database passes integrity_check. After SIGTERM
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
			menu := rng.IntN(2) == 0 && len(path) > 0 && g.MessageID != ""
			wg.Add(1)
			go func() {
				defer wg.Done()
				m := &sentMove{game: g.ID, ply: g.Ply, move: text, menu: menu}
				if menu {
					board := f.srv.Message(g.ChannelID, g.MessageID)
					from := st.Position.Variant().Geometry.Points[path[0]].Name
					pick := menuWith(board, "/pick/", from)
					f.srv.Select(t, u, board, pick, from).WaitResponse(t, 20*time.Second)
					board = f.srv.Message(g.ChannelID, g.MessageID)
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
