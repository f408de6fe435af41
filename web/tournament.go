package web

import (
	"fmt"
	"net/http"

	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/tournament"
)

// Tournament is a tournament as its page shows it: the JSON of
// GET /api/tournaments/{id}.
type Tournament struct {
	ID        int64      `json:"id"`
	Variant   string     `json:"variant"` // the variant's name
	Format    string     `json:"format"`  // "swiss" or "round robin"
	State     string     `json:"state"`   // "open", "running", "paused", "finished", "cancelled"
	Round     int        `json:"round"`   // the round being played; 0 before the first
	Rounds    int        `json:"rounds"`
	Boards    []Board    `json:"boards"` // the current round's
	Standings []Standing `json:"standings"`
}

// Board is a board of a tournament's round.
type Board struct {
	Board  int    `json:"board"`
	Game   string `json:"game,omitempty"` // the game's public id; "" for a bye or a forfeit
	White  string `json:"white"`          // the first player's name
	Black  string `json:"black"`          // the second's; "" for a bye
	Result string `json:"result"`         // "1–0", "0–1", "½–½" (tournament.Score), "bye", "forfeit", "no result"; "" while played
	// Position is the game's position, drawn small; none without a game.
	Position *Position `json:"position,omitempty"`
}

// Position is what a small board draws.
type Position struct {
	Geometry Geometry          `json:"geometry"`
	Palette  render.WebPalette `json:"palette"`
	Pieces   []Piece           `json:"pieces"`
	Turn     int               `json:"turn"`
	Ply      int               `json:"ply"`
}

// Standing is a player's place in the standings.
type Standing struct {
	Rank     int     `json:"rank"`
	Name     string  `json:"name"`
	Points   float64 `json:"points"`
	TieBreak float64 `json:"tieBreak"`
	Games    int     `json:"games"`
}

// viewTournament loads the tournament whose public id is the {id} of r's
// path, for a reader who holds its link; a *table.Refusal when the id
// names none or the reader may not see it.
func (s *Server) viewTournament(r *http.Request) (store.Tournament, error) {
	id, err := s.tab.TournamentID(r.Context(), r.PathValue("id"))
	if err != nil {
		return store.Tournament{}, err
	}
	return s.tab.ViewTournament(r.Context(), table.Viewer{Link: true}, id)
}

// tournamentPage serves the tournament's HTML page, the same for every
// tournament the reader may see.
func (s *Server) tournamentPage(w http.ResponseWriter, r *http.Request) {
	if _, err := s.viewTournament(r); err != nil {
		s.plainRefusal(w, r, err)
		return
	}
	s.html(w, r, "static/tournament.html")
}

// tournamentOf returns tournament tr as its page shows it.
func (s *Server) tournamentOf(r *http.Request, tr *store.Tournament) (Tournament, error) {
	ctx := r.Context()
	id := tr.ID
	out := Tournament{ID: tr.ID, Variant: tr.Variant, Format: string(tr.Format), State: string(tr.State),
		Round: tr.Round, Rounds: tr.Rounds, Boards: []Board{}, Standings: []Standing{}}
	name := func(id string) string {
		if e, ok := tr.Entrant(id); ok {
			return e.Name
		}
		return id
	}
	for _, p := range tr.RoundPairings(tr.Round) {
		b := Board{Board: p.Board, White: name(p.White)}
		if !p.Bye() {
			b.Black = name(p.Black)
		}
		switch {
		case p.Bye():
			b.Result = "bye"
		case p.Forfeit:
			b.Result = "forfeit"
		case p.Void && p.Done:
			b.Result = "no result"
		case p.Done:
			b.Result = tournament.Score(p.Result)
		}
		if p.GameID != 0 {
			st, err := s.tab.Load(ctx, p.GameID)
			if err != nil {
				return out, fmt.Errorf("tournament %d, game %d: %w", id, p.GameID, err)
			}
			gs, err := s.stateOf(&st, nil)
			if err != nil {
				return out, err
			}
			out.Variant, b.Game = gs.Variant.Name, gs.Page
			b.Position = &Position{Geometry: gs.Geometry, Palette: gs.Palette, Pieces: gs.Pieces, Turn: gs.Turn, Ply: gs.Ply}
		}
		out.Boards = append(out.Boards, b)
	}
	for _, st := range table.Standings(tr) {
		out.Standings = append(out.Standings, Standing{Rank: st.Rank, Name: name(st.Player.ID), Points: st.Points,
			TieBreak: st.TieBreak, Games: st.Games})
	}
	return out, nil
}

// tournament serves GET /api/tournaments/{id}.
func (s *Server) tournament(w http.ResponseWriter, r *http.Request) {
	tr, err := s.viewTournament(r)
	if !s.found(w, r, err) {
		return
	}
	out, err := s.tournamentOf(r, &tr)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// tournamentLive serves GET /api/tournaments/{id}/live: the changes of the
// tournament and of its games, as the game's stream (see live).
func (s *Server) tournamentLive(w http.ResponseWriter, r *http.Request) {
	tr, err := s.viewTournament(r)
	if !s.found(w, r, err) {
		return
	}
	s.stream(w, r, feed.Filter{Tournament: tr.ID})
}
