package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
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
// depth and nodes at the low end and in the middle (so that they play the
// same on any machine, and answer at once), and by time at the top.
var searchLevels = [MaxLevel]Config{
	{Depth: 1, QDepth: -1, Noise: 150, Blunder: 0.3, Nodes: 2_000, TTBits: 12},
	{Depth: 2, Noise: 60, Blunder: 0.05, Nodes: 20_000, TTBits: 14},
	{Depth: 4, Nodes: 30_000, Noise: 15, TTBits: 16},
	{Depth: 8, Time: time.Second, TTBits: 18},
	{Time: 5 * time.Second, TTBits: 20},
}

// solverBlunders are the levels of games that can be solved: perfect play,
// except for a share of moves below the top level at which the player errs
// on purpose, giving away a result it could have kept (see
// solverPlayer.mistake). Tuned so that each level beats the one below in
// about 70% of Zodiac games.
var solverBlunders = [MaxLevel]float64{0.9, 0.6, 0.35, 0.15, 0}

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
// positions can support: the Solver when they are Solvers (perfect at
// MaxLevel, with a growing share of deliberate mistakes below it), an alpha-beta
// Searcher when they are Evaluators, and MCTS otherwise. The strongest
// level thinks at most 5 s per move, and levels 1 and 2 answer within well
// under a second.
func Level(v *engine.Variant, n int, r *rand.Rand) (Player, error) {
	return LevelTimed(v, n, 0, r)
}

// LevelTimed is Level with the per-move time budget set to d instead (for
// quick matches); d = 0 keeps the level's own budget. A level bounded by
// depth or nodes is then also bounded by d.
func LevelTimed(v *engine.Variant, n int, d time.Duration, r *rand.Rand) (Player, error) {
	return level(v, n, d, r, nil)
}

// LevelBudget returns the time budget of skill level n for variant v, and
// whether the level is bounded by time alone: true for the levels whose
// strength comes from the time they are given (expert and master, by
// search or MCTS); false for those bounded by depth or nodes, which play
// the same on any machine and answer quickly, and for a Solver's, which
// needs the time it needs.
func LevelBudget(v *engine.Variant, n int) (time.Duration, bool) {
	if n < MinLevel || n > MaxLevel {
		return 0, false
	}
	start := v.Start()
	if _, ok := start.(Solver); ok {
		return 0, false
	}
	if _, ok := start.(Evaluator); ok {
		cfg := searchLevels[n-1]
		return cfg.Time, cfg.Time > 0 && cfg.Nodes == 0
	}
	cfg := mctsLevels[n-1]
	return cfg.Time, cfg.Time > 0 && cfg.Playouts == 0
}

// A Workspace holds the memory of the players it makes: one Searcher (with
// its transposition table) and one MCTS (with its tree), reset for each
// player. A worker that plays one move after another makes its players
// with its own Workspace, so that its memory is bounded by the largest
// level's table whatever the number of moves. A Workspace makes one
// player at a time: a player it made is valid until the next call of
// Level.
type Workspace struct {
	searcher *Searcher
	mcts     *MCTS
}

// Level is LevelTimed with the players' memory taken from w. The player
// chooses the moves LevelTimed's would.
func (w *Workspace) Level(v *engine.Variant, n int, d time.Duration, r *rand.Rand) (Player, error) {
	return level(v, n, d, r, w)
}

// Searcher returns w's Searcher, reset to cfg and r: valid, like a
// player w made, until w makes another.
func (w *Workspace) Searcher(cfg Config, r *rand.Rand) *Searcher {
	if w.searcher == nil {
		w.searcher = &Searcher{}
	}
	w.searcher.Reset(cfg, r)
	return w.searcher
}

// TableBytes returns the memory held by w's transposition table.
func (w *Workspace) TableBytes() int {
	if w.searcher == nil {
		return 0
	}
	return w.searcher.TableBytes()
}

// level is LevelTimed, with the players' memory taken from w when it is
// not nil.
func level(v *engine.Variant, n int, d time.Duration, r *rand.Rand, w *Workspace) (Player, error) {
	if n < MinLevel || n > MaxLevel {
		return nil, fmt.Errorf("ai: level %d: want %d (%s) to %d (%s)", n, MinLevel, LevelName(MinLevel), MaxLevel, LevelName(MaxLevel))
	}
	start := v.Start()
	if _, ok := start.(Solver); ok {
		return &solverPlayer{blunder: solverBlunders[n-1], r: r}, nil
	}
	if _, ok := start.(Evaluator); ok {
		cfg := searchLevels[n-1]
		if d > 0 {
			cfg.Time = d
		}
		if w == nil {
			return NewSearcher(cfg, r), nil
		}
		return w.Searcher(cfg, r), nil
	}
	cfg := mctsLevels[n-1]
	if d > 0 {
		cfg.Time = d
	}
	if w == nil {
		return NewMCTS(cfg, r), nil
	}
	if w.mcts == nil {
		w.mcts = &MCTS{}
	}
	w.mcts.Reset(cfg, r)
	return w.mcts, nil
}

// solverPlayer plays perfectly through the position's Solver, but for a
// share of deliberate mistakes.
type solverPlayer struct {
	blunder float64
	r       *rand.Rand
	buf     []engine.Move
}

// Best returns the Solver's move, or a deliberate mistake.
func (pl *solverPlayer) Best(ctx context.Context, p engine.Position) (engine.Move, Info, error) {
	start := time.Now()
	s, ok := p.(Solver)
	if !ok {
		return engine.Move{}, Info{}, fmt.Errorf("ai: %s positions cannot be solved", p.Variant().ID)
	}
	pl.buf = p.Moves(pl.buf[:0])
	if len(pl.buf) == 0 {
		return engine.Move{}, Info{}, ErrGameOver
	}
	if pl.blunder > 0 && pl.r.Float64() < pl.blunder {
		m, err := pl.mistake(ctx, p)
		if err != nil {
			return engine.Move{}, Info{}, err
		}
		return m, Info{Random: true, Elapsed: time.Since(start)}, nil
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

// mistake returns a random move of p (whose legal moves are in pl.buf) among
// those that lead to a worse result than the best, or among all of them when
// every move leads to the same result.
func (pl *solverPlayer) mistake(ctx context.Context, p engine.Position) (engine.Move, error) {
	p = p.Clone()
	var results [3][]engine.Move // by result for the mover: win, draw, loss
	mover := p.Turn()
	for _, m := range pl.buf {
		p.Do(m)
		r, err := result(ctx, p, mover)
		p.Undo()
		if err != nil {
			return engine.Move{}, fmt.Errorf("ai: solving %s: %w", p.Variant().ID, err)
		}
		results[1-r] = append(results[1-r], m)
	}
	var worse []engine.Move
	for r := range results {
		if len(results[r]) > 0 {
			worse = slices.Concat(results[r+1:]...)
			break
		}
	}
	if len(worse) == 0 {
		worse = pl.buf
	}
	return worse[pl.r.IntN(len(worse))], nil
}

// result returns the result of p for side under perfect play: 1 a win, 0 a
// draw, -1 a loss.
func result(ctx context.Context, p engine.Position, side engine.Side) (int, error) {
	if o := p.Outcome(); o.Over() {
		switch {
		case o.Status != engine.Win:
			return 0, nil
		case o.Winner == side:
			return 1, nil
		}
		return -1, nil
	}
	_, r, err := p.(Solver).Solve(ctx)
	if p.Turn() != side {
		r = -r
	}
	return r, err
}
