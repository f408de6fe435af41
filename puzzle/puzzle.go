// Package puzzle finds, checks and serves zugbot's puzzles: positions from
// real play where one move wins clearly and every other move does not, with
// the line that follows (the solver's moves and the opponent's best
// replies).
//
// Mine finds candidates in self-play and in finished games by a quick
// search, and keeps those that a deeper search confirms move by move
// (Judge; for a game that can be solved, its solver). Every variant has a
// set of puzzles shipped in the binary (Set), and Play checks a person's
// answers against a puzzle's line. Ratings (rating.go) follow Glicko-2, for
// puzzles and players alike.
package puzzle

import (
	"fmt"
	"strings"

	"github.com/zugbot/zugbot/engine"
)

// Puzzle is one puzzle: a position and the line that solves it.
type Puzzle struct {
	// ID names the puzzle for good: its variant and a hash of its position,
	// "zola-3f2a9c01b2".
	ID string
	// Variant is the ID of the puzzle's variant.
	Variant string
	// Position is the position string, with the solver to move.
	Position string
	// Line is the solution in notation: the solver's moves and the
	// opponent's replies in turn, starting and ending with the solver's.
	Line []string
	// Seed is the rating the puzzle starts with, from how hard it was for
	// the search to find (see SeedRating).
	Seed int
	// Origin says where the position comes from: "self-play 2–3, ply 41".
	Origin string
}

// Moves returns how many moves the solver plays in the puzzle's line.
func (pz Puzzle) Moves() int { return (len(pz.Line) + 1) / 2 }

// Start returns the puzzle's position in v, which must be its variant.
func (pz Puzzle) Start(v *engine.Variant) (engine.Position, error) {
	if v.ID != pz.Variant {
		return nil, fmt.Errorf("puzzle %s: it is a %s puzzle, not %s", pz.ID, pz.Variant, v.ID)
	}
	p, err := v.Parse(pz.Position)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", pz.ID, err)
	}
	return p, nil
}

// NewID returns the ID of the puzzle of variant v at position p.
func NewID(v string, p engine.Position) string {
	return NumberID(v, int64(p.Hash()>>24))
}

// NumberID returns the ID of the puzzle of variant v whose Number is n.
func NumberID(v string, n int64) string {
	return fmt.Sprintf("%s-%010x", v, n)
}

// Task returns what the puzzle asks of the solver, for a caption: "Red to
// play and win (2 moves)".
func (pz Puzzle) Task(v *engine.Variant, side engine.Side) string {
	n := pz.Moves()
	if n == 1 {
		return fmt.Sprintf("%s to play: find the one winning move.", v.Sides[side])
	}
	return fmt.Sprintf("%s to play: find the winning line (%d moves).", v.Sides[side], n)
}

// format writes pz as one line of a set file: tab-separated ID, position,
// line (moves separated by spaces), seed rating and origin.
func (pz Puzzle) format() string {
	return strings.Join([]string{pz.ID, pz.Position, strings.Join(pz.Line, " "), fmt.Sprint(pz.Seed), pz.Origin}, "\t")
}
