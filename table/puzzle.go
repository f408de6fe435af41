package table

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/puzzle"
	"github.com/zugbot/zugbot/store"
)

// pickAmong is how many of the puzzles rated nearest a player's rating
// NextPuzzle chooses among at random.
const pickAmong = 10

// PuzzleView is a puzzle at one of the solver's turns, ready to show.
type PuzzleView struct {
	Puzzle  puzzle.Puzzle
	Variant *engine.Variant
	// Ply is the index into the puzzle's line of the move to find, and
	// Position the position there.
	Ply      int
	Position engine.Position
	// Rating is the puzzle's rating as it stands.
	Rating puzzle.Rating
}

// Task says what to find, for a caption.
func (pv PuzzleView) Task() string {
	if pv.Ply > 0 {
		return fmt.Sprintf("%s to play: move %d of %d of the winning line.", pv.Variant.Sides[pv.Position.Turn()], pv.Ply/2+1, pv.Puzzle.Moves())
	}
	return pv.Puzzle.Task(pv.Variant, pv.Position.Turn())
}

// PuzzleMove is the service's answer to a move in a puzzle.
type PuzzleMove struct {
	puzzle.Answer
	// View is the puzzle after the move: after the opponent's reply when
	// the line goes on.
	View PuzzleView
	// Rated is true when this move ended the player's first attempt at the
	// puzzle (solved, or the first wrong move), so that the ratings moved:
	// Before and After are the player's puzzle rating.
	Rated         bool
	Before, After puzzle.Rating
}

func glicko(r puzzle.Rating) store.Glicko     { return store.Glicko{R: r.R, RD: r.RD, Vol: r.Vol} }
func fromGlicko(g store.Glicko) puzzle.Rating { return puzzle.Rating{R: g.R, RD: g.RD, Vol: g.Vol} }

// PuzzleVariants returns the games that have puzzles, in menu order.
func (t *Table) PuzzleVariants() []*engine.Variant {
	var out []*engine.Variant
	for _, v := range t.cfg.Variants {
		if set, _ := puzzle.Set(v.ID); len(set) > 0 {
			out = append(out, v)
		}
	}
	return out
}

// PuzzleRating returns a player's puzzle rating in variant id, and how
// many puzzles they have tried there.
func (t *Table) PuzzleRating(ctx context.Context, user, id string) (puzzle.Rating, int, error) {
	g, n, err := t.store.PuzzlePlayer(ctx, user, id, glicko(puzzle.NewPlayer))
	return fromGlicko(g), n, err
}

// NextPuzzle chooses a puzzle of variant id that the player has not tried,
// among those rated nearest their puzzle rating.
func (t *Table) NextPuzzle(ctx context.Context, user, id string) (PuzzleView, error) {
	v, ok := t.variants[id]
	set, err := puzzle.Set(id)
	if err != nil {
		return PuzzleView{}, err
	}
	if !ok || len(set) == 0 {
		return PuzzleView{}, refuse(NoPuzzle, "There are no puzzles for %q.", id)
	}
	me, _, err := t.PuzzleRating(ctx, user, id)
	if err != nil {
		return PuzzleView{}, err
	}
	rated, err := t.store.PuzzleRatings(ctx, id)
	if err != nil {
		return PuzzleView{}, err
	}
	tried, err := t.store.PuzzlesTried(ctx, user, id)
	if err != nil {
		return PuzzleView{}, err
	}
	type option struct {
		pz   puzzle.Puzzle
		dist float64
	}
	var opts []option
	for _, pz := range set {
		if tried[pz.ID] {
			continue
		}
		r := pz.Seeded()
		if g, ok := rated[pz.ID]; ok {
			r = fromGlicko(g)
		}
		opts = append(opts, option{pz, math.Abs(r.R - me.R)})
	}
	if len(opts) == 0 {
		return PuzzleView{}, refuse(PuzzlesDone, "You have tried all %d %s puzzles. More come as they are found.", len(set), v.Game)
	}
	slices.SortStableFunc(opts, func(a, b option) int { return cmp.Compare(a.dist, b.dist) })
	n := min(pickAmong, len(opts))
	return t.Puzzle(ctx, opts[t.Rand().IntN(n)].pz.ID, 0)
}

