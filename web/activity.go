package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// ActivityConfig lets the live board run inside Discord as an Activity
// (https://discord.com/developers/docs/activities/overview): the same page,
// loaded by Discord in an iframe with the Embedded App SDK, which signs the
// player in with an OAuth2 code that this server exchanges.
type ActivityConfig struct {
	// AppID is the Discord application's ID, its OAuth2 client ID.
	AppID string
	// ClientSecret is the application's OAuth2 client secret (Developer
	// Portal, OAuth2), which exchanges the codes.
	ClientSecret string
	// BotToken is the bot's token, which asks Discord who is in an
	// activity instance.
	BotToken string
	// APIURL is Discord's REST API, "https://discord.com/api/v10" when
	// empty.
	APIURL string
	// Client makes the calls to Discord; one with a 10 s timeout when nil.
	Client *http.Client
	// Games lists the games of a channel (a *store.Store), to show the
	// channel's game.
	Games interface {
		Games(ctx context.Context, q store.GameQuery) ([]store.Game, error)
	}
}

// activity is a Server's Activity: its settings and its sessions.
type activity struct {
	cfg ActivityConfig
	mu  sync.Mutex
	by  map[string]*activitySession // by id, the value of activityCookie
	// starting orders the starts of games, so that two people starting
	// at once in one channel start one game (in this process).
	starting sync.Mutex
}

// activitySession is a Discord user signed in to one activity instance,
// checked with Discord: the instance's channel is where their games are.
type activitySession struct {
	user           store.Player
	instance       string
	guild, channel string
	csrf           string
	expires        time.Time
	limit          session // its rate limit (session.allow) on the requests that ask Discord

	mu    sync.Mutex
	games map[int64]string // the game sessions it opened, by game: their ids
}

// origin is the address Discord's proxy serves the Activity's page at
// (https://discord.com/developers/docs/activities/development-guides/networking).
func (a *activity) origin() string { return "https://" + a.cfg.AppID + ".discordsays.com" }

// activityCookie names the cookie of an activity session.
const activityCookie = "zugbot_activity"

// Bounds of what a page sends when it signs in.
const (
	maxCodeLen     = 256
	maxInstanceLen = 128
)

func newActivity(cfg ActivityConfig) (*activity, error) {
	if cfg.AppID == "" || cfg.ClientSecret == "" || cfg.BotToken == "" || cfg.Games == nil {
		return nil, errors.New("web: ActivityConfig needs AppID, ClientSecret, BotToken and Games")
	}
	if cfg.APIURL == "" {
		cfg.APIURL = "https://discord.com/api/v10"
	}
	cfg.APIURL = strings.TrimSuffix(cfg.APIURL, "/")
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: 10 * time.Second}
	}
	return &activity{cfg: cfg, by: map[string]*activitySession{}}, nil
}

func (s *Server) activityRoutes() {
	m := s.mux
	m.HandleFunc("GET /api/activity/config", s.activityConfig)
	m.HandleFunc("POST /api/activity/token", s.activityToken)
	m.HandleFunc("GET /api/activity/game", s.activityGame)
	m.HandleFunc("POST /api/activity/games", s.activityStart)
}

// activityCSP is csp for the Activity's page, which Discord's client
// frames (from discord.com, through the application's discordsays.com
// proxy) and a test's page on this server.
var activityCSP = strings.Replace(csp, "frame-ancestors 'none'",
	"frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com", 1)

// activityPage serves the board's page with the Activity's script, which
// loads the board's own once it knows the game. Discord opens it at the
// root of the application's URL mapping, with frame_id, instance_id and
// platform in its query.
func (s *Server) activityPage(w http.ResponseWriter, r *http.Request) {
	b, err := staticFiles.ReadFile("static/index.html")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	const board = `<script src="/static/board.js" defer></script>`
	page := string(b)
	if !strings.Contains(page, board) {
		s.fail(w, r, errors.New("static/index.html no longer loads board.js as activityPage expects"))
		return
	}
	page = strings.Replace(page, board, `<script src="/static/activity.js" defer></script>`, 1)
	h := w.Header()
	h.Set("Content-Security-Policy", activityCSP)
	h.Del("X-Frame-Options")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	_, _ = io.WriteString(w, page)
}

