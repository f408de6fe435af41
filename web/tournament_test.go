package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/web"
)

// roundRobin starts, through the table, a round robin of three on Zola
// and pairs its first round (a game and a bye), and returns it.
func (f *fixture) roundRobin() store.Tournament {
	f.t.Helper()
	ctx := context.Background()
	ps := []store.Player{{ID: "a", Name: "alice"}, {ID: "b", Name: "bob"}, {ID: "c", Name: "carol"}}
	tr, err := f.tab.CreateTournament(ctx, table.NewTournament{NewTournament: store.NewTournament{GuildID: "g", ChannelID: "c",
		Creator: ps[0], Variant: "zola", Format: store.RoundRobin, Rated: true, DaysPerMove: 1}})
	if err != nil {
		f.t.Fatal(err)
	}
	for _, p := range ps {
		if _, err := f.tab.JoinTournament(ctx, tr.ID, p); err != nil {
			f.t.Fatal(err)
		}
	}
	if _, err := f.tab.StartTournament(ctx, tr.ID); err != nil {
		f.t.Fatal(err)
	}
	s, err := f.tab.TournamentStep(ctx, tr.ID)
	if err != nil || s.Event != table.StepRound {
		f.t.Fatalf("the first round: %v, %v", s.Event, err)
	}
	return s.Tournament
}

// tournament returns GET /api/tournaments/{id}'s status and state, for
// the tournament whose public id is pid.
func (f *fixture) tournament(pid string) (int, web.Tournament) {
	f.t.Helper()
	resp, err := http.Get(f.ts.URL + "/api/tournaments/" + pid)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out web.Tournament
	if resp.StatusCode == http.StatusOK {
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			f.t.Fatal(err)
		}
	}
	return resp.StatusCode, out
}

// TestTournamentAPI reads a round robin of three through the API: its
// round's boards (a game, drawn, and a bye) and the standings, before and
// after the game ends.
func TestTournamentAPI(t *testing.T) {
	f := newFixture(t, "zola")
	tr := f.roundRobin()
	for _, pid := range []string{"1", fmt.Sprint(tr.ID), f.g.PublicID} {
		if code, _ := f.tournament(pid); code != http.StatusNotFound {
			t.Errorf("tournament %q (a number, a game's id): %d, want 404", pid, code)
		}
	}
	code, got := f.tournament(tr.PublicID)
	if code != http.StatusOK || got.Round != 1 || got.Rounds != 6 || got.State != "running" || len(got.Boards) != 2 || len(got.Standings) != 3 {
		t.Fatalf("the tournament: %d %+v", code, got)
	}
	var game web.Board
	for _, b := range got.Boards {
		if b.Game != "" {
			game = b
		} else if b.Result != "bye" || b.Position != nil {
			t.Errorf("the bye's board: %+v", b)
		}
	}
	if game.Game == "" || game.Position == nil || len(game.Position.Pieces) == 0 || game.Result != "" || game.White == "" || game.Black == "" {
		t.Fatalf("the game's board: %+v", game)
	}
	f.resignBlack(game)
	_, got = f.tournament(tr.PublicID)
	if s := got.Standings[0]; s.Name != game.White || s.Points != 1 || s.Games != 1 {
		t.Errorf("after %s resigned, the standings: %+v", game.Black, got.Standings)
	}
	for _, b := range got.Boards {
		if b.Game == game.Game && b.Result != "1–0" {
			t.Errorf("the game's board after the resignation: %+v", b)
		}
	}
}

