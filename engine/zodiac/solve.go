package zodiac

import (
	"slices"
	"sync"

	"github.com/zugbot/zugbot/engine"
)

// Result is the result of a position for the side to move under perfect
// play.
type Result int8

// The results of a position.
const (
	Loss Result = -1 // the side to move loses
	Draw Result = 0  // neither side can force a win on the state graph: the play cycles
	Win  Result = 1  // the side to move wins
)

// String returns "loss", "draw" or "win".
func (r Result) String() string {
	switch r {
	case Loss:
		return "loss"
	case Win:
		return "win"
	}
	return "draw"
}

// Value is what the solver knows of a position.
type Value struct {
	Result Result
	// Plies is the length of the rest of the game with perfect play: the
	// winner ends it as fast as possible and the loser puts it off as long
	// as possible. It is 0 for a draw and for a game already over.
	Plies int
}

// Table is the solution of Zodiac: the value of every position reachable
// from the start, whichever side moves first, on the graph of positions
// (where the play may cycle), and the means to play perfectly in the real
// game, where repeating a position loses. It is read-only and safe for
// concurrent use.
type Table struct {
	*graph
	result   []Result
	plies    []uint16
	maxPlies int // the largest of plies
	// shadowed[i] is true when another state of i's position is lost for
	// the side to move further from the end than i: the winner's play on
	// the graph may pass through that state first and then, entering i,
	// repeat the position. The guarded checks avoid such states.
	shadowed []bool
}

// Solve returns the solution of Zodiac. The first call computes it (in
// about a tenth of a second); later calls return the same table.
func Solve() *Table { return solution() }

var solution = sync.OnceValue(func() *Table {
	return solve(StartWith(Black).b, StartWith(White).b)
})

// Len returns the number of states in the table: those reachable from the
// start with either side to move first. It counts those where the side
// to move has no legal move, but not those where the inner points decided
// the game: the move that fills them is a win or a loss of its own.
func (t *Table) Len() int { return len(t.boards) }

// graph is the graph of the positions reachable from some starts. Positions
// are numbered in the order they were found, the starts first.
type graph struct {
	index  map[uint64]int32 // position key → number
	boards []board          // a board of each position
	// The successors of position i are succ[first[i]:first[i+1]]; moves
	// that end the game by a majority on the inner points lead to no
	// position and are counted in wins and losses instead, from the
	// mover's side.
	first        []int32
	succ         []int32
	wins, losses []uint8
	// same links the states of one position (board.position): the states
	// with the same pieces and side to move, which differ only in the
	// neutral steps they forbid, form a ring same[i], same[same[i]], … back
	// to i. The repetition rule sees them as one position.
	same []int32
}

// explore enumerates the positions reachable from the given boards.
func explore(starts ...board) *graph {
	g := &graph{index: map[uint64]int32{}, first: []int32{0}}
	add := func(b board) int32 {
		k := b.key()
		if i, ok := g.index[k]; ok {
			return i
		}
		i := int32(len(g.boards))
		g.index[k] = i
		g.boards = append(g.boards, b)
		return i
	}
	for _, b := range starts {
		add(b)
	}
	defer g.link()
	var buf [32]engine.Move
	for i := 0; i < len(g.boards); i++ {
		b := g.boards[i]
		var wins, losses uint8
		for _, m := range b.moves(buf[:0]) {
			c := b.play(m)
			if w, ok := c.winner(); ok {
				if w == b.turn {
					wins++
				} else {
					losses++
				}
				continue
			}
			g.succ = append(g.succ, add(c))
		}
		g.wins = append(g.wins, wins)
		g.losses = append(g.losses, losses)
		g.first = append(g.first, int32(len(g.succ)))
	}
	return g
}

// link builds the rings of states that are the same position.
func (g *graph) link() {
	g.same = make([]int32, len(g.boards))
	last := map[uint64]int32{}
	for i, b := range g.boards {
		g.same[i] = int32(i)
		k := b.position()
		if j, ok := last[k]; ok {
			// Insert i into j's ring.
			g.same[i], g.same[j] = g.same[j], int32(i)
		}
		last[k] = int32(i)
	}
}

// children returns the successors of position i.
func (g *graph) children(i int32) []int32 { return g.succ[g.first[i]:g.first[i+1]] }

