package table

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/zugbot/zugbot/store"
)

// The retry policy of timers.
const (
	// TaskTries is how many times a failing timer is tried.
	TaskTries = 5
	// TaskRetry is the wait before the first retry; each next one doubles.
	TaskRetry = time.Minute
	// taskLease is how long a process holds the timers it took: the others
	// sharing its database leave them alone, and if it dies holding them
	// they come due again after it (on SQLite, at its next start).
	taskLease = 2 * time.Minute
)

// The heartbeat that lets a restart give live games back the time the
// service was down: recorded every heartbeatEvery at the most, and a
// downtime under clockGrace gives nothing back.
const (
	heartbeatEvery = 10 * time.Second
	clockGrace     = 15 * time.Second
)

// An Announcer tells people what the service's timers did: an adapter
// supplies it (a Discord post, a web push, a line in the terminal). Each
// method is called once the change is recorded; an error makes the timer
// try again later, after the retry policy (TaskRetry, TaskTries), unless
// Final says that trying again cannot help. A method must not hold up the
// others for long: the timers of a sweep run one after the other, but for
// tournament steps (Stepped), which post a round's many messages at the
// pace the adapter is allowed and so run alongside.
type Announcer interface {
	// TimedOut announces a game lost on time (or aborted, when fewer
	// than two plies were played).
	TimedOut(ctx context.Context, u Update) error
	// Remind reminds seat, to move in st, that a fifth of its time is
	// left (see rules.ReminderFraction).
	Remind(ctx context.Context, st store.State, seat store.Seat) error
	// Expired announces a challenge that nobody answered in time.
	Expired(ctx context.Context, c store.Challenge) error
	// Stepped announces a tournament's step: its start or cancellation,
	// its next round (its pairings, whose games have started) or its end;
	// or, with Event StepNone, nothing new, for an announcement that
	// failed before to be made again.
	Stepped(ctx context.Context, s Step) error
	// Analysed posts an analysis that was asked for and not posted (the
	// process that made it may have died before); once it returns nil,
	// the analysis is recorded as posted.
	Analysed(ctx context.Context, a Analysis) error
	// DailyPuzzle posts a server's puzzle of the day, with the answers
	// to the one before, and returns the ID of its message, which the
	// service records. With d.Again, the post may have been made before
	// (see DailyPuzzle.Again): it is looked for before it is made again.
	DailyPuzzle(ctx context.Context, d DailyPuzzle) (string, error)
	// Final reports whether err, returned by one of the methods above,
	// says that trying again cannot help (the place to announce is gone).
	Final(err error) bool
}

// TimerOptions are how a timer loop runs.
type TimerOptions struct {
	// Interval is how often due timers are looked for at the least; 10 s
	// when zero. The loop also wakes when the next timer is due, and when
	// a live game's clock changed or a tournament's game ended.
	Interval time.Duration
	// Batch is how many due timers are handled at most each time;
	// store.DefaultTaskBatch when zero.
	Batch int
	// Failed, when set, is told each failure of a timer's announcement.
	Failed func(err error)
	// Work is the context of the timers' work, which may outlive the
	// loop's so that a sweep under way when the loop is told to stop
	// finishes; the loop's context when nil.
	Work context.Context
}

