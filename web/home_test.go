package web_test

import (
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/web"
)

// homeJSON is what the tests read of GET /api/home.
type homeJSON struct {
	You struct {
		Name string `json:"name"`
		Page string `json:"page"`
	} `json:"you"`
	CSRF  string `json:"csrf"`
	Games []struct {
		Name     string `json:"name"`
		Summary  string `json:"summary"`
		Rules    string `json:"rules"`
		Picture  string `json:"picture"`
		Variants []struct {
			ID string `json:"id"`
		} `json:"variants"`
	} `json:"games"`
	Levels  []struct{ Level int }   `json:"levels"`
	Clocks  []string                `json:"clocks"`
	Playing []struct{ Page string } `json:"playing"`
	Live    []struct{ Page string } `json:"live"`
}

// getJSON GETs path with c into v, and returns the status.
func (f *fixture) getJSON(c *http.Client, path string, v any) int {
	f.t.Helper()
	resp, err := c.Get(f.ts.URL + path)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	if v != nil && resp.StatusCode == http.StatusOK {
		if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
			f.t.Fatalf("GET %s: %v", path, err)
		}
	}
	return resp.StatusCode
}

// send POSTs body to path with c and the CSRF value csrf, and returns the
// status and the answer's page (or error).
func (f *fixture) send(c *http.Client, path, csrf, body string, header ...string) (int, string) {
	f.t.Helper()
	req, _ := http.NewRequest("POST", f.ts.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Zugbot-CSRF", csrf)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ Page, Error string }
	b, _ := io.ReadAll(resp.Body)
	_ = json.Unmarshal(b, &out)
	if out.Page != "" {
		return resp.StatusCode, out.Page
	}
	return resp.StatusCode, out.Error
}

// home returns c's home page state, checking the page itself is served.
func (f *fixture) home(c *http.Client) homeJSON {
	f.t.Helper()
	var h homeJSON
	if code := f.getJSON(c, "/api/home", &h); code != http.StatusOK {
		f.t.Fatalf("GET /api/home: %d", code)
	}
	return h
}

// stateAt returns the state of the game whose page is page, for c.
func (f *fixture) stateAt(c *http.Client, page string) web.State {
	f.t.Helper()
	var st web.State
	if code := f.getJSON(c, "/api"+page, &st); code != http.StatusOK {
		f.t.Fatalf("GET /api%s: %d", page, code)
	}
	return st
}

// TestHomeStartsAGame: the home page offers the four games, each with a
// picture that is a PNG and its rules; a person without Discord starts a
// game against the AI from it and plays it as its player; the game is in
// their list, and in nobody else's, unless they listed it.
func TestHomeStartsAGame(t *testing.T) {
	f := newServerFixture(t)
	resp, err := http.Get(f.ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), "/static/home.js") {
		t.Fatalf("GET /: %s, want the home page", resp.Status)
	}
	ada := f.client()
	h := f.home(ada)
	var names []string
	for _, g := range h.Games {
		names = append(names, g.Name)
		if g.Summary == "" || !strings.HasPrefix(g.Rules, "https://") || len(g.Variants) == 0 {
			t.Errorf("game %s: summary %q, rules %q, %d variants", g.Name, g.Summary, g.Rules, len(g.Variants))
		}
		pic, err := http.Get(f.ts.URL + g.Picture)
		if err != nil {
			t.Fatal(err)
		}
		decodePNG(t, pic)
	}
	if strings.Join(names, ", ") != "Zola, Zamma, Zonal Chess, Zodiac" || len(h.Levels) != 5 || len(h.Clocks) == 0 || h.CSRF == "" {
		t.Fatalf("home: games %q, %d levels, clocks %q, csrf %q", names, len(h.Levels), h.Clocks, h.CSRF)
	}
	if !strings.HasPrefix(h.You.Name, "Guest ") || len(h.Playing) != 0 {
		t.Errorf("a new reader: %q with %d games; want a guest with none", h.You.Name, len(h.Playing))
	}
	body := `{"variant":"zamma","level":1,"side":"first","clock":"5+3","name":"Ada  Lovelace"}`
	// Without the CSRF value, or from another site: refused.
	if code, _ := f.send(ada, "/api/home/ai", "", body); code != http.StatusForbidden {
		t.Errorf("a start without the CSRF value: %d, want 403", code)
	}
	if code, _ := f.send(ada, "/api/home/ai", h.CSRF, body, "Origin", "https://evil.example"); code != http.StatusForbidden {
		t.Errorf("a start from another site: %d, want 403", code)
	}
	if code, msg := f.send(ada, "/api/home/ai", h.CSRF, `{"variant":"zamma","level":9,"side":"first"}`); code != http.StatusConflict || !strings.Contains(msg, "level") {
		t.Errorf("level 9: %d %q, want a refusal that names the levels", code, msg)
	}
	code, page := f.send(ada, "/api/home/ai", h.CSRF, body)
	if code != http.StatusOK || !strings.HasPrefix(page, "/games/") {
		t.Fatalf("starting a game: %d %q", code, page)
	}
	st := f.stateAt(ada, page)
	if st.You != 0 || st.CSRF == "" || st.Variant.ID != "zamma" || st.Clock == nil || !st.Clock.Live || st.Players[0].Name != "Ada Lovelace" || st.Players[1].Level != 1 {
		t.Fatalf("the new game: you %d, variant %s, clock %+v, players %+v", st.You, st.Variant.ID, st.Clock, st.Players)
	}
	mv := st.Moves[0].Notation
	if code, body := f.send(ada, "/api"+page+"/moves", st.CSRF, moveBody(st.Ply, mv)); code != http.StatusOK {
		t.Fatalf("playing %s: %d %s", mv, code, body)
	}
	h = f.home(ada)
	if len(h.Playing) != 1 || h.Playing[0].Page != "/me"+page || h.You.Name != "Ada Lovelace" {
		t.Errorf("Ada's home: %+v, want her game", h)
	}
	bea := f.client()
	if hb := f.home(bea); len(hb.Playing) != 0 || len(hb.Live) != 0 {
		t.Errorf("another reader's home lists %d games of theirs and %d live: want none (the game is not listed)", len(hb.Playing), len(hb.Live))
	}
	// Listed, it is there for anyone to watch.
	code, listed := f.send(ada, "/api/home/ai", h.CSRF, `{"variant":"zola","level":1,"side":"second","listed":true}`)
	if code != http.StatusOK {
		t.Fatalf("a listed game: %d %q", code, listed)
	}
	if hb := f.home(bea); len(hb.Live) != 1 || hb.Live[0].Page != listed {
		t.Errorf("another reader's live games: %+v, want %s", hb.Live, listed)
	}
	if st := f.stateAt(bea, listed); st.You != -1 {
		t.Errorf("a watcher of a listed game plays side %d", st.You)
	}
}

