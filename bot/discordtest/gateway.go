package discordtest

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Gateway opcodes.
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opPresenceUpdate = 3
	opVoiceState     = 4
	opResume         = 6
	opReconnect      = 7
	opRequestMembers = 8
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatAck   = 11
)

// knownIntents are the intent bits Discord defines; others close with 4013.
const knownIntents = discordgo.Intent(1<<17-1) | discordgo.IntentAutoModerationConfiguration |
	discordgo.IntentAutoModerationExecution | discordgo.IntentGuildMessagePolls | discordgo.IntentDirectMessagePolls

// privilegedIntents need enabling in the developer portal.
const privilegedIntents = discordgo.IntentGuildMembers | discordgo.IntentGuildPresences | discordgo.IntentMessageContent

// compressAbove is the frame size above which a session that asked for
// compression gets zlib-compressed binary frames (READY always is).
const compressAbove = 1024

// maxClientFrame is the largest payload Discord accepts from a client.
const maxClientFrame = 4096

// GatewayStats counts what happened on the fake's gateway.
type GatewayStats struct {
	// Connections is the number of websocket connections accepted.
	Connections int
	// Identifies and Resumes count accepted Identify and Resume payloads.
	Identifies, Resumes int
	// ResumesRefused counts the Resumes answered with op 9 Invalid
	// Session: of a session that ended, or made anywhere but at READY's
	// resume_gateway_url (ResumesElsewhere of them).
	ResumesRefused, ResumesElsewhere int
	// InvalidSessions counts the op 9 Invalid Session sent by
	// InvalidateSessions.
	InvalidSessions int
	// Heartbeats counts heartbeats received (each was acknowledged).
	Heartbeats int
	// Dispatches counts dispatch frames written, replays included.
	Dispatches int
	// Intents, Compress and Shard ([shard_id, num_shards]; [0, 1]
	// without a shard field) are from the last accepted Identify.
	Intents  discordgo.Intent
	Compress bool
	Shard    [2]int
}

// gwSession is a gateway session: it outlives its connections until
// invalidated, so that a client can resume it.
type gwSession struct {
	id       string
	intents  discordgo.Intent
	compress bool
	shard    [2]int // shard_id, num_shards

	mu      sync.Mutex // orders sequence numbers and writes
	seq     int64
	log     []logged
	conn    *gwConn // nil while disconnected
	invalid bool
}

type logged struct {
	seq   int64
	frame []byte
}

// gwConn is one websocket connection; writes are serialised by wmu.
type gwConn struct {
	ws        *websocket.Conn
	wmu       sync.Mutex
	zw        *zlib.Writer // guarded by wmu
	sess      *gwSession   // set once identified or resumed
	resumeURL bool         // connected to ResumeGatewayURL
}

func (c *gwConn) write(frame []byte, compress bool) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if !compress {
		return c.ws.WriteMessage(websocket.TextMessage, frame)
	}
	var b bytes.Buffer
	if c.zw == nil {
		c.zw, _ = zlib.NewWriterLevel(&b, zlib.BestSpeed) // the level is the sender's choice
	} else {
		c.zw.Reset(&b) // a new writer allocates the compressor's state, near a megabyte
	}
	c.zw.Write(frame)
	c.zw.Close()
	return c.ws.WriteMessage(websocket.BinaryMessage, b.Bytes())
}

func (c *gwConn) writeJSON(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return c.write(b, false)
}

// closeWith sends a close frame with code and reason, then drops the
// connection.
func (c *gwConn) closeWith(code int, reason string) {
	c.wmu.Lock()
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
	c.wmu.Unlock()
	c.ws.Close()
}

type gatewayPayload struct {
	Op   int             `json:"op"`
	Data json.RawMessage `json:"d"`
	Seq  *int64          `json:"s"`
	Type *string         `json:"t"`
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	s.gatewayConn(w, r, false)
}

