package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/store"
)

// RunDue handles the timers that have come due: move deadlines, reminders
// and challenge expiries. Run calls it periodically; tests call it after
// moving their clock. It logs what fails and goes on with the rest.
func (b *Bot) RunDue(ctx context.Context) {
	tasks, err := b.store.Due(ctx, 100)
	if err != nil {
		b.log.Error("due timers", "err", err)
		return
	}
	for _, t := range tasks {
		if err := b.runTask(ctx, t); err != nil {
			b.log.Error("timer", "kind", t.Kind, "game", t.GameID, "challenge", t.ChallengeID, "err", err)
			continue
		}
		if err := b.store.Done(ctx, t); err != nil {
			b.log.Error("timer done", "id", t.ID, "err", err)
		}
	}
}

func (b *Bot) runTask(ctx context.Context, t store.Task) error {
	switch t.Kind {
	case store.Deadline:
		return b.timeout(ctx, t)
	case store.Reminder:
		return b.remind(ctx, t)
	case store.Expiry:
		return b.expire(ctx, t)
	}
	return fmt.Errorf("unknown timer kind %v", t.Kind)
}

// timeout ends a game whose player to move ran out of time: a loss, or an
// abort when fewer than 2 plies were played.
func (b *Bot) timeout(ctx context.Context, t store.Task) error {
	u, ok, err := b.table.TimeOut(ctx, t)
	if err != nil || !ok {
		return err
	}
	g := &u.State.Game
	note := fmt.Sprintf("%s ran out of time.", seatName(g.Seats[u.Side]))
	if err := b.editBoard(ctx, &u.State, boardView{note: note, replay: true}); err != nil {
		return err
	}
	text := fmt.Sprintf("Game #%d: %s %s", g.ID, note, b.resultText(g))
	_, err = b.s.ChannelMessageSendComplex(boardChannel(g), message{content: text}.send(), discordgo.WithContext(ctx))
	return err
}

// remind pings the player to move when a fifth of their time is left.
func (b *Bot) remind(ctx context.Context, t store.Task) error {
	st, seat, ok, err := b.table.Reminder(ctx, t)
	if err != nil || !ok {
		return err
	}
	g := &st.Game
	text := fmt.Sprintf("%s, your time in game #%d (%s) runs out <t:%d:R>. Play with /move or on the board: %s",
		seatRef(seat), g.ID, b.variants[g.Variant].Name, g.Deadline.Unix(), messageLink(g.GuildID, boardChannel(g), g.MessageID))
	_, err = b.s.ChannelMessageSendComplex(boardChannel(g), message{content: text, mentions: []string{seat.ID}}.send(), discordgo.WithContext(ctx))
	return err
}

// expire closes a challenge nobody answered and updates its message.
func (b *Bot) expire(ctx context.Context, t store.Task) error {
	return b.expireNow(ctx, t.ChallengeID, "")
}

// expireNow closes challenge id, past its time, and updates its message
// (msgID when the store does not know it yet).
func (b *Bot) expireNow(ctx context.Context, id int64, msgID string) error {
	c, err := b.store.ExpireChallenge(ctx, id)
	if errors.Is(err, store.ErrChallengeClosed) || errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if c.MessageID == "" {
		c.MessageID = msgID
	}
	if c.MessageID == "" {
		return nil
	}
	m := b.closedChallenge(&c, fmt.Sprintf("expired: nobody accepted it within %s.", lifetime(&c)))
	_, err = b.s.ChannelMessageEditComplex(m.channelEdit(c.ChannelID, c.MessageID), discordgo.WithContext(ctx))
	return err
}
