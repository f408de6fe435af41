package zamma

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
)

// build returns the position with the given counters, side to move and
// clock. Counters are listed by letter as in position strings, such as
// "b:c3,d4 w:e5 W:a9".
func build(t testing.TB, pieces, turn string, clock int) *Position {
	t.Helper()
	var grid [points]byte
	for _, group := range strings.Fields(pieces) {
		letter, names, ok := strings.Cut(group, ":")
		if !ok || len(letter) != 1 {
			t.Fatalf("build: bad group %q", group)
		}
		for _, name := range strings.Split(names, ",") {
			i, ok := point(name)
			if !ok || grid[i] != 0 {
				t.Fatalf("build: bad or repeated point %q", name)
			}
			grid[i] = letter[0]
		}
	}
	var sb strings.Builder
	for r := files - 1; r >= 0; r-- {
		empty := 0
		for f := range files {
			c := grid[pointAt(f, r)]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	s := fmt.Sprintf("%s %s %d", sb.String(), turn, clock)
	p, err := Zamma.Parse(s)
	if err != nil {
		t.Fatalf("build: Parse(%q): %v", s, err)
	}
	return p.(*Position)
}

// notations returns the sorted notations of p's legal moves.
func notations(p engine.Position) []string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.FormatMove(m))
	}
	slices.Sort(out)
	return out
}

// play parses and plays the moves in order, failing the test on a refusal.
func play(t *testing.T, p engine.Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("ParseMove(%q) in %s: %v", s, engine.String(p), err)
		}
		p.Do(m)
	}
}

// pt returns the index of a point name.
func pt(t testing.TB, name string) int {
	t.Helper()
	i, ok := point(name)
	if !ok {
		t.Fatalf("bad point %q", name)
	}
	return i
}