// gatewayConn serves one gateway connection, made at ResumeGatewayURL if
// resumeURL, else at GatewayURL.
func (s *Server) gatewayConn(w http.ResponseWriter, r *http.Request, resumeURL bool) {
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // Upgrade answered the error
	}
	c := &gwConn{ws: ws, resumeURL: resumeURL}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ws.Close()
		return
	}
	s.conns[c] = true
	s.stats.Connections++
	s.gateways.Add(1)
	s.notify()
	hold := s.hold
	s.mu.Unlock()
	defer s.gateways.Done()
	if hold != nil {
		<-hold // HoldGateway
	}
	defer func() {
		ws.Close()
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
		if g := c.sess; g != nil {
			g.mu.Lock()
			if g.conn == c {
				g.conn = nil
			}
			g.mu.Unlock()
		}
	}()

	q := r.URL.Query()
	if v := q.Get("v"); v != "9" && v != "10" {
		s.gatewayViolation(4012, "Invalid API version: gateway URL asks for v="+v)
		c.closeWith(4012, "Invalid API version.")
		return
	}
	if e := q.Get("encoding"); e != "" && e != "json" {
		s.gatewayViolation(4002, "encoding="+e+" is not implemented by discordtest")
		c.closeWith(4002, "Error while decoding payload.")
		return
	}
	if z := q.Get("compress"); z != "" {
		s.gatewayViolation(4000, "compress="+z+" transport compression is not implemented by discordtest")
		c.closeWith(4000, "Unknown error.")
		return
	}
	interval := s.cfg.HeartbeatInterval
	if c.writeJSON(map[string]any{"op": opHello, "d": map[string]any{"heartbeat_interval": interval.Milliseconds(), "_trace": []string{"discordtest"}}, "s": nil, "t": nil}) != nil {
		return
	}
	for {
		// Discord drops a connection that misses heartbeats.
		ws.SetReadDeadline(time.Now().Add(2*interval + 5*time.Second))
		mt, msg, err := ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) && (ce.Code == websocket.CloseNormalClosure || ce.Code == websocket.CloseGoingAway) && c.sess != nil {
				// A client closing with 1000 or 1001 ends its session.
				c.sess.mu.Lock()
				c.sess.invalid = true
				c.sess.mu.Unlock()
			}
			return
		}
		if mt != websocket.TextMessage || len(msg) > maxClientFrame {
			s.gatewayViolation(4002, fmt.Sprintf("client sent a %d-byte frame of type %d; Discord takes text frames up to %d bytes", len(msg), mt, maxClientFrame))
			c.closeWith(4002, "Error while decoding payload.")
			return
		}
		var p gatewayPayload
		if err := json.Unmarshal(msg, &p); err != nil {
			s.gatewayViolation(4002, "undecodable payload: "+err.Error())
			c.closeWith(4002, "Error while decoding payload.")
			return
		}
		if !s.gatewayOp(c, p) {
			return
		}
	}
}

// gatewayOp handles one client payload and reports whether the connection
// stays open.
func (s *Server) gatewayOp(c *gwConn, p gatewayPayload) bool {
	switch p.Op {
	case opHeartbeat:
		s.mu.Lock()
		s.stats.Heartbeats++
		s.notify()
		s.mu.Unlock()
		return c.writeJSON(map[string]any{"op": opHeartbeatAck, "d": nil}) == nil
	case opIdentify:
		return s.identify(c, p.Data)
	case opResume:
		return s.resume(c, p.Data)
	case opPresenceUpdate, opVoiceState, opRequestMembers:
		if c.sess == nil {
			s.gatewayViolation(4003, fmt.Sprintf("op %d sent before Identify", p.Op))
			c.closeWith(4003, "Not authenticated.")
			return false
		}
		if p.Op == opPresenceUpdate {
			var d struct {
				Status string `json:"status"`
			}
			json.Unmarshal(p.Data, &d)
			switch d.Status {
			case "online", "dnd", "idle", "invisible", "offline":
			default:
				s.gatewayViolation(4002, fmt.Sprintf("presence update with invalid status %q", d.Status))
				c.closeWith(4002, "Error while decoding payload.")
				return false
			}
		}
		return true
	default:
		s.gatewayViolation(4001, fmt.Sprintf("unknown opcode %d", p.Op))
		c.closeWith(4001, "Unknown opcode.")
		return false
	}
}

