package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"
	"unsafe"

	"github.com/zugbot/zugbot/engine"
)

// Search limits and scores.
const (
	// MaxPly is the deepest a search goes, nominal depth and extensions
	// included.
	MaxPly = 128
	// WinScore is the score of a won position at the root; a win found n
	// plies deeper scores WinScore-n, a loss -(WinScore-n).
	WinScore = 1_000_000
	inf      = WinScore + 1

	defaultTTBits = 18 // 2^18 entries of 32 bytes: 8 MiB
	defaultQDepth = 12
	histBits      = 12
	contBits      = 16
	histMax       = 1 << 20
	pollEvery     = 1023 // nodes between looks at the context, minus one
)

// Config sets a Searcher's budget and deliberate weaknesses. The zero value
// searches as deep as the context allows, with a capture search, no noise and
// a default transposition table.
type Config struct {
	// Depth caps the nominal search depth in plies; 0 means MaxPly.
	Depth int
	// Nodes caps the nodes visited per move; 0 means no cap. A node budget
	// makes a search independent of the machine's speed.
	Nodes int64
	// Time caps the time per move; 0 leaves it to the context. Within
	// it, iterative deepening stops early when the move looks settled
	// (see think).
	Time time.Duration
	// QDepth caps the capture search beyond the nominal depth, in plies;
	// 0 means 12, and a negative value turns the capture search off.
	QDepth int
	// Noise adds a random amount in [-Noise, Noise] to every static
	// evaluation (the same amount for the same position within one search),
	// to blur a weak player's judgement.
	Noise int
	// Blunder is the probability of playing a uniformly random legal move
	// instead of searching.
	Blunder float64
	// TTBits is the base-2 logarithm of the number of transposition table
	// entries (32 bytes each); 0 means 18.
	TTBits int
	// NoNullMove turns off null-move pruning in games that offer it,
	// NoFutility futility pruning in games that offer it, NoSEE the static
	// exchange evaluation of captures in games that offer it, and NoLMR
	// late-move reductions (for measuring what each is worth).
	// NoReverseFutility turns off reverse futility pruning and NoLMP
	// late-move pruning, in games that offer futility pruning; NoIIR the
	// internal iterative reduction and NoHistoryMalus the history's
	// penalty for quiet moves that failed.
	// NoTimeManagement makes iterative deepening stop only once half of
	// the time is spent, whether the move looks settled or not.
	// NoContinuation turns off the continuation history (the cut-offs of
	// a move in answer to the moves one and two plies before), and
	// NoImproving the looser pruning where the static score has fallen
	// since the side's last move. NoReductionTuning takes late-move
	// reductions from their formula alone, not adjusted by the move's
	// history and the static score's trend.
	// NoSEEPruning keeps the moves that lose material by exchange near the
	// leaves (see seeMargin). NoSingular turns off singular extensions
	// (see singular).
	NoNullMove, NoFutility, NoSEE, NoLMR, NoReverseFutility, NoLMP, NoIIR, NoHistoryMalus, NoTimeManagement, NoContinuation, NoImproving, NoReductionTuning, NoSEEPruning, NoSingular bool
}

// Searcher is an alpha-beta player: a negamax principal variation search
// with iterative deepening, a transposition table, killer and history move
// ordering, forced-move and check extensions, late-move reductions,
// null-move, futility and SEE pruning and singular extensions where the
// game offers them, and a capture (quiescence) search. It judges leaves with the position's Evaluator (or
// calls them even without one), follows Noisy moves in the capture search
// (but those its Exchanger calls losing) and tries moves in the order the
// position's Orderer suggests. Given a time budget, it spends little on a
// move it has settled on and more on a critical one (see target), and
// never more than the budget.
//
// A Searcher keeps its transposition table between moves; it is not safe
// for concurrent use.
type Searcher struct {
	cfg Config
	r   *rand.Rand

	tt   []entry
	mask uint64
	// evals caches static evaluations by position hash: a node asks for
	// its own more than once (null-move and futility pruning, the capture
	// search), and transpositions bring positions back.
	evals []evalEntry

	// Per search.
	eval     Evaluator
	noisy    Noisy
	capturer Capturer
	orderer  Orderer
	repeats  Repeater
	nuller   NullMover
	futile   Futile
	exchange Exchanger
	pruner   ExchangePruner // nil without SEE pruning
	checks   engine.CheckReporter
	done     <-chan struct{}
	nodes    int64
	stop     bool
	noiseKey uint64
	iter     int // the depth of the current iteration

	moves  [MaxPly + 1][]engine.Move
	scores [MaxPly + 1][]int64
	// unsure marks the moves whose exchange rank has not looked at yet
	// (see pick).
	unsure  [MaxPly + 1][]bool
	killers [MaxPly + 1][2]engine.Move
	tried   [MaxPly + 1][]engine.Move // the quiet moves searched at a node
	played  [MaxPly + 1]engine.Move   // the move made at each ply (zero: a null move)
	// excluded is the move a singular extension's test leaves out at a
	// ply (zero: none; see singular).
	excluded [MaxPly + 1]engine.Move
	statics  [MaxPly + 1]int // the static score at each ply (noStatic: none, in check)
	history  [2][1 << histBits]int32
	// cont is the continuation history: the cut-offs of a move in answer
	// to the move one ply before, and to the move two plies before, by a
	// hash of the pair (see contIndex).
	cont [1 << contBits]int32
}

