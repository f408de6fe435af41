package table

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/zugbot/zugbot/rules"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/think"
)

// LiveClocks are the live time controls offered first, from quick to
// slow; ParseClock reads any other.
func LiveClocks() []store.Clock {
	return []store.Clock{
		{Base: 3 * time.Minute, Increment: 2 * time.Second},
		DefaultTournamentClock(),
		{Base: 10 * time.Minute, Increment: 5 * time.Second},
		{Base: 15 * time.Minute, Increment: 10 * time.Second},
	}
}

// DefaultTournamentClock is the time control of a tournament that names
// none, one of LiveClocks: a live game, for an evening's event.
func DefaultTournamentClock() store.Clock {
	return store.Clock{Base: 5 * time.Minute, Increment: 3 * time.Second}
}

// ParseClock reads a live time control as players write it: minutes, a
// plus sign and the seconds added per move ("5+3", "0.5+0", "90+30").
func ParseClock(text string) (store.Clock, error) {
	m, s, ok := strings.Cut(strings.TrimSpace(text), "+")
	mins, err1 := strconv.ParseFloat(strings.TrimSpace(m), 64)
	secs, err2 := strconv.ParseFloat(strings.TrimSpace(s), 64)
	c := store.Clock{Base: time.Duration(mins * float64(time.Minute)), Increment: time.Duration(secs * float64(time.Second))}
	err := c.Check()
	switch {
	case !ok || err1 != nil || err2 != nil:
		return store.Clock{}, refuse(BadClock, "%q is not a time control: write minutes+seconds, such as 5+3 (five minutes each, three seconds added per move).", text)
	case !c.Live() || errors.Is(err, rules.ErrClockBase):
		return store.Clock{}, refuse(BadClock, "%q: each player's time must be from %g seconds to %g minutes.", text, rules.MinClockBase.Seconds(), rules.MaxClockBase.Minutes())
	case err != nil:
		return store.Clock{}, refuse(BadClock, "%q: the increment must be from 0 to %g seconds.", text, rules.MaxClockIncrement.Seconds())
	}
	return c, nil
}

// liveThink is how long the AI thinks at most on a move in a live game,
// with left on its clock and inc added per move: a thirtieth of its time
// and most of the increment, never more than half of what is left, so that
// it does not run out of time in a normal game.
func liveThink(left, inc time.Duration) time.Duration {
	return max(min(left/30+inc*3/4, left/2), think.MinThink)
}

// ClockText describes a time control for people: a live clock ("live,
// 5+3") or days per move ("3 days per move"), or "no time limit".
func ClockText(c store.Clock, days int) string {
	switch {
	case c.Live():
		return "live, " + c.String()
	case days == 1:
		return "1 day per move"
	case days > 0:
		return fmt.Sprintf("%d days per move", days)
	}
	return "no time limit"
}
