package zamma

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

// TestMoves checks the legal moves of positions that show one rule each.
func TestMoves(t *testing.T) {
	for _, tc := range []struct {
		name   string
		pieces string
		turn   string
		want   []string
	}{
		{"a man on an intersection steps forward or diagonally forward", "b:d4 w:a9", "b",
			[]string{"d4-c5", "d4-d5", "d4-e5"}},
		{"a man on a star point steps straight forward only", "b:e4 w:a9", "b",
			[]string{"e4-e5"}},
		{"White's men step down the board", "w:d6 b:a1", "w",
			[]string{"d6-c5", "d6-d5", "d6-e5"}},
		{"a man never steps sideways or backwards", "b:d4,c5,d5,e5 w:a9", "b",
			[]string{"c5-b6", "c5-c6", "c5-d6", "d5-d6", "e5-d6", "e5-e6", "e5-f6"}},
		{"a man captures backwards along a diagonal", "b:d4 w:c3", "b",
			[]string{"d4xb2"}},
		{"a man captures straight backwards", "b:d4 w:d3", "b",
			[]string{"d4xd2"}},
		{"a man on a star point has no diagonal capture", "b:e4 w:d5", "b",
			[]string{"e4-e5"}},
		{"there are no row lines to capture along", "b:d4 w:e4", "b",
			[]string{"d4-c5", "d4-d5", "d4-e5"}},
		{"capturing is compulsory", "b:a1,d4 w:d5", "b",
			[]string{"d4xd6"}},
		{"any capture sequence, not only the longest", "b:c3 w:c4,d4,e6,f6", "b",
			[]string{"c3xc5xe3", "c3xe5xe7xg5", "c3xe5xg7"}},
		{"a man passing the far rank mid-sequence goes on as a man", "b:c7 w:d8,e8,g7", "b",
			[]string{"c7xe9xe7"}},
		{"a man's sequence may end on its start; two orders are one move", "b:c3 w:c4,d4,c6,d6", "b",
			[]string{"c3xc5xc7xe5xc3", "c3xc5xe3", "c3xc5xe7"}},
		{"a mullah moves any distance, never over counters", "B:e5 b:e7 w:e9,e8,e3,e2", "b",
			[]string{"e5-a1", "e5-a9", "e5-b2", "e5-b8", "e5-c3", "e5-c7", "e5-d4", "e5-d6", "e5-e4", "e5-e6",
				"e5-f4", "e5-f6", "e5-g3", "e5-g7", "e5-h2", "e5-h8", "e5-i1", "e5-i9", "e7-d8", "e7-f8"}},
		{"a mullah on a star point moves along its column only", "B:e4 w:a9", "b",
			[]string{"e4-e1", "e4-e2", "e4-e3", "e4-e5", "e4-e6", "e4-e7", "e4-e8", "e4-e9"}},
		{"a mullah chooses among landing points and must go on where it can", "B:a1 w:c3,e7 b:g7", "b",
			[]string{"a1xd4", "a1xe5xe8", "a1xe5xe9", "a1xf6xc9", "a1xf6xd8"}},
		{"a White mullah flies up the board", "W:e1 b:e4 B:a9", "w",
			[]string{"e1xe5", "e1xe6", "e1xe7", "e1xe8", "e1xe9"}},
		{"a blocked side has no moves", "b:e8 w:e9", "b", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := build(t, tc.pieces, tc.turn, 0)
			if got := enginetest.Notations(p); !slices.Equal(got, tc.want) {
				t.Errorf("%s: got %v, want %v", engine.String(p), got, tc.want)
			}
		})
	}
}

