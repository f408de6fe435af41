package rules

import (
	"slices"
	"time"
)

// DaysPerMove returns the times to move, in days, that a correspondence
// game may have.
func DaysPerMove() []int { return []int{1, 3, 7} }

// ValidDays reports whether days is a time to move a game may have: 0 for
// none, or one of DaysPerMove.
func ValidDays(days int) bool { return days == 0 || slices.Contains(DaysPerMove(), days) }

// ReminderFraction says when a game's reminder comes: when
// 1/ReminderFraction of the time to move is left. Live games have none.
const ReminderFraction = 5

// Deadline returns when a move made now must be answered in a game with
// days to move, or the zero time without a time to move.
func Deadline(days int, now time.Time) time.Time {
	if days <= 0 {
		return time.Time{}
	}
	return now.Add(time.Duration(days) * 24 * time.Hour)
}

// Reminder returns when the player to move is reminded, in a game with
// days to move whose move is due at deadline: when 1/ReminderFraction of
// their time is left.
func Reminder(days int, deadline time.Time) time.Time {
	return deadline.Add(-time.Duration(days) * 24 * time.Hour / ReminderFraction)
}