// entry is a transposition table slot.
type entry struct {
	key   uint64
	move  engine.Move
	score int32
	depth int8
	flag  uint8
}

// evalEntry is a slot of the evaluation cache.
type evalEntry struct {
	key   uint64
	score int32
	ok    bool
}

// evalBits is the base-2 logarithm of the evaluation cache's slots (16
// bytes each).
const evalBits = 14

// Bound kinds of a stored score.
const (
	flagExact = iota + 1
	flagLower // the score is at least this
	flagUpper // the score is at most this
)

// NewSearcher returns a Searcher with the given budget, drawing its noise
// and blunders from r.
func NewSearcher(cfg Config, r *rand.Rand) *Searcher {
	s := &Searcher{}
	s.Reset(cfg, r)
	return s
}

// Reset makes s play as NewSearcher(cfg, r) would, keeping the memory it
// has: its transposition table (cleared, and grown only when cfg needs a
// larger one) and its move buffers. A Searcher reset before each move
// chooses the moves a fresh one would, without allocating a table each time.
func (s *Searcher) Reset(cfg Config, r *rand.Rand) {
	bits := cfg.TTBits
	if bits <= 0 {
		bits = defaultTTBits
	}
	switch {
	case cfg.Depth <= 0 || cfg.Depth > MaxPly:
		cfg.Depth = MaxPly
	}
	switch {
	case cfg.QDepth == 0:
		cfg.QDepth = defaultQDepth
	case cfg.QDepth < 0:
		cfg.QDepth = 0
	}
	s.cfg, s.r = cfg, r
	n := 1 << bits
	if cap(s.tt) < n {
		s.tt = make([]entry, n)
	} else {
		s.tt = s.tt[:n]
		clear(s.tt)
	}
	s.mask = uint64(n - 1)
	if s.evals == nil {
		s.evals = make([]evalEntry, 1<<evalBits)
	} else {
		clear(s.evals)
	}
	s.killers = [MaxPly + 1][2]engine.Move{}
	s.history = [2][1 << histBits]int32{}
	s.cont = [1 << contBits]int32{}
}

// TableBytes returns the size of the transposition table s holds.
func (s *Searcher) TableBytes() int { return cap(s.tt) * int(unsafe.Sizeof(entry{})) }

// Best searches p and returns the best move found, with the search's
// figures. p is left as it was.
func (s *Searcher) Best(ctx context.Context, p engine.Position) (engine.Move, Info, error) {
	start := time.Now()
	p = p.Clone()
	root := p.Moves(nil)
	if len(root) == 0 {
		return engine.Move{}, Info{}, ErrGameOver
	}
	if s.cfg.Blunder > 0 && s.r.Float64() < s.cfg.Blunder {
		return root[s.r.IntN(len(root))], Info{Random: true, Elapsed: time.Since(start)}, nil
	}
	if len(root) == 1 {
		return root[0], Info{Elapsed: time.Since(start)}, nil
	}
	return s.think(ctx, p, root, start)
}

// Analyse is Best for judging a position rather than playing in it: it
// searches even a forced move and never blunders on purpose, so that
// Info.Score is always the position's value as the search sees it (with
// the configured noise, which an analysis leaves at 0).
func (s *Searcher) Analyse(ctx context.Context, p engine.Position) (engine.Move, Info, error) {
	start := time.Now()
	p = p.Clone()
	root := p.Moves(nil)
	if len(root) == 0 {
		return engine.Move{}, Info{}, ErrGameOver
	}
	return s.think(ctx, p, root, start)
}

// think searches p, a clone, whose legal moves are root, by iterative
// deepening within the budget, from start.
func (s *Searcher) think(ctx context.Context, p engine.Position, root []engine.Move, start time.Time) (engine.Move, Info, error) {
	if s.cfg.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.cfg.Time)
		defer cancel()
	}
	s.prepare(ctx, p)
	deadline, timed := ctx.Deadline()

	// Shuffle the root so that equal moves are chosen among at random.
	s.r.Shuffle(len(root), func(i, j int) { root[i], root[j] = root[j], root[i] })
	best := root[0]
	info := Info{}
	budget := deadline.Sub(start)
	for depth := 1; depth <= s.cfg.Depth; depth++ {
		s.iter = depth
		m, score, complete := s.root(p, root, depth)
		changed := !m.IsZero() && m != best
		fell := complete && depth > 1 && score < info.Score-fallMargin
		if !m.IsZero() {
			best, info.Score = m, score
		}
		if !complete {
			break
		}
		info.Depth = depth
		if plies, who := (Info{Score: score}).Mate(); who != 0 && depth >= plies {
			break // a proven result that no shorter one can change
		}
		if timed && time.Since(start) > s.target(budget, depth, changed, fell) {
			break
		}
	}
	info.Nodes = s.nodes
	info.Elapsed = time.Since(start)
	return best, info, nil
}

