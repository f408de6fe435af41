package bot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// RunDue claims and handles the timers that have come due: move deadlines,
// reminders, challenge expiries, tournaments' rounds and the AI's replies
// overdue (store.Reply). Run calls it periodically; tests call it after
// moving their clock. A timer whose work fails is tried again later, each
// time after twice as long (TaskRetry, 2×TaskRetry, …), and dropped with a
// log line after TaskTries tries, or at once when Discord's answer says a
// retry cannot help (the channel or message is gone, or the bot may not
// see or post there). So a failing timer never holds up those behind it.
func (b *Bot) RunDue(ctx context.Context) {
	tasks, err := b.store.Claim(ctx, b.cfg.TaskBatch, TaskLease)
	if err != nil {
		b.log.Error("due timers", "err", err)
		return
	}
	for _, t := range tasks {
		err := b.runTask(ctx, t)
		switch {
		case err == nil:
			err = b.store.Done(ctx, t)
		case permanent(err) || t.Attempts+1 >= TaskTries:
			b.log.Error("timer dropped", "kind", t.Kind, "game", t.GameID, "challenge", t.ChallengeID, "tries", t.Attempts+1, "err", err)
			b.metrics.failed(err)
			err = b.store.Done(ctx, t)
		default:
			b.log.Warn("timer failed; it will be tried again", "kind", t.Kind, "game", t.GameID, "challenge", t.ChallengeID, "tries", t.Attempts+1, "err", err)
			b.metrics.failed(err)
			err = b.store.Retry(ctx, t, b.now().Add(TaskRetry<<t.Attempts))
		}
		if err != nil {
			b.log.Error("timer bookkeeping", "id", t.ID, "err", err)
		}
	}
}

// The retry policy of timers.
const (
	// TaskTries is how many times a failing timer is tried.
	TaskTries = 5
	// TaskRetry is the wait before the first retry; each next one doubles.
	TaskRetry = time.Minute
	// TaskLease is how long a process holds the timers it took: the others
	// sharing its database leave them alone, and if it dies holding them
	// they come due again after it (on SQLite, at its next start).
	TaskLease = 2 * time.Minute
)

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

func (b *Bot) runTask(ctx context.Context, t store.Task) error {
	switch t.Kind {
	case store.Deadline:
		return b.timeout(ctx, t)
	case store.Reminder:
		return b.remind(ctx, t)
	case store.Expiry:
		return b.expire(ctx, t)
	case store.TournamentStep:
		return b.tournamentStep(ctx, t)
	case store.Reply:
		// The AI has been to move for a while: the process that was to
		// think may have died. If the game is still waiting, think here;
		// should the first still be thinking, the ply check lets one move
		// in, and the other is refused.
		b.replyFor(ctx, t.GameID)
		return nil
	}
	return fmt.Errorf("unknown timer kind %v", t.Kind)
}

// timeout ends a game whose player to move ran out of time: a loss, or an
// abort when fewer than 2 plies were played. Once the end is recorded it
// is announced in a new message first (which also wakes an archived
// thread), then on the board; a failure of either is logged and counted,
// and the other still goes out.
func (b *Bot) timeout(ctx context.Context, t store.Task) error {
	u, ok, err := b.table.TimeOut(ctx, t)
	if err != nil || !ok {
		return err
	}
	g := &u.State.Game
	note := fmt.Sprintf("%s ran out of time.", seatName(g.Seats[u.Side]))
	text := fmt.Sprintf("Game #%d: %s %s", g.ID, note, b.resultText(g))
	if _, err := b.session.ChannelMessageSendComplex(boardChannel(g), message{content: text}.send(), discordgo.WithContext(ctx)); err != nil {
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

// remind pings the player to move when 1/store.ReminderFraction of their
// time is left.
func (b *Bot) remind(ctx context.Context, t store.Task) error {
	st, seat, ok, err := b.table.Reminder(ctx, t)
	if err != nil || !ok {
		return err
	}
	g := &st.Game
	text := fmt.Sprintf("%s, your time in game #%d (%s) runs out <t:%d:R>. Play with /move or on the board: %s",
		seatRef(seat), g.ID, b.variants[g.Variant].Name, g.Deadline.Unix(), messageLink(g.GuildID, boardChannel(g), g.MessageID))
	_, err = b.session.ChannelMessageSendComplex(boardChannel(g), message{content: text, mentions: []string{seat.ID}}.send(), discordgo.WithContext(ctx))
	return err
}

// expire closes a challenge nobody answered and updates its message.
func (b *Bot) expire(ctx context.Context, t store.Task) error {
	c, ok, err := b.table.ExpireChallenge(ctx, t.ChallengeID)
	if err != nil || !ok {
		return err
	}
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
// when the store does not know it yet).
func (b *Bot) showExpired(ctx context.Context, c *store.Challenge, msgID string) error {
	if c.MessageID == "" {
		c.MessageID = msgID
	}
	if c.MessageID == "" {
		return nil
	}
	m := b.closedChallenge(c, fmt.Sprintf("expired: nobody accepted it within %s.", table.Lifetime(c)))
	_, err := b.session.ChannelMessageEditComplex(m.channelEdit(c.ChannelID, c.MessageID), discordgo.WithContext(ctx))
	return err
}
