package web_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/think"
	"github.com/zugbot/zugbot/web"
)

// activityAPI is a web server with the Activity over a real table, signed
// in against the fake Discord, without a browser.
type activityAPI struct {
	t      *testing.T
	tab    *table.Table
	srv    *discordtest.Server
	ts     *httptest.Server
	origin string // the page's origin behind Discord's proxy
}

func newActivityAPI(t *testing.T) *activityAPI {
	t.Helper()
	srv := discordtest.New(t)
	srv.EnableActivities()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "web.db"), store.Options{Variants: games.All(), MaxActiveGames: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tab, err := table.New(table.Config{Store: db, Variants: games.All(), Seed: 1, AIThink: 30 * time.Millisecond, Thinker: think.New(think.Config{Workers: 1})})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tab.Close) // before the store closes
	ts := httptest.NewUnstartedServer(nil)
	ws, err := web.New(web.Config{Table: tab, Sessions: db, Key: []byte(strings.Repeat("k", 32)), PublicURL: "http://" + ts.Listener.Addr().String(),
		Activity: &web.ActivityConfig{AppID: srv.AppID(), ClientSecret: srv.ClientSecret(), BotToken: srv.Token(),
			APIURL: srv.URL() + discordtest.APIPrefix, Games: db}})
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = ws
	ts.Start()
	t.Cleanup(ts.Close)
	t.Cleanup(func() { ws.Close() })
	return &activityAPI{t: t, tab: tab, srv: srv, ts: ts, origin: "https://" + srv.AppID() + ".discordsays.com"}
}

// client is a browser's cookie jar.
func (a *activityAPI) client() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 10 * time.Second}
}