// fallMargin is how far the score must fall from one iteration to the
// next for the move to count as critical (see target).
const fallMargin = 30

// target returns how much of its budget a search may have spent and still
// start another iteration, after completing one to depth. A move the
// search has settled on stops at half (where every move stops with
// NoTimeManagement): the next iteration would take about as long as all
// the ones before. One where the best move just changed goes on to four
// fifths, and one where the score just fell, a critical move, searches to
// the deadline. The deadline stops any iteration: a move never takes more
// than its budget.
func (s *Searcher) target(budget time.Duration, depth int, changed, fell bool) time.Duration {
	switch {
	case s.cfg.NoTimeManagement, depth < 4:
		return budget / 2
	case fell:
		return budget
	case changed:
		return budget * 4 / 5
	}
	return budget / 2
}

// Line returns the moves the last search expects from p on, at most n:
// the principal variation, as its transposition table keeps it. It stops
// early where the table has no legal move for a position. p is left as it
// was.
func (s *Searcher) Line(p engine.Position, n int) []engine.Move {
	var line []engine.Move
	var buf []engine.Move
	for len(line) < n && len(s.tt) > 0 {
		key := p.Hash()
		e := &s.tt[key&s.mask]
		if e.key != key || e.flag == 0 || e.move.IsZero() {
			break
		}
		buf = p.Moves(buf[:0])
		if !slices.Contains(buf, e.move) {
			break
		}
		line = append(line, e.move)
		p.Do(e.move)
	}
	for range line {
		p.Undo()
	}
	return line
}

// prepare sets up the per-search state for position p.
func (s *Searcher) prepare(ctx context.Context, p engine.Position) {
	s.eval, _ = p.(Evaluator)
	s.noisy, _ = p.(Noisy)
	s.capturer = nil
	if s.noisy != nil {
		s.capturer, _ = p.(Capturer)
	}
	s.orderer, _ = p.(Orderer)
	s.repeats, _ = p.(Repeater)
	s.nuller, s.futile, s.exchange = nil, nil, nil
	if !s.cfg.NoNullMove {
		s.nuller, _ = p.(NullMover)
	}
	if !s.cfg.NoFutility {
		s.futile, _ = p.(Futile)
	}
	if !s.cfg.NoSEE && s.noisy != nil {
		s.exchange, _ = p.(Exchanger)
	}
	s.pruner = nil
	if pr, ok := s.exchange.(ExchangePruner); ok && !s.cfg.NoFutility && !s.cfg.NoSEEPruning && pr.PruneByExchange() {
		s.pruner = pr
	}
	s.checks, _ = p.(engine.CheckReporter)
	s.done = ctx.Done()
	s.nodes = 0
	s.stop = false
	s.noiseKey = s.r.Uint64()
	s.killers = [MaxPly + 1][2]engine.Move{}
	for side := range s.history {
		for i := range s.history[side] {
			s.history[side][i] /= 8
		}
	}
	for i := range s.cont {
		s.cont[i] /= 8
	}
}

// root searches the root moves to depth and moves the best to the front.
// It returns the best move whose search completed and its score (the zero
// Move if none did), and whether the whole iteration completed.
func (s *Searcher) root(p engine.Position, moves []engine.Move, depth int) (engine.Move, int, bool) {
	alpha, beta := -inf, inf
	var best engine.Move
	bestScore := -inf
	s.statics[0] = noStatic
	for i, m := range moves {
		s.nodes++
		s.played[0] = m
		p.Do(m)
		var score int
		if i == 0 {
			score = -s.search(p, depth-1, 1, -beta, -alpha)
		} else {
			score = -s.search(p, depth-1, 1, -alpha-1, -alpha)
			if score > alpha && !s.stop {
				score = -s.search(p, depth-1, 1, -beta, -alpha)
			}
		}
		p.Undo()
		if s.stop {
			return best, bestScore, false
		}
		if score > bestScore {
			best, bestScore = m, score
			alpha = max(alpha, score)
			copy(moves[1:i+1], moves[:i])
			moves[0] = m
		}
	}
	s.store(p.Hash(), depth, bestScore, flagExact, best, 0)
	return best, bestScore, true
}

