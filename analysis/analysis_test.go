package analysis

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/ai/aitest"
	"github.com/zugbot/zugbot/engine/enginetest"
	"github.com/zugbot/zugbot/engine/zodiac"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
	"github.com/zugbot/zugbot/games"
)

// TestLichessCurves checks the winning-chance and accuracy curves against
// figures computed from Lichess's published formulas.
func TestLichessCurves(t *testing.T) {
	for _, tt := range []struct {
		score int
		want  float64
	}{{0, 50}, {100, 59.10}, {-100, 40.90}, {300, 75.11}, {1000, 97.54}, {ai.WinScore - 5, 100}, {-ai.WinScore + 5, 0}} {
		if got := WinChance(tt.score); math.Abs(got-tt.want) > 0.01 {
			t.Errorf("WinChance(%d) = %.2f, want %.2f", tt.score, got, tt.want)
		}
	}
	for _, tt := range []struct{ loss, want float64 }{{0, 100}, {5, 79.82}, {10, 63.58}, {30, 24.78}, {100, 0}} {
		if got := MoveAccuracy(tt.loss); math.Abs(got-tt.want) > 0.01 {
			t.Errorf("MoveAccuracy(%g) = %.2f, want %.2f", tt.loss, got, tt.want)
		}
	}
	for _, tt := range []struct {
		loss float64
		want Class
	}{{0, Good}, {4.9, Good}, {5, Inaccuracy}, {9.9, Inaccuracy}, {10, Mistake}, {15, Blunder}, {80, Blunder}} {
		if got := judge(tt.loss, false); got != tt.want {
			t.Errorf("a loss of %g: %v, want %v", tt.loss, got, tt.want)
		}
	}
}

// losesAtOnce reports whether after m in p the opponent has a move that
// wins the game at once: found by trying them all.
func losesAtOnce(p engine.Position, m engine.Move) bool {
	q := p.Clone()
	side := q.Turn()
	q.Do(m)
	if o := q.Outcome(); o.Over() {
		return o.Status == engine.Win && o.Winner != side
	}
	for _, r := range q.Moves(nil) {
		q.Do(r)
		o := q.Outcome()
		q.Undo()
		if o.Status == engine.Win && o.Winner != side {
			return true
		}
	}
	return false
}

// TestClassification checks the judgement where the answer is known by
// brute force: in the AI's win-in-one and must-defend positions, every
// move after which the opponent wins at once is a blunder, and the move
// shown as better is one of the solutions.
func TestClassification(t *testing.T) {
	checked := 0 // the positions whose losing moves were checked
	for _, tt := range aitest.Tactics {
		t.Run(tt.Name, func(t *testing.T) {
			p := enginetest.MustParse(t, tt.V, tt.Pos)
			// The win in one is never marked. (A must-defend position's
			// solutions only avoid losing at once: some lose material.)
			r, err := Game(context.Background(), p, []engine.Move{enginetest.MustParseMove(t, p, tt.Want[0])}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if pl := r.Plies[0]; tt.Mate == 1 && (pl.Class != Good || pl.Best != "") {
				t.Errorf("the win %s judged %v (loss %.1f, better %s)", pl.Move, pl.Class, pl.Loss, pl.Best)
			}
			if r.StartMate < 0 && p.Turn() == tt.V.Start().Turn() || r.StartMate > 0 && p.Turn() != tt.V.Start().Turn() {
				// Lost whatever the mover does (several of the must-defend
				// positions only put the loss off): no move can throw
				// anything away, and Lichess marks none either.
				return
			}
			checked++
			for _, m := range p.Moves(nil) {
				if !losesAtOnce(p, m) || slices.Contains(tt.Want, p.FormatMove(m)) {
					continue
				}
				r, err := Game(context.Background(), p, []engine.Move{m}, nil)
				if err != nil {
					t.Fatal(err)
				}
				pl := r.Plies[0]
				if pl.Class != Blunder || !slices.Contains(tt.Want, pl.Best) {
					t.Errorf("%s: %v (loss %.1f), better %s; want a blunder and one of %v", pl.Move, pl.Class, pl.Loss, pl.Best, tt.Want)
				}
				if len(pl.Line) == 0 || pl.Line[0] != pl.Best {
					t.Errorf("%s: line %v, want it to start with %s", pl.Move, pl.Line, pl.Best)
				}
				if r.Players[p.Turn()].Blunders != 1 || r.Players[p.Turn()].Accuracy > 50 {
					t.Errorf("%s: the mover's record %+v, want 1 blunder and a poor accuracy", pl.Move, r.Players[p.Turn()])
				}
			}
		})
	}
	if checked < 5 {
		t.Errorf("losing moves checked in %d positions, want the 5 that are not lost anyway", checked)
	}
}

// randomGame plays n random legal plies of v (fewer if the game ends).
func randomGame(v *engine.Variant, n int, seed uint64) (engine.Position, []engine.Move) {
	r := rand.New(rand.NewPCG(seed, 7))
	start := v.Start()
	p := start.Clone()
	var moves []engine.Move
	for range n {
		legal := p.Moves(nil)
		if len(legal) == 0 {
			break
		}
		m := legal[r.IntN(len(legal))]
		moves = append(moves, m)
		p.Do(m)
	}
	return start, moves
}

// TestEveryGame analyses random games of every variant: one judgement per
// move, chances within bounds, progress told for every position, a report
// that survives JSON, and the same report twice.
func TestEveryGame(t *testing.T) {
	plies := 6
	if testing.Short() || raceDetector {
		plies = 2
	}
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			start, moves := randomGame(v, plies, 1)
			var told []int
			r, err := Game(context.Background(), start, moves, func(done, total int) {
				if total != len(moves)+1 {
					t.Errorf("progress total %d, want %d", total, len(moves)+1)
				}
				told = append(told, done)
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Plies) != len(moves) || len(told) != len(moves)+1 || told[len(told)-1] != len(moves)+1 {
				t.Fatalf("%d plies judged, progress %v; want %d and every position", len(r.Plies), told, len(moves))
			}
			for i, pl := range r.Plies {
				if pl.Win < 0 || pl.Win > 100 || pl.Loss < 0 || pl.Loss > 100 || pl.Side != engine.Side(i%2)^start.Turn() {
					t.Errorf("ply %d: %+v out of bounds", i, pl)
				}
			}
			data, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			var back Report
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatal(err)
			}
			if a, _ := json.Marshal(back); string(a) != string(data) {
				t.Errorf("the report changes through JSON:\n%s\n%s", data, a)
			}
			if raceDetector {
				return
			}
			// Positions are searched to a node budget, with randomness
			// seeded by the position: a second analysis is the same.
			again, err := Game(context.Background(), start, moves, nil)
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := json.Marshal(again); string(b) != string(data) {
				t.Errorf("a second analysis differs:\n%s\n%s", data, b)
			}
			if want := v.ID == zodiac.Zodiac.ID; r.Exact != want {
				t.Errorf("Exact %v, want %v", r.Exact, want)
			}
		})
	}
}

