// Package analysis judges a finished game move by move, as Lichess's
// computer analysis does: the AI values every position of the game at a
// fixed budget, each move is judged by the winning chance it gave away
// against the best move, and each player gets counts of inaccuracies,
// mistakes and blunders and an accuracy figure.
//
// Scores become winning chances with Lichess's curve, which fits the games'
// evaluation unit (a hundredth of a typical piece, as engine/ai asks of
// every game); a proven result is a certain win or loss. A game that can be
// solved (its positions are ai.Solvers) is judged exactly: a move is a
// blunder when it throws away a won game, and nothing else is a mistake.
//
// The work is split so that it can be spread: Evaluate values one position
// (on whatever worker, with whatever Searcher), and New judges the game from
// the values of all its positions. Game does both in one go.
package analysis

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
)

// Budget is the search an analysis gives each position: bounded by nodes,
// so that the analysis of a game is the same on any machine and under any
// load.
var Budget = ai.Config{Nodes: 150_000, TTBits: 18}

// lineLen is the most moves of a better line that a report keeps.
const lineLen = 6

// Value is what the analysis found in one position.
type Value struct {
	// Score is the position's value from the side to move's view, in the
	// units of ai.Info.Score: the game's evaluation units, or beyond
	// ±(ai.WinScore-ai.MaxPly) for a proven result.
	Score int
	// Exact is true when the value comes from the game's solver: Score is
	// then ±ai.WinScore∓Plies, or 0 for a draw.
	Exact bool
	// Line is the best move and the moves expected after it; empty when
	// the game is over.
	Line []engine.Move
}

// Evaluate returns the value of p, searched by s within budget (Budget
// when it is the zero Config) or, for a game that can be solved, by its
// solver. It resets s to the budget, with randomness seeded by the
// position, so that a position gets the same value whichever Searcher
// evaluates it. p is left as it was.
func Evaluate(ctx context.Context, p engine.Position, s *ai.Searcher, budget ai.Config) (Value, error) {
	if budget == (ai.Config{}) {
		budget = Budget
	}
	if o := p.Outcome(); o.Over() {
		return Value{Score: finalScore(o, p.Turn()), Exact: isSolver(p)}, nil
	}
	if sv, ok := p.(ai.Solver); ok {
		m, result, err := sv.Solve(ctx)
		if err != nil {
			return Value{}, fmt.Errorf("solve: %w", err)
		}
		plies := 0
		if d, ok := p.(ai.Distancer); ok {
			plies = d.Distance()
		}
		return Value{Score: result * (ai.WinScore - plies), Exact: true, Line: []engine.Move{m}}, nil
	}
	s.Reset(budget, rand.New(rand.NewPCG(p.Hash(), 0x616e616c)))
	m, info, err := s.Analyse(ctx, p)
	if err != nil {
		return Value{}, fmt.Errorf("search: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return Value{}, err // cut short: the value is not the budget's
	}
	line := s.Line(p, lineLen)
	if len(line) == 0 || line[0] != m {
		line = []engine.Move{m}
	}
	return Value{Score: info.Score, Line: line}, nil
}

func isSolver(p engine.Position) bool { _, ok := p.(ai.Solver); return ok }

// finalScore is the score of a finished game for side.
func finalScore(o engine.Outcome, side engine.Side) int {
	switch {
	case o.Status != engine.Win:
		return 0
	case o.Winner == side:
		return ai.WinScore
	}
	return -ai.WinScore
}

// WinChance returns the winning chance, in percent, of a side whose
// position scores score (Lichess's curve; certain for a proven result).
func WinChance(score int) float64 {
	switch {
	case score > ai.WinScore-ai.MaxPly:
		return 100
	case score < -ai.WinScore+ai.MaxPly:
		return 0
	}
	return 50 + 50*(2/(1+math.Exp(-0.00368208*float64(score)))-1)
}

// MoveAccuracy returns the accuracy, in percent, of a move that lost loss
// percentage points of winning chance (Lichess's curve).
func MoveAccuracy(loss float64) float64 {
	return max(0, min(100, 103.1668*math.Exp(-0.04354*loss)-3.1669))
}

// Class is the judgement of a move.
type Class uint8

// The judgements, by the winning chance a move gave away against the best
// move: Lichess's thresholds of 0.1, 0.2 and 0.3 on its scale of -1 to 1,
// that is 5, 10 and 15 percentage points.
const (
	Good       Class = iota // nothing to say
	Inaccuracy              // ?! : 5 points or more
	Mistake                 // ? : 10 points or more
	Blunder                 // ?? : 15 points or more, or a won game thrown away
)

var classNames = [...]string{"good", "inaccuracy", "mistake", "blunder"}

// classThresholds are the losses, in percentage points, from which a move
// is an inaccuracy, a mistake and a blunder.
var classThresholds = [...]float64{Inaccuracy: 5, Mistake: 10, Blunder: 15}

// String returns "good", "inaccuracy", "mistake" or "blunder".
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return fmt.Sprintf("Class(%d)", c)
}

