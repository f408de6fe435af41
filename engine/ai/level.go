package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/zugbot/zugbot/engine"
)

// The skill levels, from MinLevel (a beginner can win) to MaxLevel (as
// strong as the bot gets).
const (
	MinLevel = 1
	MaxLevel = 5
)

var levelNames = [...]string{"beginner", "casual", "intermediate", "expert", "master"}

// LevelName returns the name of skill level n for players: "beginner",
// "casual", "intermediate", "expert" or "master".
func LevelName(n int) string {
	if n < MinLevel || n > MaxLevel {
		return fmt.Sprintf("level %d", n)
	}
	return levelNames[n-1]
}

// searchLevels are the levels of games whose positions are Evaluators: an
// alpha-beta Searcher, blurred and blundering at the low end, bounded by
// depth and nodes in the middle and by time at the top.
var searchLevels = [MaxLevel]Config{
	{Depth: 1, QDepth: -1, Noise: 150, Blunder: 0.3, TTBits: 12},
	{Depth: 2, Noise: 60, Blunder: 0.05, TTBits: 14},
	{Depth: 4, Nodes: 30_000, Noise: 15, TTBits: 16},
	{Depth: 8, Time: time.Second, TTBits: 18},
	{Time: 5 * time.Second, TTBits: 20},
}

// mctsLevels are the levels of games that offer no evaluation: plain MCTS
// with a growing budget.
var mctsLevels = [MaxLevel]MCTSConfig{
	{Playouts: 30},
	{Playouts: 300},
	{Playouts: 3_000, Time: time.Second},
	{Time: time.Second},
	{Time: 5 * time.Second},
}

// Level returns the player of skill level n (MinLevel to MaxLevel) for
// variant v, drawing its randomness from r. It picks the player the game's
// positions can support: an exact Solver at MaxLevel, an alpha-beta Searcher
// when positions are Evaluators, and MCTS otherwise. The strongest level
// thinks at most 5 s per move, and levels 1 and 2 answer within well under a
// second.
func Level(v *engine.Variant, n int, r *rand.Rand) (Player, error) {
	return LevelTimed(v, n, 0, r)
}

// LevelTimed is Level with the per-move time budget set to d instead (for
// quick matches); d = 0 keeps the level's own budget. A level bounded by
// depth or nodes is then also bounded by d.
func LevelTimed(v *engine.Variant, n int, d time.Duration, r *rand.Rand) (Player, error) {
	if n < MinLevel || n > MaxLevel {
		return nil, fmt.Errorf("ai: level %d: want %d (%s) to %d (%s)", n, MinLevel, LevelName(MinLevel), MaxLevel, LevelName(MaxLevel))
	}
	start := v.Start()
	if _, ok := start.(Solver); ok && n == MaxLevel {
		return solverPlayer{}, nil
	}
	if _, ok := start.(Evaluator); ok {
		cfg := searchLevels[n-1]
		if d > 0 {
			cfg.Time = d
		}
		return NewSearcher(cfg, r), nil
	}
	cfg := mctsLevels[n-1]
	if d > 0 {
		cfg.Time = d
	}
	return NewMCTS(cfg, r), nil
}

// solverPlayer plays perfectly through the position's Solver.
type solverPlayer struct{}

// Best returns the Solver's move.
func (solverPlayer) Best(ctx context.Context, p engine.Position) (engine.Move, Info, error) {
	start := time.Now()
	s, ok := p.(Solver)
	if !ok {
		return engine.Move{}, Info{}, fmt.Errorf("ai: %s positions cannot be solved", p.Variant().ID)
	}
	if o := p.Outcome(); o.Over() {
		return engine.Move{}, Info{}, ErrGameOver
	}
	m, result, err := s.Solve(ctx)
	if err != nil {
		return engine.Move{}, Info{}, fmt.Errorf("ai: solving %s: %w", p.Variant().ID, err)
	}
	info := Info{Elapsed: time.Since(start)}
	switch {
	case result > 0:
		info.Score = WinScore
	case result < 0:
		info.Score = -WinScore
	}
	return m, info, nil
}
