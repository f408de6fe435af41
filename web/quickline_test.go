package web_test

import (
	"strconv"
	"strings"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
)

// A special is a kind of move that a whole game on the page must include:
// a Zamma multiple capture, a Zonal Chess bent rider move, a promotion.
type special struct {
	name string
	is   func(p engine.Position, m engine.Move) bool
	// toward, if set, scores a move by how much nearer it brings the
	// special (0: not at all).
	toward func(p engine.Position, m engine.Move) int
}

// specials are the moves each game's whole game must include.
var specials = map[string][]special{
	"zamma": {{"multiple capture", func(p engine.Position, m engine.Move) bool { return len(p.Describe(m).Taken) >= 2 }, nil}},
	"zonal": {
		{"bent rider move", func(p engine.Position, m engine.Move) bool { return bent(p.Variant().Geometry, p.Describe(m).Path) }, nil},
		{"promotion", func(p engine.Position, m engine.Move) bool { return strings.Contains(p.FormatMove(m), "=") }, pawnAhead},
	},
}

// pawnAhead scores a pawn's move by the rank it reaches from its side's
// end ("e7": rank 7 for White), 0 for other moves.
func pawnAhead(p engine.Position, m engine.Move) int {
	path := p.Describe(m).Path
	if k := p.Piece(path[0]).Kind; k == nil || k.Name != "pawn" {
		return 0
	}
	name := p.Variant().Geometry.Points[path[len(path)-1]].Name
	rank, err := strconv.Atoi(strings.TrimLeft(name, "abcdefghijklmnop"))
	if err != nil {
		return 0
	}
	if p.Turn() == 1 {
		rank = 9 - rank
	}
	return rank
}

// bent reports whether path turns: three of its points off one line.
func bent(g *engine.Geometry, path []int) bool {
	for i := 2; i < len(path); i++ {
		a, b, c := g.Points[path[i-2]], g.Points[path[i-1]], g.Points[path[i]]
		if (b.X-a.X)*(c.Y-b.Y)-(b.Y-a.Y)*(c.X-b.X) != 0 {
			return true
		}
	}
	return false
}

// quickLine chooses the moves of a short whole game in which side us wins
// and the specials still wanted are played: us takes a winning move, else
// a wanted special, else the move its game's evaluation likes best after
// one ply; the other side plays into our hands: a move after which we win
// at once or can play a wanted special, else the move that leaves us best
// placed. Both are deterministic, so a game's line is the same each run.
type quickLine struct {
	us      engine.Side
	want    []special
	played  map[string]bool
	ours    int // the moves us made
	scratch []engine.Move
}

// minMoves is the fewest moves us makes in a game: enough to use each of
// the page's three ways of moving.
const minMoves = 3

func newQuickLine(variant string, us engine.Side) *quickLine {
	return &quickLine{us: us, want: specials[variant], played: map[string]bool{}}
}

// wins reports whether m, in p, wins the game for the side to move.
func wins(p engine.Position, m engine.Move) bool {
	side := p.Turn()
	p.Do(m)
	defer p.Undo()
	o := p.Outcome()
	return o.Status == engine.Win && o.Winner == side
}

// score returns how good p is for side, by the game's evaluation (or its
// outcome when over).
func score(p engine.Position, side engine.Side) int {
	if o := p.Outcome(); o.Over() {
		switch {
		case o.Status == engine.Draw:
			return -2 * ai.MaxEval
		case o.Winner == side:
			return 3 * ai.MaxEval
		default:
			return -3 * ai.MaxEval
		}
	}
	e := p.(ai.Evaluator).Evaluate()
	if p.Turn() != side {
		e = -e
	}
	return e
}

// wanted returns the first special still wanted that m is, or "".
func (q *quickLine) wanted(p engine.Position, m engine.Move) string {
	for _, s := range q.want {
		if !q.played[s.name] && s.is(p, m) {
			return s.name
		}
	}
	return ""
}

// next chooses the move of the side to move in p (which p keeps).
func (q *quickLine) next(p engine.Position) engine.Move {
	moves := p.Moves(nil)
	// done: us may end the game with its next move.
	done := len(q.played) == len(q.want) && q.ours+1 >= minMoves
	if p.Turn() == q.us {
		q.ours++
		if done {
			for _, m := range moves {
				if wins(p, m) {
					return m
				}
			}
		}
		for _, m := range moves {
			if name := q.wanted(p, m); name != "" {
				q.played[name] = true
				return m
			}
		}
		for _, s := range q.want {
			if q.played[s.name] || s.toward == nil {
				continue
			}
			bestM, bestS := moves[0], 0
			for _, m := range moves {
				if n := s.toward(p, m); n > bestS {
					bestM, bestS = m, n
				}
			}
			if bestS > 0 {
				return bestM
			}
		}
		return q.best(p, moves, func(p engine.Position) int {
			if o := p.Outcome(); o.Over() && !done {
				return -4 * ai.MaxEval // not before the specials
			}
			return score(p, q.us)
		})
	}
	// The other side plays into our hands: a move after which we win, or
	// play a special, or take the most, or stand best.
	return q.best(p, moves, func(p engine.Position) int {
		if o := p.Outcome(); o.Over() {
			return -4 * ai.MaxEval
		}
		replies := p.Moves(q.scratch[:0])
		most := 0
		for _, r := range replies {
			if (done && wins(p, r)) || q.wanted(p, r) != "" {
				most = max(most, 1000)
			}
			most = max(most, len(p.Describe(r).Taken))
		}
		q.scratch = replies
		return most*4*ai.MaxEval + score(p, q.us)
	})
}

// best returns the move of moves after which p scores most.
func (q *quickLine) best(p engine.Position, moves []engine.Move, score func(engine.Position) int) engine.Move {
	bestM, bestS := moves[0], 0
	for i, m := range moves {
		p.Do(m)
		s := score(p)
		p.Undo()
		if i == 0 || s > bestS {
			bestM, bestS = m, s
		}
	}
	return bestM
}
