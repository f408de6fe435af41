package main

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		in   string
		want playerSpec
	}{
		{"3", playerSpec{level: 3}},
		{"level5", playerSpec{level: 5}},
		{"Level1", playerSpec{level: 1}},
		{"5@500ms", playerSpec{level: 5, time: 500 * time.Millisecond}},
		{"random", playerSpec{random: true}},
		{"mcts:1000", playerSpec{playouts: 1000}},
		{"mcts@2s", playerSpec{time: 2 * time.Second}},
		{"mcts:50@1s", playerSpec{playouts: 50, time: time.Second}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := parseSpec(tt.in)
			if err != nil {
				t.Fatalf("parseSpec(%q): %v", tt.in, err)
			}
			tt.want.text = tt.in
			if got != tt.want {
				t.Errorf("parseSpec(%q) = %+v, want %+v", tt.in, got, tt.want)
			}
		})
	}
}

// TestMatchStockfish plays a short match against Stockfish over UCI and
// checks the result line on its scale.
func TestMatchStockfish(t *testing.T) {
	var out, errs bytes.Buffer
	code := run(context.Background(), []string{"match", "-game", "chess", "-a", "1@10ms", "-b", "stockfish:1350@10ms", "-games", "2"}, &out, &errs)
	if code != 0 || !strings.Contains(out.String(), "1@10ms on Stockfish's UCI_Elo scale: ") {
		t.Errorf("match against Stockfish: exit %d\n%s%s", code, out.String(), errs.String())
	}
}

func TestParseSpecErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0", "want a player"},
		{"6", "want a player"},
		{"level", "want a player"},
		{"", "want a player"},
		{"mcts", "give MCTS a budget"},
		{"mcts:", "bad number of playouts"},
		{"mcts:-5", "bad number of playouts"},
		{"mcts:x", "bad number of playouts"},
		{"3@", "bad time"},
		{"3@soon", "bad time"},
		{"3@-1s", "bad time"},
		{"random@1s", "take no time"},
		{"stockfish:1000@1s", "ELO from 1350 to 2850"},
		{"stockfish:x@1s", "ELO from 1350 to 2850"},
		{"stockfish:1700", "give Stockfish its time per move"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := parseSpec(tt.in)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("parseSpec(%q) error = %v, want one containing %q", tt.in, err, tt.want)
			}
		})
	}
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"3", "level5", "random", "mcts:100", "mcts@1s", "5@500ms", "@", "mcts:@"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := parseSpec(s)
		if err != nil {
			return
		}
		kinds := 0
		if spec.level > 0 {
			kinds++
		}
		if spec.random {
			kinds++
		}
		if spec.playouts > 0 || (spec.level == 0 && !spec.random && spec.time > 0) {
			kinds++
		}
		if kinds != 1 {
			t.Errorf("parseSpec(%q) = %+v: want exactly one kind of player", s, spec)
		}
	})
}

func TestEloDiff(t *testing.T) {
	tests := []struct {
		w, d, l    int
		elo        int
		marginFrom int // the margin must lie in [marginFrom, marginTo]
		marginTo   int
	}{
		{50, 0, 50, 0, 65, 75},     // even: 0.5 ± 1.96·0.05 is ±69 Elo
		{0, 100, 0, 0, 0, 0},       // all draws: no variance
		{75, 0, 25, 191, 75, 90},   // 75%
		{25, 0, 75, -191, 75, 90},  // and its mirror
		{60, 20, 20, 147, 60, 72},  // 70%, draws narrowing the margin
		{100, 0, 0, 920, 100, 130}, // perfect: taken as 99.5%
		{0, 0, 10, -512, 110, 140}, // nil: taken as 5%
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d-%d-%d", tt.w, tt.d, tt.l), func(t *testing.T) {
			elo, margin := eloDiff(tt.w, tt.d, tt.l)
			if elo != tt.elo || margin < tt.marginFrom || margin > tt.marginTo {
				t.Errorf("eloDiff(%d, %d, %d) = %d ± %d, want %d ± [%d, %d]", tt.w, tt.d, tt.l, elo, margin, tt.elo, tt.marginFrom, tt.marginTo)
			}
		})
	}
}

