package zola

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

// Positions, found in random games, in which the side to move must pass.
var passPositions = map[*engine.Variant][]string{
	Zola4: {"R3/B3/B3/RBBR B"},
	Zola:  {"RR4/5R/4R1/6/B5/B2BR1 B", "B1BBB1/R5/6/6/6/RR4 R", "1B3B/5R/3B2/R5/R5/B5 R"},
	Zola8: {"B5BR/B7/8/8/7R/8/8/2R1R3 B", "1B1B4/7B/7B/7R/B7/8/8/7R R"},
}

func TestConformance(t *testing.T) {
	for _, v := range []*engine.Variant{Zola, Zola8, Zola4} {
		enginetest.Check(t, v, enginetest.Config{Games: 30, Positions: passPositions[v]})
	}
}

func TestPerft(t *testing.T) {
	tests := []struct {
		v    *engine.Variant
		want []uint64
	}{
		{Zola, []uint64{36, 1296, 46472, 1659272}},
		{Zola4, []uint64{16, 256, 3836, 54996}},
	}
	for _, tt := range tests {
		for i, want := range tt.want {
			if got := engine.Perft(tt.v.Start(), i+1); got != want {
				t.Errorf("%s perft(%d) = %d, want %d", tt.v.ID, i+1, got, want)
			}
		}
	}
}

func TestOpeningMoves(t *testing.T) {
	want := strings.Fields(`a1xa2 a1xb1 a3xa4 a3xb3 a5xa4 a5xb5 b2xb3 b2xc2 b4xb3 b4xc4 b6xb5 b6xc6
		c1xc2 c1xd1 c3xc4 c3xd3 c5xc4 c5xd5 d2xc2 d2xd3 d4xc4 d4xd3 d6xc6 d6xd5 e1xd1 e1xe2 e3xd3
		e3xe4 e5xd5 e5xe4 f2xe2 f2xf3 f4xe4 f4xf3 f6xe6 f6xf5`)
	p := Zola.Start()
	got := enginetest.FormatMoves(p, p.Moves(nil))
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("opening moves:\n got %v\nwant %v", got, want)
	}
}

func TestStart(t *testing.T) {
	tests := []struct {
		v    *engine.Variant
		want string
	}{
		{Zola, "BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBRB R"},
		{Zola4, "BRBR/RBRB/BRBR/RBRB R"},
		{Zola8, "BRBRBRBR/RBRBRBRB/BRBRBRBR/RBRBRBRB/BRBRBRBR/RBRBRBRB/BRBRBRBR/RBRBRBRB R"},
	}
	for _, tt := range tests {
		p := tt.v.Start().(*Position)
		if got := engine.String(p); got != tt.want {
			t.Errorf("%s start = %q, want %q", tt.v.ID, got, tt.want)
		}
		half := tt.v.Geometry.Width * tt.v.Geometry.Height / 2
		if r, b := p.Count(Red), p.Count(Blue); float64(r) != half || float64(b) != half {
			t.Errorf("%s: %d red and %d blue checkers, want %g each", tt.v.ID, r, b, half)
		}
		if got := p.Piece(0); got != (engine.Piece{Kind: Checker, Side: Red}) {
			t.Errorf("%s: a1 holds %+v, want a red checker", tt.v.ID, got)
		}
	}
}

// TestLevels checks the distance levels the rules list for 6×6 and the tie
// on 8×8 that leaves it 9 levels.
func TestLevels(t *testing.T) {
	six := []string{"c3 d3 c4 d4", "c2 d2 b3 e3 b4 e4 c5 d5", "b2 e2 b5 e5", "c1 d1 a3 f3 a4 f4 c6 d6", "b1 e1 a2 f2 a5 f5 b6 e6", "a1 f1 a6 f6"}
	tb := newBoard(6)
	if tb.levels != 6 {
		t.Errorf("6×6 has %d levels, want 6", tb.levels)
	}
	for level, names := range six {
		for _, name := range strings.Fields(names) {
			sq, _ := tb.square(name)
			if got := tb.level[sq]; got != level {
				t.Errorf("6×6 %s: level %d, want %d", name, got, level)
			}
		}
	}
	eight := newBoard(8)
	if eight.levels != 9 {
		t.Errorf("8×8 has %d levels, want 9", eight.levels)
	}
	b2, _ := eight.square("b2")
	for _, name := range strings.Fields("g2 b7 g7 d1 e1 a4 h4 a5 h5 d8 e8") {
		sq, _ := eight.square(name)
		if eight.dist[sq] != eight.dist[b2] {
			t.Errorf("8×8: %s is not as far from the centre as b2", name)
		}
	}
}