// TestPlay checks what moves leave behind: removal, promotion, the clock.
func TestPlay(t *testing.T) {
	for _, tc := range []struct {
		name      string
		pieces    string
		clock     int
		moves     []string
		want      map[string]engine.Piece // what stands on these points after
		wantClock int
	}{
		{"a man ending a step on the far rank becomes a mullah", "b:d8 w:a2", 37, []string{"d8-d9"},
			map[string]engine.Piece{"d9": {Kind: Mullah, Side: Black}, "d8": {}}, 0},
		{"a man ending a capture on the far rank becomes a mullah", "b:c7 w:d8,a2", 12, []string{"c7xe9"},
			map[string]engine.Piece{"e9": {Kind: Mullah, Side: Black}, "d8": {}, "c7": {}}, 0},
		{"a man only passing the far rank stays a man", "b:c7 w:d8,e8,g7", 5, []string{"c7xe9xe7"},
			map[string]engine.Piece{"e7": {Kind: Man, Side: Black}, "e9": {}, "d8": {}, "e8": {}, "g7": {Kind: Man, Side: White}}, 0},
		{"a new mullah flies on its next move", "b:d8 w:a2", 0, []string{"d8-d9", "a2-a1", "d9-d1"},
			map[string]engine.Piece{"d1": {Kind: Mullah, Side: Black}, "a1": {Kind: Mullah, Side: White}}, 1},
		{"a White man promotes on rank 1", "w:d2 b:a8", 20, []string{"d2-d1"},
			map[string]engine.Piece{"d1": {Kind: Mullah, Side: White}}, 0},
		{"a step that does not promote runs the clock", "b:c2 B:a1 W:i2", 41, []string{"c2-c3"},
			map[string]engine.Piece{"c3": {Kind: Man, Side: Black}}, 42},
		{"a capture resets the clock", "b:d4 B:a9 w:d3,i9", 80, []string{"d4xd2"},
			map[string]engine.Piece{"d2": {Kind: Man, Side: Black}, "d3": {}}, 0},
		{"a capture sequence returns to its start", "b:c3 w:c4,d4,c6,d6,i9", 3, []string{"c3xe5xc7xc5xc3"},
			map[string]engine.Piece{"c3": {Kind: Man, Side: Black}, "c4": {}, "d4": {}, "c6": {}, "d6": {}}, 0},
		{"a mullah flies over the point of a counter it took this move", "B:e1 w:e3,d6,f2,i9", 9, []string{"e1xe7xc5xg1"},
			map[string]engine.Piece{"g1": {Kind: Mullah, Side: Black}, "e3": {}, "d6": {}, "f2": {}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			turn := "b"
			if strings.HasPrefix(tc.pieces, "w") {
				turn = "w"
			}
			p := build(t, tc.pieces, turn, tc.clock)
			before := engine.String(p)
			enginetest.Play(t, p, tc.moves...)
			for name, want := range tc.want {
				if got := p.Piece(pt(t, name)); got != want {
					t.Errorf("after %v: Piece(%s) = %+v, want %+v", tc.moves, name, got, want)
				}
			}
			if got := p.Clock(); got != tc.wantClock {
				t.Errorf("after %v: clock %d, want %d", tc.moves, got, tc.wantClock)
			}
			for range tc.moves {
				p.Undo()
			}
			if got := engine.String(p); got != before {
				t.Errorf("after undoing %v: got %q, want %q", tc.moves, got, before)
			}
		})
	}
}

