// Package learn holds zugbot's lessons: for each game, short steps that
// teach its rules by doing, written as data. A step is a position, a task
// ("take the blue checker on c3"), the goal that a completing move meets
// (checked on the board by the game's own rules, not by a list), and the
// explanations of the wrong moves a learner is likely to try.
//
// The lessons cover every rule in docs/rules/ and end with an invitation
// to a short game against level 1; the test of this package checks every
// step against its game's engine, and table walks every lesson through the
// game service.
package learn

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zugbot/zugbot/engine"
)

// Goal is what a move must do to complete a step, judged on the board.
type Goal uint8

// The goals of steps.
const (
	// Reach: the moving piece ends on one of the step's Targets (and is
	// of the kind Mover names, if it names one).
	Reach Goal = iota + 1
	// Capture: the move takes (in Zodiac, turns over) the pieces on every
	// one of the Targets.
	Capture
	// Win: the move wins the game on the spot.
	Win
	// Promote: the moving piece ends its move as another kind of piece
	// (a mullah, a queen), on one of the Targets if there are any.
	Promote
	// Check: the move gives check.
	Check
	// Pass: the move is a pass.
	Pass
	// Survive: the move does not lose the game on the spot.
	Survive
)

// Course is the lessons of one game.
type Course struct {
	// Variant is the ID of the game's variant.
	Variant string
	// Lessons are taught in order.
	Lessons []Lesson
	// Final invites the learner to the short game against level 1 that
	// ends the course.
	Final string
}

// Lesson is one idea of a game's rules, taught in a few steps.
type Lesson struct {
	// Key names the lesson in links and commands: "zola-steps".
	Key string
	// Title is its heading, and Rule the part of docs/rules/ it teaches.
	Title, Rule string
	// Intro says what the lesson is about, before its first step.
	Intro string
	Steps []Step
}

// Step is one position and one task.
type Step struct {
	// Task is what the learner is asked to do, in a sentence.
	Task string
	// Position is the position string; Before, moves played from it
	// before the learner's turn (for a rule that needs a history).
	Position string
	Before   []string
	// Goal and Targets say which moves complete the step.
	Goal    Goal
	Targets []string
	// Mover, when not empty, names the kind of piece that must move for
	// Reach ("king", "neutral").
	Mover string
	// Solutions lists, in notation, every move that completes the step:
	// the test checks it against the board, and a door may show one as
	// the answer.
	Solutions []string
	// Done is said when the step is completed: why the move works.
	Done string
	// Wrong explains particular moves that do not complete the step, by
	// their notation; Otherwise explains any other.
	Wrong     map[string]string
	Otherwise string
}

// Courses returns the courses of every game that has one.
func Courses() []Course { return courses }

// For returns the course of variant id.
func For(id string) (Course, bool) {
	for _, c := range courses {
		if c.Variant == id {
			return c, true
		}
	}
	return Course{}, false
}

// Lesson returns the lesson of c with the given key.
func (c Course) Lesson(key string) (Lesson, bool) {
	for _, l := range c.Lessons {
		if strings.EqualFold(l.Key, key) {
			return l, true
		}
	}
	return Lesson{}, false
}

// Start returns the step's position in v, the moves of Before played.
func (st Step) Start(v *engine.Variant) (engine.Position, error) {
	p, err := v.Parse(st.Position)
	if err != nil {
		return nil, fmt.Errorf("learn: position %q: %w", st.Position, err)
	}
	for _, s := range st.Before {
		m, err := p.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("learn: position %q: before: %w", st.Position, err)
		}
		p.Do(m)
	}
	return p, nil
}

// Completes reports whether legal move m of p, the step's position,
// completes the step.
func (st Step) Completes(p engine.Position, m engine.Move) bool {
	g := p.Variant().Geometry
	info := p.Describe(m)
	end := -1
	if len(info.Path) > 0 {
		end = info.Path[len(info.Path)-1]
	}
	onTarget := func(i int) bool {
		return slices.ContainsFunc(st.Targets, func(t string) bool { return g.PointIndex(t) == i })
	}
	side := p.Turn()
	switch st.Goal {
	case Reach:
		return end >= 0 && onTarget(end) && (st.Mover == "" || p.Piece(info.Path[0]).Kind.String() == st.Mover)
	case Capture:
		for _, t := range st.Targets {
			if !slices.Contains(info.Taken, g.PointIndex(t)) {
				return false
			}
		}
		return len(st.Targets) > 0
	case Pass:
		return len(info.Path) == 0
	}
	var before engine.Piece
	if len(info.Path) > 0 {
		before = p.Piece(info.Path[0])
	}
	p.Do(m)
	defer p.Undo()
	o := p.Outcome()
	switch st.Goal {
	case Win:
		return o.Status == engine.Win && o.Winner == side
	case Promote:
		return end >= 0 && p.Piece(end).Kind != before.Kind && (len(st.Targets) == 0 || onTarget(end))
	case Check:
		cr, ok := p.(engine.CheckReporter)
		if !ok {
			return false
		}
		_, check := cr.InCheck()
		return check
	case Survive:
		return !(o.Status == engine.Win && o.Winner != side)
	}
	return false
}

// Explain returns why legal move m of p, the step's position, does not
// complete the step: the step's own word on that move, or on any other.
func (st Step) Explain(p engine.Position, m engine.Move) string {
	if why, ok := st.Wrong[p.FormatMove(m)]; ok {
		return why
	}
	if st.Otherwise != "" {
		return st.Otherwise
	}
	return "That move is legal, but it does not do what the task asks: " + st.Task
}
