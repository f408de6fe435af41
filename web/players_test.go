package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/store"
)

// playersJSON is what the tests read of GET /api/players/{id}.
type playersJSON struct {
	Name    string `json:"name"`
	Ratings []struct {
		Key     string `json:"key"`
		Rating  string `json:"rating"`
		Games   int    `json:"games"`
		History []int  `json:"history"`
	} `json:"ratings"`
	Recent []struct{ Page string } `json:"recent"`
}

// TestPlayerPageAndLeaderboards: a player's page, by its link, shows their
// ratings with their history and their games played off Discord, to
// anyone, but never their servers' games (for the servers' members and
// their own links' holders) nor their direct-message games; a server's leaderboard, by its link,
// shows the figures of /leaderboard; a Discord id, a guess or a forged id
// opens nothing.
func TestPlayerPageAndLeaderboards(t *testing.T) {
	f := newServerFixtureWith(t, store.Options{MinRatedGames: 1})
	ctx := context.Background()
	play := func(guild, channel string, rated bool) store.Game {
		t.Helper()
		u, err := f.tab.Start(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: player}, {Player: opponent}},
			GuildID: guild, ChannelID: channel, Rated: rated})
		if err != nil {
			t.Fatal(err)
		}
		return f.playOut(u.State.Game.ID, 2).Game
	}
	server := play("g1", "c1", true)
	off := play("", "", false)
	dm := play("", "dm", false)
	server2 := play("g1", "c1", true)

	pid, err := f.tab.PageID(ctx, store.PlayerPage, player.ID)
	if err != nil {
		t.Fatal(err)
	}
	anon := &http.Client{Timeout: 10 * time.Second}
	var p playersJSON
	if code := f.getJSON(anon, "/api/players/"+pid, &p); code != http.StatusOK {
		t.Fatalf("the player's page: %d", code)
	}
	r, err := f.db.Rating(ctx, player.ID, "zola")
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "Ada" || len(p.Ratings) != 1 || p.Ratings[0].Key != "zola" || p.Ratings[0].Rating != r.String() || len(p.Ratings[0].History) != 2 ||
		p.Ratings[0].History[1] != r.Rating {
		t.Errorf("the player's page: %+v; want Ada's zola rating %s with two points", p, r.String())
	}
	var pages []string
	for _, g := range p.Recent {
		pages = append(pages, g.Page)
	}
	want := []string{"/games/" + off.PublicID}
	if strings.Join(pages, " ") != strings.Join(want, " ") {
		t.Errorf("recent games to anyone: %q, want %q (never the server's, %s and %s, nor the direct message's, %s)",
			pages, want, server.PublicID, server2.PublicID, dm.PublicID)
	}
	for _, bad := range []string{player.ID, "0000000000000001", strings.ToUpper(pid)} {
		if code := f.getJSON(anon, "/api/players/"+bad, nil); code != http.StatusNotFound {
			t.Errorf("GET /api/players/%s: %d, want 404", bad, code)
		}
		if code := f.getJSON(anon, "/players/"+bad, nil); code != http.StatusNotFound {
			t.Errorf("GET /players/%s: %d, want 404", bad, code)
		}
	}

	// The server's leaderboard, by its link.
	lid, err := f.tab.PageID(ctx, store.ServerPage, "g1")
	if err != nil {
		t.Fatal(err)
	}
	var lb struct {
		Scope string
		Rows  []struct {
			Rank   int
			Name   string
			Rating string
			Games  int
		}
	}
	if code := f.getJSON(anon, "/api/leaderboards/"+lid+"?rating=zola", &lb); code != http.StatusOK {
		t.Fatalf("the leaderboard: %d", code)
	}
	rows, err := f.db.Leaderboard(ctx, store.LeaderboardQuery{Variant: "zola", GuildID: "g1", Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	if lb.Scope != "this server" || len(lb.Rows) != len(rows) || len(rows) != 2 {
		t.Fatalf("leaderboard: %+v; want %d rows", lb, len(rows))
	}
	for i, row := range rows {
		if got := lb.Rows[i]; got.Rank != row.Rank || got.Name != row.Player.Name || got.Rating != row.Rating.String() || got.Games != row.Games {
			t.Errorf("row %d: %+v, want %+v", i, got, row)
		}
	}
	for _, bad := range []string{"/api/leaderboards/" + pid, "/api/leaderboards/g1", "/leaderboards/0000000000000001", "/api/leaderboards/" + lid + "?rating=nothing"} {
		if code := f.getJSON(anon, bad, nil); code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", bad, code)
		}
	}
}