// search returns the score of p from the side to move's view, searched to
// depth plies with the window (alpha, beta), ply plies below the root.
func (s *Searcher) search(p engine.Position, depth, ply, alpha, beta int) int {
	if s.poll() {
		return 0
	}
	if s.repeats != nil && s.repeats.Repeats() {
		return 0
	}
	// At the horizon, out of check, a Capturer's capture search needs
	// none of its quiet moves (see quiesce).
	if depth <= 0 && s.capturer != nil && !s.inCheck() {
		return s.quiesce(p, ply, alpha, beta, 0)
	}
	// The table is asked before the moves are generated: a position it
	// settles costs no move generation. A singular extension's test
	// (excluded) searches the position without its best move, so the
	// table's score, and the prunings by the static score, are not for it.
	key := p.Hash()
	excluded := s.excluded[ply]
	var ttMove engine.Move
	var tt entry
	if e := &s.tt[key&s.mask]; depth > 0 && e.key == key && e.flag != 0 {
		ttMove, tt = e.move, *e
		if int(e.depth) >= depth && excluded.IsZero() {
			score := fromTT(int(e.score), ply)
			switch {
			case e.flag == flagExact,
				e.flag == flagLower && score >= beta,
				e.flag == flagUpper && score <= alpha:
				return score
			}
		}
	}
	if ply >= MaxPly {
		return s.static(p)
	}
	check := s.inCheck()
	// Extend escapes from check, and forced replies (below), within
	// bounds.
	extend := ply < 2*s.iter+4
	if extend && check {
		depth++
	}
	pv := beta-alpha > 1
	// Pruning by the static score is not for a window at a forced result.
	alphaWon, betaWon := decisive(alpha), decisive(beta)
	// Whether the static score has risen or fallen since the side's last
	// move, where the game offers futility pruning and neither side was
	// in check: reverse futility pruning prunes more when it rose,
	// late-move pruning when it fell.
	rising, falling := s.improving(p, ply, check)
	// The prunings that need no move come before the moves are generated.
	if depth > 0 && excluded.IsZero() {
		// Internal iterative reduction: a node the table knows no move
		// for, deep enough to matter, is searched a ply shallower; if it
		// matters, the next iteration finds the table's move.
		if !s.cfg.NoIIR && ttMove.IsZero() && depth >= iirDepth {
			depth--
		}
		// Reverse futility pruning: a few plies from the leaves, a static
		// score above beta by more than half a futility margin a ply is
		// taken as the cut-off a search would find.
		if s.futile != nil && !s.cfg.NoReverseFutility && !pv && !check && !betaWon && depth <= rfpDepth {
			if v := s.static(p); v-s.futile.FutilityMargin(1)*(depth-b2i(rising))/2 >= beta {
				return v
			}
		}
		// Null-move pruning: if passing still holds beta, so will a move.
		if s.nuller != nil && depth >= nullMin && ply > 0 && !betaWon &&
			!check && s.nuller.NullSafe() && s.static(p) >= beta {
			s.played[ply] = engine.Move{}
			s.nuller.DoNull()
			score := -s.search(p, depth-1-nullReduction(depth), ply+1, -beta, -beta+1)
			s.nuller.UndoNull()
			if s.stop {
				return 0
			}
			if score >= beta {
				return beta
			}
		}
	}
	// The singular extension's test comes before this node's moves are
	// generated, since it searches the node again.
	singular := false
	if extend && excluded.IsZero() && depth >= singularDepth && ply > 0 && !ttMove.IsZero() {
		var cut bool
		var score int
		singular, cut, score = s.singular(p, depth, ply, beta, ttMove, tt)
		if s.stop {
			return 0
		}
		if cut {
			return score
		}
	}
	moves := p.Moves(s.moves[ply][:0])
	s.moves[ply] = moves
	if len(moves) == 0 {
		return s.terminal(p, ply)
	}
	if extend && !check && len(moves) == 1 {
		depth++
	}
	if depth <= 0 {
		return s.quiesce(p, ply, alpha, beta, 0)
	}
	s.rank(p, ply, ttMove)
	origAlpha := alpha
	best, bestMove := -inf, engine.Move{}
	lmr := !s.cfg.NoLMR && depth >= lmrDepth && !check
	// Futility pruning: a ply or two from the leaves, when even a good
	// quiet move could not lift the static score to alpha, the quiet
	// moves (but the first, and those that check) are not searched.
	futile := s.futile != nil && depth <= 2 && ply > 0 && !check && !alphaWon &&
		s.static(p)+s.futile.FutilityMargin(depth) <= alpha
	// Late-move pruning: a few plies from the leaves, away from the
	// principal variation, the quiet moves ranked after the first
	// lmpCount quiet ones are not searched.
	lmp := s.futile != nil && !s.cfg.NoLMP && !pv && !check && !alphaWon && depth <= lmpDepth
	// SEE pruning: a few plies from the leaves, away from the principal
	// variation, a move that loses more material by exchange than
	// seeMargin allows is not searched (a quiet one unless it checks).
	seePrune := s.pruner != nil && !pv && !check && !alphaWon && depth <= seeDepth
	var unit int
	if seePrune {
		unit = s.pruner.FutilityMargin(1)
	}
	quiets := 0
	tried := s.tried[ply][:0]
	k := s.killers[ply]
	side := p.Turn() & 1
	prev1, prev2 := s.previous(ply)
	for i := range moves {
		m := s.pick(ply, i)
		if m == excluded {
			continue
		}
		quiet := s.noisy == nil || !s.noisy.Noisy(m)
		if quiet && i > 0 {
			if lmp && quiets >= lmpCount(depth, falling) {
				continue
			}
			quiets++
		}
		if i > 0 && quiet && (futile || seePrune && s.pruner.Exchange(m) < seeMargin(unit, depth, quiet)) {
			p.Do(m)
			checks := s.inCheck()
			p.Undo()
			if !checks {
				continue
			}
		}
		// rank has marked the captures that lose (all but the table's
		// move, which comes first): only they are worth an exchange.
		if seePrune && i > 0 && !quiet && s.scores[ply][i] < losingRank/2 && s.pruner.Exchange(m) < seeMargin(unit, depth, quiet) {
			continue
		}
		// Late-move reductions: a quiet move ranked late, which neither
		// checks nor is a killer, is searched shallower first; only if it
		// then beats alpha is it searched to the full depth.
		reduce := lmr && i >= lmrFrom && m != k[0] && m != k[1] && quiet
		// A singular move is searched a ply deeper.
		next := depth - 1 + b2i(singular && m == ttMove)
		s.played[ply] = m
		p.Do(m)
		var score int
		if best == -inf {
			score = -s.search(p, next, ply+1, -beta, -alpha)
		} else {
			score = alpha + 1
			if reduce && !s.inCheck() {
				r := lmrReduction(depth, i, pv)
				if !s.cfg.NoReductionTuning {
					r = tuneReduction(r, depth, falling, s.histScore(side, m, prev1, prev2))
				}
				if r > 0 {
					score = -s.search(p, next-r, ply+1, -alpha-1, -alpha)
				}
			}
			if score > alpha && !s.stop {
				score = -s.search(p, next, ply+1, -alpha-1, -alpha)
			}
			if score > alpha && score < beta && !s.stop {
				score = -s.search(p, next, ply+1, -beta, -alpha)
			}
		}
		p.Undo()
		if s.stop {
			return 0
		}
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha = score
				if score >= beta {
					s.reward(p, ply, depth, m, tried)
					break
				}
			}
		}
		if quiet {
			tried = append(tried, m)
		}
	}
	s.tried[ply] = tried
	if !excluded.IsZero() {
		// A test without the best move: every other move may have been
		// pruned, and its result is not the position's.
		return max(best, alpha)
	}
	flag := uint8(flagExact)
	switch {
	case best >= beta:
		flag = flagLower
	case best <= origAlpha:
		flag = flagUpper
	}
	s.store(key, depth, best, flag, bestMove, ply)
	return best
}

