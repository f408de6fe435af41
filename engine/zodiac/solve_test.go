package zodiac

import (
	"math/rand/v2"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

// TestSecondPlayerWins checks the spec's claim: whichever colour moves
// first loses with perfect play, in 12 plies.
func TestSecondPlayerWins(t *testing.T) {
	sol := Solve()
	for _, first := range []engine.Side{Black, White} {
		p := StartWith(first)
		if got, want := sol.Value(p), (Value{Result: Loss, Plies: 12}); got != want {
			t.Errorf("%s first: value %+v, want %+v", Zodiac.Sides[first], got, want)
		}
		if got := p.Distance(); got != 12 {
			t.Errorf("%s first: Distance %d, want 12", Zodiac.Sides[first], got)
		}
		if _, r := sol.Best(p); r != Loss {
			t.Errorf("%s first: Best says %d for the first player, want a loss", Zodiac.Sides[first], r)
		}
	}
	if Solve() != sol {
		t.Errorf("Solve computed a second table")
	}
}

// TestTableSize checks the figures the package documentation gives.
func TestTableSize(t *testing.T) {
	sol := Solve()
	draws := 0
	for _, r := range sol.result {
		if r == Draw {
			draws++
		}
	}
	positions := map[uint64]bool{}
	for _, b := range sol.boards {
		positions[b.position()] = true
	}
	if sol.Len() != 196514 || len(positions) != 89210 || draws != 11828 {
		t.Errorf("%d states of %d positions, %d draws; the package documentation says 196,514 of 89,210 and 11,828",
			sol.Len(), len(positions), draws)
	}
}

// winWithin reports whether the side to move can force a win within n
// plies on the graph of positions (no repetition rule), by plain search: an
// independent check of the retrograde analysis.
func winWithin(b board, n int) bool {
	if n <= 0 {
		return false
	}
	for _, m := range b.moves(nil) {
		c := b.play(m)
		if w, ok := c.winner(); ok {
			if w == b.turn {
				return true
			}
			continue
		}
		if lossWithin(c, n-1) {
			return true
		}
	}
	return false
}

// lossWithin reports whether the side to move loses within n plies
// whatever it plays.
func lossWithin(b board, n int) bool {
	moves := b.moves(nil)
	if len(moves) == 0 {
		return true
	}
	if n <= 0 {
		return false
	}
	for _, m := range moves {
		c := b.play(m)
		if w, ok := c.winner(); ok {
			if w == b.turn {
				return false
			}
			continue
		}
		if !winWithin(c, n-1) {
			return false
		}
	}
	return true
}

// TestValueAgainstSearch compares the table with a plain search on sampled
// positions: a win in d plies is forced within d plies and not within d-1,
// a loss in d plies likewise, and a draw is decided within no depth tried.
func TestValueAgainstSearch(t *testing.T) {
	sol := Solve()
	samples := 3000
	if testing.Short() {
		samples = 50
	}
	r := rand.New(rand.NewPCG(5, 6))
	var seen [3]int
	for k := 0; k < samples; k++ {
		i := int32(r.IntN(sol.Len()))
		if k == 0 {
			i = 0 // the start, 12 plies deep
		}
		b := sol.boards[i]
		d := int(sol.plies[i])
		res := sol.result[i]
		seen[res+1]++
		switch res {
		case Win:
			if !winWithin(b, d) || winWithin(b, d-1) {
				t.Errorf("%s: table says win in %d; search: within %d %v, within %d %v",
					text(b), d, d, winWithin(b, d), d-1, winWithin(b, d-1))
			}
		case Loss:
			if !lossWithin(b, d) || d > 0 && lossWithin(b, d-1) {
				t.Errorf("%s: table says loss in %d; search: within %d %v, within %d %v",
					text(b), d, d, lossWithin(b, d), d-1, lossWithin(b, d-1))
			}
		default:
			if winWithin(b, 9) || lossWithin(b, 9) {
				t.Errorf("%s: table says draw, search decides it within 9 plies", text(b))
			}
		}
	}
	if seen[0] == 0 || seen[1] == 0 || seen[2] == 0 {
		t.Errorf("samples by result (loss, draw, win) %v: want some of each", seen)
	}
}

func text(b board) string { return engine.String(newPosition(b)) }

// TestBestNeverLoses lets the first player try every line against Best:
// the second player must win every game, within 12 plies.
func TestBestNeverLoses(t *testing.T) {
	sol := Solve()
	for _, first := range []engine.Side{Black, White} {
		p := StartWith(first)
		games := 0
		var walk func(ply int)
		walk = func(ply int) {
			if o := p.Outcome(); o.Over() {
				games++
				if o.Winner == first {
					t.Fatalf("the first player won: %s (%s)", engine.String(p), o.Reason)
				}
				if ply > 12 {
					t.Errorf("the game took %d plies, want at most 12", ply)
				}
				return
			}
			if p.Turn() != first {
				m, r := sol.Best(p)
				if r != Win {
					t.Fatalf("%s: Best says the second player does not win", engine.String(p))
				}
				p.Do(m)
				walk(ply + 1)
				p.Undo()
				return
			}
			for _, m := range p.Moves(nil) {
				p.Do(m)
				walk(ply + 1)
				p.Undo()
			}
		}
		walk(0)
		t.Logf("%s first: %d games, all won by the second player", Zodiac.Sides[first], games)
	}
}

// TestBestAgainstItself plays Best against Best: the loser puts the end off
// as long as it can, so the game lasts the 12 plies the table gives.
func TestBestAgainstItself(t *testing.T) {
	sol := Solve()
	for _, first := range []engine.Side{Black, White} {
		p := StartWith(first)
		var line []string
		for len(p.Moves(nil)) > 0 {
			m, _ := sol.Best(p)
			line = append(line, p.FormatMove(m))
			p.Do(m)
		}
		if o := p.Outcome(); o.Winner == first || len(line) != 12 {
			t.Errorf("%s first: %v ends in %d plies with %s winning (%s), want 12 plies and a second-player win",
				Zodiac.Sides[first], line, len(line), Zodiac.Sides[o.Winner], o.Reason)
		}
		t.Logf("%s first: %v (%s)", Zodiac.Sides[first], line, p.Outcome().Reason)
	}
}

// realSearch decides the real game (repetitions lose) from p by plain
// search of at most budget positions: it reports whether the side to move
// wins, and false for decided if the budget or depth ran out first.
type realSearch struct {
	budget int
}

func (s *realSearch) win(p *Position, depth int) (win, decided bool) {
	if o := p.Outcome(); o.Over() {
		return o.Winner == p.Turn(), true
	}
	if depth == 0 || s.budget <= 0 {
		return false, false
	}
	s.budget--
	decided = true
	for _, m := range p.Moves(nil) {
		p.Do(m)
		w, d := s.win(p, depth-1)
		p.Undo()
		if d && !w {
			return true, true
		}
		decided = decided && d
	}
	return false, decided
}

// TestBestAgainstRealSearch plays random games and compares Best with a
// plain search of the real game, history included, wherever that search
// decides the position; it makes sure to meet positions where the history
// blocks the table's own winning line.
func TestBestAgainstRealSearch(t *testing.T) {
	sol := Solve()
	games := 400
	if testing.Short() {
		games = 60
	}
	r := rand.New(rand.NewPCG(8, 9))
	var decided, blocked, draws int
	for g := 0; g < games; g++ {
		p := StartWith(engine.Side(g % 2))
		for len(p.Moves(nil)) > 0 {
			m, res := sol.Best(p)
			moves := p.Moves(nil)
			found := false
			for _, x := range moves {
				found = found || x == m
			}
			if !found {
				t.Fatalf("%s: Best returned %v, not a legal move", engine.String(p), m)
			}
			v := sol.Value(p)
			isBlocked := v.Result == Win && historyBlocks(sol, p)
			s := realSearch{budget: 200000}
			if w, ok := s.win(p, 14); ok {
				decided++
				if isBlocked {
					blocked++
				}
				if v.Result == Draw {
					draws++
				}
				if (res == Win) != w {
					t.Errorf("%s after %d plies: Best says win=%v, real search %v", engine.String(p), len(p.keys)-1, res == Win, w)
				}
				if w {
					// The chosen move must keep the win.
					p.Do(m)
					s := realSearch{budget: 200000}
					if ow, ok := s.win(p, 13); ok && ow {
						t.Errorf("Best's move %s throws the win away", p.FormatMove(m))
					}
					p.Undo()
				}
			}
			if r.IntN(2) == 0 {
				p.Do(m)
			} else {
				p.Do(moves[r.IntN(len(moves))])
			}
		}
	}
	t.Logf("%d positions decided by the real search, %d of them draws on the graph, %d where the history blocks the table's win", decided, draws, blocked)
	if blocked == 0 || draws == 0 {
		t.Errorf("no position decided where the history blocks the table's win (%d) or on a draw (%d)", blocked, draws)
	}
}

// historyBlocks reports whether the table's own fastest winning line
// from p is cut by the history: guardedWin fails.
func historyBlocks(sol *Table, p *Position) bool {
	t, i := sol.lookup(p.b)
	return !newSearch(t, p).guardedWin(i)
}

// TestSolveFromString checks a position that no game from the starts
// reaches: it is solved on the spot, the same as by the brute force.
func TestSolveFromString(t *testing.T) {
	sol := Solve()
	p := enginetest.MustParse(t, Zodiac, "bbbbbb/n...n. w c2c1 2").(*Position) // White has no disc and may not step
	if _, ok := sol.index[p.b.key()]; ok {
		t.Fatalf("%s is in the table; the test needs a position outside it", engine.String(p))
	}
	q := enginetest.MustParse(t, Zodiac, "bbbbbb/n...n. w - 0").(*Position) // White may only step neutrals
	for _, tt := range []*Position{p, q} {
		v := sol.Value(tt)
		won, lost := winWithin(tt.b, v.Plies), lossWithin(tt.b, v.Plies)
		if v.Result == Draw || (v.Result == Win) != won || (v.Result == Loss) != lost {
			t.Errorf("%s: value %+v; search: win %v, loss %v within %d plies", engine.String(tt), v, won, lost, v.Plies)
		}
	}
	if m, r := sol.Best(p); !m.IsZero() || r != Loss {
		t.Errorf("Best in a lost, finished game = %v, %d; want no move and a loss", m, r)
	}
}

func BenchmarkSolve(b *testing.B) {
	for b.Loop() {
		solve(StartWith(Black).b, StartWith(White).b)
	}
}

// BenchmarkBest times Best on the positions of random games, in which one
// move in two is Best's, histories included.
func BenchmarkBest(b *testing.B) {
	sol := Solve()
	r := rand.New(rand.NewPCG(10, 11))
	var positions []*Position
	for g := 0; len(positions) < 2000; g++ {
		p := StartWith(engine.Side(g % 2))
		for moves := p.Moves(nil); len(moves) > 0; moves = p.Moves(nil) {
			positions = append(positions, p.Clone().(*Position))
			m := moves[r.IntN(len(moves))]
			if r.IntN(2) == 0 {
				m, _ = sol.Best(p)
			}
			p.Do(m)
		}
	}
	i := 0
	for b.Loop() {
		sol.Best(positions[i%len(positions)])
		i++
	}
}

// TestConcurrentBest uses one table from several goroutines, as the bot
// does for several games (run it with -race): each plays Best against
// itself, which the second player wins in 12 plies.
func TestConcurrentBest(t *testing.T) {
	sol := Solve()
	type result struct {
		first engine.Side
		plies int
		o     engine.Outcome
	}
	done := make(chan result)
	for g := range 4 {
		go func() {
			p := StartWith(engine.Side(g % 2))
			plies := 0
			for len(p.Moves(nil)) > 0 {
				m, _ := sol.Best(p)
				p.Do(m)
				plies++
			}
			done <- result{engine.Side(g % 2), plies, p.Outcome()}
		}()
	}
	for range 4 {
		if r := <-done; r.o.Winner == r.first || r.plies != 12 {
			t.Errorf("%s first: %s won after %d plies, want the second player after 12", Zodiac.Sides[r.first], Zodiac.Sides[r.o.Winner], r.plies)
		}
	}
}
