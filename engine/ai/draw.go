package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/zugbot/zugbot/engine"
)

// DrawMargin returns the most, in evaluation units, by which a search
// player of skill level n may see itself ahead and still agree to a draw:
// the level score of the adjudication rules (engine.DrawScore, a fifth of
// a pawn) plus the level's own evaluation noise, since a level cannot tell
// apart scores closer than its noise. So the expert and the master accept
// only what they see as level or worse (20), and the lower levels are
// more generous: intermediate 35, casual 80, beginner 170.
func DrawMargin(n int) int {
	if n < MinLevel || n > MaxLevel {
		return engine.DrawScore
	}
	return engine.DrawScore + searchLevels[n-1].Noise
}

// DrawOpening is the number of plies (ten moves each) before which a
// player agrees to a draw only in a position it sees as lost: a level
// opening is played out, as lichess-bot, the bridge of Lichess's engines,
// agrees a draw only after ten moves of level scores, and as the
// adjudication rules draw nothing before move 34.
const DrawOpening = 20

// OpeningLoss is how far behind, in evaluation units (two pieces of the
// game's typical hundred), a player must see itself to agree to a draw in
// the opening: lost, not merely behind by the first player's tempo, which
// an evaluation counts as a fraction of a piece.
const OpeningLoss = 200

// DrawVerdict is how a player judged a draw offer.
type DrawVerdict struct {
	// Accept is true when the player agrees to the draw.
	Accept bool
	// Score is the position's value for the side asked, as the player
	// judged it: in evaluation units for a search, and WinScore, 0 or
	// -WinScore for a Solver.
	Score int
	// Margin is the most Score may be for the player to accept: its
	// DrawMargin, or in the opening less than -OpeningLoss.
	Margin int
}

// JudgeDraw reports whether a player of skill level n (MinLevel to
// MaxLevel), playing side in p after played plies of the game, agrees to
// a draw there. It accepts only when it sees p as level or worse for side,
// and in the opening (before DrawOpening plies) only when it sees p as
// lost. A Solver's game is judged by
// its result, which it knows: a draw or a loss is accepted (in the
// opening, a loss). An
// Evaluator's is judged as level n would play it, thinking for at most d
// (the level's own budget when 0) but without the level's noise or
// deliberate mistakes: the score for side must be at most DrawMargin(n),
// or below -OpeningLoss in the opening.
// A game that offers neither (played by MCTS, whose estimate of a
// position is too rough for this) is never agreed drawn. p is left as it
// was and must not be over; the judgement uses w's memory, as a player
// that w makes would.
func (w *Workspace) JudgeDraw(ctx context.Context, v *engine.Variant, n int, d time.Duration, p engine.Position, side engine.Side, played int) (DrawVerdict, error) {
	if n < MinLevel || n > MaxLevel {
		return DrawVerdict{}, fmt.Errorf("ai: level %d: want %d to %d", n, MinLevel, MaxLevel)
	}
	if p.Outcome().Over() {
		return DrawVerdict{}, ErrGameOver
	}
	start := v.Start()
	if _, ok := start.(Solver); ok {
		res, err := result(ctx, p.Clone(), side)
		if err != nil {
			return DrawVerdict{}, fmt.Errorf("ai: solving %s: %w", v.ID, err)
		}
		return DrawVerdict{Accept: res < 0 || res == 0 && played >= DrawOpening, Score: res * WinScore}, nil
	}
	if _, ok := start.(Evaluator); !ok {
		return DrawVerdict{}, nil
	}
	cfg := searchLevels[n-1]
	cfg.Noise, cfg.Blunder = 0, 0
	if d > 0 {
		cfg.Time = d
	}
	// Without noise or blunders nothing is drawn at random, but a
	// Searcher wants a source.
	r := rand.New(rand.NewPCG(uint64(n), 0))
	_, info, err := w.Searcher(cfg, r).Analyse(ctx, p)
	if err != nil {
		return DrawVerdict{}, fmt.Errorf("ai: judging a draw in %s: %w", v.ID, err)
	}
	score := info.Score
	if p.Turn() != side {
		score = -score
	}
	margin := DrawMargin(n)
	if played < DrawOpening {
		margin = -OpeningLoss - 1
	}
	return DrawVerdict{Accept: score <= margin, Score: score, Margin: margin}, nil
}