// singularDepth is the depth from which a node's best move is tested for
// a singular extension.
const singularDepth = 6

// singular tests whether ttMove, the table's best move at a node of p at
// depth, ply plies below the root, is singular: better than every other
// move by a margin, so that it deserves a ply more (a singular extension,
// as in Stockfish and Ethereal). The table's entry tt must hold a lower
// bound or exact score, searched at most 3 plies shallower; the other
// moves are searched to half the depth, against a bound a little below
// the table's score (a fiftieth of a pawn a ply in chess); the half is
// rounded so that both searches end on the same side's move, since an
// evaluation that gives the side to move its due (chess's tempo, half a
// pawn in the middlegame) scores searches an odd number of plies apart
// that much apart, and every best move would seem singular. If even without
// ttMove the node holds a bound that is at least beta, it is cut at once
// (a multi-cut): cut is true and score the bound. Only games that offer
// futility pruning, whose evaluation has a unit, are tested, and not with
// NoSingular.
func (s *Searcher) singular(p engine.Position, depth, ply, beta int, ttMove engine.Move, tt entry) (singular, cut bool, score int) {
	if s.futile == nil || s.cfg.NoSingular || tt.flag == flagUpper || int(tt.depth) < depth-3 {
		return false, false, 0
	}
	ttScore := fromTT(int(tt.score), ply)
	if decisive(ttScore) {
		return false, false, 0
	}
	bound := ttScore - depth*s.futile.FutilityMargin(1)/128
	half := (depth - 1) / 2
	half += (int(tt.depth) - half) & 1
	s.excluded[ply] = ttMove
	score = s.search(p, half, ply, bound-1, bound)
	s.excluded[ply] = engine.Move{}
	switch {
	case score < bound:
		return true, false, 0
	case bound >= beta:
		return false, true, bound
	}
	return false, false, 0
}

// decisive reports whether score is a forced result (or beyond one).
func decisive(score int) bool { return score <= -(WinScore-MaxPly) || score >= WinScore-MaxPly }

// Late-move reductions: from lmrDepth plies, the moves from the
// lmrFrom-th on (counting from 0) are reduced by lmrReduction plies.
const (
	lmrDepth = 3
	lmrFrom  = 3
)

// lmrTable holds the reductions by depth and move number: 0.75 +
// ln(depth)·ln(i)/2.25 plies, rounded down, the formula of open-source
// engines such as Ethereal.
var lmrTable = func() (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int8(0.75 + math.Log(float64(d))*math.Log(float64(i))/2.25)
		}
	}
	return t
}()