// activityVariant is a game the Activity offers to start.
type activityVariant struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

func (s *Server) activityConfig(w http.ResponseWriter, r *http.Request) {
	var vs, ps []activityVariant
	for _, v := range games.Listed() {
		vs = append(vs, activityVariant{ID: v.ID, Name: v.Name})
	}
	for _, v := range s.tab.PuzzleVariants() {
		ps = append(ps, activityVariant{ID: v.ID, Name: v.Name})
	}
	writeJSON(w, http.StatusOK, struct {
		ClientID string            `json:"client_id"`
		Variants []activityVariant `json:"variants"`
		Puzzles  []activityVariant `json:"puzzles"` // the games with puzzles
	}{s.discord.cfg.AppID, vs, ps})
}

// activityUser is who signed in, as the page shows them.
type activityUser struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// activityAnswer answers a sign-in, and a look for the channel's game.
type activityAnswer struct {
	AccessToken string        `json:"access_token,omitempty"` // for the SDK's authenticate
	User        *activityUser `json:"user,omitempty"`
	CSRF        string        `json:"csrf,omitempty"` // the activity session's, to start a game
	Game        int64         `json:"game"`           // the channel's game's number, 0 for none
	Page        string        `json:"page,omitempty"` // its public id, the board's address
	GameCSRF    string        `json:"game_csrf,omitempty"`
	Player      bool          `json:"player"` // the user plays Game
}

