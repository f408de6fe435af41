package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"

	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

//go:embed static
var staticFiles embed.FS

// Source is the name of the web adapter in the feed's changes
// (table.WithSource), so that the Discord bot redraws its boards for the
// changes made here.
const Source = "web"

// Config is what a Server needs. Table, Sessions and Key are required.
type Config struct {
	Table *table.Table
	// Sessions keeps the players' sessions, so that they outlive a
	// restart: the table's store.
	Sessions SessionStore
	// Key signs the private links (HMAC-SHA256); at least 32 bytes.
	Key []byte
	// PublicURL is the address people open the page at, such as
	// "https://zugbot.example"; the links start with it, and an https one
	// makes the session cookies Secure. "http://127.0.0.1:8080" when empty.
	PublicURL string
	// SessionTTL is how long a session lasts after its link is opened; a
	// day when zero.
	SessionTTL time.Duration
	// Now returns the time; time.Now when nil.
	Now func() time.Time
	// Log is told of the errors a request met; slog.Default() when nil.
	Log *slog.Logger
	// Activity, when set, serves the board as a Discord Activity too
	// (activity.go).
	Activity *ActivityConfig
}

// Server serves the live board. Make one with New; it is an http.Handler,
// safe for concurrent use. Shutdown stops it gracefully; Close at once.
type Server struct {
	cfg      Config
	tab      *table.Table
	mux      *http.ServeMux
	static   http.Handler
	used     usedTokens
	sessions sessions
	secure   bool

	ctx        context.Context // the requests'; cancelled by Close, and at the end of Shutdown
	cancel     context.CancelFunc
	streamsCtx context.Context // the live streams'; ended first by Shutdown
	endLive    context.CancelFunc

	workMu  sync.Mutex
	stopped bool           // new requests are refused (Shutdown)
	work    sync.WaitGroup // the requests under way
	servers []*http.Server // made by HTTPServer, shut down by Shutdown

	streams  atomic.Int64 // the live streams open
	watchers watchers     // the players' live streams, by game and player

	discord *activity // nil without Config.Activity

	pics   *pictures // the pages' images (replay.go)
	starts bucket    // the games started from the home page, by anyone (home.go)
}

