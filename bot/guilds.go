package bot

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"
)

// removed holds the games of a server the bot was removed from (kicked,
// or the server deleted): their timers wait, so that nobody loses on time
// while the bot cannot show the board, and nothing is announced where the
// bot has no access (403 or 404). An outage of the server
// (GUILD_DELETE with unavailable set) is not a removal: Discord sends
// GUILD_CREATE when it is back, and the games go on meanwhile
// (https://discord.com/developers/docs/events/gateway-events#guild-delete).
func (b *Bot) removed(ctx context.Context, g *discordgo.GuildDelete) {
	if g.Guild == nil || g.Unavailable {
		return
	}
	left, err := b.table.LeftServer(ctx, g.ID)
	switch {
	case err != nil:
		b.log.Error("removed from a server; its games could not be held", "guild", g.ID, "err", err)
	case left:
		b.log.Info("removed from a server: its games, challenges and tournaments wait until zugbot is invited back", "guild", g.ID)
	}
}

// invited resumes the games of a server the bot is back in (invited
// again after a removal), as they were when it left: they are given the
// time it was away. Discord sends GUILD_CREATE for every server at each
// connection too; those the bot never left change nothing.
func (b *Bot) invited(ctx context.Context, g *discordgo.GuildCreate) {
	if g.Guild == nil || g.Unavailable {
		return
	}
	away, back, err := b.table.BackInServer(ctx, g.ID)
	switch {
	case err != nil:
		b.log.Error("back in a server; its games could not be resumed", "guild", g.ID, "err", err)
	case back:
		b.log.Info("back in a server: its games, challenges and tournaments resume as they were", "guild", g.ID, "away", away.Round(time.Second))
	}
}

// channelDeleted calls off the tournament of a channel a moderator
// deleted (CHANNEL_DELETE): its rounds could no longer be announced; a
// daily puzzle posted there is turned off too. The
// games of the channel, the tournament's included, go on; every request
// about the channel answers 404 Unknown Channel (10003), so their timers
// announce nothing and are not tried again (see permanent), and their
// players move with /move anywhere and show a board with /board in
// another channel of the server.
func (b *Bot) channelDeleted(ctx context.Context, c *discordgo.ChannelDelete) {
	if c.Channel == nil || c.GuildID == "" {
		return
	}
	b.channelGoneDaily(ctx, c.ID)
	tr, off, err := b.table.ChannelGone(ctx, c.ID)
	switch {
	case err != nil:
		b.log.Error("a channel was deleted; its tournament could not be called off", "channel", c.ID, "err", err)
	case off:
		b.log.Info("a tournament's channel was deleted: the tournament is called off, its games go on", "tournament", tr.ID, "channel", c.ID)
	}
}