func (s *Server) gatewayViolation(code int, msg string) {
	s.violate(Violation{Route: "GATEWAY", Code: code, Message: msg})
}

func (s *Server) tokenMatches(tok string) bool {
	return strings.TrimPrefix(tok, "Bot ") == s.token
}

func (s *Server) identify(c *gwConn, raw json.RawMessage) bool {
	if c.sess != nil {
		s.gatewayViolation(4005, "Identify sent twice on one connection")
		c.closeWith(4005, "Already authenticated.")
		return false
	}
	var id struct {
		Token          string            `json:"token"`
		Intents        *discordgo.Intent `json:"intents"`
		Compress       bool              `json:"compress"`
		LargeThreshold int               `json:"large_threshold"`
		Shard          *[2]int           `json:"shard"`
		Properties     map[string]string `json:"properties"`
	}
	if err := json.Unmarshal(raw, &id); err != nil {
		s.gatewayViolation(4002, "undecodable Identify: "+err.Error())
		c.closeWith(4002, "Error while decoding payload.")
		return false
	}
	switch {
	case !s.tokenMatches(id.Token):
		s.gatewayViolation(4004, "Identify with a wrong token")
		c.closeWith(4004, "Authentication failed.")
		return false
	case id.Intents == nil:
		s.gatewayViolation(4013, "Identify without intents")
		c.closeWith(4013, "Invalid intent(s).")
		return false
	case *id.Intents&^knownIntents != 0:
		s.gatewayViolation(4013, fmt.Sprintf("Identify with unknown intent bits %#x", int(*id.Intents&^knownIntents)))
		c.closeWith(4013, "Invalid intent(s).")
		return false
	case *id.Intents&privilegedIntents&^s.cfg.PrivilegedIntents != 0:
		s.gatewayViolation(4014, fmt.Sprintf("Identify asks for privileged intents %#x the application does not have", int(*id.Intents&privilegedIntents&^s.cfg.PrivilegedIntents)))
		c.closeWith(4014, "Disallowed intent(s).")
		return false
	case id.Shard != nil && (id.Shard[1] < 1 || id.Shard[0] < 0 || id.Shard[0] >= id.Shard[1]):
		// "shard_id must be less than num_shards"; "Invalid shard: You
		// sent us an invalid shard when identifying"
		// (https://discord.com/developers/docs/events/gateway#sharding,
		// https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-close-event-codes).
		s.gatewayViolation(4010, fmt.Sprintf("Identify with shard %v; want [shard_id, num_shards] with 0 <= shard_id < num_shards", *id.Shard))
		c.closeWith(4010, "Invalid shard.")
		return false
	case s.cfg.RequireShards > 1 && (id.Shard == nil || id.Shard[1] < s.cfg.RequireShards):
		// "Sharding required: The session would have handled too many
		// guilds - you are required to shard your connection in order to
		// connect" (close code 4011).
		s.gatewayViolation(4011, fmt.Sprintf("Identify with shard %v; the bot must run at least %d shards (Config.RequireShards)", shardOrNone(id.Shard), s.cfg.RequireShards))
		c.closeWith(4011, "Sharding required.")
		return false
	case id.LargeThreshold != 0 && (id.LargeThreshold < 50 || id.LargeThreshold > 250):
		s.gatewayViolation(4002, fmt.Sprintf("Identify with large_threshold %d outside 50..250", id.LargeThreshold))
		c.closeWith(4002, "Error while decoding payload.")
		return false
	}

	g := &gwSession{id: randomString(32), intents: *id.Intents, compress: id.Compress, shard: [2]int{0, 1}}
	if id.Shard != nil {
		g.shard = *id.Shard
	}
	g.mu.Lock() // dispatches wait for READY
	defer g.mu.Unlock()
	s.mu.Lock()
	s.sessions[g.id] = g
	c.sess = g
	s.stats.Identifies++
	s.stats.Intents, s.stats.Compress, s.stats.Shard = g.intents, g.compress, g.shard
	guilds := make([]any, 0, len(s.guilds))
	var creates []any
	for _, gd := range s.guilds {
		// A shard gets the guilds of the sharding formula only.
		if gd.left || !g.wants(gd.id) {
			continue
		}
		guilds = append(guilds, map[string]any{"id": gd.id, "unavailable": true})
		creates = append(creates, s.guildPayload(gd))
	}
	ready := map[string]any{
		"v":          9,
		"user":       userPayload(s.bot),
		"session_id": g.id,
		// "resume_gateway_url is a WebSocket URL that your app should use
		// when it Resumes after a disconnect"; Discord's differs from the
		// URL of Get Gateway (https://discord.com/developers/docs/events/gateway#ready-event).
		"resume_gateway_url": s.ResumeGatewayURL(),
		// "Contains id and flags" of the application.
		"application":      map[string]any{"id": s.appID, "flags": s.appFlags()},
		"guilds":           guilds,
		"private_channels": []any{},
		"_trace":           []string{"discordtest"},
	}
	if id.Shard != nil {
		// "Shard information associated with this session, if sent when
		// identifying".
		ready["shard"] = g.shard
	}
	s.notify()
	s.mu.Unlock()

	g.conn = c
	g.sendLocked(s, "READY", ready, true)
	if g.intents&discordgo.IntentGuilds != 0 {
		for _, p := range creates {
			g.sendLocked(s, "GUILD_CREATE", p, false)
		}
	}
	return true
}

