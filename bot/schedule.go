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

// moved reports whether err says the game changed before its timer fired.
func moved(err error) bool {
	return errors.Is(err, store.ErrStalePly) || errors.Is(err, store.ErrGameOver) || errors.Is(err, store.ErrNotFound)
}

// timeout ends a game whose player to move ran out of time: a loss, or an
// abort when fewer than 2 plies were played.
func (b *Bot) timeout(ctx context.Context, t store.Task) error {
	unlock := b.locks.lock(t.GameID)
	defer unlock()
	st, err := b.store.Load(ctx, t.GameID)
	if moved(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if st.Game.Over() || st.Game.Ply != t.Ply {
		return nil
	}
	late := st.Position.Turn()
	g, err := b.store.TimeOut(ctx, t, late)
	if moved(err) {
		return nil
	}
	if err != nil {
		return err
	}
	st.Game = g
	note := fmt.Sprintf("%s ran out of time.", seatName(g.Seats[late]))
	if err := b.editBoard(ctx, &st, boardView{note: note, replay: true}); err != nil {
		return err
	}
	text := fmt.Sprintf("Game #%d: %s %s", g.ID, note, b.resultText(&g))
	_, err = b.s.ChannelMessageSendComplex(boardChannel(&g), message{content: text}.send(), discordgo.WithContext(ctx))
	return err
}

// remind pings the player to move when a fifth of their time is left.
func (b *Bot) remind(ctx context.Context, t store.Task) error {
	st, err := b.store.Load(ctx, t.GameID)
	if moved(err) {
		return nil
	}
	if err != nil {
		return err
	}
	g := &st.Game
	if g.Over() || g.Ply != t.Ply || g.Deadline.IsZero() {
		return nil
	}
	seat := g.Seats[st.Position.Turn()]
	if seat.IsAI() {
		return nil
	}
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
	m := b.closedChallenge(&c, "expired: nobody accepted it within 24 hours.")
	_, err = b.s.ChannelMessageEditComplex(m.channelEdit(c.ChannelID, c.MessageID), discordgo.WithContext(ctx))
	return err
}
