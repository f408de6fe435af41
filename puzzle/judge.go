package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/zugbot/zugbot/analysis"
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
)

// The gates a move must pass to be a puzzle's move, in winning chances
// (percent, analysis.WinChance), as Lichess's puzzle generator sets them.
const (
	// MinWin is the least winning chance the solver's move must keep:
	// 0.35 on Lichess's [-1, 1] scale, about +2 pieces.
	MinWin = 67.5
	// MinGap is how much better than the second best move it must be:
	// 0.7 on Lichess's scale.
	MinGap = 35
	// MaxOther is the most an alternative to a move that wins on the spot
	// may keep (0.6 on Lichess's scale): several immediate wins are one
	// answer, but a slower win that is almost as good is a second one.
	MaxOther = 80
)

// MaxMoves is the most solver's moves a puzzle's line holds.
const MaxMoves = 4

// Judge decides, by a search with a fixed budget (or a game's solver),
// whether a position has a single winning move, and which reply the
// opponent resists best with. A Judge is not safe for concurrent use.
type Judge struct {
	budget ai.Config
	s      *ai.Searcher
}

// NewJudge returns a Judge that searches each position within budget.
// Games that can be solved (ai.Solver) are judged by their solver instead.
func NewJudge(budget ai.Config) *Judge {
	return &Judge{budget: budget, s: ai.NewSearcher(budget, rand.New(rand.NewPCG(1, 2)))}
}

// Verdict is a Judge's finding in one position.
type Verdict struct {
	// Move is the best move, and Win its winning chance for the mover.
	Move engine.Move
	Win  float64
	// Second is the best winning chance of the other moves (but those that
	// win on the spot, when Move does); 0 when there is no other move.
	Second float64
	// Unique is true when Move passes the gates: the one winning move.
	Unique bool
	// Forced is true when Move is the only legal move.
	Forced bool
}

// Judge returns the verdict on p, which it leaves as it was.
func (j *Judge) Judge(ctx context.Context, p engine.Position) (Verdict, error) {
	moves := p.Moves(nil)
	if len(moves) == 0 {
		return Verdict{}, ai.ErrGameOver
	}
	if _, ok := p.(ai.Solver); ok {
		return j.solve(ctx, p, moves)
	}
	var wins []engine.Move // the moves that win on the spot
	for _, m := range moves {
		if winsAtOnce(p, m) {
			wins = append(wins, m)
		}
	}
	j.reset(p)
	best, info, err := j.s.Analyse(ctx, p)
	if err != nil {
		return Verdict{}, fmt.Errorf("puzzle: search: %w", err)
	}
	v := Verdict{Move: best, Win: analysis.WinChance(info.Score), Forced: len(moves) == 1}
	if v.Forced {
		v.Unique = true
		return v, nil
	}
	except := []engine.Move{best}
	if slices.Contains(wins, best) {
		except = wins
	}
	j.reset(p)
	_, info2, err := j.s.AnalyseExcept(ctx, p, except)
	switch {
	case errors.Is(err, ai.ErrGameOver): // every move wins on the spot
		v.Unique = true
		return v, nil
	case err != nil:
		return Verdict{}, fmt.Errorf("puzzle: search: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return Verdict{}, err
	}
	v.Second = analysis.WinChance(info2.Score)
	if len(except) > 1 || slices.Contains(wins, best) {
		v.Unique = v.Second <= MaxOther
	} else {
		v.Unique = v.Win >= MinWin && v.Win-v.Second > MinGap
	}
	return v, nil
}

// reset readies the Searcher for p, with randomness seeded by the
// position, so that a position gets the same verdict every time.
func (j *Judge) reset(p engine.Position) {
	j.s.Reset(j.budget, rand.New(rand.NewPCG(p.Hash(), 0x70757a)))
}

// solve is Judge for a game that can be solved: a move wins when it wins on
// the spot or leaves the opponent lost, as the solver says given the
// history. Moves that win on the spot count as one answer.
func (j *Judge) solve(ctx context.Context, p engine.Position, moves []engine.Move) (Verdict, error) {
	v := Verdict{Forced: len(moves) == 1}
	var winning, now int
	q := p.Clone()
	for _, m := range moves {
		if winsAtOnce(q, m) {
			now++
			winning++
			v.Move = m
			continue
		}
		q.Do(m)
		var r int
		if !q.Outcome().Over() {
			var err error
			if _, r, err = q.(ai.Solver).Solve(ctx); err != nil {
				q.Undo()
				return Verdict{}, fmt.Errorf("puzzle: solve: %w", err)
			}
		}
		q.Undo()
		if r < 0 {
			winning++
			if now == 0 {
				v.Move = m
			}
		}
	}
	switch {
	case winning == 0:
		v.Move = moves[0]
		return v, nil
	case winning == 1, winning == now:
		v.Win, v.Unique = 100, true
	default:
		v.Win, v.Second = 100, 100
	}
	return v, nil
}

// winsAtOnce reports whether legal move m of p ends the game with a win
// for the side that plays it.
func winsAtOnce(p engine.Position, m engine.Move) bool {
	side := p.Turn()
	p.Do(m)
	o := p.Outcome()
	p.Undo()
	return o.Status == engine.Win && o.Winner == side
}

// Reply returns the opponent's best reply in p: the search's best move, or
// for a game that can be solved the solver's (which puts a loss off
// longest).
func (j *Judge) Reply(ctx context.Context, p engine.Position) (engine.Move, error) {
	if sv, ok := p.(ai.Solver); ok {
		m, _, err := sv.Solve(ctx)
		return m, err
	}
	j.reset(p)
	m, _, err := j.s.Analyse(ctx, p)
	return m, err
}

// Line returns the puzzle that starts in p, or false when p's best move is
// not the single winning one: the line goes on, with the opponent's best
// replies, while the solver's next move is again the single winning one
// (at most MaxMoves moves), and a final move that was the only legal one is
// left out. p is left as it was.
func (j *Judge) Line(ctx context.Context, p engine.Position) ([]engine.Move, bool, error) {
	moves := p.Moves(nil)
	if len(moves) < 2 {
		return nil, false, nil
	}
	wrong := false
	for _, m := range moves {
		wrong = wrong || !winsAtOnce(p, m)
	}
	if !wrong { // every move wins: nothing to find
		return nil, false, nil
	}
	q := p.Clone()
	var line []engine.Move
	forced := false
	for {
		v, err := j.Judge(ctx, q)
		if err != nil {
			return nil, false, err
		}
		if !v.Unique {
			break
		}
		line, forced = append(line, v.Move), v.Forced
		q.Do(v.Move)
		if q.Outcome().Over() || (len(line)+1)/2 >= MaxMoves {
			break
		}
		reply, err := j.Reply(ctx, q)
		if err != nil {
			return nil, false, err
		}
		line = append(line, reply)
		q.Do(reply)
		if q.Outcome().Over() {
			break
		}
	}
	if len(line)%2 == 0 && len(line) > 0 { // ends on a reply: drop it
		line = line[:len(line)-1]
	}
	if forced && len(line) > 1 {
		line = line[:len(line)-2]
	}
	return line, len(line) > 0, nil
}
