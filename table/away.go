package table

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/zugbot/zugbot/store"
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

// ChannelGone calls off the tournament played in channel, which was
// deleted (its thread went with it): its rounds can no longer be
// announced, nor its boards posted. Its games going on are played on as
// ordinary games, wherever their players show their boards. It returns
// the tournament, and false if none was under way there.
func (t *Table) ChannelGone(ctx context.Context, channel string) (store.Tournament, bool, error) {
	tr, err := t.store.ChannelTournament(ctx, channel)
	if errors.Is(err, store.ErrNotFound) {
		return store.Tournament{}, false, nil
	}
	if err != nil || tr.ChannelID != channel || !(tr.State.Active() || tr.State == store.TournamentOpen) {
		return tr, false, err
	}
	defer t.tlocks.Lock(tr.ID)()
	tr, err = t.store.CancelTournament(ctx, tr.ID)
	if err != nil {
		return tr, false, fmt.Errorf("call off the tournament of a deleted channel: %w", err)
	}
	return tr, true, nil
}