func TestOutcome(t *testing.T) {
	win := func(s engine.Side, reason string) engine.Outcome {
		return engine.Outcome{Status: engine.Win, Winner: s, Reason: reason}
	}
	counted := func(s engine.Side, why, detail string) engine.Outcome {
		return engine.Outcome{Status: engine.Win, Winner: s, Reason: why + ": " + detail, Detail: detail}
	}
	drawn := func(why, detail string) engine.Outcome {
		return engine.Outcome{Status: engine.Draw, Reason: why + ": " + detail, Detail: detail}
	}
	for _, tc := range []struct {
		name   string
		pieces string
		turn   string
		clock  int
		moves  []string
		want   engine.Outcome
	}{
		{"the game goes on", "b:d4 w:a9", "b", 0, nil, engine.Outcome{}},
		{"a side with no counters has lost", "w:e5", "b", 0, nil,
			win(White, "captured every enemy counter")},
		{"taking the last counter wins", "b:d4 w:d3", "b", 0, []string{"d4xd2"},
			win(Black, "captured every enemy counter")},
		{"a blocked side loses", "b:e8 w:e9", "b", 0, nil,
			win(White, "blocked: Black has no legal move")},
		{"a move that blocks the opponent wins", "b:c7,d7 w:d9", "b", 0, []string{"c7-d8"},
			win(Black, "blocked: White has no legal move")},
		{"100 plies without capture or promotion: more counters win", "B:a1 b:c2 W:i2", "b", 99, []string{"a1-a2"},
			counted(Black, "100 plies without a capture or promotion", "Black has more counters (2 to 1)")},
		{"100 plies without capture or promotion: White may win the count", "B:a1 W:i2,i8", "b", 99, []string{"a1-a2"},
			counted(White, "100 plies without a capture or promotion", "White has more counters (2 to 1)")},
		{"100 plies without capture or promotion: equal counts draw", "B:a1 W:i2", "b", 99, []string{"a1-a2"},
			drawn("100 plies without a capture or promotion", "equal counters (1 each)")},
		{"a position read at 100 plies is over", "B:a1 W:i2", "b", 100, nil,
			drawn("100 plies without a capture or promotion", "equal counters (1 each)")},
		{"a promotion on the 100th ply resets the clock", "b:d8 W:i2", "b", 99, []string{"d8-d9"}, engine.Outcome{}},
		{"a capture on the 100th ply resets the clock", "B:a1 b:d4 w:d3,i9", "b", 99, []string{"d4xd2"}, engine.Outcome{}},
		{"a third occurrence ends the game", "B:a1 W:i9", "b", 0,
			[]string{"a1-a2", "i9-i8", "a2-a1", "i8-i9", "a1-a2", "i9-i8", "a2-a1", "i8-i9"},
			drawn("the same position occurred three times", "equal counters (1 each)")},
		{"a second occurrence does not", "B:a1 W:i9", "b", 0,
			[]string{"a1-a2", "i9-i8", "a2-a1", "i8-i9", "a1-a2", "i9-i8", "a2-a1"}, engine.Outcome{}},
		{"a third occurrence is counted like the clock", "B:a1 W:i9,i5", "b", 0,
			[]string{"a1-a2", "i9-i8", "a2-a1", "i8-i9", "a1-a2", "i9-i8", "a2-a1", "i8-i9"},
			counted(White, "the same position occurred three times", "White has more counters (2 to 1)")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := build(t, tc.pieces, tc.turn, tc.clock)
			enginetest.Play(t, p, tc.moves...)
			got := p.Outcome()
			if got != tc.want {
				t.Errorf("Outcome() = %+v, want %+v", got, tc.want)
			}
			if n := len(p.Moves(nil)); (n == 0) != got.Over() {
				t.Errorf("%d legal moves with outcome %+v", n, got)
			}
			if len(tc.moves) > 0 {
				p.Undo()
				if o := p.Outcome(); o.Over() {
					t.Errorf("after Undo: Outcome() = %+v, want the game to go on", o)
				}
			}
		})
	}
}

