package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/think"
	"github.com/zugbot/zugbot/web"
)

// player is the person who plays the AI in the tests.
var player = store.Player{ID: "u1", Name: "Ada"}

// fixture is a web server over a real table on a real SQLite file, with a
// game of Zola between player (Red, first) and the AI at level 1.
type fixture struct {
	t    *testing.T
	db   *store.Store
	tab  *table.Table
	srv  *web.Server
	ts   *httptest.Server
	game int64      // the game's number
	g    store.Game // the game as it started
}

// page returns the address of the fixture's game's page, by its public id.
func (f *fixture) page() string { return "/games/" + f.g.PublicID }

// api returns the address of the fixture's game in the JSON API.
func (f *fixture) api() string { return "/api/games/" + f.g.PublicID }

func newFixture(t *testing.T, variant string) *fixture {
	t.Helper()
	return newFixtureAt(t, variant, "")
}

// newFixtureAt is newFixture with the game starting from position start
// ("" for the variant's own).
func newFixtureAt(t *testing.T, variant, start string) *fixture {
	t.Helper()
	f := newServerFixture(t)
	u, err := f.tab.PlayAI(context.Background(), table.AIGame{Variant: variant, Start: start, Player: player, Level: 1, Colour: store.FirstColour})
	if err != nil {
		t.Fatal(err)
	}
	f.game, f.g = u.State.Game.ID, u.State.Game
	return f
}

// opponent is player's opponent in the games between two people.
var opponent = store.Player{ID: "u2", Name: "Bea"}

// newFixtureVs is newFixture with a game between two people: player
// moves first, opponent second.
func newFixtureVs(t *testing.T, variant string) *fixture {
	t.Helper()
	f := newServerFixture(t)
	u, err := f.tab.Start(context.Background(), store.NewGame{Variant: variant, Seats: [2]store.Seat{{Player: player}, {Player: opponent}}})
	if err != nil {
		t.Fatal(err)
	}
	f.game, f.g = u.State.Game.ID, u.State.Game
	return f
}

// newServerFixture is a web server over a real table on a real SQLite
// file, with no game yet.
func newServerFixture(t *testing.T) *fixture {
	t.Helper()
	return newServerFixtureWith(t, store.Options{})
}

// newServerFixtureWith is newServerFixture with the store's options o (its
// variants and game limit aside).
func newServerFixtureWith(t *testing.T, o store.Options) *fixture {
	t.Helper()
	ctx := context.Background()
	o.Variants, o.MaxActiveGames = games.All(), -1
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "web.db"), o)
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
	srv, err := web.New(web.Config{Table: tab, Sessions: db, Key: []byte(strings.Repeat("k", 32)), PublicURL: "http://" + ts.Listener.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = srv
	ts.Start()
	t.Cleanup(ts.Close)
	t.Cleanup(func() { srv.Close() }) // before ts.Close: it ends the live streams
	return &fixture{t: t, db: db, tab: tab, srv: srv, ts: ts}
}

// link returns a private link to the fixture's game for player.
func (f *fixture) link(ttl time.Duration) string {
	f.t.Helper()
	l, err := f.srv.Link(&f.g, player.ID, ttl)
	if err != nil {
		f.t.Fatal(err)
	}
	return l
}

// client returns a browser-like client with a cookie jar that does not
// follow redirects.
func (f *fixture) client() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// login opens a fresh private link with c and returns the game's state as
// the player sees it.
func (f *fixture) login(c *http.Client) web.State {
	f.t.Helper()
	resp, err := c.Get(f.link(time.Hour))
	if err != nil {
		f.t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != f.page() {
		f.t.Fatalf("opening the link: %s, Location %q", resp.Status, resp.Header.Get("Location"))
	}
	st := f.state(c)
	if st.You != 0 || st.CSRF == "" {
		f.t.Fatalf("after the link, you = %d, csrf %q: want side 0 and a CSRF value", st.You, st.CSRF)
	}
	return st
}

func (f *fixture) state(c *http.Client) web.State {
	f.t.Helper()
	resp, err := c.Get(f.ts.URL + f.api())
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		f.t.Fatalf("state: %s", resp.Status)
	}
	var st web.State
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		f.t.Fatal(err)
	}
	return st
}

