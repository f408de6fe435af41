package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

// syncBuffer is a bytes.Buffer safe for a process to write while a test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// freeAddr returns a loopback address with a free port.
func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestBinaryEndToEnd builds the zugbot binary, runs it against the fake
// Discord through DISCORD_API_URL, plays moves, stops it with SIGTERM,
// restarts it on the same database and continues the game.
// buildZugbot builds the zugbot binary into a temporary directory.
func buildZugbot(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "zugbot")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// stopZugbot sends SIGTERM to a running zugbot and fails the test unless it
// exits cleanly within 30 s.
func stopZugbot(t *testing.T, cmd *exec.Cmd, logs *syncBuffer) {
	t.Helper()
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("zugbot exited with %v after SIGTERM; log:\n%s", err, logs.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("zugbot did not stop within 30 s of SIGTERM")
	}
}

func TestBinaryEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	bin := buildZugbot(t)
	srv := discordtest.New(t)
	guild := srv.NewGuild("Zug Club")
	channel := srv.NewChannel(guild, "games")
	alice := srv.NewUser("alice")
	db := filepath.Join(dir, "zugbot.db")
	metrics := freeAddr(t)

	var logs syncBuffer
	start := func() *exec.Cmd {
		t.Helper()
		before := srv.GatewayStats().Identifies
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(),
			"DISCORD_TOKEN="+srv.Token(), "DISCORD_API_URL="+srv.URL()+"/api/v9", "ZUGBOT_DB="+db,
			"ZUGBOT_GUILD="+guild, "ZUGBOT_METRICS_ADDR="+metrics, "ZUGBOT_LOG_FORMAT=json")
		cmd.Stdout, cmd.Stderr = io.Discard, &logs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		srv.WaitGateway(t, 20*time.Second, func(s discordtest.GatewayStats) bool { return s.Identifies > before })
		deadline := time.Now().Add(20 * time.Second)
		for len(srv.Commands(guild)) == 0 || !healthy(metrics) {
			if time.Now().After(deadline) {
				t.Fatalf("zugbot did not become ready; its log:\n%s", logs.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
		return cmd
	}
	move := func(text string) {
		t.Helper()
		ix := srv.SlashCommand(t, alice, channel, "move", discordtest.Opt("move", text))
		ix.WaitResponse(t, 20*time.Second)
		if m := ix.WaitOriginal(t, 20*time.Second, func(m *discordtest.Message) bool { return m.Content != "" }); !strings.Contains(m.Content, "you played **"+text+"**") {
			t.Fatalf("/move %s answered %q", text, m.Content)
		}
	}
	game := func() store.State {
		t.Helper()
		st, err := store.Open(context.Background(), db, store.Options{Variants: games.All()})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		games, err := st.Games(context.Background(), store.GameQuery{Player: alice.ID})
		if err != nil || len(games) != 1 {
			t.Fatalf("games of alice: %d, %v", len(games), err)
		}
		s, err := st.Load(context.Background(), games[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	cmd := start()
	ix := srv.SlashCommand(t, alice, channel, "play", discordtest.Opt("game", "zola"), discordtest.Opt("level", 1), discordtest.Opt("color", "first"))
	ix.WaitOriginal(t, 20*time.Second, func(m *discordtest.Message) bool { return len(m.Attachments) > 0 })
	move("a1xb1")
	get := func(path string) string {
		t.Helper()
		resp, err := http.Get("http://" + metrics + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("GET %s: %d %s", path, resp.StatusCode, body)
		}
		return string(body)
	}
	get("/healthz")
	if body := get("/debug/pprof/"); !strings.Contains(body, "goroutine") {
		t.Errorf("/debug/pprof/ lists no profiles:\n%.500s", body)
	}
	// The move's interaction is counted when its handler returns, after
	// the AI's reply, which may come a little after the player's move shows.
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		body := get("/metrics")
		if strings.Contains(body, `zugbot_interactions_total{outcome="ok",route="move"} 1`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/metrics does not count the move:\n%.2000s", body)
		}
	}
	stopZugbot(t, cmd, &logs)
	if !strings.Contains(logs.String(), "zugbot stopped") || strings.Contains(logs.String(), srv.Token()) {
		t.Errorf("log after SIGTERM lacks a clean stop, or shows the token:\n%s", logs.String())
	}

	// The game continues after a restart on the same database.
	st := game()
	if st.Game.Ply != 2 {
		t.Fatalf("after the first run the game is at ply %d; want 2", st.Game.Ply)
	}
	cmd = start()
	legal := st.Position.Moves(nil)
	move(st.Position.FormatMove(legal[0]))
	if got := game().Game.Ply; got != 4 {
		t.Errorf("after a move in the second run the game is at ply %d; want 4", got)
	}
	stopZugbot(t, cmd, &logs)
}

// healthy reports whether /healthz answers ok.
func healthy(addr string) bool {
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == 200
}

// TestRefusedToken: a token Discord refuses stops zugbot run at once, with
// one line saying so and exit status 2, which zugbot.service does not
// restart (a restart cannot mend it).
func TestRefusedToken(t *testing.T) {
	srv := discordtest.New(t)
	var stderr syncBuffer
	t.Setenv("DISCORD_TOKEN", "not-"+srv.Token())
	t.Setenv("DISCORD_API_URL", srv.URL()+"/api/v9")
	t.Setenv("ZUGBOT_DB", filepath.Join(t.TempDir(), "zugbot.db"))
	code := run(context.Background(), []string{"run"}, io.Discard, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "Discord refused the token (401 Unauthorized)") {
		t.Errorf("exit %d, stderr %q; want 2 and the refusal", code, stderr.String())
	}
	if v := srv.TakeViolations(); len(v) != 1 { // the one refusal this test is about
		t.Errorf("requests Discord would refuse: %v; want the one with the wrong token", v)
	}
}
