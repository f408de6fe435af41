package table

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/store"
)

// The runner's retry policy: a reply that fails is tried again after
// replyRetry, then twice as long, replyTries times in all; after that the
// game's Reply timer (store.ReplyGrace after the move, then after the
// timers' own retry policy) takes it over.
const (
	replyTries = 3
	replyRetry = time.Second
)

// awaitForget is how long the runner remembers that a caller showed the
// reply it awaited, for the adapter that follows the feed to leave that
// reply's changes to it (see Awaited): far longer than a change takes to
// reach a subscriber that keeps up; one that falls further behind gets a
// Resync instead.
const awaitForget = 10 * time.Minute

// replies runs a table's AI replies: one per game at a time, each on a
// goroutine of its own, until Close. Every change that leaves the AI to
// move starts one (see startReply); a caller that wants the reply in its
// answer awaits it (PlayOptions.AwaitReply).
type replies struct {
	mu     sync.Mutex
	runs   map[int64]*replyRun   // by game
	waits  map[string]*replyWait // by cause
	closed bool
	ctx    context.Context // the replies'; ends at Close
	stop   context.CancelFunc
	wg     sync.WaitGroup
}

// replyRun is the reply under way in one game.
type replyRun struct {
	again   bool          // asked for again while it ran: look again when done
	here    bool          // think here, even while zugbot workers run (see reply)
	onWait  func(int)     // the awaiting caller's, for the first try
	tried   chan struct{} // closed when the try under way (or the next) has ended,
	trying  bool          // unless it is closed already
	done    chan struct{} // closed when the run has ended, with
	err     error         // the last try's error
	thought map[int]ai.Info
}

// replyWait is a caller awaiting the reply its request caused.
type replyWait struct {
	source string    // the adapter the caller came through (WithSource)
	taken  bool      // a change of the reply was left to the caller (Awaited)
	shown  bool      // the caller has the reply, and shows it
	ended  time.Time // when the caller stopped waiting
}

// initReplies readies the runner.
func (t *Table) initReplies() {
	r := &t.replies
	r.runs = map[int64]*replyRun{}
	r.waits = map[string]*replyWait{}
	r.ctx, r.stop = context.WithCancel(context.Background())
}

// Close stops the table's AI replies and waits for them to end. A reply
// stopped while it thought is thought again after a restart (see
// RunTimers), or by a zugbot worker. The table
// starts no reply after Close.
func (t *Table) Close() {
	r := &t.replies
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	r.stop()
	r.wg.Wait()
}

// cause returns ctx with the cause of the changes made with it (see
// store.WithCause): the one it carries, or a new request ID.
func (t *Table) cause(ctx context.Context) (context.Context, string) {
	if c := store.CauseOf(ctx); c != "" {
		return ctx, c
	}
	c := strconv.FormatUint(t.Rand().Uint64(), 36)
	return store.WithCause(ctx, c), c
}

// await registers cause as awaited by its caller, who calls with ctx,
// before the change it causes is made, so that the reply's changes,
// however soon they come, are left to the caller (see Awaited).
func (t *Table) await(ctx context.Context, cause string) {
	r := &t.replies
	r.mu.Lock()
	defer r.mu.Unlock()
	now := time.Now()
	for c, w := range r.waits {
		if !w.ended.IsZero() && now.Sub(w.ended) > awaitForget {
			delete(r.waits, c)
		}
	}
	r.waits[cause] = &replyWait{source: feed.SourceOf(ctx)}
}

// unawait forgets that cause is awaited: its change left nothing to
// reply, or failed.
func (t *Table) unawait(cause string) {
	r := &t.replies
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.waits, cause)
}

// Awaited reports whether the changes caused by request cause (a
// feed.Change's Cause) are shown by the call that caused them, which came
// through the adapter named source (see WithSource), awaited the AI's
// reply (PlayOptions.AwaitReply) in this process, and answers with it:
// that adapter, following the feed, leaves them alone, and shows every
// other change, the AI's replies that nobody awaited among them. The
// answer is exact: a change that Awaited leaves to the caller is in the
// caller's answer, even if the caller stopped waiting meanwhile.
func (t *Table) Awaited(source, cause string) bool {
	if cause == "" {
		return false
	}
	r := &t.replies
	r.mu.Lock()
	defer r.mu.Unlock()
	w := r.waits[cause]
	if w == nil || w.source != source {
		return false
	}
	if w.ended.IsZero() {
		w.taken = true
	}
	return w.ended.IsZero() || w.shown
}

// startReply starts the AI's reply in game id, unless one runs there
// already, which is then told to look again when done; onWait is told
// the replies ahead of a new one while it waits for a worker, and here
// makes a new one think on this table even while zugbot workers run. It
// returns the game's run, or nil after Close.
func (t *Table) startReply(id int64, onWait func(int), here bool) *replyRun {
	r := &t.replies
	r.mu.Lock()
	defer r.mu.Unlock()
	if run := r.runs[id]; run != nil {
		run.again = true
		if !run.trying { // a caller awaits the next try
			run.tried, run.trying = make(chan struct{}), true
		}
		return run
	}
	if r.closed {
		return nil
	}
	run := &replyRun{onWait: onWait, here: here, tried: make(chan struct{}), trying: true, done: make(chan struct{}), thought: map[int]ai.Info{}}
	r.runs[id] = run
	r.wg.Add(1)
	go t.runReply(id, run)
	return run
}

