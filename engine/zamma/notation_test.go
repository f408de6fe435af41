package zamma

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
)

// ambiguous is a position where Black's mullah on g9 has several capture
// sequences from g9 to d4 that take different counters.
const ambiguous = "wwww1wB2/www1w4/2www2w1/w1w3w2/2wbb2bb/b8/b4b1bb/b1b1b1b1b/1bbb1b2b b 1"

func TestDescribe(t *testing.T) {
	for _, tc := range []struct {
		name, pieces, move string
		path, taken        []string
	}{
		{"a step", "b:d4 w:a9", "d4-e5", []string{"d4", "e5"}, nil},
		{"a man's multiple capture", "b:c3 w:c4,d4,e6,f6", "c3xe5xe7xg5",
			[]string{"c3", "e5", "e7", "g5"}, []string{"d4", "e6", "f6"}},
		{"a mullah's multiple capture", "B:a1 w:c3,e7 b:g7", "a1xe5xe9",
			[]string{"a1", "e5", "e9"}, []string{"c3", "e7"}},
		{"the first of two sequences that make one move", "b:c3 w:c4,d4,c6,d6", "c3xe5xc7xc5xc3",
			[]string{"c3", "c5", "c7", "e5", "c3"}, []string{"c4", "c6", "d6", "d4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := build(t, tc.pieces, "b", 0)
			m, err := p.ParseMove(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			info := p.Describe(m)
			if got := names(info.Path); !slices.Equal(got, tc.path) {
				t.Errorf("Describe(%s).Path = %v, want %v", tc.move, got, tc.path)
			}
			if got := names(info.Taken); !slices.Equal(got, tc.taken) {
				t.Errorf("Describe(%s).Taken = %v, want %v", tc.move, got, tc.taken)
			}
			if got, want := p.FormatMove(m), strings.Join(tc.path, sep(tc.taken)); got != want {
				t.Errorf("FormatMove = %q, want %q", got, want)
			}
		})
	}
}

func sep(taken []string) string {
	if len(taken) == 0 {
		return "-"
	}
	return "x"
}

func names(pts []int) []string {
	var out []string
	for _, i := range pts {
		out = append(out, zammaBoard.names[i])
	}
	return out
}

func TestParseMove(t *testing.T) {
	for _, tc := range []struct {
		name, pos, entry string
		want             string // the move's notation; empty if refused
	}{
		{"a step", startString, "d4-e5", "d4-e5"},
		{"any case and spacing around", startString, "  D4-E5 ", "d4-e5"},
		{"x for a step", startString, "d4xe5", "d4-e5"},
		{"spaces around the separators", p7, "c3 x e5 - e7 x g5", "c3xe5xe7xg5"},
		{"every landing", p7, "c3xe5xe7xg5", "c3xe5xe7xg5"},
		{"- for a capture", p7, "c3-e5-e7-g5", "c3xe5xe7xg5"},
		{"first and last point, when unique", p7, "c3xg5", "c3xe5xe7xg5"},
		{"some landings left out, when unique", p7, "c3xe7xg5", "c3xe5xe7xg5"},
		{"another sequence of the same move", loop, "c3xe5xc7xc5xc3", "c3xc5xc7xe5xc3"},
		{"the same move abbreviated", loop, "c3xc3", "c3xc5xc7xe5xc3"},
		{"abbreviated through a point of either sequence", loop, "c3xe5xc3", "c3xc5xc7xe5xc3"},
		{"a mullah's capture, one landing of several", "9/9/9/9/9/9/2w6/9/B8 b 0", "a1xe5", "a1xe5"},
		{"enough landings to tell the sequences apart", ambiguous, "g9xg5xb6xd4", "g9xg5xd8xb6xd4"},
		{"a landing that appears twice", "wwww1w1ww/wwww2www/ww1w1w2w/w1www2ww/b4bbbB/bb2bb1bb/bb2bb1bb/bbb1bbbbb/bb1bb1bbb b 3",
			"i5xe9xe5xc7xe9", "i5xe9xe5xc7xe9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Zamma.Parse(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseMove(tc.entry)
			if tc.want == "" {
				if err == nil {
					t.Errorf("ParseMove(%q) = %s, want an error", tc.entry, p.FormatMove(m))
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tc.entry, err)
			}
			if got := p.FormatMove(m); got != tc.want {
				t.Errorf("ParseMove(%q) = %s, want %s", tc.entry, got, tc.want)
			}
		})
	}
}

