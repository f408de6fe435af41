package main

import (
	"bytes"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http"
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
		{[]string{"-game", "zola", "-ratings", "abc,12"}, `"abc" is not a rating`},
		{[]string{"-game", "zola", "-ratings", "1500,15x"}, `"15x" is not a rating`},
		{[]string{"-game", "zola", "-o", filepath.Join(dir, "b.bmp")}, "zugbot writes no .bmp file here; give a name ending in .jpeg or .jpg or .png"},
		{[]string{"-game", "zola", "-gif", filepath.Join(dir, "r.png")}, "give a name ending in .gif"},
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

// TestRenderFiles: -o writes a JPEG for .jpg and .jpeg, refuses to
// overwrite a file unless -force is given, and -ratings takes ratings.
func TestRenderFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.jpg", "b.JPEG"} {
		out := filepath.Join(dir, name)
		if code, _, errOut := zugbot(t, "render", "-game", "zola", "-o", out, "-ratings", "1500?,"); code != 0 {
			t.Fatalf("render -o %s: exit %d, %q", name, code, errOut)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil || http.DetectContentType(data) != "image/jpeg" {
			t.Errorf("%s is %s (%v); want a JPEG", name, http.DetectContentType(data), err)
		}
	}
	out := filepath.Join(dir, "b.png")
	if err := os.WriteFile(out, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := zugbot(t, "render", "-game", "zola", "-o", out)
	if data, _ := os.ReadFile(out); code != exitUsage || string(data) != "keep" || !strings.Contains(errOut, out+" already exists: give -force to overwrite it") {
		t.Errorf("render over a file: exit %d, %q, the file holds %.8q; want exit 2 (a mistake on the command line), the file kept and -force suggested", code, errOut, data)
	}
	if code, _, errOut := zugbot(t, "render", "-game", "zola", "-o", out, "-force"); code != 0 {
		t.Fatalf("render -force: exit %d, %q", code, errOut)
	}
	if data, _ := os.ReadFile(out); http.DetectContentType(data) != "image/png" {
		t.Errorf("render -force left %.8q; want the PNG", data)
	}
	code, _, errOut = zugbot(t, "render", "-game", "zola", "-o", filepath.Join(dir, "none", "b.png"))
	if code != exitUsage || !strings.Contains(errOut, "the folder "+filepath.Join(dir, "none")+" does not exist") {
		t.Errorf("render into a missing folder: exit %d, %q", code, errOut)
	}
	for _, r := range []string{"1500", "1500?", "-12", "", "99999?"} {
		if !isRating(r) && r != "" {
			t.Errorf("isRating(%q) = false", r)
		}
	}
	for _, r := range []string{"abc", "15.5", "?", "-", "123456", "1 500", "1500??"} {
		if isRating(r) {
			t.Errorf("isRating(%q) = true", r)
		}
	}
}
