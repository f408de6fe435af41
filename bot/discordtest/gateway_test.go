package discordtest_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
	"github.com/zugbot/zugbot/bot/discordtest"
)

func TestHandshake(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewWithConfig(t, discordtest.Config{HeartbeatInterval: 200 * time.Millisecond})
	guild := srv.NewGuild("Zug Club")
	channel := srv.NewChannel(guild, "games")
	alice := srv.NewUser("alice")
	ds := srv.Session()
	ds.SyncEvents = true // handlers in arrival order
	guilds := make(chan *discordgo.GuildCreate, 4)
	ds.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) { guilds <- g })
	var mu sync.Mutex
	var seqs []int64
	got := make(chan string, 8)
	ds.AddHandler(func(_ *discordgo.Session, e *discordgo.Event) {
		mu.Lock()
		seqs = append(seqs, e.Sequence)
		mu.Unlock()
		if ic, ok := e.Struct.(*discordgo.InteractionCreate); ok {
			got <- ic.ID
		}
	})
	if err := ds.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	srv.WaitReady(t, wait)
	if got, want := ds.State.User.ID, srv.AppID(); got != want {
		t.Errorf("READY user %s, want the bot %s", got, want)
	}
	select {
	case g := <-guilds:
		if g.ID != guild || len(g.Channels) != 1 || g.Channels[0].ID != channel {
			t.Errorf("GUILD_CREATE for %s with %d channels, want %s with channel %s", g.ID, len(g.Channels), guild, channel)
		}
	case <-time.After(wait):
		t.Fatal("no GUILD_CREATE after READY")
	}
	st := srv.GatewayStats()
	if st.Identifies != 1 || st.Intents != discordgo.IntentsGuilds || !st.Compress {
		t.Errorf("stats %+v, want one Identify with IntentsGuilds and compression", st)
	}

	// Heartbeats are acknowledged: discordgo reconnects after five
	// intervals without an ack, so eight beats on one connection prove it.
	st = srv.WaitGateway(t, wait, func(st discordtest.GatewayStats) bool { return st.Heartbeats >= 8 })
	if st.Connections != 1 {
		t.Errorf("%d connections after %d heartbeats, want 1", st.Connections, st.Heartbeats)
	}

	// Dispatches carry rising sequence numbers.
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.AppID(), "", testCommands()); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		ix := srv.SlashCommand(t, alice, channel, "ratings me")
		select {
		case id := <-got:
			if id != ix.ID {
				t.Errorf("received interaction %s, want %s", id, ix.ID)
			}
		case <-time.After(wait):
			t.Fatal("interaction not received")
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seqs) < 5 {
		t.Fatalf("%d dispatches seen, want READY, GUILD_CREATE and 3 interactions", len(seqs))
	}
	for i, s := range seqs {
		if s != int64(i+1) {
			t.Fatalf("dispatch sequence numbers %v, want 1, 2, 3...", seqs)
		}
	}
}

func TestREST(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	ds := srv.Session()
	me, err := ds.User("@me")
	if err != nil {
		t.Fatalf("User(@me): %v", err)
	}
	if !me.Bot || me.ID != srv.AppID() || me.Username != srv.BotUser().Username {
		t.Errorf("User(@me) = %+v, want the bot %s", me, srv.AppID())
	}
	gw, err := ds.Gateway()
	if err != nil || gw != srv.GatewayURL()+"/" {
		t.Errorf("Gateway() = %q, %v; want %q", gw, err, srv.GatewayURL()+"/")
	}
	gb, err := ds.GatewayBot()
	if err != nil || gb.Shards != 1 {
		t.Errorf("GatewayBot() = %+v, %v; want one shard", gb, err)
	}

	// A program given the base URL reaches the same API directly.
	req, _ := http.NewRequest("GET", srv.URL()+discordtest.APIPrefix+"/users/@me", nil)
	req.Header.Set("Authorization", "Bot "+srv.Token())
	req.Header.Set("User-Agent", "DiscordBot (https://example.org, 1)")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var u discordgo.User
	body, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(body, &u); err != nil || u.ID != srv.AppID() {
		t.Errorf("direct GET users/@me: %s (%v), want the bot", body, err)
	}

	// Requests are recorded with their route.
	defer func() {
		// Routes the fake does not implement, and requests without
		// discordgo's User-Agent, are violations.
		resp, err := http.Get(srv.URL() + discordtest.APIPrefix + "/guilds/1/members")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		v := srv.TakeViolations()
		if len(v) != 2 || v[0].Status != 404 || v[1].Status != 0 {
			t.Errorf("violations %v, want a 404 and a User-Agent note", v)
		}
	}()
	var routes []string
	for _, r := range srv.Requests() {
		routes = append(routes, r.Route)
	}
	want := []string{discordtest.RouteUser, discordtest.RouteGateway, discordtest.RouteGatewayBot, discordtest.RouteUser}
	if len(routes) != len(want) {
		t.Fatalf("routes %v, want %v", routes, want)
	}
	for i := range want {
		if routes[i] != want[i] {
			t.Errorf("route %d = %s, want %s", i, routes[i], want[i])
		}
	}
}

