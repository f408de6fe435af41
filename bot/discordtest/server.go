package discordtest

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// APIPrefix is the path under which the fake serves Discord's REST API, the
// version discordgo v0.29 speaks.
const APIPrefix = "/api/v9"

// discordEpoch is the first millisecond of 2015, the origin of snowflakes.
const discordEpoch = 1420070400000

// Config adjusts a fake Discord. The zero value gives Discord's own limits,
// but for the per-route rate limits (see DefaultRouteLimit).
type Config struct {
	// Token is the bot token the fake accepts (without the "Bot " prefix).
	// Empty means a random token in Discord's format.
	Token string
	// BotName is the bot user's username; empty means "zugbot".
	BotName string
	// InteractionDeadline is how long after its creation an interaction
	// accepts its initial response; zero means Discord's 3 s.
	InteractionDeadline time.Duration
	// TokenLifetime is how long an interaction token stays valid for
	// follow-ups and edits; zero means Discord's 15 minutes.
	TokenLifetime time.Duration
	// HeartbeatInterval is sent in the gateway's Hello; zero means
	// Discord's 41.25 s.
	HeartbeatInterval time.Duration
	// PrivilegedIntents lists the privileged intents enabled for the
	// application (GuildMembers, GuildPresences, MessageContent); an
	// Identify asking for any other privileged intent is refused (close
	// code 4014) as Discord refuses it.
	PrivilegedIntents discordgo.Intent
	// GlobalRateLimit is the number of REST requests per second the bot may
	// make outside interaction endpoints before getting a global 429; zero
	// means Discord's 50, negative disables the limit.
	GlobalRateLimit int
	// RouteRateLimit is the per-route rate limit of every bucket (a route
	// and its top-level resource), reported in X-RateLimit-* headers on
	// every response; the zero value means DefaultRouteLimit, negative
	// Requests disables per-route limits and their headers. SetRouteLimit
	// changes one route.
	RouteRateLimit RouteLimit
	// GatewayDelay is how long the gateway takes to deliver an interaction
	// after Discord created it. The 3 s deadline runs from the creation, so
	// the delay counts against it, as network latency does on Discord.
	// SetGatewayDelay changes it while the fake runs.
	GatewayDelay time.Duration
	// AppID is the application's ID, a snowflake. Empty means the bot
	// user's ID, as for every application made since 2016; applications
	// older than their bot user have another ID, and a bot that takes its
	// user's ID for the application's registers its commands under the
	// wrong one (403, code 20012). Interactions carry it in
	// application_id, command and follow-up routes take it, and Get
	// Current Application (RouteApplication) returns it.
	AppID string
	// RecommendedShards is the shard count GET /gateway/bot recommends;
	// zero means RequireShards if set, else 1. Discord recommends one
	// shard per 1,000 guilds
	// (https://discord.com/developers/docs/events/gateway#sharding).
	RecommendedShards int
	// RequireShards, if above 1, makes the gateway close an Identify with
	// fewer shards (no shard field counts as one) with 4011 Sharding
	// required, as Discord does once a session would have more than 2,500
	// guilds. More shards than required are accepted, as on Discord.
	RequireShards int
}