// RunTimers fires the timers as they come due until ctx ends: move
// deadlines, reminders, challenge expiries, tournament steps, the AI's
// overdue replies and the servers' daily puzzles, each announced through
// a. Before the first sweep it gives live games back the time the service
// was down (over clockGrace),
// releases the timers a process claimed before it stopped, and starts the
// AI's replies that wait (resumeReplies); while it
// runs it records a heartbeat every heartbeatEvery. ready, when not nil,
// is called once it is set to sweep. With Config.MinePuzzles, it also
// mines the finished games of servers for puzzles meanwhile (see
// MinePuzzles), and ends once that has stopped.
func (t *Table) RunTimers(ctx context.Context, a Announcer, opt TimerOptions, ready func()) {
	if opt.Interval <= 0 {
		opt.Interval = 10 * time.Second
	}
	if down, n, err := t.store.ResumeClocks(ctx, clockGrace); err != nil {
		t.cfg.Log.Error("resuming the clocks of live games", "err", err)
	} else if n > 0 {
		t.cfg.Log.Info("gave live games back the time the service was down", "games", n, "down", down.Round(time.Second))
	}
	if err := t.store.ReleaseClaims(ctx); err != nil {
		t.cfg.Log.Error("releasing the timers claimed before a restart", "err", err)
	}
	if err := t.resumeReplies(ctx); err != nil {
		t.cfg.Log.Error("resuming the AI's replies", "err", err)
	}
	if t.cfg.MinePuzzles {
		var mining sync.WaitGroup
		mining.Go(func() { t.runMining(ctx) })
		defer mining.Wait()
	}
	// The first sweep comes when the first timer is due: at once if one
	// is (after a restart, say), else when one comes due or a change wakes
	// the loop.
	tick := time.NewTimer(t.untilDue(ctx, opt.Interval))
	defer tick.Stop()
	// The tournament steps of the sweeps, which run on while the loop
	// sweeps again; the loop ends once they have.
	var steps sync.WaitGroup
	defer steps.Wait()
	beat := time.NewTicker(heartbeatEvery)
	defer beat.Stop()
	if err := t.store.Heartbeat(ctx); err != nil {
		t.cfg.Log.Warn("heartbeat", "err", err)
	}
	if ready != nil {
		ready()
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-beat.C:
			if err := t.store.Heartbeat(ctx); err != nil {
				t.cfg.Log.Warn("heartbeat", "err", err)
			}
		case <-tick.C:
			work := opt.Work
			if work == nil {
				work = ctx
			}
			t.sweep(work, a, opt, &steps)
			tick.Reset(t.untilDue(ctx, opt.Interval))
		case <-t.wake:
			if !tick.Stop() {
				select {
				case <-tick.C:
				default:
				}
			}
			tick.Reset(t.untilDue(ctx, opt.Interval))
		}
	}
}

// WakeTimers makes the timer loop look again at when the next timer is
// due: a live game's clock changed, or a tournament's game ended (its
// round may be over). The table wakes it itself after its own changes.
func (t *Table) WakeTimers() {
	select {
	case t.wake <- struct{}{}:
	default:
	}
}

// untilDue returns the wait before the timer loop looks again: until the
// next timer is due (a live game's flag falls on time), or interval at
// the most.
func (t *Table) untilDue(ctx context.Context, interval time.Duration) time.Duration {
	wait := interval
	if next, ok, err := t.store.NextDue(ctx); err == nil && ok {
		wait = min(wait, max(next.Sub(t.now()), 0))
	}
	return wait
}

// RunDue claims and handles the timers that have come due, announcing
// each through a. RunTimers calls it; tests call it after moving their
// clock. A timer whose announcement fails is tried again later, each time
// after twice as long (TaskRetry, 2×TaskRetry, …), and dropped with a log
// line after TaskTries tries, or at once when a.Final says a retry cannot
// help. So a failing timer never holds up those behind it, and a
// tournament step, which may take a while to announce (a round's boards
// at Discord's pace of a few messages a second), runs alongside the other
// timers. RunDue returns once every timer it took is handled.
func (t *Table) RunDue(ctx context.Context, a Announcer, opt TimerOptions) {
	var steps sync.WaitGroup
	t.sweep(ctx, a, opt, &steps)
	steps.Wait()
}

// sweep is RunDue, but for the tournament steps, which it leaves running
// in steps.
func (t *Table) sweep(ctx context.Context, a Announcer, opt TimerOptions, steps *sync.WaitGroup) {
	batch := opt.Batch
	if batch <= 0 {
		batch = store.DefaultTaskBatch
	}
	tasks, err := t.store.Claim(ctx, batch, taskLease)
	if err != nil {
		t.cfg.Log.Error("due timers", "err", err)
		return
	}
	for _, tk := range tasks {
		if tk.Kind == store.TournamentStep {
			steps.Go(func() {
				t.handle(ctx, a, opt, tk)
				// The step may have set another due (a round with no
				// game to play is over at once), which the loop, asleep
				// until the lease of this one runs out, must see.
				t.WakeTimers()
			})
			continue
		}
		t.handle(ctx, a, opt, tk)
	}
}

