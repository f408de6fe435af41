package discordtest_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
	"github.com/zugbot/zugbot/bot/discordtest"
)

// readyInfo is what READY said, copied in the handler (SyncEvents):
// discordgo's state changes the event's guilds when GUILD_CREATE comes.
type readyInfo struct {
	shard  *[2]int
	guilds []string
}

// shard is one discordgo session of a sharded bot and what it received.
type shard struct {
	ds     *discordgo.Session
	ready  chan readyInfo
	guilds chan string
	got    chan string // interaction IDs
}

func openShard(t *testing.T, srv *discordtest.Server, id, count int) *shard {
	t.Helper()
	sh := &shard{ds: srv.Session(), ready: make(chan readyInfo, 1), guilds: make(chan string, 8), got: make(chan string, 8)}
	sh.ds.ShardID, sh.ds.ShardCount = id, count
	sh.ds.SyncEvents = true // handlers in arrival order
	sh.ds.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		info := readyInfo{shard: r.Shard}
		for _, g := range r.Guilds {
			info.guilds = append(info.guilds, g.ID)
		}
		sh.ready <- info
	})
	sh.ds.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) { sh.guilds <- g.ID })
	sh.ds.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { sh.got <- ic.ID })
	if err := sh.ds.Open(); err != nil {
		t.Fatalf("Open shard %d of %d: %v", id, count, err)
	}
	return sh
}

func receive(t *testing.T, ch chan string, what string) string {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(wait):
		t.Fatalf("no %s", what)
		return ""
	}
}

func TestSharding(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewWithConfig(t, discordtest.Config{RecommendedShards: 2})
	g0 := srv.NewGuildOnShard("zero", 0, 2)
	g1 := srv.NewGuildOnShard("one", 1, 2)
	if discordtest.ShardOf(g0, 2) != 0 || discordtest.ShardOf(g1, 2) != 1 {
		t.Fatalf("guilds %s and %s are on shards %d and %d", g0, g1, discordtest.ShardOf(g0, 2), discordtest.ShardOf(g1, 2))
	}
	c0, c1 := srv.NewChannel(g0, "games"), srv.NewChannel(g1, "games")
	alice := srv.NewUser("alice")
	dm := srv.DMChannel(alice)

	gb, err := srv.Session().GatewayBot()
	if err != nil || gb.Shards != 2 {
		t.Fatalf("GatewayBot: %+v %v, want 2 shards recommended", gb, err)
	}
	shards := []*shard{openShard(t, srv, 0, 2), openShard(t, srv, 1, 2)}
	for i, sh := range shards {
		want := []string{g0, g1}[i]
		r := <-sh.ready // Open returns after READY
		if r.shard == nil || *r.shard != [2]int{i, 2} || len(r.guilds) != 1 || r.guilds[0] != want {
			t.Errorf("shard %d READY shard %v guilds %v, want [%d 2] and guild %s", i, r.shard, r.guilds, i, want)
		}
		if got := receive(t, sh.guilds, "GUILD_CREATE"); got != want {
			t.Errorf("shard %d GUILD_CREATE %s, want %s", i, got, want)
		}
	}
	if st := srv.GatewayStats(); st.Identifies != 2 || st.Shard[1] != 2 {
		t.Errorf("stats %+v, want two identifies of 2 shards", st)
	}

	// A guild made now goes to its shard alone: shard 0's next GUILD_CREATE
	// is the guild made after it.
	later1 := srv.NewGuildOnShard("later one", 1, 2)
	if got := receive(t, shards[1].guilds, "GUILD_CREATE"); got != later1 {
		t.Errorf("shard 1 GUILD_CREATE %s, want %s", got, later1)
	}
	later0 := srv.NewGuildOnShard("later zero", 0, 2)
	if got := receive(t, shards[0].guilds, "GUILD_CREATE"); got != later0 {
		t.Errorf("shard 0 GUILD_CREATE %s, want %s (not the guild of shard 1)", got, later0)
	}

	// Interactions go to the shard of their guild, DMs to shard 0.
	if _, err := shards[0].ds.ApplicationCommandBulkOverwrite(srv.AppID(), "", testCommands()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		channel string
		shard   int
	}{{c1, 1}, {c0, 0}, {dm, 0}, {c1, 1}, {c0, 0}} {
		ix := srv.SlashCommand(t, alice, tc.channel, "ratings me")
		if got := receive(t, shards[tc.shard].got, "interaction"); got != ix.ID {
			t.Errorf("shard %d received %s, want %s of channel %s", tc.shard, got, ix.ID, tc.channel)
		}
	}
	for i, sh := range shards {
		select {
		case id := <-sh.got:
			t.Errorf("shard %d received another shard's interaction %s", i, id)
		default:
		}
	}
}

// fatalT records a Fatalf instead of failing the test, for checking that a
// helper refuses.
type fatalT struct {
	testing.TB
	failed bool
}

func (f *fatalT) Fatalf(string, ...any) { f.failed = true; panic(f) }
func (f *fatalT) Helper()               {}

func TestShardingRequired(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewWithConfig(t, discordtest.Config{RequireShards: 2})
	if gb, err := srv.Session().GatewayBot(); err != nil || gb.Shards != 2 {
		t.Fatalf("GatewayBot: %+v %v, want the 2 shards required recommended", gb, err)
	}
	for _, count := range []int{0, 1} {
		ds := srv.Session()
		if count == 1 {
			ds.Identify.Shard = &[2]int{0, 1}
		}
		err := ds.Open()
		var ce *websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != 4011 {
			t.Errorf("Open with %d shards: %v, want close code 4011", count, err)
		}
		if got := takeCodes(srv); !slices.Equal(got, []int{4011}) {
			t.Errorf("violations %v, want [4011]", got)
		}
	}
	// The count required, or more, is accepted.
	sh := openShard(t, srv, 1, 2)
	openShard(t, srv, 3, 4)
	srv.WaitGateway(t, wait, func(st discordtest.GatewayStats) bool { return st.Identifies == 2 })

	// Without a session of shard 0, a DM interaction has nowhere to go.
	if _, err := sh.ds.ApplicationCommandBulkOverwrite(srv.AppID(), "", testCommands()); err != nil {
		t.Fatal(err)
	}
	alice := srv.NewUser("alice")
	ft := &fatalT{TB: t}
	func() {
		defer func() { recover() }()
		srv.SlashCommand(ft, alice, srv.DMChannel(alice), "ratings me")
	}()
	if !ft.failed {
		t.Error("SlashCommand in a DM without a session of shard 0 did not fail")
	}
}