// Server is a fake Discord for one test: REST API, gateway and CDN on one
// 127.0.0.1 port. Create it with New; it shuts down when the test ends.
// All methods are safe for concurrent use.
type Server struct {
	t         testing.TB
	cfg       Config
	token     string
	bot       *discordgo.User
	appID     string
	owner     *discordgo.User // the application's owner, not a member of any guild
	verifyKey string          // the application's Ed25519 public key, hex
	http      *httptest.Server
	base      string
	// resume serves the gateway at READY's resume_gateway_url, on a port
	// of its own: another host, as Discord's is.
	resumeHTTP *httptest.Server
	transport  *http.Transport
	routes     map[string]bool

	mu           sync.Mutex
	changed      chan struct{}
	watched      map[string]chan struct{} // closed at the next change of a message (by ID) or interaction ("ix" + ID)
	lastID       uint64
	users        map[string]*discordgo.User
	guilds       map[string]*guild
	channels     map[string]*channel
	commands     map[string][]*discordgo.ApplicationCommand // by guild ID, "" for global
	interactions map[string]*Interaction                    // by ID
	byToken      map[string]*Interaction                    // the same, by token
	messages     map[string]*message                        // by ID
	nonces       map[string]string                          // message IDs by nonce, for enforce_nonce
	requests     []*Request
	violations   []Violation
	faults       []*fault
	recent       []time.Time // REST requests counted by the global rate limit
	slow         []*fault
	holding      map[string]int        // the requests SlowRoute holds now, by route
	buckets      map[string]*bucket    // per-route rate limit buckets by route and top-level resource
	routeLimits  map[string]RouteLimit // SetRouteLimit overrides by route
	globalUntil  time.Time             // HoldGlobal: the global limit holds until then
	dmClosed     map[string]bool       // user IDs refusing the bot's DMs (CloseDMs)
	gatewayDelay time.Duration
	sessions     map[string]*gwSession
	conns        map[*gwConn]bool
	stats        GatewayStats
	dispatches   atomic.Int64 // GatewayStats.Dispatches
	closed       bool
	sessionsOpen []*discordgo.Session
	outbox       []event
	flushMu      sync.Mutex     // keeps dispatches of the outbox in order
	flushing     bool           // a flush is sending what it took from the outbox
	gateways     sync.WaitGroup // gateway connection goroutines
	hold         chan struct{}  // closed to let held connections go on (HoldGateway)
	release      func()         // HoldGateway's release, while held
	act          *activities    // the Activity (activity.go); made on first use
}

type guild struct {
	id, name string
	joined   time.Time
	perms    map[string]int64  // user ID -> permissions granted beyond a plain member's
	nicks    map[string]string // user ID -> server nickname (SetNick)
	botPerms int64             // the bot's guild-level permissions (@everyone and its role)
	botRole  string            // ID of the bot's managed role
	left     bool              // the bot is no longer in it (LeaveGuild)
	gone     map[string]bool   // user IDs of members who left (RemoveMember)
}

type channel struct {
	id, guildID, name, parentID string
	typ                         discordgo.ChannelType
	recipient                   *discordgo.User       // DMs
	overwrites                  map[string]*overwrite // guild channels: by role or user ID
	ownerID                     string                // threads
	archive                     int                   // threads: auto archive duration
	starter                     string                // threads: starter message ID
	archived, locked            bool                  // threads
	archivedAt                  time.Time             // threads: last change of archived
	members                     map[string]time.Time  // threads: member user IDs -> join time
	created                     time.Time
}

// New starts a fake Discord with the default Config for the test t.
func New(t testing.TB) *Server {
	t.Helper()
	return NewWithConfig(t, Config{})
}

// NewWithConfig starts a fake Discord with cfg for the test t. Everything it
// starts is stopped by t.Cleanup; violations of Discord's rules that the
// test did not take with TakeViolations fail the test at that point.
func NewWithConfig(t testing.TB, cfg Config) *Server {
	t.Helper()
	if cfg.BotName == "" {
		cfg.BotName = "zugbot"
	}
	if cfg.InteractionDeadline == 0 {
		cfg.InteractionDeadline = discordgo.InteractionDeadline
	}
	if cfg.TokenLifetime == 0 {
		cfg.TokenLifetime = 15 * time.Minute
	}
	if cfg.HeartbeatInterval == 0 {
		cfg.HeartbeatInterval = 41250 * time.Millisecond
	}
	if cfg.GlobalRateLimit == 0 {
		cfg.GlobalRateLimit = 50
	}
	if cfg.RouteRateLimit == (RouteLimit{}) {
		cfg.RouteRateLimit = DefaultRouteLimit
	}
	if cfg.AppID != "" {
		if n, err := strconv.ParseUint(cfg.AppID, 10, 64); err != nil || n == 0 {
			t.Fatalf("discordtest: Config.AppID %q is not a snowflake", cfg.AppID)
		}
	}
	if cfg.RecommendedShards < 0 || cfg.RequireShards < 0 {
		t.Fatalf("discordtest: negative shard count in Config (RecommendedShards %d, RequireShards %d)", cfg.RecommendedShards, cfg.RequireShards)
	}
	if cfg.RecommendedShards == 0 {
		cfg.RecommendedShards = max(cfg.RequireShards, 1)
	}
	s := newServer(t, cfg)

	l, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("discordtest: listen: %v", err)
	}
	s.http = httptest.NewUnstartedServer(s.mux())
	s.http.Listener.Close()
	s.http.Listener = l
	s.http.Start()
	s.base = s.http.URL
	rl, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("discordtest: listen: %v", err)
	}
	rm := http.NewServeMux()
	rm.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { s.gatewayConn(w, r, true) })
	s.resumeHTTP = httptest.NewUnstartedServer(rm)
	s.resumeHTTP.Listener.Close()
	s.resumeHTTP.Listener = rl
	s.resumeHTTP.Start()
	s.transport = &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 16}
	t.Cleanup(s.close)
	return s
}

