package main

import (
	"context"
	"database/sql"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestWebCommand: zugbot web starts a game against the AI, prints its
// private link, serves the page the link leads to, and stops on a signal.
func TestWebCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncBuffer
	done := make(chan error, 1)
	db := filepath.Join(t.TempDir(), "web.db")
	go func() {
		done <- runWeb(ctx, []string{"-addr", "127.0.0.1:0", "-db", db, "-game", "zola", "-level", "1"}, &out, io.Discard)
	}()
	link := regexp.MustCompile(`http://\S+/play\?t=\S+`)
	deadline := time.Now().Add(20 * time.Second)
	for link.FindString(out.String()) == "" {
		select {
		case err := <-done:
			t.Fatalf("zugbot web ended: %v\n%s", err, out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no link printed:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	resp, err := c.Get(link.FindString(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	watch := regexp.MustCompile(`watch: (http://\S+/games/([0-9a-f]{16}))\n`).FindStringSubmatch(out.String())
	if watch == nil {
		t.Fatalf("no watch address, by the game's public id, printed:\n%s", out.String())
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
			done <- runWeb(ctx, []string{"-addr", "127.0.0.1:0", "-db", u.String(), "-level", "1"}, &out, io.Discard)
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