// New returns a Server for cfg.
func New(cfg Config) (*Server, error) {
	if cfg.Table == nil {
		return nil, errors.New("web: Config.Table is required")
	}
	if cfg.Sessions == nil {
		return nil, errors.New("web: Config.Sessions is required")
	}
	if len(cfg.Key) < 32 {
		return nil, errors.New("web: Config.Key must have at least 32 bytes")
	}
	if cfg.PublicURL == "" {
		cfg.PublicURL = "http://127.0.0.1:8080"
	}
	u, err := url.Parse(cfg.PublicURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("web: PublicURL %q: want http(s)://host[:port]", cfg.PublicURL)
	}
	cfg.PublicURL = strings.TrimSuffix(cfg.PublicURL, "/")
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 24 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	sub, err := fs.Sub(staticFiles, "static")
	if err != nil {
		return nil, fmt.Errorf("web: embedded files: %w", err)
	}
	s := &Server{cfg: cfg, tab: cfg.Table, mux: http.NewServeMux(), static: http.FileServerFS(sub),
		secure: u.Scheme == "https"}
	if cfg.Activity != nil {
		if s.discord, err = newActivity(*cfg.Activity); err != nil {
			return nil, err
		}
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.streamsCtx, s.endLive = context.WithCancel(s.ctx)
	s.routes()
	return s, nil
}

func (s *Server) now() time.Time { return s.cfg.Now() }

// Close ends the live streams and cancels the requests under way, at once;
// Shutdown is the graceful stop.
func (s *Server) Close() error {
	s.cancel()
	return nil
}

// Shutdown stops the server gracefully, in this order: it ends the live
// streams (the pages reconnect by themselves, to the next server), shuts
// down the http.Servers made by HTTPServer (no new connection; the
// requests under way finish), refuses new requests (those that come
// through another server, with 503), and waits for the requests under
// way, until ctx ends. Then it cancels what is left, as Close does. The
// moves the requests made are committed; the AI's replies are the game
// service's (see table.Table.Close).
func (s *Server) Shutdown(ctx context.Context) error {
	defer s.cancel()
	s.endLive()
	s.workMu.Lock()
	servers := s.servers
	s.workMu.Unlock()
	var errs []error
	for _, hs := range servers {
		if err := hs.Shutdown(ctx); err != nil {
			errs = append(errs, fmt.Errorf("web: shut down %s: %w", hs.Addr, err))
		}
	}
	s.workMu.Lock()
	s.stopped = true
	s.workMu.Unlock()
	done := make(chan struct{})
	go func() { s.work.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		errs = append(errs, fmt.Errorf("web: requests still under way: %w", ctx.Err()))
	}
	return errors.Join(errs...)
}

// begin counts a request under way, unless the server is stopping.
func (s *Server) begin() bool {
	s.workMu.Lock()
	defer s.workMu.Unlock()
	if s.stopped {
		return false
	}
	s.work.Add(1)
	return true
}

// Link returns a private link that lets user play game g for ttl: it
// opens once.
func (s *Server) Link(g *store.Game, user string, ttl time.Duration) (string, error) {
	t, err := sign(s.cfg.Key, grant{Game: g.ID, Page: g.PublicID, User: user, Expires: s.now().Add(ttl).Unix(), Nonce: randomHex(16)})
	if err != nil {
		return "", err
	}
	return s.cfg.PublicURL + "/play?t=" + url.QueryEscape(t), nil
}

// GameURL returns the address of game g's page, by its public id: its
// watch link, or a player's board once their link has signed them in.
// Who may open it is table.CanView's to say.
func (s *Server) GameURL(g *store.Game) string {
	return s.cfg.PublicURL + "/games/" + g.PublicID
}

// TournamentURL returns the address of tournament tr's page, by its
// public id.
func (s *Server) TournamentURL(tr *store.Tournament) string {
	return s.cfg.PublicURL + "/tournaments/" + tr.PublicID
}

// HTTPServer returns an http.Server for s on addr, with timeouts and
// header limits set (the live streams lift the write timeout for
// themselves). Shutdown shuts it down.
func (s *Server) HTTPServer(addr string) *http.Server {
	hs := &http.Server{
		Addr:              addr,
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
		BaseContext:       func(net.Listener) context.Context { return s.ctx },
	}
	s.workMu.Lock()
	s.servers = append(s.servers, hs)
	s.workMu.Unlock()
	return hs
}

// csp is the page's Content-Security-Policy: its own files only.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// ServeHTTP serves the page, its files and its API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	if s.secure {
		h.Set("Strict-Transport-Security", "max-age=31536000")
	}
	if !s.begin() {
		h.Set("Connection", "close")
		h.Set("Retry-After", "5")
		refuse(w, http.StatusServiceUnavailable, "zugbot is restarting: try again in a moment.")
		return
	}
	defer s.work.Done()
	s.mux.ServeHTTP(w, r)
}

