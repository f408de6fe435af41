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
	"github.com/zugbot/zugbot/engine/enginetest"
	"github.com/zugbot/zugbot/engine/zamma"
	"github.com/zugbot/zugbot/engine/zodiac"
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

// tactic is a position with the moves that solve it.
type tactic struct {
	name  string
	v     *engine.Variant
	pos   string
	depth int      // the lowest depth that finds a solution
	want  []string // the solutions
	mate  int      // plies to the forced win (positive) or loss (negative); 0 if unproven
}

// tactics are win-in-one and must-defend positions of each game. A win in
// one needs depth 1; a must-defend position needs depth 2, to see the
// opponent's winning reply to every other move.
var tactics = []tactic{
	{
		// a1xb1 takes Blue's last checker; c3 has quiet steps, and a6 is stuck.
		name: "zola win in one", v: zola.Zola, pos: "R5/6/6/2R3/6/RB4 R", depth: 1,
		want: []string{"a1xb1"}, mate: 1,
	},
	{
		// Blue's f6 eyes Red's last checker on c3 along the long diagonal.
		// Of its five steps, c3-b2 stays on the diagonal and is taken.
		name: "zola must defend", v: zola.Zola, pos: "5B/6/6/2R3/6/6 R", depth: 2,
		want: []string{"c3-c2", "c3-d2", "c3-b3", "c3-b4"},
	},
	{
		// Red's last checker on b2 is attacked by f2 along the second rank.
		// Taking d4 looks good but lands on f2's diagonal, and b2-a2 stays on
		// the rank; the other steps are safe.
		name: "zola must not capture", v: zola.Zola, pos: "6/6/3B2/6/1R3B/6 R", depth: 2,
		want: []string{"b2-a1", "b2-b1", "b2-c1", "b2-a3"},
	},
	{
		// White's last counter, the man on i2, can only step to i1: the
		// mullah on e5 flies there and White is blocked. Black has 25 moves.
		name: "zamma win in one", v: zamma.Zamma, pos: "9/9/9/9/4B4/9/9/8w/3b3b1 b 0", depth: 1,
		want: []string{"e5-i1"}, mate: 1,
	},
	{
		// Black's last man on h2 may step to g3, h3 or i3. The white mullah
		// on i5 takes it on i3 down the file and on g3 down the diagonal;
		// h3 is a star point, off both lines.
		name: "zamma must defend", v: zamma.Zamma, pos: "9/9/9/9/3w4W/9/9/7b1/9 b 0", depth: 2,
		want: []string{"h2-h3"},
	},
	{
		// Black's mullah must take e7 (captures are compulsory) and may land
		// on d6, c5, b4 or a3. White's mullah on i7 then takes the man on f4
		// and flies on to take the mullah in the same move, unless it
		// landed on a3, out of reach.
		name: "zamma must defend by capturing", v: zamma.Zamma, pos: "6B2/9/4w3W/9/9/5b3/9/9/9 b 0", depth: 2,
		want: []string{"g9xa3"},
	},
	{
		// White's neutral step C5-C4 is the second neutral ply in a row, so
		// Black may not answer with a neutral, and none of its discs can
		// jump: Black has no legal move and loses.
		name: "zodiac win in one", v: zodiac.Zodiac, pos: "bwbwbw/..n.n. w c2c3 1", depth: 1,
		want: []string{"C5-C4"}, mate: 1,
	},
	{
		// From the start, each of Black's four neutral steps lets White
		// make the second neutral ply in a row, after which Black has no
		// legal move. Black must move a disc.
		name: "zodiac must defend", v: zodiac.Zodiac, pos: "bwbwbw/.n..n. b - 0", depth: 2,
		want: []string{"T3-C1", "T5-C6"},
	},
	{
		name: "chess mate in one", v: zonal.Chess, pos: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", depth: 1,
		want: []string{"Ra8#"}, mate: 1,
	},
	{
		// Black threatens Re1#: White must give its king air or keep
		// guarding the back rank.
		name: "chess must defend", v: zonal.Chess, pos: "4r1k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - 0 1", depth: 2,
		want: []string{"Rb8", "Rc1", "Rd1", "Rf1", "Ra1", "Kh1", "Kf1", "f3", "f4", "g3", "g4", "h3", "h4"},
	},
	{
		// The queen reaches d1 only by turning at b3 in the zone.
		name: "zonal mate in one", v: zonal.Zonal, pos: "---5k4---/--12--/-14-/1q14/16/-1n12-/--1PPP8--/---1KB7--- b - - 0 1", depth: 1,
		want: []string{"Qd1#"}, mate: 1,
	},
	{
		// Black threatens Qb5-b3-c2-d1#, the knight guarding d1: f3, which
		// makes room on f2, is White's only defence.
		name: "zonal must defend", v: zonal.Zonal, pos: "---5k4---/--5ppp4--/-14-/1q14/5N10/-1n12-/--1PPP3PPP2--/---1KB1R5--- w - - 0 1", depth: 2,
		want: []string{"f3"},
	},
}

func TestTactics(t *testing.T) {
	for _, tt := range tactics {
		t.Run(tt.name, func(t *testing.T) {
			for _, depth := range []int{tt.depth, tt.depth + 1, tt.depth + 2} {
				p := enginetest.MustParse(t, tt.v, tt.pos)
				for seed := range uint64(4) {
					s := NewSearcher(Config{Depth: depth}, newRand(seed))
					m, info := best(t, s, p)
					if got := p.FormatMove(m); !slices.Contains(tt.want, got) {
						t.Errorf("depth %d, seed %d: got %s, want one of %v (%v)", depth, seed, got, tt.want, info)
					}
					if plies, who := info.Mate(); tt.mate != 0 && plies*who != tt.mate {
						t.Errorf("depth %d, seed %d: got mate %d×%d, want %d (%v)", depth, seed, plies, who, tt.mate, info)
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
	for _, tt := range tactics {
		p := enginetest.MustParse(t, tt.v, tt.pos)
		if got := bestMoves(p, tt.depth); !sameSet(got, tt.want) {
			t.Errorf("%s: the best moves to depth %d are %v, want %v", tt.name, tt.depth, got, tt.want)
		}
		if got := bestMoves(p, tt.depth-1); tt.depth > 1 && sameSet(got, tt.want) {
			t.Errorf("%s: depth %d already singles out %v", tt.name, tt.depth-1, got)
		}
		if n := len(p.Moves(nil)); n <= len(tt.want) {
			t.Errorf("%s: %d legal moves, all of them solutions", tt.name, n)
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
	for _, tt := range tactics {
		if tt.mate == 0 && tt.v.Game == zonal.Chess.Game {
			// Random playouts of chess say too little about one quiet
			// defence among dozens of moves, and take long.
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			p := enginetest.MustParse(t, tt.v, tt.pos)
			for seed := range uint64(4) {
				m, info := best(t, NewMCTS(MCTSConfig{Playouts: 2000}, newRand(seed)), p)
				if got := p.FormatMove(m); !slices.Contains(tt.want, got) {
					t.Errorf("seed %d: got %s, want one of %v (%v)", seed, got, tt.want, info)
				}
				if tt.mate == 0 && info.Nodes != 2000 {
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