// post sends a changing request with the CSRF header csrf (none if "")
// and returns the status and the body.
func (f *fixture) post(c *http.Client, path, csrf, body string, header ...string) (int, string) {
	f.t.Helper()
	req, _ := http.NewRequest("POST", f.ts.URL+f.api()+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if csrf != "" {
		req.Header.Set("X-Zugbot-CSRF", csrf)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func moveBody(ply int, move string) string {
	b, _ := json.Marshal(map[string]any{"ply": ply, "move": move})
	return string(b)
}

func TestStateJSON(t *testing.T) {
	f := newFixture(t, "zola")
	st := f.state(http.DefaultClient)
	if st.You != -1 || st.CSRF != "" {
		t.Errorf("a spectator sees you = %d, csrf %q", st.You, st.CSRF)
	}
	if st.Variant.ID != "zola" || len(st.Geometry.Points) != 36 || !st.Geometry.Cells || st.Ply != 0 || st.Turn != 0 {
		t.Errorf("state: variant %q, %d points, cells %v, ply %d, turn %d", st.Variant.ID, len(st.Geometry.Points), st.Geometry.Cells, st.Ply, st.Turn)
	}
	if len(st.Pieces) != 36 || len(st.Moves) == 0 || st.Last != nil || st.Result != nil {
		t.Errorf("%d pieces, %d moves, last %v, result %v", len(st.Pieces), len(st.Moves), st.Last, st.Result)
	}
	for _, m := range st.Moves {
		if m.Notation == "" || len(m.Path) != 2 {
			t.Errorf("move %+v: want a notation and a path of two points", m)
		}
	}
	if st.Players[0].Name != "Ada" || st.Players[1].Level != 1 || st.Palette.Sides[0].Fill == "" || st.Palette.Cells[0][0] == "" {
		t.Errorf("players %+v, palette %+v", st.Players, st.Palette.Sides)
	}
	resp, err := http.Get(f.ts.URL + f.page())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || resp.StatusCode != 200 {
		t.Errorf("page: %s, CSP %q", resp.Status, csp)
	}
}

func TestPlayMove(t *testing.T) {
	f := newFixture(t, "zola")
	c := f.client()
	st := f.login(c)
	mv := st.Moves[0].Notation
	code, body := f.post(c, "/moves", st.CSRF, moveBody(0, mv))
	if code != http.StatusOK || !strings.Contains(body, `"ply":1`) {
		t.Fatalf("move %s: %d %s", mv, code, body)
	}
	// The AI answers on its own.
	deadline := time.Now().Add(10 * time.Second)
	for {
		st = f.state(c)
		if st.Ply >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the AI has not answered: ply %d", st.Ply)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if st.History[0] != mv || st.Last == nil || st.Last.Notation != st.History[1] || st.Turn != 0 {
		t.Errorf("after the AI's answer: history %v, last %+v, turn %d", st.History, st.Last, st.Turn)
	}
}

func TestStalePlyRefused(t *testing.T) {
	f := newFixture(t, "zola")
	c := f.client()
	st := f.login(c)
	code, body := f.post(c, "/moves", st.CSRF, moveBody(3, st.Moves[0].Notation))
	if code != http.StatusConflict || !strings.Contains(body, "error") {
		t.Errorf("a stale move: %d %s", code, body)
	}
	if st := f.state(c); st.Ply != 0 {
		t.Errorf("the stale move was played: ply %d", st.Ply)
	}
	code, body = f.post(c, "/moves", st.CSRF, moveBody(0, "z9-z8"))
	if code != http.StatusConflict || !strings.Contains(body, "error") {
		t.Errorf("an illegal move: %d %s", code, body)
	}
}

func TestTokensRefused(t *testing.T) {
	f := newFixture(t, "zola")
	open := func(link string) (int, string) {
		resp, err := f.client().Get(link)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	good := f.link(time.Hour)
	forged := good[:len(good)-4] + "AAAA"
	if code, body := open(forged); code != http.StatusForbidden || !strings.Contains(body, "not valid") {
		t.Errorf("forged link: %d %q", code, body)
	}
	other, err := web.New(web.Config{Table: f.tab, Sessions: f.db, Key: []byte(strings.Repeat("x", 32)), PublicURL: f.ts.URL})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	elsewhere, _ := other.Link(&f.g, player.ID, time.Hour)
	if code, body := open(elsewhere); code != http.StatusForbidden || !strings.Contains(body, "not valid") {
		t.Errorf("link of another key: %d %q", code, body)
	}
	if code, body := open(f.link(-time.Minute)); code != http.StatusForbidden || !strings.Contains(body, "expired") {
		t.Errorf("expired link: %d %q", code, body)
	}
	if code, _ := open(good); code != http.StatusSeeOther {
		t.Errorf("good link: %d", code)
	}
	if code, body := open(good); code != http.StatusForbidden || !strings.Contains(body, "already used") {
		t.Errorf("replayed link: %d %q", code, body)
	}
}

func TestCSRFRefused(t *testing.T) {
	f := newFixture(t, "zola")
	c := f.client()
	st := f.login(c)
	mv := moveBody(0, st.Moves[0].Notation)
	for _, tc := range []struct {
		name   string
		csrf   string
		header []string
	}{
		{"no header", "", nil},
		{"wrong value", "0123", nil},
		{"cross-site origin", st.CSRF, []string{"Origin", "https://evil.example"}},
		{"cross-site fetch", st.CSRF, []string{"Sec-Fetch-Site", "cross-site"}},
	} {
		if code, body := f.post(c, "/moves", tc.csrf, mv, tc.header...); code != http.StatusForbidden {
			t.Errorf("%s: %d %s", tc.name, code, body)
		}
	}
	if st := f.state(c); st.Ply != 0 {
		t.Errorf("a refused move was played: ply %d", st.Ply)
	}
}

func TestSpectatorCannotMove(t *testing.T) {
	f := newFixture(t, "zola")
	st := f.state(http.DefaultClient)
	code, body := f.post(f.client(), "/moves", "anything", moveBody(0, st.Moves[0].Notation))
	if code != http.StatusForbidden || !strings.Contains(body, "watching") {
		t.Errorf("a spectator's move: %d %s", code, body)
	}
	if code, _ := f.post(f.client(), "/resign", "anything", `{"ply":0}`); code != http.StatusForbidden {
		t.Errorf("a spectator's resignation: %d", code)
	}
}

func TestMoveRateLimit(t *testing.T) {
	f := newFixture(t, "zola")
	c := f.client()
	st := f.login(c)
	limited := false
	for range 30 {
		code, _ := f.post(c, "/moves", st.CSRF, moveBody(7, st.Moves[0].Notation)) // stale: refused, but counted
		if code == http.StatusTooManyRequests {
			limited = true
			break
		}
	}
	if !limited {
		t.Error("30 moves at once were not rate limited")
	}
}

func TestLiveStream(t *testing.T) {
	f := newFixture(t, "zola")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", f.ts.URL+f.api()+"/live", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("live: %s, %q", resp.Status, ct)
	}
	r := bufio.NewReader(resp.Body)
	if _, err := r.ReadString('\n'); err != nil { // the stream is open: subscribed
		t.Fatal(err)
	}
	// Another adapter moves.
	st := f.state(http.DefaultClient)
	if _, err := f.tab.Play(table.WithSource(ctx, "discord"), f.game, player.ID, 0, st.Moves[0].Notation); err != nil {
		t.Fatal(err)
	}
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("the stream ended before the change: %v", err)
		}
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			var c struct {
				Game   int64  `json:"game"`
				Ply    int    `json:"ply"`
				Kind   string `json:"kind"`
				Source string `json:"source"`
			}
			if err := json.Unmarshal([]byte(data), &c); err != nil {
				t.Fatal(err)
			}
			if c.Game != f.game || c.Ply != 1 || c.Kind != "Moved" || c.Source != "discord" {
				t.Errorf("change %+v: want game %d ply 1 Moved from discord", c, f.game)
			}
			return
		}
	}
}