// TestZodiacExact checks Zodiac's exact analysis against the solver: a
// move is a blunder exactly when the mover could force a win before it and
// the opponent can after it, and the forced ends are the solver's.
func TestZodiacExact(t *testing.T) {
	sol := zodiac.Solve()
	for seed := range uint64(20) {
		start, moves := randomGame(zodiac.Zodiac, 30, seed)
		r, err := Game(context.Background(), start, moves, nil)
		if err != nil {
			t.Fatal(err)
		}
		p := start.Clone().(*zodiac.Position)
		for i, m := range moves {
			_, before := sol.Best(p)
			p.Do(m)
			after := zodiac.Loss // for the opponent, now to move
			if o := p.Outcome(); !o.Over() {
				_, after = sol.Best(p)
			} else if o.Winner == p.Turn() { // the mover repeated a position
				after = zodiac.Win
			}
			want := Good
			if before == zodiac.Win && after == zodiac.Win {
				want = Blunder
			}
			if got := r.Plies[i].Class; got != want {
				t.Errorf("seed %d, ply %d (%s): %v, want %v (before %v, after %v)", seed, i, r.Plies[i].Move, got, want, before, after)
			}
		}
	}
}

// BenchmarkGame measures the analysis of a game, as the issue asks: 60
// plies of Zola (played by level 1 against itself: stronger play ends
// Zola in 40 to 55 plies) and 80 of Zonal Chess (level 3).
func BenchmarkGame(b *testing.B) {
	for _, tt := range []struct {
		name         string
		v            *engine.Variant
		level, plies int
	}{{"zola60", zola.Zola, 1, 60}, {"zonal80", zonal.Zonal, 3, 80}} {
		start, moves := selfPlay(b, tt.v, tt.level, tt.plies)
		b.Run(tt.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Game(context.Background(), start, moves, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// selfPlay plays plies moves of v, level against itself, from the first
// seed whose game lasts that long.
func selfPlay(tb testing.TB, v *engine.Variant, level, plies int) (engine.Position, []engine.Move) {
	for seed := range uint64(50) {
		pl, err := ai.Level(v, level, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			tb.Fatal(err)
		}
		start := v.Start()
		p := start.Clone()
		var moves []engine.Move
		for len(moves) < plies && !p.Outcome().Over() {
			m, _, err := pl.Best(context.Background(), p)
			if err != nil {
				tb.Fatal(err)
			}
			moves = append(moves, m)
			p.Do(m)
		}
		if len(moves) == plies {
			return start, moves
		}
	}
	tb.Fatalf("no game of %s lasted %d plies", v.ID, plies)
	return nil, nil
}

func TestWorstAndAnnotated(t *testing.T) {
	r := Report{Plies: []Ply{
		{Move: "a", Class: Inaccuracy, Loss: 6, Best: "x"},
		{Move: "b"},
		{Move: "c", Class: Blunder, Loss: 40, Best: "y"},
		{Move: "d", Class: Mistake, Loss: 12, Best: "z"},
		{Move: "e", Class: Blunder, Loss: 90, Best: "w"},
	}}
	if got := r.Worst(3); !slices.Equal(got, []int{4, 2, 3}) {
		t.Errorf("Worst(3) = %v, want [4 2 3]", got)
	}
	if got := r.Worst(9); len(got) != 4 {
		t.Errorf("Worst(9) = %v, want the 4 marked moves", got)
	}
	for i, want := range []string{"a?! {better: x}", "b", "c?? {better: y}", "d? {better: z}"} {
		if got := r.Plies[i].Annotated(); got != want {
			t.Errorf("ply %d annotated %q, want %q", i, got, want)
		}
	}
}