// runReply thinks the AI's reply in game id, on its own, with its
// retries, until the AI is no longer to move there.
func (t *Table) runReply(id int64, run *replyRun) {
	r := &t.replies
	defer r.wg.Done()
	opt := replyOptions{OnWait: run.onWait, thought: func(ply int, info ai.Info) {
		r.mu.Lock()
		run.thought[ply] = info
		r.mu.Unlock()
	}}
	for try := 1; ; {
		_, err := t.reply(r.ctx, id, Moved, opt, run.here)
		opt.OnWait = nil
		r.mu.Lock()
		if run.trying {
			run.trying = false
			close(run.tried)
		}
		r.mu.Unlock()
		if err != nil && r.ctx.Err() == nil {
			t.cfg.Log.Error("the AI's reply", "game", id, "try", try, "err", err)
			if try < replyTries {
				select {
				case <-r.ctx.Done():
				case <-time.After(replyRetry << (try - 1)):
				}
				try++
				continue
			}
			// Left to the game's Reply timer.
		}
		r.mu.Lock()
		if run.again && r.ctx.Err() == nil {
			run.again, try = false, 1
			r.mu.Unlock()
			continue
		}
		delete(r.runs, id)
		run.err = err
		r.mu.Unlock()
		close(run.done)
		return
	}
}

// replyTo waits for the AI's reply to the change that request cause made
// to game id, leaving it at ply (run is the reply's run: nil when none
// was started), and returns it: the AI's moves from ply on, with the game
// as it is then; nil when none came before ctx ended or the try failed
// (the runner tries again, and the reply is then shown as a change made
// elsewhere). When the game went back before ply meanwhile (a
// takeback), the reply has no moves.
func (t *Table) replyTo(ctx context.Context, id int64, ply int, cause string, run *replyRun) *Update {
	if run != nil {
		t.replies.mu.Lock()
		tried := run.tried
		t.replies.mu.Unlock()
		select {
		case <-tried:
		case <-ctx.Done():
		}
	}
	load := func() (store.State, bool) {
		st, err := t.Load(context.WithoutCancel(ctx), id)
		if err != nil {
			t.cfg.Log.Warn("loading the AI's reply", "game", id, "err", err)
			return st, false
		}
		return st, true
	}
	st, ok := load()
	r := &t.replies
	r.mu.Lock()
	w := r.waits[cause]
	moves := movesFrom(&st, ply)
	if w == nil || !w.taken && (!ok || len(moves) == 0) {
		delete(r.waits, cause) // the changes to come are shown as made elsewhere
		r.mu.Unlock()
		if ok && st.Game.Ply < ply {
			return &Update{Event: Moved, State: st} // taken back meanwhile
		}
		return nil
	}
	w.shown, w.ended = true, time.Now()
	taken := w.taken
	r.mu.Unlock()
	if taken && len(moves) == 0 {
		// A change of the reply was left to this caller after it loaded
		// the game: the change is committed, so a new load has it.
		if st, ok = load(); ok {
			moves = movesFrom(&st, ply)
		}
	}
	u := &Update{Event: Moved, State: st, Moves: moves}
	r.mu.Lock()
	if run != nil {
		for i := range moves {
			u.Info = append(u.Info, run.thought[ply+i])
		}
	}
	r.mu.Unlock()
	return u
}

// movesFrom returns the moves played in st from ply on.
func movesFrom(st *store.State, ply int) []string {
	var ms []string
	for _, m := range st.Moves {
		if m.Ply >= ply {
			ms = append(ms, m.Notation)
		}
	}
	return ms
}

// resumeReplies starts the AI's reply in every game going on where it is
// to move: a stop interrupted its think, or the process died after the
// move that left the AI to move was committed. Each reply keeps the cause
// its Reply timer recorded, so that the adapters show it as made
// elsewhere. RunTimers calls it before its first sweep.
func (t *Table) resumeReplies(ctx context.Context) error {
	ids, err := t.store.AIGames(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		st, err := t.Load(ctx, id)
		if err != nil {
			return err
		}
		if AIToMove(&st) {
			t.startReply(id, nil, false)
		}
	}
	return nil
}

// PlayOptions are what a caller of PlayIn may ask for.
type PlayOptions struct {
	// AwaitReply makes PlayIn, when its move leaves the AI to move, wait
	// for the AI's reply, which it returns in Update.Reply, for an answer
	// that says "you played X; zugbot replied Y". Without it, the reply
	// comes later, as a change on the feed. Either way the table thinks
	// it, once.
	AwaitReply bool
	// OnWait, when set and AwaitReply, is called as replyOptions.OnWait is
	// while the reply waits for a worker.
	OnWait func(ahead int)
	// Played, when set, is called with the move once it is recorded,
	// before the wait for the reply: the adapter may show it meanwhile.
	Played func(u Update)
	// Turn, when not 0, is the version at which the mover's turn began on
	// the board they moved on (store.Game.TurnVersion): the move is
	// refused as stale if the turn has begun again since, even at the
	// same ply (after a takeback and another move).
	Turn int64
}

// replied starts the AI's reply when change u, caused by request cause,
// left the AI to move; when await, it waits for the reply and returns u
// with it in u.Reply (see replyTo).
func (t *Table) replied(ctx context.Context, u Update, cause string, await bool, onWait func(int)) Update {
	if !AIToMove(&u.State) {
		if await {
			t.unawait(cause)
		}
		return u
	}
	run := t.startReply(u.State.Game.ID, onWait, false)
	if await {
		u.Reply = t.replyTo(ctx, u.State.Game.ID, u.State.Game.Ply, cause, run)
	}
	return u
}