// newServer makes the fake's state, without its HTTP server.
func newServer(t testing.TB, cfg Config) *Server {
	s := &Server{
		t:            t,
		cfg:          cfg,
		routes:       map[string]bool{},
		changed:      make(chan struct{}),
		watched:      map[string]chan struct{}{},
		users:        map[string]*discordgo.User{},
		guilds:       map[string]*guild{},
		channels:     map[string]*channel{},
		commands:     map[string][]*discordgo.ApplicationCommand{},
		byToken:      map[string]*Interaction{},
		interactions: map[string]*Interaction{},
		messages:     map[string]*message{},
		nonces:       map[string]string{},
		sessions:     map[string]*gwSession{},
		conns:        map[*gwConn]bool{},
		buckets:      map[string]*bucket{},
		routeLimits:  map[string]RouteLimit{},
		dmClosed:     map[string]bool{},
		gatewayDelay: cfg.GatewayDelay,
	}
	s.owner = &discordgo.User{ID: s.newID(), Username: cfg.BotName + "-owner", GlobalName: cfg.BotName + "'s owner", Discriminator: "0"}
	s.bot = &discordgo.User{ID: s.newID(), Username: cfg.BotName, Discriminator: "0", Bot: true}
	s.users[s.bot.ID] = s.bot
	s.appID = cfg.AppID
	if s.appID == "" {
		s.appID = s.bot.ID
	}
	key := make([]byte, 32)
	rand.Read(key)
	s.verifyKey = hex.EncodeToString(key)
	s.token = cfg.Token
	if s.token == "" {
		s.token = base64.RawURLEncoding.EncodeToString([]byte(s.bot.ID)) + "." + randomString(6) + "." + randomString(27)
	}
	return s
}