func (s *Server) resume(c *gwConn, raw json.RawMessage) bool {
	if c.sess != nil {
		s.gatewayViolation(4005, "Resume sent on an identified connection")
		c.closeWith(4005, "Already authenticated.")
		return false
	}
	var d struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		s.gatewayViolation(4002, "undecodable Resume: "+err.Error())
		c.closeWith(4002, "Error while decoding payload.")
		return false
	}
	if !s.tokenMatches(d.Token) {
		s.gatewayViolation(4004, "Resume with a wrong token")
		c.closeWith(4004, "Authentication failed.")
		return false
	}
	s.mu.Lock()
	g := s.sessions[d.SessionID]
	s.mu.Unlock()
	elsewhere := false
	if g != nil {
		g.mu.Lock()
		if !c.resumeURL && !g.invalid {
			// "your app should open a new connection using
			// resume_gateway_url rather than the URL used to initially
			// connect ... If your app doesn't use the resume_gateway_url
			// when reconnecting, it will experience disconnects at a
			// higher rate than normal"
			// (https://discord.com/developers/docs/events/gateway#resuming):
			// the fake takes the strict reading, and the session is lost,
			// with the dispatches it was keeping for the client.
			g.invalid, g.log, elsewhere = true, nil, true
		}
		if g.invalid || d.Seq > g.seq {
			g.mu.Unlock()
			g = nil
		}
	}
	if g == nil {
		// Not resumable: "If the d field is set to false ... your app
		// should disconnect ... then send an Identify" (same section).
		// The fake also takes an Identify on this connection, as it did
		// before Discord's docs said so and discordgo v0.29.0 does.
		s.mu.Lock()
		s.stats.ResumesRefused++
		if elsewhere {
			s.stats.ResumesElsewhere++
		}
		s.notify()
		s.mu.Unlock()
		return c.writeJSON(map[string]any{"op": opInvalidSession, "d": false}) == nil
	}
	defer g.mu.Unlock()
	if old := g.conn; old != nil {
		go old.closeWith(4000, "Session resumed elsewhere.")
	}
	s.mu.Lock()
	c.sess = g
	s.mu.Unlock()
	g.conn = c
	for _, e := range g.log {
		if e.seq > d.Seq {
			if c.write(e.frame, g.compress && len(e.frame) > compressAbove) != nil {
				return false
			}
			s.dispatches.Add(1)
		}
	}
	// Counted before RESUMED is written, so that a client that has read it
	// sees the count.
	s.mu.Lock()
	s.stats.Resumes++
	s.notify()
	s.mu.Unlock()
	g.sendLocked(s, "RESUMED", map[string]any{"_trace": []string{"discordtest"}}, false)
	return true
}