// lmrReduction returns how many plies shallower the i-th move at depth is
// first searched: a ply less on the principal variation, and never down
// to the capture search.
func lmrReduction(depth, i int, pv bool) int {
	r := int(lmrTable[min(depth, 63)][min(i, 63)])
	if pv {
		r--
	}
	return max(1, min(r, depth-2))
}

// tuneReduction adjusts a late-move reduction r at depth: a ply more where
// the static score has fallen, and by the move's history score hist (see
// histScore) a ply less or more for every reductionHist of it. The result
// is at most depth-2 (never down to the capture search), and 0, no
// reduction, at least.
func tuneReduction(r, depth int, falling bool, hist int64) int {
	r += b2i(falling) - int(hist/reductionHist)
	return max(0, min(r, depth-2))
}

// reductionHist is the history score worth a ply of reduction: a cut-off
// at depth d earns a move d² (see reward), so about one cut-off, or one
// failure, at the depth a master reaches in a second (11 plies). In a
// second's search from a chess middlegame it changes the reduction of
// about one move in ten, and of almost none in Zonal Chess, whose
// histories, spread over more moves, are smaller.
const reductionHist = 128

// histScore returns the history's judgement of quiet move m for side:
// its own history, and its continuation history in answer to the moves
// whose seeds previous returned.
func (s *Searcher) histScore(side engine.Side, m engine.Move, prev1, prev2 int64) int64 {
	v := int64(s.history[side][histIndex(m)])
	if prev1 >= 0 {
		v += int64(s.cont[contIndex(prev1, m)])
	}
	if prev2 >= 0 {
		v += int64(s.cont[contIndex(prev2, m)])
	}
	return v
}

// Reverse futility pruning and late-move pruning work up to these
// depths, late-move pruning keeping lmpCount quiet moves; the internal
// iterative reduction from iirDepth.
const (
	rfpDepth = 5
	lmpDepth = 3
	iirDepth = 4
)

// lmpCount returns how many quiet moves late-move pruning keeps at depth:
// half as many where the static score has fallen.
func lmpCount(depth int, falling bool) int {
	if falling {
		return (3 + depth*depth) / 2
	}
	return 3 + depth*depth
}

// seeDepth is the depth up to which SEE pruning works.
const seeDepth = 6

// seeMargin returns the least a move may win by exchange at depth and be
// searched, where unit is the game's futility margin a ply from the
// leaves (250 centipawns in chess): a capture may lose two fifths of it
// a ply (a pawn), a quiet move a sixteenth of it by depth² (from about a
// sixth of a pawn a ply from the leaves to more than a minor piece six
// plies from them).
func seeMargin(unit, depth int, quiet bool) int {
	if quiet {
		return -unit * depth * depth / 16
	}
	return -unit * depth * 2 / 5
}

// noStatic marks a ply without a static score in s.statics.
const noStatic = math.MinInt