func (s *Server) routes() {
	m := s.mux
	m.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		if s.discord != nil && r.URL.Query().Has("frame_id") {
			s.activityPage(w, r) // Discord opens the Activity at the root
			return
		}
		s.home(w, r)
	})
	m.HandleFunc("GET /play", s.play)
	m.HandleFunc("GET /games/{id}", s.page)
	m.HandleFunc("GET /static/", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r) // no listings
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		http.StripPrefix("/static/", s.static).ServeHTTP(w, r)
	})
	m.HandleFunc("GET /api/games/{id}", s.state)
	m.HandleFunc("GET /api/games/{id}/live", s.live)
	m.HandleFunc("POST /api/games/{id}/moves", s.act(s.move))
	m.HandleFunc("POST /api/games/{id}/resign", s.act(s.resign))
	m.HandleFunc("POST /api/games/{id}/draw", s.act(s.draw))
	m.HandleFunc("POST /api/games/{id}/takeback", s.act(s.takeback))
	m.HandleFunc("POST /api/games/{id}/answer", s.act(s.answer))
	m.HandleFunc("GET /tournaments/{id}", s.tournamentPage)
	m.HandleFunc("GET /api/tournaments/{id}", s.tournament)
	m.HandleFunc("GET /api/tournaments/{id}/live", s.tournamentLive)
	s.learnRoutes()
	s.puzzleRoutes()
	if s.discord != nil {
		s.activityRoutes()
	}
	// The home, replay, player and leaderboard pages (issue 47).
	s.pics = newPictures()
	m.HandleFunc("GET /api/home", s.homeAPI)
	m.HandleFunc("POST /api/home/ai", s.startAI)
	m.HandleFunc("POST /api/home/invite", s.invite)
	m.HandleFunc("GET /invite/{id}", s.invitePage)
	m.HandleFunc("GET /api/invites/{id}", s.inviteAPI)
	m.HandleFunc("POST /api/invites/{id}/accept", s.acceptInvite)
	m.HandleFunc("GET /me/games/{id}", s.myGame)
	m.HandleFunc("GET /pictures/{file}", s.picture)
	m.HandleFunc("GET /games/{id}/boards/{ply}", s.boardPNG)
	m.HandleFunc("GET /games/{id}/replay.gif", s.replayGIF)
	m.HandleFunc("GET /games/{id}/record.txt", s.record)
	m.HandleFunc("GET /api/games/{id}/replay", s.replayAPI)
	m.HandleFunc("GET /api/games/{id}/plies/{ply}", s.plyBoard)
	m.HandleFunc("POST /api/games/{id}/rematch", s.rematch)
	m.HandleFunc("GET /players/{id}", s.playerPage)
	m.HandleFunc("GET /api/players/{id}", s.playerAPI)
	m.HandleFunc("GET /leaderboard", s.leaderboardPage)
	m.HandleFunc("GET /leaderboards/{id}", s.leaderboardPage)
	m.HandleFunc("GET /api/leaderboard", s.leaderboardAPI)
	m.HandleFunc("GET /api/leaderboards/{id}", s.leaderboardAPI)
	m.HandleFunc("GET /leaderboard/table.png", s.standingsPNG)
	m.HandleFunc("GET /leaderboards/{id}/table.png", s.standingsPNG)
}

// page serves the board's HTML page, the same for every game the reader
// may see; for any other address, a plain page that says why not.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	st, _, err := s.game(r)
	if err != nil {
		s.plainRefusal(w, r, err)
		return
	}
	if st.Game.Over() {
		s.htmlMeta(w, r, "static/replay.html", gameMeta(&st)) // a finished game's page is its replay (replay.go)
		return
	}
	s.htmlMeta(w, r, "static/index.html", gameMeta(&st))
}

