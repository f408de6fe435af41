package main

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

// shardProc is one zugbot process of a bot whose two shards run in two
// processes on one PostgreSQL database.
type shardProc struct {
	cmd    *exec.Cmd
	exited chan error
	logs   *syncBuffer
}

// startShard runs the zugbot binary for shard id of 2, and waits until it
// has identified to the gateway.
func startShard(t *testing.T, bin string, srv *discordtest.Server, db string, id int) *shardProc {
	t.Helper()
	before := srv.GatewayStats().Identifies
	p := &shardProc{cmd: exec.Command(bin), exited: make(chan error, 1), logs: &syncBuffer{}}
	p.cmd.Env = append(cleanEnv(),
		"DISCORD_TOKEN="+srv.Token(), "DISCORD_API_URL="+srv.URL()+"/api/v9", "ZUGBOT_DB="+db,
		"ZUGBOT_SHARDS=2", "ZUGBOT_SHARD_IDS="+strconv.Itoa(id), "ZUGBOT_LOG_FORMAT=json", "ZUGBOT_LOG_LEVEL=warn")
	p.cmd.Stdout, p.cmd.Stderr = io.Discard, p.logs
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.exited <- p.cmd.Wait() }()
	t.Cleanup(func() { p.cmd.Process.Kill() })
	srv.WaitGateway(t, 30*time.Second, func(s discordtest.GatewayStats) bool { return s.Identifies > before })
	return p
}