// TestTakebackAndResign: against the AI a takeback undoes the player's
// last move and the AI's answer, and a resignation ends the game.
func TestTakebackAndResign(t *testing.T) {
	f := newFixture(t, "zola")
	c := f.client()
	st := f.login(c)
	if code, body := f.post(c, "/moves", st.CSRF, moveBody(0, st.Moves[0].Notation)); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for st = f.state(c); st.Ply < 2; st = f.state(c) {
		if time.Now().After(deadline) {
			t.Fatal("the AI has not answered")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if code, body := f.post(c, "/takeback", st.CSRF, `{"ply":2}`); code != http.StatusOK || !strings.Contains(body, `"ply":0`) {
		t.Fatalf("takeback: %d %s", code, body)
	}
	if code, body := f.post(c, "/draw", st.CSRF, `{"ply":0}`); code != http.StatusConflict || !strings.Contains(body, "error") {
		t.Errorf("a draw offer in Zola, which has none: %d %s", code, body)
	}
	if code, body := f.post(c, "/resign", st.CSRF, `{"ply":0}`); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, body)
	}
	st = f.state(c)
	if st.Result == nil || st.Result.Result != "win" || st.Result.Winner == nil || *st.Result.Winner != 1 || len(st.Moves) != 0 {
		t.Errorf("after resigning: result %+v, %d moves", st.Result, len(st.Moves))
	}
	if code, _ := f.post(c, "/moves", st.CSRF, moveBody(0, "a1xb1")); code != http.StatusConflict {
		t.Errorf("a move after the end: %d", code)
	}
}