var summaryLine = regexp.MustCompile(`^(\S+) vs (\S+): (\d+) wins, (\d+) draws, (\d+) losses, Elo [+-]\d+ ± \d+$`)

func TestMatch(t *testing.T) {
	var out, errs bytes.Buffer
	args := []string{"-game", "zola4", "-a", "2", "-b", "random", "-games", "7", "-seed", "3"}
	if code := run(context.Background(), append([]string{"match"}, args...), &out, &errs); code != 0 {
		t.Fatalf("zugbot match %v: exit %d: %s", args, code, errs.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	m := summaryLine.FindStringSubmatch(last)
	if m == nil {
		t.Fatalf("last line %q does not match %v", last, summaryLine)
	}
	if m[1] != "2" || m[2] != "random" {
		t.Errorf("players %q and %q, want 2 and random", m[1], m[2])
	}
	var w, d, l int
	fmt.Sscan(m[3]+" "+m[4]+" "+m[5], &w, &d, &l)
	if w+d+l != 8 {
		t.Errorf("%d games counted, want 8 (7 rounded up to pairs)", w+d+l)
	}
	progress := 0
	for _, line := range lines {
		if strings.HasPrefix(line, "game ") {
			progress++
		}
	}
	if progress != 8 {
		t.Errorf("%d progress lines, want 8:\n%s", progress, out.String())
	}
	// Level 2 searches to depth 2 (less where it finds a forced win
	// sooner, more where replies are forced); the random player does not
	// search.
	searchLine := regexp.MustCompile(`^2 searched (\d+) moves: depth (\d+\.\d), \d+ nodes a second and \S+ a move on average$`)
	var searched []string
	for _, line := range lines {
		if m := searchLine.FindStringSubmatch(line); m != nil {
			searched = m
		}
		if strings.HasPrefix(line, "random searched") {
			t.Errorf("the random player's moves counted as searched: %q", line)
		}
	}
	if searched == nil {
		t.Fatalf("no line on level 2's searches:\n%s", out.String())
	}
	if n, _ := strconv.Atoi(searched[1]); n < 8 {
		t.Errorf("level 2 searched %d moves in 8 games", n)
	}
	if d, _ := strconv.ParseFloat(searched[2], 64); d < 1.5 || d > 3 {
		t.Errorf("level 2's mean depth %v, want about 2", d)
	}
}

// TestMatchAdjudicate plays the same deterministic games with and without
// adjudication: a game adjudicated is won by the side that goes on to win
// it when played out, and ends earlier.
func TestMatchAdjudicate(t *testing.T) {
	play := func(extra ...string) []string {
		var out, errs bytes.Buffer
		args := append([]string{"match", "-game", "chess", "-a", "3", "-b", "1", "-games", "2", "-seed", "1", "-parallel", "1"}, extra...)
		if code := run(context.Background(), args, &out, &errs); code != 0 {
			t.Fatalf("zugbot %v: exit %d: %s", args, code, errs.String())
		}
		return strings.Split(out.String(), "\n")
	}
	adjudicated, played := play("-adjudicate"), play()
	gameLine := regexp.MustCompile(`^game (\d+)/2: .*: (.*) \((.*)\) after (\d+) plies`)
	seen := 0
	for i, line := range adjudicated {
		m := gameLine.FindStringSubmatch(line)
		if m == nil || m[3] != "adjudication" {
			continue
		}
		seen++
		full := gameLine.FindStringSubmatch(played[i])
		if full == nil || full[1] != m[1] || full[2] != m[2] {
			t.Errorf("adjudicated: %q\nplayed out: %q\nwant the same game and winner", line, played[i])
			continue
		}
		var early, late int
		fmt.Sscan(m[4]+" "+full[4], &early, &late)
		if early >= late {
			t.Errorf("adjudicated after %d plies, played out in %d: want it earlier", early, late)
		}
	}
	if seen == 0 {
		t.Errorf("no game adjudicated:\n%s", strings.Join(adjudicated, "\n"))
	}
}

func TestMatchDeterministic(t *testing.T) {
	// Node- and depth-bounded players with the same seed play the same
	// games (in the same time or not).
	timing := regexp.MustCompile(`(?m)^.* a move on average$`)
	play := func() string {
		var out, errs bytes.Buffer
		args := []string{"match", "-game", "zola", "-a", "3", "-b", "1", "-games", "2", "-seed", "9", "-parallel", "1"}
		if code := run(context.Background(), args, &out, &errs); code != 0 {
			t.Fatalf("zugbot %v: exit %d: %s", args, code, errs.String())
		}
		return timing.ReplaceAllString(out.String(), "")
	}
	if a, b := play(), play(); a != b {
		t.Errorf("two runs with the same seed differ:\n%s\n%s", a, b)
	}
}

func TestMatchErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-a", "1", "-b", "2", "-games", "2"}, "-game is required"},
		{[]string{"-game", "zola", "-b", "2", "-games", "2"}, "-a and -b are required"},
		{[]string{"-game", "zola", "-a", "9", "-b", "2", "-games", "2"}, `player "9"`},
		{[]string{"-game", "zola", "-a", "1", "-b", "2"}, "-games is required"},
		{[]string{"-game", "zola", "-a", "1", "-b", "2", "-games", "-1"}, "bad -games -1: want 1 to 100000 (rounded up to an even number)"},
		{[]string{"-game", "zola", "-a", "1", "-b", "2", "-games", "100001"}, "bad -games 100001"},
		{[]string{"-game", "zola", "-a", "1", "-b", "2", "-games", "4", "-parallel", "3"}, "bad -parallel 3"},
		{[]string{"-game", "zola", "-a", "1", "-b", "2", "-games", "4", "-opening", "-1"}, "bad -opening -1"},
		{[]string{"-game", "nope", "-a", "1", "-b", "2", "-games", "4"}, `unknown game "nope"`},
		{[]string{"-game", "zonal", "-a", "1", "-b", "stockfish:1700@10ms", "-games", "2"}, "Stockfish plays chess, not zonal"},
		{[]string{"-game", "chess", "-a", "5", "-b", "mcts:100", "-games", "2", "-adjudicate"}, `player "mcts:100" gives none`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errs bytes.Buffer
			code := run(context.Background(), append([]string{"match"}, tt.args...), &out, &errs)
			if code != 2 || !strings.Contains(errs.String(), tt.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 and a message containing %q", code, errs.String(), tt.want)
			}
		})
	}
}

func TestMatchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errs bytes.Buffer
	code := run(ctx, []string{"match", "-game", "zola", "-a", "5", "-b", "5", "-games", "2"}, &out, &errs)
	if code != 1 || !strings.Contains(errs.String(), "context canceled") {
		t.Errorf("exit %d, stderr %q; want exit 1 and the cancellation", code, errs.String())
	}
}

// TestMatchOneGame: -games 1 is rounded up to a pair, as the usage says.
func TestMatchOneGame(t *testing.T) {
	var out, errs bytes.Buffer
	code := run(context.Background(), []string{"match", "-game", "zola4", "-a", "random", "-b", "random", "-games", "1"}, &out, &errs)
	if code != 0 || !strings.Contains(out.String(), "2 games") || !strings.Contains(out.String(), "game 2/2") {
		t.Errorf("match -games 1: exit %d, stdout %q, stderr %q; want a pair of games", code, out.String(), errs.String())
	}
}