// sendLocked numbers, logs and (if connected) writes a dispatch; call with
// g.mu held.
func (g *gwSession) sendLocked(s *Server, event string, data any, compress bool) {
	d, err := json.Marshal(data)
	if err != nil {
		panic(fmt.Sprintf("discordtest: marshal %s: %v", event, err))
	}
	g.seq++
	frame, _ := json.Marshal(gatewayPayload{Op: opDispatch, Data: d, Seq: &g.seq, Type: &event})
	g.log = append(g.log, logged{g.seq, frame})
	if g.conn == nil {
		return
	}
	if g.conn.write(frame, g.compress && (compress || len(frame) > compressAbove)) == nil {
		s.dispatches.Add(1) // not under s.mu: g.mu is held, and every dispatch waits for it
	}
}

// wants reports whether the session's shard receives the events of the
// guild guildID ("" for DMs, which go to shard 0).
func (g *gwSession) wants(guildID string) bool {
	return ShardOf(guildID, g.shard[1]) == g.shard[0]
}

func shardOrNone(sh *[2]int) any {
	if sh == nil {
		return "none"
	}
	return *sh
}

// dispatch sends an event of the guild guildID ("" for none: DMs) to every
// session that has not ended, is on the guild's shard and wants intent (0:
// sent regardless of intents), buffering it for resumption in sessions that
// are disconnected. It reports whether any session took it.
func (s *Server) dispatch(guildID, event string, data any, intent discordgo.Intent) bool {
	s.mu.Lock()
	sessions := make([]*gwSession, 0, len(s.sessions))
	for _, g := range s.sessions {
		sessions = append(sessions, g)
	}
	s.mu.Unlock()
	sent := false
	for _, g := range sessions {
		g.mu.Lock()
		if !g.invalid && g.wants(guildID) && (intent == 0 || g.intents&intent != 0) {
			g.sendLocked(s, event, data, false)
			sent = true
		}
		g.mu.Unlock()
	}
	return sent
}

// event is a dispatch waiting to be sent.
type event struct {
	guildID string
	name    string
	data    any
	intent  discordgo.Intent
}

// queue adds a dispatch of the guild guildID ("" for DMs) to the outbox,
// unless the bot has left the guild; call with s.mu held, and flush after
// releasing it.
func (s *Server) queue(guildID, name string, data any, intent discordgo.Intent) {
	if g := s.guilds[guildID]; g != nil && g.left || !s.wanted(guildID, intent) {
		return
	}
	s.outbox = append(s.outbox, event{guildID, name, data, intent})
}

// wanted reports whether a session on the guild guildID's shard asked for
// intent (0: any session), that is, whether a dispatch needing it would go
// anywhere; call with s.mu held. A session's intents and shard are fixed
// at its Identify. Events nobody receives are not queued: under load,
// every edit of a message would otherwise wait in the outbox's line.
func (s *Server) wanted(guildID string, intent discordgo.Intent) bool {
	for _, g := range s.sessions {
		if g.wants(guildID) && (intent == 0 || g.intents&intent != 0) {
			return true
		}
	}
	return false
}

// flush sends the queued dispatches in order.
//
// With nothing queued and no flush under way, every dispatch queued so far
// has been sent, and it returns at once: most requests queue nothing the
// bot's intents want, and under load they would otherwise wait in line
// for each other's gateway writes.
func (s *Server) flush() {
	s.mu.Lock()
	idle := len(s.outbox) == 0 && !s.flushing
	s.mu.Unlock()
	if idle {
		return
	}
	s.flushMu.Lock()
	defer s.flushMu.Unlock()
	s.mu.Lock()
	out := s.outbox
	s.outbox = nil
	s.flushing = true
	s.mu.Unlock()
	for _, e := range out {
		s.dispatch(e.guildID, e.name, e.data, e.intent)
	}
	s.mu.Lock()
	s.flushing = false
	s.mu.Unlock()
}

