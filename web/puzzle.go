package web

import (
	"math"
	"net/http"
	"strconv"

	"github.com/zugbot/zugbot/table"
)

// The puzzle page: /puzzles/{game} serves one puzzle after another through
// the game service (table.NextPuzzle, table.TryPuzzle), as /puzzle does on
// Discord, and the Activity shows the same page's script in its frame.
// Attempts are rated for whoever the request comes from (puzzleSolver): a
// Discord user signed in to the Activity, with the puzzles of the server
// it was launched in, or else the person of the web its cookie names.
func (s *Server) puzzleRoutes() {
	m := s.mux
	m.HandleFunc("GET /puzzles/{game}", func(w http.ResponseWriter, r *http.Request) {
		if _, err := s.cfg.Table.NextPuzzle(r.Context(), table.Solver{}, r.PathValue("game")); err != nil {
			s.plainRefusal(w, r, err)
			return
		}
		s.html(w, r, "static/puzzle.html")
	})
	m.HandleFunc("GET /api/puzzles/{game}/next", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		sv, csrf := s.puzzleSolver(w, r, true)
		ctx := r.Context()
		pv, err := s.cfg.Table.NextPuzzle(ctx, sv, r.PathValue("game"))
		if err != nil {
			s.fail(w, r, err)
			return
		}
		me, n, err := s.cfg.Table.PuzzleRating(ctx, sv.ID, pv.Variant.ID)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		out := puzzleStep(pv)
		out.You, out.Tried, out.CSRF = me.String(), n, csrf
		writeJSON(w, http.StatusOK, out)
	})
	m.HandleFunc("GET /api/puzzle/{id}/{ply}", func(w http.ResponseWriter, r *http.Request) {
		if pv, ok := s.puzzleView(w, r); ok {
			writeJSON(w, http.StatusOK, puzzleStep(pv))
		}
	})
	m.HandleFunc("GET /api/puzzle/{id}/{ply}/board.png", func(w http.ResponseWriter, r *http.Request) {
		pv, ok := s.puzzleView(w, r)
		if !ok {
			return
		}
		s.stillPNG(w, r, pv.Position, pv.Task())
	})
	m.HandleFunc("POST /api/puzzle/{id}/{ply}", func(w http.ResponseWriter, r *http.Request) {
		s.puzzleAnswer(w, r, func(sv table.Solver, ply int) (table.PuzzleMove, error) {
			return s.cfg.Table.TryPuzzle(r.Context(), sv, r.PathValue("id"), ply, r.PostForm.Get("move"))
		})
	})
	m.HandleFunc("POST /api/puzzle/{id}/{ply}/answer", func(w http.ResponseWriter, r *http.Request) {
		s.puzzleAnswer(w, r, func(sv table.Solver, ply int) (table.PuzzleMove, error) {
			return s.cfg.Table.GiveUpPuzzle(r.Context(), sv, r.PathValue("id"), ply)
		})
	})
}

// puzzleSolver returns who r comes from, as a solver of puzzles, and the
// CSRF value their changing requests carry: the Discord user of an
// Activity session, in its server; else the person of the web the cookie
// names, made (its cookie set on w) when r has none and create is set; else
// nobody, whose attempts are not recorded.
func (s *Server) puzzleSolver(w http.ResponseWriter, r *http.Request, create bool) (table.Solver, string) {
	if s.discord != nil {
		if sess := s.activitySessionOf(r); sess != nil {
			return table.Solver{Player: sess.user, Guild: sess.guild}, sess.csrf
		}
	}
	p, ok := personOf(r)
	if !ok && !create {
		return table.Solver{}, ""
	}
	if !ok {
		p = s.personFor(w, r)
	}
	return table.Solver{Player: p.player}, s.homeCSRF(p)
}