// improving records the static score of p, ply plies below the root, and
// reports whether it has risen or fallen since two plies before: neither
// when either is unknown (in check, or in a game without futility
// pruning) or with NoImproving.
func (s *Searcher) improving(p engine.Position, ply int, check bool) (rising, falling bool) {
	s.statics[ply] = noStatic
	if s.futile == nil || check {
		return false, false
	}
	v := s.static(p)
	s.statics[ply] = v
	if s.cfg.NoImproving || ply < 2 || s.statics[ply-2] == noStatic {
		return false, false
	}
	return v > s.statics[ply-2], v < s.statics[ply-2]
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The null move's depths: it is tried from nullMin plies on, searched
// nullReduction plies shallower than a move.
const nullMin = 3

func nullReduction(depth int) int {
	if depth > 6 {
		return 3
	}
	return 2
}

// quiesce returns the score of p judged statically unless a noisy move
// improves on that; qply counts the capture search's plies so far. For a
// Capturer it generates the moves it needs itself, once it cannot stand
// pat; for other games they are already in s.moves[ply] (all of them, so
// that a finished game was told apart).
func (s *Searcher) quiesce(p engine.Position, ply, alpha, beta, qply int) int {
	if s.noisy == nil || qply >= s.cfg.QDepth || ply >= MaxPly {
		return s.static(p)
	}
	check := s.inCheck()
	if s.capturer != nil && check {
		s.moves[ply] = p.Moves(s.moves[ply][:0])
		if len(s.moves[ply]) == 0 {
			return s.terminal(p, ply)
		}
	}
	// In check every move is searched and standing pat is not an option,
	// for the first plies of the capture search.
	evasions := qply < 2 && check
	best := -inf
	if !evasions {
		best = s.static(p)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	switch {
	case evasions:
	case s.capturer != nil && !check:
		s.moves[ply] = s.capturer.Captures(s.moves[ply][:0])
	default:
		// Only the noisy moves are searched: the quiet ones are dropped
		// first, so that no time goes into ranking and picking them.
		s.moves[ply] = slices.DeleteFunc(s.moves[ply], func(m engine.Move) bool { return !s.noisy.Noisy(m) })
	}
	s.rank(p, ply, engine.Move{})
	for i := range s.moves[ply] {
		m := s.pick(ply, i)
		if !evasions && s.scores[ply][i] < losingRank/2 {
			break // a capture that loses material, and so are the rest
		}
		s.played[ply] = m
		p.Do(m)
		var score int
		switch {
		case s.poll():
			score = 0
		case s.capturer == nil && s.over(p, ply+1):
			score = -s.terminal(p, ply+1)
		default:
			score = -s.quiesce(p, ply+1, -beta, -alpha, qply+1)
		}
		p.Undo()
		if s.stop {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}

// over puts every legal move of p, ply plies below the root, in
// s.moves[ply] and reports whether there is none: whether the game is over.
func (s *Searcher) over(p engine.Position, ply int) bool {
	s.moves[ply] = p.Moves(s.moves[ply][:0])
	return len(s.moves[ply]) == 0
}

// poll counts a node and reports whether the search must stop.
func (s *Searcher) poll() bool {
	s.nodes++
	if s.stop {
		return true
	}
	if s.cfg.Nodes > 0 && s.nodes >= s.cfg.Nodes {
		s.stop = true
	} else if s.nodes&pollEvery == 0 {
		select {
		case <-s.done:
			s.stop = true
		default:
		}
		// A search holds its thread until Go's scheduler preempts it
		// (after 10 ms); yielding every thousand nodes (about a
		// millisecond) lets a bot's handlers run meanwhile.
		runtime.Gosched()
	}
	return s.stop
}

// inCheck reports whether the side to move is in check, for games that
// have check.
func (s *Searcher) inCheck() bool {
	if s.checks == nil {
		return false
	}
	_, ok := s.checks.InCheck()
	return ok
}

// terminal scores the finished game p from the side to move's view.
func (s *Searcher) terminal(p engine.Position, ply int) int {
	o := p.Outcome()
	if o.Status != engine.Win {
		return 0
	}
	if o.Winner == p.Turn() {
		return WinScore - ply
	}
	return -(WinScore - ply)
}

// static returns the evaluation of p, blurred by the configured noise.
func (s *Searcher) static(p engine.Position) int {
	v := 0
	if s.eval != nil {
		key := p.Hash()
		e := &s.evals[key&(1<<evalBits-1)]
		if e.ok && e.key == key {
			v = int(e.score)
		} else {
			v = s.eval.Evaluate()
			*e = evalEntry{key: key, score: int32(v), ok: true}
		}
	}
	if n := s.cfg.Noise; n > 0 {
		v += int(mix(p.Hash()^s.noiseKey)%uint64(2*n+1)) - n
	}
	return v
}

// rank scores the moves in s.moves[ply] for pick: the table's move first,
// then by the game's hint, killers just above quiet moves of the same hint,
// and the history of cut-offs last; captures that lose material by
// exchange come after all of them. Whether a move loses is left to pick,
// which asks only of the moves that come up: a cut-off often comes
// before most captures have been tried.
func (s *Searcher) rank(p engine.Position, ply int, ttMove engine.Move) {
	moves := s.moves[ply]
	scores := slices.Grow(s.scores[ply][:0], len(moves))[:len(moves)]
	unsure := slices.Grow(s.unsure[ply][:0], len(moves))[:len(moves)]
	side := p.Turn() & 1
	prev1, prev2 := s.previous(ply)
	exchange := s.exchange != nil
	// The hint and the histories of every move first (histScore written
	// out), then the table's move and the killers, found in the list:
	// fewer comparisons of moves than asking of every move whether it is
	// one of them.
	hist, cont := &s.history[side], &s.cont
	for i, m := range moves {
		var v int64
		if s.orderer != nil {
			v = int64(s.orderer.Order(m)) << 24
		}
		v += int64(hist[histIndex(m)])
		if prev1 >= 0 {
			v += int64(cont[contIndex(prev1, m)])
		}
		if prev2 >= 0 {
			v += int64(cont[contIndex(prev2, m)])
		}
		scores[i], unsure[i] = v, exchange
	}
	killers := &s.killers[ply]
	for n, k := range killers {
		if k.IsZero() || k == ttMove || n == 1 && k == killers[0] {
			continue
		}
		if i := slices.Index(moves, k); i >= 0 {
			scores[i] += 1 << 23
		}
	}
	if !ttMove.IsZero() {
		if i := slices.Index(moves, ttMove); i >= 0 {
			scores[i], unsure[i] = 1<<62, false
		}
	}
	s.scores[ply], s.unsure[ply] = scores, unsure
}

// losingRank is added to the rank of a capture that loses material by
// exchange: below any other move's, and below losingRank/2 whatever the
// game's hint (see MaxOrder).
const losingRank = -1 << 52

// pick moves the best-ranked of the moves from i on to index i and returns
// it: a selection sort done lazily, since a cut-off often comes early.
// A move rank left unsure is asked whether it loses by exchange once it
// comes out best; if it does, it falls by losingRank and the choice is
// made again. Its rank without losingRank is at least its rank with it,
// so the move chosen, and the order of the rest, are those of ranking
// every move in full first.
func (s *Searcher) pick(ply, i int) engine.Move {
	moves, scores, unsure := s.moves[ply], s.scores[ply], s.unsure[ply]
	scores, unsure = scores[:len(moves)], unsure[:len(moves)]
	for {
		b, best := i, scores[i]
		// Four at a time, for less of the loop's own work.
		j := i + 1
		for ; j+4 <= len(scores); j += 4 {
			four := scores[j : j+4 : j+4]
			if four[0] > best {
				b, best = j, four[0]
			}
			if four[1] > best {
				b, best = j+1, four[1]
			}
			if four[2] > best {
				b, best = j+2, four[2]
			}
			if four[3] > best {
				b, best = j+3, four[3]
			}
		}
		for ; j < len(scores); j++ {
			if v := scores[j]; v > best {
				b, best = j, v
			}
		}
		if unsure[b] {
			unsure[b] = false
			if s.exchange.Losing(moves[b]) {
				scores[b] += losingRank // after the quiet moves
				continue
			}
		}
		moves[i], moves[b] = moves[b], moves[i]
		scores[i], scores[b] = scores[b], scores[i]
		unsure[i], unsure[b] = unsure[b], unsure[i]
		return moves[i]
	}
}

// reward remembers m, which caused a cut-off at ply, as a killer and in the
// history table, and counts against the quiet moves tried before it,
// unless the game calls m noisy (such moves are tried early anyway). The
// history moves by depth² towards ±histMax, less the nearer it is.
func (s *Searcher) reward(p engine.Position, ply, depth int, m engine.Move, tried []engine.Move) {
	if s.noisy != nil && s.noisy.Noisy(m) {
		return
	}
	k := &s.killers[ply]
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	hist := &s.history[p.Turn()&1]
	bonus := int64(min(depth*depth, histMax))
	prev1, prev2 := s.previous(ply)
	update := func(m engine.Move, by int64) {
		nudge(&hist[histIndex(m)], by)
		if prev1 >= 0 {
			nudge(&s.cont[contIndex(prev1, m)], by)
		}
		if prev2 >= 0 {
			nudge(&s.cont[contIndex(prev2, m)], by)
		}
	}
	update(m, bonus)
	if s.cfg.NoHistoryMalus {
		return
	}
	for _, q := range tried {
		update(q, -bonus)
	}
}

// previous returns the seeds of the continuation history at ply: one for
// the move made a ply before, one for the move two plies before, or -1
// where there is none (the root, a null move, or NoContinuation).
func (s *Searcher) previous(ply int) (prev1, prev2 int64) {
	prev1, prev2 = -1, -1
	if s.cfg.NoContinuation {
		return prev1, prev2
	}
	if ply >= 1 && !s.played[ply-1].IsZero() {
		prev1 = int64(mix(s.played[ply-1].Lo^s.played[ply-1].Hi*0x9e3779b97f4a7c15) >> 1)
	}
	if ply >= 2 && !s.played[ply-2].IsZero() {
		prev2 = int64(mix(s.played[ply-2].Lo^s.played[ply-2].Hi*0xc2b2ae3d27d4eb4f+1) >> 1)
	}
	return prev1, prev2
}

// contIndex hashes a move in answer to an earlier one, whose seed
// previous returned, into the continuation history.
func contIndex(seed int64, m engine.Move) int {
	return int(mix(uint64(seed)^m.Lo*0xff51afd7ed558ccd^m.Hi) >> (64 - contBits))
}

// nudge moves the history score h by by, less the nearer h is to
// ±histMax in by's direction, so that it stays within them.
func nudge(h *int32, by int64) {
	v := int64(*h)
	*h = int32(v + by - v*max(by, -by)/histMax)
}

// store saves a search result in the transposition table, replacing what
// was there unless it concerned the same position more deeply.
func (s *Searcher) store(key uint64, depth, score int, flag uint8, m engine.Move, ply int) {
	e := &s.tt[key&s.mask]
	if e.key == key && int(e.depth) > depth && e.flag != 0 {
		return
	}
	*e = entry{key: key, move: m, score: int32(toTT(score, ply)), depth: int8(min(depth, 127)), flag: flag}
}

// toTT makes a win or loss score relative to the node where it is stored,
// so that it means the same wherever the position recurs.
func toTT(score, ply int) int {
	switch {
	case score > WinScore-MaxPly:
		return score + ply
	case score < -WinScore+MaxPly:
		return score - ply
	}
	return score
}

// fromTT undoes toTT for a node ply plies below the root.
func fromTT(score, ply int) int {
	switch {
	case score > WinScore-MaxPly:
		return score - ply
	case score < -WinScore+MaxPly:
		return score + ply
	}
	return score
}

// histIndex hashes a move into the history table.
func histIndex(m engine.Move) int {
	return int(mix(m.Lo^m.Hi*0x9e3779b97f4a7c15) >> (64 - histBits))
}

// mix is a 64-bit finaliser (splitmix64's).
func mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