// plainRefusal answers a page's request that err refuses with a text page.
func (s *Server) plainRefusal(w http.ResponseWriter, r *http.Request, err error) {
	var ref *table.Refusal
	if errors.Is(err, context.Canceled) { // the reader left, or the server stops: nobody reads an answer
		http.Error(w, "zugbot: the request was cancelled.", http.StatusServiceUnavailable)
		return
	}
	if !errors.As(err, &ref) {
		s.cfg.Log.Error("web: request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		http.Error(w, "zugbot: something went wrong on the server.", http.StatusInternalServerError)
		return
	}
	http.Error(w, "zugbot: "+ref.Error(), refusalStatus(ref))
}

// html serves the embedded HTML page name, never cached stale.
func (s *Server) html(w http.ResponseWriter, r *http.Request, name string) {
	b, err := staticFiles.ReadFile(name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(b)
}

// found reports whether err, from loading what a request names, is nil;
// otherwise it has answered: 404 with a refusal's text, or a failure.
func (s *Server) found(w http.ResponseWriter, r *http.Request, err error) bool {
	if err == nil {
		return true
	}
	var ref *table.Refusal
	if errors.As(err, &ref) {
		code := refusalStatus(ref)
		if code == http.StatusConflict {
			code = http.StatusNotFound // what a request names is not there
		}
		refuse(w, code, ref.Error())
		return false
	}
	s.fail(w, r, err)
	return false
}

// play opens a private link: it checks the token, starts a session for
// its player and game, and sends the browser to the game's page.
func (s *Server) play(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	now := s.now()
	g, err := verify(s.cfg.Key, r.URL.Query().Get("t"), now)
	if err == nil && !s.used.use(g.Nonce, time.Unix(g.Expires, 0), now) {
		err = errTokenUsed
	}
	if err != nil {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprintf(w, "zugbot: %s.\n", capitalize(err.Error()))
		return
	}
	id, sess, err := s.startSession(r.Context(), g.User, g.Game)
	if err != nil {
		s.used.forget(g.Nonce) // the link may be opened again
		s.cfg.Log.Error("web: starting a session", "game", g.Game, "err", err)
		http.Error(w, "zugbot: the session could not be started: try the link again in a moment.", http.StatusServiceUnavailable)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: cookieName(g.Game), Value: id, Path: "/", Expires: sess.expires,
		HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode,
	})
	http.Redirect(w, r, "/games/"+g.Page, http.StatusSeeOther)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// game loads the game whose public id is the {id} of r's path, for its
// reader: the game and, for one of its players, their session (nil for a
// spectator); or a *table.Refusal when the id names no game (a number, a
// guess, a forgery) or the reader may not see it (table.CanView). The
// reader holds the game's watch link: they addressed it by its public id.
func (s *Server) game(r *http.Request) (store.State, *session, error) {
	id, err := s.tab.GameID(r.Context(), r.PathValue("id"))
	if err != nil {
		return store.State{}, nil, err
	}
	sess := s.sessionOf(r, id)
	v := table.Viewer{Link: true}
	if sess != nil {
		v.User, v.Private = sess.user, true
	}
	st, err := s.tab.View(r.Context(), v, id)
	return st, sess, err
}

// refusalStatus is the HTTP status of a refusal to show something: 404
// for what does not exist, 403 for what the reader may not see or do,
// 409 for the rest (an action the game's state refuses).
func refusalStatus(ref *table.Refusal) int {
	switch ref.Reason {
	case table.NoSuchGame, table.NoLesson, table.NoPuzzle:
		return http.StatusNotFound
	case table.NotYours, table.Hidden:
		return http.StatusForbidden
	}
	return http.StatusConflict
}

// apiError is the JSON body of a refused or failed request.
type apiError struct {
	Error string `json:"error"`
	// Confirm, for a draw offer that needs confirming, is the ply to
	// confirm it at.
	Confirm *int `json:"confirm,omitempty"`
}

// writeJSON writes v as JSON with status code.
func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// refuse writes a refusal meant for the person.
func refuse(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, apiError{Error: msg})
}

// fail answers err: a table.Refusal or a Confirmation as it is, anything
// else as an internal error, logged.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var ref *table.Refusal
	var conf *table.Confirmation
	switch {
	case errors.As(err, &conf):
		ply := conf.Ply
		writeJSON(w, http.StatusConflict, apiError{Error: conf.Error(), Confirm: &ply})
	case errors.As(err, &ref):
		refuse(w, refusalStatus(ref), ref.Error())
	case errors.Is(err, context.Canceled):
		refuse(w, http.StatusServiceUnavailable, "The server is stopping.")
	default:
		s.cfg.Log.Error("web: request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		refuse(w, http.StatusInternalServerError, "Something went wrong on the server.")
	}
}

// maxBody bounds the body of a request to the API.
const maxBody = 4 << 10

// action is a changing request of a session's player, its body decoded by
// the action itself.
type action func(ctx context.Context, w http.ResponseWriter, r *http.Request, id int64, sess *session)

// act checks a changing request: a session for the game, its CSRF value,
// a JSON body within limits. It then runs a with a context that names the
// web as the source of the change.
func (s *Server) act(a action) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := s.tab.GameID(r.Context(), r.PathValue("id"))
		if err != nil {
			s.fail(w, r, err)
			return
		}
		sess := s.sessionOf(r, id)
		if sess == nil {
			refuse(w, http.StatusForbidden, "You are watching this game: open your private link to play.")
			return
		}
		if !s.csrfOK(r, sess.csrf) {
			refuse(w, http.StatusForbidden, "This request did not come from the game's page.")
			return
		}
		if !sess.allow(s.now()) {
			w.Header().Set("Retry-After", "1")
			refuse(w, http.StatusTooManyRequests, "Too many requests: wait a moment.")
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		a(table.WithSource(r.Context(), Source), w, r, id, sess)
	}
}