// close stops the sessions made by Session, the gateway and the HTTP
// server, then reports the violations nobody took.
func (s *Server) close() {
	s.mu.Lock()
	sessions := s.sessionsOpen
	s.sessionsOpen = nil
	s.mu.Unlock()
	var wg sync.WaitGroup
	for _, ds := range sessions {
		// discordgo's heartbeat goroutine can race Close and start a
		// reconnect loop against the stopped fake. The field is written
		// under the session's lock, under which reconnect reads it
		// (third_party/discordgo/PATCHED.md).
		ds.Lock()
		ds.ShouldReconnectOnError = false
		ds.Unlock()
		wg.Go(func() { ds.Close() })
	}
	wg.Wait()

	s.mu.Lock()
	s.closed = true
	release := s.release
	conns := make([]*gwConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	for _, c := range conns {
		c.ws.Close()
	}
	if release != nil {
		release()
	}
	s.gateways.Wait() // hijacked connections are not waited for by Close
	s.http.Close()
	s.resumeHTTP.Close()
	s.transport.CloseIdleConnections()

	s.mu.Lock()
	left := s.violations
	s.violations = nil
	s.mu.Unlock()
	for _, v := range left {
		s.t.Errorf("discordtest: Discord would refuse this: %v", v)
	}
}

// URL returns the fake's base URL, http://127.0.0.1:PORT. The REST API is
// under URL()+APIPrefix, exactly as under https://discord.com.
func (s *Server) URL() string { return s.base }

// GatewayURL returns the websocket URL the fake's gateway endpoints return.
func (s *Server) GatewayURL() string { return "ws" + strings.TrimPrefix(s.base, "http") + "/gateway" }

// ResumeGatewayURL returns the websocket URL READY gives as
// resume_gateway_url, ws://127.0.0.1:PORT on a port of its own, as
// Discord gives a host of its own (wss://gateway-us-east1-b.discord.gg).
// A Resume is accepted there only; the gateway refuses one made at
// GatewayURL (see GatewayStats.ResumesRefused).
func (s *Server) ResumeGatewayURL() string {
	return "ws" + strings.TrimPrefix(s.resumeHTTP.URL, "http")
}

// Token returns the bot token the fake accepts, without the "Bot " prefix.
func (s *Server) Token() string { return s.token }

// AppID returns the application's ID: Config.AppID, or by default the bot
// user's ID (BotUser().ID).
func (s *Server) AppID() string { return s.appID }

// BotUser returns a copy of the bot's user.
func (s *Server) BotUser() *discordgo.User {
	u := *s.bot
	return &u
}

// Transport returns a RoundTripper that sends every request, whatever its
// host (discord.com, cdn.discordapp.com), to the fake, keeping its path.
func (s *Server) Transport() http.RoundTripper { return redirect{base: s.base, next: s.transport} }

// Client returns an http.Client using Transport, with discordgo's default
// timeout; set it as a discordgo Session's Client.
func (s *Server) Client() *http.Client {
	return &http.Client{Transport: s.Transport(), Timeout: 20 * time.Second}
}

// Session returns a real discordgo Session for the bot, talking to the fake
// through Client, with IntentsGuilds. It is not open yet; the fake closes it
// (if still open) when the test ends, before stopping itself.
func (s *Server) Session() *discordgo.Session {
	ds, err := discordgo.New("Bot " + s.token)
	if err != nil {
		s.t.Fatalf("discordtest: discordgo.New: %v", err)
	}
	ds.Client = s.Client()
	ds.Identify.Intents = discordgo.IntentsGuilds
	s.mu.Lock()
	s.sessionsOpen = append(s.sessionsOpen, ds)
	s.mu.Unlock()
	return ds
}

type redirect struct {
	base string
	next http.RoundTripper
}

// RoundTrip sends a copy of req to the fake.
func (r redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	u, err := url.Parse(r.base)
	if err != nil {
		return nil, err
	}
	out := req.Clone(req.Context())
	out.URL.Scheme = u.Scheme
	out.URL.Host = u.Host
	out.Host = ""
	return r.next.RoundTrip(out)
}

// NewUser creates a Discord user named name (a member of every guild) and
// returns it.
func (s *Server) NewUser(name string) *discordgo.User {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := &discordgo.User{ID: s.newID(), Username: name, GlobalName: name, Discriminator: "0"}
	s.users[u.ID] = u
	c := *u
	return &c
}

// NewGuild creates a guild the bot is in and returns its ID. An open
// gateway session with the Guilds intent receives its GUILD_CREATE (the
// session of its shard, if the bot shards).
func (s *Server) NewGuild(name string) string {
	return s.NewGuildOnShard(name, 0, 1)
}

// NewGuildOnShard is NewGuild for a guild whose ID puts it on shard shard
// of shards: ShardOf(id, shards) == shard. Guild IDs are snowflakes made
// from the clock, so guilds made in a row are often on the same shard;
// this moves the ID a few milliseconds on until it is on the one wanted.
func (s *Server) NewGuildOnShard(name string, shard, shards int) string {
	if shards < 1 || shard < 0 || shard >= shards {
		s.t.Fatalf("discordtest: NewGuildOnShard(%q, %d, %d): want 0 <= shard < shards", name, shard, shards)
	}
	s.mu.Lock()
	id := s.newID()
	for ShardOf(id, shards) != shard {
		n, _ := strconv.ParseUint(id, 10, 64)
		s.lastID = (n>>22 + 1) << 22
		id = strconv.FormatUint(s.lastID, 10)
	}
	g := &guild{id: id, name: name, joined: time.Now(), botPerms: DefaultBotPermissions}
	g.botRole = s.newID()
	s.guilds[g.id] = g
	s.queue(g.id, "GUILD_CREATE", s.guildPayload(g), discordgo.IntentGuilds)
	s.mu.Unlock()
	s.flush()
	return g.id
}

// ShardOf returns the shard that receives the events of guild guildID when
// the bot runs shards shards: "shard_id = (guild_id >> 22) % num_shards"
// (https://discord.com/developers/docs/events/gateway#sharding-sharding-formula).
// Direct messages ("" here) go to shard 0.
func ShardOf(guildID string, shards int) int {
	if guildID == "" || shards <= 1 {
		return 0
	}
	n, _ := strconv.ParseUint(guildID, 10, 64)
	return int((n >> 22) % uint64(shards))
}

// LeaveGuild removes the bot from the guild guildID, as a member kicking it
// does. Its sessions receive GUILD_DELETE without unavailable ("If the
// unavailable field is not set, the user was removed from the guild",
// https://discord.com/developers/docs/events/gateway-events#guild-delete)
// and no further event of the guild; READY no longer lists it. Its
// channels answer 50001 Missing Access, and so do its guild commands (GET
// and bulk overwrite), as for any guild the bot is not in. Its members can
// no longer use the bot's commands there: SlashCommand, Click and the
// others fail the test.
func (s *Server) LeaveGuild(guildID string) {
	s.mu.Lock()
	g := s.guilds[guildID]
	if g == nil || g.left {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: LeaveGuild: the bot is not in guild %q", guildID)
	}
	s.queue(g.id, "GUILD_DELETE", map[string]any{"id": g.id}, discordgo.IntentGuilds)
	g.left = true
	s.notify()
	s.mu.Unlock()
	s.flush()
}

// joined returns the guild guildID if the bot is in it, or nil; call with
// s.mu held.
func (s *Server) joined(guildID string) *guild {
	if g := s.guilds[guildID]; g != nil && !g.left {
		return g
	}
	return nil
}

// SetNick sets u's server nickname in the guild guildID, as u (or a
// moderator) does; "" removes it. u may be the bot (BotUser). The nick
// then appears where Discord sends the member: member.nick of u's
// interactions there, resolved.members of user options naming u, the
// bot's member in GUILD_CREATE; sessions with the GuildMembers intent
// receive GUILD_MEMBER_UPDATE
// (https://discord.com/developers/docs/events/gateway-events#guild-member-update).
// Nicknames have 1 to 32 characters
// (https://discord.com/developers/docs/resources/guild#modify-guild-member).
func (s *Server) SetNick(guildID string, u *discordgo.User, nick string) {
	s.mu.Lock()
	g := s.guilds[guildID]
	switch {
	case g == nil:
		s.mu.Unlock()
		s.t.Fatalf("discordtest: SetNick: unknown guild %q", guildID)
	case u == nil || s.users[u.ID] == nil:
		s.mu.Unlock()
		s.t.Fatalf("discordtest: SetNick: unknown user %v; make users with NewUser", u)
	case runes(nick) > 32:
		s.mu.Unlock()
		s.t.Fatalf("discordtest: SetNick: nickname %q is longer than 32 characters", nick)
	}
	if g.nicks == nil {
		g.nicks = map[string]string{}
	}
	if nick == "" {
		delete(g.nicks, u.ID)
	} else {
		g.nicks[u.ID] = nick
	}
	m := s.member(g, s.users[u.ID], true)
	m["guild_id"] = g.id
	s.queue(g.id, "GUILD_MEMBER_UPDATE", m, discordgo.IntentGuildMembers)
	s.notify()
	s.mu.Unlock()
	s.flush()
}

// Grant gives u the permissions perms (discordgo.Permission* bits) in the
// guild guildID, on top of a plain member's, as a role would: interactions
// by u there carry them in member.permissions. The fake does not hide
// commands whose default_member_permissions u lacks, so a test can check
// the bot's own permission check too.
func (s *Server) Grant(guildID string, u *discordgo.User, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.guilds[guildID]
	if g == nil {
		s.t.Fatalf("discordtest: Grant in unknown guild %q", guildID)
	}
	if g.perms == nil {
		g.perms = map[string]int64{}
	}
	g.perms[u.ID] |= perms
}

// NewChannel creates a text channel in the guild guildID and returns its ID.
func (s *Server) NewChannel(guildID, name string) string {
	s.mu.Lock()
	if s.guilds[guildID] == nil {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: NewChannel: unknown guild %q", guildID)
	}
	c := &channel{id: s.newID(), guildID: guildID, name: name, typ: discordgo.ChannelTypeGuildText, created: time.Now()}
	s.channels[c.id] = c
	s.queue(guildID, "CHANNEL_CREATE", channelPayload(c), discordgo.IntentGuilds)
	s.mu.Unlock()
	s.flush()
	return c.id
}

// DMChannel returns the ID of the direct-message channel between the bot and
// u, creating it on first use.
func (s *Server) DMChannel(u *discordgo.User) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.users[u.ID] == nil {
		s.t.Fatalf("discordtest: DMChannel: unknown user %q", u.ID)
	}
	for _, c := range s.channels {
		if c.typ == discordgo.ChannelTypeDM && c.recipient.ID == u.ID {
			return c.id
		}
	}
	c := &channel{id: s.newID(), typ: discordgo.ChannelTypeDM, recipient: s.users[u.ID], created: time.Now()}
	s.channels[c.id] = c
	return c.id
}