// Positions for the notation tests.
const (
	// p7: Black's man on c3 can take c4 and d4, or d4, e6 and f6, or d4 and f6.
	p7 = "9/9/9/4ww3/9/2ww5/2b6/9/9 b 0"
	// loop: Black's man on c3 can take all four and come back, in two orders.
	loop = "9/9/9/2ww5/9/2ww5/2b6/9/9 b 0"
)

func TestParseMoveRefused(t *testing.T) {
	for _, tc := range []struct {
		name, pos, entry string
		reason           string   // part of the reason
		legal            []string // the alternatives named, if any
	}{
		{"empty", startString, "", "write a step as from-to", nil},
		{"too long", startString, strings.Repeat("a1-", 100) + "a2", "write a step as from-to", nil},
		{"not a point", startString, "d4-j5", `"j5" is not a point`, nil},
		{"one point", startString, "d4", "at least two points", nil},
		{"a dangling separator", startString, "d4-e5-", "at least two points", nil},
		{"no counter", startString, "e5-e6", "there is no counter on e5", nil},
		{"the opponent's counter", startString, "e6-e5", "e6 holds a White counter, and it is Black's turn", nil},
		{"a man steps forward only", "w8/9/9/9/9/9/3b5/9/9 b 0", "d3-d2", "a man steps forward only, towards rank 9",
			[]string{"d3-d4"}},
		{"White's men step down", "9/9/9/4w4/9/9/9/9/B8 w 0", "e6-e7", "a man steps forward only, towards rank 1",
			[]string{"e6-e5"}},
		{"no row lines", startString, "f5-e5", "f5 and e5 are not on one line", nil},
		{"star points have no diagonals", "w8/9/9/9/9/9/9/4b4/9 b 0", "e2-f3", "e2 and f3 are not on one line",
			[]string{"e2-e3"}},
		{"a man steps one point", "w8/9/9/9/9/9/9/3b5/9 b 0", "d2-d4", "only a mullah moves farther",
			[]string{"d2-c3", "d2-d3", "d2-e3"}},
		{"a mullah cannot pass a counter", "7w1/9/9/9/9/9/3b5/9/3B5 b 0", "d1-d5", "the way from d1 to d5 is blocked at d3",
			[]string{"d1-d2"}},
		{"an occupied point", startString, "d3-d4", "d4 is occupied", nil},
		// A man that tries to go two points is told that it steps one,
		// though the point beyond is occupied too.
		{"a man does not jump an empty point", startString, "e4-e6", "e6 is not next to e4: a man steps one point along its line (this way, to e5)",
			[]string{"e4-e5"}},
		{"a man does not jump its own", startString, "d3-d5", "d5 is not next to d3: a man steps one point along its line and jumps only to capture", nil},
		{"a mullah lands on an occupied point", "7w1/9/9/9/9/3b5/9/9/3B5 b 0", "d1-d4", "d4 is occupied",
			[]string{"d1-d2", "d1-d3"}},
		{"a blocked man", "8w/9/9/9/9/9/9/3b5/3b5 b 0", "d1-d2", "the counter on d1 has no legal move", nil},
		{"the capture must go on", p7, "c3xe5", "the capture must go on: from e5 the counter can capture again",
			[]string{"c3xc5xe3", "c3xe5xe7xg5", "c3xe5xg7"}},
		{"an abbreviation that must go on", p7, "c3xe7", "the capture must go on: from e7",
			[]string{"c3xc5xe3", "c3xe5xe7xg5", "c3xe5xg7"}},
		{"a capture that is not there", p7, "c3xa5", "no capture sequence of the counter on c3 goes that way",
			[]string{"c3xc5xe3", "c3xe5xe7xg5", "c3xe5xg7"}},
		{"a step while a capture is compulsory", p7, "c3-b4", "no capture sequence of the counter on c3 goes that way",
			[]string{"c3xc5xe3", "c3xe5xe7xg5", "c3xe5xg7"}},
		{"another counter while a capture is compulsory", "9/9/9/4ww3/9/2ww5/2b6/9/b8 b 0", "a1-a2",
			"a capture is compulsory, and the counter on a1 cannot capture", []string{"c3xc5xe3", "c3xe5xe7xg5", "c3xe5xg7"}},
		{"several sequences fit", ambiguous, "g9xd4", "4 different captures fit this entry",
			[]string{"g9xg5xd8xb6xd4", "g9xg5xd8xa5xa7xd4", "g9xd6xd8xb6xd4", "g9xd6xd8xa5xa7xd4"}},
		{"still several", ambiguous, "g9xg5xd4", "2 different captures fit this entry",
			[]string{"g9xg5xd8xb6xd4", "g9xg5xd8xa5xa7xd4"}},
		{"nothing to capture", startString, "d4xe5xf6", "there is nothing to capture", []string{"d4-e5"}},
		{"the game is over", "4w4/4b4/9/9/9/9/9/9/9 b 0", "e8-e9", "the game is over: blocked: Black has no legal move", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Zamma.Parse(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseMove(tc.entry)
			if err == nil {
				t.Fatalf("ParseMove(%q) = %s, want an error", tc.entry, p.FormatMove(m))
			}
			var me *engine.MoveError
			if !errors.As(err, &me) {
				t.Fatalf("ParseMove(%q): error %T, want *engine.MoveError", tc.entry, err)
			}
			if !strings.Contains(me.Reason, tc.reason) {
				t.Errorf("ParseMove(%q): reason %q, want it to contain %q", tc.entry, me.Reason, tc.reason)
			}
			got := slices.Sorted(slices.Values(me.Legal))
			want := slices.Sorted(slices.Values(tc.legal))
			if !slices.Equal(got, want) {
				t.Errorf("ParseMove(%q): suggests %v, want %v", tc.entry, got, want)
			}
		})
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, pos, err string
	}{
		{"empty", "", "want the ranks, the side to move"},
		{"no clock", "9/9/9/9/4w4/4b4/9/9/9 b", "want the ranks, the side to move"},
		{"bad side", "9/9/9/9/4w4/4b4/9/9/9 x 0", `side to move "x"`},
		{"negative clock", "9/9/9/9/4w4/4b4/9/9/9 b -1", "want a number from 0 to 100"},
		{"clock past the limit", "9/9/9/9/4w4/4b4/9/9/9 b 101", "want a number from 0 to 100"},
		{"clock not a number", "9/9/9/9/4w4/4b4/9/9/9 b x", "want a number from 0 to 100"},
		{"eight ranks", "9/9/9/4w4/4b4/9/9/9 b 0", "8 ranks"},
		{"a short rank", "9/9/9/9/4w3/4b4/9/9/9 b 0", "rank 5 has 8 points"},
		{"a long rank", "9/9/9/9/4w5/4b4/9/9/9 b 0", "rank 5 has more than 9 points"},
		{"a bad letter", "9/9/9/9/4x4/4b4/9/9/9 b 0", `rank 5: unexpected 'x'`},
		{"two digits in a row", "9/9/9/9/4w22/4b4/9/9/9 b 0", "two digits in a row"},
		{"a zero", "9/9/9/9/4w04/4b4/9/9/9 b 0", "unexpected '0'"},
		{"a Black man on rank 9", "4b4/9/9/9/4w4/9/9/9/9 w 0", "e9: a Black man on rank 9 would have become a mullah; write B"},
		{"a White man on rank 1", "9/9/9/9/4b4/9/9/9/4w4 b 0", "e1: a White man on rank 1 would have become a mullah; write W"},
		{"the side that moved has no counters", "9/9/9/9/4b4/9/9/9/9 b 0", "White has no counters"},
		{"an empty board", "9/9/9/9/9/9/9/9/9 b 0", "White has no counters"},
		{"too many counters", "BBBBBBBBB/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/bbbbbbbbb/9/9/9/4W4 b 0", "Black has 45 counters"},
		{"too long", strings.Repeat("9/", 200) + "9 b 0", "too long"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Zamma.Parse(tc.pos)
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Parse(%q) = %v, want an error containing %q", tc.pos, err, tc.err)
			}
		})
	}
	for _, s := range []string{startString, "9/9/9/9/4W4/9/3b5/w8/9 b 3", "9/9/9/9/9/9/9/9/B7W w 100", "9/9/9/9/4w4/9/9/9/9 b 0"} {
		p, err := Zamma.Parse(s)
		if err != nil {
			t.Errorf("Parse(%q): %v", s, err)
			continue
		}
		if got := engine.String(p); got != s {
			t.Errorf("Parse(%q) writes back as %q", s, got)
		}
	}
	if p, err := Zamma.Parse(" 9/9/9/9/4W4/9/3b5/w8/9   W  07 "); err != nil {
		t.Errorf("Parse with extra spaces, upper-case side and a leading zero: %v", err)
	} else if got, want := engine.String(p), "9/9/9/9/4W4/9/3b5/w8/9 w 7"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
