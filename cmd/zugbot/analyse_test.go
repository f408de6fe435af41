package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAnalyseCommand(t *testing.T) {
	dir := t.TempDir()
	graph := filepath.Join(dir, "g.png")
	// Zodiac's win in one missed: C5-C4 wins at once, T4-C2 loses.
	code, out, errOut := zugbot(t, "analyse", "-game", "zodiac", "-position", "bwbwbw/..n.n. w c2c3 1", "-moves", "T4-C2",
		"-o", graph, "-mistakes", filepath.Join(dir, "m"), "-players", "ada,grace")
	if code != 0 {
		t.Fatalf("zugbot analyse: exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"Zodiac is solved: this analysis is exact.", "T4-C2?? {better: C5-C4}", "grace (White): accuracy 0%: 0 inaccuracies, 0 mistakes, 1 blunder"} {
		if !strings.Contains(out, want) {
			t.Errorf("output %q; want %q", out, want)
		}
	}
	for _, name := range []string{graph, filepath.Join(dir, "m-1.png")} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// The graph to standard output, and nothing else there: the report
	// goes to standard error.
	code, out, errOut = zugbot(t, "analyse", "-game", "zola", "-moves", "a1xb1", "-o", "-")
	if _, err := png.Decode(strings.NewReader(out)); code != 0 || err != nil {
		t.Errorf("-o -: exit %d, %v; want a PNG on standard output", code, err)
	}
	if !strings.Contains(errOut, "1. a1xb1\n") || !strings.Contains(errOut, "Result: the game goes on") {
		t.Errorf("-o -: standard error %q; want the report", errOut)
	}
	// A side that has not moved is not judged, and a side without a
	// player's name is named once.
	code, out, _ = zugbot(t, "analyse", "-game", "zola", "-moves", "a1xb1")
	if code != 0 || !strings.Contains(out, "\nRed: accuracy ") || !strings.Contains(out, "\nBlue: no moves to judge\n") || strings.Contains(out, "Red (Red)") {
		t.Errorf("analyse of one move: exit %d, %q; want Red judged and Blue not", code, out)
	}
	// Files are not overwritten without -force, and are checked before the
	// analysis.
	code, _, errOut = zugbot(t, "analyse", "-game", "zola", "-moves", "a1xb1", "-o", graph)
	if code != exitUsage || !strings.Contains(errOut, "-o "+graph+" already exists: give -force to overwrite it") {
		t.Errorf("analyse -o over a file: exit %d, %q", code, errOut)
	}
	code, _, errOut = zugbot(t, "analyse", "-game", "zola", "-moves", "a1xb1", "-o", graph, "-force")
	if code != 0 {
		t.Errorf("analyse -o -force: exit %d, %q", code, errOut)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-game", "zola"}, "-moves is required"},
		{[]string{"-game", "zola", "-moves", "a1xb1 z9-z9"}, "-moves: move 2"},
		{[]string{"-moves", "a1xb1"}, "-game is required"},
		{[]string{"-game", "zola", "-moves", "a1xb1", "-o", "g.svg"}, "give a name ending in .jpeg or .jpg or .png"},
	} {
		code, _, errOut := zugbot(t, append([]string{"analyse"}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("analyse %v: exit %d, %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

// TestAnalyseProgress: on a terminal, analyse shows how far it has gone on
// one line of standard error, rewritten in place and cleared at the end;
// elsewhere (a file, a pipe, these tests' buffers) it shows nothing.
func TestAnalyseProgress(t *testing.T) {
	code, _, errOut := zugbot(t, "analyse", "-game", "zola", "-moves", "a1xb1 a2-a1")
	if code != 0 || errOut != "" {
		t.Errorf("analyse with standard error not a terminal: exit %d, stderr %q; want nothing there", code, errOut)
	}
	defer func(f func(any) bool) { isTerminal = f }(isTerminal)
	isTerminal = func(any) bool { return true }
	code, out, errOut := zugbot(t, "analyse", "-game", "zola", "-moves", "a1xb1 a2-a1")
	want := "\ranalysing: position 1 of 3…\ranalysing: position 2 of 3…\ranalysing: position 3 of 3…\r" +
		strings.Repeat(" ", utf8.RuneCountInString("analysing: position 3 of 3…")) + "\r"
	if code != 0 || errOut != want || !strings.HasPrefix(out, "1. a1xb1 a2-a1") {
		t.Errorf("analyse on a terminal: exit %d, stderr %q, stdout %q; want stderr %q", code, errOut, out, want)
	}
}