// call sends method path with body (JSON, "" for none) and the headers
// kv, and decodes the JSON answer into out.
func (a *activityAPI) call(c *http.Client, method, path, body string, out any, kv ...string) int {
	a.t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, a.ts.URL+path, r)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(kv); i += 2 {
		req.Header.Set(kv[i], kv[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		_ = json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

type activityAnswer struct {
	AccessToken string `json:"access_token"`
	CSRF        string `json:"csrf"`
	Game        int64  `json:"game"`
	Page        string `json:"page"`
	GameCSRF    string `json:"game_csrf"`
	Player      bool   `json:"player"`
	Error       string `json:"error"`
}

// signIn signs c in as code's user to the instance.
func (a *activityAPI) signIn(c *http.Client, code, instance string) (int, activityAnswer) {
	a.t.Helper()
	b, _ := json.Marshal(map[string]string{"code": code, "instance_id": instance})
	var out activityAnswer
	return a.call(c, "POST", "/api/activity/token", string(b), &out), out
}

// cookie returns c's cookie name for the server.
func (a *activityAPI) cookie(c *http.Client, name string) string {
	u, _ := url.Parse(a.ts.URL)
	for _, k := range c.Jar.Cookies(u) {
		if k.Name == name {
			return k.Value
		}
	}
	return ""
}

// TestActivityAPI signs in through Discord's OAuth2 code, starts a game in
// the activity's channel, and plays in it from the page's origin behind
// Discord's proxy; checks what is refused: a code used twice, a request
// from another origin, a spectator's move, a start without the activity
// session, Discord's rate limit (a busy answer, not a failure); and that
// looking for the game again keeps one session.
func TestActivityAPI(t *testing.T) {
	a := newActivityAPI(t)
	srv := a.srv
	guild := srv.NewGuild("Zug Club")
	channel := srv.NewChannel(guild, "games")
	alice, bob := srv.NewUser("alice"), srv.NewUser("bob")
	instance, err := srv.LaunchEntryPoint(guild, channel, alice)
	if err != nil {
		t.Fatal(err)
	}
	srv.JoinActivity(instance, bob)

	ca := a.client()
	code := srv.Authorize(alice)
	st, me := a.signIn(ca, code, instance)
	if st != http.StatusOK || me.AccessToken == "" || me.CSRF == "" || me.Game != 0 {
		t.Fatalf("alice's sign-in: %d %+v: want a token, a CSRF value and no game yet", st, me)
	}
	if st, out := a.signIn(a.client(), code, instance); st != http.StatusForbidden || !strings.Contains(out.Error, "did not accept") {
		t.Errorf("the same code again: %d %+v: want 403", st, out)
	}
	start := `{"variant":"zola","opponent":"ai"}`
	if st := a.call(a.client(), "POST", "/api/activity/games", start, nil, "X-Zugbot-CSRF", me.CSRF); st != http.StatusForbidden {
		t.Errorf("a start without the activity session: %d, want 403", st)
	}
	if st := a.call(ca, "POST", "/api/activity/games", start, nil, "X-Zugbot-CSRF", me.CSRF, "Origin", "https://evil.example"); st != http.StatusForbidden {
		t.Errorf("a start from another origin: %d, want 403", st)
	}
	if st := a.call(ca, "POST", "/api/activity/games", `{"variant":"chess","opponent":"ai"}`, nil, "X-Zugbot-CSRF", me.CSRF); st != http.StatusBadRequest {
		t.Errorf("a start of a game zugbot does not offer: %d, want 400", st)
	}
	var g activityAnswer
	if st := a.call(ca, "POST", "/api/activity/games", start, &g, "X-Zugbot-CSRF", me.CSRF, "Origin", a.origin); st != http.StatusOK || g.Game == 0 || !g.Player {
		t.Fatalf("alice starts a game against the AI: %d %+v", st, g)
	}
	id := g.Page
	before := a.cookie(ca, "zugbot_g"+strconv.FormatInt(g.Game, 10))
	var again activityAnswer
	if st := a.call(ca, "GET", "/api/activity/game", "", &again); st != http.StatusOK || again.Game != g.Game || again.GameCSRF != g.GameCSRF || again.Page != g.Page || a.cookie(ca, "zugbot_g"+strconv.FormatInt(g.Game, 10)) != before {
		t.Errorf("looking for the game again: %d %+v: want the same game and session", st, again)
	}

	// alice moves from the page's origin behind the proxy, once the AI,
	// if it opens, has.
	var state web.State
	deadline := time.Now().Add(activityWait)
	for a.call(ca, "GET", "/api/games/"+id, "", &state); state.Turn != state.You; a.call(ca, "GET", "/api/games/"+id, "", &state) {
		if time.Now().After(deadline) {
			t.Fatalf("never alice's turn: %+v", state)
		}
		time.Sleep(10 * time.Millisecond)
	}
	move := moveBody(state.Ply, state.Moves[0].Notation)
	if st := a.call(ca, "POST", "/api/games/"+id+"/moves", move, nil, "X-Zugbot-CSRF", g.GameCSRF, "Origin", "https://evil.example"); st != http.StatusForbidden {
		t.Errorf("a move from another origin: %d, want 403", st)
	}
	var out struct{ Error string }
	if st := a.call(ca, "POST", "/api/games/"+id+"/moves", move, &out, "X-Zugbot-CSRF", g.GameCSRF, "Origin", a.origin, "Sec-Fetch-Site", "same-origin"); st != http.StatusOK {
		t.Fatalf("alice's move from the Activity: %d %s", st, out.Error)
	}

	// bob watches: the game is alice's, and his move is refused.
	cb := a.client()
	st, bobs := a.signIn(cb, srv.Authorize(bob), instance)
	if st != http.StatusOK || bobs.Game != g.Game || bobs.Player {
		t.Fatalf("bob's sign-in: %d %+v: want alice's game, as a spectator", st, bobs)
	}
	a.call(cb, "GET", "/api/games/"+id, "", &state)
	if state.You != -1 {
		t.Errorf("bob sees himself as side %d: want a spectator", state.You)
	}
	if st := a.call(cb, "POST", "/api/games/"+id+"/moves", moveBody(state.Ply, "a1-a2"), &out, "X-Zugbot-CSRF", bobs.GameCSRF); st != http.StatusForbidden || !strings.Contains(out.Error, "not a player") {
		t.Errorf("bob's move: %d %q: want 403, not a player", st, out.Error)
	}

	// Discord busy: a busy answer, not a failure.
	srv.RateLimit(discordtest.RouteActivityInstance, 1, time.Second)
	if st, out := a.signIn(a.client(), srv.Authorize(bob), instance); st != http.StatusServiceUnavailable || !strings.Contains(out.Error, "busy") {
		t.Errorf("a sign-in while Discord rate limits: %d %+v: want 503, busy", st, out)
	}
	for _, v := range srv.TakeViolations() {
		if !strings.Contains(v.String(), "/oauth2/token") && !strings.Contains(v.String(), "activity-instances") {
			t.Errorf("the fake refused %s", v)
		}
	}
}

// TestActivityPageFramed: the Activity's page, at the root with Discord's
// query, may be framed by Discord and loads the Activity's script; every
// other page may not be framed.
func TestActivityPageFramed(t *testing.T) {
	a := newActivityAPI(t)
	get := func(path string) (*http.Response, string) {
		resp, err := http.Get(a.ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	resp, body := get("/?frame_id=f&instance_id=i&platform=desktop")
	csp := resp.Header.Get("Content-Security-Policy")
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, `src="/static/activity.js"`) || strings.Contains(body, "board.js") {
		t.Errorf("the Activity's page: %s, want the page with activity.js in place of board.js:\n%s", resp.Status, body)
	}
	if !strings.Contains(csp, "frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com") ||
		!strings.Contains(csp, "script-src 'self';") || resp.Header.Get("X-Frame-Options") != "" {
		t.Errorf("the Activity's page: CSP %q, X-Frame-Options %q: want Discord allowed to frame it", csp, resp.Header.Get("X-Frame-Options"))
	}
	resp, body = get("/")
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "/static/home.js") || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") || resp.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("the root without Discord's query: %s, CSP %q: want the home page, not framed", resp.Status, resp.Header.Get("Content-Security-Policy"))
	}
}

// TestActivityVisibility checks table.CanView at the Activity's door: an
// Activity shows its own channel's game, to a member who does not play it
// as a spectator; launched in another server, it shows none of this one's,
// and its session opens no game by number, nor a DM game by its id.
func TestActivityVisibility(t *testing.T) {
	a := newActivityAPI(t)
	srv, ctx := a.srv, context.Background()
	home, away := srv.NewGuild("Zug Club"), srv.NewGuild("Elsewhere")
	homeChannel, awayChannel := srv.NewChannel(home, "games"), srv.NewChannel(away, "games")
	alice, bob, carol := srv.NewUser("alice"), srv.NewUser("bob"), srv.NewUser("carol")
	start := func(guild, channel string) store.Game {
		t.Helper()
		u, err := a.tab.Start(ctx, store.NewGame{Variant: "zola", GuildID: guild, ChannelID: channel, DaysPerMove: 1,
			Seats: [2]store.Seat{{Player: store.Player{ID: alice.ID, Name: alice.Username}}, {Player: store.Player{ID: bob.ID, Name: bob.Username}}}})
		if err != nil {
			t.Fatal(err)
		}
		return u.State.Game
	}
	game := start(home, homeChannel)
	dm := start("", "a-dm")

	// carol, a member of the game's server, watches it in its channel.
	here, err := srv.LaunchEntryPoint(home, homeChannel, carol)
	if err != nil {
		t.Fatal(err)
	}
	if st, got := a.signIn(a.client(), srv.Authorize(carol), here); st != http.StatusOK || got.Game != game.ID || got.Page != game.PublicID || got.Player {
		t.Errorf("carol's Activity in the game's channel: %d %+v; want game #%d to watch", st, got, game.ID)
	}

	// In another server's channel, she finds none of this server's games.
	there, err := srv.LaunchEntryPoint(away, awayChannel, carol)
	if err != nil {
		t.Fatal(err)
	}
	c := a.client()
	if st, got := a.signIn(c, srv.Authorize(carol), there); st != http.StatusOK || got.Game != 0 || got.Page != "" {
		t.Errorf("carol's Activity in another server: %d %+v; want no game", st, got)
	}
	var out struct{ Error string }
	for _, id := range []int64{game.ID, dm.ID} {
		if st := a.call(c, "GET", "/api/games/"+strconv.FormatInt(id, 10), "", &out); st != http.StatusNotFound {
			t.Errorf("game #%d by its number from the Activity: %d %q; want 404", id, st, out.Error)
		}
	}
	if st := a.call(c, "GET", "/api/games/"+dm.PublicID, "", &out); st != http.StatusForbidden || !strings.Contains(out.Error, "direct message") {
		t.Errorf("a DM game by its id from the Activity: %d %q; want 403", st, out.Error)
	}
}
