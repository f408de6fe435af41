package bot

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

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
		Challenger: r.player(), Variant: v.ID, Colour: r.colourOpt(), Rated: r.boolOpt("rated", true),
		GuildID: r.i.GuildID, ChannelID: r.i.ChannelID,
	}
	if opp := r.userOpt("opponent"); opp != nil {
		switch {
		case opp.ID == r.user.ID:
			return userErrorf("You cannot challenge yourself. Play zugbot with /play, or leave out the opponent to challenge anyone here.")
		case opp.Bot:
			return userErrorf("%s is a bot and cannot play. To play zugbot, use /play.", opp.Username)
		}
		nc.Opponent = r.playerOf(opp)
	}
	days, clock, err := r.timeControl(table.DefaultDays, store.Clock{})
	if err != nil {
		return err
	}
	nc.DaysPerMove, nc.Clock = days, clock
	return r.postChallenge(nc)
}

// timeControl reads the days and clock options: days per move or a live
// clock, not both; without either, defDays or defClock.
func (r *request) timeControl(defDays int, defClock store.Clock) (int, store.Clock, error) {
	days, hasDays := r.intOpt("days")
	text := r.stringOpt("clock")
	switch {
	case hasDays && text != "":
		return 0, store.Clock{}, userErrorf("Choose days per move or a live clock, not both.")
	case hasDays:
		if choices := table.DaysPerMove(); !slices.Contains(choices, int(days)) {
			var words []string
			for _, d := range choices {
				words = append(words, strconv.Itoa(d))
			}
			return 0, store.Clock{}, userErrorf("Choose %s days per move.", orList(words))
		}
		return int(days), store.Clock{}, nil
	case text != "":
		clk, err := table.ParseClock(text)
		return 0, clk, err
	}
	return defDays, defClock, nil
}