// Glyph returns the annotation of the class: "", "?!", "?" or "??".
func (c Class) Glyph() string {
	return [...]string{"", "?!", "?", "??"}[min(int(c), 3)]
}

// Ply is the judgement of one move of the game.
type Ply struct {
	// Move is the move played, and Side the side that played it.
	Move string      `json:"move"`
	Side engine.Side `json:"side"`
	// Best is the move the analysis prefers in the position before, when
	// it is not Move, and Line the moves expected after it (Best first).
	Best string   `json:"best,omitempty"`
	Line []string `json:"line,omitempty"`
	// Win is the first player's winning chance after the move, in percent;
	// Loss is the winning chance the mover gave away against Best.
	Win  float64 `json:"win"`
	Loss float64 `json:"loss"`
	// Class is the judgement.
	Class Class `json:"class"`
	// Mate is, after the move, the number of plies to a forced end: positive
	// when the first player wins it, negative when the second does, 0 when
	// no forced end is known.
	Mate int `json:"mate,omitempty"`
}

// Summary is one player's record in the game.
type Summary struct {
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
	Accuracy     float64 `json:"accuracy"` // percent
}

// Report is the analysis of a game.
type Report struct {
	// Exact is true when every position was judged by the game's solver.
	Exact bool `json:"exact,omitempty"`
	// Nodes is the search each position was given, when not Exact (its
	// maker sets it: New does not know it).
	Nodes int64 `json:"nodes,omitempty"`
	// Start is the first player's winning chance at the start, and
	// StartMate the forced end seen there (as Ply.Mate).
	Start     float64 `json:"start"`
	StartMate int     `json:"start_mate,omitempty"`
	// Plies judges each move in order.
	Plies []Ply `json:"plies"`
	// Players are the players' records, by side.
	Players [2]Summary `json:"players"`
}

// ErrValues means that New was given values that do not match the game.
var ErrValues = errors.New("analysis: one value per position is needed")

// New judges the game from start through moves, given the value of each of
// its positions: values[i] is the value of the position before moves[i],
// and the last one that of the final position.
func New(start engine.Position, moves []engine.Move, values []Value) (Report, error) {
	if len(values) != len(moves)+1 {
		return Report{}, fmt.Errorf("%w: %d moves, %d values", ErrValues, len(moves), len(values))
	}
	p := start.Clone()
	first := start.Turn()
	r := Report{Exact: len(values) > 0, Plies: make([]Ply, len(moves))}
	r.Start, r.StartMate = view(values[0], first, first)
	var accs [2][]float64
	for i, m := range moves {
		side := p.Turn()
		before, after := values[i], values[i+1]
		r.Exact = r.Exact && before.Exact && after.Exact
		pl := Ply{Move: p.FormatMove(m), Side: side}
		pl.Win, pl.Mate = view(after, side.Other(), first) // every move hands the turn over
		best := WinChance(before.Score)
		got := mover(pl.Win, side, first)
		if len(before.Line) > 0 && before.Line[0] != m {
			pl.Best = p.FormatMove(before.Line[0])
			pl.Line = lineText(p, before.Line)
			pl.Loss = max(0, best-got)
		}
		pl.Class = judge(pl.Loss, before.Exact && after.Exact)
		s := &r.Players[side&1]
		switch pl.Class {
		case Inaccuracy:
			s.Inaccuracies++
		case Mistake:
			s.Mistakes++
		case Blunder:
			s.Blunders++
		}
		accs[side&1] = append(accs[side&1], MoveAccuracy(pl.Loss))
		r.Plies[i] = pl
		p.Do(m)
	}
	for side := range r.Players {
		r.Players[side].Accuracy = gameAccuracy(accs[side])
	}
	return r, nil
}

