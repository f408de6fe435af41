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

// Solver is who tries puzzles, as the door they come through knows them.
type Solver struct {
	// Player is the person, whose first attempts are rated; ID "" for
	// someone the door cannot name, whose attempts are judged the same and
	// recorded nowhere.
	store.Player
	// Guild is the server the door knows them to be in: on Discord the
	// server asked in, in the Activity the server it was launched in; ""
	// in a direct message, on the web and in the terminal. A puzzle found
	// in a server's own games is given to that server's members only, in
	// that server (see MinePuzzles).
	Guild string
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

// NextPuzzle chooses a puzzle of variant id that s has not tried, among
// those rated nearest their puzzle rating: a shipped one, or one found in
// the games of s's server.
func (t *Table) NextPuzzle(ctx context.Context, s Solver, id string) (PuzzleView, error) {
	v, ok := t.variants[id]
	set, err := puzzle.Set(id)
	if err != nil {
		return PuzzleView{}, err
	}
	if !ok || len(set) == 0 {
		return PuzzleView{}, refuse(NoPuzzle, "There are no puzzles for %q.", id)
	}
	if s.Guild != "" {
		gps, err := t.store.GamePuzzles(ctx, s.Guild, id)
		if err != nil {
			return PuzzleView{}, err
		}
		set = slices.Clip(set) // the shipped set is shared: appended to on a copy
		for _, gp := range gps {
			set = append(set, fromGamePuzzle(gp))
		}
	}
	me, _, err := t.PuzzleRating(ctx, s.ID, id)
	if err != nil {
		return PuzzleView{}, err
	}
	rated, err := t.store.PuzzleRatings(ctx, id)
	if err != nil {
		return PuzzleView{}, err
	}
	tried, err := t.store.PuzzlesTried(ctx, s.ID, id)
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
	return t.Puzzle(ctx, s, opts[t.Rand().IntN(n)].pz.ID, 0)
}

// fromGamePuzzle is a puzzle found in a server's game, as package puzzle
// has it.
func fromGamePuzzle(gp store.GamePuzzle) puzzle.Puzzle {
	return puzzle.Puzzle{ID: gp.ID, Variant: gp.Variant, Position: gp.Position, Line: gp.Line, Seed: gp.Seed, Origin: gp.Origin}
}

// findPuzzle returns the puzzle with ID id that s may be given: a shipped
// one, or one found in the games of s's server; false when there is none.
func (t *Table) findPuzzle(ctx context.Context, s Solver, id string) (puzzle.Puzzle, bool, error) {
	if pz, ok := puzzle.ByID(id); ok || s.Guild == "" {
		return pz, ok, nil
	}
	gp, ok, err := t.store.GamePuzzle(ctx, s.Guild, id)
	return fromGamePuzzle(gp), ok, err
}

// PuzzleByNumber returns the ID of the puzzle whose Number is n that s may
// be given (a door that carries numbers only, a Discord control, names a
// puzzle by it), or a refusal (NoPuzzle).
func (t *Table) PuzzleByNumber(ctx context.Context, s Solver, n int64) (string, error) {
	if pz, ok := puzzle.ByNumber(n); ok {
		return pz.ID, nil
	}
	for _, v := range t.cfg.Variants {
		id := puzzle.NumberID(v.ID, n)
		if _, ok, err := t.findPuzzle(ctx, s, id); ok || err != nil {
			return id, err
		}
	}
	return "", refuse(NoPuzzle, "This puzzle is no longer offered; try /puzzle for another.")
}

// Puzzle returns the puzzle with the given ID, which s may be given, at
// ply of its line.
func (t *Table) Puzzle(ctx context.Context, s Solver, id string, ply int) (PuzzleView, error) {
	pz, ok, err := t.findPuzzle(ctx, s, id)
	if err != nil {
		return PuzzleView{}, err
	}
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

// TryPuzzle judges s's move, text, at ply of puzzle id. A correct move
// that does not end the line is answered with the opponent's reply; a
// wrong move, or the last move of the line, ends the attempt, and the first
// attempt at a puzzle moves the player's and the puzzle's ratings
// (puzzle.Attempt). An entry that is not a legal move is refused and costs
// nothing. An attempt without a player (s.ID empty) is judged the same and
// recorded nowhere.
func (t *Table) TryPuzzle(ctx context.Context, s Solver, id string, ply int, text string) (PuzzleMove, error) {
	pv, err := t.Puzzle(ctx, s, id, ply)
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
		if res.View, err = t.Puzzle(ctx, s, id, a.Next); err != nil {
			return PuzzleMove{}, err
		}
		return res, nil
	}
	if s.ID == "" {
		return res, nil
	}
	return t.recordAttempt(ctx, s.Player, res, a.Solved)
}

// GiveUpPuzzle shows s the answer at ply of puzzle id, which ends their
// attempt as a failure: seeing the solution counts as not finding it.
func (t *Table) GiveUpPuzzle(ctx context.Context, s Solver, id string, ply int) (PuzzleMove, error) {
	pv, err := t.Puzzle(ctx, s, id, ply)
	if err != nil {
		return PuzzleMove{}, err
	}
	res := PuzzleMove{Answer: puzzle.Answer{Expected: pv.Puzzle.Line[ply]}, View: pv}
	if s.ID == "" {
		return res, nil
	}
	return t.recordAttempt(ctx, s.Player, res, false)
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