// postChallenge creates a challenge and answers with its message.
func (r *request) postChallenge(nc store.NewChallenge) error {
	b := r.b
	if err := r.checkRoom(); err != nil {
		return err
	}
	c, err := b.store.CreateChallenge(r.ctx, nc)
	switch {
	case errors.Is(err, store.ErrTooManyGames), errors.Is(err, store.ErrNotFound):
		return r.b.table.Explain(0, err)
	case errors.Is(err, store.ErrRematchExists):
		return userErrorf("There is already a rematch of that game.")
	case errors.Is(err, store.ErrInvalid):
		return userErrorf("That challenge cannot be made: %v.", err)
	case err != nil:
		return err
	}
	if err := r.reply(b.challengeMessage(&c)); err != nil {
		return err
	}
	msg, err := b.s.InteractionResponse(r.i, discordgo.WithContext(r.ctx))
	if err != nil {
		return fmt.Errorf("find the message of challenge %d: %w", c.ID, err)
	}
	return b.store.SetChallengeMessage(r.ctx, c.ID, msg.ID)
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
	case store.First:
		side = fmt.Sprintf("%s plays %s and moves first", c.Challenger.Name, v.Sides[0])
	case store.Second:
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

// challengeControl answers Accept, Decline and Cancel.
func (r *request) challengeControl(a action) error {
	b := r.b
	c, err := b.store.Challenge(r.ctx, a.id)
	if errors.Is(err, store.ErrNotFound) {
		return userErrorf("That challenge no longer exists.")
	}
	if err != nil {
		return err
	}
	closedErr := func(err error) error {
		switch {
		case errors.Is(err, store.ErrChallengeClosed):
			c, _ := b.store.Challenge(r.ctx, a.id)
			if c.Status == store.Pending { // past its time; the timer has not closed it yet
				msgID := r.messageID()
				r.later(func() {
					if err := b.expireNow(r.ctx, a.id, msgID); err != nil {
						b.log.Warn("closing an expired challenge", "challenge", a.id, "err", err)
					}
				})
				return userErrorf("This challenge expired <t:%d:R>: challenges stay open for %s. Ask for a new one with /challenge.", c.Expires.Unix(), lifetime(&c))
			}
			return userErrorf("This challenge is no longer open: it was %s.", c.Status)
		case errors.Is(err, store.ErrRematchExists):
			return userErrorf("Game #%d already has its rematch.", c.RematchOf)
		case errors.Is(err, store.ErrTooManyGames):
			if err := r.checkRoom(); err != nil {
				return err // the one accepting is at the limit
			}
			return userErrorf("%s already has the most games going at once (%d), so this game cannot start yet; the challenge stays open.", c.Challenger.Name, r.b.store.MaxActiveGames())
		case errors.Is(err, store.ErrNotYours):
			if a.verb == verbCancel {
				return userErrorf("Only %s can cancel this challenge.", c.Challenger.Name)
			}
			if c.Opponent.ID != "" && c.Opponent.ID != r.user.ID {
				return userErrorf("This challenge is for %s, not you.", c.Opponent.Name)
			}
			return userErrorf("You cannot answer your own challenge; Cancel withdraws it.")
		}
		return r.b.table.Explain(0, err)
	}
	switch a.verb {
	case verbAccept:
		if r.user.ID == c.Challenger.ID {
			return userErrorf("You cannot accept your own challenge; Cancel withdraws it.")
		}
		c, g, err := b.store.AcceptChallenge(r.ctx, a.id, r.player())
		if err != nil {
			return closedErr(err)
		}
		if err := r.update(b.closedChallenge(&c, fmt.Sprintf("accepted by %s: game #%d.", r.player().Name, g.ID))); err != nil {
			return err
		}
		st, err := b.load(r.ctx, g.ID)
		if err != nil {
			return err
		}
		m, err := b.boardMessage(r.ctx, &st, boardView{ping: true})
		if err != nil {
			return err
		}
		msg, err := b.s.FollowupMessageCreate(r.i, true, m.params(), discordgo.WithContext(r.ctx))
		if err != nil {
			return fmt.Errorf("post the board of game %d: %w", g.ID, err)
		}
		return b.store.SetMessage(r.ctx, g.ID, "", msg.ID)
	case verbDecline:
		c, err := b.store.DeclineChallenge(r.ctx, a.id, r.user.ID)
		if err != nil {
			return closedErr(err)
		}
		return r.update(b.closedChallenge(&c, fmt.Sprintf("declined by %s.", r.player().Name)))
	case verbCancel:
		c, err := b.store.CancelChallenge(r.ctx, a.id, r.user.ID)
		if err != nil {
			return closedErr(err)
		}
		return r.update(b.closedChallenge(&c, "cancelled."))
	}
	return userErrorf("This control belongs to an older version of zugbot.")
}

// checkRoom refuses a new game to a user who already has the most games
// going at once.
func (r *request) checkRoom() error {
	n, err := r.b.store.ActiveCount(r.ctx, r.user.ID)
	if err != nil {
		return err
	}
	if n >= r.b.store.MaxActiveGames() {
		return r.b.table.Explain(0, store.ErrTooManyGames)
	}
	return nil
}

// messageID returns the ID of the message whose control was used, or "".
func (r *request) messageID() string {
	if r.i.Message != nil {
		return r.i.Message.ID
	}
	return ""
}

// openRematch returns the pending rematch challenge of game id that the
// user made or received, if any.
func (r *request) openRematch(id int64) (store.Challenge, bool, error) {
	cs, err := r.b.store.OpenChallenges(r.ctx, r.user.ID)
	if err != nil {
		return store.Challenge{}, false, err
	}
	now := r.b.now()
	for _, c := range cs {
		if c.RematchOf == id && now.Before(c.Expires) {
			return c, true, nil
		}
	}
	return store.Challenge{}, false, nil
}

// acceptRematch accepts the opponent's rematch challenge c for a player who
// clicked Rematch too: the game starts at once, its board posted as the
// answer, and the challenge's message says so.
func (r *request) acceptRematch(c store.Challenge) error {
	b := r.b
	c, g, err := b.store.AcceptChallenge(r.ctx, c.ID, r.player())
	switch {
	case errors.Is(err, store.ErrChallengeClosed):
		return userErrorf("The rematch offer was withdrawn or has expired; click Rematch again to offer one yourself.")
	case err != nil:
		return r.b.table.Explain(0, err)
	}
	if c.MessageID != "" {
		r.later(func() {
			m := b.closedChallenge(&c, fmt.Sprintf("accepted by %s: game #%d.", r.player().Name, g.ID))
			if _, err := b.s.ChannelMessageEditComplex(m.channelEdit(c.ChannelID, c.MessageID), discordgo.WithContext(r.ctx)); err != nil {
				b.log.Warn("could not close the rematch challenge's message", "challenge", c.ID, "err", err)
			}
		})
	}
	st, err := b.load(r.ctx, g.ID)
	if err != nil {
		return err
	}
	m, err := b.boardMessage(r.ctx, &st, boardView{note: fmt.Sprintf("Rematch of game #%d.", c.RematchOf), ping: true})
	if err != nil {
		return err
	}
	return r.postBoard(&st, m)
}

// lifetime says how long challenge c stays open: "24 hours".
func lifetime(c *store.Challenge) string {
	d := c.Expires.Sub(c.Created)
	if h := d.Round(time.Hour); h == d {
		if h == time.Hour {
			return "1 hour"
		}
		return fmt.Sprintf("%d hours", int(h.Hours()))
	}
	return d.String()
}