// solve explores the positions reachable from the given boards and
// classifies them by retrograde analysis on the graph of positions, without
// the repetition rule: a position is won if some move leads to a lost one
// (or wins at once), lost if every move leads to a won one (or loses at
// once), and a draw if neither can be forced because the play can cycle.
func solve(starts ...board) *Table {
	g := explore(starts...)
	n := len(g.boards)
	t := &Table{graph: g, result: make([]Result, n), plies: make([]uint16, n)}

	// Predecessors, as a compressed list like succ.
	pfirst := make([]int32, n+1)
	for _, j := range g.succ {
		pfirst[j+1]++
	}
	for i := range n {
		pfirst[i+1] += pfirst[i]
	}
	pred := make([]int32, len(g.succ))
	fill := append([]int32(nil), pfirst[:n]...)
	for i := range n {
		for _, j := range g.children(int32(i)) {
			pred[fill[j]] = int32(i)
			fill[j]++
		}
	}

	// The positions are resolved in order of plies, so that a win is
	// resolved at its fastest and a loss when its last (and slowest)
	// escape is refuted. Unresolved positions are draws.
	queue := make([]int32, 0, n)
	left := make([]int32, n) // successors not yet known to be won by the opponent
	resolve := func(i int32, r Result, plies int) {
		t.result[i], t.plies[i] = r, uint16(plies)
		t.maxPlies = max(t.maxPlies, plies)
		queue = append(queue, i)
	}
	for i := range n {
		left[i] = g.first[i+1] - g.first[i]
		if left[i] == 0 && g.wins[i] == 0 && g.losses[i] == 0 {
			resolve(int32(i), Loss, 0) // no legal move
		}
	}
	for i := range n {
		switch {
		case g.wins[i] > 0:
			resolve(int32(i), Win, 1)
		case left[i] == 0 && g.losses[i] > 0:
			resolve(int32(i), Loss, 1) // every move gives the opponent the majority
		}
	}
	for q := 0; q < len(queue); q++ {
		j := queue[q]
		for _, i := range pred[pfirst[j]:pfirst[j+1]] {
			if t.result[i] != Draw {
				continue
			}
			if t.result[j] == Loss {
				resolve(i, Win, int(t.plies[j])+1)
				continue
			}
			if left[i]--; left[i] == 0 {
				resolve(i, Loss, int(t.plies[j])+1)
			}
		}
	}
	t.shadowed = make([]bool, n)
	for i := range n {
		for j := g.same[i]; j != int32(i); j = g.same[j] {
			if t.result[j] == Loss && t.plies[j] > t.plies[i] {
				t.shadowed[i] = true
				break
			}
		}
	}
	return t
}

// lookup returns the table holding b's position and its number there: t, or
// a table solved afresh from b when b is not reachable from the starts (a
// position read from a string).
func (t *Table) lookup(b board) (*Table, int32) {
	if i, ok := t.index[b.key()]; ok {
		return t, i
	}
	return solve(b), 0
}

// Value returns the value of p's position on the graph of positions, that
// is as if its history were empty: won or lost with the length of the rest
// of the game, or a draw when perfect play cycles (the repetition rule then
// decides, and Best accounts for it). A finished game has 0 plies and the
// result it has for the side to move. A position not reachable from the
// starts is solved on the spot, which takes up to a tenth of a second.
func (t *Table) Value(p *Position) Value {
	if o := p.Outcome(); o.Over() {
		return finished(p, o)
	}
	t, i := t.lookup(p.b)
	return Value{Result: t.result[i], Plies: int(t.plies[i])}
}

func finished(p *Position, o engine.Outcome) Value {
	if o.Winner == p.b.turn {
		return Value{Result: Win}
	}
	return Value{Result: Loss}
}

// Best returns the move perfect play chooses in p, given p's history, and
// the result it leads to for the side to move: Win if the side to move can
// force a win from here, Loss otherwise (a real game cannot be drawn: it
// ends at the latest when a player must repeat a position). A winning
// player takes the table's fastest win unless the history cuts it; a losing
// player plays the move that puts the loss off longest, or keeps the play
// cycling. Best returns
// the zero Move when the game is over.
//
// Best is exact. The values on the graph of positions decide the real game
// as long as the winner's play (which strictly shortens the distance to the
// end, so that it never meets itself) avoids the positions of the game so
// far; Best checks that it does, and where the history gets in the way or
// the position is a draw on the graph, it searches the real game, with the
// repetition rule, until the graph's values decide again.
func (t *Table) Best(p *Position) (engine.Move, Result) {
	if o := p.Outcome(); o.Over() {
		return engine.Move{}, finished(p, o).Result
	}
	t, root := t.lookup(p.b)
	s := newSearch(t, p)

	type option struct {
		m     engine.Move
		c     int32 // the position the move leads to, or -1
		class int   // 0 wins at once, 1 leads to c, 2 loses at once, 3 repeats
	}
	var opts []option
	for _, m := range p.b.moves(nil) {
		c := p.b.play(m)
		if w, ok := c.winner(); ok {
			class := 0
			if w != p.b.turn {
				class = 2
			}
			opts = append(opts, option{m, -1, class})
			continue
		}
		i := t.index[c.key()]
		if s.visited[i] {
			opts = append(opts, option{m, i, 3})
			continue
		}
		opts = append(opts, option{m, i, 1})
	}
	// Prefer, in order: winning at once; the graph's moves, fastest win
	// first and slowest loss last; losing at once; repeating.
	rank := func(o option) int {
		if o.class != 1 {
			return o.class * 10000 * 2
		}
		switch t.result[o.c] {
		case Loss:
			return 1 + int(t.plies[o.c])
		case Draw:
			return 10000
		}
		return 2*10000 - int(t.plies[o.c])
	}
	slices.SortStableFunc(opts, func(a, b option) int { return rank(a) - rank(b) })
	if opts[0].class == 0 {
		return opts[0].m, Win
	}
	if t.result[root] == Win && s.guardedWin(root) {
		for _, o := range opts {
			if o.class == 1 && !t.shadowed[o.c] && t.result[o.c] == Loss && t.plies[o.c] < t.plies[root] && s.guardedLoss(o.c) {
				return o.m, Win
			}
		}
	}
	for _, o := range opts {
		if o.class == 1 && !s.wins(o.c) {
			return o.m, Win
		}
	}
	return opts[0].m, Loss
}

