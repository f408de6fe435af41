package main

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

// fleet is the real zugbot binary run, stopped and started again on one
// database against one fake Discord, with a guild and a channel: the
// ground of the crash test and the load test.
type fleet struct {
	t       testing.TB
	bin     string
	srv     *discordtest.Server
	guild   string
	channel string
	db      string
	metrics string
	env     []string // more of the bot's environment
	logs    *syncBuffer
	cmd     *exec.Cmd
	exited  chan error
	st      *store.Store // the test's own connection to the database
	raw     *sql.DB      // and in SQL, for what the store does not offer (its placeholders: ? on SQLite, $1 on PostgreSQL)
}

func newFleet(t testing.TB, cfg discordtest.Config) *fleet { return newFleetOn(t, cfg, "") }

// newFleetOn is newFleet on database db: a PostgreSQL URL, or "" for a
// new SQLite file.
func newFleetOn(t testing.TB, cfg discordtest.Config, db string) *fleet {
	t.Helper()
	f := &fleet{t: t, bin: buildZugbot(t.(*testing.T)), srv: discordtest.NewWithConfig(t, cfg), logs: &syncBuffer{}}
	f.guild = f.srv.NewGuild("Zug Club")
	f.channel = f.srv.NewChannel(f.guild, "games")
	f.db = db
	if db == "" {
		f.db = t.TempDir() + "/zugbot.db"
	}
	f.metrics = freeAddr(t.(*testing.T))
	st, err := store.Open(context.Background(), f.db, store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	f.st = st
	t.Cleanup(func() { st.Close() })
	driver, dsn := "sqlite", "file:"+f.db+"?_pragma=busy_timeout(10000)"
	if db != "" {
		driver, dsn = "pgx", db
	}
	raw, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	f.raw = raw
	t.Cleanup(func() { raw.Close() })
	return f
}

// start runs the binary and waits until its commands are registered; with
// healthy, also until /healthz answers ok.
func (f *fleet) start(healthy bool) {
	t := f.t
	t.Helper()
	before := f.srv.GatewayStats().Identifies
	cmd := exec.Command(f.bin)
	cmd.Env = append(cleanEnv(),
		"DISCORD_TOKEN="+f.srv.Token(), "DISCORD_API_URL="+f.srv.URL()+"/api/v9", "ZUGBOT_DB="+f.db,
		"ZUGBOT_GUILD="+f.guild, "ZUGBOT_METRICS_ADDR="+f.metrics, "ZUGBOT_LOG_FORMAT=json", "ZUGBOT_LOG_LEVEL=warn")
	cmd.Env = append(cmd.Env, f.env...)
	cmd.Stdout, cmd.Stderr = io.Discard, f.logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	f.cmd = cmd
	f.exited = make(chan error, 1)
	go func() { f.exited <- cmd.Wait() }()
	t.Cleanup(func() { cmd.Process.Kill() })
	f.srv.WaitGateway(t, 20*time.Second, func(s discordtest.GatewayStats) bool { return s.Identifies > before })
	// The commands stay registered from the first start on.
	deadline := time.Now().Add(20 * time.Second)
	for len(f.srv.Commands(f.guild)) == 0 || healthy && !healthyAddr(f.metrics) {
		if time.Now().After(deadline) {
			t.Fatalf("zugbot did not become ready; its log:\n%s", f.logs.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func healthyAddr(addr string) bool { return healthy(addr) }

// stop sends sig to the bot and waits for it to exit. After SIGTERM the
// exit must be clean.
func (f *fleet) stop(sig syscall.Signal) {
	t := f.t
	t.Helper()
	f.cmd.Process.Signal(sig)
	select {
	case err := <-f.exited:
		if sig == syscall.SIGTERM && err != nil {
			t.Fatalf("zugbot exited with %v after SIGTERM; log:\n%s", err, f.logs.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("zugbot did not exit within 30 s of %v", sig)
	}
}

// challenge has a challenge b to a rated game of zola with days per move,
// b accept it (days 0: the default), and returns the game's ID once its board is posted.
func (f *fleet) challenge(channel string, a, b *discordgo.User, days int) int64 {
	t := f.t
	t.Helper()
	opts := []discordtest.Option{discordtest.Opt("game", "zola"), discordtest.Opt("opponent", b),
		discordtest.Opt("color", "first"), discordtest.Opt("rated", true)}
	if days > 0 {
		opts = append(opts, discordtest.Opt("days", days))
	}
	ix := f.srv.SlashCommand(t, a, channel, "challenge", opts...)
	ix.WaitResponse(t, 20*time.Second)
	accept := ""
	// The challenge itself, not a "thinking…" in its place (a late answer).
	orig := ix.WaitOriginal(t, 20*time.Second, func(m *discordtest.Message) bool {
		for _, btn := range m.Buttons() {
			if strings.HasSuffix(btn.CustomID, "/accept") {
				accept = btn.CustomID
			}
		}
		return accept != ""
	})
	acc := f.srv.Click(t, b, orig, accept)
	acc.WaitResponse(t, 20*time.Second)
	acc.WaitFollowups(t, 1, 20*time.Second)
	return f.waitBoard(a)
}

// playAI starts a game of zola of u against the AI at level, u first.
func (f *fleet) playAI(channel string, u *discordgo.User, level int) int64 {
	t := f.t
	t.Helper()
	ix := f.srv.SlashCommand(t, u, channel, "play", discordtest.Opt("game", "zola"), discordtest.Opt("level", level), discordtest.Opt("color", "first"))
	ix.WaitResponse(t, 20*time.Second)
	return f.waitBoard(u)
}

// waitBoard waits until u's newest game going on has its board message.
func (f *fleet) waitBoard(u *discordgo.User) int64 {
	t := f.t
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		gs, err := f.st.Games(context.Background(), store.GameQuery{Player: u.ID, Status: store.Active, Limit: 1})
		if err == nil && len(gs) == 1 && f.posted(store.PostedGame, gs[0].ID).Message != "" {
			return gs[0].ID
		}
		if time.Now().After(deadline) {
			t.Fatalf("no game with a board for %s: %v", u.Username, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// load reads a game from the database.
func (f *fleet) load(id int64) store.State {
	f.t.Helper()
	st, err := f.st.Load(context.Background(), id)
	if err != nil {
		f.t.Fatal(err)
	}
	return st
}

// posted returns where the bot posted what id (bot.Posts).
func (f *fleet) posted(what store.Posted, id int64) store.Post {
	f.t.Helper()
	p, err := f.st.Post(context.Background(), what, id)
	if err != nil {
		f.t.Fatal(err)
	}
	return p
}

// boardFile matches the name of a board's picture: zugbot-GAME-PLY.png.
var boardFile = regexp.MustCompile(`^zugbot-(\d+)-(\d+)\.png$`)

// shown returns the ply and whether the game is over, as game g's board
// message shows them; ok is false when there is no such message.
func (f *fleet) shown(g *store.Game) (ply int, over, ok bool) {
	p := f.posted(store.PostedGame, g.ID)
	m := f.srv.Message(cmp.Or(p.Thread, g.ChannelID), p.Message)
	if m == nil {
		return 0, false, false
	}
	ply = -1
	for _, a := range m.Attachments {
		if s := boardFile.FindStringSubmatch(a.Filename); s != nil {
			ply, _ = strconv.Atoi(s[2])
		}
	}
	// A final board offers a rematch and the analysis, and nothing else.
	var labels []string
	for _, b := range m.Buttons() {
		labels = append(labels, b.Label)
	}
	over = slices.Equal(labels, []string{"Rematch", "Analyse"})
	return ply, over, true
}

// behind returns the games going on or finished whose board does not show
// their state, and those where the AI is to move, as "game N: why".
func (f *fleet) behind(ids []int64) []string {
	var out []string
	for _, id := range ids {
		st := f.load(id)
		g := &st.Game
		if f.posted(store.PostedGame, id).Message == "" {
			continue
		}
		if ply, over, ok := f.shown(g); !ok || ply != g.Ply || over != g.Over() {
			out = append(out, fmt.Sprintf("game %d: board shows ply %d (over %v), the game is at %d (over %v)", id, ply, over, g.Ply, g.Over()))
		}
		if !g.Over() && g.Seats[st.Position.Turn()].IsAI() {
			out = append(out, fmt.Sprintf("game %d: the AI is to move at ply %d", id, g.Ply))
		}
	}
	return out
}

// board waits up to 10 s until game g's board message shows the game's
// ply, as a player waits for the board to update before using its
// controls, and returns it; nil if it does not.
func (f *fleet) board(g *store.Game) *discordtest.Message {
	p := f.posted(store.PostedGame, g.ID)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		m := f.srv.Message(cmp.Or(p.Thread, g.ChannelID), p.Message)
		if m == nil {
			continue
		}
		for _, a := range m.Attachments {
			if s := boardFile.FindStringSubmatch(a.Filename); s != nil && s[2] == strconv.Itoa(g.Ply) {
				return m
			}
		}
	}
	return nil
}