// TestRules checks each movement rule on a position made for it: whether a
// move is legal, and if not, what the player is told.
func TestRules(t *testing.T) {
	tests := []struct {
		name string
		v    *engine.Variant
		pos  string
		move string
		why  string // empty when the move is legal
	}{
		{"step outwards two levels", Zola, "6/6/6/6/2R3/5B R", "c2-b1", ""},
		{"step outwards one level", Zola, "6/6/6/6/2R3/5B R", "c2-b2", ""},
		{"step to a farther square beside", Zola, "6/6/6/6/2R3/5B R", "c2-d1", ""},
		{"step to the same level", Zola, "6/6/6/6/2R3/5B R", "c2-d2", "no farther from it"},
		{"step towards the centre", Zola, "6/6/6/6/2R3/5B R", "c2-c3", "no farther from it"},
		{"step two squares", Zola, "6/6/6/6/2R3/5B R", "c2-a2", "not next to"},
		{"capture within one level", Zola, "6/6/6/6/1R2B1/6 R", "b2xe2", ""},
		{"capture inwards across the board", Zola, "6/6/6/2B3/6/R5 R", "a1xc3", ""},
		{"capture outwards", Zola, "6/6/6/2R3/6/B5 R", "c3xa1", "farther from it"},
		{"capture through a checker", Zola, "6/6/6/2B3/1R4/R5 R", "a1xc3", "blocked at b2"},
		{"capture off the line", Zola, "6/6/6/3B2/2R3/R5 R", "a1xd3", "not in line"},
		{"capture of an own checker", Zola, "6/6/6/6/1B4/R4B B", "b2xf1", "your own checkers"},
		{"step onto an own checker", Zola, "6/6/6/6/2R3/1R3B R", "c2-b1", "your own checker"},
		{"8×8 same-level step", Zola8, "8/8/8/R7/8/8/8/7B R", "a5-a6", ""},
		{"8×8 a4-a5 as a step", Zola8, "8/8/8/8/R7/8/8/7B R", "a4-a5", "no farther"},
		{"8×8 a4xa5 as a capture", Zola8, "8/8/8/B7/R7/8/8/8 R", "a4xa5", ""},
		{"x accepted for a step", Zola, "6/6/6/6/2R3/5B R", "c2xb1", ""},
		{"dash accepted for a capture", Zola, "6/6/6/2B3/6/R5 R", "A1-C3", ""},
		{"wrong side's checker", Zola, "6/6/6/6/2R3/5B R", "f1-e1", "Blue checker, and it is Red's turn"},
		{"empty square", Zola, "6/6/6/6/2R3/5B R", "a1-b1", "no checker on a1"},
		{"off the board", Zola, "6/6/6/6/2R3/5B R", "c2-g7", "squares a1 to f6"},
		{"gibberish", Zola, "6/6/6/6/2R3/5B R", "hello", "squares a1 to f6"},
		{"pass with moves", Zola, "6/6/6/6/2R3/5B R", "pass", "only when you have no legal move"},
		{"forced pass", Zola, "RR4/5R/4R1/6/B5/B2BR1 B", "pass", ""},
		{"move when a pass is forced", Zola, "RR4/5R/4R1/6/B5/B2BR1 B", "a2-b2", "must pass"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := enginetest.MustParse(t, tt.v, tt.pos)
			m, err := p.ParseMove(tt.move)
			if tt.why == "" {
				if err != nil {
					t.Fatalf("ParseMove(%q) = %v, want legal", tt.move, err)
				}
				if !slices.Contains(p.Moves(nil), m) {
					t.Fatalf("ParseMove(%q) = %v, not among the legal moves", tt.move, m)
				}
				return
			}
			var me *engine.MoveError
			if !errors.As(err, &me) {
				t.Fatalf("ParseMove(%q) = %v, %v; want a *engine.MoveError", tt.move, m, err)
			}
			if !strings.Contains(err.Error(), tt.why) {
				t.Errorf("ParseMove(%q) error %q, want it to say %q", tt.move, err, tt.why)
			}
		})
	}
}

func TestIllegalMoveSuggestsAlternatives(t *testing.T) {
	p := enginetest.MustParse(t, Zola, "6/6/6/6/2R3/5B R")
	_, err := p.ParseMove("c2-d2")
	var me *engine.MoveError
	if !errors.As(err, &me) {
		t.Fatalf("got %v, want a *engine.MoveError", err)
	}
	slices.Sort(me.Legal)
	if want := []string{"c2-b1", "c2-b2", "c2-c1", "c2-d1"}; !slices.Equal(me.Legal, want) {
		t.Errorf("suggested %v, want %v (the seed example's steps from c2)", me.Legal, want)
	}
}

func TestForcedPass(t *testing.T) {
	p := enginetest.MustParse(t, Zola, "RR4/5R/4R1/6/B5/B2BR1 B")
	moves := p.Moves(nil)
	if len(moves) != 1 || p.FormatMove(moves[0]) != "pass" {
		t.Fatalf("moves = %v, want only pass", enginetest.FormatMoves(p, moves))
	}
	if d := p.Describe(moves[0]); len(d.Path) != 0 || len(d.Taken) != 0 {
		t.Errorf("Describe(pass) = %+v, want no path", d)
	}
	enginetest.Play(t, p, "pass")
	if p.Turn() != Red {
		t.Fatalf("after pass it is %s's turn, want Red", p.Variant().Sides[p.Turn()])
	}
	if got := engine.String(p); got != "RR4/5R/4R1/6/B5/B2BR1 R" {
		t.Errorf("after pass: %q, want only the side to move changed", got)
	}
	if len(p.Moves(nil)) == 0 {
		t.Errorf("Red has no move after Blue's forced pass")
	}
	// The pass is a ply: perft counts it as one node.
	q := enginetest.MustParse(t, Zola, "RR4/5R/4R1/6/B5/B2BR1 B")
	if got, want := engine.Perft(q, 2), uint64(len(p.Moves(nil))); got != want {
		t.Errorf("perft(2) through a forced pass = %d, want %d", got, want)
	}
}