// search decides positions of the real game: the graph of positions plus
// the set of positions the game has visited, which a player may not enter
// again without losing.
type search struct {
	t       *Table
	visited map[int32]bool
	// memo caches guardedWin and guardedLoss: memo[i] is epoch<<1 | value.
	// Those depend on the visited positions only through won and lost
	// ones nearer the end than position i, so an entry stays valid until
	// such a position enters or leaves the visited set; stale[d] is the
	// last epoch whose entries for positions d plies from the end are
	// invalid.
	memo  map[int32]uint32
	stale []uint32
	epoch uint32
}

func newSearch(t *Table, p *Position) *search {
	s := &search{
		t:       t,
		visited: map[int32]bool{},
		memo:    map[int32]uint32{},
		stale:   make([]uint32, t.maxPlies+2),
		epoch:   1,
	}
	for _, b := range append(p.undo, p.b) {
		if i, ok := t.index[b.key()]; ok {
			for j := i; !s.visited[j]; j = t.same[j] {
				s.visited[j] = true
			}
		}
	}
	return s
}

// guardedWin reports whether the side to move in won position i wins by the
// graph's play, each move going to a lost position nearer the end, without
// entering a visited position (the opponent who enters one loses) or a
// shadowed one, which the play may have met as another state of the same
// position.
func (s *search) guardedWin(i int32) bool {
	t := s.t
	if t.wins[i] > 0 {
		return true
	}
	if v, ok := s.cached(i); ok {
		return v
	}
	win := false
	for _, c := range t.children(i) {
		if !s.visited[c] && !t.shadowed[c] && t.result[c] == Loss && t.plies[c] < t.plies[i] && s.guardedLoss(c) {
			win = true
			break
		}
	}
	s.cache(i, win)
	return win
}

// guardedLoss reports whether every move of the side to move in lost
// position i leads to a position that guardedWin wins for the opponent, or
// to a visited one.
func (s *search) guardedLoss(i int32) bool {
	if v, ok := s.cached(i); ok {
		return v
	}
	loss := true
	for _, c := range s.t.children(i) {
		if !s.visited[c] && !s.guardedWin(c) {
			loss = false
			break
		}
	}
	s.cache(i, loss)
	return loss
}

func (s *search) cached(i int32) (bool, bool) {
	e, ok := s.memo[i]
	if !ok || e>>1 <= s.stale[s.t.plies[i]] {
		return false, false
	}
	return e&1 == 1, true
}

func (s *search) cache(i int32, v bool) {
	e := s.epoch << 1
	if v {
		e |= 1
	}
	s.memo[i] = e
}

// wins reports whether the side to move in position i wins the real game,
// i having just been entered: it is not yet marked visited, which it need
// not be for the graph's checks (the graph's play never comes back to it).
func (s *search) wins(i int32) bool {
	t := s.t
	if t.wins[i] > 0 {
		return true
	}
	switch t.result[i] {
	case Win:
		if s.guardedWin(i) {
			return true
		}
	case Loss:
		if s.guardedLoss(i) {
			return false
		}
	}
	s.toggle(i)
	defer s.toggle(i)
	// Try the moves the graph prefers first: to lost positions, to
	// draws, and only then to won ones.
	for _, want := range []Result{Loss, Draw, Win} {
		for _, c := range t.children(i) {
			if t.result[c] == want && !s.visited[c] && !s.wins(c) {
				return true
			}
		}
	}
	return false
}

// toggle marks position i, with every other state of the same position,
// visited or no longer visited, invalidating the cached values that may
// depend on them.
func (s *search) toggle(i int32) {
	t := s.t
	on := !s.visited[i]
	near := -1 // the fewest plies from the end among the won and lost states
	for j := i; ; {
		if on {
			s.visited[j] = true
		} else {
			delete(s.visited, j)
		}
		if t.result[j] != Draw && (near < 0 || int(t.plies[j]) < near) {
			near = int(t.plies[j])
		}
		if j = t.same[j]; j == i {
			break
		}
	}
	if near < 0 {
		return // guardedWin and guardedLoss see only won and lost positions
	}
	for d := near + 1; d < len(s.stale); d++ {
		s.stale[d] = s.epoch
	}
	s.epoch++
}
