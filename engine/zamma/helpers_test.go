package zamma

import (
	"fmt"
	"strings"
	"testing"
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

// pt returns the index of a point name.
func pt(t testing.TB, name string) int {
	t.Helper()
	i, ok := point(name)
	if !ok {
		t.Fatalf("bad point %q", name)
	}
	return i
}
