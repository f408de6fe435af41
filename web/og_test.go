package web_test

import (
	"context"
	"html"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/store"
)

// crawl fetches path as Discord's link crawler does: its user agent, no
// cookies. It returns the status and the body.
func (f *fixture) crawl(path string) (int, string) {
	f.t.Helper()
	req, _ := http.NewRequest("GET", f.ts.URL+path, nil)
	req.Header.Set("User-Agent", discordCrawler)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

var ogTag = regexp.MustCompile(`<meta property="og:([a-z_]+)" content="([^"]*)">`)

// TestOpenGraphAsDiscordSees: each kind of page, fetched as Discord's
// crawler fetches a pasted link, carries a title, a description and an
// image, which is a PNG the crawler may fetch; a page it may not see (a
// direct message's game, a guessed leaderboard) gives it nothing of it.
func TestOpenGraphAsDiscordSees(t *testing.T) {
	f := newServerFixtureWith(t, store.Options{MinRatedGames: 1})
	ctx := context.Background()
	start := func(guild, channel string, rated bool) store.Game {
		t.Helper()
		u, err := f.tab.Start(ctx, store.NewGame{Variant: "zamma", Seats: [2]store.Seat{{Player: player}, {Player: opponent}},
			GuildID: guild, ChannelID: channel, Rated: rated})
		if err != nil {
			t.Fatal(err)
		}
		return u.State.Game
	}
	live := start("g1", "c1", false)
	done := f.playOut(start("g1", "c1", true).ID, 2).Game
	dm := f.playOut(start("", "dm", false).ID, 2).Game
	ppid, _ := f.tab.PageID(ctx, store.PlayerPage, player.ID)
	lpid, _ := f.tab.PageID(ctx, store.ServerPage, "g1")
	h := f.home(f.client())
	_, inv := f.send(f.client(), "/api/home/invite", "", "{}") // refused: no person
	if inv == "" {
		t.Fatal("an invitation without a person was not refused with a reason")
	}
	c := f.client()
	h = f.home(c)
	_, inv = f.send(c, "/api/home/invite", h.CSRF, `{"variant":"zodiac","side":"random","name":"Ada"}`)

	for path, want := range map[string]string{
		"/":                              "zugbot",
		"/games/" + live.PublicID:        "Ada vs Bea",
		"/games/" + done.PublicID:        "Ada vs Bea",
		"/players/" + ppid:               "Ada on zugbot",
		"/leaderboards/" + lpid:          "this server",
		"/leaderboard?rating=zamma/live": "Zamma (live) leaderboard, everyone",
		inv:                              "Ada invites you to play Zodiac",
	} {
		code, body := f.crawl(path)
		tags := map[string]string{}
		for _, m := range ogTag.FindAllStringSubmatch(body, -1) {
			tags[m[1]] = html.UnescapeString(m[2])
		}
		if code != http.StatusOK || !strings.Contains(tags["title"], want) || tags["description"] == "" || !strings.HasPrefix(tags["image"], f.ts.URL+"/") {
			t.Errorf("%s: %d, tags %q; want a title with %q, a description and an image here", path, code, tags, want)
			continue
		}
		req, _ := http.NewRequest("GET", tags["image"], nil)
		req.Header.Set("User-Agent", discordCrawler)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		decodePNG(t, resp)
	}
	if _, body := f.crawl("/games/" + done.PublicID); !strings.Contains(body, "resign") {
		t.Errorf("a finished game's description does not say how it ended")
	}
	for _, path := range []string{"/games/" + dm.PublicID, "/games/" + dm.PublicID + "/boards/last", "/leaderboards/0000000000000001",
		"/leaderboards/0000000000000001/table.png", "/players/" + player.ID} {
		code, body := f.crawl(path)
		if code < 400 || strings.Contains(body, "og:") || strings.Contains(body, "Ada") {
			t.Errorf("%s as the crawler: %d %q; want a refusal with nothing of it", path, code, body)
		}
	}
}

// TestPagesWeight: the pages around the board have no inline script or
// style (the CSP forbids them) and weigh, with their scripts and styles,
// under 60 KB each before their images.
func TestPagesWeight(t *testing.T) {
	f := newServerFixture(t)
	ppid, _ := f.tab.PageID(context.Background(), store.PlayerPage, player.ID)
	st := f.playOut(f.startVs(t), 2)
	asset := regexp.MustCompile(`(?:src|href)="(/static/[^"]+)"`)
	for _, path := range []string{"/", "/games/" + st.Game.PublicID, "/players/" + ppid, "/leaderboard"} {
		code, page := f.crawl(path)
		if code != http.StatusOK {
			t.Fatalf("%s: %d", path, code)
		}
		if strings.Contains(page, "<script>") || strings.Contains(page, "<style") || regexp.MustCompile(`\son[a-z]+=|style=`).MatchString(page) {
			t.Errorf("%s has an inline script or style", path)
		}
		total := len(page)
		for _, m := range asset.FindAllStringSubmatch(page, -1) {
			_, b := f.crawl(m[1])
			total += len(b)
		}
		t.Logf("%s weighs %d bytes with its scripts and styles", path, total)
		if path == "/" {
			pics := 0
			for _, v := range []string{"zola", "zamma", "zonal", "zodiac"} {
				_, b := f.crawl("/pictures/" + v + ".png")
				pics += len(b)
			}
			_, board := f.crawl("/games/" + st.Game.PublicID + "/boards/last")
			t.Logf("the home page's four pictures weigh %d bytes; a replay's board %d", pics, len(board))
		}
		if total > 60<<10 {
			t.Errorf("%s weighs %d bytes: keep it under 60 KB", path, total)
		}
	}
}

// startVs starts a game of Zola between player and opponent, off Discord,
// and returns its number.
func (f *fixture) startVs(t *testing.T) int64 {
	t.Helper()
	u, err := f.tab.Start(context.Background(), store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: player}, {Player: opponent}}})
	if err != nil {
		t.Fatal(err)
	}
	return u.State.Game.ID
}