func TestWin(t *testing.T) {
	p := enginetest.MustParse(t, Zola, "6/6/6/2B3/6/R5 R")
	enginetest.Play(t, p, "a1xc3")
	o := p.Outcome()
	if o.Status != engine.Win || o.Winner != Red {
		t.Fatalf("outcome %+v, want a Red win", o)
	}
	if len(p.Moves(nil)) != 0 {
		t.Errorf("moves after the last capture: %v", enginetest.FormatMoves(p, p.Moves(nil)))
	}
	if _, err := p.ParseMove("c3-d4"); err == nil || !strings.Contains(err.Error(), "game is over") {
		t.Errorf("ParseMove after the end: %v, want 'the game is over'", err)
	}
	if _, ok := p.Agreed(); ok {
		t.Errorf("Agreed() offers an ending; Zola has none")
	}
}

func TestDescribe(t *testing.T) {
	p := enginetest.MustParse(t, Zola, "6/6/6/2B3/6/R5 R")
	m, err := p.ParseMove("a1xc3")
	if err != nil {
		t.Fatal(err)
	}
	g := Zola.Geometry
	d := p.Describe(m)
	if len(d.Path) != 2 || g.Points[d.Path[0]].Name != "a1" || g.Points[d.Path[1]].Name != "c3" {
		t.Errorf("path %v, want a1 c3", d.Path)
	}
	if len(d.Taken) != 1 || g.Points[d.Taken[0]].Name != "c3" {
		t.Errorf("taken %v, want c3", d.Taken)
	}
}

func TestParsePosition(t *testing.T) {
	tests := []struct {
		v    *engine.Variant
		in   string
		want string // error text, or "" for accepted
	}{
		{Zola, "BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBRB R", ""},
		{Zola, "brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb b", ""},
		{Zola, "6/6/6/6/6/R5 B", ""},
		{Zola, "6/6/6/6/6/R5 R", "Blue has no checkers"},
		{Zola, "6/6/6/6/6/6 R", "board is empty"},
		{Zola, "BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR R", "5 ranks"},
		{Zola, "BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBR R", "rank 1 has 5 squares"},
		{Zola, "BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBRBR R", "more than 6"},
		{Zola, "BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/7 R", "more than 6"},
		{Zola, "BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBRB X", "side to move"},
		{Zola, "BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBRB", "side to move (R or B)"},
		{Zola, "BRBRBR/RBRBRB/BRBRBR/RBQBRB/BRBRBR/RBRBRB R", "unexpected 'Q'"},
		{Zola, "BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/0RBRBRB R", "unexpected '0'"},
		{Zola, "", "side to move"},
		{Zola4, "BRBR/RBRB/BRBR/RBRB R", ""},
		{Zola4, "BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBRB R", "played on 4×4"},
	}
	for _, tt := range tests {
		_, err := tt.v.Parse(tt.in)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s Parse(%q) = %v, want accepted", tt.v.ID, tt.in, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s Parse(%q) = %v, want an error saying %q", tt.v.ID, tt.in, err, tt.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBRB R")
	f.Add("RR4/5R/4R1/6/B5/B2BR1 B")
	f.Add("6/6/6/2B3/6/R5 R")
	f.Add("10/6/6/6/6/6 R")
	f.Fuzz(func(t *testing.T, s string) {
		enginetest.CheckParse(t, Zola, s)
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a1xb1", "c2-b1", "pass", "A1-B1", "z9x", "a1xa1", "-", "x"} {
		f.Add(s)
	}
	p, err := Zola.Parse("1B3B/5R/3B2/R5/RR4/B5 R")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enginetest.CheckParseMove(t, p, s)
		enginetest.CheckParseMove(t, Zola.Start(), s)
	})
}

func BenchmarkPerft(b *testing.B) {
	for _, tt := range []struct {
		v     *engine.Variant
		depth int
	}{{Zola, 4}, {Zola8, 3}, {Zola4, 5}} {
		b.Run(tt.v.ID, func(b *testing.B) {
			p := tt.v.Start()
			var nodes uint64
			for b.Loop() {
				nodes += engine.Perft(p, tt.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

func BenchmarkRandomGame(b *testing.B) {
	for _, v := range []*engine.Variant{Zola, Zola8, Zola4} {
		b.Run(v.ID, func(b *testing.B) {
			p := v.Start()
			r := rand.New(rand.NewPCG(1, 2))
			buf := make([]engine.Move, 0, 256)
			plies := 0
			for b.Loop() {
				var n int
				n, _, buf = engine.RandomGame(p, r, v.MaxPlies, buf)
				plies += n
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}
