package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	// The graph to standard output, and nothing else there.
	code, out, _ = zugbot(t, "analyse", "-game", "zola", "-moves", "a1xb1", "-o", "-")
	if _, err := png.Decode(strings.NewReader(out)); code != 0 || err != nil {
		t.Errorf("-o -: exit %d, %v; want a PNG on standard output", code, err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-game", "zola"}, "-moves is required"},
		{[]string{"-game", "zola", "-moves", "a1xb1 z9-z9"}, "-moves: move 2"},
		{[]string{"-moves", "a1xb1"}, "-game is required"},
	} {
		code, _, errOut := zugbot(t, append([]string{"analyse"}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("analyse %v: exit %d, %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}
