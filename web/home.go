package web

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// The home page (/) lets someone without Discord play: against the AI, or
// a friend through an invitation's link. Its reader is a person of the
// web: a random secret in a cookie (personCookie) names them, as
// "web-" and 16 hex digits of the secret's SHA-256, so the database never
// holds the secret and a restart or another process knows them again.

// personCookie holds the secret of the browser's person; nameCookie the
// name they chose to be shown by.
const (
	personCookie = "zugbot_me"
	nameCookie   = "zugbot_name"
	personTTL    = 365 * 24 * time.Hour
	maxName      = 24 // runes
	// The games started from the home page (against the AI, invitations
	// made and taken up, rematches), by everyone together: a burst of
	// startBurst, then startRate a second.
	startBurst = 30
	startRate  = 0.5
)

// person is the person of the web a request comes from.
type person struct {
	secret string
	player store.Player
}

// personOf returns the person r comes from, if its cookie names one.
func personOf(r *http.Request) (person, bool) {
	c, err := r.Cookie(personCookie)
	if err != nil || len(c.Value) != 64 || strings.Trim(c.Value, "0123456789abcdef") != "" {
		return person{}, false
	}
	name := ""
	if n, err := r.Cookie(nameCookie); err == nil {
		name, _ = url.QueryUnescape(n.Value)
	}
	return personNamed(c.Value, name), true
}

// personNamed returns the person whose secret is secret, shown by name,
// or by a guest's name made of their id when name is empty.
func personNamed(secret, name string) person {
	id := "web-" + hashID(secret)[:16]
	if name = cleanName(name); name == "" {
		name = "Guest " + strings.ToUpper(id[4:8])
	}
	return person{secret: secret, player: store.Player{ID: id, Name: name}}
}

// cleanName returns the name a person typed, made fit to show: printable,
// its spaces collapsed, at most maxName runes.
func cleanName(s string) string {
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || !unicode.IsPrint(r) }), " ")
	if r := []rune(s); len(r) > maxName {
		s = string(r[:maxName])
	}
	return s
}

// personFor returns the person r comes from, making one (and setting its
// cookie on w) when r has none.
func (s *Server) personFor(w http.ResponseWriter, r *http.Request) person {
	if p, ok := personOf(r); ok {
		return p
	}
	secret := randomHex(32)
	http.SetCookie(w, &http.Cookie{Name: personCookie, Value: secret, Path: "/", Expires: s.now().Add(personTTL),
		HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode})
	return personNamed(secret, "")
}

// homeCSRF is the CSRF value of a person's requests from the home page:
// their secret signed with the server's key.
func (s *Server) homeCSRF(p person) string {
	m := hmac.New(sha256.New, s.cfg.Key)
	m.Write([]byte("home\x00" + p.secret))
	return hex.EncodeToString(m.Sum(nil))[:32]
}