func TestAgreed(t *testing.T) {
	for _, tc := range []struct {
		name   string
		pos    string
		want   engine.Outcome
		wantOK bool
	}{
		{"equal counts draw", startString,
			engine.Outcome{Status: engine.Draw, Reason: "ended by agreement: equal counters (40 each)", Detail: "equal counters (40 each)"}, true},
		{"more counters win", "9/9/9/9/4w4/3bb4/9/9/9 w 0",
			engine.Outcome{Status: engine.Win, Winner: Black, Reason: "ended by agreement: Black has more counters (2 to 1)", Detail: "Black has more counters (2 to 1)"}, true},
		{"White can win too", "9/9/9/9/4W4/9/3b5/w8/9 b 3",
			engine.Outcome{Status: engine.Win, Winner: White, Reason: "ended by agreement: White has more counters (2 to 1)", Detail: "White has more counters (2 to 1)"}, true},
		{"a finished game cannot be ended", "4w4/4b4/9/9/9/9/9/9/9 b 0", engine.Outcome{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Zamma.Parse(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			got, ok := p.Agreed()
			if got != tc.want || ok != tc.wantOK {
				t.Errorf("Agreed() = %+v, %v; want %+v, %v", got, ok, tc.want, tc.wantOK)
			}
		})
	}
}

// TestReference compares Moves with a plain enumeration of every capture
// sequence written from the rules, along random games and in a position
// with thousands of sequences.
func TestReference(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 20
	}
	check := func(p *Position) {
		t.Helper()
		want := reference(p)
		got := p.Moves(nil)
		gotSet := map[engine.Move]bool{}
		for _, m := range got {
			if gotSet[m] {
				t.Fatalf("%s: move %s listed twice", engine.String(p), p.FormatMove(m))
			}
			gotSet[m] = true
		}
		if len(gotSet) != len(want) {
			t.Fatalf("%s: %d moves, the reference finds %d", engine.String(p), len(gotSet), len(want))
		}
		for m := range want {
			if !gotSet[m] {
				t.Fatalf("%s: the reference finds a move %s that Moves lacks", engine.String(p), p.FormatMove(m))
			}
		}
	}
	big, err := Zamma.Parse("3w4B/w5w2/1wwwww1w1/4ww3/1www5/9/1w7/3W5/1W7 b 1")
	if err != nil {
		t.Fatal(err)
	}
	check(big.(*Position))
	if n := len(big.Moves(nil)); n != 2081 {
		t.Errorf("got %d moves, want 2081", n)
	}
	r := rand.New(rand.NewPCG(7, 7))
	for range games {
		p := Zamma.Start().(*Position)
		for {
			check(p)
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			p.Do(moves[r.IntN(len(moves))])
		}
	}
}

// reference returns the legal moves of p, found by following the rules
// on coordinates, every sequence separately.
func reference(p *Position) map[engine.Move]bool {
	out := map[engine.Move]bool{}
	if p.ended() {
		return out
	}
	var board [9][9]uint8 // [file][rank]
	for i, c := range p.cell {
		board[i%9][i/9] = c
	}
	on := func(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 9 }
	// joined reports whether (f, r) and (f+df, r+dr) are neighbours on a line.
	joined := func(f, r, df, dr int) bool {
		if !on(f, r) || !on(f+df, r+dr) {
			return false
		}
		return df == 0 || (dr != 0 && (f+r)%2 == 0)
	}
	dirs := [][2]int{{0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {1, 0}, {-1, 0}}
	us := uint8(p.turn) + 1
	var walk func(from, f, r int, mullah bool, taken set)
	walk = func(from, f, r int, mullah bool, taken set) {
		more := false
		for _, d := range dirs {
			df, dr := d[0], d[1]
			k := 1
			for mullah && joined(f+(k-1)*df, r+(k-1)*dr, df, dr) && board[f+k*df][r+k*dr] == 0 {
				k++
			}
			if !joined(f+(k-1)*df, r+(k-1)*dr, df, dr) {
				continue
			}
			of, or := f+k*df, r+k*dr
			c := board[of][or]
			if c == 0 || c&3 == us {
				continue
			}
			board[of][or] = 0
			for l := k + 1; joined(f+(l-1)*df, r+(l-1)*dr, df, dr) && board[f+l*df][r+l*dr] == 0; l++ {
				more = true
				walk(from, f+l*df, r+l*dr, mullah, taken.with(or*9+of))
				if !mullah {
					break
				}
			}
			board[of][or] = c
		}
		if !more && !taken.empty() {
			out[newMove(from, r*9+f, taken)] = true
		}
	}
	for i, c := range p.cell {
		if c&3 != us {
			continue
		}
		board[i%9][i/9] = 0
		walk(i, i%9, i/9, c&mullahBit != 0, set{})
		board[i%9][i/9] = c
	}
	if len(out) > 0 {
		return out
	}
	for i, c := range p.cell {
		if c&3 != us {
			continue
		}
		f, r := i%9, i/9
		for _, d := range dirs {
			for k := 1; joined(f+(k-1)*d[0], r+(k-1)*d[1], d[0], d[1]) && board[f+k*d[0]][r+k*d[1]] == 0; k++ {
				if c&mullahBit == 0 && (k > 1 || d[1] != 1-2*int(p.turn)) {
					break
				}
				out[newMove(i, (r+k*d[1])*9+f+k*d[0], set{})] = true
			}
		}
	}
	return out
}