// Channel returns the channel (text channel, DM or thread) with the given ID
// as Discord's API would describe it, or nil.
func (s *Server) Channel(id string) *discordgo.Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[id]
	if c == nil {
		return nil
	}
	out := &discordgo.Channel{ID: c.id, GuildID: c.guildID, Name: c.name, Type: c.typ, ParentID: c.parentID, OwnerID: c.ownerID}
	if isThread(c.typ) {
		out.ThreadMetadata = &discordgo.ThreadMetadata{AutoArchiveDuration: c.archive, ArchiveTimestamp: c.archivedAt, Archived: c.archived, Locked: c.locked}
		out.MemberCount = len(c.members)
	}
	for _, o := range c.sortedOverwrites() {
		out.PermissionOverwrites = append(out.PermissionOverwrites, &discordgo.PermissionOverwrite{ID: o.id, Type: o.typ, Allow: o.allow, Deny: o.deny})
	}
	if c.recipient != nil {
		r := *c.recipient
		out.Recipients = []*discordgo.User{&r}
	}
	return out
}

// Commands returns the application commands registered for guildID, or the
// global ones for "", as the last bulk overwrite left them.
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*discordgo.ApplicationCommand, len(s.commands[guildID]))
	for i, c := range s.commands[guildID] {
		out[i] = cloneCommand(c)
	}
	return out
}

