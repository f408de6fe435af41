package bot

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// challenge posts a challenge to a user, or to anyone in the channel.
func (r *request) challenge() error {
	v, err := r.variantOpt("game")
	if err != nil {
		return err
	}
	nc := store.NewChallenge{
		Challenger: r.player(), Variant: v.ID, Colour: r.colourOpt(), Rated: r.boolOpt("rated", table.DefaultRated),
		GuildID: r.i.GuildID, ChannelID: r.i.ChannelID,
	}
	opp := r.userOpt("opponent")
	if opp != nil {
		nc.Opponent = r.playerOf(opp)
	}
	days, clock, err := r.timeControl(table.DefaultDays, store.Clock{})
	if err != nil {
		return err
	}
	nc.DaysPerMove, nc.Clock = days, clock
	c, err := r.b.table.Challenge(r.ctx, nc, opp != nil && opp.Bot)
	if err != nil {
		return err
	}
	return r.postChallenge(&c)
}

// timeControl reads the days and clock options, by the service's rule
// (table.TimeLimit): without either, defDays or defClock.
func (r *request) timeControl(defDays int, defClock store.Clock) (int, store.Clock, error) {
	days, hasDays := r.intOpt("days")
	return table.TimeLimit(int(days), hasDays, r.stringOpt("clock"), defDays, defClock)
}

// postChallenge answers with the message of challenge c, just made, and
// records it.
func (r *request) postChallenge(c *store.Challenge) error {
	b := r.b
	if err := r.reply(b.challengeMessage(c)); err != nil {
		return err
	}
	msg, err := r.out.Original(r.ctx)
	if err != nil {
		return fmt.Errorf("find the message of challenge %d: %w", c.ID, err)
	}
	return b.posts.SetPost(r.ctx, store.PostedChallenge, c.ID, "", msg.ID)
}

// challengeText describes a challenge's terms.
func (b *Bot) challengeText(c *store.Challenge) string {
	v := b.variants[c.Variant]
	kind := "casual"
	if c.Rated {
		kind = "rated"
	}
	clock := table.ClockText(c.Clock, c.DaysPerMove)
	side := "colours drawn at random"
	switch c.Colour {
	case store.FirstColour:
		side = fmt.Sprintf("%s plays %s and moves first", c.Challenger.Name, v.Sides[0])
	case store.SecondColour:
		side = fmt.Sprintf("%s plays %s and moves second", c.Challenger.Name, v.Sides[1])
	}
	return fmt.Sprintf("**%s** (%s, %s, %s)", v.Name, kind, clock, side)
}

// challengeMessage is the message of an open challenge, with its buttons.
func (b *Bot) challengeMessage(c *store.Challenge) message {
	m := message{}
	if c.Opponent.ID != "" {
		m.content = fmt.Sprintf("<@%s>, **%s** challenges you to %s. The challenge expires <t:%d:R>.", c.Opponent.ID, c.Challenger.Name, b.challengeText(c), c.Expires.Unix())
		m.mentions = []string{c.Opponent.ID}
	} else {
		m.content = fmt.Sprintf("**%s** challenges anyone here to %s. The challenge expires <t:%d:R>.", c.Challenger.Name, b.challengeText(c), c.Expires.Unix())
	}
	buttons := []discordgo.MessageComponent{
		discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: challengeAction(c.ID, verbAccept).String()},
	}
	if c.Opponent.ID != "" {
		buttons = append(buttons, discordgo.Button{Label: "Decline", Style: discordgo.SecondaryButton, CustomID: challengeAction(c.ID, verbDecline).String()})
	}
	buttons = append(buttons, discordgo.Button{Label: "Cancel", Style: discordgo.DangerButton, CustomID: challengeAction(c.ID, verbCancel).String()})
	m.components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
	return m
}

// closedChallenge is the message of a challenge that is no longer open.
func (b *Bot) closedChallenge(c *store.Challenge, how string) message {
	return message{content: fmt.Sprintf("~~%s's challenge to %s~~ — %s", c.Challenger.Name, b.challengeText(c), how)}
}

// closedHow says how challenge c, no longer open, was closed.
func closedHow(c *store.Challenge) string {
	switch c.Status {
	case store.Accepted:
		return fmt.Sprintf("accepted by %s: game #%d.", c.Opponent.Name, c.GameID)
	case store.Declined:
		return fmt.Sprintf("declined by %s.", c.Opponent.Name)
	case store.Expired:
		return expiredHow(c)
	}
	return "cancelled."
}

// expiredHow says that challenge c expired.
func expiredHow(c *store.Challenge) string {
	return fmt.Sprintf("expired: nobody accepted it within %s.", table.Lifetime(c))
}

// challengeControl answers Accept, Decline and Cancel.
func (r *request) challengeControl(a action) error {
	b := r.b
	var (
		ans table.ChallengeAnswer
		err error
	)
	switch a.verb {
	case verbAccept:
		ans, err = b.table.AcceptChallenge(r.ctx, a.id, r.player())
	case verbDecline:
		ans, err = b.table.DeclineChallenge(r.ctx, a.id, r.user.ID)
	case verbCancel:
		ans, err = b.table.CancelChallenge(r.ctx, a.id, r.user.ID)
	default:
		return userErrorf("This control belongs to an older version of zugbot.")
	}
	if ans.Expired {
		c, msgID := ans.Challenge, r.messageID()
		r.later(func() { b.closeExpired(r.ctx, &c, msgID) })
	}
	if err != nil {
		return err
	}
	if err := r.update(b.closedChallenge(&ans.Challenge, closedHow(&ans.Challenge))); err != nil {
		return err
	}
	if a.verb != verbAccept {
		return nil
	}
	st := &ans.Game.State
	m, err := b.boardMessage(r.ctx, st, boardView{ping: true})
	if err != nil {
		return err
	}
	msg, err := r.out.Followup(r.ctx, m.params())
	if err != nil {
		return fmt.Errorf("post the board of game %d: %w", st.Game.ID, err)
	}
	if err := b.posts.SetPost(r.ctx, store.PostedGame, st.Game.ID, "", msg.ID); err != nil {
		return err
	}
	b.drawn(r.ctx, &st.Game)
	return nil
}

// messageID returns the ID of the message whose control was used, or "".
func (r *request) messageID() string {
	if r.i.Message != nil {
		return r.i.Message.ID
	}
	return ""
}