// puzzleAnswer answers a move, or a request for the answer, at the ply a
// POST names: try does it for the solver the request comes from, who must
// have sent their CSRF value.
func (s *Server) puzzleAnswer(w http.ResponseWriter, r *http.Request, try func(sv table.Solver, ply int) (table.PuzzleMove, error)) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	ply, err := strconv.Atoi(r.PathValue("ply"))
	if err != nil || ply < 0 || r.ParseForm() != nil {
		refuse(w, http.StatusBadRequest, "Send the move as the form field move.")
		return
	}
	sv, csrf := s.puzzleSolver(w, r, false)
	if sv.ID == "" || !s.csrfOK(r, csrf) {
		refuse(w, http.StatusForbidden, "This request did not come from the puzzle page: reload it.")
		return
	}
	res, err := try(sv, ply)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := puzzleAnswerJSON{Move: res.Move, Correct: res.Correct, Solved: res.Solved, Expected: res.Expected, Reply: res.Reply,
		Rated: res.Rated, Rating: res.View.Rating.String()}
	if res.Correct && !res.Solved {
		next := puzzleStep(res.View)
		out.Next = &next
	}
	if res.Rated {
		out.Before, out.After = res.Before.String(), res.After.String()
		out.Change = int(math.Round(res.After.R - res.Before.R))
	}
	writeJSON(w, http.StatusOK, out)
}

// puzzleStepJSON is a puzzle at one of the solver's turns; the first
// turn of a puzzle drawn for the reader has their rating (You, after Tried
// puzzles) and their CSRF value.
type puzzleStepJSON struct {
	ID     string   `json:"id"`
	Ply    int      `json:"ply"`
	Task   string   `json:"task"`
	Rating string   `json:"rating"`
	Moves  []string `json:"moves"`
	Board  string   `json:"board"`
	You    string   `json:"you,omitempty"`
	Tried  int      `json:"tried,omitempty"`
	CSRF   string   `json:"csrf,omitempty"`
}

// puzzleAnswerJSON is the answer to a move (or to a request for the
// answer, which has no Move); Next is the next turn when the line goes on.
// When Rated, the attempt moved the reader's rating from Before to After
// (Change points), and the puzzle's to Rating.
type puzzleAnswerJSON struct {
	Move     string          `json:"move"`
	Correct  bool            `json:"correct"`
	Solved   bool            `json:"solved"`
	Expected string          `json:"expected"`
	Reply    string          `json:"reply,omitempty"`
	Next     *puzzleStepJSON `json:"next,omitempty"`
	Rated    bool            `json:"rated"`
	Before   string          `json:"before,omitempty"`
	After    string          `json:"after,omitempty"`
	Change   int             `json:"change"`
	Rating   string          `json:"rating"`
}

func puzzleStep(pv table.PuzzleView) puzzleStepJSON {
	out := puzzleStepJSON{ID: pv.Puzzle.ID, Ply: pv.Ply, Task: pv.Task(), Rating: pv.Rating.String(),
		Board: "/api/puzzle/" + pv.Puzzle.ID + "/" + strconv.Itoa(pv.Ply) + "/board.png"}
	for _, m := range pv.Position.Moves(nil) {
		out.Moves = append(out.Moves, pv.Position.FormatMove(m))
	}
	return out
}

// puzzleView loads the puzzle turn a request names, for whoever it comes
// from, or answers why not.
func (s *Server) puzzleView(w http.ResponseWriter, r *http.Request) (table.PuzzleView, bool) {
	ply, err := strconv.Atoi(r.PathValue("ply"))
	if err != nil {
		refuse(w, http.StatusNotFound, "There is no such move in the puzzle.")
		return table.PuzzleView{}, false
	}
	sv, _ := s.puzzleSolver(w, r, false)
	pv, err := s.cfg.Table.Puzzle(r.Context(), sv, r.PathValue("id"), ply)
	if err != nil {
		s.fail(w, r, err)
		return table.PuzzleView{}, false
	}
	return pv, true
}
