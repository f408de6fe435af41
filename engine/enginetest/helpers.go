package enginetest

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zugbot/zugbot/engine"
)

// This file holds the helpers the games' own tests share.

// MustParse reads s as a position of v, failing tb at once if v refuses it.
func MustParse(tb testing.TB, v *engine.Variant, s string) engine.Position {
	tb.Helper()
	p, err := v.Parse(s)
	if err != nil {
		tb.Fatalf("%s: Parse(%q): %v", v.ID, s, err)
	}
	return p
}

// MustParseMove reads s as a move in p, failing tb at once, with the
// position string, if p refuses it.
func MustParseMove(tb testing.TB, p engine.Position, s string) engine.Move {
	tb.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		tb.Fatalf("ParseMove(%q) in %s: %v", s, engine.String(p), err)
	}
	return m
}

// Play parses and plays each move on p in turn, failing tb at once, with the
// position string, on the first move p refuses.
func Play(tb testing.TB, p engine.Position, moves ...string) {
	tb.Helper()
	for _, s := range moves {
		p.Do(MustParseMove(tb, p, s))
	}
}

// FormatMoves returns the notations of moves in p, in the order given.
func FormatMoves(p engine.Position, moves []engine.Move) []string {
	var out []string
	for _, m := range moves {
		out = append(out, p.FormatMove(m))
	}
	return out
}

// Notations returns the sorted notations of p's legal moves.
func Notations(p engine.Position) []string {
	out := FormatMoves(p, p.Moves(nil))
	slices.Sort(out)
	return out
}

// CheckSymmetry checks that an evaluation judges both sides alike. It plays
// games random games of v from the start (seeded, so always the same ones)
// and checks at every position p that eval(p) equals eval(q), where q is the
// position v reads from swap(engine.String(p)). swap should return the same
// game for the other side: the colours exchanged, the side to move included,
// and the board turned if the game needs it.
func CheckSymmetry(tb testing.TB, v *engine.Variant, games int, swap func(string) string, eval func(engine.Position) int) {
	tb.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	for game := range games {
		p := v.Start()
		for !p.Outcome().Over() {
			s := engine.String(p)
			q := MustParse(tb, v, swap(s))
			if a, b := eval(p), eval(q); a != b {
				tb.Fatalf("%s game %d: eval(%s) = %d, but eval(%s) = %d with the sides exchanged", v.ID, game, s, a, engine.String(q), b)
			}
			moves := p.Moves(nil)
			p.Do(moves[r.IntN(len(moves))])
		}
	}
}
