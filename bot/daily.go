package bot

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/puzzle"
	"github.com/zugbot/zugbot/table"
)

// verbPuzzleDaily is the verb of a daily post's button, which opens its
// puzzle on a private board (arg: the day).
const verbPuzzleDaily = "pday"

// dailySolversShown is how many of a day's solvers a post names; the
// others are counted.
const dailySolversShown = 40

// dailyButton is the custom ID of the button of the post of day with
// puzzle pz: the same in every process, which finds a post made before
// its record by it (see findDaily).
func dailyButton(pz puzzle.Puzzle, day string) string {
	return puzzleAction(pz, 0, verbPuzzleDaily).with(day).String()
}

// dailyNonce is the nonce of the post of server guild's puzzle of day: a
// post made again within Discord's few minutes returns the message made
// before (sendOnce).
func dailyNonce(guild, day string) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%s", guild, day)
	return fmt.Sprintf("d%x", h.Sum64())
}

// DailyPuzzle posts a server's puzzle of the day in its channel, with the
// answers to the one before, and returns the message's ID. A post claimed
// before (d.Again) may have been made by a process that died before
// recording it: it is looked for among the channel's latest messages, and
// posted again with the same nonce, which Discord answers with the message
// made before if it is a few minutes old at most.
func (b *Bot) DailyPuzzle(ctx context.Context, d table.DailyPuzzle) (string, error) {
	if d.Again {
		id, err := b.findDaily(ctx, d.Post.Channel, dailyButton(d.View.Puzzle, d.Post.Day))
		switch {
		case err != nil:
			b.log.Warn("could not look for a daily puzzle posted before its record", "guild", d.Post.Guild, "day", d.Post.Day, "err", err)
		case id != "":
			b.log.Info("the daily puzzle was posted before its record; recorded now", "guild", d.Post.Guild, "day", d.Post.Day, "message", id)
			return id, nil
		}
	}
	m, err := b.dailyMessage(d)
	if err != nil {
		return "", err
	}
	msg, err := b.sendOnce(ctx, d.Post.Channel, dailyNonce(d.Post.Guild, d.Post.Day), m)
	if err != nil {
		return "", fmt.Errorf("post the daily puzzle of server %s for %s: %w", d.Post.Guild, d.Post.Day, err)
	}
	return msg.ID, nil
}

// findDaily returns the ID of the bot's message in channel, among its
// latest 50, that has the button button; "" when there is none.
func (b *Bot) findDaily(ctx context.Context, channel, button string) (string, error) {
	msgs, err := b.session.ChannelMessages(channel, 50, "", "", "", discordgo.WithContext(ctx))
	if err != nil {
		return "", err
	}
	for _, m := range msgs {
		if m.Author == nil || !m.Author.Bot {
			continue
		}
		for _, row := range m.Components {
			ar, ok := row.(*discordgo.ActionsRow)
			if !ok {
				continue
			}
			for _, c := range ar.Components {
				if bt, ok := c.(*discordgo.Button); ok && bt.CustomID == button {
					return m.ID, nil
				}
			}
		}
	}
	return "", nil
}

// dayText writes a day as people read it: "28 November 2026".
func dayText(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.Format("2 January 2006")
}

// dailyMessage composes the post of d: the answers to the server's puzzle
// before (who solved it, and its answer behind a spoiler), then the day's
// puzzle, its board and the button that opens it privately.
func (b *Bot) dailyMessage(d table.DailyPuzzle) (message, error) {
	pv := d.View
	board, err := b.puzzleBoard(pv, nil, pv.Task())
	if err != nil {
		return message{}, err
	}
	desc := fmt.Sprintf("%s\nPress **Solve** to try it on a private board. Only your first try counts, for the list of solvers and for your %s puzzle rating; the solvers are listed with the next puzzle, <t:%d:R>.",
		pv.Task(), pv.Variant.Game, d.Next.Unix())
	return message{
		content: previousText(d),
		embeds: []*discordgo.MessageEmbed{{
			Title:       fmt.Sprintf("Daily puzzle · %s · %s", pv.Variant.Game, dayText(d.Post.Day)),
			Description: desc,
			Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + board.name},
			Footer:      &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Puzzle %s · rated %s", pv.Puzzle.ID, pv.Rating)},
		}},
		files: []file{board},
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Solve", Style: discordgo.PrimaryButton, CustomID: dailyButton(pv.Puzzle, d.Post.Day)},
		}}},
	}, nil
}

