package main

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"
)

// zugbot runs the command line and returns its exit status and output.
func zugbot(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// lastLine returns the last non-empty line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "-game", "zola", "-depth", "3"}, "46472"},
		{[]string{"perft", "-game", "zola4", "-depth", "4"}, "54996"},
		{[]string{"perft", "-game", "ZOLA", "-depth", "1"}, "36"},
		{[]string{"perft", "-game", "zola", "-depth", "2", "-position", "RR4/5R/4R1/6/B5/B2BR1 B"}, "7"}, // pass, then a6xa2 f5-f6 e4-e5 e4-f4 e4-f3 e1-f1 e1xd1,
		{[]string{"perft", "-game", "zola", "-depth", "2", "-divide"}, "1296"},
		{[]string{"perft", "-game", "chess", "-depth", "4"}, "197281"},
		{[]string{"perft", "-game", "chess", "-depth", "3", "-position", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}, "97862"},
		{[]string{"perft", "-game", "zonal", "-depth", "3"}, "19562"},
	}
	for _, tt := range tests {
		code, out, errOut := zugbot(t, tt.args...)
		if code != 0 || lastLine(out) != tt.want {
			t.Errorf("zugbot %s: exit %d, last line %q (stderr %q); want exit 0 and %s", strings.Join(tt.args, " "), code, lastLine(out), errOut, tt.want)
		}
	}
}

func TestDivideListsEveryMove(t *testing.T) {
	_, out, _ := zugbot(t, "perft", "-game", "zola", "-depth", "2", "-divide")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 37 || lines[0] != "a1xb1 36" {
		t.Errorf("divide printed %d lines starting %q, want 36 moves with 36 replies each and the total", len(lines), lines[0])
	}
}

func TestMovesCommand(t *testing.T) {
	code, out, _ := zugbot(t, "moves", "-game", "zola")
	moves := strings.Fields(out)
	if code != 0 || len(moves) != 36 || moves[0] != "a1xb1" {
		t.Errorf("zugbot moves -game zola: exit %d, %d moves starting %q; want 36 from a1xb1", code, len(moves), moves[0])
	}
	code, out, _ = zugbot(t, "moves", "-game", "zola", "-position", "RR4/5R/4R1/6/B5/B2BR1 B")
	if code != 0 || strings.TrimSpace(out) != "pass" {
		t.Errorf("moves in a forced-pass position: exit %d, %q; want pass", code, out)
	}
	code, out, _ = zugbot(t, "moves", "-game", "zonal")
	if moves := strings.Fields(out); code != 0 || len(moves) != 26 || !strings.Contains(out, "Rd1\n") {
		t.Errorf("zugbot moves -game zonal: exit %d, %d moves %v; want 26 with Rd1", code, len(moves), moves)
	}
	code, out, errOut := zugbot(t, "moves", "-game", "zola", "-position", "6/6/6/6/6/R5 B")
	if code != 0 || out != "" || !strings.Contains(errOut, "Red wins") {
		t.Errorf("moves after the end: exit %d, out %q, stderr %q; want no moves and who won", code, out, errOut)
	}
}

// TestUsageErrors checks that every mistake gets one line naming what is
// wrong, and exit status 2.
func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "-game", "go", "-depth", "2"}, `unknown game "go"`},
		{[]string{"perft", "-depth", "2"}, "-game is required"},
		{[]string{"perft", "-game", "zola", "-depth", "0"}, "bad -depth 0"},
		{[]string{"perft", "-game", "zola", "-depth", "x"}, `invalid value "x" for flag -depth`},
		{[]string{"perft", "-game", "zola"}, "-depth is required"},
		{[]string{"perft", "-game", "zola", "-depth", "2", "-position", "RRR R"}, "bad -position for zola"},
		{[]string{"moves", "-game", "zola", "-position", "BRBRBR/RBRBRB R"}, "2 ranks"},
		{[]string{"moves", "-game", "zola", "extra"}, `unexpected argument "extra"`},
		{[]string{"moves", "-nosuch"}, "flag provided but not defined: -nosuch"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
	}
	for _, tt := range tests {
		code, out, errOut := zugbot(t, tt.args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tt.want) {
			t.Errorf("zugbot %s: exit %d, stdout %q, stderr %q; want exit 2 and one line saying %q",
				strings.Join(tt.args, " "), code, out, errOut, tt.want)
		}
	}
}

func TestHelp(t *testing.T) {
	// Help goes to standard output ("zugbot -h | less"), with exit 0.
	code, out, errOut := zugbot(t, "-h")
	if code != 0 || errOut != "" || !strings.Contains(out, "perft") || !strings.Contains(out, "zola8") {
		t.Errorf("zugbot -h: exit %d, stdout %q, stderr %q; want the commands and games listed on stdout", code, out, errOut)
	}
	for _, c := range commands() {
		code, out, errOut := zugbot(t, c.name, "-h")
		if code != 0 || errOut != "" || !strings.Contains(out, "Usage of zugbot "+c.name) {
			t.Errorf("zugbot %s -h: exit %d, stdout %q, stderr %q; want its usage on stdout", c.name, code, out, errOut)
		}
	}
}

// TestVersion: zugbot version and -version print the version, the commit
// and the Go version on one line.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"-version"}} {
		code, out, _ := zugbot(t, args...)
		if code != 0 || !strings.HasPrefix(out, "zugbot dev (") || !strings.Contains(out, runtime.Version()) {
			t.Errorf("zugbot %v: exit %d, %q; want the version line", args, code, out)
		}
	}
}
