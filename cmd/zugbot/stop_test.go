package main

import (
	"bufio"
	"net/http"
	"net/url"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zugbot/zugbot/bot/discordtest"
)

// openStreams opens n live streams of the game whose page is at pageURL
// and returns once the server has started each.
func openStreams(t *testing.T, pageURL string, n int) {
	t.Helper()
	u, err := url.Parse(pageURL)
	if err != nil {
		t.Fatal(err)
	}
	live := u.Scheme + "://" + u.Host + "/api" + u.Path + "/live"
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: n}}
	for range n {
		resp, err := client.Get(live)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %s", live, resp.Status)
		}
		line, err := bufio.NewReader(resp.Body).ReadString('\n')
		if err != nil || !strings.HasPrefix(line, "retry:") {
			t.Fatalf("the live stream began %q, %v", line, err)
		}
		t.Cleanup(func() { resp.Body.Close() })
	}
}

// stopWithin sends SIGTERM to cmd, whose exit exited reports, and checks
// that it exits cleanly within limit.
func stopWithin(t *testing.T, cmd *exec.Cmd, exited <-chan error, limit time.Duration) {
	t.Helper()
	start := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-exited:
		took := time.Since(start)
		if err != nil {
			t.Errorf("exited with %v after SIGTERM", err)
		}
		if took > limit {
			t.Errorf("stopped %v after SIGTERM, with the live streams open; want within %v", took.Round(time.Millisecond), limit)
		}
		t.Logf("stopped %v after SIGTERM", took.Round(time.Millisecond))
	case <-time.After(30 * time.Second):
		t.Fatal("did not stop within 30 s of SIGTERM")
	}
}

// liveStreams is how many live streams the stop tests hold open.
const liveStreams = 100

// stopLimit is how soon a stop must be over: the web server ends its
// streams before it shuts HTTP down, so it does not wait for them (zugbot
// run waited the full 5 s of its shutdown timeout before).
const stopLimit = time.Second

// TestWebStopsWithStreams runs zugbot web, opens 100 live streams of its
// game, and stops it with SIGTERM: it exits cleanly within a second.
func TestWebStopsWithStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildZugbot(t)
	cmd := exec.Command(bin, "web", "-game", "zola", "-level", "1", "-addr", freeAddr(t), "-db", t.TempDir()+"/web.db")
	cmd.Env = cleanEnv()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	watch := regexp.MustCompile(`Anyone with this address can watch: (\S+)`)
	page := ""
	for sc := bufio.NewScanner(out); page == "" && sc.Scan(); {
		if m := watch.FindStringSubmatch(sc.Text()); m != nil {
			page = m[1]
		}
	}
	if page == "" {
		t.Fatal("zugbot web printed no address to watch at")
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	openStreams(t, page, liveStreams)
	stopWithin(t, cmd, exited, stopLimit)
}

// TestRunStopsWithStreams runs zugbot run with its live board against the
// fake Discord, opens 100 live streams of a game, and stops it with
// SIGTERM: it exits cleanly within a second, the gateway's close included
// (discordgo waits for Discord to close the connection, no longer a fixed
// second: third_party/discordgo/PATCHED.md, change 4).
func TestRunStopsWithStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	f := newFleet(t, discordtest.Config{})
	f.env = append(f.env, "ZUGBOT_WEB_ADDR="+freeAddr(t))
	f.start(true)
	u := f.srv.NewUser("watcher")
	id := f.playAI(f.channel, u, 1)
	ix := f.srv.SlashCommand(t, u, f.channel, "board", discordtest.Opt("game", id), discordtest.Opt("live", true))
	resp := ix.WaitResponse(t, 20*time.Second)
	m := regexp.MustCompile(`anyone with this address may watch: (\S+?)\)`).FindStringSubmatch(resp.Data.Content)
	if m == nil {
		t.Fatalf("/board live answered %q; want the address to watch at", resp.Data.Content)
	}
	openStreams(t, m[1], liveStreams)
	stopWithin(t, f.cmd, f.exited, stopLimit)
	if t.Failed() {
		t.Logf("zugbot's log:\n%s", f.logs.String())
	}
}
