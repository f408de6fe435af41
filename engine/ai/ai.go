// Package ai chooses moves in any zugbot game. It knows no game: it searches
// through engine.Position (Do, Undo, Moves, Hash, Outcome) and takes whatever
// extra knowledge a game's Position offers through small optional
// interfaces:
//
//   - Evaluator: a static score, which makes alpha-beta search (Searcher)
//     worthwhile;
//   - Noisy: which moves a capture (quiescence) search follows, and
//     Capturer: those moves alone, generated faster;
//   - Orderer: which moves to try first;
//   - Repeater: positions that repeat, which the search scores as draws;
//   - Solver: exact play, for a game small enough to solve.
//
// A game with none of them is still playable: MCTS needs only the rules.
//
// Every player keeps its state in its own value, takes its deadline from the
// context it is given and returns the best move found so far when that
// expires, and draws randomness from an injected *rand.Rand so that tests
// and matches are reproducible. Level returns the players people meet: five
// levels per game, from beginner to master.
package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/zugbot/zugbot/engine"
)

// An Evaluator is a Position that can judge itself without searching.
type Evaluator interface {
	// Evaluate returns a static score of the position from the side to
	// move's point of view: positive when it stands better. The unit is a
	// hundredth of the game's typical piece (so a piece is about 100), and
	// the score must stay within ±MaxEval.
	Evaluate() int
}

// A Noisy Position says which moves change the position so much that a
// static score taken before them is unreliable (captures, promotions).
// Searcher follows only those moves beyond its nominal depth.
type Noisy interface {
	// Noisy reports whether legal move m must be searched before the
	// position is judged statically.
	Noisy(m engine.Move) bool
}

// A Capturer is a Noisy Position that can list its noisy moves without the
// others, faster than Moves lists them all. The capture search asks for
// them first and for every move only when the side to move is in check, so
// that a position where it could stand pat is not told apart from a
// stalemate or a draw by rule: it is judged statically.
type Capturer interface {
	// Captures appends to dst the legal moves that Noisy reports, or
	// nothing when the game is over.
	Captures(dst []engine.Move) []engine.Move
}

// An Orderer is a Position that guesses which moves are good, so that the
// search tries them first.
type Orderer interface {
	// Order returns a hint for legal move m: higher is tried earlier. Hints
	// must stay within ±MaxOrder; 0 means no opinion.
	Order(m engine.Move) int
}

// A Repeater is a Position whose game is drawn by repetition (chess). The
// search scores a position that repeats an earlier one as a draw, the
// result either side can then force by repeating again, so that a player
// who stands better steers clear of repetitions and one who stands worse
// seeks them.
type Repeater interface {
	// Repeats reports whether the position occurred before in the game.
	Repeats() bool
}

// A Solver is a Position whose game can be played perfectly.
type Solver interface {
	// Solve returns a legal move with the best game-theoretic result for
	// the side to move, and that result from the side to move's view: 1 a
	// win, 0 a draw, -1 a loss. It may take a while on first use and must
	// give up with an error when ctx ends.
	Solve(ctx context.Context) (m engine.Move, result int, err error)
}

// A NullMover is a Position that can pass the turn without moving, for
// the search's null-move pruning: if a side that passes still holds beta,
// a real move will too, and the node is cut at once. Only games where
// passing is never better than moving (no zugzwang, or a test that rules
// it out) should offer it.
type NullMover interface {
	// DoNull passes the turn; UndoNull takes the pass back.
	DoNull()
	UndoNull()
	// NullSafe reports whether a pass is a fair test here.
	NullSafe() bool
}

// A Futile is a Position whose evaluation says how much one quiet move can
// change it: near the leaves, the search skips the quiet moves that could
// not raise the score to alpha (futility pruning).
type Futile interface {
	// FutilityMargin returns the most a quiet move followed by depth-1
	// plies can gain, in the evaluation's units, for depth 1 or 2.
	FutilityMargin(depth int) int
}

// An Exchanger is a Position that can tell, without searching, whether a
// capture loses material once both sides have recaptured on its square as
// suits them (a static exchange evaluation). The search tries such moves
// after the quiet ones and leaves them out of its capture search.
type Exchanger interface {
	// Losing reports whether move m loses material by exchange; a move
	// that captures nothing does not.
	Losing(m engine.Move) bool
}