// TestPageAssets: the page is one HTML file, one script and one
// stylesheet, with no inline script or style (the CSP forbids them), and
// its script stays small.
func TestPageAssets(t *testing.T) {
	f := newFixture(t, "zola")
	get := func(path string) (string, http.Header) {
		resp, err := http.Get(f.ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %s", path, resp.Status)
		}
		return string(b), resp.Header
	}
	html, h := get(f.page())
	if !strings.Contains(h.Get("Content-Security-Policy"), "default-src 'self'; script-src 'self'; style-src 'self'") || h.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("headers: %v", h)
	}
	if strings.Contains(html, "<script>") || strings.Contains(html, "style=") || strings.Contains(html, "<style") || regexp.MustCompile(`\son[a-z]+=`).MatchString(html) {
		t.Error("the page has an inline script or style")
	}
	total := len(html)
	for _, p := range []string{"/static/board.js", "/static/board.css"} {
		b, _ := get(p)
		total += len(b)
		if p == "/static/board.js" && (strings.Contains(b, "eval(") || strings.Contains(b, "innerHTML") || strings.Contains(b, ".style.")) {
			t.Errorf("%s uses eval, innerHTML or inline styles", p)
		}
	}
	if total > 60<<10 {
		t.Errorf("the page weighs %d bytes: keep it under 60 KB", total)
	}
	t.Logf("the page weighs %d bytes", total)
}

// TestWatching: a player's open live stream makes them Watching their
// game, for as long as it is open; a spectator's stream counts for nobody,
// and a player is not Watching another game.
func TestWatching(t *testing.T) {
	f := newFixture(t, "zola")
	open := func(c *http.Client) (close func()) {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, "GET", f.ts.URL+f.api()+"/live", nil)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil { // open
			t.Fatal(err)
		}
		return func() { cancel(); resp.Body.Close() }
	}
	gone := func(what string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for f.srv.Watching(f.game, player.ID) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the player still Watching", what)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	closeSpectator := open(http.DefaultClient)
	if f.srv.Watching(f.game, player.ID) || f.srv.Watching(f.game, "") {
		t.Errorf("a spectator's stream counts as the player's")
	}
	c := f.client()
	f.login(c)
	first, second := open(c), open(c) // two tabs
	if !f.srv.Watching(f.game, player.ID) {
		t.Fatalf("the player's open stream: not Watching")
	}
	if f.srv.Watching(f.game+1, player.ID) || f.srv.Watching(f.game, opponent.ID) {
		t.Errorf("Watching another game, or as another person")
	}
	first()
	if !f.srv.Watching(f.game, player.ID) { // the second tab is open
		t.Errorf("one of two tabs closed: not Watching")
	}
	second()
	gone("both tabs closed")
	closeSpectator()
}

// TestMoveOnABoardTheGameLeft: a move sent from a board whose turn has
// begun again since (the game went back by a takeback and on to the same
// ply) is refused as stale, not played on a position its player never
// saw; sent from the board as it stands, it is played.
func TestMoveOnABoardTheGameLeft(t *testing.T) {
	f := newFixtureVs(t, "zola")
	ctx := context.Background()
	c := f.client()
	st := f.login(c)
	if code, body := f.post(c, "/moves", st.CSRF, moveBody(0, st.Moves[0].Notation)); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, body)
	}
	next := func() string {
		s, err := f.tab.Load(ctx, f.game)
		if err != nil {
			t.Fatal(err)
		}
		return s.Position.FormatMove(s.Position.Moves(nil)[0])
	}
	if _, err := f.tab.Play(ctx, f.game, opponent.ID, 1, next()); err != nil {
		t.Fatal(err)
	}
	seen := f.state(c) // ply 2, the player to move
	// Elsewhere, the last two plies are taken back and played again.
	if _, err := f.db.Takeback(ctx, f.game, 2, 2); err != nil {
		t.Fatal(err)
	}
	if _, err := f.tab.Play(ctx, f.game, player.ID, 0, next()); err != nil {
		t.Fatal(err)
	}
	if _, err := f.tab.Play(ctx, f.game, opponent.ID, 1, next()); err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"ply": seen.Ply, "move": seen.Moves[0].Notation, "turn_version": seen.TurnVersion})
	if code, out := f.post(c, "/moves", seen.CSRF, string(body)); code != http.StatusConflict || !strings.Contains(out, "has changed") {
		t.Errorf("a move from the board before the takeback: %d %s; want 409, the board has changed", code, out)
	}
	if g, _ := f.db.Game(ctx, f.game); g.Ply != 2 {
		t.Fatalf("the stale move was played: the game is at ply %d", g.Ply)
	}
	now := f.state(c)
	body, _ = json.Marshal(map[string]any{"ply": now.Ply, "move": now.Moves[0].Notation, "turn_version": now.TurnVersion})
	if code, out := f.post(c, "/moves", now.CSRF, string(body)); code != http.StatusOK {
		t.Errorf("a move from the board as it stands: %d %s", code, out)
	}
}
