package web

import (
	"net/http"
	"strconv"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// The puzzle page: /puzzles/{game} serves one puzzle after another through
// the game service (table.NextPuzzle, table.TryPuzzle), as /puzzle does on
// Discord. The page signs nobody in, so its attempts are unrated.
func (s *Server) puzzleRoutes() {
	m := s.mux
	m.HandleFunc("GET /puzzles/{game}", func(w http.ResponseWriter, r *http.Request) {
		if _, err := s.cfg.Table.NextPuzzle(r.Context(), "", r.PathValue("game")); err != nil {
			s.plainRefusal(w, r, err)
			return
		}
		s.html(w, r, "static/puzzle.html")
	})
	m.HandleFunc("GET /api/puzzles/{game}/next", func(w http.ResponseWriter, r *http.Request) {
		pv, err := s.cfg.Table.NextPuzzle(r.Context(), "", r.PathValue("game"))
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, puzzleStep(pv))
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
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		ply, err := strconv.Atoi(r.PathValue("ply"))
		if err != nil || ply < 0 || r.ParseForm() != nil {
			refuse(w, http.StatusBadRequest, "Send the move as the form field move.")
			return
		}
		res, err := s.cfg.Table.TryPuzzle(r.Context(), store.Player{}, r.PathValue("id"), ply, r.PostForm.Get("move"))
		if err != nil {
			s.fail(w, r, err)
			return
		}
		out := puzzleAnswerJSON{Move: res.Move, Correct: res.Correct, Solved: res.Solved, Expected: res.Expected, Reply: res.Reply}
		if res.Correct && !res.Solved {
			next := puzzleStep(res.View)
			out.Next = &next
		}
		writeJSON(w, http.StatusOK, out)
	})
}

// puzzleStepJSON is a puzzle at one of the solver's turns.
type puzzleStepJSON struct {
	ID     string   `json:"id"`
	Ply    int      `json:"ply"`
	Task   string   `json:"task"`
	Rating string   `json:"rating"`
	Moves  []string `json:"moves"`
	Board  string   `json:"board"`
}

// puzzleAnswerJSON is the answer to a move; Next is the next turn when the
// line goes on.
type puzzleAnswerJSON struct {
	Move     string          `json:"move"`
	Correct  bool            `json:"correct"`
	Solved   bool            `json:"solved"`
	Expected string          `json:"expected"`
	Reply    string          `json:"reply,omitempty"`
	Next     *puzzleStepJSON `json:"next,omitempty"`
}

func puzzleStep(pv table.PuzzleView) puzzleStepJSON {
	out := puzzleStepJSON{ID: pv.Puzzle.ID, Ply: pv.Ply, Task: pv.Task(), Rating: strconv.FormatFloat(pv.Rating.R, 'f', 0, 64),
		Board: "/api/puzzle/" + pv.Puzzle.ID + "/" + strconv.Itoa(pv.Ply) + "/board.png"}
	if pv.Rating.Provisional() {
		out.Rating += "?"
	}
	for _, m := range pv.Position.Moves(nil) {
		out.Moves = append(out.Moves, pv.Position.FormatMove(m))
	}
	return out
}

// puzzleView loads the puzzle turn a request names, or answers why not.
func (s *Server) puzzleView(w http.ResponseWriter, r *http.Request) (table.PuzzleView, bool) {
	ply, err := strconv.Atoi(r.PathValue("ply"))
	if err != nil {
		refuse(w, http.StatusNotFound, "There is no such move in the puzzle.")
		return table.PuzzleView{}, false
	}
	pv, err := s.cfg.Table.Puzzle(r.Context(), r.PathValue("id"), ply)
	if err != nil {
		s.fail(w, r, err)
		return table.PuzzleView{}, false
	}
	return pv, true
}
