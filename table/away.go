package table

import (
	"context"
	"time"
)

// LeftServer records that the bot was removed from server guild: the
// timers of its games, challenges and tournaments are held (no time-out,
// no reminder, no round) until BackInServer. It reports whether this is
// news: a server left already is not left again.
func (t *Table) LeftServer(ctx context.Context, guild string) (bool, error) {
	return t.store.Leave(ctx, guild)
}

// BackInServer records that the bot is back in server guild, and gives
// its games, challenges and tournaments back the time it was away, so
// that they resume as they were. It returns that time, and false if the
// bot had not left the server.
func (t *Table) BackInServer(ctx context.Context, guild string) (time.Duration, bool, error) {
	away, back, err := t.store.Return(ctx, guild)
	if back {
		t.WakeTimers()
	}
	return away, back, err
}
