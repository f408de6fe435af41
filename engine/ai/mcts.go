package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"github.com/zugbot/zugbot/engine"
)

// MCTSConfig sets an MCTS player's budget. At least one of Playouts and Time
// should be set, or the context must carry a deadline.
type MCTSConfig struct {
	// Playouts caps the playouts per move; 0 means no cap.
	Playouts int
	// Time caps the time per move; 0 leaves it to the context.
	Time time.Duration
	// C is the UCT exploration constant; 0 means √2.
	C float64
	// PlayoutPlies caps a playout's length; 0 means the variant's MaxPlies,
	// at most 400. A playout cut short scores as the position's agreed
	// ending if it has one, and as a draw otherwise.
	PlayoutPlies int
	// MaxNodes caps the tree's size; 0 means 2,000,000 nodes. Beyond it,
	// playouts go on from the leaves already in the tree.
	MaxNodes int
}

// MCTS is a plain UCT player: Monte Carlo tree search with uniformly random
// playouts and no knowledge of the game beyond its rules, so it plays every
// game, and serves as a baseline. It is not safe for concurrent use.
type MCTS struct {
	cfg   MCTSConfig
	r     *rand.Rand
	nodes []node
	buf   []engine.Move
}

// node is a tree node: the position after move, reached from parent.
type node struct {
	move     engine.Move
	parent   int32
	child    int32 // first child, or -1
	sibling  int32 // next child of the parent, or -1
	expanded int32 // children made so far
	legal    int32 // legal moves in this position, or -1 before the first visit
	visits   int32
	reward   float64 // total reward for the side that played move
}

// NewMCTS returns an MCTS player drawing its playouts from r.
func NewMCTS(cfg MCTSConfig, r *rand.Rand) *MCTS {
	t := &MCTS{}
	t.Reset(cfg, r)
	return t
}

// Reset makes t play as NewMCTS(cfg, r) would, keeping the memory of its
// tree for the next search.
func (t *MCTS) Reset(cfg MCTSConfig, r *rand.Rand) {
	if cfg.C <= 0 {
		cfg.C = math.Sqrt2
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = 2_000_000
	}
	t.cfg, t.r = cfg, r
	t.nodes = t.nodes[:0]
}

// Best runs playouts from p until the budget or ctx ends and returns the
// most visited move. Info.Nodes counts the playouts. p is left as it was.
func (t *MCTS) Best(ctx context.Context, p engine.Position) (engine.Move, Info, error) {
	start := time.Now()
	p = p.Clone()
	t.buf = p.Moves(t.buf[:0])
	if len(t.buf) == 0 {
		return engine.Move{}, Info{}, ErrGameOver
	}
	if len(t.buf) == 1 {
		return t.buf[0], Info{Elapsed: time.Since(start)}, nil
	}
	// A move that wins at once is played at once.
	for _, m := range t.buf {
		p.Do(m)
		o := p.Outcome()
		p.Undo()
		if o.Status == engine.Win && o.Winner != p.Turn()^1 {
			return m, Info{Score: 1000, Elapsed: time.Since(start)}, nil
		}
	}
	if t.cfg.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, t.cfg.Time)
		defer cancel()
	}
	plies := t.cfg.PlayoutPlies
	if plies <= 0 {
		plies = min(p.Variant().MaxPlies, 400)
	}
	t.nodes = append(t.nodes[:0], node{parent: -1, child: -1, sibling: -1, legal: -1})
	done := ctx.Done()
	var n int64
loop:
	for t.cfg.Playouts <= 0 || n < int64(t.cfg.Playouts) {
		select {
		case <-done:
			break loop
		default:
		}
		t.iterate(p, plies)
		n++
	}
	best, visits := int32(-1), int32(-1)
	for c := t.nodes[0].child; c >= 0; c = t.nodes[c].sibling {
		if t.nodes[c].visits > visits {
			best, visits = c, t.nodes[c].visits
		}
	}
	info := Info{Nodes: n, Elapsed: time.Since(start)}
	if best < 0 { // no playout at all: the context had ended already
		return t.buf[t.r.IntN(len(t.buf))], info, nil
	}
	b := &t.nodes[best]
	info.Score = int(1000 * b.reward / float64(b.visits))
	return b.move, info, nil
}

// iterate runs one playout: it walks down the tree by UCT, adds a node,
// plays at random from there and credits the result to every node on the
// way.
func (t *MCTS) iterate(p engine.Position, plies int) {
	cur := int32(0)
	for {
		nd := &t.nodes[cur]
		if nd.legal < 0 {
			t.buf = p.Moves(t.buf[:0])
			nd.legal = int32(len(t.buf))
		}
		if nd.legal == 0 {
			break // the game is over here
		}
		if nd.expanded < nd.legal {
			if len(t.nodes) >= t.cfg.MaxNodes {
				break
			}
			t.buf = p.Moves(t.buf[:0])
			m := t.buf[nd.expanded]
			child := int32(len(t.nodes))
			t.nodes = append(t.nodes, node{move: m, parent: cur, child: -1, sibling: t.nodes[cur].child, legal: -1})
			t.nodes[cur].child = child
			t.nodes[cur].expanded++
			p.Do(m)
			cur = child
			break
		}
		cur = t.selectChild(cur)
		p.Do(t.nodes[cur].move)
	}

	// Play out at random and score the end for each side.
	o := t.playout(p, plies)
	var score [2]float64
	switch o.Status {
	case engine.Win:
		score[o.Winner&1] = 1
	default:
		score = [2]float64{0.5, 0.5}
	}

	for ; cur >= 0; cur = t.nodes[cur].parent {
		nd := &t.nodes[cur]
		nd.visits++
		if nd.parent >= 0 {
			p.Undo()
			// The side that played nd.move is the side to move now.
			nd.reward += score[p.Turn()&1]
		}
	}
}

// playout plays uniformly random moves from p until the game ends or plies
// moves have been played, takes them back and returns the outcome: the
// agreed ending, if the game has one, or a draw for a playout cut short.
func (t *MCTS) playout(p engine.Position, plies int) engine.Outcome {
	played := 0
	for ; played < plies; played++ {
		t.buf = p.Moves(t.buf[:0])
		if len(t.buf) == 0 {
			break
		}
		p.Do(t.buf[t.r.IntN(len(t.buf))])
	}
	o := p.Outcome()
	if !o.Over() {
		o = engine.Outcome{Status: engine.Draw}
		if a, ok := p.Agreed(); ok {
			o = a
		}
	}
	for range played {
		p.Undo()
	}
	return o
}

// selectChild returns the child of parent with the highest UCT value.
func (t *MCTS) selectChild(parent int32) int32 {
	logN := math.Log(float64(t.nodes[parent].visits))
	best, bestV := int32(-1), math.Inf(-1)
	for c := t.nodes[parent].child; c >= 0; c = t.nodes[c].sibling {
		nd := &t.nodes[c]
		n := float64(nd.visits)
		v := nd.reward/n + t.cfg.C*math.Sqrt(logN/n)
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}
