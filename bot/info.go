package bot

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// subject returns the user option name, or the user who asked.
func (r *request) subject(name string) *discordgo.User {
	if u := r.userOpt(name); u != nil {
		return u
	}
	return r.user
}

// Discord's limits on an embed
// (https://discord.com/developers/docs/resources/message#embed-object-embed-limits):
// a description of at most 4,096 characters, and 6,000 in all. Lists keep
// their descriptions under maxListText, which leaves room for the title and
// footer within the total.
const maxListText = 4000

// fitLines joins lines, one a line, as many as fit in limit characters;
// the rest are counted in a last line: "…and 3 more."
func fitLines(lines []string, limit int) string {
	var b strings.Builder
	used := 0
	for i, l := range lines {
		n := utf8.RuneCountInString(l) + 1
		rest := ""
		if i < len(lines)-1 {
			rest = fmt.Sprintf("…and %d more.", len(lines)-i-1)
		}
		if used+n+utf8.RuneCountInString(rest) > limit {
			fmt.Fprintf(&b, "…and %d more.", len(lines)-i)
			break
		}
		b.WriteString(l + "\n")
		used += n
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// isolate keeps the writing direction of a name in a right-to-left script
// to itself, so that it does not reorder the rest of its line: it wraps it
// in Unicode's first strong isolate and pop directional isolate. Other
// names are left as they are.
func isolate(name string) string {
	for _, r := range name {
		if unicode.In(r, unicode.Arabic, unicode.Hebrew, unicode.Syriac, unicode.Thaana, unicode.Nko, unicode.Samaritan, unicode.Mandaic, unicode.Adlam) {
			return "\u2068" + name + "\u2069"
		}
	}
	return name
}

// gameLine describes a game in a list, from the point of view of userID,
// with a link to its board.
func (b *Bot) gameLine(ctx context.Context, g *store.Game, userID string) string {
	v := b.variants[g.Variant]
	name := g.Variant
	if v != nil {
		name = v.Name
	}
	side, _ := g.SideOf(userID)
	line := fmt.Sprintf("**#%d** %s vs %s", g.ID, name, isolate(seatName(g.Seats[side.Other()])))
	if g.Over() {
		switch {
		case g.Result == store.Win && g.Winner == side:
			line += " — won"
		case g.Result == store.Win:
			line += " — lost"
		case g.Result == store.Draw:
			line += " — drawn"
		default:
			line += " — aborted"
		}
		line += fmt.Sprintf(" (%s), <t:%d:d>", g.Why(), g.Ended.Unix())
		return line
	}
	if v != nil {
		// Every ply, passes included, hands the turn over.
		if start, err := store.Replay(v, g.Start, nil); err == nil {
			line += fmt.Sprintf(" · %s to move", isolate(seatName(g.Seats[start.Turn()^engine.Side(g.Ply&1)])))
		}
	}
	if p, err := b.boardOf(ctx, g); err != nil {
		b.log.Warn("a game's board, for its link", "game", g.ID, "err", err)
	} else if p.Message != "" {
		line += " · " + messageLink(g.GuildID, boardChannel(g, p), p.Message)
	}
	if !g.Deadline.IsZero() {
		line += fmt.Sprintf(" · clock runs out <t:%d:R>", g.Deadline.Unix())
	}
	return line
}

func (r *request) gamesCommand() error {
	u := r.subject("user")
	games, err := r.b.store.Games(r.ctx, store.GameQuery{Player: u.ID, Status: store.Active, Limit: 25})
	if err != nil {
		return err
	}
	visible := table.Visible(r.viewer(true), games)
	if len(visible) == 0 && len(games) > 0 {
		return r.say("%s has no games going that you can see here.", r.playerOf(u).Name)
	}
	if games = visible; len(games) == 0 {
		return r.say("%s has no games going. Start one with /play or /challenge.", r.playerOf(u).Name)
	}
	var lines []string
	for i := range games {
		lines = append(lines, r.b.gameLine(r.ctx, &games[i], u.ID))
	}
	return r.reply(message{ephemeral: true, embeds: []*discordgo.MessageEmbed{{
		Title: fmt.Sprintf("Games of %s", r.playerOf(u).Name), Description: fitLines(lines, maxListText),
	}}})
}

func (r *request) leaderboardCommand() error {
	v, err := r.variantOpt("game")
	if err != nil {
		return err
	}
	q := store.LeaderboardQuery{Variant: v.ID, Limit: 10}
	name := v.Name
	if r.stringOpt("speed") == "live" {
		q.Variant, name = v.ID+store.LiveRatings, v.Name+" (live)"
	}
	scope := "everyone"
	if r.stringOpt("scope") != "global" && r.i.GuildID != "" {
		q.GuildID, scope = r.i.GuildID, "this server"
	}
	rows, err := r.b.store.Leaderboard(r.ctx, q)
	if err != nil {
		return err
	}
	desc := fmt.Sprintf("Nobody in %s has played %d rated games of %s yet.", scope, r.b.store.MinRatedGames(), name)
	if len(rows) > 0 {
		var lines []string
		for _, s := range rows {
			lines = append(lines, fmt.Sprintf("%d. **%s** %s — %d games (%d wins, %d draws, %d losses)",
				s.Rank, isolate(s.Player.Name), s.Rating.String(), s.Games, s.Wins, s.Draws, s.Losses))
		}
		desc = fitLines(lines, maxListText)
	}
	page := ""
	if r.b.live != nil {
		if page, err = r.b.live.LeaderboardURL(r.ctx, q.GuildID); err != nil {
			return err
		}
		page += "?rating=" + url.QueryEscape(q.Variant)
	}
	return r.reply(message{embeds: []*discordgo.MessageEmbed{{
		Title: fmt.Sprintf("%s leaderboard — %s", name, scope), Description: desc, URL: page,
		Footer: &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Players with at least %d rated games. A ? marks a provisional rating.", r.b.store.MinRatedGames())},
	}}})
}

func (r *request) profileCommand() error {
	b := r.b
	u := r.subject("user")
	p, err := b.store.Profile(r.ctx, u.ID, 5)
	if err != nil {
		return err
	}
	var desc strings.Builder
	name := r.playerOf(u).Name
	if len(p.Ratings) == 0 {
		desc.WriteString("No rated games yet.\n")
	}
	for _, rt := range p.Ratings {
		vname := rt.Variant
		id, live := strings.CutSuffix(rt.Variant, store.LiveRatings)
		if v := b.variants[id]; v != nil {
			vname = v.Name
			if live {
				vname += " (live)"
			}
		}
		streak := ""
		if rt.Streak > 1 {
			streak = fmt.Sprintf(", %d wins in a row", rt.Streak)
		} else if rt.Streak < -1 {
			streak = fmt.Sprintf(", %d losses in a row", -rt.Streak)
		}
		fmt.Fprintf(&desc, "**%s**: %s (peak %d) — %d wins, %d draws, %d losses%s\n", vname, rt.String(), rt.Peak, rt.Wins, rt.Draws, rt.Losses, streak)
	}
	fmt.Fprintf(&desc, "\nAll games: %d wins, %d draws, %d losses; %d going.\n", p.Record.Wins, p.Record.Draws, p.Record.Losses, p.Active)
	if u.ID != r.user.ID {
		h, err := b.store.HeadToHead(r.ctx, r.user.ID, u.ID, "", 3)
		if err != nil {
			return err
		}
		fmt.Fprintf(&desc, "You against %s: %d wins, %d draws, %d losses.\n", name, h.Record.Wins, h.Record.Draws, h.Record.Losses)
	}
	// The profile is posted for everyone in the channel: the recent games
	// it lists are those they may see.
	if p.Recent = table.Visible(r.viewer(false), p.Recent); len(p.Recent) > 0 {
		desc.WriteString("\nRecent games:\n")
		var lines []string
		for i := range p.Recent {
			lines = append(lines, b.gameLine(r.ctx, &p.Recent[i], u.ID))
		}
		desc.WriteString(fitLines(lines, maxListText-utf8.RuneCountInString(desc.String())))
	}
	page := ""
	if b.live != nil {
		if page, err = b.live.PlayerURL(r.ctx, u.ID); err != nil {
			return err
		}
	}
	return r.reply(message{embeds: []*discordgo.MessageEmbed{{Title: "Profile of " + name, Description: desc.String(), URL: page}}})
}

func (r *request) historyCommand() error {
	u := r.subject("user")
	q := store.GameQuery{Player: u.ID, Status: store.Finished, Limit: 15}
	of := ""
	if id := r.stringOpt("game"); id != "" {
		v, err := r.variantOpt("game")
		if err != nil {
			return err
		}
		q.Variant, of = v.ID, " of "+v.Name
	}
	games, err := r.b.store.Games(r.ctx, q)
	if err != nil {
		return err
	}
	visible := table.Visible(r.viewer(true), games)
	if len(visible) == 0 && len(games) > 0 {
		return r.say("%s has no finished games%s that you can see here.", r.playerOf(u).Name, of)
	}
	if games = visible; len(games) == 0 {
		return r.say("%s has no finished games%s yet.", r.playerOf(u).Name, of)
	}
	var lines []string
	for i := range games {
		lines = append(lines, r.b.gameLine(r.ctx, &games[i], u.ID))
	}
	return r.reply(message{ephemeral: true, embeds: []*discordgo.MessageEmbed{{
		Title: "Finished games of " + r.playerOf(u).Name, Description: fitLines(lines, maxListText),
		Footer: &discordgo.MessageEmbedFooter{Text: "Use /export with a game number for its moves and replay."},
	}}})
}

// exportCommand sends a game's moves as text and its replay as a GIF.
func (r *request) exportCommand() error {
	b := r.b
	id, _ := r.intOpt("game")
	rec, err := b.table.Record(r.ctx, id)
	if err != nil {
		return err
	}
	if err := r.checkPlace(&rec.State.Game); err != nil {
		return err
	}
	if err := r.deferReply(false); err != nil { // the replay takes a while
		return err
	}
	g := &rec.State.Game
	v := rec.State.Position.Variant()
	start, moves := rec.Start, rec.Moves
	var gif bytes.Buffer
	opt := render.Options{}
	for side := range 2 {
		opt.Players[side] = seatName(g.Seats[side])
	}
	if err := b.render.GIF(r.ctx, &gif, start, moves, opt); err != nil {
		return fmt.Errorf("replay of game %d: %w", g.ID, err)
	}
	return r.reply(message{
		content: fmt.Sprintf("Game #%d, %s: %d moves.", g.ID, v.Name, len(moves)),
		files: []file{
			{name: fmt.Sprintf("zugbot-%d.txt", g.ID), contentType: "text/plain", data: []byte(rec.Text)},
			gifFile(fmt.Sprintf("zugbot-%d.gif", g.ID), gif.Bytes()),
		},
	})
}

func (r *request) rulesCommand() error {
	v, err := r.variantOpt("game")
	if err != nil {
		return err
	}
	var png bytes.Buffer
	if err := r.b.render.PNG(&png, v.Start(), render.Options{Caption: v.Name + ": the start"}); err != nil {
		return err
	}
	picture := "zugbot-" + v.ID + "-start.png"
	return r.reply(message{
		embeds: []*discordgo.MessageEmbed{{
			Title: "How to play " + v.Name, Description: v.Summary + "\n\n" + v.Sides[0] + " moves first.",
			Image:  &discordgo.MessageEmbedImage{URL: "attachment://" + picture},
			Footer: &discordgo.MessageEmbedFooter{Text: v.Credit},
		}},
		files:      []file{pngFile(picture, png.Bytes())},
		components: r.b.lessonLink(v),
	})
}

func (r *request) helpCommand() error {
	return r.reply(message{content: r.b.help, ephemeral: true})
}

// adminCommand answers /admin, for a member who may manage the server:
// abort a game, or set or turn off the server's daily puzzle.
func (r *request) adminCommand() error {
	if r.i.Member == nil || r.i.Member.Permissions&discordgo.PermissionManageGuild == 0 {
		return userErrorf("Only members who may manage this server can use /admin.")
	}
	opts := r.i.ApplicationCommandData().Options
	if len(opts) == 0 {
		return userErrorf("Choose what to do: /admin abort, daily-puzzle or daily-puzzle-off.")
	}
	switch opts[0].Name {
	case "daily-puzzle":
		return r.adminDaily()
	case "daily-puzzle-off":
		return r.adminDailyOff()
	}
	return r.adminAbort()
}

// adminAbort aborts a game of this server.
func (r *request) adminAbort() error {
	b := r.b
	id, _ := r.intOpt("game")
	st, err := b.load(r.ctx, id)
	if err != nil {
		return err
	}
	if st.Game.GuildID != r.i.GuildID {
		return userErrorf("Game #%d is not played on this server.", id)
	}
	u, err := b.table.Abort(r.ctx, id, st.Game.Ply, r.user.ID)
	if err != nil {
		return err
	}
	if err := r.say("Game #%d is aborted; it does not count for ratings. This is recorded with your name.", id); err != nil {
		return err
	}
	r.showBoard(&u.State, boardView{note: fmt.Sprintf("Aborted by %s.", r.player().Name)})
	return nil
}