// TestTwoProcesses runs a bot's two shards in two zugbot processes on one
// PostgreSQL database, against the fake Discord, which routes each
// server's events to its shard: games are played in a server of each
// shard; the same move is picked at once on a game's board (handled by
// one process) and on its copy in a DM (the other's): exactly one is
// played, and the other player is told the board changed; a live game's
// flag, due for both processes, is announced once; and a process killed
// with SIGKILL, then started again, carries on with its shard's games.
// Only the process of shard 0 registers the commands.
func TestTwoProcesses(t *testing.T) {
	ctx := context.Background()
	bin := buildZugbot(t)
	srv := discordtest.NewWithConfig(t, discordtest.Config{})
	guilds := [2]string{srv.NewGuildOnShard("Zero", 0, 2), srv.NewGuildOnShard("One", 1, 2)}
	channels := [2]string{srv.NewChannel(guilds[0], "games"), srv.NewChannel(guilds[1], "games")}
	alice, bob := srv.NewUser("alice"), srv.NewUser("bob")
	db := postgres(t)

	p0 := startShard(t, bin, srv, db, 0)
	for deadline := time.Now().Add(30 * time.Second); len(srv.Commands("")) == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("shard 0 registered no commands; its log:\n%s", p0.logs.String())
		}
	}
	p1 := startShard(t, bin, srv, db, 1)
	st, err := store.Open(ctx, db, store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()

	// duel has alice challenge bob in channel (with opts) and bob accept;
	// it returns the game once its board is posted.
	duel := func(channel string, opts ...discordtest.Option) store.State {
		t.Helper()
		opts = append([]discordtest.Option{discordtest.Opt("game", "zola"), discordtest.Opt("opponent", bob),
			discordtest.Opt("color", "first"), discordtest.Opt("rated", false)}, opts...)
		ix := srv.SlashCommand(t, alice, channel, "challenge", opts...)
		ix.WaitResponse(t, 20*time.Second)
		orig := ix.WaitOriginal(t, 20*time.Second, nil)
		acc := srv.Click(t, bob, orig, hasSuffixID(orig, "/accept"))
		acc.WaitResponse(t, 20*time.Second)
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			gs, _ := st.Games(ctx, store.GameQuery{ChannelID: channel, Status: store.Active, Limit: 10})
			for _, g := range gs {
				if p, err := st.Post(ctx, store.PostedGame, g.ID); err == nil && p.Message != "" && g.Ply == 0 && g.Clock.Live() == (len(opts) > 4) {
					s, err := st.Load(ctx, g.ID)
					if err != nil {
						t.Fatal(err)
					}
					return s
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("no game from the challenge in %s; logs:\n%s\n%s", channel, p0.logs.String(), p1.logs.String())
			}
		}
	}
	move := func(u *discordgo.User, channel string, id int64) string {
		t.Helper()
		s, err := st.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		text := s.Position.FormatMove(s.Position.Moves(nil)[0])
		ix := srv.SlashCommand(t, u, channel, "move", discordtest.Opt("move", text), discordtest.Opt("game", id))
		ix.WaitResponse(t, 20*time.Second)
		return ix.WaitOriginal(t, 20*time.Second, func(m *discordtest.Message) bool { return m.Content != "" }).Content
	}

	// A game in a server of each shard, each played by its process.
	var duels [2]store.State
	for i := range 2 {
		duels[i] = duel(channels[i])
		if got := move(alice, channels[i], duels[i].Game.ID); !strings.Contains(got, "you played") {
			t.Fatalf("alice's move in the server of shard %d: %q", i, got)
		}
	}

	// The same move picked at once on the board in the server of shard 1
	// and on bob's copy in his DM (shard 0).
	g := duels[1].Game.ID
	s, _ := st.Load(ctx, g)
	mv := s.Position.Moves(nil)[0]
	text := s.Position.FormatMove(mv)
	from := s.Position.Variant().Geometry.Points[s.Position.Describe(mv).Path[0]].Name
	dm := srv.DMChannel(bob)
	dix := srv.SlashCommand(t, bob, dm, "board", discordtest.Opt("game", g))
	dix.WaitResponse(t, 20*time.Second)
	board, err := st.Post(ctx, store.PostedGame, g)
	if err != nil {
		t.Fatal(err)
	}
	home := func() *discordtest.Message { return srv.Message(channels[1], board.Message) }
	for deadline := time.Now().Add(20 * time.Second); !shows(home(), g, s.Game.Ply); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the board of game %d does not show ply %d", g, s.Game.Ply)
		}
	}
	boards := []*discordtest.Message{home(), dix.Original()}
	for i, b := range boards {
		if menuWith(b, "/pick/", from) == "" {
			for _, m := range b.SelectMenus() {
				t.Logf("board %d menu %s: %d options", i, m.CustomID, len(m.Options))
			}
			t.Fatalf("board %d (%s) offers no piece %s; content %q", i, b.ChannelID, from, b.Content)
		}
		srv.Select(t, bob, b, menuWith(b, "/pick/", from), from).WaitResponse(t, 20*time.Second)
		boards[i] = srv.Message(b.ChannelID, b.ID)
	}
	answers := make([]string, 2)
	var wg sync.WaitGroup
	for i, b := range boards {
		to := menuWith(b, "/to/", text)
		if to == "" {
			t.Fatalf("board %d offers no %s after picking %s", i, text, from)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ix := srv.Select(t, bob, b, to, text)
			r := ix.WaitResponse(t, 20*time.Second)
			answers[i] = ix.OriginalContent()
			for _, f := range ix.WaitFollowups(t, 0, time.Second) {
				answers[i] += " " + f.Content
			}
			if r.Data != nil {
				answers[i] += " " + r.Data.Content
			}
		}()
	}
	wg.Wait()
	if s, _ = st.Load(ctx, g); s.Game.Ply != 2 {
		t.Errorf("after two clicks of the same move: ply %d, want 2 (one move)", s.Game.Ply)
	}
	stale := 0
	for _, a := range answers {
		if strings.Contains(a, "has changed since you looked at it; nothing was played") {
			stale++
		}
	}
	if stale != 1 {
		t.Errorf("the two clicks were answered %q; want one told the board changed", answers)
	}

	// A live game's flag, due for both processes: announced once.
	live := duel(channels[0], discordtest.Opt("clock", "0.25+0")).Game.ID
	move(alice, channels[0], live)
	move(bob, channels[0], live)
	for deadline := time.Now().Add(40 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if s, _ := st.Load(ctx, live); s.Game.Over() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the live game's flag did not fall")
		}
	}
	time.Sleep(2 * time.Second) // time for a second announcement, were there one
	flags := 0
	for _, m := range srv.Messages(channels[0]) {
		if strings.HasPrefix(m.Content, fmt.Sprintf("Game #%d: ", live)) && strings.Contains(m.Content, "ran out of time") {
			flags++
		}
	}
	if flags != 1 {
		t.Errorf("the flag was announced %d times, want once", flags)
	}

	// Shard 1's process killed mid-game and started again: its games go on.
	p1.cmd.Process.Signal(syscall.SIGKILL)
	<-p1.exited
	p1 = startShard(t, bin, srv, db, 1)
	if got := move(alice, channels[1], g); !strings.Contains(got, "you played") {
		t.Errorf("alice's move after shard 1's process restarted: %q; its log:\n%s", got, p1.logs.String())
	}
	if s, _ = st.Load(ctx, g); s.Game.Ply != 3 {
		t.Errorf("game %d at ply %d after the restart's move, want 3", g, s.Game.Ply)
	}
	// Commands were registered once, by shard 0's process.
	puts := 0
	for _, r := range srv.Requests() {
		if r.Method == "PUT" && strings.HasSuffix(r.Path, "/commands") {
			puts++
		}
	}
	if puts != 1 {
		t.Errorf("the commands were registered %d times, want once (by shard 0)", puts)
	}
	for _, p := range []*shardProc{p0, p1} {
		p.cmd.Process.Signal(syscall.SIGTERM)
		<-p.exited
	}
}

// shows reports whether board m shows game id at ply.
func shows(m *discordtest.Message, id int64, ply int) bool {
	if m == nil {
		return false
	}
	for _, a := range m.Attachments {
		if s := boardFile.FindStringSubmatch(a.Filename); s != nil && s[1] == strconv.FormatInt(id, 10) && s[2] == strconv.Itoa(ply) {
			return true
		}
	}
	return false
}

// hasSuffixID returns the custom ID of m's button that ends with suffix.
func hasSuffixID(m *discordtest.Message, suffix string) string {
	for _, b := range m.Buttons() {
		if strings.HasSuffix(b.CustomID, suffix) {
			return b.CustomID
		}
	}
	return ""
}