func TestIdentifyRefused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		setup func(*discordtest.Server, *discordgo.Session)
		code  int
	}{
		{"wrong token", func(_ *discordtest.Server, ds *discordgo.Session) {
			ds.Token = "Bot nope"
			ds.Identify.Token = "Bot nope"
		}, 4004},
		{"privileged intent", func(_ *discordtest.Server, ds *discordgo.Session) {
			ds.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentMessageContent
		}, 4014},
		{"unknown intent", func(_ *discordtest.Server, ds *discordgo.Session) { ds.Identify.Intents = 1 << 30 }, 4013},
		{"shard out of range", func(_ *discordtest.Server, ds *discordgo.Session) { ds.Identify.Shard = &[2]int{2, 2} }, 4010},
		{"no shards", func(_ *discordtest.Server, ds *discordgo.Session) { ds.Identify.Shard = &[2]int{0, 0} }, 4010},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := discordtest.New(t)
			ds := srv.Session()
			tt.setup(srv, ds)
			err := ds.Open()
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != tt.code {
				t.Errorf("Open: %v, want close code %d", err, tt.code)
			}
			if got := takeCodes(srv); len(got) != 1 || got[0] != tt.code {
				t.Errorf("violations %v, want [%d]", got, tt.code)
			}
		})
	}
}

func TestIdentifyPrivilegedEnabled(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewWithConfig(t, discordtest.Config{PrivilegedIntents: discordgo.IntentMessageContent})
	ds := srv.Session()
	ds.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentMessageContent
	if err := ds.Open(); err != nil {
		t.Fatalf("Open with an enabled privileged intent: %v", err)
	}
}

// TestResumeGap: the client is cut off (a dropped connection, op 7
// Reconnect, op 9 Invalid Session that may be resumed) and an interaction
// is dispatched before it connects again. It resumes at READY's
// resume_gateway_url and receives the interaction. (Stock discordgo
// v0.29.0 resumed at the first gateway URL, was refused, identified anew
// and never received it; zugbot builds with the fix, third_party/discordgo.)
func TestResumeGap(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		cut  func(*discordtest.Server)
	}{
		{"dropped", (*discordtest.Server).DropGateway},
		{"op 7", (*discordtest.Server).Reconnect},
		{"op 9 resumable", func(s *discordtest.Server) { s.InvalidateSessions(true) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := start(t, discordtest.Config{})
			release := h.srv.HoldGateway()
			tt.cut(h.srv)
			h.srv.WaitGateway(t, wait, func(st discordtest.GatewayStats) bool { return st.Connections == 2 })
			ix := h.srv.SlashCommand(t, h.alice, h.channel, "play", discordtest.Opt("game", "zamma"))
			release()
			if i := h.next(t); i.ID != ix.ID {
				t.Fatalf("received %s, want %s", i.ID, ix.ID)
			}
			st := h.srv.WaitGateway(t, wait, func(st discordtest.GatewayStats) bool { return st.Resumes == 1 })
			if st.Identifies != 1 || st.ResumesRefused != 0 {
				t.Errorf("stats %+v, want the session resumed, not identified again", st)
			}
			h.none(t, 300*time.Millisecond)
		})
	}
}

// TestInvalidSession: op 9 with d false ends the session; the client
// identifies anew and receives what is dispatched after.
func TestInvalidSession(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	h.srv.InvalidateSessions(false)
	st := h.srv.WaitGateway(t, wait, func(st discordtest.GatewayStats) bool { return st.Identifies == 2 })
	if st.InvalidSessions != 1 || st.Resumes != 0 {
		t.Errorf("stats %+v, want one op 9 and no resume", st)
	}
	ix, i := h.slash(t)
	if i.ID != ix.ID {
		t.Fatalf("received %s, want %s", i.ID, ix.ID)
	}
	h.none(t, 300*time.Millisecond)
}

func TestCloseEndsSession(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	// discordgo closes with 1000, which ends the session on Discord: its
	// attempt to resume on the next Open is refused and it identifies anew.
	if err := h.ds.Close(); err != nil {
		t.Fatal(err)
	}
	if err := h.ds.Open(); err != nil {
		t.Fatalf("reopen: %v", err)
	}
	h.srv.WaitGateway(t, wait, func(st discordtest.GatewayStats) bool { return st.Identifies == 2 })
	ix, i := h.slash(t)
	if i.ID != ix.ID {
		t.Fatalf("received %s, want %s", i.ID, ix.ID)
	}
}
