package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"image/gif"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/analysis"
	"github.com/zugbot/zugbot/store"
)

// replayJSON is what the tests read of GET /api/games/{id}/replay.
type replayJSON struct {
	Variant string     `json:"variant"`
	Players [2]string  `json:"players"`
	Over    bool       `json:"over"`
	Result  string     `json:"result"`
	Moves   []string   `json:"moves"`
	Clocks  [][2]int64 `json:"clocks"`
	Player  bool       `json:"player"`
	CSRF    string     `json:"csrf"`
}

// playOut plays n moves of game id between player and opponent through
// the game service (the first legal move each time), then player resigns.
func (f *fixture) playOut(id int64, n int) store.State {
	f.t.Helper()
	ctx := context.Background()
	for i := 0; i < n; i++ {
		st, err := f.tab.Load(ctx, id)
		if err != nil {
			f.t.Fatal(err)
		}
		who := player.ID
		if i%2 == 1 {
			who = opponent.ID
		}
		m := st.Position.Moves(nil)[0]
		if _, err := f.tab.Play(ctx, id, who, st.Game.Ply, st.Position.FormatMove(m)); err != nil {
			f.t.Fatal(err)
		}
	}
	if _, err := f.tab.Resign(ctx, id, player.ID, n); err != nil {
		f.t.Fatal(err)
	}
	st, err := f.tab.Load(ctx, id)
	if err != nil {
		f.t.Fatal(err)
	}
	return st
}

// TestReplay: a finished game's page is its replay: its moves, its result
// and the clocks as they were, the board at every ply drawn by the
// renderer (a PNG, the same at every fetch), the record and the GIF to
// download; a ply that is not the game's is refused.
func TestReplay(t *testing.T) {
	f := newServerFixture(t)
	ctx := context.Background()
	u, err := f.tab.Start(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: player}, {Player: opponent}},
		Clock: store.Clock{Base: 5 * time.Minute, Increment: 3 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	st := f.playOut(u.State.Game.ID, 4)
	pid := st.Game.PublicID
	anon := &http.Client{Timeout: 10 * time.Second}
	resp, err := anon.Get(f.ts.URL + "/games/" + pid)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), "/static/replay.js") {
		t.Fatalf("a finished game's page is not its replay: %s", b)
	}
	var rp replayJSON
	if code := f.getJSON(anon, "/api/games/"+pid+"/replay", &rp); code != 200 {
		t.Fatalf("replay: %d", code)
	}
	if !rp.Over || len(rp.Moves) != 4 || !strings.Contains(rp.Result, "resign") || rp.Players != [2]string{"Ada", "Bea"} || rp.Player {
		t.Errorf("replay: %+v", rp)
	}
	if len(rp.Clocks) != 5 || rp.Clocks[0] != [2]int64{300000, 300000} {
		t.Errorf("clocks: %v, want 5 readings from 5:00 each", rp.Clocks)
	}
	for i := 1; i < len(rp.Clocks); i++ {
		mover := (i - 1) % 2
		if rp.Clocks[i][mover] > rp.Clocks[i-1][mover]+3000 || rp.Clocks[i][1-mover] != rp.Clocks[i-1][1-mover] {
			t.Errorf("ply %d: clocks %v after %v: only the mover's changes, by at most the increment", i, rp.Clocks[i], rp.Clocks[i-1])
		}
	}
	var first []byte
	for _, ply := range []string{"0", "2", "4", "last", "2"} {
		resp, err := anon.Get(f.ts.URL + "/games/" + pid + "/boards/" + ply)
		if err != nil {
			t.Fatal(err)
		}
		if ply == "2" {
			if first == nil {
				first, _ = io.ReadAll(resp.Body)
				resp.Body.Close()
				continue
			}
			again, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if string(again) != string(first) {
				t.Error("the board at ply 2 changed between two fetches")
			}
			continue
		}
		decodePNG(t, resp)
	}
	for _, bad := range []string{"5", "-1", "01", "x"} {
		if code := f.getJSON(anon, "/games/"+pid+"/boards/"+bad, nil); code != http.StatusNotFound {
			t.Errorf("board at ply %s: %d, want 404", bad, code)
		}
		if code := f.getJSON(anon, "/api/games/"+pid+"/plies/"+bad, nil); code != http.StatusNotFound {
			t.Errorf("the pieces at ply %s: %d, want 404", bad, code)
		}
	}
	// The board the page draws at each ply: the game's pieces then, the
	// move that led there, kept by any cache since a finished game's plies
	// never change.
	for ply := 0; ply <= len(st.Moves); ply++ {
		pos, err := store.Replay(st.Position.Variant(), st.Game.Start, st.Moves[:ply])
		if err != nil {
			t.Fatal(err)
		}
		resp, err := anon.Get(fmt.Sprintf("%s/api/games/%s/plies/%d", f.ts.URL, pid, ply))
		if err != nil {
			t.Fatal(err)
		}
		var b struct {
			Ply    int `json:"ply"`
			Pieces []struct {
				Point, Side int
			} `json:"pieces"`
			Last *struct {
				Notation string `json:"notation"`
			} `json:"last"`
		}
		err = json.NewDecoder(resp.Body).Decode(&b)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || resp.Header.Get("Cache-Control") != "public, max-age=86400" {
			t.Fatalf("ply %d: %s %v, Cache-Control %q", ply, resp.Status, err, resp.Header.Get("Cache-Control"))
		}
		var want [][2]int
		for i := range pos.Variant().Geometry.Points {
			if pc := pos.Piece(i); pc.Kind != nil {
				want = append(want, [2]int{i, int(pc.Side)})
			}
		}
		var got [][2]int
		for _, pc := range b.Pieces {
			got = append(got, [2]int{pc.Point, pc.Side})
		}
		if !slices.Equal(got, want) {
			t.Errorf("ply %d: pieces %v, the game has %v", ply, got, want)
		}
		if (ply == 0) != (b.Last == nil) || ply > 0 && b.Last.Notation != st.Moves[ply-1].Notation {
			t.Errorf("ply %d: the last move %+v, want %q", ply, b.Last, st.Moves[max(ply-1, 0)].Notation)
		}
	}
	resp, err = anon.Get(f.ts.URL + "/games/" + pid + "/record.txt")
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(rec), "1. "+rp.Moves[0]+" "+rp.Moves[1]) || !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Errorf("the record: %s", rec)
	}
	resp, err = anon.Get(f.ts.URL + "/games/" + pid + "/replay.gif")
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(resp.Body)
	resp.Body.Close()
	if err != nil || len(g.Image) != 5 {
		t.Errorf("the GIF: %v, %d frames; want 5", err, len(g.Image))
	}
}

