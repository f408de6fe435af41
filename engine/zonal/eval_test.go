package zonal_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/enginetest"
	"github.com/zugbot/zugbot/engine/zonal"
)

// The positions satisfy engine/ai's optional interfaces.
var (
	_ ai.Evaluator = (*zonal.Position)(nil)
	_ ai.Noisy     = (*zonal.Position)(nil)
	_ ai.Orderer   = (*zonal.Position)(nil)
	_ ai.Exchanger = (*zonal.Position)(nil)
)

// mirrored returns the position string with the board turned top to bottom
// and the colours exchanged, the side to move, castling rights and en
// passant square included: the same game for the other side.
func mirrored(s string) string {
	f := strings.Fields(s) // board, turn, castling, en passant, clocks
	rows := strings.Split(f[0], "/")
	slices.Reverse(rows)
	f[0] = swapCase(strings.Join(rows, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" {
		rights := swapCase(f[2])
		f[2] = ""
		for _, r := range "KQkq" {
			if strings.ContainsRune(rights, r) {
				f[2] += string(r)
			}
		}
	}
	if f[3] != "-" {
		f[3] = f[3][:1] + string('9'-f[3][1]+'0')
	}
	return strings.Join(f, " ")
}

func swapCase(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsUpper(r) {
			return unicode.ToLower(r)
		}
		return unicode.ToUpper(r)
	}, s)
}

// TestEvaluateSymmetry checks that the evaluation judges both sides alike:
// the position mirrored with the colours exchanged scores the same for the
// side to move.
func TestEvaluateSymmetry(t *testing.T) {
	eval := func(p engine.Position) int { return p.(*zonal.Position).Evaluate() }
	for _, v := range []*engine.Variant{zonal.Chess, zonal.Zonal} {
		enginetest.CheckSymmetry(t, v, 10, mirrored, eval)
	}
}

func TestEvaluate(t *testing.T) {
	for _, v := range []*engine.Variant{zonal.Chess, zonal.Zonal} {
		// The start is level but for the move, worth less than half a
		// pawn.
		if got := v.Start().(*zonal.Position).Evaluate(); got <= 0 || got >= 50 {
			t.Errorf("%s start: Evaluate() = %d, want a small edge for the side to move", v.ID, got)
		}
	}
	for _, tc := range []struct {
		name          string
		v             *engine.Variant
		better, worse string // better scores more for the side to move
	}{
		{"a knight more", zonal.Chess, "4k3/p7/8/8/8/8/P7/1N2K3 w - - 0 1", "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1"},
		{"a pawn nearer promotion", zonal.Chess, "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/1P6/8/4K3 w - - 0 1"},
		{"a centralised knight", zonal.Chess, "4k3/p7/8/4N3/8/8/P7/4K3 w - - 0 1", "4k3/p7/8/8/8/8/P7/N3K3 w - - 0 1"},
		{"a rook in the zone", zonal.Zonal,
			"---5k4---/--12--/-14-/16/R15/-14-/--12--/---5K4--- w - - 0 1",
			"---5k4---/--12--/-14-/16/5R10/-14-/--12--/---5K4--- w - - 0 1"},
	} {
		eval := func(s string) int { return enginetest.MustParse(t, tc.v, s).(*zonal.Position).Evaluate() }
		b, w := eval(tc.better), eval(tc.worse)
		if b <= w {
			t.Errorf("%s: Evaluate %d, not above %d", tc.name, b, w)
		}
	}
}

