package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/store"
)

// BenchmarkMoveRoundTrip measures a human's move in a game between two
// people, from the interaction's creation on the fake Discord to the bot's
// answer carrying the updated board, through the real discordgo session,
// the store (SQLite on disk) and the renderer. It reports the median and
// 90th percentile of those latencies (ms-median, ms-p90) besides ns/op,
// which also counts the test's own work between moves. The move that ends
// a game is answered deferred (its replay GIF is drawn before the board is
// edited) and left out of the latencies.
//
//	menu:    choosing the move in the board's select menu (after picking the
//	         piece, not timed); the answer is the board message replaced
//	         (type 7) with the new PNG and controls.
//	command: /move; the answer comes after the board message was edited.
//
// Run it with: go test -run XXX -bench MoveRoundTrip -count 5 ./bot/
func BenchmarkMoveRoundTrip(b *testing.B) {
	for _, path := range []string{"menu", "command"} {
		b.Run(path, func(b *testing.B) {
			h := newHarness(b)
			r := rand.New(rand.NewPCG(1, 2))
			var lat []time.Duration
			st := h.duel("zola", false)
			b.ResetTimer()
			for range b.N {
				if st.Game.Over() {
					b.StopTimer()
					st = h.duel("zola", false)
					b.StartTimer()
				}
				u := h.alice
				if st.Game.Seats[st.Position.Turn()].ID == h.bob.ID {
					u = h.bob
				}
				legal := st.Position.Moves(nil)
				m := legal[r.IntN(len(legal))]
				var resp *discordtest.Response
				if path == "command" {
					_, resp = h.command(u, "move", discordtest.Opt("move", st.Position.FormatMove(m)), discordtest.Opt("game", st.Game.ID))
				} else {
					resp = h.menuMove(u, &st, m)
				}
				played := resp.Type == discordgo.InteractionResponseUpdateMessage
				if path == "command" {
					played = resp.Data != nil && strings.Contains(resp.Data.Content, "you played")
				}
				if resp.Type == discordgo.InteractionResponseDeferredMessageUpdate || resp.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
					// A last move: answered deferred, then with the replay. Not
					// a round trip like the others.
					id := st.Game.ID
					h.eventually("the end of the game", func() bool { st = h.game(id); return st.Game.Over() })
					continue
				}
				st = h.game(st.Game.ID)
				if !played {
					b.Fatalf("move not played: type %d, %+v", resp.Type, resp.Data)
				}
				lat = append(lat, resp.Latency)
			}
			b.StopTimer()
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2])/1e6, "ms-median")
			b.ReportMetric(float64(lat[len(lat)*9/10])/1e6, "ms-p90")
		})
	}
}

// menuMove plays m through the board's controls: a pass button, or the
// piece menu and then the move menu. It returns the response to the last.
func (h *harness) menuMove(u *discordgo.User, st *store.State, m engine.Move) *discordtest.Response {
	h.t.Helper()
	g := &st.Game
	p := st.Position
	path := p.Describe(m).Path
	if len(path) == 0 {
		return h.srv.Click(h.t, u, h.board(g.ID), fmt.Sprintf("g/%d/v%d/to/pass", g.ID, g.TurnVersion)).WaitResponse(h.t, wait)
	}
	from := p.Variant().Geometry.Points[path[0]].Name
	board := h.board(g.ID)
	pick := ""
	for _, menu := range board.SelectMenus() {
		for _, o := range menu.Options {
			if strings.Contains(menu.CustomID, "/pick/") && o.Value == from {
				pick = menu.CustomID
			}
		}
	}
	h.srv.Select(h.t, u, board, pick, from).WaitResponse(h.t, wait)
	board = h.board(g.ID)
	text := p.FormatMove(m)
	for _, menu := range board.SelectMenus() {
		for _, o := range menu.Options {
			if strings.Contains(menu.CustomID, "/to/") && o.Value == text {
				return h.srv.Select(h.t, u, board, menu.CustomID, text).WaitResponse(h.t, wait)
			}
		}
	}
	h.t.Fatalf("game %d: no menu offers %s after picking %s", g.ID, text, from)
	return nil
}

// BenchmarkClick measures clicks on a game's board in a Zonal Chess game
// of 100 plies between two people, from the interaction's creation on the
// fake Discord to the bot's answer, and reports the median and 90th
// percentile of those latencies (ms-median, ms-p90):
//
//	pick: picking a piece in the board's select menu; the answer is the
//	      board redrawn with that piece's moves;
//	move: choosing the move in the next menu (after the pick, not timed);
//	      the answer is the board redrawn after the move. The game grows by
//	      a ply each time.
//
// A click loads its game once, and the store replays only the moves played
// since it last loaded it. Run it with:
//
//	go test -run XXX -bench Click -benchtime 100x -count 5 ./bot/
func BenchmarkClick(b *testing.B) {
	for _, path := range []string{"pick", "move"} {
		b.Run(path, func(b *testing.B) {
			h := newHarness(b)
			st := h.duel("zonal", false)
			r := rand.New(rand.NewPCG(1, 2))
			for st.Game.Ply < 100 {
				st = h.recordMove(st, r)
			}
			// A fresh board at ply 100, which becomes the game's.
			ix, _ := h.command(h.alice, "board", discordtest.Opt("game", st.Game.ID))
			ix.WaitOriginal(b, wait, func(m *discordtest.Message) bool { return len(m.SelectMenus()) > 0 })
			h.eventually("the new board", func() bool { return h.posted(st.Game.ID).Message == ix.Original().ID })
			var lat []time.Duration
			b.ResetTimer()
			for range b.N {
				u := h.alice
				if st.Game.Seats[st.Position.Turn()].ID == h.bob.ID {
					u = h.bob
				}
				var resp *discordtest.Response
				if path == "pick" {
					board := h.board(st.Game.ID)
					pick, from := "", ""
					for _, menu := range board.SelectMenus() {
						if strings.Contains(menu.CustomID, "/pick/") && len(menu.Options) > 0 {
							pick, from = menu.CustomID, menu.Options[0].Value
							break
						}
					}
					resp = h.srv.Select(b, u, board, pick, from).WaitResponse(b, wait)
				} else {
					resp = h.menuMove(u, &st, notEnding(st.Position, r))
					st = h.game(st.Game.ID)
				}
				if resp.Type != discordgo.InteractionResponseUpdateMessage {
					b.Fatalf("%s answered type %d: %+v", path, resp.Type, resp.Data)
				}
				lat = append(lat, resp.Latency)
			}
			b.StopTimer()
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2])/1e6, "ms-median")
			b.ReportMetric(float64(lat[len(lat)*9/10])/1e6, "ms-p90")
		})
	}
}

// notEnding returns a legal move of p, at random, that does not end the
// game (any move when every one does).
func notEnding(p engine.Position, r *rand.Rand) engine.Move {
	ms := p.Moves(nil)
	r.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	for _, m := range ms {
		p.Do(m)
		over := p.Outcome().Over()
		p.Undo()
		if !over {
			return m
		}
	}
	return ms[0]
}

// recordMove records a move of game st that does not end it straight in
// the store, and returns the game after it.
func (h *harness) recordMove(st store.State, r *rand.Rand) store.State {
	h.t.Helper()
	m := st.Position.FormatMove(notEnding(st.Position, r))
	if _, err := h.st.RecordMove(seeding(context.Background()), st.Game.ID, st.Game.Ply, m, store.End{}); err != nil {
		h.t.Fatal(err)
	}
	return h.game(st.Game.ID)
}
