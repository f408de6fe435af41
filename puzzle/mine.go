package puzzle

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/zugbot/zugbot/analysis"
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
)

// The search budgets of mining. Scan values every position of a game
// quickly, to find candidates; Deep judges the candidates (Judge), and the
// shipped sets' test judges them again with it: a search hundreds of times
// larger than the one that found them.
var (
	Scan = ai.Config{Nodes: 2_000, TTBits: 14}
	Deep = ai.Config{Nodes: 50_000, TTBits: 16}
)

// The candidate rule, in winning chances (percent) for the side to move:
// the opponent's last move lifted the mover's chance by more than Rise to
// at least MinWin, and the mover was not already winning (above
// WasWinning). Lichess's generator asks a rise of 30 (0.6 on its scale)
// from at most 75; the quick scan here misjudges more positions than its
// analysed games do, so the rule is looser and the Judge, which decides,
// sees more candidates.
const (
	Rise       = 20
	WasWinning = 80
)

// Miner finds puzzles in games. It is not safe for concurrent use.
type Miner struct {
	v     *engine.Variant
	scan  *ai.Searcher
	judge *Judge
	seen  map[uint64]bool
	// Found is called with each puzzle found, and Candidates counts the
	// positions judged.
	Found      func(Puzzle)
	Candidates int
	// Run, when set, runs each piece of Game's work (the value of one
	// position, the judging of one candidate) and returns its error, so
	// that a caller sharing its cores can run them at a low priority. It
	// may cut a piece short (end the ctx it passes) and run it again from
	// the start.
	Run func(ctx context.Context, piece func(ctx context.Context) error) error
}

// NewMiner returns a Miner of variant v's puzzles, which judges its
// candidates with budget (Deep when it is the zero Config).
func NewMiner(v *engine.Variant, budget ai.Config) *Miner {
	if budget == (ai.Config{}) {
		budget = Deep
	}
	return &Miner{v: v, scan: ai.NewSearcher(Scan, rand.New(rand.NewPCG(3, 4))), judge: NewJudge(budget), seen: map[uint64]bool{}}
}

// Skip makes m pass over the positions of the puzzles it is given (those
// already found).
func (m *Miner) Skip(pzs []Puzzle) error {
	for _, pz := range pzs {
		p, err := pz.Start(m.v)
		if err != nil {
			return err
		}
		m.seen[p.Hash()] = true
	}
	return nil
}

// Game looks for puzzles in the game played from start through moves,
// origin saying where it comes from ("self-play", "game #12"). It values
// every position with the Scan budget (or, for a game that can be solved,
// by its solver) and judges the candidates.
func (m *Miner) Game(ctx context.Context, start engine.Position, moves []engine.Move, origin string) error {
	p := start.Clone()
	prev := 50.0 // the last mover's chance, before its move
	for i := 0; i <= len(moves); i++ {
		if p.Outcome().Over() {
			break
		}
		var val analysis.Value
		if err := m.run(ctx, func(ctx context.Context) (err error) {
			val, err = analysis.Evaluate(ctx, p, m.scan, Scan)
			return err
		}); err != nil {
			return fmt.Errorf("puzzle: scan ply %d: %w", i, err)
		}
		w := analysis.WinChance(val.Score)
		// prev is the opponent's chance before its move: the mover's was
		// 100-prev.
		if w >= MinWin && w-(100-prev) > Rise && 100-prev <= WasWinning && !m.seen[p.Hash()] {
			m.seen[p.Hash()] = true
			m.Candidates++
			var pz Puzzle
			var ok bool
			if err := m.run(ctx, func(ctx context.Context) (err error) {
				pz, ok, err = m.candidate(ctx, p, fmt.Sprintf("%s, ply %d", origin, i))
				return err
			}); err != nil {
				return err
			}
			if ok && m.Found != nil {
				m.Found(pz)
			}
		}
		prev = w
		if i < len(moves) {
			p.Do(moves[i])
		}
	}
	return nil
}

// run runs one piece of Game's work, through Run when it is set.
func (m *Miner) run(ctx context.Context, piece func(ctx context.Context) error) error {
	if m.Run != nil {
		return m.Run(ctx, piece)
	}
	return piece(ctx)
}

// candidate judges position p and returns its puzzle, or false when it is
// none. It judges p as the puzzle will be played: read from its position
// string, without the game's history (which decides repetitions).
func (m *Miner) candidate(ctx context.Context, p engine.Position, origin string) (Puzzle, bool, error) {
	p, err := m.v.Parse(engine.String(p))
	if err != nil {
		return Puzzle{}, false, fmt.Errorf("puzzle: %w", err)
	}
	line, ok, err := m.judge.Line(ctx, p)
	if err != nil || !ok {
		return Puzzle{}, false, err
	}
	pz := Puzzle{ID: NewID(m.v.ID, p), Variant: m.v.ID, Position: engine.String(p), Origin: origin}
	q := p.Clone()
	for _, mv := range line {
		pz.Line = append(pz.Line, q.FormatMove(mv))
		q.Do(mv)
	}
	pz.Seed = SeedRating(ctx, p, line[0], pz.Moves())
	// A search cut short says nothing: neither the line nor the seed.
	return pz, true, ctx.Err()
}

// SelfPlay plays one game of v between AI players whose level is drawn at
// random for every move among levels (so that real mistakes happen), and
// returns its moves from the start.
func SelfPlay(ctx context.Context, v *engine.Variant, levels []int, r *rand.Rand) ([]engine.Move, error) {
	var ws ai.Workspace
	p := v.Start()
	var moves []engine.Move
	for len(moves) < v.MaxPlies && !p.Outcome().Over() {
		pl, err := ws.Level(v, levels[r.IntN(len(levels))], 0, r)
		if err != nil {
			return nil, err
		}
		mv, _, err := pl.Best(ctx, p)
		if err != nil {
			return nil, fmt.Errorf("puzzle: self-play ply %d: %w", len(moves), err)
		}
		moves = append(moves, mv)
		p.Do(mv)
	}
	return moves, ctx.Err()
}

// SeedRating is the rating a puzzle starts with, before anyone has tried
// it: 1000, plus 250 for each solver's move beyond the first, plus 150 for
// each ply of search beyond the first that a search needs to settle on the
// first move (counted up to depth 6: a move a one-ply search sees is easy,
// one that needs six plies is not), within 600..2500. docs/puzzles.md
// explains it.
func SeedRating(ctx context.Context, p engine.Position, first engine.Move, moves int) int {
	settled := 7
	if _, ok := p.(ai.Solver); ok {
		settled = seedSolved(p)
	} else {
		for d := 6; d >= 1; d-- {
			s := ai.NewSearcher(ai.Config{Depth: d, TTBits: 14}, rand.New(rand.NewPCG(p.Hash(), uint64(d))))
			m, _, err := s.Analyse(ctx, p)
			if err != nil || m != first {
				break
			}
			settled = d
		}
	}
	return max(600, min(2500, 1000+250*(moves-1)+150*(settled-1)))
}

// seedSolved stands for the search depth in a game that is solved: the
// number of plies the win takes, up to 7.
func seedSolved(p engine.Position) int {
	d, ok := p.(ai.Distancer)
	if !ok {
		return 1
	}
	return max(1, min(7, d.Distance()))
}