// TestEvaluateDrawnByRule checks that a position the rules draw whatever
// is played scores 0, however much material one side has: a search may
// judge it without generating its moves.
func TestEvaluateDrawnByRule(t *testing.T) {
	for _, tc := range []struct {
		name, fen string
	}{
		{"a knight against a bare king", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"},
		{"bishops on one colour", "4k3/8/8/8/8/4B3/8/2B1K3 b - - 0 1"},
		{"the 50-move rule", "4k3/8/8/8/8/8/8/QQ2K3 w - - 100 80"},
	} {
		p := enginetest.MustParse(t, zonal.Chess, tc.fen).(*zonal.Position)
		if got := p.Evaluate(); got != 0 {
			t.Errorf("%s: Evaluate() = %d, want 0", tc.name, got)
		}
	}
	// The same material with a pawn to promote is not drawn.
	if got := enginetest.MustParse(t, zonal.Chess, "4k3/8/8/8/8/8/P7/1N2K3 w - - 0 1").(*zonal.Position).Evaluate(); got <= 300 {
		t.Errorf("a knight and a pawn: Evaluate() = %d, want more than a knight's worth", got)
	}
}

// best returns the move a depth-limited search chooses.
func best(t *testing.T, p engine.Position, depth int) engine.Move {
	t.Helper()
	s := ai.NewSearcher(ai.Config{Depth: depth}, rand.New(rand.NewPCG(1, 2)))
	m, _, err := s.Best(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSearchFindsMateInOne(t *testing.T) {
	for _, tc := range []struct {
		v        *engine.Variant
		fen      string
		mate     string
		depth    int
		describe string
	}{
		{zonal.Chess, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "Ra8#", 1, "a back-rank mate"},
		// The queen reaches d1 only by turning at b3 in the zone.
		{zonal.Zonal, "---5k4---/--12--/-14-/1q14/16/-1n12-/--1PPP8--/---1KB7--- b - - 0 1", "Qd1#", 1, "a mate along a bent path"},
	} {
		p := enginetest.MustParse(t, tc.v, tc.fen)
		if got := p.FormatMove(best(t, p, tc.depth)); got != tc.mate {
			t.Errorf("%s: played %s, want %s", tc.describe, got, tc.mate)
		}
	}
}

func TestSearchDefends(t *testing.T) {
	for _, tc := range []struct {
		v        *engine.Variant
		fen      string
		describe string
	}{
		// Black threatens Re1#: White must make room for its king or
		// guard e1.
		{zonal.Chess, "4r1k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - 0 1", "the back-rank threat"},
		// Black threatens Qb5-b3-c2-d1#, with the knight guarding d1;
		// f3, making room on f2, is White's only defence.
		{zonal.Zonal, "---5k4---/--5ppp4--/-14-/1q14/5N10/-1n12-/--1PPP3PPP2--/---1KB1R5--- w - - 0 1", "the bent queen's mate"},
	} {
		p := enginetest.MustParse(t, tc.v, tc.fen)
		m := best(t, p, 2)
		p.Do(m)
		for _, reply := range p.Moves(nil) {
			p.Do(reply)
			if o := p.Outcome(); o.Status == engine.Win {
				p.Undo()
				t.Errorf("%s: after %v, %s mates", tc.describe, m, p.FormatMove(reply))
				p.Do(reply)
			}
			p.Undo()
		}
	}
}

func TestNoisyAndOrder(t *testing.T) {
	p := enginetest.MustParse(t, zonal.Chess, "4k3/1P6/8/3q4/4P3/8/8/4K3 w - - 0 1").(*zonal.Position)
	var capture, promote, quiet engine.Move
	for _, m := range p.Moves(nil) {
		switch p.FormatMove(m) {
		case "exd5":
			capture = m
		case "b8=Q+":
			promote = m
		case "e5":
			quiet = m
		}
	}
	if !p.Noisy(capture) || !p.Noisy(promote) || p.Noisy(quiet) {
		t.Errorf("Noisy: capture %v, promotion %v, quiet move %v", p.Noisy(capture), p.Noisy(promote), p.Noisy(quiet))
	}
	if !(p.Order(capture) > p.Order(quiet) && p.Order(promote) > p.Order(quiet)) {
		t.Errorf("Order: capture %d, promotion %d, quiet %d", p.Order(capture), p.Order(promote), p.Order(quiet))
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p := zonal.Zonal.Start().(*zonal.Position)
	for b.Loop() {
		p.Evaluate()
	}
}

// TestSearchSeeksRepetition checks that the search scores a repeated
// position as the draw it leads to: a queen down, Black goes back to h8,
// where it stood before, rather than push its pawn.
func TestSearchSeeksRepetition(t *testing.T) {
	var _ ai.Repeater = (*zonal.Position)(nil)
	p := enginetest.MustParse(t, zonal.Chess, "7k/p7/8/8/8/8/8/K2Q4 w - - 0 1").(*zonal.Position)
	for _, s := range []string{"Qd2", "Kg8", "Qd1"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Do(m)
	}
	if p.Repeats() {
		t.Fatal("Repeats() before any position came back")
	}
	for _, depth := range []int{1, 2} {
		if got := p.FormatMove(best(t, p, depth)); got != "Kh8" {
			t.Errorf("depth %d: Black played %s, want Kh8 (back to a position seen before)", depth, got)
		}
	}
	m, _ := p.ParseMove("Kh8")
	p.Do(m)
	if !p.Repeats() {
		t.Error("Repeats() is false with the start position back")
	}
}

// TestNullMove checks that a pass gives the position with the other side
// to move and no en passant square, hash included, and that taking it back
// restores everything.
func TestNullMove(t *testing.T) {
	p := enginetest.MustParse(t, zonal.Chess, "4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 3")
	before, hash := engine.String(p), p.Hash()
	pos := p.(*zonal.Position)
	if !pos.NullSafe() {
		t.Errorf("White with a rook: not null-safe")
	}
	pos.DoNull()
	want := enginetest.MustParse(t, zonal.Chess, "4k3/8/8/3pP3/8/8/8/4K2R b K - 0 3")
	if p.Turn() != 1 || p.Hash() != want.Hash() {
		t.Errorf("after a pass: turn %d, hash %x; want Black and %x (%s)", p.Turn(), p.Hash(), want.Hash(), engine.String(p))
	}
	if pos.NullSafe() {
		t.Errorf("Black with a king and a pawn: null-safe")
	}
	pos.UndoNull()
	if engine.String(p) != before || p.Hash() != hash {
		t.Errorf("after taking the pass back: %s %x, want %s %x", engine.String(p), p.Hash(), before, hash)
	}
}
