package store

import (
	"errors"
	"fmt"
	"sync"

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

// maxReplays is the number of games whose positions a Store keeps, so
// that loading one of them again replays only the moves played since.
const maxReplays = 1024

// replays caches the positions of recently loaded games (see Store.Load).
// The zero value is ready; it is safe for concurrent use.
type replays struct {
	mu    sync.Mutex
	games map[int64]*replayed
}

// replayed is a game's position after moves, from start: the cache's
// entry, never handed out itself.
type replayed struct {
	start string
	moves []string // the notations, in order
	pos   engine.Position
}

// position returns the position of game id of variant v after moves from
// start: from the cache, checked against the moves' notations and extended
// by those played since, or replayed in full.
func (r *replays) position(id int64, v *engine.Variant, start string, moves []Move) (engine.Position, error) {
	r.mu.Lock()
	e := r.games[id]
	r.mu.Unlock()
	var p engine.Position
	done := 0
	if e != nil && e.start == start && e.pos.Variant() == v && len(e.moves) <= len(moves) && samePrefix(e.moves, moves) {
		p, done = e.pos.Clone(), len(e.moves)
	} else {
		var err error
		if p, err = Replay(v, start, nil); err != nil {
			return nil, err
		}
	}
	for i := done; i < len(moves); i++ {
		m := moves[i]
		if m.Ply != i {
			return nil, fmt.Errorf("%w: move %d is numbered %d", ErrReplay, i, m.Ply)
		}
		mv, err := p.ParseMove(m.Notation)
		if err != nil {
			return nil, fmt.Errorf("%w: ply %d: %w", ErrReplay, i, err)
		}
		p.Do(mv)
	}
	if e == nil || done < len(moves) || len(e.moves) != len(moves) {
		notations := make([]string, len(moves))
		for i, m := range moves {
			notations[i] = m.Notation
		}
		r.mu.Lock()
		if r.games == nil {
			r.games = map[int64]*replayed{}
		}
		if len(r.games) >= maxReplays {
			for k := range r.games { // forget one at random
				delete(r.games, k)
				break
			}
		}
		r.games[id] = &replayed{start: start, moves: notations, pos: p.Clone()}
		r.mu.Unlock()
	}
	return p, nil
}

// samePrefix reports whether moves begins with the notations done.
func samePrefix(done []string, moves []Move) bool {
	for i, n := range done {
		if moves[i].Notation != n {
			return false
		}
	}
	return true
}