// Puzzle returns the puzzle with the given ID at ply of its line.
func (t *Table) Puzzle(ctx context.Context, id string, ply int) (PuzzleView, error) {
	pz, ok := puzzle.ByID(id)
	if !ok {
		return PuzzleView{}, refuse(NoPuzzle, "There is no puzzle %q.", id)
	}
	v, ok := t.variants[pz.Variant]
	if !ok {
		return PuzzleView{}, refuse(NoPuzzle, "There is no puzzle %q.", id)
	}
	if ply%2 != 0 || ply < 0 || ply >= len(pz.Line) {
		return PuzzleView{}, refuse(NoPuzzle, "Puzzle %s has no move %d to find.", id, ply/2+1)
	}
	p, err := pz.At(v, ply)
	if err != nil {
		return PuzzleView{}, err
	}
	rs, err := t.store.PuzzleRatings(ctx, pz.Variant)
	if err != nil {
		return PuzzleView{}, err
	}
	r := pz.Seeded()
	if g, ok := rs[id]; ok {
		r = fromGlicko(g)
	}
	return PuzzleView{Puzzle: pz, Variant: v, Ply: ply, Position: p, Rating: r}, nil
}

// TryPuzzle judges user's move, text, at ply of puzzle id. A correct move
// that does not end the line is answered with the opponent's reply; a
// wrong move, or the last move of the line, ends the attempt, and the first
// attempt at a puzzle moves the player's and the puzzle's ratings
// (puzzle.Attempt). An entry that is not a legal move is refused and costs
// nothing. An attempt without a player (user.ID empty: someone on the web
// who has not signed in) is judged the same and recorded nowhere.
func (t *Table) TryPuzzle(ctx context.Context, user store.Player, id string, ply int, text string) (PuzzleMove, error) {
	pv, err := t.Puzzle(ctx, id, ply)
	if err != nil {
		return PuzzleMove{}, err
	}
	a, err := pv.Puzzle.Check(pv.Variant, ply, text)
	var me *engine.MoveError
	if errors.As(err, &me) {
		return PuzzleMove{}, refusal(Refusal{Reason: IllegalMove, err: me}, "%s", me.Error())
	}
	if err != nil {
		return PuzzleMove{}, err
	}
	res := PuzzleMove{Answer: a, View: pv}
	if a.Correct && !a.Solved {
		if res.View, err = t.Puzzle(ctx, id, a.Next); err != nil {
			return PuzzleMove{}, err
		}
		return res, nil
	}
	if user.ID == "" {
		return res, nil
	}
	return t.recordAttempt(ctx, user, res, a.Solved)
}

// GiveUpPuzzle shows user the answer at ply of puzzle id, which ends their
// attempt as a failure: seeing the solution counts as not finding it.
func (t *Table) GiveUpPuzzle(ctx context.Context, user store.Player, id string, ply int) (PuzzleMove, error) {
	pv, err := t.Puzzle(ctx, id, ply)
	if err != nil {
		return PuzzleMove{}, err
	}
	res := PuzzleMove{Answer: puzzle.Answer{Expected: pv.Puzzle.Line[ply]}, View: pv}
	if user.ID == "" {
		return res, nil
	}
	return t.recordAttempt(ctx, user, res, false)
}

// recordAttempt records the end of user's attempt at res's puzzle, and the
// rating changes if it was their first.
func (t *Table) recordAttempt(ctx context.Context, user store.Player, res PuzzleMove, solved bool) (PuzzleMove, error) {
	pz := res.View.Puzzle
	rec, err := t.store.RecordPuzzleAttempt(ctx, store.PuzzleAttempt{
		Player: user, Variant: pz.Variant, PuzzleID: pz.ID, Solved: solved,
		Seed: glicko(pz.Seeded()), New: glicko(puzzle.NewPlayer),
	}, func(p, z store.Glicko, solved bool) (store.Glicko, store.Glicko) {
		np, nz := puzzle.Attempt(fromGlicko(p), fromGlicko(z), solved)
		return glicko(np), glicko(nz)
	})
	if err != nil {
		return PuzzleMove{}, fmt.Errorf("puzzle %s: %w", pz.ID, err)
	}
	res.Rated = rec.First
	res.Before, res.After = fromGlicko(rec.Player), fromGlicko(rec.PlayerAfter)
	res.View.Rating = fromGlicko(rec.PuzzleAfter)
	return res, nil
}
