package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// pictures draws the pages' images with the renderer that draws Discord's
// boards, and keeps the latest ones: a board at a ply never changes (its
// key names the moves that led to it), so it is drawn once.
type pictures struct {
	r  *render.Renderer
	mu sync.Mutex
	m  map[string][]byte
}

// maxPictures bounds the images kept: about 60 KB each, some 30 MB.
const maxPictures = 512

func newPictures() *pictures { return &pictures{r: render.New(), m: map[string][]byte{}} }

// get returns the image under key, drawing it with draw the first time.
func (p *pictures) get(key string, draw func(w io.Writer) error) ([]byte, error) {
	p.mu.Lock()
	b, ok := p.m[key]
	p.mu.Unlock()
	if ok {
		return b, nil
	}
	var buf bytes.Buffer
	if err := draw(&buf); err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.m) >= maxPictures {
		for k := range p.m { // drop an eighth, at random
			delete(p.m, k)
			if len(p.m) < maxPictures*7/8 {
				break
			}
		}
	}
	p.m[key] = buf.Bytes()
	return buf.Bytes(), nil
}

// servePicture writes image b (of type ctype) with its caching, cache:
// kept a day by any cache (keepPublic), by the reader's only (keepPrivate)
// or asked for again each time (fresh).
func servePicture(w http.ResponseWriter, r *http.Request, ctype string, b []byte, cache string) {
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", cache)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
}

// The Cache-Control values of servePicture.
const (
	keepPublic  = "public, max-age=86400"
	keepPrivate = "private, max-age=86400"
	fresh       = "no-cache"
)

// cacheOf returns how a picture of g at one of its plies may be kept: a
// finished game's never changes, and is for shared caches unless only its
// players may see it (table.Watchable); a game going on may take moves
// back, and its last board changes.
func cacheOf(g *store.Game) string {
	switch {
	case !g.Over():
		return fresh
	case table.Watchable(g):
		return keepPublic
	}
	return keepPrivate
}

// picture serves GET /pictures/{file}: a game's start position,
// {variant}.png.
func (s *Server) picture(w http.ResponseWriter, r *http.Request) {
	id, ok := strings.CutSuffix(r.PathValue("file"), ".png")
	v := variantByID(id)
	if !ok || v == nil {
		http.NotFound(w, r)
		return
	}
	b, err := s.pics.get("start/"+v.ID, func(w io.Writer) error { return s.pics.r.PNG(w, v.Start(), render.Options{}) })
	if err != nil {
		s.fail(w, r, err)
		return
	}
	servePicture(w, r, "image/png", b, keepPublic)
}

// replayOf is a game's moves replayed: the start, the moves, and the
// position after each.
type replayOf struct {
	st    store.State
	v     *engine.Variant
	start engine.Position
	moves []engine.Move
}

// replay loads the game r names for its reader and replays it.
func (s *Server) replay(r *http.Request) (replayOf, *session, error) {
	st, sess, err := s.game(r)
	if err != nil {
		return replayOf{}, nil, err
	}
	v := st.Position.Variant()
	start, moves, err := store.ParseGame(v, st.Game.Start, st.Moves)
	if err != nil {
		return replayOf{}, nil, fmt.Errorf("replay game %d: %w", st.Game.ID, err)
	}
	return replayOf{st: st, v: v, start: start, moves: moves}, sess, nil
}

// at returns the position after the first ply moves, and the last of
// them as the position before it described it (nil at the start).
func (rp *replayOf) at(ply int) (engine.Position, *engine.MoveInfo) {
	p := rp.start.Clone()
	var last *engine.MoveInfo
	for _, m := range rp.moves[:ply] {
		info := p.Describe(m)
		last = &info
		p.Do(m)
	}
	return p, last
}

// key names the board at ply: the game and the moves that led to it, so
// that a takeback and other moves give another key.
func (rp *replayOf) key(ply int) string {
	h := sha256.New()
	for _, m := range rp.st.Moves[:ply] {
		h.Write([]byte(m.Notation + "\x00"))
	}
	return rp.st.Game.PublicID + "/" + strconv.Itoa(ply) + "/" + hex.EncodeToString(h.Sum(nil)[:8])
}

// players returns the players' names by side.
func playerNames(g *store.Game) [2]string {
	return [2]string{table.SeatName(g.Seats[0]), table.SeatName(g.Seats[1])}
}