// homeAct checks a changing request from the home page: a person, their
// CSRF value, from this site, a small JSON body. It answers a bad one
// itself.
func (s *Server) homeAct(w http.ResponseWriter, r *http.Request, v any) (person, bool) {
	p, ok := personOf(r)
	if !ok || !s.csrfOK(r, s.homeCSRF(p)) {
		refuse(w, http.StatusForbidden, "This request did not come from zugbot's home page: reload it.")
		return person{}, false
	}
	// Anyone may start games here, and make new persons at will: the
	// server bounds the games started by all of them together.
	if !s.starts.take(s.now(), startBurst, startRate) {
		w.Header().Set("Retry-After", "5")
		refuse(w, http.StatusTooManyRequests, "Many games are being started here just now: try again in a few seconds.")
		return person{}, false
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	return p, decode(w, r, v)
}

// homeState is the JSON of GET /api/home.
type homeState struct {
	You     homeYou       `json:"you"`
	CSRF    string        `json:"csrf"`
	Games   []homeGame    `json:"games"`
	Levels  []homeLevel   `json:"levels"`
	Clocks  []string      `json:"clocks"`
	Playing []gameSummary `json:"playing"` // the reader's games going on
	Live    []gameSummary `json:"live"`    // the listed games going on
}

type homeYou struct {
	Name string `json:"name"`
	Page string `json:"page,omitempty"` // their player's page, once they have played
}

// homeGame is one of the four games, with its variants.
type homeGame struct {
	Name     string        `json:"name"`
	Summary  string        `json:"summary"` // the rules' first sentence
	Rules    string        `json:"rules"`
	Picture  string        `json:"picture"`
	Variants []homeVariant `json:"variants"`
}

type homeVariant struct {
	ID    string    `json:"id"`
	Name  string    `json:"name"`
	Sides [2]string `json:"sides"`
}

type homeLevel struct {
	Level int    `json:"level"`
	Name  string `json:"name"`
}

// gameSummary is a game in a list of games.
type gameSummary struct {
	Page    string    `json:"page"` // its address
	Variant string    `json:"variant"`
	Players [2]string `json:"players"`
	Ply     int       `json:"ply"`
	Result  string    `json:"result,omitempty"` // for a finished game: "1-0", "½-½", "0-1", "aborted"
	Clock   string    `json:"clock,omitempty"`
}

// rulesURL is where a variant's full rules are read: its Rules path in
// zugbot's repository.
func rulesURL(v *engine.Variant) string {
	return "https://github.com/zugbot/zugbot/blob/main/" + v.Rules
}

// firstSentence returns s up to its first full stop followed by a space.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// homeGames are the four games, each with the variants the bot offers,
// in menu order.
func homeGames() []homeGame {
	var out []homeGame
	for _, v := range games.Listed() {
		if n := len(out); n > 0 && out[n-1].Name == v.Game {
			out[n-1].Variants = append(out[n-1].Variants, homeVariant{ID: v.ID, Name: v.Name, Sides: v.Sides})
			continue
		}
		out = append(out, homeGame{Name: v.Game, Summary: firstSentence(v.Summary), Rules: rulesURL(v),
			Picture: "/pictures/" + v.ID + ".png", Variants: []homeVariant{{ID: v.ID, Name: v.Name, Sides: v.Sides}}})
	}
	return out
}

// summaryOf returns the summary of game g, whose page is at page.
func summaryOf(g *store.Game, page string) gameSummary {
	sum := gameSummary{Page: page, Variant: variantName(g.Variant), Ply: g.Ply}
	for side, seat := range g.Seats {
		sum.Players[side] = table.SeatName(seat)
	}
	if g.Clock.Live() {
		sum.Clock = g.Clock.String()
	}
	if g.Over() {
		switch {
		case g.Result == store.Draw:
			sum.Result = "½-½"
		case g.Result == store.Win && g.Winner == 0:
			sum.Result = "1-0"
		case g.Result == store.Win:
			sum.Result = "0-1"
		default:
			sum.Result = g.Result.String()
		}
	}
	return sum
}

// variantName returns the name of the variant whose id is id.
func variantName(id string) string {
	if v := variantByID(id); v != nil {
		return v.Name
	}
	return id
}

// variantByID returns the variant whose id is id, or nil.
func variantByID(id string) *engine.Variant {
	for _, v := range games.All() {
		if v.ID == id {
			return v
		}
	}
	return nil
}

// home serves the home page.
func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	s.htmlMeta(w, r, "static/home.html", homeMeta)
}