// handle does timer tk's work, announces it through a, and marks it done,
// or to be tried again after the retry policy.
func (t *Table) handle(ctx context.Context, a Announcer, opt TimerOptions, tk store.Task) {
	err := t.runTask(ctx, a, tk)
	if err != nil && opt.Failed != nil {
		opt.Failed(err)
	}
	switch {
	case err == nil:
		err = t.finished(ctx, tk)
	case a.Final(err) || tk.Attempts+1 >= TaskTries:
		t.cfg.Log.Error("timer dropped", "kind", tk.Kind, "game", tk.GameID, "challenge", tk.ChallengeID, "guild", tk.Guild, "tries", tk.Attempts+1, "err", err)
		err = t.finished(ctx, tk)
	default:
		t.cfg.Log.Warn("timer failed; it will be tried again", "kind", tk.Kind, "game", tk.GameID, "challenge", tk.ChallengeID, "guild", tk.Guild, "tries", tk.Attempts+1, "err", err)
		err = t.store.Retry(ctx, tk, t.now().Add(TaskRetry<<tk.Attempts))
	}
	if err != nil {
		t.cfg.Log.Error("timer bookkeeping", "id", tk.ID, "err", err)
	}
}

// finished ends timer tk, handled or dropped: it is removed, but for a
// daily puzzle's, which is set for the next day's post (a day that could
// not be posted is skipped, not the ones after).
func (t *Table) finished(ctx context.Context, tk store.Task) error {
	if tk.Kind == store.DailyPuzzle {
		return t.store.Reschedule(ctx, tk, NextDailyPost(t.now()))
	}
	return t.store.Done(ctx, tk)
}

// runTask does timer tk's work and announces it through a.
func (t *Table) runTask(ctx context.Context, a Announcer, tk store.Task) error {
	switch tk.Kind {
	case store.Deadline:
		u, ok, err := t.TimeOut(ctx, tk)
		if err != nil || !ok {
			return err
		}
		return a.TimedOut(ctx, u)
	case store.Reminder:
		st, seat, ok, err := t.Reminder(ctx, tk)
		if err != nil || !ok {
			return err
		}
		return a.Remind(ctx, st, seat)
	case store.Expiry:
		c, ok, err := t.ExpireChallenge(ctx, tk.ChallengeID)
		if err != nil || !ok {
			return err
		}
		return a.Expired(ctx, c)
	case store.TournamentStep:
		s, err := t.TournamentStep(ctx, tk.TournamentID)
		if err != nil {
			return err
		}
		return a.Stepped(ctx, s)
	case store.Reply:
		// The AI has been to move for a while: the process that was to
		// think may have died. If the game is still waiting, think here,
		// on the table's runner (which publishes the reply under its
		// cause, as a change for the adapters to show); should another
		// process still be thinking, the ply check lets one move in, and
		// the other is refused.
		run := t.startReply(tk.GameID, nil, true)
		if run == nil {
			return errors.New("the table is closed")
		}
		select {
		case <-run.done:
			return run.err
		case <-ctx.Done():
			return ctx.Err()
		}
	case store.Analysis:
		an, ok, err := t.pendingAnalysis(ctx, tk.GameID)
		if err != nil || !ok {
			return err
		}
		if err := a.Analysed(ctx, an); err != nil {
			return err
		}
		t.analysisPosted(ctx, tk.GameID)
		return nil
	case store.DailyPuzzle:
		return t.postDaily(ctx, a, tk.Guild)
	}
	return fmt.Errorf("unknown timer kind %v", tk.Kind)
}
