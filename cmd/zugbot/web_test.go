package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

// TestWebCommand: zugbot web starts a game against the AI, prints its
// private link, serves the page the link leads to, and stops on a signal.
func TestWebCommand(t *testing.T) {
	link := regexp.MustCompile(`http://\S+/play\?t=\S+`)
	printed, stop := webRun(t, link, "-db", filepath.Join(t.TempDir(), "web.db"), "-game", "zola", "-level", "1")
	defer stop()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	resp, err := c.Get(link.FindString(printed))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	watch := regexp.MustCompile(`watch: (http://\S+/games/([0-9a-f]{16}))\n`).FindStringSubmatch(printed)
	if watch == nil {
		t.Fatalf("no watch address, by the game's public id, printed:\n%s", printed)
	}
	if resp.StatusCode != 200 || !strings.Contains(string(body), "/static/board.js") || resp.Request.URL.String() != watch[1] {
		t.Errorf("the link led to %s (%s): want the board's page, %s", resp.Request.URL, resp.Status, watch[1])
	}
	// The game's number opens nothing; its watch address opens it.
	for path, want := range map[string]int{"/games/1": 404, "/api/games/1": 404, "/api/games/" + watch[2]: 200} {
		r, err := http.Get(strings.TrimSuffix(watch[1], "/games/"+watch[2]) + path)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != want {
			t.Errorf("GET %s: %s, want %d", path, r.Status, want)
		}
	}
}

// TestWebCommandHome: zugbot web alone serves the home page, prints its
// address, and a game started there is played on the same server.
func TestWebCommandHome(t *testing.T) {
	home := regexp.MustCompile(`(http://\S+)/\n`)
	out, stop := webRun(t, home, "-db", filepath.Join(t.TempDir(), "web.db"))
	defer stop()
	base := home.FindStringSubmatch(out)[1]
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	resp, err := c.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "/static/home.js") {
		t.Fatalf("the printed address: %s, want the home page", resp.Status)
	}
	resp, err = c.Get(base + "/api/home")
	if err != nil {
		t.Fatal(err)
	}
	var h struct{ CSRF string }
	err = json.NewDecoder(resp.Body).Decode(&h)
	resp.Body.Close()
	if err != nil || h.CSRF == "" {
		t.Fatalf("the home's state: %v", err)
	}
	req, _ := http.NewRequest("POST", base+"/api/home/ai", strings.NewReader(`{"variant":"zodiac","level":1,"side":"second"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Zugbot-CSRF", h.CSRF)
	resp, err = c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var started struct{ Page string }
	err = json.NewDecoder(resp.Body).Decode(&started)
	resp.Body.Close()
	if err != nil || !regexp.MustCompile(`^/games/[0-9a-f]{16}$`).MatchString(started.Page) {
		t.Fatalf("starting a game: %s, %v, %+v", resp.Status, err, started)
	}
}

// TestWebCommandRestart: zugbot web -game with a clock and a position
// starts that game; started again on the same database, it offers the
// unfinished game instead of starting another, unless -new.
func TestWebCommandRestart(t *testing.T) {
	db := filepath.Join(t.TempDir(), "web.db")
	link := regexp.MustCompile(`http://\S+/play\?t=\S+`)
	start := func(args ...string) string {
		t.Helper()
		out, stop := webRun(t, link, append([]string{"-db", db}, args...)...)
		stop()
		return out
	}
	first := start("-game", "zola", "-level", "1", "-clock", "3+2", "-position", "RR4/5R/4R1/6/B5/B2BR1 R")
	if !strings.Contains(first, "game #1") {
		t.Fatalf("the first start: %s", first)
	}
	again := start("-game", "zamma", "-level", "1")
	if !strings.Contains(again, "Your game #1 of Zola 6×6 is not finished") || strings.Contains(again, "game #2") {
		t.Errorf("started again: %s; want game #1 offered", again)
	}
	if fresh := start("-game", "zamma", "-level", "1", "-new"); !strings.Contains(fresh, "game #2") {
		t.Errorf("with -new: %s; want game #2", fresh)
	}
	st, err := store.Open(context.Background(), db, store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, err := st.Game(context.Background(), 1)
	if err != nil || g.Clock.String() != "3+2" || g.Start == "" {
		t.Errorf("game #1: clock %s, start %q (%v); want 3+2 from the position given", g.Clock, g.Start, err)
	}
}

// webRun runs zugbot web with args until stop is called, which checks
// that it stopped cleanly; it returns once its output matches want, with
// that output.
func webRun(t *testing.T, want *regexp.Regexp, args ...string) (out string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var buf syncBuffer
	done := make(chan error, 1)
	go func() { done <- runWeb(ctx, append([]string{"-addr", "127.0.0.1:0"}, args...), &buf, io.Discard) }()
	deadline := time.Now().Add(20 * time.Second)
	for !want.MatchString(buf.String()) {
		select {
		case err := <-done:
			cancel()
			t.Fatalf("zugbot web %q ended: %v\n%s", args, err, buf.String())
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("zugbot web %q printed no %s:\n%s", args, want, buf.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	return buf.String(), func() {
		t.Helper()
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("zugbot web: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("zugbot web did not stop")
		}
	}
}

// TestWebCommandPostgresPassword: zugbot web on a PostgreSQL -db takes the
// password from ZUGBOT_DB_PASSWORD, as zugbot run does, on a server that
// asks for it; without it, the server refuses.
func TestWebCommandPostgresPassword(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL")
	}
	u, err := url.Parse(postgres(t))
	if err != nil {
		t.Fatal(err)
	}
	admin, err := sql.Open("pgx", u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	const pw = `p/a@s:s w`
	schema := u.Query().Get("search_path")
	var hba string
	for _, q := range []string{
		`CREATE ROLE webber LOGIN PASSWORD '` + pw + `'`,
		`GRANT ALL ON SCHEMA ` + schema + ` TO webber`,
		`SHOW hba_file`,
	} {
		if strings.HasPrefix(q, "SHOW") {
			err = admin.QueryRow(q).Scan(&hba)
		} else {
			_, err = admin.Exec(q)
		}
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	// The server asks everyone but its superuser for a password.
	if _, err := admin.Exec(`COPY (SELECT unnest(ARRAY['local all all trust', 'host all postgres all trust', 'host all all all scram-sha-256'])) TO '` + hba + `'`); err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(`SELECT pg_reload_conf()`); err != nil {
		t.Fatal(err)
	}
	u.User = url.User("webber")
	web := func(password string) (string, error) {
		t.Setenv("ZUGBOT_DB_PASSWORD", password)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var out syncBuffer
		done := make(chan error, 1)
		go func() {
			done <- runWeb(ctx, []string{"-addr", "127.0.0.1:0", "-db", u.String(), "-game", "zola", "-level", "1"}, &out, io.Discard)
		}()
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			select {
			case err := <-done:
				return out.String(), err
			default:
			}
			if strings.Contains(out.String(), "/play?t=") {
				cancel()
				return out.String(), <-done
			}
		}
		t.Fatalf("zugbot web printed no link in 20 s: %s", out.String())
		return "", nil
	}
	if out, err := web(pw); err != nil || !strings.Contains(out, "game #1") {
		t.Errorf("zugbot web -db %s with ZUGBOT_DB_PASSWORD: %v\n%s", u, err, out)
	}
	if _, err := web(""); err == nil || !strings.Contains(err.Error(), "password authentication failed") || strings.Contains(err.Error(), pw) {
		t.Errorf("zugbot web -db %s without the password: %v; want the server's refusal", u, err)
	}
}