// TestReplayOfPrivateGame: a direct-message game's replay, boards, record
// and GIF are its players' only: anyone else, the crawler too, gets 403
// and nothing of the game.
func TestReplayOfPrivateGame(t *testing.T) {
	f := newServerFixture(t)
	u, err := f.tab.Start(context.Background(), store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: player}, {Player: opponent}},
		ChannelID: "dm"})
	if err != nil {
		t.Fatal(err)
	}
	st := f.playOut(u.State.Game.ID, 2)
	base := "/games/" + st.Game.PublicID
	for _, path := range []string{base, "/api" + base + "/replay", "/api" + base + "/plies/1", base + "/boards/0", base + "/boards/last", base + "/record.txt", base + "/replay.gif"} {
		req, _ := http.NewRequest("GET", f.ts.URL+path, nil)
		req.Header.Set("User-Agent", discordCrawler)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden || strings.Contains(string(b), "Ada") || strings.Contains(string(b), st.Moves[0].Notation) {
			t.Errorf("GET %s as the crawler: %s %q; want 403 and nothing of the game", path, resp.Status, b)
		}
	}
}

// TestReplayWithAnalysis: a game with a kept analysis shows its graph's
// winning chances, one at the start and one a ply, and the judgement of
// each move, its mistakes marked, as the record's annotations.
func TestReplayWithAnalysis(t *testing.T) {
	f := newServerFixture(t)
	st := f.playOut(f.startVs(t), 3)
	rep := analysis.Report{Start: 50, Plies: []analysis.Ply{
		{Move: st.Moves[0].Notation, Win: 55},
		{Move: st.Moves[1].Notation, Side: 1, Win: 80, Loss: 25, Class: analysis.Blunder, Best: st.Moves[1].Notation},
		{Move: st.Moves[2].Notation, Win: 78, Loss: 6, Class: analysis.Inaccuracy, Best: st.Moves[2].Notation},
	}}
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.db.SaveAnalysis(context.Background(), st.Game.ID, data); err != nil {
		t.Fatal(err)
	}
	var rp struct {
		Wins  []float64 `json:"wins"`
		Marks []string  `json:"marks"`
	}
	if code := f.getJSON(http.DefaultClient, "/api/games/"+st.Game.PublicID+"/replay", &rp); code != http.StatusOK {
		t.Fatalf("replay: %d", code)
	}
	if fmt.Sprint(rp.Wins) != "[50 55 80 78]" || fmt.Sprint(rp.Marks) != "[ ?? ?!]" {
		t.Errorf("the replay's analysis: wins %v, marks %q; want [50 55 80 78] and [\"\" \"??\" \"?!\"]", rp.Wins, rp.Marks)
	}
}

