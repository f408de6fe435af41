package web

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/learn"
	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/table"
)

// The lesson pages: /learn/{game} walks a learner through the game's
// course (learn.Course), step by step, through the game service
// (table.Lesson, table.TryLesson). Nothing is stored: the page keeps its
// place, and anyone may learn without signing in.
func (s *Server) learnRoutes() {
	m := s.mux
	m.HandleFunc("GET /learn/{game}", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := learn.For(r.PathValue("game")); !ok {
			http.Error(w, "zugbot: there are no lessons for that game.", http.StatusNotFound)
			return
		}
		s.html(w, r, "static/learn.html")
	})
	m.HandleFunc("GET /api/learn/{game}", s.course)
	m.HandleFunc("GET /api/learn/{game}/{lesson}/{step}", s.lessonStep)
	m.HandleFunc("GET /api/learn/{game}/{lesson}/{step}/board.png", s.lessonBoard)
	m.HandleFunc("POST /api/learn/{game}/{lesson}/{step}", s.lessonTry)
}

// courseJSON is a course as the lesson page reads it.
type courseJSON struct {
	Game    string       `json:"game"`
	Name    string       `json:"name"`
	Lessons []lessonJSON `json:"lessons"`
	Final   string       `json:"final"`
}

type lessonJSON struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Intro string `json:"intro"`
	Steps int    `json:"steps"`
}

// stepJSON is one step: its task, the moves to choose from and its board.
type stepJSON struct {
	Task  string   `json:"task"`
	Moves []string `json:"moves"`
	Board string   `json:"board"`
	Last  bool     `json:"last"`
}

// tryJSON is the answer to a move.
type tryJSON struct {
	Move    string `json:"move"`
	Done    bool   `json:"done"`
	Explain string `json:"explain"`
}

func (s *Server) course(w http.ResponseWriter, r *http.Request) {
	c, ok := learn.For(r.PathValue("game"))
	st, err := s.cfg.Table.Lesson(c.Variant, firstKey(c), 0)
	if !ok || err != nil {
		refuse(w, http.StatusNotFound, "There are no lessons for that game.")
		return
	}
	out := courseJSON{Game: c.Variant, Name: st.Variant.Name, Final: c.Final}
	for _, l := range c.Lessons {
		out.Lessons = append(out.Lessons, lessonJSON{Key: l.Key, Title: l.Title, Intro: l.Intro, Steps: len(l.Steps)})
	}
	writeJSON(w, http.StatusOK, out)
}

func firstKey(c learn.Course) string {
	if len(c.Lessons) == 0 {
		return ""
	}
	return c.Lessons[0].Key
}

// step loads the step a request names.
func (s *Server) step(r *http.Request) (table.LessonStep, error) {
	n, err := strconv.Atoi(r.PathValue("step"))
	if err != nil {
		return table.LessonStep{}, table.Refusef("There is no step %q.", r.PathValue("step"))
	}
	return s.cfg.Table.Lesson(r.PathValue("game"), r.PathValue("lesson"), n)
}

func (s *Server) lessonStep(w http.ResponseWriter, r *http.Request) {
	st, err := s.step(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := stepJSON{Task: st.Step.Task, Board: r.URL.Path + "/board.png", Last: st.Last()}
	for _, m := range st.Position.Moves(nil) {
		out.Moves = append(out.Moves, st.Position.FormatMove(m))
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) lessonBoard(w http.ResponseWriter, r *http.Request) {
	st, err := s.step(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.stillPNG(w, r, st.Position, st.Variant.Sides[st.Position.Turn()]+" to move")
}

// stillPNG answers with the picture of p, seen from the side to move, with
// caption under it: a lesson's or a puzzle's board, which never changes.
func (s *Server) stillPNG(w http.ResponseWriter, r *http.Request, p engine.Position, caption string) {
	side := p.Turn()
	var b bytes.Buffer
	if err := s.pics.r.PNG(&b, p, render.Options{Viewer: &side, Caption: caption}); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "max-age=3600")
	_, _ = w.Write(b.Bytes())
}

func (s *Server) lessonTry(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	if err := r.ParseForm(); err != nil {
		refuse(w, http.StatusBadRequest, "Send the move as the form field move.")
		return
	}
	n, err := strconv.Atoi(r.PathValue("step"))
	if err != nil {
		refuse(w, http.StatusNotFound, "There is no such step.")
		return
	}
	try, err := s.cfg.Table.TryLesson(r.Context(), r.PathValue("game"), r.PathValue("lesson"), n, r.PostForm.Get("move"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, tryJSON{Move: try.Notation, Done: try.Done, Explain: try.Explain})
}

// LessonURL returns the address of the lesson page of variant id.
func (s *Server) LessonURL(id string) string {
	return s.cfg.PublicURL + "/learn/" + id
}