// activityToken signs a Discord user in to an activity instance: it
// exchanges the page's OAuth2 code for a token, asks Discord whose it is,
// and asks Discord whether that user is in the instance, whose channel it
// learns. Nothing the page says is believed.
func (s *Server) activityToken(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	var req struct {
		Code     string `json:"code"`
		Instance string `json:"instance_id"`
	}
	if !decode(w, r, &req) {
		return
	}
	if req.Code == "" || len(req.Code) > maxCodeLen || req.Instance == "" || len(req.Instance) > maxInstanceLen {
		refuse(w, http.StatusBadRequest, "A sign-in needs Discord's code and the activity instance.")
		return
	}
	ctx := r.Context()
	token, err := s.discord.exchange(ctx, req.Code)
	if err != nil {
		s.activityRefused(w, r, err)
		return
	}
	user, err := s.discord.me(ctx, token)
	if err != nil {
		s.activityRefused(w, r, err)
		return
	}
	inst, err := s.discord.instance(ctx, req.Instance)
	if err != nil {
		s.activityRefused(w, r, err)
		return
	}
	if !slices.Contains(inst.Users, user.ID) {
		refuse(w, http.StatusForbidden, "You are not in this activity: launch it from Discord.")
		return
	}
	now := s.now()
	sess := &activitySession{user: user, instance: inst.InstanceID, guild: inst.Location.GuildID,
		channel: inst.Location.ChannelID, csrf: randomHex(16), expires: now.Add(s.cfg.SessionTTL)}
	id := s.discord.add(sess, now)
	s.setCookie(w, activityCookie, id, sess.expires)
	out := activityAnswer{AccessToken: token, User: &activityUser{ID: user.ID, Name: user.Name}, CSRF: sess.csrf}
	if err := s.channelGame(ctx, w, sess, &out); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// activityGame serves GET /api/activity/game: the channel's game, if one
// goes on, for a page that waits for one.
func (s *Server) activityGame(w http.ResponseWriter, r *http.Request) {
	sess := s.activitySessionOf(r)
	if sess == nil {
		refuse(w, http.StatusForbidden, "Sign in through Discord first.")
		return
	}
	if !s.activityAllowed(w, sess) {
		return
	}
	var out activityAnswer
	if err := s.channelGame(r.Context(), w, sess, &out); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// channelGame puts the game going on in sess's channel, if any, in out,
// with a session on it for sess's user: a player's, or a spectator's.
func (s *Server) channelGame(ctx context.Context, w http.ResponseWriter, sess *activitySession, out *activityAnswer) error {
	gs, err := s.discord.cfg.Games.Games(ctx, store.GameQuery{ChannelID: sess.channel, Status: store.Active, Limit: 1})
	if err != nil {
		return fmt.Errorf("the games of channel %s: %w", sess.channel, err)
	}
	// The Activity is private to its user, a member of its server.
	v := table.Viewer{User: sess.user.ID, Guild: sess.guild, Private: true}
	if len(gs) == 0 || table.CanView(v, &gs[0]) != nil {
		return nil
	}
	return s.joinGame(ctx, w, sess, &gs[0], out)
}

// joinGame gives sess's user a session on game g, the one it gave before
// if it has not expired, and says so in out.
func (s *Server) joinGame(ctx context.Context, w http.ResponseWriter, sess *activitySession, g *store.Game, out *activityAnswer) error {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	id := sess.games[g.ID]
	gs := s.sessions.get(hashID(id), s.now())
	if gs == nil || gs.game != g.ID {
		var err error
		id, gs, err = s.startSession(ctx, sess.user.ID, g.ID)
		if err != nil {
			return fmt.Errorf("a session of %s on game %d: %w", sess.user.ID, g.ID, err)
		}
		if sess.games == nil {
			sess.games = map[int64]string{}
		}
		sess.games[g.ID] = id
	}
	s.setCookie(w, cookieName(g.ID), id, gs.expires)
	_, out.Player = g.SideOf(sess.user.ID)
	out.Game, out.Page, out.GameCSRF = g.ID, g.PublicID, gs.csrf
	return nil
}

// activityStart serves POST /api/activity/games: a new game in the
// activity's channel between the user and another person in the
// activity (checked with Discord) or the AI. When the channel has a game
// already, it answers that one.
func (s *Server) activityStart(w http.ResponseWriter, r *http.Request) {
	sess := s.activitySessionOf(r)
	if sess == nil {
		refuse(w, http.StatusForbidden, "Sign in through Discord first.")
		return
	}
	if !s.csrfOK(r, sess.csrf) {
		refuse(w, http.StatusForbidden, "This request did not come from the activity's page.")
		return
	}
	if !s.activityAllowed(w, sess) {
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	var req struct {
		Variant  string `json:"variant"`
		Opponent string `json:"opponent"` // a user ID, or "ai"
	}
	if !decode(w, r, &req) {
		return
	}
	if !slices.ContainsFunc(games.Listed(), func(v *engine.Variant) bool { return v.ID == req.Variant }) {
		refuse(w, http.StatusBadRequest, "Choose one of the games the Activity offers.")
		return
	}
	ctx := table.WithSource(r.Context(), Source)
	s.discord.starting.Lock()
	defer s.discord.starting.Unlock()
	var out activityAnswer
	if err := s.channelGame(ctx, w, sess, &out); err != nil || out.Game != 0 {
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, out)
		return
	}
	var u table.Update
	var err error
	if req.Opponent == "ai" {
		u, err = s.tab.PlayAI(ctx, table.AIGame{Variant: req.Variant, Player: sess.user, Level: table.DefaultLevel,
			GuildID: sess.guild, ChannelID: sess.channel})
	} else {
		u, err = s.startBetween(ctx, sess, req.Variant, req.Opponent)
	}
	if err != nil {
		s.activityRefused(w, r, err)
		return
	}
	if err := s.joinGame(ctx, w, sess, &u.State.Game, &out); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// startBetween starts a game of variant between sess's user and
// opponent, who must be in the same activity instance now, through the
// service's start of a game between people (its rules, its time limit).
func (s *Server) startBetween(ctx context.Context, sess *activitySession, variant, opponent string) (table.Update, error) {
	if opponent == "" || opponent == sess.user.ID {
		return table.Update{}, &activityRefusal{http.StatusBadRequest, "Choose someone else in the activity, or zugbot."}
	}
	inst, err := s.discord.instance(ctx, sess.instance)
	if err != nil {
		return table.Update{}, err
	}
	if !slices.Contains(inst.Users, opponent) {
		return table.Update{}, &activityRefusal{http.StatusConflict, "That person is not in the activity any more."}
	}
	opp, err := s.discord.user(ctx, opponent)
	if err != nil {
		return table.Update{}, err
	}
	return s.tab.StartBetween(ctx, table.Between{Variant: variant, By: sess.user, Opponent: opp, Colour: store.RandomColour,
		GuildID: sess.guild, ChannelID: sess.channel})
}

// activityRefusal is a sign-in or a start that Discord's answers refuse.
type activityRefusal struct {
	code int
	msg  string
}

func (e *activityRefusal) Error() string { return e.msg }

// activityRefused answers err: a refusal as it is, anything else by fail.
func (s *Server) activityRefused(w http.ResponseWriter, r *http.Request, err error) {
	var ref *activityRefusal
	if errors.As(err, &ref) {
		refuse(w, ref.code, ref.msg)
		return
	}
	s.fail(w, r, err)
}

// setCookie sets a session cookie. Inside Discord the page is a
// third-party frame, where a browser keeps only a cookie that is
// SameSite=None, Secure and Partitioned (CHIPS); a plain http server (a
// test's) sets a Lax one, for its own pages.
func (s *Server) setCookie(w http.ResponseWriter, name, value string, expires time.Time) {
	c := &http.Cookie{Name: name, Value: value, Path: "/", Expires: expires, HttpOnly: true, SameSite: http.SameSiteLaxMode}
	if s.secure {
		c.Secure, c.SameSite, c.Partitioned = true, http.SameSiteNoneMode, true
	}
	http.SetCookie(w, c)
}

func (a *activity) add(sess *activitySession, now time.Time) string {
	id := randomHex(32)
	a.mu.Lock()
	defer a.mu.Unlock()
	for k, x := range a.by {
		if !now.Before(x.expires) {
			delete(a.by, k)
		}
	}
	a.by[id] = sess
	return id
}

// activitySessionOf returns r's activity session, or nil.
func (s *Server) activitySessionOf(r *http.Request) *activitySession {
	c, err := r.Cookie(activityCookie)
	if err != nil {
		return nil
	}
	s.discord.mu.Lock()
	defer s.discord.mu.Unlock()
	sess := s.discord.by[c.Value]
	if sess == nil || !s.now().Before(sess.expires) {
		return nil
	}
	return sess
}

// activityAllowed takes one request from sess's rate limit, answering
// 429 itself when it is spent.
func (s *Server) activityAllowed(w http.ResponseWriter, sess *activitySession) bool {
	if sess.limit.allow(s.now()) {
		return true
	}
	w.Header().Set("Retry-After", "1")
	refuse(w, http.StatusTooManyRequests, "Too many requests: wait a moment.")
	return false
}

// discord calls Discord's API: method on path, with the Authorization
// header auth and a form body (nil for none), decoding a 200's JSON into
// out. A 4xx answer is a refusal (code forged, user unknown, instance
// ended), its text refused; anything else an error.
func (a *activity) discord(ctx context.Context, method, path, auth string, form url.Values, out any, refused string) error {
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequestWithContext(ctx, method, a.cfg.APIURL+path, body)
	if err != nil {
		return fmt.Errorf("discord %s %s: %w", method, path, err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	req.Header.Set("User-Agent", "DiscordBot (https://github.com/zugbot/zugbot, 1)")
	resp, err := a.cfg.Client.Do(req)
	if err != nil {
		return fmt.Errorf("discord %s %s: %w", method, pathOnly(path), err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("discord %s %s: %w", method, pathOnly(path), err)
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return &activityRefusal{http.StatusServiceUnavailable, "Discord is busy: try again in a moment."}
	case resp.StatusCode >= 400 && resp.StatusCode < 500:
		return &activityRefusal{http.StatusForbidden, refused}
	case resp.StatusCode != http.StatusOK:
		return fmt.Errorf("discord %s %s: %s: %.200s", method, pathOnly(path), resp.Status, b)
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("discord %s %s: %w", method, pathOnly(path), err)
	}
	return nil
}

// pathOnly is path without the IDs that follow its last known part, for
// logs.
func pathOnly(path string) string {
	if i := strings.Index(path, "/activity-instances/"); i >= 0 {
		return path[:i] + "/activity-instances/…"
	}
	return path
}

// exchange trades an OAuth2 code for an access token
// (https://discord.com/developers/docs/topics/oauth2#authorization-code-grant-access-token-exchange-example).
func (a *activity) exchange(ctx context.Context, code string) (string, error) {
	var tok struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
	}
	form := url.Values{"client_id": {a.cfg.AppID}, "client_secret": {a.cfg.ClientSecret},
		"grant_type": {"authorization_code"}, "code": {code}}
	if err := a.discord(ctx, "POST", "/oauth2/token", "", form, &tok, "Discord did not accept this sign-in: launch the activity again."); err != nil {
		return "", err
	}
	if tok.AccessToken == "" || !strings.EqualFold(tok.TokenType, "Bearer") {
		return "", fmt.Errorf("discord's token exchange answered no Bearer token (%q)", tok.TokenType)
	}
	return tok.AccessToken, nil
}

// discordUser is a Discord user object's fields zugbot reads.
type discordUser struct {
	ID         string `json:"id"`
	Username   string `json:"username"`
	GlobalName string `json:"global_name"`
	Bot        bool   `json:"bot"`
}

func (u discordUser) player() store.Player {
	name := u.GlobalName
	if name == "" {
		name = u.Username
	}
	return store.Player{ID: u.ID, Name: name}
}

// me returns the user whose access token it is
// (https://discord.com/developers/docs/resources/user#get-current-user).
func (a *activity) me(ctx context.Context, token string) (store.Player, error) {
	var u discordUser
	if err := a.discord(ctx, "GET", "/users/@me", "Bearer "+token, nil, &u, "Discord did not accept this sign-in's token."); err != nil {
		return store.Player{}, err
	}
	if u.ID == "" {
		return store.Player{}, errors.New("discord's /users/@me answered no user ID")
	}
	return u.player(), nil
}

// user returns the person with id, by the bot's token
// (https://discord.com/developers/docs/resources/user#get-user).
func (a *activity) user(ctx context.Context, id string) (store.Player, error) {
	var u discordUser
	if err := a.discord(ctx, "GET", "/users/"+url.PathEscape(id), "Bot "+a.cfg.BotToken, nil, &u, "Discord knows no such user."); err != nil {
		return store.Player{}, err
	}
	if u.Bot {
		return store.Player{}, &activityRefusal{http.StatusBadRequest, "A bot cannot play: choose zugbot to play the AI."}
	}
	return u.player(), nil
}

// activityInstance is Discord's activity instance object
// (https://discord.com/developers/docs/resources/application#get-application-activity-instance).
type activityInstance struct {
	ApplicationID string `json:"application_id"`
	InstanceID    string `json:"instance_id"`
	LaunchID      string `json:"launch_id"`
	Location      struct {
		ID        string `json:"id"`
		Kind      string `json:"kind"` // "gc" (a guild channel) or "pc" (a private one)
		ChannelID string `json:"channel_id"`
		GuildID   string `json:"guild_id"`
	} `json:"location"`
	Users []string `json:"users"`
}

// instance asks Discord for the activity instance id, and refuses one
// that is not this application's or has ended.
func (a *activity) instance(ctx context.Context, id string) (activityInstance, error) {
	var inst activityInstance
	path := "/applications/" + url.PathEscape(a.cfg.AppID) + "/activity-instances/" + url.PathEscape(id)
	if err := a.discord(ctx, "GET", path, "Bot "+a.cfg.BotToken, nil, &inst, "This is not one of zugbot's activities, or it has ended: launch it again."); err != nil {
		return inst, err
	}
	if inst.InstanceID != id || inst.ApplicationID != a.cfg.AppID || inst.Location.ChannelID == "" {
		return inst, &activityRefusal{http.StatusForbidden, "This is not one of zugbot's activities."}
	}
	return inst, nil
}
