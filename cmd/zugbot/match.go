package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/uci"
)

// maxParallel is how many games a match plays at once at most: the machine
// the ladder runs on has two cores.
const maxParallel = 2

const specHelp = `a player: a level 1 to 5 ("3", "level3"), "random", "mcts:N" (plain UCT, N playouts per move), ` +
	`or in chess "stockfish:ELO" (Stockfish limited to that strength on its own scale, 1350 to 2850; needs Debian's stockfish package); ` +
	`add "@DURATION" to set the time per move ("5@500ms", "mcts@500ms", "mcts:1000@1s", "stockfish:1700@200ms")`

// playerSpec is a parsed SPEC of the match command: it makes fresh players.
type playerSpec struct {
	text     string
	level    int // 1 to 5, or 0
	random   bool
	playouts int
	uciElo   int // Stockfish's strength, or 0
	time     time.Duration
}

// parseSpec reads a player SPEC.
func parseSpec(s string) (playerSpec, error) {
	spec := playerSpec{text: s}
	name, dur, timed := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "@")
	if timed {
		d, err := time.ParseDuration(dur)
		if err != nil || d <= 0 || d > time.Hour {
			return spec, fmt.Errorf("player %q: bad time %q: want a duration such as 500ms or 2s, at most 1h", s, dur)
		}
		spec.time = d
	}
	switch {
	case name == "random":
		if timed {
			return spec, fmt.Errorf("player %q: random moves take no time, so drop the @%s", s, dur)
		}
		spec.random = true
	case strings.HasPrefix(name, "stockfish:"):
		elo, err := strconv.Atoi(strings.TrimPrefix(name, "stockfish:"))
		if err != nil || elo < 1350 || elo > 2850 {
			return spec, fmt.Errorf("player %q: want stockfish:ELO with ELO from 1350 to 2850 (Stockfish's UCI_Elo)", s)
		}
		if !timed {
			return spec, fmt.Errorf("player %q: give Stockfish its time per move, like %s@200ms", s, name)
		}
		spec.uciElo = elo
	case name == "mcts" || strings.HasPrefix(name, "mcts:"):
		if n, ok := strings.CutPrefix(name, "mcts:"); ok {
			playouts, err := strconv.Atoi(n)
			if err != nil || playouts < 1 || playouts > 100_000_000 {
				return spec, fmt.Errorf("player %q: bad number of playouts %q: want 1 to 100000000", s, n)
			}
			spec.playouts = playouts
		} else if !timed {
			return spec, fmt.Errorf("player %q: give MCTS a budget, like mcts:1000 (playouts) or mcts@1s", s)
		}
	default:
		n, err := strconv.Atoi(strings.TrimPrefix(name, "level"))
		if err != nil || n < ai.MinLevel || n > ai.MaxLevel {
			return spec, fmt.Errorf("player %q: want %s", s, specHelp)
		}
		spec.level = n
	}
	return spec, nil
}

// player returns a new player of the spec for variant v.
func (s playerSpec) player(v *engine.Variant, r *rand.Rand) (ai.Player, error) {
	switch {
	case s.random:
		return ai.NewRandom(r), nil
	case s.level > 0:
		return ai.LevelTimed(v, s.level, s.time, r)
	case s.uciElo > 0:
		if ms := v.Start().Moves(nil); len(ms) > 0 {
			if p, ok := v.Start().(uci.Position); !ok || p.UCI(ms[0]) == "" {
				return nil, fmt.Errorf("player %q: Stockfish plays chess, not %s", s.text, v.ID)
			}
		}
		path, err := uci.Path()
		if err != nil {
			return nil, err
		}
		return uci.Start(path, s.uciElo, s.time)
	}
	return ai.NewMCTS(ai.MCTSConfig{Playouts: s.playouts, Time: s.time}, r), nil
}

// gameResult is the result of one game of a match, from A's side.
type gameResult struct {
	index   int
	aSide   engine.Side
	outcome engine.Outcome
	plies   int
	// For A (0) and B (1): the moves they searched (the forced, random
	// and outside engine's moves not counted), the depth they reached, the
	// nodes they visited and the time they took, summed.
	searched, depth [2]int
	nodes           [2]int64
	spent           [2]time.Duration
	err             error
}

// score returns A's score in the game: 1, 0.5 or 0.
func (g gameResult) score() float64 {
	switch {
	case g.outcome.Status != engine.Win:
		return 0.5
	case g.outcome.Winner == g.aSide:
		return 1
	}
	return 0
}

func runMatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("match", "play games between two players, in pairs with colours swapped; the last line is the result from A's side", stdout)
	game := fs.String("game", "", "the game variant: "+strings.Join(variantIDs(), ", "))
	aText := fs.String("a", "", "player A: "+specHelp)
	bText := fs.String("b", "", "player B, as -a")
	games := fs.Int("games", 0, "the number of games, from 1 to 100000, rounded up to an even number: the games are played in pairs, with colours swapped")
	seed := fs.Uint64("seed", 1, "the seed of the openings and of the players' randomness")
	opening := fs.Int("opening", 4, "random plies played before each pair of games (0 to 20)")
	parallel := fs.Int("parallel", maxParallel, fmt.Sprintf("games played at once (1 to %d)", maxParallel))
	adjudicate := fs.Bool("adjudicate", false, "end games early as engine tournaments do, from the players' scores: "+
		engine.AdjudicationRules()+"; for levels and Stockfish in chess and Zonal Chess, whose scores are centipawns")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	v, err := findVariant(*game)
	if err != nil {
		return err
	}
	var specs [2]playerSpec
	for i, text := range []string{*aText, *bText} {
		if text == "" {
			return usagef("-a and -b are required: %s", specHelp)
		}
		if specs[i], err = parseSpec(text); err != nil {
			return usageError{err.Error()}
		}
		pl, err := specs[i].player(v, rand.New(rand.NewPCG(0, 0)))
		if err != nil {
			return usageError{err.Error()}
		}
		if c, ok := pl.(io.Closer); ok {
			c.Close()
		}
	}
	switch {
	case *games == 0:
		return usagef("-games is required: the number of games, from 1 to 100000 (rounded up to an even number)")
	case *games < 1 || *games > 100_000:
		return usagef("bad -games %d: want 1 to 100000 (rounded up to an even number)", *games)
	case *opening < 0 || *opening > 20:
		return usagef("bad -opening %d: want 0 to 20 plies", *opening)
	case *parallel < 1 || *parallel > maxParallel:
		return usagef("bad -parallel %d: want 1 to %d", *parallel, maxParallel)
	}
	for _, spec := range specs {
		if *adjudicate && spec.level == 0 && spec.uciElo == 0 {
			return usagef("-adjudicate reads the players' scores in centipawns: player %q gives none (levels and Stockfish do)", spec.text)
		}
	}
	m := match{v: v, specs: specs, games: (*games + 1) / 2 * 2, seed: *seed, opening: *opening, parallel: *parallel, adjudicate: *adjudicate}
	return m.run(ctx, stdout)
}

// match is one run of the match command.
type match struct {
	v          *engine.Variant
	specs      [2]playerSpec // A and B
	games      int           // even
	seed       uint64
	opening    int
	parallel   int
	adjudicate bool // end games early by engine.Adjudicator
}