// An ExchangePruner is an Exchanger that is also Futile, and whose
// exchanges the search may trust to skip moves that lose too much near
// the leaves (SEE pruning, see seeMargin).
type ExchangePruner interface {
	Exchanger
	Futile
	// Exchange returns what move m wins by exchange, in the evaluation's
	// units: negative if it loses material, and for a move that captures
	// nothing, minus what the enemy wins by taking the piece moved.
	Exchange(m engine.Move) int
	// PruneByExchange reports whether the search should prune by
	// Exchange here.
	PruneByExchange() bool
}

// A Distancer is a Solver that also says how far the end of the game is.
type Distancer interface {
	// Distance returns the number of plies left with perfect play, the
	// winner ending the game as fast as possible and the loser putting it
	// off as long as possible; 0 for a draw or a game that is over.
	Distance() int
}

// Bounds on the scores of the optional interfaces.
const (
	MaxEval  = 100_000   // the largest magnitude Evaluate may return
	MaxOrder = 1_000_000 // the largest magnitude Order may return
)

// A Player chooses moves. Players are not safe for concurrent use: give
// each goroutine its own.
type Player interface {
	// Best returns the move it chooses for the side to move in p, which it
	// leaves as it was. It stops thinking when ctx ends or its own budget is
	// spent and then returns the best move found so far. The error is
	// ErrGameOver when p has no legal move, or the error of a Solver that
	// failed.
	Best(ctx context.Context, p engine.Position) (engine.Move, Info, error)
}

// ErrGameOver is returned by Best when the game is over.
var ErrGameOver = errors.New("ai: the game is over: there is no move to choose")

// Info reports how a move was chosen.
type Info struct {
	// Depth is the deepest search completed, in plies (0 for MCTS and for
	// random or forced moves).
	Depth int
	// Nodes counts the positions visited: search nodes, or MCTS playouts.
	Nodes int64
	// Score is the chosen move's value from the mover's view: in evaluation
	// units for a search, beyond ±(WinScore-MaxPly) for a forced result
	// (exactly ±WinScore when a Solver does not say how far it is), and in
	// thousandths of the expected score for MCTS (500 is even).
	Score int
	// Elapsed is the time spent.
	Elapsed time.Duration
	// Random is true when the move was chosen at random on purpose (a
	// beginner's blunder, or the Random player).
	Random bool
}

// Mate reports the number of plies to a forced end of the game (0 when not
// known) and who wins it (1 the mover, -1 the opponent); winner is 0 when
// the score is not a proven result.
func (i Info) Mate() (plies, winner int) {
	switch {
	case i.Score > WinScore-MaxPly:
		return WinScore - i.Score, 1
	case i.Score < -WinScore+MaxPly:
		return WinScore + i.Score, -1
	}
	return 0, 0
}

// String describes the search for a log line.
func (i Info) String() string {
	s := fmt.Sprintf("depth %d, %d nodes, score %d, %v", i.Depth, i.Nodes, i.Score, i.Elapsed.Round(time.Millisecond))
	if plies, who := i.Mate(); who != 0 {
		side := "mover"
		if who < 0 {
			side = "opponent"
		}
		if plies > 0 {
			s += fmt.Sprintf(" (%s wins in %d plies)", side, plies)
		} else {
			s += fmt.Sprintf(" (%s wins)", side)
		}
	}
	if i.Random {
		s += " (random)"
	}
	return s
}

// Random is a Player that picks a legal move uniformly at random.
type Random struct {
	r   *rand.Rand
	buf []engine.Move
}

// NewRandom returns a Random player drawing from r.
func NewRandom(r *rand.Rand) *Random { return &Random{r: r} }

// Best returns a uniformly random legal move.
func (pl *Random) Best(ctx context.Context, p engine.Position) (engine.Move, Info, error) {
	pl.buf = p.Moves(pl.buf[:0])
	if len(pl.buf) == 0 {
		return engine.Move{}, Info{}, ErrGameOver
	}
	return pl.buf[pl.r.IntN(len(pl.buf))], Info{Random: true}, nil
}
