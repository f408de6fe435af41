package table

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/internal/keylock"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/think"
)

// Config is what a Table needs. Store and Variants are required.
type Config struct {
	Store    *store.Store
	Variants []*engine.Variant
	// Now returns the time; time.Now when nil. It must agree with the store's.
	Now func() time.Time
	// Seed seeds colour draws and the AI's noise; random when zero.
	Seed uint64
	// AIThink caps the AI's time per move at every level (0: each level's
	// own budget). Tests set it low.
	AIThink time.Duration
	// AnalysisBudget is the search a game's analysis gives each position;
	// analysis.Budget when zero. Tests set it low.
	AnalysisBudget ai.Config
	// Thinker runs the AI's searches, on its workers: the replies, the
	// answers to draw offers, the hints and the analyses; a think.Pool
	// with a worker per CPU when nil.
	Thinker Thinker
	// Thought, when set, is told how long each AI move took, by variant
	// and level.
	Thought func(variant string, level int, d time.Duration)
	// Log is told what goes wrong in the background (the timers, the
	// workers); slog.Default() when nil.
	Log *slog.Logger
	// MinePuzzles makes RunTimers mine the finished games of servers for
	// puzzles, in the background (see Table.MinePuzzles). zugbot run sets
	// it; tests that do not look at it leave it off, so that the games
	// they end cost no search.
	MinePuzzles bool
}

// Thinker runs the AI's searches on a bounded number of workers, as a
// think.Pool does, which says how they share their time.
type Thinker interface {
	// Think runs f, the search of a reply (or another search a person
	// waits for), on a worker, with its workspace and the time it may
	// think (0 when it is bounded by depth and nodes), in its turn.
	Think(ctx context.Context, j think.Job, f func(ctx context.Context, ws *ai.Workspace, d time.Duration) error) error
	// Background runs f, one repeatable piece of work nobody waits for at
	// once (an analysis), on a worker that no reply needs.
	Background(ctx context.Context, game int64, f func(ctx context.Context, ws *ai.Workspace) error) error
	// Workers returns the number of searches run at once.
	Workers() int
}

// Table plays games. Make one with New; it is safe for concurrent use.
type Table struct {
	cfg      Config
	store    *store.Store
	variants map[string]*engine.Variant
	now      func() time.Time
	locks    keylock.Locks // of games
	tlocks   keylock.Locks // of tournaments
	analyses analyses
	thinker  Thinker
	shared   bool // the store is shared with other processes: zugbot workers may think (see RunWorker)

	workersMu sync.Mutex
	workersN  int       // the workers heard from lately,
	workersAt time.Time // as the store said then (see workersAlive)

	rngMu sync.Mutex
	rng   *rand.Rand

	declineMu sync.Mutex
	declines  map[int64]int // the ply at which the AI declined a draw, by game

	wake     chan struct{} // tells the timer loop to look again (see WakeTimers)
	mineWake chan struct{} // tells the miner a server's game ended (see runMining)

	replies replies // the AI's replies under way (see startReply)
}

// New returns a Table for cfg.
func New(cfg Config) (*Table, error) {
	if cfg.Store == nil || len(cfg.Variants) == 0 {
		return nil, errors.New("table: Store and Variants are required")
	}
	t := &Table{cfg: cfg, store: cfg.Store, variants: map[string]*engine.Variant{}, now: cfg.Now, shared: store.IsPostgres(cfg.Store.URL())}
	t.wake = make(chan struct{}, 1)
	t.mineWake = make(chan struct{}, 1)
	t.initReplies()
	if t.cfg.Log == nil {
		t.cfg.Log = slog.Default()
	}
	for _, v := range cfg.Variants {
		t.variants[v.ID] = v
	}
	if t.now == nil {
		t.now = time.Now
	}
	t.thinker = cfg.Thinker
	if t.thinker == nil {
		t.thinker = think.New(think.Config{})
	}
	seed := cfg.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	t.rng = rand.New(rand.NewPCG(seed, seed^0x7a756762))
	return t, nil
}

// Feed returns the feed on which the table publishes every change it
// makes, as its store records it (see store.Store.Feed): a game's start,
// a move (a person's or the AI's), an offer and its answer, a takeback,
// a resignation, a time-out, an abort (each with the game's new version),
// every step of a tournament and of a challenge. The changes of one game
// are published in the order they were made, while its lock is held.
// Subscribers load what they show from the store.
func (t *Table) Feed() *feed.Bus { return t.store.Feed() }

// Origin returns the name under which the table relays its changes to
// other processes: a Listener on its feed must skip these, which the feed
// published already.
func (t *Table) Origin() feed.Origin { return t.store.Origin() }

// done returns the change u made, for a call that made it, once its
// store has published it (see Feed).
func (t *Table) done(ctx context.Context, u Update) (Update, error) {
	t.publish(ctx, u)
	return u, nil
}

// doneReplying is done, and starts the AI's reply when u left the AI to
// move.
func (t *Table) doneReplying(ctx context.Context, u Update) (Update, error) {
	u, err := t.done(ctx, u)
	return t.replied(ctx, u, store.CauseOf(ctx), false, nil), err
}

// publish wakes the timers if the change u made may move one, and the
// miner if it ended a server's game. The store has published the change,
// in the transaction that recorded it.
func (t *Table) publish(_ context.Context, u Update) {
	g := &u.State.Game
	if g.Clock.Live() || g.Tournament != 0 && g.Over() {
		t.WakeTimers() // a flag's time moved, or a round may be over
	}
	if g.Over() && g.GuildID != "" {
		select {
		case t.mineWake <- struct{}{}:
		default:
		}
	}
}

// WithSource returns ctx saying that the calls made with it come through
// the adapter named source ("discord", "web", …): the changes they make
// are published with it (feed.Change.Source), so that an adapter can tell
// the changes it shows itself from those it must show because they were
// made elsewhere.
func WithSource(ctx context.Context, source string) context.Context {
	return feed.WithSource(ctx, source)
}

// Rand returns a new random source for one task, seeded from the table's.
func (t *Table) Rand() *rand.Rand {
	t.rngMu.Lock()
	defer t.rngMu.Unlock()
	return rand.New(rand.NewPCG(t.rng.Uint64(), t.rng.Uint64()))
}

// drawSide picks the side a colour choice gives: the first or second
// player, or one at random.
func (t *Table) drawSide(c store.Colour) engine.Side {
	switch c {
	case store.FirstColour:
		return 0
	case store.SecondColour:
		return 1
	}
	return engine.Side(t.Rand().IntN(2))
}

// The choices zugbot offers when a game starts.
const (
	// DefaultLevel is the AI's level when the player names none.
	DefaultLevel = 2
	// DefaultDays is the time to move, in days, of a challenge that names
	// none.
	DefaultDays = 3
)