// TestMyGameSignsIn: a person's own game, opened from their list, signs
// them in again when their session is gone; another person's browser
// opening the same address only watches.
func TestMyGameSignsIn(t *testing.T) {
	f := newServerFixture(t)
	ada := f.client()
	h := f.home(ada)
	_, page := f.send(ada, "/api/home/ai", h.CSRF, `{"variant":"zola","level":1,"side":"first"}`)
	// A new browser session: the person's cookie only.
	fresh := f.client()
	u, _ := http.NewRequest("GET", f.ts.URL, nil)
	for _, c := range ada.Jar.Cookies(u.URL) {
		if c.Name == "zugbot_me" {
			fresh.Jar.SetCookies(u.URL, []*http.Cookie{c})
		}
	}
	if st := f.stateAt(fresh, page); st.You != -1 {
		t.Fatalf("without a session: side %d, want a watcher", st.You)
	}
	resp, err := fresh.Get(f.ts.URL + "/me" + page)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != page {
		t.Fatalf("/me%s: %s to %q", page, resp.Status, resp.Header.Get("Location"))
	}
	if st := f.stateAt(fresh, page); st.You != 0 || st.CSRF == "" {
		t.Errorf("after /me%s: side %d, want 0 and a CSRF value", page, st.You)
	}
	bea := f.client()
	f.home(bea)
	if resp, err := bea.Get(f.ts.URL + "/me" + page); err == nil {
		resp.Body.Close()
	}
	if st := f.stateAt(bea, page); st.You != -1 {
		t.Errorf("someone else through /me%s: side %d, want a watcher", page, st.You)
	}
}