// decode reads r's JSON body into v, answering a bad one itself.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		refuse(w, http.StatusUnsupportedMediaType, "Send JSON.")
		return false
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		refuse(w, http.StatusBadRequest, "The request's body is not what this endpoint reads.")
		return false
	}
	return true
}

// moveRequest is the body of POST /api/games/{id}/moves.
type moveRequest struct {
	Ply  int    `json:"ply"`
	Move string `json:"move"`
	// Turn is the version at which the mover's turn began on the board
	// they moved on (State.TurnVersion); 0 leaves it unchecked.
	Turn int64 `json:"turn_version"`
}

// done is the answer to a changing request: the game's ply after it and
// the moves played.
type done struct {
	Ply   int      `json:"ply"`
	Moves []string `json:"moves,omitempty"`
	// Notice is news for the person that is no error: the AI declining
	// their draw offer.
	Notice string `json:"notice,omitempty"`
}

func (s *Server) move(ctx context.Context, w http.ResponseWriter, r *http.Request, id int64, sess *session) {
	var req moveRequest
	if !decode(w, r, &req) {
		return
	}
	if req.Ply < 0 {
		refuse(w, http.StatusBadRequest, "A move must say the ply it was played at.")
		return
	}
	st, err := s.tab.Load(ctx, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	u, err := s.tab.PlayIn(ctx, st, sess.user, req.Ply, req.Move, table.PlayOptions{Turn: req.Turn})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, done{Ply: u.State.Game.Ply, Moves: u.Moves})
}

// plyRequest is the body of the requests that only say the ply they were
// made at (resign), and of a draw offer (Confirmed: the ply at which the
// player confirmed the count, 0 for none).
type plyRequest struct {
	Ply       int  `json:"ply"`
	Confirmed *int `json:"confirmed,omitempty"`
}

func (s *Server) resign(ctx context.Context, w http.ResponseWriter, r *http.Request, id int64, sess *session) {
	var req plyRequest
	if !decode(w, r, &req) {
		return
	}
	u, err := s.tab.Resign(ctx, id, sess.user, req.Ply)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, done{Ply: u.State.Game.Ply})
}

func (s *Server) draw(ctx context.Context, w http.ResponseWriter, r *http.Request, id int64, sess *session) {
	var req plyRequest
	if !decode(w, r, &req) {
		return
	}
	confirmed := -1
	if req.Confirmed != nil {
		confirmed = *req.Confirmed
	}
	u, err := s.tab.OfferDraw(ctx, id, sess.user, table.DrawOptions{Confirmed: confirmed})
	if ref := (*table.Refusal)(nil); errors.As(err, &ref) && ref.Reason == table.DrawDeclined {
		// The offer was made and answered: the AI said no.
		writeJSON(w, http.StatusOK, done{Ply: req.Ply, Notice: ref.Error()})
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, done{Ply: u.State.Game.Ply, Moves: u.Moves})
}

func (s *Server) takeback(ctx context.Context, w http.ResponseWriter, r *http.Request, id int64, sess *session) {
	var req plyRequest
	if !decode(w, r, &req) {
		return
	}
	u, err := s.tab.Takeback(ctx, id, sess.user)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, done{Ply: u.State.Game.Ply})
}

// answerRequest is the body of POST /api/games/{id}/answer: the answer to
// the opponent's offer.
type answerRequest struct {
	Kind   string `json:"kind"` // "draw" or "takeback"
	Ply    int    `json:"ply"`
	Accept bool   `json:"accept"`
}

func (s *Server) answer(ctx context.Context, w http.ResponseWriter, r *http.Request, id int64, sess *session) {
	var req answerRequest
	if !decode(w, r, &req) {
		return
	}
	kind, ok := offerKinds[req.Kind]
	if !ok {
		refuse(w, http.StatusBadRequest, "An answer is to a draw or a takeback offer.")
		return
	}
	u, err := s.tab.Answer(ctx, id, sess.user, kind, req.Ply, req.Accept)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, done{Ply: u.State.Game.Ply})
}
