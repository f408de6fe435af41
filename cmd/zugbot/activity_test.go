package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/bot/discordtest"
)

// TestConfigClientSecret: the Activity's client secret comes from
// ZUGBOT_CLIENT_SECRET or the file ZUGBOT_CLIENT_SECRET_FILE names, and
// needs the live board served at an https:// address.
func TestConfigClientSecret(t *testing.T) {
	file := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(file, []byte("s3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	web := map[string]string{"DISCORD_TOKEN": "t", "ZUGBOT_WEB_ADDR": "127.0.0.1:8080", "ZUGBOT_PUBLIC_URL": "https://zugbot.example.org"}
	with := func(kv ...string) map[string]string {
		m := map[string]string{}
		for k, v := range web {
			m[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	for _, e := range []map[string]string{with("ZUGBOT_CLIENT_SECRET", "s3cret"), with("ZUGBOT_CLIENT_SECRET_FILE", file)} {
		c, err := loadConfig(nil, env(e), io.Discard)
		if err != nil || c.ClientSecret != "s3cret" {
			t.Errorf("%v: secret %q, %v; want s3cret", e, c.ClientSecret, err)
		}
	}
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{with("ZUGBOT_CLIENT_SECRET", "s", "ZUGBOT_WEB_ADDR", ""), "ZUGBOT_CLIENT_SECRET is set, but the Activity needs the live board served"},
		{with("ZUGBOT_CLIENT_SECRET_FILE", file, "ZUGBOT_PUBLIC_URL", "http://zugbot.example.org"), "ZUGBOT_CLIENT_SECRET_FILE is set, but"},
		{with("ZUGBOT_CLIENT_SECRET", "s", "ZUGBOT_CLIENT_SECRET_FILE", file), "are both set"},
	} {
		if _, err := loadConfig(nil, env(tc.env), io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v; want %q", tc.env, err, tc.want)
		}
	}
}

// TestRunServesActivity: zugbot run with a client secret serves the
// Activity on the live board's address: its page's settings name the
// application, a sign-in through Discord's OAuth2 code works and sets a
// cookie a third-party frame keeps, and the entry point command the
// Developer Portal made survives the bot's registration of its commands.
func TestRunServesActivity(t *testing.T) {
	srv := discordtest.New(t)
	srv.EnableActivities()
	guild := srv.NewGuild("Zug Club")
	channel := srv.NewChannel(guild, "games")
	alice := srv.NewUser("alice")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte(srv.ClientSecret()+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("DISCORD_TOKEN", srv.Token())
	t.Setenv("DISCORD_API_URL", srv.URL()+"/api/v9")
	t.Setenv("ZUGBOT_DB", filepath.Join(t.TempDir(), "zugbot.db"))
	t.Setenv("ZUGBOT_WEB_ADDR", addr)
	t.Setenv("ZUGBOT_PUBLIC_URL", "https://zugbot.example.org")
	t.Setenv("ZUGBOT_CLIENT_SECRET_FILE", secret)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr syncBuffer
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"run"}, io.Discard, &stderr) }()

	base := "http://" + addr
	var cfg struct {
		ClientID string `json:"client_id"`
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(base + "/api/activity/config")
		if err == nil {
			err = json.NewDecoder(resp.Body).Decode(&cfg)
			resp.Body.Close()
		}
		if err == nil {
			break
		}
		select {
		case code := <-done:
			t.Fatalf("zugbot run ended with %d: %s", code, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the Activity's settings: %v\n%s", err, stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if cfg.ClientID != srv.AppID() {
		t.Errorf("the Activity's client ID is %q: want the application's, %s", cfg.ClientID, srv.AppID())
	}
	instance, err := srv.LaunchEntryPoint(guild, channel, alice)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]string{"code": srv.Authorize(alice), "instance_id": instance})
	resp, err := http.Post(base+"/api/activity/token", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	cookie := resp.Header.Get("Set-Cookie")
	if resp.StatusCode != http.StatusOK || !strings.Contains(cookie, "Secure") || !strings.Contains(cookie, "SameSite=None") || !strings.Contains(cookie, "Partitioned") {
		t.Errorf("the sign-in: %s, cookie %q; want 200 and a Secure, SameSite=None, Partitioned cookie", resp.Status, cookie)
	}
	deadline = time.Now().Add(30 * time.Second)
	for len(srv.Commands("")) < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if name, handler, ok := srv.EntryPoint(); !ok || name != "launch" || handler != discordtest.DiscordLaunchActivity {
		t.Errorf("after zugbot registered its commands the entry point is %q, handler %d (%v)", name, handler, ok)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("zugbot run: exit %d: %s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("zugbot run did not stop")
	}
}
