package table

import (
	"context"
	"errors"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/learn"
)

// LessonStep is one step of a lesson, ready to show: its position and task.
type LessonStep struct {
	Variant *engine.Variant
	Lesson  learn.Lesson
	// Index is the step's index in the lesson, from 0.
	Index    int
	Step     learn.Step
	Position engine.Position
}

// Last reports whether s is the lesson's last step.
func (s LessonStep) Last() bool { return s.Index == len(s.Lesson.Steps)-1 }

// LessonTry is the service's answer to a learner's move in a step.
type LessonTry struct {
	LessonStep
	// Notation is the move as the game writes it; empty when the entry was
	// not a legal move.
	Notation string
	// Done is true when the move completes the step.
	Done bool
	// Explain says why the move completes the step, or why it does not: the
	// step's word on a legal move, the rules' on an illegal one.
	Explain string
}

// Lesson returns step index of the lesson with the given key in the
// course of variant id.
func (t *Table) Lesson(id, key string, index int) (LessonStep, error) {
	v, ok := t.variants[id]
	c, has := learn.For(id)
	if !ok || !has {
		return LessonStep{}, refuse(NoLesson, "There are no lessons for %q.", id)
	}
	l, ok := c.Lesson(key)
	if !ok {
		return LessonStep{}, refuse(NoLesson, "The %s course has no lesson %q.", v.Game, key)
	}
	if index < 0 || index >= len(l.Steps) {
		return LessonStep{}, refuse(NoLesson, "The lesson %q has steps 1 to %d, not %d.", l.Title, len(l.Steps), index+1)
	}
	p, err := l.Steps[index].Start(v)
	if err != nil {
		return LessonStep{}, err
	}
	return LessonStep{Variant: v, Lesson: l, Index: index, Step: l.Steps[index], Position: p}, nil
}

// TryLesson judges a learner's move, text in the game's notation, in step
// index of a lesson. A move that does not complete the step is not an
// error: the answer explains it.
func (t *Table) TryLesson(ctx context.Context, id, key string, index int, text string) (LessonTry, error) {
	s, err := t.Lesson(id, key, index)
	if err != nil {
		return LessonTry{}, err
	}
	try := LessonTry{LessonStep: s}
	m, err := s.Position.ParseMove(text)
	var me *engine.MoveError
	switch {
	case errors.As(err, &me):
		try.Explain = me.Error()
		return try, nil
	case err != nil:
		return LessonTry{}, err
	}
	try.Notation = s.Position.FormatMove(m)
	if s.Step.Completes(s.Position, m) {
		try.Done, try.Explain = true, s.Step.Done
	} else {
		try.Explain = s.Step.Explain(s.Position, m)
	}
	return try, nil
}
