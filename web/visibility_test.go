package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/store"
)

// TestVisibilityAtTheWebDoor checks table.CanView's policy at every route
// of the web door that shows a game (the page, the JSON state, the live
// stream) and every route that changes one: a direct-message game, another
// server's game, a game addressed by its number, a guessed id and a forged
// one.
func TestVisibilityAtTheWebDoor(t *testing.T) {
	f := newServerFixture(t)
	ctx := context.Background()
	start := func(guild, channel string) store.Game {
		t.Helper()
		u, err := f.tab.Start(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: player}, {Player: opponent}},
			GuildID: guild, ChannelID: channel})
		if err != nil {
			t.Fatal(err)
		}
		return u.State.Game
	}
	dm := start("", "dm-channel")
	server := start("guild-2", "channel-2")
	forged := []byte(server.PublicID) // another first digit: a valid form, no game
	if forged[0] = '0'; server.PublicID[0] == '0' {
		forged[0] = '1'
	}

	reads := func(pid string) []string {
		return []string{"/games/" + pid, "/api/games/" + pid, "/api/games/" + pid + "/live"}
	}
	anon := &http.Client{Timeout: 10 * time.Second}
	get := func(c *http.Client, path string) (int, string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel() // ends a live stream once its headers are read
		req, _ := http.NewRequestWithContext(ctx, "GET", f.ts.URL+path, nil)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b := make([]byte, 512)
		n, _ := resp.Body.Read(b)
		return resp.StatusCode, string(b[:n])
	}

	t.Run("a guessed number or a forged id opens nothing", func(t *testing.T) {
		for _, pid := range []string{fmt.Sprint(dm.ID), fmt.Sprint(server.ID), "1", "0", "-1", "0000000000000001",
			string(forged), strings.ToUpper(server.PublicID), server.PublicID + "0", url.PathEscape(server.PublicID + " ")} {
			for _, path := range reads(pid) {
				if code, body := get(anon, path); code != http.StatusNotFound || !strings.Contains(body, "no such game") {
					t.Errorf("GET %s: %d %q; want 404, no such game", path, code, body)
				}
			}
			if code, body := f.postTo(anon, "/api/games/"+pid+"/resign", `{"ply":0}`); code != http.StatusNotFound {
				t.Errorf("POST a resignation to %s: %d %q; want 404", pid, code, body)
			}
		}
	})

	t.Run("a DM game opens for its players only", func(t *testing.T) {
		for _, path := range reads(dm.PublicID) {
			code, body := get(anon, path)
			if code != http.StatusForbidden || !strings.Contains(body, "direct message") {
				t.Errorf("anonymous GET %s: %d %q; want 403, a direct-message game", path, code, body)
			}
			if strings.Contains(body, player.Name) || strings.Contains(body, opponent.Name) {
				t.Errorf("anonymous GET %s names the players: %q", path, body)
			}
		}
		c := f.client()
		link, err := f.srv.Link(&dm, player.ID, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := c.Get(link)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || loc != "/games/"+dm.PublicID {
			t.Fatalf("the player's link: %s to %q; want the game's page by its public id", resp.Status, loc)
		}
		for _, path := range reads(dm.PublicID) {
			if code, body := get(c, path); code != http.StatusOK {
				t.Errorf("the player's GET %s: %d %q; want 200", path, code, body)
			}
		}
		// Their session is for this game only: another game's address with
		// it, or its number, shows nothing more.
		if code, _ := get(c, "/api/games/"+fmt.Sprint(dm.ID)); code != http.StatusNotFound {
			t.Errorf("the player's GET by number: %d; want 404", code)
		}
	})

	t.Run("another server's game opens for its link's holder only", func(t *testing.T) {
		for _, path := range reads(server.PublicID) {
			if code, body := get(anon, path); code != http.StatusOK {
				t.Errorf("GET %s with the game's link: %d %q; want 200", path, code, body)
			}
		}
		if code, _ := get(anon, "/games/"+fmt.Sprint(server.ID)); code != http.StatusNotFound {
			t.Errorf("GET the game by its number: %d; want 404", code)
		}
		// Holding the link lets one watch, not play.
		code, body := f.postTo(anon, "/api/games/"+server.PublicID+"/resign", `{"ply":0}`)
		if code != http.StatusForbidden || !strings.Contains(body, "watching") {
			t.Errorf("a spectator's resignation: %d %q; want 403", code, body)
		}
	})
}

// postTo sends a changing request to path with c, with no CSRF value.
func (f *fixture) postTo(c *http.Client, path, body string) (int, string) {
	f.t.Helper()
	req, _ := http.NewRequest("POST", f.ts.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b := make([]byte, 512)
	n, _ := resp.Body.Read(b)
	return resp.StatusCode, string(b[:n])
}

// TestLinkSignatureStrict changes the last character of a private link's
// signature to each of the 63 others: none opens the link (a lenient
// base64 decoder let three of them through, as they differ only in the
// unused low bits).
func TestLinkSignatureStrict(t *testing.T) {
	f := newFixture(t, "zola")
	link := f.link(time.Hour)
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	token := u.Query().Get("t")
	last := token[len(token)-1]
	opened := 0
	for i := range len(alphabet) {
		c := alphabet[i]
		if c == last {
			continue
		}
		q := url.Values{"t": {token[:len(token)-1] + string(c)}}
		resp, err := f.client().Get(f.ts.URL + "/play?" + q.Encode())
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			opened++
			t.Errorf("the link with its signature ending %q: %s; want 403", c, resp.Status)
		}
	}
	resp, err := f.client().Get(link)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Errorf("the link itself, after %d others opened: %s; want it to open", opened, resp.Status)
	}
}
