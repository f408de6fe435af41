package table

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"github.com/zugbot/zugbot/puzzle"
	"github.com/zugbot/zugbot/store"
)

// DailyHour is the hour of the day, UTC, at which each server's daily
// puzzle is posted; the day's puzzle is the puzzle of the UTC date at that
// hour.
const DailyHour = 0

// dayLayout is how a day is written in the store: its UTC date.
const dayLayout = time.DateOnly

// DailyDay returns the day whose puzzle is the latest at now: the UTC
// date of the last DailyHour.
func DailyDay(now time.Time) string {
	return now.UTC().Add(-DailyHour * time.Hour).Format(dayLayout)
}

// NextDailyPost returns when the next daily puzzle after now is due: the
// next DailyHour, UTC.
func NextDailyPost(now time.Time) time.Time {
	at := now.UTC().Truncate(24 * time.Hour).Add(DailyHour * time.Hour)
	if !at.After(now) {
		at = at.Add(24 * time.Hour)
	}
	return at
}

// DailyPuzzle is a server's puzzle of the day, for an Announcer to post.
type DailyPuzzle struct {
	// Post is the day's post as claimed: the server, the day, the puzzle
	// and the channel.
	Post store.DailyPost
	// View is the puzzle at its start.
	View PuzzleView
	// Again is set when the post was claimed before and its message not
	// recorded: the process that claimed it may have posted it and died
	// before recording it, so the post is to be looked for before it is
	// made again.
	Again bool
	// Previous is the server's last post before this one (Day "" when
	// none), with its puzzle and the answers to it, in the order they
	// came.
	Previous       store.DailyPost
	PreviousPuzzle puzzle.Puzzle
	Answers        []store.DailySolve
	// Next is when the next day's puzzle is due.
	Next time.Time
}

// SetDailyPuzzle points server guild's daily puzzle at channel, with the
// puzzles of variant, or of every game with puzzles in turn when variant
// is "". Today's puzzle comes at once if the server has had none today;
// then one comes every day at DailyHour, UTC. It returns today's post
// when there was one already (Day "" when not).
func (t *Table) SetDailyPuzzle(ctx context.Context, guild, channel, variant string) (store.DailyPost, error) {
	if variant != "" {
		set, err := puzzle.Set(variant)
		if err != nil {
			return store.DailyPost{}, err
		}
		if _, ok := t.variants[variant]; !ok || len(set) == 0 {
			return store.DailyPost{}, refuse(NoPuzzle, "There are no puzzles for %q.", variant)
		}
	}
	now := t.now()
	// Today's post, if one was made before this: read first, since the
	// timer, woken below, may post today's at once.
	posts, err := t.store.DailyPosts(ctx, guild, 1)
	if err != nil {
		return store.DailyPost{}, err
	}
	if err := t.store.SetDailyChannel(ctx, store.DailyChannel{Guild: guild, Channel: channel, Variant: variant}, now); err != nil {
		return store.DailyPost{}, err
	}
	t.WakeTimers()
	if len(posts) == 0 || posts[0].Day != DailyDay(now) {
		return store.DailyPost{}, nil
	}
	return posts[0], nil
}

// StopDailyPuzzle turns off server guild's daily puzzle, and returns where
// it was posted; false when it had none.
func (t *Table) StopDailyPuzzle(ctx context.Context, guild string) (store.DailyChannel, bool, error) {
	return t.store.StopDaily(ctx, guild)
}

// DailyChannelGone turns off the daily puzzles posted in channel, which
// was deleted, and returns them.
func (t *Table) DailyChannelGone(ctx context.Context, channel string) ([]store.DailyChannel, error) {
	return t.store.StopDailyIn(ctx, channel)
}

