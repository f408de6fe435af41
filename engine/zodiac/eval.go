package zodiac

import (
	"context"
	"errors"
	"math/bits"

	"github.com/zugbot/zugbot/engine"
)

// Evaluation weights, in hundredths of a disc.
const (
	evalDisc  = 100 // a disc of one's own colour
	evalInner = 60  // a disc on an inner point, where the game is decided
	evalEmpty = 25  // the same when few inner points are empty, per point filled
)

// Evaluate returns a static score of the position from the side to move's
// point of view, in hundredths of a disc, for engine/ai's alpha-beta search
// at the levels below perfect play: the discs each side owns and those on
// the inner points, which count more as the inner points fill up.
func (p *Position) Evaluate() int {
	us, them := p.b.disc[p.b.turn], p.b.disc[p.b.turn^1]
	filled := bits.OnesCount16(p.b.occupied() & inner)
	innerWeight := evalInner + evalEmpty*max(filled-2, 0)
	return evalDisc*(bits.OnesCount16(us)-bits.OnesCount16(them)) +
		innerWeight*(bits.OnesCount16(us&inner)-bits.OnesCount16(them&inner))
}

// Solve returns the move perfect play chooses in p and its result for the
// side to move (1 a win, -1 a loss), from the solution of the game (see
// Table.Best): engine/ai's master level plays it.
func (p *Position) Solve(ctx context.Context) (engine.Move, int, error) {
	if err := ctx.Err(); err != nil {
		return engine.Move{}, 0, err
	}
	m, r := Solve().Best(p)
	if m.IsZero() {
		return m, 0, errors.New("zodiac: the game is over")
	}
	return m, int(r), nil
}

// Distance returns the number of plies left in p's game with perfect play,
// as the solution's graph of positions has it (see Table.Value): 0 for a
// draw on the graph or a game that is over.
func (p *Position) Distance() int { return Solve().Value(p).Plies }