// run plays the match, printing a line per game and the result last.
func (m *match) run(ctx context.Context, w io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	openings, err := m.openings()
	if err != nil {
		return err
	}
	jobs := make(chan int)
	results := make(chan gameResult, m.games)
	var wg sync.WaitGroup
	for range m.parallel {
		wg.Go(func() {
			for i := range jobs {
				results <- m.play(ctx, i, openings[i/2])
			}
		})
	}
	go func() {
		defer close(jobs)
		for i := range m.games {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	a, b := m.specs[0].text, m.specs[1].text
	fmt.Fprintf(w, "%s: %s vs %s, %d games from %d-ply random openings, seed %d\n", m.v.ID, a, b, m.games, m.opening, m.seed)
	var wins, draws, losses, played int
	var searched, depth [2]int
	var nodes [2]int64
	var spent [2]time.Duration
	var firstErr error
	for g := range results {
		if g.err != nil {
			if firstErr == nil {
				firstErr = g.err
				cancel()
			}
			continue
		}
		played++
		for k := range 2 {
			searched[k] += g.searched[k]
			depth[k] += g.depth[k]
			nodes[k] += g.nodes[k]
			spent[k] += g.spent[k]
		}
		var what string
		switch g.score() {
		case 1:
			wins++
			what = a + " wins"
		case 0:
			losses++
			what = b + " wins"
		default:
			draws++
			what = "draw"
		}
		fmt.Fprintf(w, "game %d/%d: %s played %s: %s (%s) after %d plies; %s %d-%d-%d\n",
			played, m.games, a, m.v.Sides[g.aSide], what, g.outcome.Reason, g.plies, a, wins, draws, losses)
	}
	if firstErr == nil && ctx.Err() != nil {
		firstErr = ctx.Err()
	}
	if firstErr != nil {
		if played > 0 {
			fmt.Fprintf(w, "stopped after %d games: %s\n", played, summary(a, b, wins, draws, losses))
		}
		return firstErr
	}
	for k, spec := range m.specs {
		if n := searched[k]; n > 0 {
			fmt.Fprintf(w, "%s searched %d moves: depth %.1f, %d nodes a second and %v a move on average\n",
				spec.text, n, float64(depth[k])/float64(n), int64(float64(nodes[k])/max(spent[k].Seconds(), 1e-9)),
				(spent[k] / time.Duration(n)).Round(time.Millisecond))
		}
	}
	fmt.Fprintln(w, summary(a, b, wins, draws, losses))
	if elo := m.specs[1].uciElo; elo > 0 {
		d, margin := eloDiff(wins, draws, losses)
		fmt.Fprintf(w, "%s on Stockfish's UCI_Elo scale: %d ± %d\n", a, elo+d, margin)
	}
	return nil
}

// openings returns a position for each pair of games, reached by random
// plies from the start; an opening in which the game has ended is drawn
// again.
func (m *match) openings() ([]engine.Position, error) {
	r := rand.New(rand.NewPCG(m.seed, 0x6f70656e))
	out := make([]engine.Position, m.games/2)
	for i := range out {
		for try := 0; ; try++ {
			if try == 1000 {
				return nil, fmt.Errorf("%s: no %d-ply random opening found in which the game goes on", m.v.ID, m.opening)
			}
			p := m.v.Start()
			for range m.opening {
				moves := p.Moves(nil)
				if len(moves) == 0 {
					break
				}
				p.Do(moves[r.IntN(len(moves))])
			}
			if !p.Outcome().Over() {
				out[i] = p
				break
			}
		}
	}
	return out, nil
}

// play plays game i of the match from the opening: A takes the first side
// in even games and the second in odd ones.
func (m *match) play(ctx context.Context, i int, opening engine.Position) gameResult {
	g := gameResult{index: i, aSide: engine.Side(i % 2)}
	var players [2]ai.Player
	for k, spec := range m.specs {
		side := g.aSide
		if k == 1 {
			side = side.Other()
		}
		r := rand.New(rand.NewPCG(m.seed, uint64(i)<<1|uint64(k)))
		pl, err := spec.player(m.v, r)
		if err != nil {
			g.err = err
			return g
		}
		players[side] = pl
		if c, ok := pl.(io.Closer); ok {
			defer c.Close()
		}
	}
	p := opening.Clone()
	var buf []engine.Move
	var adj engine.Adjudicator
	for g.plies = 0; ; g.plies++ {
		if g.outcome = p.Outcome(); g.outcome.Over() {
			return g
		}
		if g.plies >= m.v.MaxPlies {
			g.outcome = engine.Outcome{Status: engine.Draw, Reason: "the game reached its length limit"}
			return g
		}
		mover := p.Turn()
		mv, info, err := players[mover].Best(ctx, p)
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			g.err = fmt.Errorf("game %d: %w", i+1, err)
			return g
		}
		buf = p.Moves(buf[:0])
		if !slices.Contains(buf, mv) {
			g.err = fmt.Errorf("game %d: the %s player chose an illegal move in %s", i+1, p.Variant().Sides[p.Turn()], engine.String(p))
			return g
		}
		if info.Depth > 0 {
			k := 0
			if mover != g.aSide {
				k = 1
			}
			g.searched[k]++
			g.depth[k] += info.Depth
			g.nodes[k] += info.Nodes
			g.spent[k] += info.Elapsed
		}
		p.Do(mv)
		if !m.adjudicate || p.Outcome().Over() {
			continue
		}
		if g.outcome = adj.Record(m.opening+g.plies, mover, info.Score); g.outcome.Over() {
			g.plies++
			return g
		}
	}
}

// summary returns the match result line from A's side.
func summary(a, b string, wins, draws, losses int) string {
	elo, margin := eloDiff(wins, draws, losses)
	return fmt.Sprintf("%s vs %s: %d wins, %d draws, %d losses, Elo %+d ± %d", a, b, wins, draws, losses, elo, margin)
}

// eloDiff returns the Elo difference that the score implies and its 95%
// error margin, both rounded. A perfect (or nil) score would imply an
// infinite difference; it is taken as half a game short of perfect, which
// gives a finite lower bound.
func eloDiff(wins, draws, losses int) (elo, margin int) {
	n := float64(wins + draws + losses)
	if n == 0 {
		return 0, 0
	}
	s := (float64(wins) + float64(draws)/2) / n
	// The per-game variance of the score, from the results.
	v := (float64(wins)*(1-s)*(1-s) + float64(draws)*(0.5-s)*(0.5-s) + float64(losses)*s*s) / n
	lo, hi := 0.5/n, 1-0.5/n
	if s < lo || s > hi {
		s = min(max(s, lo), hi)
		v = s * (1 - s)
	}
	se := math.Sqrt(v / n)
	e := eloOf(s)
	up, down := eloOf(min(s+1.96*se, hi)), eloOf(max(s-1.96*se, lo))
	return int(math.Round(e)), int(math.Round((up - down) / 2))
}

// eloOf returns the Elo difference at which the expected score is s.
func eloOf(s float64) float64 {
	return -400 * math.Log10(1/s-1)
}
