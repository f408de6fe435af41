package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai/aitest"
	"github.com/zugbot/zugbot/engine/enginetest"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
)

// newRand returns a seeded source for tests.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x74657374)) }

// safetyNet is the deadline of every search in the tests: far beyond what
// any of them needs, it turns a search that ignores its budget into a
// failure instead of a hang.
const safetyNet = time.Minute

// best runs pl on p and checks that it kept to its own budget, that the move
// is legal and that p is left as it was.
func best(t *testing.T, pl Player, p engine.Position) (engine.Move, Info) {
	t.Helper()
	before := engine.String(p)
	ctx, cancel := context.WithTimeout(context.Background(), safetyNet)
	defer cancel()
	m, info, err := pl.Best(ctx, p)
	if err != nil {
		t.Fatalf("Best(%s): %v", before, err)
	}
	if ctx.Err() != nil {
		t.Fatalf("Best(%s) ran past the tests' safety net of %v: %v", before, safetyNet, info)
	}
	if after := engine.String(p); after != before {
		t.Fatalf("Best changed the position from %s to %s", before, after)
	}
	if !slices.Contains(p.Moves(nil), m) {
		t.Fatalf("Best(%s) = %v, which is not a legal move", before, m)
	}
	return m, info
}

func TestTactics(t *testing.T) {
	for _, tt := range aitest.Tactics {
		t.Run(tt.Name, func(t *testing.T) {
			for _, depth := range []int{tt.Depth, tt.Depth + 1, tt.Depth + 2} {
				p := enginetest.MustParse(t, tt.V, tt.Pos)
				for seed := range uint64(4) {
					s := NewSearcher(Config{Depth: depth}, newRand(seed))
					m, info := best(t, s, p)
					if got := p.FormatMove(m); !slices.Contains(tt.Want, got) {
						t.Errorf("depth %d, seed %d: got %s, want one of %v (%v)", depth, seed, got, tt.Want, info)
					}
					if plies, who := info.Mate(); tt.Mate != 0 && plies*who != tt.Mate {
						t.Errorf("depth %d, seed %d: got mate %d×%d, want %d (%v)", depth, seed, plies, who, tt.Mate, info)
					}
				}
			}
		})
	}
}

// TestTacticsAreExact checks the tactics by brute force: at their depth,
// exactly the moves they want score best, and some move does not, so that
// a random choice would fail; one ply less does not single them out, so
// that the depth is the lowest that solves them.
func TestTacticsAreExact(t *testing.T) {
	for _, tt := range aitest.Tactics {
		p := enginetest.MustParse(t, tt.V, tt.Pos)
		if got := bestMoves(p, tt.Depth); !sameSet(got, tt.Want) {
			t.Errorf("%s: the best moves to depth %d are %v, want %v", tt.Name, tt.Depth, got, tt.Want)
		}
		if got := bestMoves(p, tt.Depth-1); tt.Depth > 1 && sameSet(got, tt.Want) {
			t.Errorf("%s: depth %d already singles out %v", tt.Name, tt.Depth-1, got)
		}
		if n := len(p.Moves(nil)); n <= len(tt.Want) {
			t.Errorf("%s: %d legal moves, all of them solutions", tt.Name, n)
		}
	}
}

// bestMoves returns the moves of p that score best by minimax to depth.
func bestMoves(p engine.Position, depth int) []string {
	var names []string
	top := -inf
	for _, m := range p.Moves(nil) {
		p.Do(m)
		v := -minimax(p, depth-1, 1)
		p.Undo()
		if v > top {
			top, names = v, nil
		}
		if v == top {
			names = append(names, p.FormatMove(m))
		}
	}
	return names
}

// sameSet reports whether a and b hold the same strings.
func sameSet(a, b []string) bool {
	a, b = slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	return slices.Equal(a, b)
}

// minimax returns the exact negamax value of p to depth plies, with wins
// scored as the Searcher scores them and every other leaf 0.
func minimax(p engine.Position, depth, ply int) int {
	moves := p.Moves(nil)
	if len(moves) == 0 {
		o := p.Outcome()
		switch {
		case o.Status != engine.Win:
			return 0
		case o.Winner == p.Turn():
			return WinScore - ply
		}
		return -(WinScore - ply)
	}
	if depth <= 0 {
		return 0
	}
	best := -inf
	for _, m := range moves {
		p.Do(m)
		best = max(best, -minimax(p, depth-1, ply+1))
		p.Undo()
	}
	return best
}