// TestInviteAFriend: a person invites a friend by a link; the link's page
// shows the invitation to anyone (Discord's crawler accepts nothing by
// fetching it); the friend takes it up and both play the game, with no
// Discord.
func TestInviteAFriend(t *testing.T) {
	f := newServerFixture(t)
	ada, bea := f.client(), f.client()
	h := f.home(ada)
	code, inv := f.send(ada, "/api/home/invite", h.CSRF, `{"variant":"zonal","side":"second","clock":"","rated":true,"name":"Ada"}`)
	if code != http.StatusOK || !strings.HasPrefix(inv, "/invite/") {
		t.Fatalf("inviting: %d %q", code, inv)
	}
	api := "/api/invites/" + strings.TrimPrefix(inv, "/invite/")
	crawler, _ := http.NewRequest("GET", f.ts.URL+inv, nil)
	crawler.Header.Set("User-Agent", discordCrawler)
	resp, err := http.DefaultClient.Do(crawler)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("the invitation's page: %s", resp.Status)
	}
	var seen struct {
		From, Variant, Side, Game string
		Mine                      bool
		CSRF                      string
		Closed                    string
	}
	if f.getJSON(bea, api, &seen); seen.From != "Ada" || seen.Variant != "Zonal Chess" || seen.Side != "first" || seen.Mine || seen.Closed != "" {
		t.Fatalf("the friend sees %+v", seen)
	}
	for _, bad := range []string{"/api/invites/0000000000000001", "/api/invites/1"} {
		if code := f.getJSON(bea, bad, nil); code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", bad, code)
		}
	}
	code, page := f.send(bea, api+"/accept", seen.CSRF, `{"name":"Bea"}`)
	if code != http.StatusOK {
		t.Fatalf("accepting: %d %q", code, page)
	}
	sb := f.stateAt(bea, page)
	if sb.You != 0 || sb.Players[0].Name != "Bea" || sb.Players[1].Name != "Ada" {
		t.Fatalf("the friend's game: side %d, players %+v", sb.You, sb.Players)
	}
	// Ada's invitation page leads her to the game, signed in.
	var mine struct{ Game string }
	if f.getJSON(ada, api, &mine); mine.Game != "/me"+page {
		t.Fatalf("Ada's invitation: game %q, want /me%s", mine.Game, page)
	}
	if resp, err := ada.Get(f.ts.URL + mine.Game); err == nil {
		resp.Body.Close()
	}
	sa := f.stateAt(ada, page)
	if sa.You != 1 {
		t.Fatalf("Ada's side: %d, want 1", sa.You)
	}
	// They play a move each.
	if code, body := f.send(bea, "/api"+page+"/moves", sb.CSRF, moveBody(0, sb.Moves[0].Notation)); code != http.StatusOK {
		t.Fatalf("Bea's move: %d %s", code, body)
	}
	sa = f.stateAt(ada, page)
	if code, body := f.send(ada, "/api"+page+"/moves", sa.CSRF, moveBody(1, sa.Moves[0].Notation)); code != http.StatusOK {
		t.Fatalf("Ada's move: %d %s", code, body)
	}
	if st := f.stateAt(bea, page); st.Ply != 2 {
		t.Errorf("after a move each: ply %d", st.Ply)
	}
	// Taken up, it is closed to anyone else.
	carol := f.client()
	var c struct{ CSRF, Closed string }
	f.getJSON(carol, api, &c)
	if code, _ := f.send(carol, api+"/accept", c.CSRF, `{}`); code != http.StatusConflict || c.Closed == "" {
		t.Errorf("a third person accepting: %d (closed %q), want 409", code, c.Closed)
	}
}

// discordCrawler is the user agent of Discord's link unfurler.
const discordCrawler = "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"

// decodePNG checks that resp is a PNG image, decoding it whole.
func decodePNG(t *testing.T, resp *http.Response) {
	t.Helper()
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("%s: %s, %s; want a PNG", resp.Request.URL.Path, resp.Status, resp.Header.Get("Content-Type"))
	}
	img, err := png.Decode(resp.Body)
	if err != nil {
		t.Fatalf("%s: %v", resp.Request.URL.Path, err)
	}
	if b := img.Bounds(); b.Dx() < 200 || b.Dy() < 200 {
		t.Errorf("%s: %v, want a picture of a board", resp.Request.URL.Path, b)
	}
}

// TestHomeStartLimit: anyone may start games from the home page and make
// new persons at will, so the server bounds the games started there by
// everyone together: a burst of 30 passes, then they are refused with a
// plain reason and a Retry-After, until time refills the bucket.
func TestHomeStartLimit(t *testing.T) {
	f := newServerFixture(t)
	refused := 0
	for i := 0; i < 60 && refused == 0; i++ {
		c := f.client() // a new person each time
		h := f.home(c)
		code, msg := f.send(c, "/api/home/invite", h.CSRF, `{"variant":"zola","side":"random"}`)
		switch {
		case code == http.StatusTooManyRequests && strings.Contains(msg, "try again"):
			refused = i + 1
		case code != http.StatusOK:
			t.Fatalf("invitation %d: %d %q", i+1, code, msg)
		}
	}
	if refused <= 30 {
		t.Errorf("the first refusal came at start %d: want the burst of 30 to pass, and a refusal after it within 60", refused)
	}
}
