package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/puzzle"
)

// TestPuzzleCommand solves a shipped puzzle at the terminal, after an entry
// that is no move, gives the next one up, and fails another in a second
// run: the reply, the solve, the answer and the failure are said, with the
// rating moving up and down.
func TestPuzzleCommand(t *testing.T) {
	set, err := puzzle.Set("zodiac")
	if err != nil || len(set) == 0 {
		t.Fatal("no zodiac puzzles", err)
	}
	var pz puzzle.Puzzle
	for _, p := range set {
		if len(p.Line) >= 3 {
			pz = p
			break
		}
	}
	var in strings.Builder
	in.WriteString("C9-C9\n")
	for i := 0; i < len(pz.Line); i += 2 {
		in.WriteString(pz.Line[i] + "\n")
	}
	in.WriteString("skip\nquit\n")
	var out, errOut bytes.Buffer
	err = puzzleCommand(context.Background(), []string{"-game", "zodiac", "-id", pz.ID, "-seed", "1"}, strings.NewReader(in.String()), &out, &errOut)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	got := out.String()
	for _, want := range []string{
		"Puzzle " + pz.ID,
		"move \"C9-C9\":",
		pz.Line[0] + " is right. White answers " + pz.Line[1] + ".",
		"solved! Your rating: 1500? → 1",
		"The answer was ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the output lacks %q:\n%s", want, got)
		}
	}
	if strings.Count(got, "Puzzle zodiac-") != 3 || !strings.Contains(got, "(-") {
		t.Errorf("want a second puzzle after the first, given up with a fall, and a third:\n%s", got)
	}
	// A wrong move in another puzzle.
	other := set[len(set)-1]
	v, _ := games.ByID("zodiac")
	p, _ := other.Start(v)
	wrong := ""
	for _, m := range p.Moves(nil) {
		if a, err := other.Check(v, 0, p.FormatMove(m)); err == nil && !a.Correct {
			wrong = a.Move
			break
		}
	}
	out.Reset()
	err = puzzleCommand(context.Background(), []string{"-game", "zodiac", "-id", other.ID}, strings.NewReader(wrong+"\nquit\n"), &out, &errOut)
	want := wrong + " is not it: the answer was " + other.Line[0] + ". Your rating: 1500? → 1"
	if err != nil || !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "(-") {
		t.Errorf("a wrong move: %v; the output lacks %q and a fall:\n%s", err, want, out.String())
	}
}