// previousText says how the server's puzzle before d's went: who solved
// it (named, not pinged), how many more tried, and its answer behind a
// spoiler; "" when there was none.
func previousText(d table.DailyPuzzle) string {
	if d.Previous.Day == "" {
		return ""
	}
	var solvers []string
	for _, a := range d.Answers {
		if a.Solved {
			solvers = append(solvers, "<@"+a.Player.ID+">")
		}
	}
	missed := len(d.Answers) - len(solvers)
	var who string
	switch {
	case len(d.Answers) == 0:
		who = "nobody tried it"
	case len(solvers) == 0:
		who = fmt.Sprintf("nobody solved it; %d tried", missed)
	default:
		if n := len(solvers) - dailySolversShown; n > 0 {
			solvers = append(solvers[:dailySolversShown], plural(n, "other"))
		}
		who = "solved by " + andList(solvers)
		if missed > 0 {
			who += fmt.Sprintf("; %s missed it", plural(missed, "other"))
		}
	}
	text := fmt.Sprintf("**The puzzle of %s**: %s.", dayText(d.Previous.Day), who)
	if line := d.PreviousPuzzle.Line; len(line) > 0 {
		text += " The answer: ||" + strings.Join(line, ", ") + "||"
	}
	return text
}

// puzzleDaily opens a daily post's puzzle on a private board, as /puzzle
// does.
func (r *request) puzzleDaily(a action) error {
	pz, ok := puzzle.ByNumber(a.id)
	if !ok {
		return userErrorf("This puzzle is no longer offered; try /puzzle for another.")
	}
	if _, err := time.Parse(time.DateOnly, a.arg); err != nil {
		return userErrorf("This control belongs to an older version of zugbot; try /puzzle.")
	}
	pv, err := r.b.table.Puzzle(r.ctx, r.solver(), pz.ID, 0)
	if err != nil {
		return err
	}
	m, err := r.puzzleMessage(pv, fmt.Sprintf("The daily puzzle of %s.", dayText(a.arg)), nil)
	if err != nil {
		return err
	}
	m.ephemeral = true
	return r.reply(m)
}

// dailyAnswered records the end of the user's attempt at pz as their
// answer to this server's daily puzzle, when it is the server's latest
// and they had not answered it, and returns what to tell them: "" when it
// is no such answer. The attempt stands either way.
func (r *request) dailyAnswered(pz puzzle.Puzzle, solved bool) string {
	ok, err := r.b.table.DailyAnswered(r.ctx, r.i.GuildID, r.player(), pz.ID, solved)
	switch {
	case err != nil:
		r.b.log.Warn("could not record an answer to the daily puzzle", "guild", r.i.GuildID, "user", r.user.ID, "puzzle", pz.ID, "err", err)
		return ""
	case ok && solved:
		return "\nYou solved this server's daily puzzle: you are listed with the next one."
	}
	return ""
}

// adminDaily points this server's daily puzzle at a channel, with one
// game's puzzles or every game's in turn.
func (r *request) adminDaily() error {
	channel := r.stringOpt("channel")
	game := r.stringOpt("game")
	if game != "" {
		v, err := r.variantOpt("game")
		if err != nil {
			return err
		}
		game = v.ID
	}
	today, err := r.b.table.SetDailyPuzzle(r.ctx, r.i.GuildID, channel, game)
	if err != nil {
		return err
	}
	what := "every game's puzzles in turn"
	if game != "" {
		what = r.b.variants[game].Game + " puzzles"
	}
	next := table.NextDailyPost(r.b.now())
	when := fmt.Sprintf("Today's comes in a moment; then one every day at %02d:00 UTC (next <t:%d:R>).", table.DailyHour, next.Unix())
	if today.Day != "" {
		when = fmt.Sprintf("Today's was posted in <#%s> already; the next comes <t:%d:R>, then one every day at %02d:00 UTC.", today.Channel, next.Unix(), table.DailyHour)
	}
	return r.say("The daily puzzle will be posted in <#%s>, with %s. %s Members solve it privately with its button; each post lists who solved the one before. Turn it off with /admin daily-puzzle-off.", channel, what, when)
}

// adminDailyOff turns this server's daily puzzle off.
func (r *request) adminDailyOff() error {
	c, ok, err := r.b.table.StopDailyPuzzle(r.ctx, r.i.GuildID)
	if err != nil {
		return err
	}
	if !ok {
		return userErrorf("This server has no daily puzzle to turn off; /admin daily-puzzle sets one.")
	}
	return r.say("The daily puzzle is turned off; it was posted in <#%s>. The posts made stay.", c.Channel)
}

// channelGoneDaily turns off the daily puzzles of a channel a moderator
// deleted: they could no longer be posted.
func (b *Bot) channelGoneDaily(ctx context.Context, channel string) {
	cs, err := b.table.DailyChannelGone(ctx, channel)
	if err != nil {
		b.log.Error("a channel was deleted; its daily puzzle could not be turned off", "channel", channel, "err", err)
		return
	}
	for _, c := range cs {
		b.log.Info("a daily puzzle's channel was deleted: the daily puzzle is turned off", "guild", c.Guild, "channel", channel)
	}
}
