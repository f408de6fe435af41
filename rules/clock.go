package rules

import (
	"errors"
	"fmt"
	"time"
)

// Clock is a live time control: each player has Base for the game, and
// Increment is added to a player's time after each of their moves. The
// zero Clock is none (a correspondence game).
type Clock struct {
	Base, Increment time.Duration
}

// Live reports whether c is a live time control (not the zero Clock).
func (c Clock) Live() bool { return c.Base > 0 }

// String writes c as players write it: minutes+seconds, "5+3".
func (c Clock) String() string {
	m := c.Base.Minutes()
	ms := fmt.Sprint(m)
	if m < 1 {
		ms = fmt.Sprintf("%gs", c.Base.Seconds())
	}
	return fmt.Sprintf("%s+%g", ms, c.Increment.Seconds())
}

// The limits of a live clock.
const (
	MinClockBase      = 15 * time.Second
	MaxClockBase      = 3 * time.Hour
	MaxClockIncrement = 3 * time.Minute
)

// The ways a clock can be out of its limits (see Clock.Check).
var (
	ErrClockBase      = errors.New("each player's time is out of its limits")
	ErrClockIncrement = errors.New("the increment is out of its limits")
)

// Check returns nil for the zero Clock and for a live clock within the
// limits: ErrClockBase when a player's time is not from MinClockBase to
// MaxClockBase, ErrClockIncrement when the increment is not from 0 to
// MaxClockIncrement (or there is one without a clock).
func (c Clock) Check() error {
	switch {
	case c == Clock{}:
		return nil
	case c.Base < MinClockBase || c.Base > MaxClockBase:
		return fmt.Errorf("%w: %v (want %v to %v)", ErrClockBase, c.Base, MinClockBase, MaxClockBase)
	case c.Increment < 0 || c.Increment > MaxClockIncrement:
		return fmt.Errorf("%w: %v (want 0 to %v)", ErrClockIncrement, c.Increment, MaxClockIncrement)
	}
	return nil
}

// TimeLeft returns the time a side has at now on a live clock: left, its
// time when its clock last stopped, less what has run since since when
// its clock runs; never below 0.
func TimeLeft(left time.Duration, runs bool, since, now time.Time) time.Duration {
	if runs {
		left -= now.Sub(since)
	}
	return max(left, 0)
}

// AfterMove returns the mover's time once their move stops their clock:
// what was left, plus the increment. A mover with nothing left has lost
// on time (ok false).
func (c Clock) AfterMove(left time.Duration) (time.Duration, bool) {
	if left <= 0 {
		return 0, false
	}
	return left + c.Increment, true
}
