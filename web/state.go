package web

import (
	"fmt"
	"net/http"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// offerKinds are the offers by the names the API uses.
var offerKinds = map[string]store.OfferKind{"draw": store.DrawOffer, "takeback": store.TakebackOffer}

// State is a game as the page shows it: the JSON of GET /api/games/{id}.
type State struct {
	ID       int64             `json:"id"`   // the game's number, as Discord names it
	Page     string            `json:"page"` // its public id, its page's address
	Variant  Variant           `json:"variant"`
	Geometry Geometry          `json:"geometry"`
	Palette  render.WebPalette `json:"palette"`
	Pieces   []Piece           `json:"pieces"` // the pieces on the board, by point
	Turn     int               `json:"turn"`   // the side to move
	Ply      int               `json:"ply"`
	// TurnVersion is the game's version when its turn began: a move sends
	// it back, so that a board the game has left (by a takeback and
	// another move to the same ply) plays nothing.
	TurnVersion int64     `json:"turn_version"`
	Last        *Move     `json:"last,omitempty"`  // the last move
	Moves       []Move    `json:"moves"`           // the legal moves; none once the game is over
	History     []string  `json:"history"`         // the moves played, in notation
	Movers      []int     `json:"movers"`          // the side that played each move of History
	Check       *int      `json:"check,omitempty"` // the point of a king in check
	Players     [2]Player `json:"players"`         // by side
	You         int       `json:"you"`             // the viewer's side; -1 for a spectator
	CSRF        string    `json:"csrf,omitempty"`  // the value of the X-Zugbot-CSRF header, for a player
	Clock       *Clock    `json:"clock,omitempty"`
	Result      *Result   `json:"result,omitempty"`
	Offer       *Offer    `json:"offer,omitempty"`
	MaxMove     int       `json:"max_move"` // the longest move text the server reads (table.MaxMoveLen)
}

// Variant is what the page says of a game's variant.
type Variant struct {
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Game     string    `json:"game"`
	Sides    [2]string `json:"sides"`
	Notation string    `json:"notation"`
	Draws    bool      `json:"draws"` // the players may agree to end the game
	Rules    string    `json:"rules"` // where the full rules are read
}

// Geometry is engine.Geometry in JSON.
type Geometry struct {
	Width  float64  `json:"width"`
	Height float64  `json:"height"`
	Cells  bool     `json:"cells"`
	Rings  bool     `json:"rings"`
	Points []Point  `json:"points"`
	Lines  [][2]int `json:"lines,omitempty"`
	Labels []Label  `json:"labels"`
}

// Point is engine.Point in JSON.
type Point struct {
	Name  string  `json:"name"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Shade uint8   `json:"shade,omitempty"`
	Mark  string  `json:"mark,omitempty"` // "tinted", "gilded", "starred", "ringed", "spotted"
	Sign  string  `json:"sign,omitempty"`
}

// Label is engine.Label in JSON.
type Label struct {
	Text string  `json:"text"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

// Piece is a piece on a point.
type Piece struct {
	Point   int    `json:"point"`
	Side    int    `json:"side"`
	Look    string `json:"look"` // see looks
	Neutral bool   `json:"neutral,omitempty"`
	Name    string `json:"name"` // the kind's name: "checker", "king"
}

// Move is a move with its notation and its whole path (the points the
// moving piece stands on, from its start; empty for a pass), and the
// points whose pieces it takes.
type Move struct {
	Notation string `json:"notation"`
	Path     []int  `json:"path"`
	Taken    []int  `json:"taken,omitempty"`
}

// Player is one side's player.
type Player struct {
	Name  string `json:"name"`
	Level int    `json:"level,omitempty"` // the AI's level; 0 for a person
}

// Clock is a game's clock: a live one's time left by side, in
// milliseconds, and the side whose clock runs; or a correspondence game's
// deadline.
type Clock struct {
	Live     bool       `json:"live"`
	Left     [2]int64   `json:"left,omitempty"`
	Running  *int       `json:"running,omitempty"`
	Deadline *time.Time `json:"deadline,omitempty"`
}

// Result is how a game ended.
type Result struct {
	Result string `json:"result"`           // "win", "draw" or "aborted"
	Winner *int   `json:"winner,omitempty"` // for a win
	Reason string `json:"reason"`
	Text   string `json:"text"` // how it ended, in the words Discord shows
}

// Offer is an open offer.
type Offer struct {
	Kind string `json:"kind"` // "draw" or "takeback"
	By   int    `json:"by"`
	Ply  int    `json:"ply"`
}

var marks = [...]string{engine.Tinted: "tinted", engine.Gilded: "gilded", engine.Starred: "starred", engine.Ringed: "ringed", engine.Spotted: "spotted"}

var looks = [...]string{
	engine.Disc: "disc", engine.CrownedDisc: "crowned", engine.DottedDisc: "dotted",
	engine.KingFigure: "king", engine.QueenFigure: "queen", engine.RookFigure: "rook",
	engine.BishopFigure: "bishop", engine.KnightFigure: "knight", engine.PawnFigure: "pawn",
}

func lookName(l engine.Look) string {
	if int(l) < len(looks) {
		return looks[l]
	}
	return "disc"
}

func geometryOf(g *engine.Geometry) Geometry {
	out := Geometry{Width: g.Width, Height: g.Height, Cells: g.Cells, Rings: g.Rings}
	for _, p := range g.Points {
		pt := Point{Name: p.Name, X: p.X, Y: p.Y, Shade: p.Shade, Sign: p.Sign}
		if int(p.Mark) < len(marks) {
			pt.Mark = marks[p.Mark]
		}
		out.Points = append(out.Points, pt)
	}
	for _, l := range g.Lines {
		out.Lines = append(out.Lines, [2]int{l.From, l.To})
	}
	for _, l := range g.Labels {
		out.Labels = append(out.Labels, Label(l))
	}
	return out
}

// piecesOf returns the pieces on p's board, by point.
func piecesOf(p engine.Position) []Piece {
	var out []Piece
	for i := range p.Variant().Geometry.Points {
		pc := p.Piece(i)
		if pc.Kind == nil {
			continue
		}
		out = append(out, Piece{Point: i, Side: int(pc.Side), Look: lookName(pc.Kind.Look), Neutral: pc.Kind.Neutral, Name: pc.Kind.Name})
	}
	return out
}

// checkOf returns the point of p's king in check (a mated one too), or
// nil for none.
func checkOf(p engine.Position) *int {
	if cr, ok := p.(engine.CheckReporter); ok {
		if pt, ok := cr.InCheck(); ok {
			return &pt
		}
	}
	return nil
}

func moveOf(notation string, info engine.MoveInfo) Move {
	return Move{Notation: notation, Path: append([]int{}, info.Path...), Taken: info.Taken}
}

// stateOf returns game st as viewer sees it (sess nil: a spectator).
func (s *Server) stateOf(st *store.State, sess *session) (State, error) {
	g := &st.Game
	p := st.Position.Clone()
	v := p.Variant()
	out := State{
		ID: g.ID, Page: g.PublicID, Turn: int(p.Turn()), Ply: g.Ply, TurnVersion: g.TurnVersion, You: -1, Moves: []Move{}, History: []string{}, Movers: []int{},
		Variant:  Variant{ID: v.ID, Name: v.Name, Game: v.Game, Sides: v.Sides, Notation: v.Notation, Draws: v.Agreement != engine.NoAgreement, Rules: rulesURL(v)},
		Geometry: geometryOf(v.Geometry), Palette: render.Web(v),
	}
	out.MaxMove = table.MaxMoveLen
	out.Pieces, out.Check = piecesOf(p), checkOf(p)
	if n := len(st.Moves); n > 0 {
		before, err := store.Replay(v, g.Start, st.Moves[:n-1])
		if err != nil {
			return out, fmt.Errorf("game %d: replay: %w", g.ID, err)
		}
		// Every ply hands the turn over, a pass too: the last move's
		// mover tells every move's.
		mover := int(before.Turn())
		for _, m := range st.Moves {
			out.History = append(out.History, m.Notation)
			out.Movers = append(out.Movers, mover^(n-1-m.Ply)%2)
		}
		last := st.Moves[n-1].Notation
		m, err := before.ParseMove(last)
		if err != nil {
			return out, fmt.Errorf("game %d: last move %q: %w", g.ID, last, err)
		}
		lm := moveOf(last, before.Describe(m))
		out.Last = &lm
	}
	if !g.Over() {
		for _, m := range p.Moves(nil) {
			out.Moves = append(out.Moves, moveOf(p.FormatMove(m), p.Describe(m)))
		}
	}
	for side, seat := range g.Seats {
		out.Players[side] = Player{Name: table.SeatName(seat), Level: seat.AI}
	}
	if sess != nil {
		if side, ok := g.SideOf(sess.user); ok {
			out.You = int(side)
			out.CSRF = sess.csrf
		}
	}
	now := s.now()
	switch {
	case g.Clock.Live():
		c := &Clock{Live: true}
		for side := range 2 {
			c.Left[side] = g.TimeLeft(engine.Side(side), now).Milliseconds()
		}
		if !g.Over() {
			r := int(g.ClockSide)
			c.Running = &r
		}
		out.Clock = c
	case !g.Deadline.IsZero() && !g.Over():
		d := g.Deadline
		out.Clock = &Clock{Deadline: &d}
	}
	if g.Over() {
		r := &Result{Result: g.Result.String(), Reason: g.Why(), Text: table.ResultOf(v, g, nil).String()}
		if g.Result == store.Win {
			w := int(g.Winner)
			r.Winner = &w
		}
		out.Result = r
	}
	if g.Offer.Kind != store.NoOffer {
		out.Offer = &Offer{Kind: g.Offer.Kind.String(), By: int(g.Offer.By), Ply: g.Offer.Ply}
	}
	return out, nil
}

// state serves GET /api/games/{id}: the game as its reader sees it. It
// changes nothing.
func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	st, sess, err := s.game(r)
	if !s.found(w, r, err) {
		return
	}
	out, err := s.stateOf(&st, sess)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