// boardPNG serves GET /games/{id}/boards/{ply}: the board after that ply
// ("last": the game's position now), with the move that led to it, as the
// renderer draws it for Discord. Anyone who may see the game may fetch it.
func (s *Server) boardPNG(w http.ResponseWriter, r *http.Request) {
	rp, _, err := s.replay(r)
	if !s.found(w, r, err) {
		return
	}
	ply := len(rp.moves)
	if p := r.PathValue("ply"); p != "last" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > len(rp.moves) || strconv.Itoa(n) != p {
			refuse(w, http.StatusNotFound, fmt.Sprintf("The game has plies 0 to %d.", len(rp.moves)))
			return
		}
		ply = n
	}
	g := &rp.st.Game
	end := ply == len(rp.moves) && g.Over() // the position may not say how it ended: a resignation, a flag
	key := "board/" + rp.key(ply)
	if end {
		key += "/end"
	}
	b, err := s.pics.get(key, func(w io.Writer) error {
		p, last := rp.at(ply)
		opt := render.Options{LastMove: last, Players: playerNames(g)}
		if end {
			opt.Caption = resultLine(rp.v, g)
		}
		return s.pics.r.PNG(w, p, opt)
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	servePicture(w, r, "image/png", b, cacheOf(g))
}

// PlyBoard is a game's board at one ply, as the pages draw it (draw.js,
// with the geometry and the palette of the game's replay): the pieces,
// the move that led there and a king in check.
type PlyBoard struct {
	Ply    int     `json:"ply"`
	Pieces []Piece `json:"pieces"`
	Last   *Move   `json:"last,omitempty"`
	Check  *int    `json:"check,omitempty"`
}

// plyBoard serves GET /api/games/{id}/plies/{ply}: the board at ply, 0
// for the start. A ply of a game never changes (a takeback changes the
// moves, and the replay's then), so a browser keeps it as a picture of
// the board is kept.
func (s *Server) plyBoard(w http.ResponseWriter, r *http.Request) {
	rp, _, err := s.replay(r)
	if !s.found(w, r, err) {
		return
	}
	p := r.PathValue("ply")
	ply, err := strconv.Atoi(p)
	if err != nil || ply < 0 || ply > len(rp.moves) || strconv.Itoa(ply) != p {
		refuse(w, http.StatusNotFound, fmt.Sprintf("The game has plies 0 to %d.", len(rp.moves)))
		return
	}
	pos, last := rp.at(ply)
	out := PlyBoard{Ply: ply, Pieces: piecesOf(pos), Check: checkOf(pos)}
	if last != nil {
		m := moveOf(rp.st.Moves[ply-1].Notation, *last)
		out.Last = &m
	}
	b, err := json.Marshal(out)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	servePicture(w, r, "application/json", b, cacheOf(&rp.st.Game))
}

// replayGIF serves GET /games/{id}/replay.gif: the whole game, animated.
func (s *Server) replayGIF(w http.ResponseWriter, r *http.Request) {
	rp, _, err := s.replay(r)
	if !s.found(w, r, err) {
		return
	}
	b, err := s.pics.get("gif/"+rp.key(len(rp.moves)), func(w io.Writer) error {
		return s.pics.r.GIF(r.Context(), w, rp.start, rp.moves, render.Options{Players: playerNames(&rp.st.Game)})
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="zugbot-%s.gif"`, rp.st.Game.PublicID))
	servePicture(w, r, "image/gif", b, cacheOf(&rp.st.Game))
}

// record serves GET /games/{id}/record.txt: the game's record, the text
// /export gives on Discord.
func (s *Server) record(w http.ResponseWriter, r *http.Request) {
	st, _, err := s.game(r)
	if !s.found(w, r, err) {
		return
	}
	rec, err := s.tab.Record(r.Context(), st.Game.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="zugbot-%s.txt"`, st.Game.PublicID))
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = io.WriteString(w, rec.Text)
}

// replayState is the JSON of GET /api/games/{id}/replay: what the replay
// page steps through.
type replayState struct {
	Page    string    `json:"page"`
	Variant string    `json:"variant"`
	Sides   [2]string `json:"sides"`
	// Geometry and Palette are the board's, as the live board's state
	// has them: the page draws each ply's Board (GET
	// /api/games/{id}/plies/{ply}) with them.
	Geometry Geometry          `json:"geometry"`
	Palette  render.WebPalette `json:"palette"`
	Players  [2]string         `json:"players"`
	Over     bool              `json:"over"`
	Result   string            `json:"result"` // how it ended, or that it goes on
	Moves    []string          `json:"moves"`
	// Clocks are a live game's times left by side, in milliseconds, at the
	// start and after each ply, as the moves' times give them.
	Clocks [][2]int64 `json:"clocks,omitempty"`
	// Wins are the analysis's winning chances of the first side, in
	// percent, at the start and after each ply; Marks its judgement of
	// each ply ("?!", "?", "??" or "").
	Wins  []float64 `json:"wins,omitempty"`
	Marks []string  `json:"marks,omitempty"`
	Rules string    `json:"rules"`
	// Player says that the reader plays the game: they may ask for a
	// rematch.
	Player bool   `json:"player"`
	CSRF   string `json:"csrf,omitempty"`
}

// replayAPI serves GET /api/games/{id}/replay.
func (s *Server) replayAPI(w http.ResponseWriter, r *http.Request) {
	rp, sess, err := s.replay(r)
	if !s.found(w, r, err) {
		return
	}
	g := &rp.st.Game
	out := replayState{Page: g.PublicID, Variant: rp.v.Name, Sides: rp.v.Sides, Players: playerNames(g), Over: g.Over(),
		Result: "The game goes on.", Moves: []string{}, Rules: rulesURL(rp.v),
		Geometry: geometryOf(rp.v.Geometry), Palette: render.Web(rp.v)}
	if g.Over() {
		out.Result = resultLine(rp.v, g)
	}
	for _, m := range rp.st.Moves {
		out.Moves = append(out.Moves, m.Notation)
	}
	if g.Clock.Live() {
		out.Clocks = clocksOf(g, rp.st.Moves, rp.start.Turn())
	}
	rep, ok, err := s.tab.KeptAnalysis(r.Context(), g.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if ok && len(rep.Plies) == len(rp.moves) {
		graph := render.GraphOf(rp.v, &rep, out.Players, out.Result)
		out.Wins = graph.Wins
		out.Marks = make([]string, len(rp.moves))
		for _, m := range graph.Marks {
			out.Marks[m.Ply] = m.Glyph
		}
	}
	if p, ok := s.playerOf(r, sess, g); ok {
		out.Player = true
		out.CSRF = s.homeCSRF(p)
	}
	writeJSON(w, http.StatusOK, out)
}

// clocksOf returns the times left on a live game's clocks at its start
// and after each of moves, from the moves' times: the mover's clock ran
// from the move before (or the game's start) and gained the increment.
func clocksOf(g *store.Game, moves []store.Move, first engine.Side) [][2]int64 {
	left := [2]time.Duration{g.Clock.Base, g.Clock.Base}
	out := [][2]int64{{left[0].Milliseconds(), left[1].Milliseconds()}}
	prev := g.Created
	side := first
	for _, m := range moves {
		left[side] = max(left[side]-m.At.Sub(prev), 0) + g.Clock.Increment
		prev = m.At
		out = append(out, [2]int64{left[0].Milliseconds(), left[1].Milliseconds()})
		side = side.Other()
	}
	return out
}

// playerOf returns the person of the web who plays g and asks r: by
// their session of the game or by their person's cookie.
func (s *Server) playerOf(r *http.Request, sess *session, g *store.Game) (person, bool) {
	p, ok := personOf(r)
	if !ok {
		return person{}, false
	}
	if _, plays := g.SideOf(p.player.ID); plays || sess != nil && sess.user == p.player.ID {
		return p, true
	}
	return person{}, false
}

// rematch serves POST /api/games/{id}/rematch: the person asks for a
// rematch of the finished game they played. Against the AI it starts at
// once; against a person it is offered, and starts when both asked.
func (s *Server) rematch(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	p, ok := s.homeAct(w, r, &req)
	if !ok {
		return
	}
	st, sess, err := s.game(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if _, ok := s.playerOf(r, sess, &st.Game); !ok {
		refuse(w, http.StatusForbidden, "Only the game's players can ask for a rematch.")
		return
	}
	res, err := s.tab.Rematch(table.WithSource(r.Context(), Source), st.Game.ID, p.player, "", nil)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if res.Game.Event == 0 {
		writeJSON(w, http.StatusAccepted, apiError{Error: "Rematch offered: it starts when your opponent asks for one too."})
		return
	}
	g := &res.Game.State.Game
	if !s.signIn(w, r, p, g) {
		return
	}
	writeJSON(w, http.StatusOK, started{Page: "/games/" + g.PublicID})
}

// resultLine says how finished game g of v ended, in plain text.
func resultLine(v *engine.Variant, g *store.Game) string {
	return table.ResultOf(v, g, nil).String()
}
