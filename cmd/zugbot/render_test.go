package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	board, replay := filepath.Join(dir, "b.png"), filepath.Join(dir, "r.gif")
	code, _, errOut := zugbot(t, "render", "-game", "zola", "-moves", "b6xb5 c6xc5 e3xe4",
		"-o", board, "-gif", replay, "-viewer", "blue", "-players", "ada,grace", "-ratings", "1500,1432", "-select", "c4")
	if code != 0 {
		t.Fatalf("zugbot render: exit %d, stderr %q; want 0", code, errOut)
	}
	f, err := os.Open(board)
	if err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatalf("decode %s: %v", board, err)
	}
	if s := im.Bounds().Size(); max(s.X, s.Y) < 800 {
		t.Errorf("board is %v, want at least 800 pixels on the long side", s)
	}
	f, err = os.Open(replay)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(f)
	f.Close()
	if err != nil {
		t.Fatalf("decode %s: %v", replay, err)
	}
	if len(g.Image) != 4 {
		t.Errorf("replay of 3 moves has %d frames, want 4", len(g.Image))
	}
}

func TestRenderCommandStdout(t *testing.T) {
	code, out, errOut := zugbot(t, "render", "-game", "zola", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if _, err := png.Decode(bytes.NewReader([]byte(out))); err != nil {
		t.Errorf("standard output is not a PNG: %v", err)
	}
}

func TestRenderCommandErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "never.png")
	tests := []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"-game", "zola", "-moves", "b6xb5 zz"}, "move 2"},
		{[]string{"-game", "zola", "-select", "q9"}, `no point "q9"`},
		{[]string{"-game", "zola", "-viewer", "green"}, "want first, second, 1, 2, Red or Blue"},
		{[]string{"-game", "zola", "-players", "a,b,c"}, "two values"},
		{[]string{"-game", "nope"}, "unknown game"},
		{[]string{"-game", "zola", "-o", "-", "-gif", "-"}, "cannot both"},
	}
	for _, tt := range tests {
		args := append([]string{"render", "-o", out}, tt.args...)
		code, _, errOut := zugbot(t, args...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("zugbot %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(args, " "), code, errOut, tt.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("zugbot %s wrote %s despite the error", strings.Join(args, " "), out)
			os.Remove(out)
		}
	}
}

func FuzzRenderFlags(f *testing.F) {
	f.Add("alice,bob", "Blue")
	f.Add(",", "2")
	f.Add("a,b,c", "0")
	v, err := findVariant("zola")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, players, viewer string) {
		if got, err := pair(players, "-players"); err == nil && players != "" && !strings.Contains(players, ",") {
			t.Errorf("pair(%q) = %q, want an error: there is no comma", players, got)
		}
		if s, err := parseSide(v, "-viewer", viewer); err == nil && s > 1 {
			t.Errorf("parseSide(%q) = %d, not a side", viewer, s)
		}
	})
}