// TestBrowserReplayGraph: on a replay with a kept analysis, the graph is
// drawn, a tap on it jumps to the ply under the finger, and the move list
// marks the mistakes.
func TestBrowserReplayGraph(t *testing.T) {
	f := newServerFixture(t)
	st := f.playOut(f.startVs(t), 4)
	rep := analysis.Report{Start: 50}
	for i, m := range st.Moves {
		pl := analysis.Ply{Move: m.Notation, Win: 50}
		if i == 1 {
			pl.Class, pl.Best, pl.Win = analysis.Blunder, m.Notation, 90
		}
		rep.Plies = append(rep.Plies, pl)
	}
	data, _ := json.Marshal(rep)
	if err := f.db.SaveAnalysis(context.Background(), st.Game.ID, data); err != nil {
		t.Fatal(err)
	}
	ctx, errs := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(f.ts.URL+"/games/"+st.Game.PublicID)); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "drew the graph", `!document.getElementById('graph').hasAttribute('hidden') && document.getElementById('graph').getBoundingClientRect().width > 100 &&
		document.querySelectorAll('#moves button').length === 4`)
	if got := eval[string](ctx, t, `[...document.querySelectorAll('#moves button')].map((b) => b.textContent).join(' ')`); !strings.Contains(got, st.Moves[1].Notation+"??") {
		t.Errorf("the move list reads %q: want the blunder marked ??", got)
	}
	// A tap a quarter of the way along the graph: ply 1 of 4.
	box := eval[[]float64](ctx, t, `(() => { const r = document.getElementById('graph').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`)
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(box[0]+box[2]/4, box[1]+box[3]/2)); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "jumped to ply 1", plyShown(1))
	// The board drawn is the game's after its first move.
	after, err := store.Replay(st.Position.Variant(), st.Game.Start, st.Moves[:1])
	if err != nil {
		t.Fatal(err)
	}
	want := []int{}
	for i := range after.Variant().Geometry.Points {
		if after.Piece(i).Kind != nil {
			want = append(want, i)
		}
	}
	if got := eval[[]int](ctx, t, `[...document.querySelectorAll('#board .piece')].map((e) => Number(e.dataset.p)).sort((a, b) => a - b)`); !slices.Equal(got, want) {
		t.Errorf("at ply 1 the page draws pieces on points %v; the game has them on %v", got, want)
	}
	if got := eval[int](ctx, t, `document.querySelectorAll('#board .last').length`); got == 0 {
		t.Error("at ply 1 the page does not show the move that led there")
	}
	shot(ctx, t, "web-replay-analysis-desktop.png")
	if e := errs(); len(e) > 0 {
		t.Errorf("the page reported errors: %q", e)
	}
}

// plyShown is a condition for waitJS: the replay page shows its board at
// ply n, with its pieces drawn.
func plyShown(n int) string {
	return fmt.Sprintf(`document.body.dataset.ply === '%d' && document.querySelectorAll('#board .piece').length > 0`, n)
}
