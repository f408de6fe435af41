package table

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/rules"
	"github.com/zugbot/zugbot/store"
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
	// AIWorkers is the number of AI moves thought at once; more wait in a
	// queue. 0 means runtime.NumCPU().
	AIWorkers int
	// Thought, when set, is told how long each AI move took, by variant
	// and level.
	Thought func(variant string, level int, d time.Duration)
	// Queued, when set, is told the number of AI replies waiting for a
	// worker whenever it changes. It must not call the Table.
	Queued func(n int)
	// Waited, when set, is told how long each AI reply waited for a
	// worker. It must not call the Table.
	Waited func(d time.Duration)
	// Log is told what goes wrong in the background (the timers, the
	// workers); slog.Default() when nil.
	Log *slog.Logger
}

// Table plays games. Make one with New; it is safe for concurrent use.
type Table struct {
	cfg      Config
	store    *store.Store
	variants map[string]*engine.Variant
	now      func() time.Time
	locks    Locks
	tlocks   Locks // of tournaments
	analyses analyses
	pool     *aiPool
	shared   bool // the store is shared with other processes: zugbot workers may think (see RunWorker)

	workersMu sync.Mutex
	workersN  int       // the workers heard from lately,
	workersAt time.Time // as the store said then (see workersAlive)

	rngMu sync.Mutex
	rng   *rand.Rand

	declineMu sync.Mutex
	declines  map[int64]int // the ply at which the AI declined a draw, by game

	wake chan struct{} // tells the timer loop to look again (see WakeTimers)

	replies replies // the AI's replies under way (see startReply)
}

