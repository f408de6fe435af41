package main

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
)

// midReply is a fleet's games against the AI, in each of which a player
// has sent a move by /move that leaves the AI to move.
type midReply struct {
	f     *fleet
	users []*discordgo.User
	moves []*sentMove
}

// startMidReply starts n games of zola against the AI at the expert level
// (a second of thought a move) and sends a move in each, answered once
// the AI has replied (the bot awaits the reply); it returns once every
// move is recorded.
func startMidReply(t *testing.T, f *fleet, n int) *midReply {
	t.Helper()
	m := &midReply{f: f}
	for i := range n {
		u := f.srv.NewUser(fmt.Sprintf("mid%d", i))
		id := f.playAI(f.channel, u, 4)
		st := f.load(id)
		text := st.Position.FormatMove(st.Position.Moves(nil)[0])
		m.users = append(m.users, u)
		m.moves = append(m.moves, &sentMove{game: id, ply: 0, move: text})
	}
	for i, mv := range m.moves {
		mv.ix = f.srv.SlashCommand(t, m.users[i], f.channel, "move", discordtest.Opt("move", mv.move), discordtest.Opt("game", mv.game))
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if m.plies() == strings.Repeat("1 ", n) {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("plies %s: the moves were not recorded; the log:\n%s", m.plies(), f.logs.String())
		}
	}
}

// plies returns the games' plies, as "1 1 2 ".
func (m *midReply) plies() string {
	var b strings.Builder
	for _, mv := range m.moves {
		fmt.Fprintf(&b, "%d ", m.f.load(mv.game).Game.Ply)
	}
	return b.String()
}

// check waits until every game has the AI's reply, and checks that each
// has exactly one, shown once on Discord: in the answer to the move that
// awaited it, or in a ping of the player as a move made elsewhere, never
// both, never twice; and that the board shows it.
func (m *midReply) check(t *testing.T) {
	t.Helper()
	f := m.f
	n := len(m.moves)
	for deadline := time.Now().Add(90 * time.Second); m.plies() != strings.Repeat("2 ", n); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("plies %s: want each game's reply; the log:\n%s", m.plies(), f.logs.String())
		}
	}
	for i, mv := range m.moves {
		st := f.load(mv.game)
		if len(st.Moves) != 2 || st.Moves[0].Notation != mv.move {
			t.Errorf("game %d: moves %v; want %s and one reply", mv.game, st.Moves, mv.move)
			continue
		}
		reply := st.Moves[1].Notation
		if f.board(&st.Game) == nil {
			t.Errorf("game %d: the board does not show the reply (ply 2)", mv.game)
		}
		// The answer to the move, if the bot that took it lived to give
		// it, and the pings: the reply is in exactly one of them.
		shown := 0
		var where []string
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			shown, where = 0, nil
			if r := replyIn(mv.acked()); r != "" {
				if r != reply {
					t.Errorf("game %d: the answer to the move says zugbot replied %s; the game has %s", mv.game, r, reply)
				}
				shown++
				where = append(where, "the answer to the move")
			}
			ping := fmt.Sprintf("played **%s**. <@%s>, your move in game #%d", reply, m.users[i].ID, mv.game)
			for _, msg := range f.srv.Messages(f.channel) {
				if strings.Contains(msg.Content, ping) {
					shown++
					where = append(where, "a ping")
				}
			}
			if shown > 0 || time.Now().After(deadline) {
				break
			}
		}
		time.Sleep(200 * time.Millisecond) // a second showing would come at once
		if shown != 1 {
			t.Errorf("game %d: the reply %s was shown %d times on Discord (%v); want once", mv.game, reply, shown, where)
		}
	}
}

// TestBotKilledMidReply kills the bot (the real binary, on SQLite) with
// SIGKILL while the AI thinks its replies to moves whose answers await
// them, and starts it again: the service resumes the replies, each game
// gets exactly one, and Discord shows it once, as a change made
// elsewhere (the answer that awaited it died with the process).
func TestBotKilledMidReply(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	f := newFleet(t, discordtest.Config{})
	f.start(true)
	m := startMidReply(t, f, 3)
	f.stop(syscall.SIGKILL)
	if got := m.plies(); got != "1 1 1 " {
		t.Fatalf("plies %s when the bot was killed; want 1 1 1: it was to be killed mid-think", got)
	}
	for _, mv := range m.moves {
		if r := replyIn(mv.acked()); r != "" {
			t.Fatalf("game %d: the answer to the move showed a reply (%s) before the kill", mv.game, r)
		}
	}
	f.start(true)
	m.check(t)
	f.stop(syscall.SIGTERM)
}

// TestWorkerKilledMidReply runs the bot and a zugbot worker on
// PostgreSQL, kills the worker with SIGKILL while it thinks the AI's
// replies to moves whose answers on Discord await them, and starts
// another: each game gets exactly one reply, and Discord shows it once,
// in the answer that awaited it (the reply carries its cause, so the bot
// does not show it again as a change made elsewhere).
func TestWorkerKilledMidReply(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a lease to pass (15 s)")
	}
	db := postgres(t)
	f := newFleetOn(t, discordtest.Config{}, db)
	f.start(true)
	logs := &syncBuffer{}
	first := startWorker(t, f.bin, db, logs)
	// The worker is heard from before the moves, so that the bot leaves
	// the replies to it.
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		var n int
		if err := f.raw.QueryRow(`SELECT count(*) FROM workers`).Scan(&n); err == nil && n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the worker never beat; its log:\n%s", logs.String())
		}
	}
	time.Sleep(1500 * time.Millisecond) // the bot's view of the workers is a second old at most
	m := startMidReply(t, f, 2)
	first.Process.Signal(syscall.SIGKILL)
	first.Wait()
	if got := m.plies(); got != "1 1 " {
		t.Fatalf("plies %s when the worker was killed; want 1 1: it was to be killed mid-think", got)
	}
	startWorker(t, f.bin, db, logs)
	m.check(t)
	f.stop(syscall.SIGTERM)
}
