package main

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"slices"
	"strings"
	"syscall"
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
		{[]string{"perft", "-game", "zola", "-depth", "x"}, `-depth "x" is not a whole number: -depth is the number of plies`},
		{[]string{"play", "-game", "zola", "-level", "x"}, `-level "x" is not a whole number: -level is the AI's level, from 1 (beginner) to 5 (master)`},
		{[]string{"play", "-game", "zola", "-seed", "-3"}, `-seed "-3" is not a whole number, 0 or more`},
		{[]string{"perft", "-game", "zola", "-depth", "2", "-divide=maybe"}, `-divide "maybe" is not true or false`},
		{[]string{"perft", "-game"}, "-game needs a value: the game variant"},
		{[]string{"-x"}, `unknown flag -x ("zugbot run -h" lists the flags)`},
		{[]string{"perft", "-game", "zola"}, "-depth is required"},
		{[]string{"perft", "-game", "zola", "-depth", "2", "-position", "RRR R"}, "bad -position for zola"},
		{[]string{"moves", "-game", "zola", "-position", "BRBRBR/RBRBRB R"}, "2 ranks"},
		{[]string{"moves", "-game", "zola", "extra"}, `unexpected argument "extra"`},
		{[]string{"moves", "-nosuch"}, `unknown flag -nosuch ("zugbot moves -h" lists the flags)`},
		{[]string{"help", "frobnicate"}, `unknown command "frobnicate"`},
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

// TestHelpCommand: "zugbot help X" is "zugbot X -h", not the list of
// commands.
func TestHelpCommand(t *testing.T) {
	for _, args := range [][]string{{"play"}, {"unregister"}, {"admin"}, {"admin", "export-user"}} {
		_, want, _ := zugbot(t, append(slices.Clone(args), "-h")...)
		code, out, errOut := zugbot(t, append([]string{"help"}, args...)...)
		if code != 0 || out != want || errOut != "" {
			t.Errorf("zugbot help %s: exit %d, stdout %q, stderr %q; want exit 0 and the output of zugbot %[1]s -h, %[5]q", strings.Join(args, " "), code, out, errOut, want)
		}
	}
	if _, out, _ := zugbot(t, "help"); !strings.Contains(out, "Commands:") {
		t.Errorf("zugbot help: %q; want the list of commands", out)
	}
}

// TestOwnFlags: each command's usage lists its own flags, not another's.
func TestOwnFlags(t *testing.T) {
	_, out, _ := zugbot(t, "unregister", "-h")
	for _, want := range []string{"-token", "-guild", "-api-url", "DISCORD_TOKEN"} {
		if !strings.Contains(out, want) {
			t.Errorf("unregister -h lacks %s:\n%s", want, out)
		}
	}
	for _, not := range []string{"-ai-workers", "-shards", "-metrics-addr", "-db", "-log-level"} {
		if strings.Contains(out, "  "+not+" ") {
			t.Errorf("unregister -h lists run's flag %s:\n%s", not, out)
		}
	}
	// unregister neither reads nor checks the settings it does not use.
	c, err := loadConfigFor("unregister", "", []string{"token", "guild", "api-url"}, nil, nil, env(map[string]string{
		"DISCORD_TOKEN": "abc", "ZUGBOT_DB": "postgres://u:p/w@h/db", "ZUGBOT_SHARDS": "x"}), io.Discard)
	if err != nil || c.Token != "abc" || c.DB != "" {
		t.Errorf("unregister's configuration: %+v, %v; want the token alone", c, err)
	}
	if code, _, errOut := zugbot(t, "unregister", "-shards", "2"); code != 2 || !strings.Contains(errOut, "unknown flag -shards") {
		t.Errorf("unregister -shards 2: exit %d, %q; want exit 2 and the unknown flag", code, errOut)
	}
}

// TestInterrupted: a command that Ctrl-C (SIGINT) stops exits with 130,
// 128 + the signal's number, as shells report it (143 for SIGTERM), saying
// so in one line; a command's context cancelled otherwise keeps its error.
func TestInterrupted(t *testing.T) {
	for _, tt := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(signalled{tt.sig})
		var out, errs bytes.Buffer
		code := run(ctx, []string{"match", "-game", "zola4", "-a", "1", "-b", "1", "-games", "2"}, &out, &errs)
		if code != tt.code || errs.String() != "zugbot match: interrupted\n" {
			t.Errorf("match stopped by %v: exit %d, stderr %q; want %d and one line saying interrupted", tt.sig, code, errs.String(), tt.code)
		}
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(signalled{syscall.SIGTERM})
	// The bot stops gracefully on the signal and returns nil: exit 0, as
	// systemd expects of a service it stops.
	if code, ok := interrupted(ctx, nil); ok {
		t.Errorf("a command that finished after the signal: exit %d; want its own status", code)
	}
	if code, ok := interrupted(context.Background(), errInterrupted); !ok || code != 130 {
		t.Errorf("errInterrupted without a signal: %d, %v; want 130", code, ok)
	}
}

// TestVersion: zugbot version, -v and --version print the version, the
// commit and the Go version on one line.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}, {"-v"}, {"--v"}} {
		code, out, _ := zugbot(t, args...)
		if code != 0 || !strings.HasPrefix(out, "zugbot dev (") || !strings.Contains(out, runtime.Version()) {
			t.Errorf("zugbot %v: exit %d, %q; want the version line", args, code, out)
		}
	}
}