// New returns a Table for cfg.
func New(cfg Config) (*Table, error) {
	if cfg.Store == nil || len(cfg.Variants) == 0 {
		return nil, errors.New("table: Store and Variants are required")
	}
	t := &Table{cfg: cfg, store: cfg.Store, variants: map[string]*engine.Variant{}, now: cfg.Now, shared: store.IsPostgres(cfg.Store.URL())}
	t.wake = make(chan struct{}, 1)
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
	if t.cfg.AIWorkers <= 0 {
		t.cfg.AIWorkers = runtime.NumCPU()
	}
	t.pool = newAIPool(t.cfg.AIWorkers, &t.cfg)
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

// publish wakes the timers if the change u made may move one. The store
// has published the change, in the transaction that recorded it.
func (t *Table) publish(_ context.Context, u Update) {
	g := &u.State.Game
	if g.Clock.Live() || g.Tournament != 0 && g.Over() {
		t.WakeTimers() // a flag's time moved, or a round may be over
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

// DrawSide picks the side a colour choice gives: the first or second
// player, or one at random.
func (t *Table) DrawSide(c store.Colour) engine.Side {
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

// DaysPerMove returns the times to move, in days, that a challenge may
// set: rules.DaysPerMove, the store's rule too.
func DaysPerMove() []int { return rules.DaysPerMove() }

// Refusal is an action refused for a reason the player can act on; nothing
// was changed. Its Reason and fields say what was refused, so that an
// adapter can word it its own way; its text (Error) is plain, with no
// markup, meant to be shown as it is.
type Refusal struct {
	Reason     Reason
	Game       int64  // the game it concerns; 0 for none
	Tournament int64  // the tournament it concerns; 0 for none
	Who        string // the person it names (the one to move or to answer); "" for none
	Limit      int    // the limit it met (games at once, hints, players, characters); 0 for none
	msg        string
	err        error // what it explains, if anything: a *engine.MoveError
}

// Reason says why an action was refused.
type Reason uint8

// The reasons.
const (
	Unspecified       Reason = iota // a refusal of an adapter's own (see Refusef)
	BadLevel                        // an AI level out of range
	SelfChallenge                   // a challenge to oneself
	BotChallenge                    // a challenge to a bot
	RematchExists                   // the game already has its rematch
	Invalid                         // terms the store or the rules refuse
	NoChallenge                     // no such challenge
	ChallengeClosed                 // the challenge is no longer open (answered or withdrawn)
	ChallengeExpired                // the challenge expired
	TooManyGames                    // a player has the most games going at once (Limit)
	NotYours                        // not the player's to answer or to do
	GameGoing                       // the game is not over yet
	AlreadyOffered                  // the player's own offer is still open (Who is to answer it)
	NotHere                         // a tournament held on another server
	Hidden                          // a game or tournament the asker may not see (CanView)
	NoSuchGame                      // a public id that names no game or tournament
	NoGame                          // no such game
	GameOver                        // the game is over
	Stale                           // the board changed since the player looked at it
	FlagFell                        // the player's time ran out
	NotYourTurn                     // another side is to move (Who)
	MoveTooLong                     // a move's text is longer than any move (Limit)
	IllegalMove                     // the text is no legal move (Unwrap gives the *engine.MoveError)
	NoAgreement                     // the game has no agreed endings
	DrawDeclined                    // the AI declined a draw
	LiveTakeback                    // a takeback in a live game
	RatedTakeback                   // a takeback in a rated game between people
	NothingToTakeBack               // the player has not moved yet
	OfferClosed                     // the offer is no longer open
	NoHints                         // hints are not given in this game
	HintsUsed                       // the player has had every hint (Limit)
	NotAnalysed                     // the game has nothing to analyse
	BadClock                        // a time control out of its limits
	BadStartDelay                   // a tournament's start delay out of range (Limit: the most minutes)
	NoTournament                    // no such tournament
	TournamentStarted               // the tournament has started or ended
	TooFewPlayers                   // the tournament has too few players to start (Limit: how many it needs)
	TournamentFull                  // the tournament has the most players it takes (Limit)
	AlreadyJoined                   // the player is in the tournament already
	NotJoined                       // the player is not in the tournament
	TournamentClosed                // the tournament does not allow that in its state
)

// refusal returns a *Refusal r, with its fields, and a formatted text.
func refusal(r Refusal, format string, args ...any) error {
	r.msg = fmt.Sprintf(format, args...)
	return &r
}

// refuse returns a *Refusal for reason, with no other field, and a
// formatted text.
func refuse(reason Reason, format string, args ...any) error {
	return refusal(Refusal{Reason: reason}, format, args...)
}

func (e *Refusal) Error() string { return e.msg }

// Unwrap returns the error the refusal explains, if any.
func (e *Refusal) Unwrap() error { return e.err }

// Refusef returns a *Refusal of an adapter's own, with no Reason, with a
// formatted text.
func Refusef(format string, args ...any) error {
	return &Refusal{msg: fmt.Sprintf(format, args...)}
}

// Explain turns the store's refusals (a stale ply, a finished game, too
// many games, no such game) into refusals for the player about game id (0
// for a game not yet created); other errors pass through.
func (t *Table) Explain(id int64, err error) error {
	switch {
	case errors.Is(err, store.ErrStalePly):
		return refusal(Refusal{Reason: Stale, Game: id}, "The board of game #%d has changed since you looked at it; nothing was played. Have a look at the new board.", id)
	case errors.Is(err, store.ErrGameOver):
		return refusal(Refusal{Reason: GameOver, Game: id}, "Game #%d is over.", id)
	case errors.Is(err, store.ErrTooManyGames):
		return refusal(Refusal{Reason: TooManyGames, Game: id, Limit: t.store.MaxActiveGames()}, "You already have the most games going at once (%d); finish or resign one first.", t.store.MaxActiveGames())
	case errors.Is(err, store.ErrNotFound):
		return refusal(Refusal{Reason: NoGame, Game: id}, "There is no game #%d.", id)
	case errors.Is(err, store.ErrFlagFell):
		return &Refusal{Reason: FlagFell, Game: id, msg: fmt.Sprintf("Your time ran out in game #%d: the game is lost on time.", id), err: err}
	}
	return err
}

// Load returns game id with its position, or a refusal if there is none.
func (t *Table) Load(ctx context.Context, id int64) (store.State, error) {
	st, err := t.store.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return st, t.Explain(id, err)
	}
	if err != nil {
		return st, fmt.Errorf("load game %d: %w", id, err)
	}
	return st, nil
}

// seat loads game id for a player in it: the game and the player's side.
func (t *Table) seat(ctx context.Context, id int64, user string) (store.State, engine.Side, error) {
	st, err := t.Load(ctx, id)
	if err != nil {
		return st, 0, err
	}
	side, err := SideIn(&st, user)
	return st, side, err
}

// SideIn returns the side user plays in game st, or a refusal when they
// are not one of its players.
func SideIn(st *store.State, user string) (engine.Side, error) {
	side, ok := st.Game.SideOf(user)
	if !ok {
		return 0, refusal(Refusal{Reason: NotYours, Game: st.Game.ID}, "You are not a player in game #%d.", st.Game.ID)
	}
	return side, nil
}

// going locks game id and loads it for user, a player in it, refusing a
// game that is over with the refusal overText (a format whose %d is the
// game's number). On success the caller must call unlock.
func (t *Table) going(ctx context.Context, id int64, user, overText string) (st store.State, side engine.Side, unlock func(), err error) {
	unlock = t.locks.Lock(id)
	st, side, err = t.seat(ctx, id, user)
	if err == nil && st.Game.Over() {
		err = refusal(Refusal{Reason: GameOver, Game: id}, overText, id)
	}
	if err != nil {
		unlock()
		return st, side, nil, err
	}
	return st, side, unlock, nil
}

// Event is what a call did to a game: the kind of change the table
// publishes on its feed (see Table.Feed).
type Event = feed.Kind

// The events.
const (
	Started  = feed.Started  // a game began (the AI may have opened)
	Moved    = feed.Moved    // moves were played (perhaps none: the AI had nothing to do)
	Offered  = feed.Offered  // a draw or takeback offer is open
	Declined = feed.Declined // an offer was declined
	Agreed   = feed.Agreed   // the game ended by agreement
	TookBack = feed.TookBack // moves were taken back
	Resigned = feed.Resigned // a player resigned
	TimedOut = feed.TimedOut // the player to move ran out of time (or the game was aborted)
	Aborted  = feed.Aborted  // a moderator aborted the game
)

// Update says what a call changed, for the adapter to show.
type Update struct {
	Event Event
	// State is the game as it is now.
	State store.State
	// Side is the side of the player who acted (for TimedOut, the side
	// that ran out of time).
	Side engine.Side
	// Moves are the moves played, in order: the player's (for Moved after
	// Play) or the AI's replies (after Reply, and for Started).
	Moves []string
	// Info says how the AI chose each of its moves, in the order of Moves.
	Info []ai.Info
	// Offer is the offer that was made, declined or accepted.
	Offer store.Offer
	// Agreed is the result the game's agreed ending gives (for Offered and
	// Agreed draw offers).
	Agreed engine.Outcome
	// ByAI is true when the AI answered an offer on its side's behalf.
	ByAI bool
	// Reply is the AI's reply that the call awaited (see
	// PlayOptions.AwaitReply): its moves and the game after them; nil
	// when none was awaited or none came in time (it comes later, as a
	// change on the feed).
	Reply *Update
}

// PersonToMove returns the seat of the person whose turn it is in st, who
// is the one to tell so: none when the game is over or the AI is to move.
func PersonToMove(st *store.State) (store.Seat, bool) {
	if st.Game.Over() {
		return store.Seat{}, false
	}
	s := st.Game.Seats[st.Position.Turn()]
	return s, !s.IsAI()
}

// Start creates a game and, if the AI moves first, waits for it to open:
// the returned Update (Started) has its moves.
func (t *Table) Start(ctx context.Context, ng store.NewGame) (Update, error) {
	ctx, cause := t.cause(ctx)
	t.await(ctx, cause)
	g, err := t.store.CreateGame(ctx, ng)
	if err != nil {
		t.unawait(cause)
		return Update{}, t.Explain(0, err)
	}
	t.publish(ctx, Update{Event: Started, State: store.State{Game: g}})
	st, err := t.Load(ctx, g.ID)
	if err != nil {
		t.unawait(cause)
		return Update{}, err
	}
	u := t.replied(ctx, Update{Event: Started, State: st}, cause, true, nil)
	if u.Reply != nil {
		u.State, u.Moves, u.Info = u.Reply.State, u.Reply.Moves, u.Reply.Info
		u.Reply = nil
	}
	return u, nil
}

// CheckTurn refuses a move by side unless it is that side's turn in a game
// that goes on.
func (t *Table) CheckTurn(st *store.State, side engine.Side) error {
	g := &st.Game
	if g.Over() {
		return refusal(Refusal{Reason: GameOver, Game: g.ID}, "Game #%d is over: %s", g.ID, ResultOf(t.variants[g.Variant], g, nil))
	}
	if turn := st.Position.Turn(); turn != side {
		return refusal(Refusal{Reason: NotYourTurn, Game: g.ID, Who: SeatName(g.Seats[turn])}, "It is not your turn in game #%d: %s (%s) is to move.", g.ID, SeatName(g.Seats[turn]), st.Position.Variant().Sides[turn])
	}
	return nil
}

// MaxMoveLen is the longest move text a table reads: far more than any
// move of zugbot's games needs.
const MaxMoveLen = 100

// Check reports whether user may play text in game id now, at ply (-1: the
// current one), without playing it. It returns the game as it checked it
// and whether the move would end it.
func (t *Table) Check(ctx context.Context, id int64, user string, ply int, text string) (st store.State, ends bool, err error) {
	if st, err = t.Load(ctx, id); err != nil {
		return st, false, err
	}
	ends, err = t.CheckIn(&st, user, ply, text)
	return st, ends, err
}

// CheckIn is Check on game st, loaded by the caller.
func (t *Table) CheckIn(st *store.State, user string, ply int, text string) (ends bool, err error) {
	side, err := SideIn(st, user)
	if err != nil {
		return false, err
	}
	m, err := t.parse(st, side, ply, text)
	if err != nil {
		return false, err
	}
	p := st.Position.Clone()
	p.Do(m)
	return p.Outcome().Over(), nil
}

// parse checks that side may play text in st at ply and returns the move.
func (t *Table) parse(st *store.State, side engine.Side, ply int, text string) (engine.Move, error) {
	g := &st.Game
	if n := len([]rune(text)); n > MaxMoveLen {
		return engine.Move{}, refusal(Refusal{Reason: MoveTooLong, Game: g.ID, Limit: MaxMoveLen}, "That move is %d characters long, and no move is longer than %d.", n, MaxMoveLen)
	}
	if ply >= 0 && ply != g.Ply {
		return engine.Move{}, t.Explain(g.ID, store.ErrStalePly)
	}
	if err := t.CheckTurn(st, side); err != nil {
		return engine.Move{}, err
	}
	m, err := st.Position.ParseMove(text)
	if err != nil {
		return engine.Move{}, &Refusal{Reason: IllegalMove, Game: g.ID, msg: fmt.Sprintf("Game #%d: %v", g.ID, err), err: err}
	}
	return m, nil
}

// Play plays the move user entered as text in game id; ply is the ply the
// player saw (-1: the current one). If the AI is to move next, the table
// thinks its reply, which comes as a change on the feed (see PlayIn to
// await it).
func (t *Table) Play(ctx context.Context, id int64, user string, ply int, text string) (Update, error) {
	st, err := t.Load(ctx, id)
	if err != nil {
		return Update{}, err
	}
	return t.PlayIn(ctx, st, user, ply, text, PlayOptions{})
}

// PlayIn is Play in game st, loaded by the caller (so that an interaction
// loads its game once), which it plays in: the store refuses the move if
// the game has changed since st was loaded. With opt.AwaitReply, it waits
// for the AI's reply and returns it too.
func (t *Table) PlayIn(ctx context.Context, st store.State, user string, ply int, text string, opt PlayOptions) (Update, error) {
	ctx, cause := t.cause(ctx)
	if opt.AwaitReply {
		t.await(ctx, cause)
	}
	u, err := t.playIn(ctx, st, user, ply, text)
	if err != nil {
		t.unawait(cause)
		return u, err
	}
	if opt.Played != nil {
		opt.Played(u)
	}
	return t.replied(ctx, u, cause, opt.AwaitReply, opt.OnWait), nil
}

// playIn plays the move of PlayIn.
func (t *Table) playIn(ctx context.Context, st store.State, user string, ply int, text string) (Update, error) {
	unlock := t.locks.Lock(st.Game.ID)
	defer unlock()
	side, err := SideIn(&st, user)
	if err != nil {
		return Update{}, err
	}
	st.Position = st.Position.Clone() // the caller's stays as it was
	m, err := t.parse(&st, side, ply, text)
	if err != nil {
		return Update{}, err
	}
	notation, err := t.record(ctx, &st, m)
	if err != nil {
		return Update{}, err
	}
	return t.done(ctx, Update{Event: Moved, State: st, Side: side, Moves: []string{notation}})
}

// AIToMove reports whether the AI is to move in a game that goes on.
func AIToMove(st *store.State) bool {
	return !st.Game.Over() && st.Game.Seats[st.Position.Turn()].IsAI()
}

// record plays legal move m in st and records it, with the end it brings.
func (t *Table) record(ctx context.Context, st *store.State, m engine.Move) (string, error) {
	p := st.Position
	notation := p.FormatMove(m)
	p.Do(m)
	g, err := t.store.RecordMove(ctx, st.Game.ID, st.Game.Ply, notation, store.EndOf(p.Outcome()))
	if err != nil {
		p.Undo()
		return "", t.Explain(st.Game.ID, err)
	}
	st.Game = g
	st.Moves = append(st.Moves, store.Move{Ply: g.Ply - 1, Notation: notation, At: t.now()})
	return notation, nil
}

// aiThinkLimit bounds the AI's thinking beyond its level's own budget.
const aiThinkLimit = 10 * time.Second

// ReplyOptions are how the AI's reply is thought (see reply).
type ReplyOptions struct {
	// OnWait, when set, is called when the reply has waited for a worker
	// for Notice, with the number of replies ahead of it in the queue,
	// and again whenever that number changes. It is called on Reply's
	// goroutine, and the reply waits for it.
	OnWait func(ahead int)
	// Notice is the wait before OnWait is first called; 0 means 1 s.
	Notice time.Duration
	// Asked is when the reply was asked for, if before the call (a
	// zugbot worker's reply waited in the database's queue): its time
	// budget counts from then (see aiPool). Now when zero.
	Asked time.Time
	// thought, when set, is told how the AI chose each move it played
	// here, with the move's ply.
	thought func(ply int, info ai.Info)
}

// reply lets the AI play in game id while it is to move, and returns the
// game with the moves it played, as event ev. The AI thinks on one of the
// table's workers, after the replies asked for before (see aiPool), and
// without holding the game's lock, so that a takeback, a draw offer or a
// resignation is answered at once meanwhile; its move is then recorded
// only if the game has not changed, and otherwise the AI looks again.
// When ctx ends, a reply that waits for a worker leaves the queue, and
// one that thinks stops. The table's runner calls it (see startReply).
//
// On PostgreSQL, while a zugbot worker process runs (see RunWorker), the
// move is left to the workers, and reply waits for it; without one, or
// once none is left, the table thinks it itself; here says to think on
// this table's own workers even while zugbot workers run.
func (t *Table) reply(ctx context.Context, id int64, ev Event, opt ReplyOptions, here bool) (Update, error) {
	u := Update{Event: ev}
	if opt.Notice <= 0 {
		opt.Notice = waitNotice
	}
	for {
		st, err := t.Load(ctx, id)
		if err != nil {
			return u, err
		}
		u.State = st
		if !AIToMove(&st) {
			return u, nil
		}
		if !here {
			now, ok, err := t.fromWorker(ctx, &st, opt)
			if err != nil {
				return u, err
			}
			if ok {
				if m, played := moveAt(&now, st.Game.Ply); played {
					u.Moves = append(u.Moves, m)
					u.Info = append(u.Info, ai.Info{})
				}
				u.State = now
				continue
			}
		}
		m, info, err := t.think(ctx, &st, st.Game.Seats[st.Position.Turn()].AI, opt)
		if err != nil {
			return u, err
		}
		// The move is recorded and published under the cause of the
		// change that left the AI to move, which its Reply timer keeps.
		cause, err := t.store.ReplyCause(ctx, id, st.Game.Ply)
		if err != nil {
			return u, err
		}
		unlock := t.locks.Lock(id)
		notation, err := t.record(feed.WithCause(store.WithCause(ctx, cause), cause), &st, m)
		if err == nil {
			t.publish(ctx, Update{Event: Moved, State: st})
			if opt.thought != nil {
				opt.thought(st.Game.Ply-1, info)
			}
		}
		unlock()
		if errors.Is(err, store.ErrFlagFell) {
			return u, nil // the AI's time ran out: its deadline ends the game
		}
		var r *Refusal
		if errors.As(err, &r) {
			continue // the game changed while the AI thought
		}
		if err != nil {
			return u, err
		}
		u.State = st
		u.Moves = append(u.Moves, notation)
		u.Info = append(u.Info, info)
	}
}

// think chooses a move in st at AI level on one of the pool's workers.
func (t *Table) think(ctx context.Context, st *store.State, level int, opt ReplyOptions) (m engine.Move, info ai.Info, err error) {
	v := st.Position.Variant()
	err = t.onWorker(ctx, st, level, 0, opt, func(ctx context.Context, ws *ai.Workspace, d time.Duration) error {
		pl, err := ws.Level(v, level, d, t.Rand())
		if err != nil {
			return fmt.Errorf("AI level %d for %s: %w", level, v.ID, err)
		}
		start := time.Now()
		m, info, err = pl.Best(ctx, st.Position.Clone())
		if t.cfg.Thought != nil {
			t.cfg.Thought(v.ID, level, time.Since(start))
		}
		return err
	})
	if err != nil {
		return engine.Move{}, ai.Info{}, fmt.Errorf("AI move in game %d: %w", st.Game.ID, err)
	}
	return m, info, nil
}

// onWorker runs f on one of the pool's workers, after the work asked for
// before it (see aiPool), with the workspace it may use
// and the time it may think: its level's budget, capped by limit (when
// not 0), by Config.AIThink, and on a live clock by the AI's share of its
// time left; 0 for a level bounded by depth and nodes. f's context ends
// when its time is up, and an error is returned when ctx ended meanwhile,
// whatever f found.
func (t *Table) onWorker(ctx context.Context, st *store.State, level int, limit time.Duration, opt ReplyOptions, f func(ctx context.Context, ws *ai.Workspace, d time.Duration) error) error {
	v := st.Position.Variant()
	budget, timed := ai.LevelBudget(v, level)
	if timed && t.cfg.AIThink > 0 {
		budget = t.cfg.AIThink
	}
	if timed && limit > 0 {
		budget = min(budget, limit)
	}
	if g := &st.Game; g.Clock.Live() {
		// On a clock, the AI keeps to its share of the time it has left.
		limit := liveThink(g.TimeLeft(st.Position.Turn(), t.now()), g.Clock.Increment)
		if budget == 0 || limit < budget {
			budget, timed = limit, true
		}
	}
	j := newJob(st.Game.ID, budget, timed, opt.Asked)
	ws, tctx, err := t.pool.acquire(ctx, j, opt.OnWait, opt.Notice)
	if err != nil {
		return err
	}
	defer func() { t.pool.release(j, ws) }()
	d := t.cfg.AIThink
	if timed {
		d = j.think
	}
	tctx, cancel := context.WithTimeout(tctx, aiThinkLimit)
	defer cancel()
	err = niced(func() error { return f(tctx, ws, d) })
	if err == nil && ctx.Err() != nil {
		err = ctx.Err() // abandoned: what was found is not used
	}
	return err
}

// Resign ends game id, at ply, as a loss for user.
func (t *Table) Resign(ctx context.Context, id int64, user string, ply int) (Update, error) {
	unlock := t.locks.Lock(id)
	defer unlock()
	st, side, err := t.seat(ctx, id, user)
	if err != nil {
		return Update{}, err
	}
	g, err := t.store.Finish(ctx, id, ply, store.End{Result: store.Win, Winner: side.Other(), Reason: store.ReasonResignation, By: user})
	if err != nil {
		return Update{}, t.Explain(id, err)
	}
	st.Game = g
	return t.done(ctx, Update{Event: Resigned, State: st, Side: side})
}

// CanResign refuses when user may not resign game id now.
func (t *Table) CanResign(ctx context.Context, id int64, user string) (store.State, error) {
	st, _, err := t.seat(ctx, id, user)
	if err != nil {
		return st, err
	}
	if st.Game.Over() {
		return st, refusal(Refusal{Reason: GameOver, Game: id}, "Game #%d is already over.", id)
	}
	return st, nil
}

// OfferDraw offers the game's agreed ending (a draw, or the counted
// result) to user's opponent. Where a count decides the agreed ending, the
// offer must be confirmed at the game's ply (see DrawOptions.Confirmed):
// otherwise it changes nothing and returns a *Confirmation that says what
// the count would give. The AI answers at once, by its own judgement of
// the position (see aiAnswer); a person is asked. Offering back an open
// offer accepts it.
func (t *Table) OfferDraw(ctx context.Context, id int64, user string, opt DrawOptions) (Update, error) {
	st, side, unlock, err := t.going(ctx, id, user, "Game #%d is already over.")
	if err != nil {
		return Update{}, err
	}
	g := &st.Game
	v := st.Position.Variant()
	agreed, ok := st.Position.Agreed()
	switch {
	case !ok:
		unlock()
		return Update{}, refusal(Refusal{Reason: NoAgreement, Game: g.ID}, "%s has no draws and no agreed ending: %s", v.Game, EndingRule(v))
	case CountsAtAgreement(v) && opt.Confirmed != g.Ply:
		unlock()
		return Update{}, &Confirmation{Game: g.ID, Ply: g.Ply, Agreed: agreed,
			msg: fmt.Sprintf("In %s, ending game #%d by agreement means %s now: %s, so %s. Offer it?",
				v.Game, g.ID, v.Counting, AgreedDetail(agreed), agreedFor(agreed, side))}
	case g.Seats[side.Other()].IsAI():
		unlock()
		return t.aiAnswer(ctx, st, side, agreed, user, opt.Thinking)
	}
	defer unlock()
	u := Update{State: st, Side: side, Agreed: agreed, Offer: store.Offer{Kind: store.DrawOffer, By: side, Ply: g.Ply}}
	opp := g.Seats[side.Other()]
	if o := g.Offer; o.Kind == store.DrawOffer && o.Ply == g.Ply {
		if o.By == side {
			return Update{}, refusal(Refusal{Reason: AlreadyOffered, Game: g.ID, Who: SeatName(opp)}, "You have already offered this in game #%d; %s has not answered yet.", g.ID, SeatName(opp))
		}
		ng, err := t.store.AcceptOffer(ctx, g.ID, store.DrawOffer, side, g.Ply, agreedEnd(agreed, user))
		if err != nil {
			return Update{}, t.Explain(g.ID, err)
		}
		u.State.Game, u.Event, u.Offer = ng, Agreed, o
		return t.done(ctx, u)
	}
	ng, err := t.store.Offer(ctx, g.ID, u.Offer)
	if err != nil {
		return Update{}, t.Explain(g.ID, err)
	}
	u.State.Game, u.Event = ng, Offered
	return t.done(ctx, u)
}

// DrawOptions are what a caller of OfferDraw says besides the offer.
type DrawOptions struct {
	// Confirmed is the ply at which the player was shown the count of an
	// agreed ending that a count decides, and confirmed it; -1 when they
	// have not.
	Confirmed int
	// Thinking, when set, is called before the AI judges the offer, which
	// takes up to a second's search (drawThink) after a wait for a worker:
	// the adapter may say that the answer is coming.
	Thinking func()
}

// A Confirmation is OfferDraw's answer to an unconfirmed offer of an
// agreed ending that a count decides: nothing was offered. Its text says
// what the count would give and asks whether to offer it; the player
// confirms by offering again, confirmed, at the same ply.
type Confirmation struct {
	Game   int64
	Ply    int            // the ply the count is for
	Agreed engine.Outcome // what the count gives now
	msg    string
}

func (c *Confirmation) Error() string { return c.msg }

// agreedFor says what agreed ending o gives the player of side.
func agreedFor(o engine.Outcome, side engine.Side) string {
	switch {
	case o.Status != engine.Win:
		return "it would be a draw"
	case o.Winner == side:
		return "you would win"
	}
	return "you would lose"
}

// drawThink is the longest the AI thinks about a draw offer, whatever its
// level's budget: the offer is answered at once, as a move is not.
const drawThink = time.Second

// aiAnswer ends game st by agreement, offered by user on side, when the
// AI seated opposite agrees, as engines in tournaments do, by its own
// judgement. A counted ending (agreed) that it loses is declined without
// a search, and one that it wins is accepted; otherwise it accepts only
// when its search of the position at its level (at most drawThink; see
// ai.JudgeDraw) sees it as level or worse for itself, and in the opening
// (the game's first ai.DrawOpening plies) as worse. A decline holds for
// the game's ply: offered again before the game moves on, the offer is
// refused without another search.
func (t *Table) aiAnswer(ctx context.Context, st store.State, side engine.Side, agreed engine.Outcome, user string, thinking func()) (Update, error) {
	g := &st.Game
	if t.drawDeclined(g.ID, g.Ply) {
		return Update{}, refusal(Refusal{Reason: DrawDeclined, Game: g.ID}, "zugbot has already declined a draw at this move of game #%d. Offer again after the next move.", g.ID)
	}
	me := side.Other()
	accept := agreed.Status == engine.Win && agreed.Winner == me
	switch {
	case agreed.Status == engine.Win && agreed.Winner == side:
		t.declineDraw(g.ID, g.Ply)
		return Update{}, refusal(Refusal{Reason: DrawDeclined, Game: g.ID}, "zugbot declines: counted now, %s, so you would win. zugbot plays on.", AgreedDetail(agreed))
	case !accept:
		if thinking != nil {
			thinking()
		}
		level, v := g.Seats[me].AI, st.Position.Variant()
		err := t.onWorker(ctx, &st, level, drawThink, ReplyOptions{}, func(ctx context.Context, ws *ai.Workspace, d time.Duration) error {
			verdict, err := ws.JudgeDraw(ctx, v, level, d, st.Position, me, g.Ply)
			accept = verdict.Accept
			return err
		})
		if err != nil {
			return Update{}, fmt.Errorf("judge a draw in game %d: %w", g.ID, err)
		}
	}
	if !accept {
		t.declineDraw(g.ID, g.Ply)
		return Update{}, refusal(Refusal{Reason: DrawDeclined, Game: g.ID}, "zugbot declines the draw in game #%d and plays on.", g.ID)
	}
	unlock := t.locks.Lock(g.ID)
	defer unlock()
	ng, err := t.store.Finish(ctx, g.ID, g.Ply, agreedEnd(agreed, user))
	if err != nil {
		return Update{}, t.Explain(g.ID, err)
	}
	return t.done(ctx, Update{Event: Agreed, State: store.State{Game: ng, Position: st.Position, Moves: st.Moves}, Side: side, Agreed: agreed,
		Offer: store.Offer{Kind: store.DrawOffer, By: side, Ply: g.Ply}, ByAI: true})
}

// maxDeclines bounds the AI's remembered draw declines (a game and a ply
// each); beyond it they are forgotten, and an offer is judged again.
const maxDeclines = 10_000

// drawDeclined reports whether the AI declined a draw in game id at ply.
func (t *Table) drawDeclined(id int64, ply int) bool {
	t.declineMu.Lock()
	defer t.declineMu.Unlock()
	p, ok := t.declines[id]
	return ok && p == ply
}

// declineDraw remembers that the AI declined a draw in game id at ply.
func (t *Table) declineDraw(id int64, ply int) {
	t.declineMu.Lock()
	defer t.declineMu.Unlock()
	if t.declines == nil || len(t.declines) >= maxDeclines {
		t.declines = map[int64]int{}
	}
	t.declines[id] = ply
}

// Takeback takes back user's last move in a casual game without a live
// clock: at once against the AI (Event TookBack), as an offer to a person
// otherwise (Offered). A live game has no takebacks, rated or not: the
// clocks would run through the asking.
func (t *Table) Takeback(ctx context.Context, id int64, user string) (Update, error) {
	ctx, _ = t.cause(ctx)
	st, side, unlock, err := t.going(ctx, id, user, "Game #%d is over; there is nothing to take back.")
	if err != nil {
		return Update{}, err
	}
	defer unlock()
	g := &st.Game
	// Take back to just before the user's own last move.
	undo := 1
	if st.Position.Turn() == side {
		undo = 2
	}
	switch err := rules.CheckTakeback(g.Rated, g.Clock, undo, g.Ply); {
	case errors.Is(err, rules.ErrLiveTakeback):
		return Update{}, refusal(Refusal{Reason: LiveTakeback, Game: g.ID}, "Game #%d is played on a live clock (%s): live games have no takebacks.", g.ID, g.Clock)
	case errors.Is(err, rules.ErrRatedTakeback):
		return Update{}, refusal(Refusal{Reason: RatedTakeback, Game: g.ID}, "Game #%d is rated: takebacks are only for casual games and games against zugbot.", g.ID)
	case err != nil:
		return Update{}, refusal(Refusal{Reason: NothingToTakeBack, Game: g.ID}, "You have not moved yet in game #%d.", g.ID)
	}
	offer := store.Offer{Kind: store.TakebackOffer, By: side, Ply: g.Ply, Undo: undo}
	opp := g.Seats[side.Other()]
	if opp.IsAI() {
		if _, err := t.store.Takeback(ctx, g.ID, g.Ply, undo); err != nil {
			return Update{}, t.Explain(g.ID, err)
		}
		if st, err = t.Load(ctx, id); err != nil {
			return Update{}, err
		}
		return t.doneReplying(ctx, Update{Event: TookBack, State: st, Side: side, Offer: offer, ByAI: true})
	}
	if o := g.Offer; o.Kind == store.TakebackOffer && o.By == side && o.Ply == g.Ply {
		return Update{}, refusal(Refusal{Reason: AlreadyOffered, Game: g.ID, Who: SeatName(opp)}, "You have already asked to take back your move in game #%d; %s has not answered yet.", g.ID, SeatName(opp))
	}
	ng, err := t.store.Offer(ctx, g.ID, offer)
	if err != nil {
		return Update{}, t.Explain(g.ID, err)
	}
	st.Game = ng
	return t.done(ctx, Update{Event: Offered, State: st, Side: side, Offer: offer})
}

// Answer accepts or declines the open offer of the given kind in game id,
// made at ply, on behalf of user, the offer's recipient.
func (t *Table) Answer(ctx context.Context, id int64, user string, kind store.OfferKind, ply int, accept bool) (Update, error) {
	ctx, _ = t.cause(ctx)
	st, side, unlock, err := t.going(ctx, id, user, "Game #%d is already over.")
	if err != nil {
		return Update{}, err
	}
	defer unlock()
	g := &st.Game
	if g.Offer.Kind != kind || g.Offer.Ply != ply {
		return Update{}, refusal(Refusal{Reason: OfferClosed, Game: g.ID}, "That offer in game #%d is no longer open: the game has moved on or it was answered.", g.ID)
	}
	if g.Offer.By == side {
		return Update{}, refusal(Refusal{Reason: NotYours, Game: g.ID}, "It is your own offer; your opponent answers it.")
	}
	u := Update{State: st, Side: side, Offer: g.Offer}
	switch {
	case !accept:
		ng, err := t.store.DeclineOffer(ctx, g.ID, kind, ply)
		if err != nil {
			return Update{}, t.Explain(g.ID, err)
		}
		u.State.Game, u.Event = ng, Declined
	case kind == store.DrawOffer:
		agreed, _ := st.Position.Agreed()
		ng, err := t.store.AcceptOffer(ctx, g.ID, kind, side, ply, agreedEnd(agreed, user))
		if err != nil {
			return Update{}, t.Explain(g.ID, err)
		}
		u.State.Game, u.Event, u.Agreed = ng, Agreed, agreed
	default:
		if _, err := t.store.AcceptOffer(ctx, g.ID, kind, side, ply, store.End{}); err != nil {
			return Update{}, t.Explain(g.ID, err)
		}
		if u.State, err = t.Load(ctx, id); err != nil {
			return Update{}, err
		}
		u.Event = TookBack
	}
	return t.doneReplying(ctx, u)
}

// Abort ends game id, at ply, without a result, on the word of a moderator
// (by); it is never rated.
func (t *Table) Abort(ctx context.Context, id int64, ply int, by string) (Update, error) {
	unlock := t.locks.Lock(id)
	defer unlock()
	st, err := t.Load(ctx, id)
	if err != nil {
		return Update{}, err
	}
	if st.Game.Over() {
		return Update{}, refusal(Refusal{Reason: GameOver, Game: id}, "Game #%d is already over.", id)
	}
	g, err := t.store.Finish(ctx, id, ply, store.End{Result: store.Aborted, Reason: store.ReasonAdmin, By: by})
	if err != nil {
		return Update{}, t.Explain(id, err)
	}
	st.Game = g
	return t.done(ctx, Update{Event: Aborted, State: st})
}

// TimeOut ends the game of deadline task tk whose player to move has run
// out of time: a loss, or an abort when fewer than two plies were played.
// It reports false when the game had moved on and nothing was done.
func (t *Table) TimeOut(ctx context.Context, tk store.Task) (Update, bool, error) {
	unlock := t.locks.Lock(tk.GameID)
	defer unlock()
	st, err := t.store.Load(ctx, tk.GameID)
	if moved(err) {
		return Update{}, false, nil
	}
	if err != nil {
		return Update{}, false, err
	}
	if st.Game.Over() || st.Game.Ply != tk.Ply {
		return Update{}, false, nil
	}
	late := st.Position.Turn()
	g, err := t.store.TimeOut(ctx, tk, late)
	if moved(err) {
		return Update{}, false, nil
	}
	if err != nil {
		return Update{}, false, err
	}
	st.Game = g
	u, _ := t.done(ctx, Update{Event: TimedOut, State: st, Side: late})
	return u, true, nil
}

// Reminder returns the game of reminder task tk and the seat to remind,
// or false when there is nobody to remind: the game moved on or ended, or
// the AI is to move.
func (t *Table) Reminder(ctx context.Context, tk store.Task) (store.State, store.Seat, bool, error) {
	st, err := t.store.Load(ctx, tk.GameID)
	if moved(err) {
		return st, store.Seat{}, false, nil
	}
	if err != nil {
		return st, store.Seat{}, false, err
	}
	g := &st.Game
	if g.Over() || g.Ply != tk.Ply || g.Deadline.IsZero() {
		return st, store.Seat{}, false, nil
	}
	seat, ok := PersonToMove(&st)
	return st, seat, ok, nil
}

// moved reports whether err says the game changed before its timer fired.
func moved(err error) bool {
	return errors.Is(err, store.ErrStalePly) || errors.Is(err, store.ErrGameOver) || errors.Is(err, store.ErrNotFound)
}

// Locks are a lock per game (or per any int64 key): the zero value is
// ready for use. A Table serialises the work on each game with them, so
// that two clicks at once are handled one after the other; the store's ply
// check then refuses the second. (The store alone would already keep the
// data right; the lock keeps the second click from rendering a board
// first.)
type Locks struct {
	mu    sync.Mutex
	locks map[int64]*gameLock
}

type gameLock struct {
	mu    sync.Mutex
	users int
}

// Lock locks id and returns its unlock function.
func (g *Locks) Lock(id int64) func() {
	g.mu.Lock()
	if g.locks == nil {
		g.locks = map[int64]*gameLock{}
	}
	l := g.locks[id]
	if l == nil {
		l = &gameLock{}
		g.locks[id] = l
	}
	l.users++
	g.mu.Unlock()
	l.mu.Lock()
	return func() {
		l.mu.Unlock()
		g.mu.Lock()
		if l.users--; l.users == 0 {
			delete(g.locks, id)
		}
		g.mu.Unlock()
	}
}
