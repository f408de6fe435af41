package zamma

import (
	"testing"

	"github.com/zugbot/zugbot/engine/enginetest"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		startString, p7, loop, ambiguous,
		"9/9/9/9/9/9/9/9/B7W w 100",
		"4b4/9/9/9/4w4/9/9/9/9 w 0",
		"9/9/9/9/4w22/4b4/9/9/9 b 0",
		"", "b", "9 b 0",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enginetest.CheckParse(t, Zamma, s)
	})
}

func FuzzParseMove(f *testing.F) {
	positions := []string{startString, p7, loop, ambiguous, "9/9/9/9/9/9/2w6/9/B8 b 0"}
	for i, s := range []string{
		"d4-e5", "c3xe5xe7xg5", "c3xg5", "c3xe5", "c3xe5xc7xc5xc3", "g9xd4", "a1xe5",
		"C3-E5-G7", "d4xx5", "-", "x", "a1-a1-a1-a1", "e5", "i9xa1",
	} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p, err := Zamma.Parse(positions[int(which)%len(positions)])
		if err != nil {
			t.Fatal(err)
		}
		enginetest.CheckParseMove(t, p, s)
	})
}