// GatewayStats returns the gateway's counters.
func (s *Server) GatewayStats() GatewayStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.statsLocked()
}

// statsLocked returns the gateway's counters; call with s.mu held.
func (s *Server) statsLocked() GatewayStats {
	st := s.stats
	st.Dispatches = int(s.dispatches.Load())
	return st
}

// connected reports whether a session is identified and connected; call
// with s.mu held.
func (s *Server) connected() bool {
	for c := range s.conns {
		if c.sess != nil {
			return true
		}
	}
	return false
}

// WaitReady waits up to timeout until a client has identified (or resumed)
// on the gateway and is connected; the test fails otherwise.
func (s *Server) WaitReady(t testing.TB, timeout time.Duration) {
	t.Helper()
	if !s.wait(timeout, s.connected) {
		t.Fatalf("discordtest: no gateway session connected within %v (stats %+v, violations %v)", timeout, s.GatewayStats(), s.Violations())
	}
}

// WaitGateway waits up to timeout until cond holds for the gateway's
// counters and returns them; the test fails otherwise.
func (s *Server) WaitGateway(t testing.TB, timeout time.Duration, cond func(GatewayStats) bool) GatewayStats {
	t.Helper()
	var st GatewayStats
	if !s.wait(timeout, func() bool { st = s.statsLocked(); return cond(st) }) {
		t.Fatalf("discordtest: gateway condition not met within %v (stats %+v)", timeout, s.GatewayStats())
	}
	return st
}

// DropGateway cuts every gateway connection without a close frame, as a
// network failure does. Sessions stay resumable: the client must resume
// and receives the dispatches it missed.
func (s *Server) DropGateway() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		c.ws.NetConn().Close()
	}
}

// HoldGateway holds every gateway connection made from now on before its
// Hello until release is called (or the fake stops), so that a test can
// dispatch events while a client is between two connections.
func (s *Server) HoldGateway() (release func()) {
	ch := make(chan struct{})
	release = sync.OnceFunc(func() {
		s.mu.Lock()
		if s.hold == ch {
			s.hold, s.release = nil, nil
		}
		s.mu.Unlock()
		close(ch)
	})
	s.mu.Lock()
	if s.release != nil {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: HoldGateway while the gateway is held already")
	}
	s.hold, s.release = ch, release
	s.mu.Unlock()
	return release
}

// InvalidateSessions sends op 9 Invalid Session on every identified
// connection, with d set to resumable, as Discord does when it "has
// invalidated an active session and is requesting client action"
// (https://discord.com/developers/docs/events/gateway-events#invalid-session).
// The connection no longer carries its session: what is dispatched
// meanwhile is kept for a Resume if resumable, and the session ends if
// not, its dispatches lost. The client should reconnect, and resume at
// ResumeGatewayURL or identify anew at GatewayURL; the fake also takes a
// new Identify on the same connection.
func (s *Server) InvalidateSessions(resumable bool) {
	conns := s.identified()
	for _, c := range conns {
		s.mu.Lock()
		g := c.sess
		c.sess = nil
		s.stats.InvalidSessions++
		s.notify()
		s.mu.Unlock()
		g.mu.Lock()
		if g.conn == c {
			g.conn = nil
		}
		if !resumable {
			g.invalid, g.log = true, nil
		}
		// Written under g.mu, so that no dispatch of the session follows
		// it on this connection.
		c.writeJSON(map[string]any{"op": opInvalidSession, "d": resumable})
		g.mu.Unlock()
	}
}

// identified returns the connections that carry a session.
func (s *Server) identified() []*gwConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	var conns []*gwConn
	for c := range s.conns {
		if c.sess != nil {
			conns = append(conns, c)
		}
	}
	return conns
}

// Reconnect sends op 7 Reconnect on every identified connection: the client
// must close and resume.
func (s *Server) Reconnect() {
	conns := s.identified()
	for _, c := range conns {
		c.writeJSON(map[string]any{"op": opReconnect, "d": nil})
	}
}