// view returns a value's winning chance for first, and its forced end, in
// a position where side is to move.
func view(v Value, side, first engine.Side) (float64, int) {
	w := WinChance(v.Score)
	plies, who := ai.Info{Score: v.Score}.Mate()
	mate := plies * who
	if side != first {
		w, mate = 100-w, -mate
	}
	return w, mate
}

// mover turns the first player's chance into side's.
func mover(firstWin float64, side, first engine.Side) float64 {
	if side == first {
		return firstWin
	}
	return 100 - firstWin
}

// judge returns the class of a move that lost loss points; in an exact
// analysis, only a won game thrown away (a loss of 100) counts.
func judge(loss float64, exact bool) Class {
	if exact {
		if loss >= 100 {
			return Blunder
		}
		return Good
	}
	for c := Blunder; c > Good; c-- {
		if loss >= classThresholds[c] {
			return c
		}
	}
	return Good
}

// gameAccuracy aggregates the accuracy of a player's moves: the mean of
// their arithmetic and harmonic means, so that a few blunders weigh more
// than an average hides (Lichess also weighs moves by the game's
// volatility, which this leaves out).
func gameAccuracy(accs []float64) float64 {
	if len(accs) == 0 {
		return 100
	}
	var sum, inv float64
	for _, a := range accs {
		sum += a
		inv += 1 / max(a, 1)
	}
	n := float64(len(accs))
	return (sum/n + n/inv) / 2
}

// lineText writes a line of moves from p in notation.
func lineText(p engine.Position, line []engine.Move) []string {
	q := p.Clone()
	var out []string
	for _, m := range line {
		out = append(out, q.FormatMove(m))
		q.Do(m)
	}
	return out
}

// Game analyses the game from start through moves on the calling
// goroutine, with one Searcher, telling progress (if not nil) after each
// position: done of total.
func Game(ctx context.Context, start engine.Position, moves []engine.Move, progress func(done, total int)) (Report, error) {
	s := &ai.Searcher{}
	p := start.Clone()
	values := make([]Value, 0, len(moves)+1)
	for i := 0; ; i++ {
		v, err := Evaluate(ctx, p, s, Budget)
		if err != nil {
			return Report{}, fmt.Errorf("position %d: %w", i, err)
		}
		values = append(values, v)
		if progress != nil {
			progress(i+1, len(moves)+1)
		}
		if i == len(moves) {
			break
		}
		p.Do(moves[i])
	}
	r, err := New(start, moves, values)
	if !r.Exact {
		r.Nodes = Budget.Nodes
	}
	return r, err
}

// Worst returns the indices of the n moves that gave away the most winning
// chance, worst first, among those judged an inaccuracy or worse.
func (r *Report) Worst(n int) []int {
	var out []int
	for i, pl := range r.Plies {
		if pl.Class > Good {
			out = append(out, i)
		}
	}
	slices.SortStableFunc(out, func(a, b int) int { return cmp.Compare(r.Plies[b].Loss, r.Plies[a].Loss) })
	return out[:min(n, len(out))]
}

// Annotated returns the move in notation with its judgement, as game
// records write them: "Nf3", or "Nf3?? {better: Nd4}".
func (p *Ply) Annotated() string {
	if p.Class == Good {
		return p.Move
	}
	return fmt.Sprintf("%s%s {better: %s}", p.Move, p.Class.Glyph(), p.Best)
}

// String describes the record: "accuracy 87%: 2 inaccuracies, 1 mistake,
// 0 blunders".
func (s Summary) String() string {
	count := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	return fmt.Sprintf("accuracy %.0f%%: %s, %s, %s", s.Accuracy, count(s.Inaccuracies, "inaccuracy", "inaccuracies"),
		count(s.Mistakes, "mistake", "mistakes"), count(s.Blunders, "blunder", "blunders"))
}
