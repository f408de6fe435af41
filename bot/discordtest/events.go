package discordtest

import (
	"time"

	"github.com/bwmarrin/discordgo"
)

// What happens on a large server apart from the bot: a moderator deletes a
// channel, someone removes the bot and invites it back, a member leaves,
// a user closes their direct messages, and Discord holds the bot at its
// global rate limit for a while.

// errCannotDM is Discord's answer to a message for a user who does not
// accept the bot's direct messages: "50007 Cannot send messages to this
// user"
// (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes).
var errCannotDM = errStatus(403, 50007, "Cannot send messages to this user")

// DeleteChannel deletes the channel id of a guild, as a moderator does
// (https://discord.com/developers/docs/resources/channel#deleteclose-channel).
// Its threads go with it, and so do their messages. The bot's sessions
// receive CHANNEL_DELETE, and THREAD_DELETE for each thread
// (https://discord.com/developers/docs/events/gateway-events#channel-delete,
// #thread-delete: "id, guild_id, parent_id, and type"); from then on every
// route of the channel or of its threads answers 404 Unknown Channel
// (10003), and no interaction can come from them.
func (s *Server) DeleteChannel(id string) {
	s.mu.Lock()
	c := s.channels[id]
	if c == nil || c.guildID == "" || isThread(c.typ) {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: DeleteChannel: %q is not a channel of a guild", id)
	}
	for _, th := range s.channels {
		if th.parentID == id && isThread(th.typ) {
			s.dropChannel(th)
			s.queue(th.guildID, "THREAD_DELETE", map[string]any{"id": th.id, "guild_id": th.guildID, "parent_id": th.parentID, "type": th.typ}, discordgo.IntentGuilds)
		}
	}
	s.dropChannel(c)
	s.queue(c.guildID, "CHANNEL_DELETE", channelPayload(c), discordgo.IntentGuilds)
	s.notify()
	s.mu.Unlock()
	s.flush()
}

// dropChannel forgets channel c and its messages; call with s.mu held.
func (s *Server) dropChannel(c *channel) {
	delete(s.channels, c.id)
	for id, m := range s.messages {
		if m.channelID == c.id {
			delete(s.messages, id)
			s.notifyOf(id)
		}
	}
}

// RejoinGuild brings the bot back into the guild guildID it left
// (LeaveGuild), as a member inviting it again does: its sessions receive
// GUILD_CREATE ("when the current user joins a new Guild",
// https://discord.com/developers/docs/events/gateway-events#guild-create),
// and the guild's channels and commands work again, with the permissions
// the bot had.
func (s *Server) RejoinGuild(guildID string) {
	s.mu.Lock()
	g := s.guilds[guildID]
	if g == nil || !g.left {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: RejoinGuild: the bot has not left guild %q", guildID)
	}
	g.left = false
	g.joined = time.Now()
	s.queue(g.id, "GUILD_CREATE", s.guildPayload(g), discordgo.IntentGuilds)
	s.notify()
	s.mu.Unlock()
	s.flush()
}

// RemoveMember makes u leave the guild guildID (or be kicked). Sessions
// with the privileged GuildMembers intent receive GUILD_MEMBER_REMOVE
// ("Sent when a user is removed from a guild (leave/kick/ban)",
// https://discord.com/developers/docs/events/gateway-events#guild-member-remove);
// others learn nothing. u can no longer use the bot's commands or
// components in the guild's channels (SlashCommand and the others fail
// the test), but mentions of u still render, and their DMs stay open.
func (s *Server) RemoveMember(guildID string, u *discordgo.User) {
	s.mu.Lock()
	g := s.guilds[guildID]
	if g == nil || s.users[u.ID] == nil || u.ID == s.bot.ID {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: RemoveMember: unknown guild %q or user %v (use LeaveGuild for the bot)", guildID, u)
	}
	if g.gone == nil {
		g.gone = map[string]bool{}
	}
	g.gone[u.ID] = true
	s.queue(g.id, "GUILD_MEMBER_REMOVE", map[string]any{"guild_id": g.id, "user": userPayload(s.users[u.ID])}, discordgo.IntentGuildMembers)
	s.notify()
	s.mu.Unlock()
	s.flush()
}

// isMember reports whether the user userID is still a member of the guild
// of channel c (true for DMs); call with s.mu held.
func (s *Server) isMember(c *channel, userID string) bool {
	g := s.guilds[c.guildID]
	return g == nil || !g.gone[userID]
}

// CloseDMs makes u refuse the bot's direct messages, as a user who turns
// off "Allow direct messages from server members", leaves every server
// they shared with the bot, or blocks it: the bot's new messages in its DM
// channel with u answer 403 Cannot send messages to this user (50007).
// Interaction responses and follow-ups there still work: they answer u's
// own action.
func (s *Server) CloseDMs(u *discordgo.User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.users[u.ID] == nil {
		s.t.Fatalf("discordtest: CloseDMs: unknown user %v", u)
	}
	s.dmClosed[u.ID] = true
}

// dmRefused returns errCannotDM if c is the DM channel of a user who
// closed their DMs; call with s.mu held.
func (s *Server) dmRefused(c *channel) *apiError {
	if c.typ == discordgo.ChannelTypeDM && s.dmClosed[c.recipient.ID] {
		return errCannotDM
	}
	return nil
}

// HoldGlobal puts the bot over Discord's global rate limit for d: every
// request outside the interaction endpoints answers 429 with
// X-RateLimit-Global true and retry_after the time left, as Discord
// answers a bot past its 50 requests a second, or one Cloudflare holds
// back for a while
// (https://discord.com/developers/docs/topics/rate-limits#global-rate-limit:
// "Interaction endpoints are not bound to the bot's Global Rate Limit").
func (s *Server) HoldGlobal(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.globalUntil = time.Now().Add(d)
}