// TestProvenResults compares the Searcher's proven wins and losses with
// plain minimax on positions of Zola 4×4: where one finds a forced result
// within the depth, the other must find the same one.
func TestProvenResults(t *testing.T) {
	r := newRand(1)
	const depth = 5
	games := 12
	if testing.Short() {
		games = 4
	}
	proven := 0
	for game := 0; game < games; game++ {
		p := zola.Zola4.Start()
		for ply := 0; !p.Outcome().Over(); ply++ {
			moves := p.Moves(nil)
			if ply >= 4 && len(moves) > 1 {
				exact := minimax(p, depth, 0)
				s := NewSearcher(Config{Depth: depth, QDepth: -1}, newRand(uint64(game)))
				_, info := best(t, s, p)
				exactWin := exact > WinScore-MaxPly || exact < -WinScore+MaxPly
				_, who := info.Mate()
				switch {
				case exactWin && info.Score != exact:
					t.Errorf("%s: Searcher scores %d, minimax %d", engine.String(p), info.Score, exact)
				case !exactWin && who != 0 && info.Depth <= depth && WinScore-abs(info.Score) <= depth:
					t.Errorf("%s: Searcher finds a forced result %d within depth %d that minimax does not", engine.String(p), info.Score, depth)
				}
				if exactWin {
					proven++
				}
			}
			p.Do(moves[r.IntN(len(moves))])
		}
	}
	if proven < games/2 {
		t.Errorf("only %d positions had a forced result: the test proves little", proven)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestGameOver(t *testing.T) {
	p := enginetest.MustParse(t, zola.Zola, "R5/6/6/6/6/R5 B") // Blue has no checkers
	players := map[string]Player{
		"searcher": NewSearcher(Config{}, newRand(1)),
		"mcts":     NewMCTS(MCTSConfig{Playouts: 10}, newRand(1)),
		"random":   NewRandom(newRand(1)),
	}
	for name, pl := range players {
		if _, _, err := pl.Best(context.Background(), p); !errors.Is(err, ErrGameOver) {
			t.Errorf("%s: Best on a finished game: got error %v, want ErrGameOver", name, err)
		}
	}
}

// TestNodeBudget checks that a node budget bounds the search and makes it
// repeatable.
func TestNodeBudget(t *testing.T) {
	p := zola.Zola.Start()
	for _, nodes := range []int64{1, 500, 20_000} {
		var first engine.Move
		for run := range 2 {
			s := NewSearcher(Config{Nodes: nodes}, newRand(3))
			m, info := best(t, s, p)
			if info.Nodes > nodes+1 {
				t.Errorf("budget %d: searched %d nodes", nodes, info.Nodes)
			}
			if run == 0 {
				first = m
			} else if m != first {
				t.Errorf("budget %d: got %s then %s from the same seed", nodes, p.FormatMove(first), p.FormatMove(m))
			}
		}
	}
}

// TestDeadline checks that every player returns a legal move when its
// context has ended, even before it starts.
func TestDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := zola.Zola.Start()
	players := map[string]Player{
		"searcher": NewSearcher(Config{}, newRand(1)),
		"mcts":     NewMCTS(MCTSConfig{}, newRand(1)),
	}
	for name, pl := range players {
		m, _, err := pl.Best(ctx, p)
		if err != nil || !slices.Contains(p.Moves(nil), m) {
			t.Errorf("%s: Best after the deadline = %v, %v; want a legal move", name, m, err)
		}
	}
}

// TestDepthIsReached checks that iterative deepening reaches the depth
// asked for when nothing else stops it, and reports it.
func TestDepthIsReached(t *testing.T) {
	p := zola.Zola.Start()
	for _, depth := range []int{1, 2, 3, 4} {
		s := NewSearcher(Config{Depth: depth}, newRand(1))
		_, info := best(t, s, p)
		if info.Depth != depth {
			t.Errorf("Depth %d: searched to depth %d", depth, info.Depth)
		}
	}
}

func TestBlunder(t *testing.T) {
	p := zola.Zola.Start()
	s := NewSearcher(Config{Depth: 1, Blunder: 1}, newRand(1))
	seen := map[engine.Move]bool{}
	for range 50 {
		m, info := best(t, s, p)
		if !info.Random {
			t.Fatalf("Blunder 1: got a searched move (%v)", info)
		}
		seen[m] = true
	}
	if len(seen) < 10 {
		t.Errorf("Blunder 1: only %d different moves in 50 tries from 36", len(seen))
	}
}

// TestNoiseVaries checks that evaluation noise changes the choice with the
// seed, and that no noise does not.
func TestNoiseVaries(t *testing.T) {
	p := enginetest.MustParse(t, zola.Zola, "BRBRBR/RBRB1B/BRBRBR/RBRBRB/BRBRBR/RBRBRB R")
	moves := func(noise int) map[string]bool {
		seen := map[string]bool{}
		for seed := range uint64(20) {
			m, _ := best(t, NewSearcher(Config{Depth: 2, Noise: noise}, newRand(seed)), p)
			seen[p.FormatMove(m)] = true
		}
		return seen
	}
	if quiet, noisy := moves(0), moves(300); len(noisy) <= len(quiet) {
		t.Errorf("noise 300 chose %d different moves over 20 seeds, noise 0 chose %d; want more with noise", len(noisy), len(quiet))
	}
}

// TestMCTSTactics checks that MCTS, for all its lack of knowledge, takes
// a win in one at once and dodges an immediate loss.
func TestMCTSTactics(t *testing.T) {
	for _, tt := range aitest.Tactics {
		if tt.Mate == 0 && tt.V.Game == zonal.Chess.Game {
			// Random playouts of chess say too little about one quiet
			// defence among dozens of moves, and take long.
			continue
		}
		t.Run(tt.Name, func(t *testing.T) {
			p := enginetest.MustParse(t, tt.V, tt.Pos)
			for seed := range uint64(4) {
				m, info := best(t, NewMCTS(MCTSConfig{Playouts: 2000}, newRand(seed)), p)
				if got := p.FormatMove(m); !slices.Contains(tt.Want, got) {
					t.Errorf("seed %d: got %s, want one of %v (%v)", seed, got, tt.Want, info)
				}
				if tt.Mate == 0 && info.Nodes != 2000 {
					t.Errorf("seed %d: %d playouts, want 2000", seed, info.Nodes)
				}
			}
		})
	}
}

// TestMCTSBeatsRandom plays a few games of Zola 6×6: plain MCTS with a
// modest budget should win them all against random moves.
func TestMCTSBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	for game := range 4 {
		mcts := NewMCTS(MCTSConfig{Playouts: 300}, newRand(uint64(game)))
		rnd := NewRandom(newRand(uint64(game) + 100))
		if winner := playGame(t, zola.Zola.Start(), game%2 == 0, mcts, rnd); winner != 0 {
			t.Errorf("game %d: MCTS lost to random moves", game)
		}
	}
}

