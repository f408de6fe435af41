package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// RunDue fires the timers that have come due, as the service's timer loop
// does (see table.RunDue), announcing them on Discord; tests call it after
// moving their clock.
func (b *Bot) RunDue(ctx context.Context) {
	b.table.RunDue(table.WithSource(ctx, Source), b, b.timerOptions())
}

// timerOptions are how the bot runs the service's timers.
func (b *Bot) timerOptions() table.TimerOptions {
	return table.TimerOptions{Interval: b.cfg.TaskInterval, Batch: b.cfg.TaskBatch, Failed: b.metrics.failed}
}

// Final reports whether err is Discord's answer that repeating the
// request cannot help (see permanent): a timer's announcement is then
// dropped.
func (b *Bot) Final(err error) bool { return permanent(err) }

// permanent reports whether err is Discord's answer that repeating the
// request cannot help: the channel, message or thread is gone or
// archived, or the bot lacks access or permission there.
func permanent(err error) bool {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) {
		return false
	}
	if rest.Message != nil {
		switch rest.Message.Code {
		case discordgo.ErrCodeUnknownChannel, discordgo.ErrCodeUnknownMessage, discordgo.ErrCodeMissingAccess,
			discordgo.ErrCodeMissingPermissions, discordgo.ErrCodePerformedOperationOnArchivedThread:
			return true
		}
	}
	return rest.Response != nil && (rest.Response.StatusCode == http.StatusForbidden || rest.Response.StatusCode == http.StatusNotFound)
}

// TimedOut announces a game whose player to move ran out of time: a loss,
// or an abort when fewer than 2 plies were played. The end is announced in
// a new message first (which also wakes an archived thread), then on the
// board; a failure of either is logged and counted, and the other still
// goes out.
func (b *Bot) TimedOut(ctx context.Context, u table.Update) error {
	g := &u.State.Game
	note := fmt.Sprintf("%s ran out of time.", seatName(g.Seats[u.Side]))
	text := fmt.Sprintf("Game #%d: %s %s", g.ID, note, b.resultText(g))
	// The opponent is pinged: they may be waiting elsewhere, or for an
	// opponent who left the server.
	var pings []string
	if other := g.Seats[u.Side.Other()]; !other.IsAI() {
		text += fmt.Sprintf(" (%s)", seatRef(other))
		pings = []string{other.ID}
	}
	ch, err := b.channelOf(ctx, g)
	if err == nil {
		_, err = b.post.Send(ctx, ch, message{content: text, mentions: pings}.send())
	}
	if err != nil {
		b.degraded("announce a time-out", g.ID, err)
	}
	if err := b.editBoard(ctx, &u.State, boardView{note: note, replay: true}); err != nil {
		b.degraded("show a time-out on the board", g.ID, err)
	}
	return nil
}

// degraded logs and counts what the bot could not do after a change was
// recorded: the change stands.
func (b *Bot) degraded(what string, game int64, err error) {
	b.log.Warn("could not "+what, "game", game, "err", err)
	b.metrics.failed(err)
}

// Remind pings the player to move when 1/rules.ReminderFraction of their
// time is left.
func (b *Bot) Remind(ctx context.Context, st store.State, seat store.Seat) error {
	g := &st.Game
	p, err := b.boardOf(ctx, g)
	if err != nil {
		return err
	}
	ch := boardChannel(g, p)
	text := fmt.Sprintf("%s, your time in game #%d (%s) runs out <t:%d:R>. Play with /move or on the board: %s",
		seatRef(seat), g.ID, b.variants[g.Variant].Name, g.Deadline.Unix(), messageLink(g.GuildID, ch, p.Message))
	_, err = b.post.Send(ctx, ch, message{content: text, mentions: []string{seat.ID}}.send())
	return err
}

// Expired updates the message of a challenge nobody answered.
func (b *Bot) Expired(ctx context.Context, c store.Challenge) error {
	return b.showExpired(ctx, &c, "")
}

// closeExpired shows challenge c, closed as expired when someone answered
// it, as such (in message msgID when the store does not know it yet); a
// failure is only logged: the answer said it already.
func (b *Bot) closeExpired(ctx context.Context, c *store.Challenge, msgID string) {
	if err := b.showExpired(ctx, c, msgID); err != nil {
		b.log.Warn("closing an expired challenge", "challenge", c.ID, "err", err)
	}
}

// showExpired edits the message of challenge c, expired, to say so (msgID
// when the bot has not recorded it yet).
func (b *Bot) showExpired(ctx context.Context, c *store.Challenge, msgID string) error {
	p, err := b.posts.Post(ctx, store.PostedChallenge, c.ID)
	if err != nil {
		return err
	}
	msgID = cmp.Or(p.Message, msgID)
	if msgID == "" {
		return nil
	}
	m := b.closedChallenge(c, expiredHow(c))
	_, err = b.post.EditMessage(ctx, m.channelEdit(c.ChannelID, msgID))
	return err
}