// newID returns a fresh snowflake, rising; call with s.mu held (or before
// the server is shared).
func (s *Server) newID() string {
	id := uint64(time.Now().UnixMilli()-discordEpoch) << 22
	if id <= s.lastID {
		id = s.lastID + 1
	}
	s.lastID = id
	return strconv.FormatUint(id, 10)
}

func randomString(n int) string {
	b := make([]byte, (n*3+3)/4)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)[:n]
}

// notify wakes the waiters; call with s.mu held.
func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// notifyOf wakes the waiters on one message or interaction (waitOn); call
// with s.mu held. The waiters of any change (wait) are woken by notify.
func (s *Server) notifyOf(key string) {
	if ch := s.watched[key]; ch != nil {
		close(ch)
		delete(s.watched, key)
	}
}

// waitOn is wait for a waiter on one thing: it calls cond (with s.mu held)
// now and after every change of the message or interaction that key
// (called with s.mu held, as what it names can change) names, until cond
// returns true or timeout passes. Hundreds of players waiting at once wake
// only for their own message, not for every change of the fake.
func (s *Server) waitOn(timeout time.Duration, key func() string, cond func() bool) bool {
	return s.waitFor(timeout, func() chan struct{} { return s.watch(key()) }, cond)
}

// watch returns the channel closed at the next change of the message or
// interaction key names (notifyOf); call with s.mu held.
func (s *Server) watch(key string) chan struct{} {
	ch := s.watched[key]
	if ch == nil {
		ch = make(chan struct{})
		s.watched[key] = ch
	}
	return ch
}

