package enginetest_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
	"github.com/zugbot/zugbot/engine/zola"
)

// The tests of the helpers for the games' own tests.

// wantReport checks that errs is one report that contains each of want.
func wantReport(t *testing.T, errs []string, want ...string) {
	t.Helper()
	if len(errs) != 1 {
		t.Fatalf("%d reports, want 1: %q", len(errs), errs)
	}
	for _, w := range want {
		if !strings.Contains(errs[0], w) {
			t.Errorf("report %q does not say %q", errs[0], w)
		}
	}
}

// played returns Zola's start after moves, played without the helpers.
func played(t *testing.T, moves ...string) string {
	t.Helper()
	p := zola.Zola.Start()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Do(m)
	}
	return engine.String(p)
}

func TestPlay(t *testing.T) {
	p := zola.Zola.Start()
	if errs := record(t, func(tb testing.TB) { enginetest.Play(tb, p, "b6xb5", "c6xc5") }); len(errs) > 0 {
		t.Fatalf("Play of legal moves reported %q", errs)
	}
	if got, want := engine.String(p), played(t, "b6xb5", "c6xc5"); got != want {
		t.Errorf("after Play: %s, want %s", got, want)
	}

	// A refusal ends the test there, naming the move and the position: the
	// moves before it are played, the ones after it are not.
	p = zola.Zola.Start()
	errs := record(t, func(tb testing.TB) { enginetest.Play(tb, p, "b6xb5", "a1-a1", "c6xc5") })
	want := played(t, "b6xb5")
	wantReport(t, errs, `ParseMove("a1-a1")`, want)
	if got := engine.String(p); got != want {
		t.Errorf("after the refusal: %s, want %s", got, want)
	}
}

func TestMustParseMove(t *testing.T) {
	p := zola.Zola.Start()
	var m engine.Move
	if errs := record(t, func(tb testing.TB) { m = enginetest.MustParseMove(tb, p, "b6xb5") }); len(errs) > 0 {
		t.Fatalf("MustParseMove of a legal move reported %q", errs)
	}
	if got := p.FormatMove(m); got != "b6xb5" {
		t.Errorf("MustParseMove(b6xb5) = %s", got)
	}
	errs := record(t, func(tb testing.TB) { enginetest.MustParseMove(tb, p, "a1-a1") })
	wantReport(t, errs, `ParseMove("a1-a1")`, engine.String(p))
}

func TestMustParse(t *testing.T) {
	const s = "6/6/6/2B3/6/R5 R"
	var p engine.Position
	if errs := record(t, func(tb testing.TB) { p = enginetest.MustParse(tb, zola.Zola, s) }); len(errs) > 0 {
		t.Fatalf("MustParse of a good position reported %q", errs)
	}
	if p == nil || engine.String(p) != s || p.Variant() != zola.Zola {
		t.Errorf("MustParse(%q) = %v", s, p)
	}
	errs := record(t, func(tb testing.TB) { enginetest.MustParse(tb, zola.Zola, "6/6 X") })
	wantReport(t, errs, "zola", `Parse("6/6 X")`)
}

func TestFormatMovesAndNotations(t *testing.T) {
	p := zola.Zola.Start()
	moves := p.Moves(nil)
	slices.Reverse(moves)
	got := enginetest.FormatMoves(p, moves)
	if len(got) != len(moves) {
		t.Fatalf("FormatMoves of %d moves gives %d notations", len(moves), len(got))
	}
	for i, m := range moves {
		if got[i] != p.FormatMove(m) {
			t.Errorf("FormatMoves()[%d] = %s, want %s: the order given", i, got[i], p.FormatMove(m))
		}
	}
	sorted := enginetest.Notations(p)
	slices.Sort(got)
	if !slices.Equal(sorted, got) {
		t.Errorf("Notations() = %v, want the sorted notations %v", sorted, got)
	}
	if len(sorted) != 36 || sorted[0] != "a1xa2" {
		t.Errorf("Notations() = %v, want the 36 opening moves from a1xa2", sorted)
	}
}

func TestCheckSymmetry(t *testing.T) {
	swap := strings.NewReplacer("R", "B", "B", "R").Replace
	calls := 0
	eval := func(p engine.Position) int { calls++; return p.(*zola.Position).Evaluate() }
	if errs := record(t, func(tb testing.TB) { enginetest.CheckSymmetry(tb, zola.Zola, 3, swap, eval) }); len(errs) > 0 {
		t.Fatalf("a symmetric evaluation: %q", errs)
	}
	if calls < 3*2*20 {
		t.Errorf("3 games: eval called %d times; the games are not played", calls)
	}

	// An evaluation that favours Red, and a swap that loses the position.
	red := func(p engine.Position) int {
		if p.Turn() == zola.Red {
			return eval(p) + 1
		}
		return eval(p)
	}
	errs := record(t, func(tb testing.TB) { enginetest.CheckSymmetry(tb, zola.Zola, 3, swap, red) })
	wantReport(t, errs, "zola game 0", "with the sides exchanged", engine.String(zola.Zola.Start()))
	lost := func(string) string { return "6 R" }
	errs = record(t, func(tb testing.TB) { enginetest.CheckSymmetry(tb, zola.Zola, 3, lost, eval) })
	wantReport(t, errs, `Parse("6 R")`)
}