// homeAPI serves GET /api/home: the games, the levels and clocks to
// choose from, the reader's games going on, the listed ones.
func (s *Server) homeAPI(w http.ResponseWriter, r *http.Request) {
	p := s.personFor(w, r)
	out := homeState{You: homeYou{Name: p.player.Name}, CSRF: s.homeCSRF(p), Games: homeGames(),
		Playing: []gameSummary{}, Live: []gameSummary{}}
	for l := ai.MinLevel; l <= ai.MaxLevel; l++ {
		out.Levels = append(out.Levels, homeLevel{Level: l, Name: ai.LevelName(l)})
	}
	for _, c := range table.LiveClocks() {
		out.Clocks = append(out.Clocks, c.String())
	}
	ctx := r.Context()
	mine, err := s.tab.Playing(ctx, p.player.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for i := range mine {
		out.Playing = append(out.Playing, summaryOf(&mine[i], "/me/games/"+mine[i].PublicID))
	}
	listed, err := s.tab.ListedGames(ctx, 20)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for i := range listed {
		out.Live = append(out.Live, summaryOf(&listed[i], "/games/"+listed[i].PublicID))
	}
	if len(mine) > 0 || s.played(ctx, p.player.ID) {
		if pid, err := s.tab.PageID(ctx, store.PlayerPage, p.player.ID); err == nil {
			out.You.Page = "/players/" + pid
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// played reports whether player has finished a game.
func (s *Server) played(ctx context.Context, player string) bool {
	gs, err := s.tab.Finished(ctx, player, 1)
	return err == nil && len(gs) > 0
}

// gameRequest is what a new game from the home page says, against the AI
// or a friend.
type gameRequest struct {
	Variant string `json:"variant"`
	Side    string `json:"side"`  // "first", "second" or "random"
	Clock   string `json:"clock"` // "" for none, or one of LiveClocks
	Name    string `json:"name"`  // the name to be shown by; "" keeps theirs
}

// aiRequest is the body of POST /api/home/ai: a game against the AI.
type aiRequest struct {
	gameRequest
	Level  int  `json:"level"`
	Listed bool `json:"listed"`
}

// newGame reads a new game's request from the home page into req (a
// *aiRequest or *inviteRequest, whose gameRequest is game): the person,
// the variant, their side and the clock. It answers a bad request itself.
func (s *Server) newGame(w http.ResponseWriter, r *http.Request, req any, game *gameRequest) (person, *engine.Variant, store.Colour, store.Clock, bool) {
	p, ok := s.homeAct(w, r, req)
	if !ok {
		return p, nil, 0, store.Clock{}, false
	}
	p = s.rename(w, p, game.Name)
	colour, ok := colours[game.Side]
	v := variantByID(game.Variant)
	if !ok || v == nil {
		refuse(w, http.StatusBadRequest, "Choose one of the games and a side.")
		return p, nil, 0, store.Clock{}, false
	}
	clock, err := clockOf(game.Clock)
	if err != nil {
		s.fail(w, r, err)
		return p, nil, 0, store.Clock{}, false
	}
	return p, v, colour, clock, true
}

// started is the answer to a request that started a game: its page.
type started struct {
	Page string `json:"page"`
}

// colours are the sides a person asks for, by the names the API uses.
var colours = map[string]store.Colour{"first": store.FirstColour, "second": store.SecondColour, "random": store.RandomColour}

// clockOf reads a clock the home page offers: "" for none.
func clockOf(text string) (store.Clock, error) {
	if text == "" {
		return store.Clock{}, nil
	}
	return table.ParseClock(text)
}

// startAI serves POST /api/home/ai: it starts a game of the person
// against the AI, signs them in to it and answers its page.
func (s *Server) startAI(w http.ResponseWriter, r *http.Request) {
	var req aiRequest
	p, v, colour, clock, ok := s.newGame(w, r, &req, &req.gameRequest)
	if !ok {
		return
	}
	ctx := table.WithSource(r.Context(), Source)
	u, err := s.tab.PlayAI(ctx, table.AIGame{Variant: v.ID, Player: p.player, Level: req.Level, Colour: colour, Clock: clock})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	g := &u.State.Game
	if req.Listed {
		if err := s.tab.ListGame(ctx, g.ID); err != nil {
			s.cfg.Log.Error("web: listing a game", "game", g.ID, "err", err)
		}
	}
	if !s.signIn(w, r, p, g) {
		return
	}
	writeJSON(w, http.StatusOK, started{Page: "/games/" + g.PublicID})
}

// rename keeps the name p asked to be shown by, when they gave one.
func (s *Server) rename(w http.ResponseWriter, p person, name string) person {
	if name = cleanName(name); name != "" && name != p.player.Name {
		http.SetCookie(w, &http.Cookie{Name: nameCookie, Value: url.QueryEscape(name), Path: "/", Expires: s.now().Add(personTTL),
			HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode})
		p.player.Name = name
	}
	return p
}

// signIn begins p's session in game g, which they play, and sets its
// cookie; it answers a failure itself.
func (s *Server) signIn(w http.ResponseWriter, r *http.Request, p person, g *store.Game) bool {
	id, sess, err := s.startSession(r.Context(), p.player.ID, g.ID)
	if err != nil {
		s.fail(w, r, err)
		return false
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName(g.ID), Value: id, Path: "/", Expires: sess.expires,
		HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode})
	return true
}

// myGame serves GET /me/games/{id}: the person's own game, signed in
// again (a session lasts a day, the person a year), then its page. For a
// game they do not play, it is the game's page as anyone sees it.
func (s *Server) myGame(w http.ResponseWriter, r *http.Request) {
	pid := r.PathValue("id")
	id, err := s.tab.GameID(r.Context(), pid)
	if err != nil {
		s.plainRefusal(w, r, err)
		return
	}
	if p, ok := personOf(r); ok && s.sessionOf(r, id) == nil {
		st, err := s.tab.View(r.Context(), table.Viewer{User: p.player.ID, Private: true}, id)
		if err == nil && !st.Game.Over() {
			if !s.signIn(w, r, p, &st.Game) {
				return
			}
		}
	}
	http.Redirect(w, r, "/games/"+pid, http.StatusSeeOther)
}

// inviteRequest is the body of POST /api/home/invite: a game with a
// friend, who opens the link it answers.
type inviteRequest struct {
	gameRequest
	Rated bool `json:"rated"`
}

// invitation is an invitation as its page shows it.
type invitation struct {
	Link    string    `json:"link"` // the address to give the friend
	From    string    `json:"from"`
	Variant string    `json:"variant"`
	Sides   [2]string `json:"sides"`
	Side    string    `json:"side"` // the friend's: "first", "second" or "random"
	Clock   string    `json:"clock"`
	Rated   bool      `json:"rated"`
	Mine    bool      `json:"mine"`           // the reader made it
	Game    string    `json:"game,omitempty"` // the game's address, once accepted (for its players)
	Closed  string    `json:"closed,omitempty"`
	CSRF    string    `json:"csrf"`
}

// invite serves POST /api/home/invite: it records an invitation and
// answers its link.
func (s *Server) invite(w http.ResponseWriter, r *http.Request) {
	var req inviteRequest
	p, v, colour, clock, ok := s.newGame(w, r, &req, &req.gameRequest)
	if !ok {
		return
	}
	nc := store.NewChallenge{Challenger: p.player, Variant: v.ID, Colour: colour, Rated: req.Rated, Clock: clock}
	if !clock.Live() {
		nc.DaysPerMove = table.DefaultDays
	}
	_, pid, err := s.tab.Invite(r.Context(), nc)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, started{Page: "/invite/" + pid})
}

// inviteAPI serves GET /api/invites/{id}: the invitation, and once it is
// accepted, its game for its players.
func (s *Server) inviteAPI(w http.ResponseWriter, r *http.Request) {
	c, err := s.tab.InviteByLink(r.Context(), r.PathValue("id"))
	if !s.found(w, r, err) {
		return
	}
	p := s.personFor(w, r)
	out := invitation{Link: s.cfg.PublicURL + "/invite/" + r.PathValue("id"), From: c.Challenger.Name, Variant: variantName(c.Variant),
		Rated: c.Rated, Mine: c.Challenger.ID == p.player.ID, CSRF: s.homeCSRF(p)}
	if v := variantByID(c.Variant); v != nil {
		out.Sides = v.Sides
	}
	out.Side = map[store.Colour]string{store.FirstColour: "second", store.SecondColour: "first"}[c.Colour]
	if out.Side == "" {
		out.Side = "random"
	}
	if c.Clock.Live() {
		out.Clock = c.Clock.String()
	}
	if c.Status != store.Pending {
		out.Closed = c.Status.String()
	}
	if c.GameID != 0 && (out.Mine || c.Opponent.ID == p.player.ID) {
		if st, err := s.tab.View(r.Context(), table.Viewer{User: p.player.ID, Private: true}, c.GameID); err == nil {
			out.Game = "/me/games/" + st.Game.PublicID
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// acceptInvite serves POST /api/invites/{id}/accept: the person takes up
// the invitation; its game starts, they are signed in to it, and the
// answer is its page.
func (s *Server) acceptInvite(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name string `json:"name"`
	}
	p, ok := s.homeAct(w, r, &req)
	if !ok {
		return
	}
	p = s.rename(w, p, req.Name)
	c, err := s.tab.InviteByLink(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	a, err := s.tab.AcceptChallenge(table.WithSource(r.Context(), Source), c.ID, p.player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	g := &a.Game.State.Game
	if !s.signIn(w, r, p, g) {
		return
	}
	writeJSON(w, http.StatusOK, started{Page: "/games/" + g.PublicID})
}

// invitePage serves the page of an invitation.
func (s *Server) invitePage(w http.ResponseWriter, r *http.Request) {
	c, err := s.tab.InviteByLink(r.Context(), r.PathValue("id"))
	if err != nil {
		var ref *table.Refusal
		if errors.As(err, &ref) {
			http.Error(w, "zugbot: "+ref.Error(), http.StatusNotFound)
			return
		}
		s.plainRefusal(w, r, err)
		return
	}
	s.htmlMeta(w, r, "static/invite.html", ogMeta{Title: c.Challenger.Name + " invites you to play " + variantName(c.Variant),
		Description: "Open the link to play on zugbot, in the browser: no sign-up, no Discord needed.", Image: "/pictures/" + c.Variant + ".png"})
}