// playGame plays a to the end against b, a moving first if aFirst, and
// returns 0 if a won, 1 if b won and -1 for a draw.
func playGame(t *testing.T, p engine.Position, aFirst bool, a, b Player) int {
	t.Helper()
	players := [2]Player{a, b}
	aSide := engine.Side(0)
	if !aFirst {
		players[0], players[1] = b, a
		aSide = 1
	}
	for plies := 0; !p.Outcome().Over(); plies++ {
		if plies > p.Variant().MaxPlies {
			t.Fatalf("the game went on for %d plies", plies)
		}
		m, _ := best(t, players[p.Turn()], p)
		p.Do(m)
	}
	o := p.Outcome()
	switch {
	case o.Status != engine.Win:
		return -1
	case o.Winner == aSide:
		return 0
	}
	return 1
}

func TestLevelName(t *testing.T) {
	tests := map[int]string{1: "beginner", 2: "casual", 3: "intermediate", 4: "expert", 5: "master", 0: "level 0", 6: "level 6"}
	for n, want := range tests {
		if got := LevelName(n); got != want {
			t.Errorf("LevelName(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestInfoString(t *testing.T) {
	tests := []struct {
		info Info
		want string
	}{
		{Info{Depth: 3, Nodes: 1200, Score: 45, Elapsed: 1500 * time.Microsecond}, "depth 3, 1200 nodes, score 45, 2ms"},
		{Info{Depth: 2, Nodes: 10, Score: WinScore - 3}, fmt.Sprintf("depth 2, 10 nodes, score %d, 0s (mover wins in 3 plies)", WinScore-3)},
		{Info{Score: -WinScore + 2}, fmt.Sprintf("depth 0, 0 nodes, score %d, 0s (opponent wins in 2 plies)", -WinScore+2)},
		{Info{Random: true}, "depth 0, 0 nodes, score 0, 0s (random)"},
		{Info{Score: WinScore}, fmt.Sprintf("depth 0, 0 nodes, score %d, 0s (mover wins)", WinScore)},
	}
	for _, tt := range tests {
		if got := tt.info.String(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

// TestAnalyseAndLine checks what an analysis reads from a search: Analyse
// scores a position even when its move is forced (Best skips the search
// then), and Line starts with the move chosen and plays on legally to the
// end of a forced win.
func TestAnalyseAndLine(t *testing.T) {
	for _, tt := range aitest.Tactics {
		if tt.Mate == 0 {
			continue
		}
		t.Run(tt.Name, func(t *testing.T) {
			p := enginetest.MustParse(t, tt.V, tt.Pos)
			before := engine.String(p)
			s := NewSearcher(Config{Depth: 3}, newRand(1))
			m, info, err := s.Analyse(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if plies, who := info.Mate(); plies*who != tt.Mate {
				t.Errorf("Analyse: mate %d×%d, want %d", plies, who, tt.Mate)
			}
			line := s.Line(p, 10)
			if len(line) == 0 || line[0] != m {
				t.Fatalf("Line %v does not start with the move chosen, %s", line, p.FormatMove(m))
			}
			if engine.String(p) != before {
				t.Errorf("Line changed the position to %s", engine.String(p))
			}
			q := p.Clone()
			for _, m := range line {
				if !slices.Contains(q.Moves(nil), m) {
					t.Fatalf("Line %v plays an illegal move", line)
				}
				q.Do(m)
			}
			if len(line) < tt.Mate || !q.Outcome().Over() && len(line) == tt.Mate {
				t.Errorf("Line has %d moves, want the %d of the forced win", len(line), tt.Mate)
			}
		})
	}
	// A forced move: Best answers without a score, Analyse with one.
	p := enginetest.MustParse(t, zola.Zola, "5B/6/6/6/6/R5 B")
	if n := len(p.Moves(nil)); n != 1 {
		t.Skipf("the forced position has %d moves", n)
	}
	_, info, err := NewSearcher(Config{Depth: 2}, newRand(1)).Analyse(context.Background(), p)
	if err != nil || info.Depth == 0 {
		t.Errorf("Analyse of a forced move: depth %d, %v; want a search", info.Depth, err)
	}
	if _, info, _ := NewSearcher(Config{Depth: 2}, newRand(1)).Best(context.Background(), p); info.Depth != 0 {
		t.Errorf("Best of a forced move searched to depth %d; the check above proves nothing", info.Depth)
	}
}

// TestTimeTarget checks the time management's rule: a settled move stops
// deepening at half its budget, one whose best move just changed later,
// one whose score just fell only at the deadline; without time management
// (or in the first plies) every move stops at half.
func TestTimeTarget(t *testing.T) {
	const budget = time.Second
	s := NewSearcher(Config{}, newRand(1))
	settled, changed, fell := s.target(budget, 6, false, false), s.target(budget, 6, true, false), s.target(budget, 6, false, true)
	if !(settled == budget/2 && settled < changed && changed < fell && fell == budget) {
		t.Errorf("targets: settled %v, changed %v, fell %v; want half the budget %v, rising to all of it", settled, changed, fell, budget)
	}
	for _, c := range [][2]bool{{false, false}, {true, false}, {false, true}} {
		if got := s.target(budget, 3, c[0], c[1]); got != budget/2 {
			t.Errorf("depth 3, changed %v, fell %v: target %v, want half the budget", c[0], c[1], got)
		}
	}
	s = NewSearcher(Config{NoTimeManagement: true}, newRand(1))
	for _, c := range [][2]bool{{false, false}, {true, false}, {false, true}} {
		if got := s.target(budget, 6, c[0], c[1]); got != budget/2 {
			t.Errorf("NoTimeManagement, changed %v, fell %v: target %v, want half the budget", c[0], c[1], got)
		}
	}
}

// TestNudge checks the history's update: a cut-off raises a move's score,
// a failure lowers it, and however many come, it stays within ±histMax.
func TestNudge(t *testing.T) {
	var h int32
	nudge(&h, 100)
	if h != 100 {
		t.Fatalf("one bonus of 100 from 0: %d", h)
	}
	nudge(&h, -40)
	if h >= 100 || h <= 0 {
		t.Fatalf("a penalty of 40 after a bonus of 100: %d, want between 0 and 100", h)
	}
	for range 10_000 {
		nudge(&h, MaxPly*MaxPly)
	}
	if h > histMax || h < histMax*9/10 {
		t.Errorf("after many bonuses: %d, want just under %d", h, histMax)
	}
	for range 10_000 {
		nudge(&h, -MaxPly*MaxPly)
	}
	if h < -histMax || h > -histMax*9/10 {
		t.Errorf("after many penalties: %d, want just above %d", h, -histMax)
	}
}

// TestLMRReduction checks the late-move reductions: they grow with depth
// and move number, are a ply less on the principal variation, and never
// reach the capture search.
func TestLMRReduction(t *testing.T) {
	if a, b := lmrReduction(4, 4, false), lmrReduction(12, 30, false); a >= b || a < 1 {
		t.Errorf("reductions at depth 4, move 4: %d; at depth 12, move 30: %d; want them growing from 1", a, b)
	}
	if a, b := lmrReduction(12, 30, false), lmrReduction(12, 30, true); b != a-1 {
		t.Errorf("at depth 12, move 30: %d off the principal variation, %d on it; want one less", a, b)
	}
	for depth := lmrDepth; depth < 40; depth++ {
		for i := lmrFrom; i < 80; i++ {
			if r := lmrReduction(depth, i, false); r < 1 || depth-1-r < 1 {
				t.Fatalf("depth %d, move %d: reduced by %d", depth, i, r)
			}
		}
	}
}

func TestTuneReduction(t *testing.T) {
	for _, tc := range []struct {
		r, depth int
		falling  bool
		hist     int64
		want     int
	}{
		{2, 10, false, 0, 2},
		{2, 10, true, 0, 3},                   // a ply more where the score fell
		{2, 10, false, 3 * reductionHist, 0},  // a good history: not reduced at all
		{2, 10, false, -2 * reductionHist, 4}, // a bad one: more
		{2, 10, false, reductionHist - 1, 2},  // less than a ply's worth
		{3, 5, true, -10 * reductionHist, 3},  // never down to the capture search
		{1, 3, false, -reductionHist, 1},      // depth 3: a ply at most
	} {
		if got := tuneReduction(tc.r, tc.depth, tc.falling, tc.hist); got != tc.want {
			t.Errorf("tuneReduction(%d, %d, %v, %d) = %d, want %d", tc.r, tc.depth, tc.falling, tc.hist, got, tc.want)
		}
	}
}

// TestContinuationHistory checks that a cut-off counts for the move in
// answer to the moves one and two plies before, and against the quiet
// moves tried before it, and for no other predecessor.
func TestContinuationHistory(t *testing.T) {
	vc := variants[3]
	p := enginetest.MustParse(t, vc.v, vc.mid)
	moves := p.Moves(nil)
	a, b, other := moves[0], moves[1], moves[2]
	m, tried := moves[3], moves[4]
	s := NewSearcher(Config{}, newRand(1))
	s.prepare(context.Background(), p)
	side := p.Turn() & 1
	score := func() (int64, int64) {
		prev1, prev2 := s.previous(2)
		return s.histScore(side, m, prev1, prev2), s.histScore(side, tried, prev1, prev2)
	}
	s.played[0], s.played[1] = a, b
	s.reward(p, 2, 5, m, []engine.Move{tried})
	good, bad := score()
	if good != 3*25 || bad != -3*25 {
		t.Errorf("after a cut-off at depth 5: %d for the move, %d for the one tried before, want 75 and -75 (history and both continuations)", good, bad)
	}
	s.played[0], s.played[1] = other, other
	if good, bad := score(); good != 25 || bad != -25 {
		t.Errorf("after other moves: %d and %d, want the history alone, 25 and -25", good, bad)
	}
	s.played[1] = engine.Move{} // a null move
	s.played[0] = b             // b two plies before, where it was one ply before
	if good, _ := score(); good != 25 {
		t.Errorf("after a null move: %d, want the history alone, 25", good)
	}
	s.cfg.NoContinuation = true
	s.played[0], s.played[1] = a, b
	if good, _ := score(); good != 25 {
		t.Errorf("NoContinuation: %d, want the history alone, 25", good)
	}
}

// TestImproving checks that the static score's trend is taken against the
// same side's last node, and only where both are known.
func TestImproving(t *testing.T) {
	vc := variants[3]
	p := enginetest.MustParse(t, vc.v, vc.mid)
	s := NewSearcher(Config{}, newRand(1))
	s.prepare(context.Background(), p)
	v := s.static(p)
	for _, tc := range []struct {
		before                 int
		check, rising, falling bool
	}{
		{v - 10, false, true, false},
		{v + 10, false, false, true},
		{v, false, false, false},
		{noStatic, false, false, false}, // in check two plies before
		{v - 10, true, false, false},    // in check now
	} {
		s.statics[2] = tc.before
		if r, f := s.improving(p, 4, tc.check); r != tc.rising || f != tc.falling {
			t.Errorf("static %d, %d two plies before, in check %v: rising %v, falling %v; want %v, %v", v, tc.before, tc.check, r, f, tc.rising, tc.falling)
		}
	}
	s.cfg.NoImproving = true
	s.statics[2] = v - 10
	if r, f := s.improving(p, 4, false); r || f {
		t.Errorf("NoImproving: rising %v, falling %v", r, f)
	}
}

// TestSingular checks the singular extension's test: a pawn that takes a
// queen, the only move that does not lose, is singular; in the opening,
// where many moves are about as good, the best is not, but the others
// hold a bound low enough to cut the node (a multi-cut). Neither test
// leaves its result in the transposition table, which is the position's.
func TestSingular(t *testing.T) {
	const depth = 8
	for _, tc := range []struct {
		name, fen        string
		singular, cutLow bool
	}{
		{"pawn takes queen", "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", true, false},
		{"opening", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, true},
	} {
		p := enginetest.MustParse(t, zonal.Chess, tc.fen)
		s := NewSearcher(Config{Depth: depth}, newRand(1))
		best(t, s, p)
		slot := &s.tt[p.Hash()&s.mask]
		tt := *slot
		ttScore := fromTT(int(tt.score), 0)
		singular, cut, _ := s.singular(p, depth, 1, ttScore+1, tt.move, tt)
		if singular != tc.singular || cut {
			t.Errorf("%s: %s singular %v, cut %v; want %v, false", tc.name, p.FormatMove(tt.move), singular, cut, tc.singular)
		}
		low := ttScore - 1000
		_, cut, score := s.singular(p, depth, 1, low, tt.move, tt)
		if cut != tc.cutLow || cut && (score < low || score > ttScore) {
			t.Errorf("%s: with beta %d, cut %v at %d; want %v", tc.name, low, cut, score, tc.cutLow)
		}
		if *slot != tt {
			t.Errorf("%s: the test changed the position's table entry from %+v to %+v", tc.name, tt, *slot)
		}
		s.cfg.NoSingular = true
		if singular, cut, _ := s.singular(p, depth, 1, low, tt.move, tt); singular || cut {
			t.Errorf("%s: NoSingular: singular %v, cut %v", tc.name, singular, cut)
		}
	}
}

// TestSEEPruning checks that SEE pruning works where the game offers it.
// Three plies from the leaves, off the principal variation and with a
// window above the static score (so that no other pruning applies;
// late-move pruning is turned off), a chess position where the queen can
// go to three squares that pawns attack is searched with fewer nodes with
// it than without; Zonal Chess, which does not offer it, with the same
// nodes (TestTactics checks that the search, pruning included, still
// finds the tactics).
func TestSEEPruning(t *testing.T) {
	for _, tc := range []struct {
		v   *engine.Variant
		fen string
	}{
		{zonal.Chess, "4k3/8/1pp1pp2/8/3Q4/8/8/7K w - - 0 1"},
		{zonal.Zonal, variants[4].mid},
	} {
		p := enginetest.MustParse(t, tc.v, tc.fen)
		nodes := func(off bool) int64 {
			s := NewSearcher(Config{NoSEEPruning: off, NoLMP: true}, newRand(1))
			s.prepare(context.Background(), p)
			s.iter = 3
			alpha := s.static(p) + 300
			s.search(p, 3, 1, alpha, alpha+1)
			return s.nodes
		}
		with, without := nodes(false), nodes(true)
		if prunes := p.(ExchangePruner).PruneByExchange(); prunes != (tc.v == zonal.Chess) || prunes != (with < without) || !prunes && with != without {
			t.Errorf("%s: offers SEE pruning %v; %d nodes with it, %d without", tc.v.ID, prunes, with, without)
		}
	}
}