// wait calls cond (with s.mu held) after every change until it returns true
// or timeout passes, and reports whether it returned true.
func (s *Server) wait(timeout time.Duration, cond func() bool) bool {
	return s.waitFor(timeout, func() chan struct{} { return s.changed }, cond)
}

// waitFor calls cond (with s.mu held) until it returns true or timeout
// passes, each time after the channel next returns (called with s.mu held)
// is closed, and reports whether it returned true.
func (s *Server) waitFor(timeout time.Duration, next func() chan struct{}, cond func() bool) bool {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		ok := cond()
		var ch chan struct{}
		if !ok {
			ch = next()
		}
		s.mu.Unlock()
		if ok {
			return true
		}
		select {
		case <-ch:
		case <-deadline.C:
			return false
		}
	}
}

// Violation is a request Discord would refuse, or a rule of its API the bot
// broke, as the fake saw it.
type Violation struct {
	// Route is the ServeMux pattern of the request ("POST /api/v9/...") or,
	// for gateway rules, "GATEWAY".
	Route string
	// Status is the HTTP status the fake answered, or 0 if it carried out
	// the request anyway (Discord accepts it but it does not do what the bot
	// meant, like an attachment:// URL naming no attached file).
	Status int
	// Code is Discord's JSON error code (10062, 40060, 50035...), or 0.
	Code int
	// Message says what was wrong, with the field path for form errors.
	Message string
	// Request is the request, or nil for gateway violations.
	Request *Request
}

// String formats v for test failures.
func (v Violation) String() string {
	return fmt.Sprintf("%s: HTTP %d code %d: %s", v.Route, v.Status, v.Code, v.Message)
}

func (s *Server) violate(v Violation) {
	s.mu.Lock()
	s.violations = append(s.violations, v)
	s.notify()
	s.mu.Unlock()
	s.t.Logf("discordtest: violation: %v", v)
}

// Violations returns the violations recorded and not yet taken, oldest first.
func (s *Server) Violations() []Violation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.violations)
}

// TakeViolations returns the violations recorded so far and forgets them, so
// that they do not fail the test at cleanup: tests expecting a violation
// take it and check it.
func (s *Server) TakeViolations() []Violation {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.violations
	s.violations = nil
	return v
}

// WaitViolation waits up to timeout for a violation with the given Discord
// error code and takes it (with every violation recorded before it); the
// test fails if none comes.
func (s *Server) WaitViolation(t testing.TB, code int, timeout time.Duration) Violation {
	t.Helper()
	var got Violation
	ok := s.wait(timeout, func() bool {
		for i, v := range s.violations {
			if v.Code == code {
				got = v
				s.violations = slices.Delete(s.violations, 0, i+1)
				return true
			}
		}
		return false
	})
	if !ok {
		t.Fatalf("discordtest: no violation with code %d within %v; have %v", code, timeout, s.Violations())
	}
	return got
}

func isThread(t discordgo.ChannelType) bool {
	return t == discordgo.ChannelTypeGuildNewsThread || t == discordgo.ChannelTypeGuildPublicThread || t == discordgo.ChannelTypeGuildPrivateThread
}
