package puzzle

import (
	"fmt"

	"github.com/zugbot/zugbot/engine"
)

// Answer is the verdict on one move of a person solving a puzzle.
type Answer struct {
	// Move is the move in notation, as the game writes it.
	Move string
	// Correct is true when it is the line's move, or a move that wins on
	// the spot; Expected is the line's move.
	Correct  bool
	Expected string
	// Solved is true when the puzzle is solved with this move.
	Solved bool
	// Reply is the opponent's answer to a correct move when the line goes
	// on; Next is then the ply of the solver's next move.
	Reply string
	Next  int
}

// At returns the puzzle's position at ply (an index into Line: the
// moves before it played), in v.
func (pz Puzzle) At(v *engine.Variant, ply int) (engine.Position, error) {
	p, err := pz.Start(v)
	if err != nil {
		return nil, err
	}
	if ply < 0 || ply > len(pz.Line) {
		return nil, fmt.Errorf("puzzle %s: no ply %d in a line of %d", pz.ID, ply, len(pz.Line))
	}
	for _, s := range pz.Line[:ply] {
		m, err := p.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("puzzle %s: its line: %w", pz.ID, err)
		}
		p.Do(m)
	}
	return p, nil
}

// Check judges text, the solver's move at ply (an even index into Line)
// of pz in v. Any move that wins on the spot is correct and solves the
// puzzle, as any checkmate does on Lichess; otherwise only the line's move
// is correct. An entry that is not a legal move is an error (a
// *engine.MoveError) and no answer: it costs nothing.
func (pz Puzzle) Check(v *engine.Variant, ply int, text string) (Answer, error) {
	if ply%2 != 0 || ply >= len(pz.Line) {
		return Answer{}, fmt.Errorf("puzzle %s: ply %d is not the solver's", pz.ID, ply)
	}
	p, err := pz.At(v, ply)
	if err != nil {
		return Answer{}, err
	}
	m, err := p.ParseMove(text)
	if err != nil {
		return Answer{}, err
	}
	a := Answer{Move: p.FormatMove(m), Expected: pz.Line[ply]}
	switch {
	case winsAtOnce(p, m):
		a.Correct, a.Solved = true, true
	case a.Move == a.Expected:
		a.Correct = true
		a.Solved = ply+1 == len(pz.Line)
		if !a.Solved {
			a.Reply, a.Next = pz.Line[ply+1], ply+2
		}
	}
	return a, nil
}
