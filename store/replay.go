package store

import (
	"errors"
	"fmt"

	"github.com/zugbot/zugbot/engine"
)

// ErrReplay means that a game's recorded moves no longer replay: a move
// does not parse in the position it was played in, or the start position
// does not. The game cannot be shown until someone repairs it.
var ErrReplay = errors.New("the game's moves no longer replay")

// Replay returns the position reached from start (the variant's start when
// empty) by playing moves in order, each parsed from its notation.
func Replay(v *engine.Variant, start string, moves []Move) (engine.Position, error) {
	p, played, err := ParseGame(v, start, moves)
	if err != nil {
		return nil, err
	}
	for _, m := range played {
		p.Do(m)
	}
	return p, nil
}

// ParseGame returns a game's start position (the variant's start when start
// is empty) and its moves, each parsed from its notation in the position
// it was played in.
func ParseGame(v *engine.Variant, start string, moves []Move) (engine.Position, []engine.Move, error) {
	first := v.Start()
	if start != "" {
		var err error
		if first, err = v.Parse(start); err != nil {
			return nil, nil, fmt.Errorf("%w: %s start position: %w", ErrReplay, v.ID, err)
		}
	}
	p := first.Clone()
	played := make([]engine.Move, 0, len(moves))
	for i, m := range moves {
		if m.Ply != i {
			return nil, nil, fmt.Errorf("%w: move %d is numbered %d", ErrReplay, i, m.Ply)
		}
		mv, err := p.ParseMove(m.Notation)
		if err != nil {
			return nil, nil, fmt.Errorf("%w: ply %d: %w", ErrReplay, i, err)
		}
		played = append(played, mv)
		p.Do(mv)
	}
	return first, played, nil
}