// DailyAnswered records user's finished try at puzzle id in server guild
// as their answer to the server's daily puzzle, when it is the server's
// latest and their first answer to it; it reports whether it did. A try
// elsewhere (guild "") is no answer.
func (t *Table) DailyAnswered(ctx context.Context, guild string, user store.Player, id string, solved bool) (bool, error) {
	if guild == "" || user.ID == "" {
		return false, nil
	}
	return t.store.RecordDailySolve(ctx, guild, user, id, solved)
}

// postDaily claims and posts server guild's puzzle of today, through a,
// unless it is posted already (by another process, or before a restart).
// The claim is recorded first, then the post's message: a process that
// dies between the two leaves a claim without its message, which the next
// try posts with Again set. A day the bot was down through is not posted
// afterwards: only today's is.
func (t *Table) postDaily(ctx context.Context, a Announcer, guild string) error {
	day := DailyDay(t.now())
	p, fresh, err := t.store.ClaimDailyPost(ctx, guild, day, t.chooseDaily(day))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil // turned off meanwhile
	case err != nil || p.Message != "":
		return err
	}
	d := DailyPuzzle{Post: p, Again: !fresh, Next: NextDailyPost(t.now())}
	if d.View, err = t.Puzzle(ctx, Solver{Guild: guild}, p.Puzzle, 0); err != nil {
		return err
	}
	posts, err := t.store.DailyPosts(ctx, guild, 0)
	if err != nil {
		return err
	}
	for _, old := range posts { // newest first: the last one posted before
		if old.Day < day && old.Message != "" {
			d.Previous, d.PreviousPuzzle = old, puzzleOrNone(old.Puzzle)
			if d.Answers, err = t.store.DailySolves(ctx, guild, old.Day); err != nil {
				return err
			}
			break
		}
	}
	msg, err := a.DailyPuzzle(ctx, d)
	if err != nil {
		return err
	}
	return t.store.DailyPosted(ctx, guild, day, msg)
}

// puzzleOrNone returns the shipped puzzle id, or one with only its ID when
// the sets no longer have it.
func puzzleOrNone(id string) puzzle.Puzzle {
	if pz, ok := puzzle.ByID(id); ok {
		return pz
	}
	return puzzle.Puzzle{ID: id}
}

// chooseDaily returns how the puzzle of a server's post of day is chosen,
// the same in every process: the day's game is the server's, or, for the
// games in turn, the one the day's number gives; in its set, from a place
// drawn from the server and the day, the first puzzle never posted to the
// server, or when every one has been, the one posted longest ago.
func (t *Table) chooseDaily(day string) func(c store.DailyChannel, past []store.DailyPost) (string, error) {
	return func(c store.DailyChannel, past []store.DailyPost) (string, error) {
		date, err := time.Parse(dayLayout, day)
		if err != nil {
			return "", fmt.Errorf("the daily puzzle's day %q: %w", day, err)
		}
		variant := c.Variant
		if variant == "" {
			games := t.PuzzleVariants()
			if len(games) == 0 {
				return "", errors.New("no game has puzzles")
			}
			variant = games[int(date.Unix()/86400)%len(games)].ID
		}
		set, err := puzzle.Set(variant)
		if err != nil {
			return "", err
		}
		if len(set) == 0 {
			return "", fmt.Errorf("the daily puzzle of server %s: no puzzles for %q", c.Guild, variant)
		}
		last := map[string]string{} // the day each puzzle was last posted
		for _, p := range past {    // newest first
			if _, ok := last[p.Puzzle]; !ok {
				last[p.Puzzle] = p.Day
			}
		}
		h := fnv.New64a()
		fmt.Fprintf(h, "%s/%s", c.Guild, day)
		start := int(h.Sum64() % uint64(len(set)))
		best := ""
		oldest := ""
		for i := range set {
			pz := set[(start+i)%len(set)]
			when, posted := last[pz.ID]
			if !posted {
				return pz.ID, nil
			}
			if best == "" || when < oldest {
				best, oldest = pz.ID, when
			}
		}
		return best, nil
	}
}