// TestBrowserTournament opens a round robin's page: it shows the round's
// boards, small, each game's linking to its page, and the standings; when
// the game ends (through the table) the standings change by themselves.
func TestBrowserTournament(t *testing.T) {
	f := newFixture(t, "zola")
	tr := f.roundRobin()
	_, api := f.tournament(tr.PublicID)
	ctx, errs := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(f.ts.URL+"/tournaments/"+tr.PublicID),
		chromedp.WaitReady(chromedp.CSS(`body[data-loads]`))); err != nil {
		t.Fatal(err)
	}
	var game web.Board
	for _, b := range api.Boards {
		if b.Game != "" {
			game = b
		}
	}
	seen, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('#boards .mini-board')].map((b) =>
		(b.getAttribute('href') || '-') + ' ' + b.querySelectorAll('svg .piece').length).join(', ') + ' | ' +
		document.querySelector('#standings tbody').rows.length + ' ' + document.getElementById('round').textContent`))
	want := fmt.Sprintf("/games/%s %d", game.Game, len(game.Position.Pieces))
	if err != nil || !strings.Contains(seen, want) || !strings.Contains(seen, "- 0") || !strings.HasSuffix(seen, "| 3 Round 1 of 6") {
		t.Errorf("the page shows %q (%v): want the game's board (%s), the bye's, 3 players, round 1", seen, err, want)
	}
	shot(ctx, t, "web-tournament-desktop.png")
	f.resignBlack(game)
	first := fmt.Sprintf(`//table[@id="standings"]/tbody/tr[1][td[2]=%q and td[3]="1"]`, game.White)
	if err := chromedp.Do(ctx, chromedp.WaitReady(first)); err != nil {
		t.Fatalf("the standings never showed %s first with a point: %v", game.White, err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitReady(chromedp.CSS(fmt.Sprintf(`a[href="/games/%s"]`, game.Game)))); err != nil {
		t.Fatal(err)
	}
	cap, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(fmt.Sprintf(`a[href="/games/%s"] span`, game.Game))))
	if err != nil || !strings.HasSuffix(cap, "1–0") {
		t.Errorf("the game's board says %q (%v): want its result", cap, err)
	}
	// A board leads to its game's page: the finished game's replay.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`a[href="/games/%s"]`, game.Game))),
		chromedp.WaitReady(chromedp.CSS(`#board .piece`))); err != nil {
		t.Fatal(err)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("the page reported errors:\n%s", strings.Join(e, "\n"))
	}
}

// resignBlack has the second player of board b's game resign it.
func (f *fixture) resignBlack(b web.Board) {
	f.t.Helper()
	ctx := context.Background()
	id, err := f.tab.GameID(ctx, b.Game)
	if err != nil {
		f.t.Fatal(err)
	}
	st, _ := f.tab.Load(ctx, id)
	if _, err := f.tab.Resign(ctx, id, st.Game.Seats[1].ID, store.AnyPly); err != nil {
		f.t.Fatal(err)
	}
}

// TestBrowserTournamentSteps opens an open tournament's page and follows
// it, without a reload, through the steps taken elsewhere (through the
// table, as on Discord): a player joins, and it shows a row more in the
// standings; it starts, and then it is paused, and it says so.
func TestBrowserTournamentSteps(t *testing.T) {
	f := newFixture(t, "zola")
	ctx := context.Background()
	alice, bob, carol := store.Player{ID: "a", Name: "alice"}, store.Player{ID: "b", Name: "bob"}, store.Player{ID: "c", Name: "carol"}
	tr, err := f.tab.CreateTournament(ctx, table.NewTournament{NewTournament: store.NewTournament{GuildID: "g", ChannelID: "c",
		Creator: alice, Variant: "zola", Format: store.RoundRobin, Rated: true, DaysPerMove: 1}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []store.Player{alice, bob} {
		if _, err := f.tab.JoinTournament(ctx, tr.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	bctx, errs := browser(t)
	if err := chromedp.Do(bctx, chromedp.Navigate(f.ts.URL+"/tournaments/"+tr.PublicID),
		chromedp.WaitReady(`//table[@id="standings"]/tbody[count(tr)=2]`)); err != nil {
		t.Fatal(err)
	}
	if _, err := f.tab.JoinTournament(ctx, tr.ID, carol); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(bctx, chromedp.WaitReady(`//table[@id="standings"]/tbody[count(tr)=3]/tr[td[2]="carol"]`)); err != nil {
		t.Fatalf("the page never showed carol, who joined: %v", err)
	}
	d := table.Director{User: alice.ID, GuildID: "g"}
	if _, err := f.tab.StartTournament(ctx, tr.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.tab.PauseTournament(ctx, tr.ID, d); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(bctx, chromedp.WaitReady(`//*[@id="status" and text()="The tournament is paused."]`)); err != nil {
		t.Fatalf("the page never said the tournament is paused: %v", err)
	}
	shot(bctx, t, "web-tournament-paused.png")
	if e := errs(); len(e) > 0 {
		t.Errorf("the page reported errors:\n%s", strings.Join(e, "\n"))
	}
}
