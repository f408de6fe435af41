package discordtest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// DefaultBotPermissions is what the bot may do in a guild unless a test
// says otherwise (SetBotPermissions): the permissions zugbot's README asks
// for in its invite link, 309237763072 = View Channels, Send Messages,
// Send Messages in Threads, Create Public Threads, Embed Links, Attach
// Files and Read Message History.
const DefaultBotPermissions int64 = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionSendMessagesInThreads | discordgo.PermissionCreatePublicThreads | discordgo.PermissionEmbedLinks |
	discordgo.PermissionAttachFiles | discordgo.PermissionReadMessageHistory

// allPermissions is every permission bit Discord defines (up to
// BYPASS_SLOWMODE, 1 << 52), what ADMINISTRATOR grants.
const allPermissions int64 = 1<<53 - 1

// Overwrite types.
const (
	overwriteRole   = discordgo.PermissionOverwriteTypeRole
	overwriteMember = discordgo.PermissionOverwriteTypeMember
)

// overwrite is a channel's permission overwrite for a role or a member.
type overwrite struct {
	id          string
	typ         discordgo.PermissionOverwriteType
	allow, deny int64
}

func (c *channel) sortedOverwrites() []*overwrite {
	out := make([]*overwrite, 0, len(c.overwrites))
	for _, o := range c.overwrites {
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b *overwrite) int { return compareIDs(a.id, b.id) })
	return out
}

// overwritesPayload is a channel's permission_overwrites as Discord
// serialises them (API v8+: allow and deny as strings).
func overwritesPayload(c *channel) []any {
	out := []any{}
	for _, o := range c.sortedOverwrites() {
		out = append(out, map[string]any{
			"id": o.id, "type": o.typ,
			"allow": strconv.FormatInt(o.allow, 10), "deny": strconv.FormatInt(o.deny, 10),
		})
	}
	return out
}

// SetBotPermissions sets the bot's guild-level permissions in guildID (the
// union of @everyone's and its own role's, discordgo.Permission* bits), in
// place of DefaultBotPermissions. Channel overwrites (DenyBot, AllowBot,
// DenyEveryone, AllowEveryone) apply on top. The bot's session receives
// GUILD_ROLE_UPDATE for @everyone and its role.
func (s *Server) SetBotPermissions(guildID string, perms int64) {
	s.mu.Lock()
	g := s.guilds[guildID]
	if g == nil {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: SetBotPermissions: unknown guild %q", guildID)
	}
	g.botPerms = perms
	for _, r := range rolesPayload(g) {
		s.queue(g.id, "GUILD_ROLE_UPDATE", map[string]any{"guild_id": g.id, "role": r}, discordgo.IntentGuilds)
	}
	s.notify()
	s.mu.Unlock()
	s.flush()
}

// DenyBot adds perms to the deny list of the bot's member overwrite on the
// guild channel channelID (not a thread: threads take their parent's
// overwrites), removing them from its allow list, as a moderator editing
// the channel's permissions for the bot does.
func (s *Server) DenyBot(channelID string, perms int64) {
	s.editOverwrite("DenyBot", channelID, "", overwriteMember, 0, perms)
}

// AllowBot adds perms to the allow list of the bot's member overwrite on
// the guild channel channelID, removing them from its deny list.
func (s *Server) AllowBot(channelID string, perms int64) {
	s.editOverwrite("AllowBot", channelID, "", overwriteMember, perms, 0)
}

// DenyEveryone adds perms to the deny list of the channel's @everyone
// overwrite. It applies to the bot (unless its own overwrite allows them)
// and to the member.permissions of interactions there; the fake does not
// stop users without View Channel from using commands there.
func (s *Server) DenyEveryone(channelID string, perms int64) {
	s.editOverwrite("DenyEveryone", channelID, "@everyone", overwriteRole, 0, perms)
}

// AllowEveryone adds perms to the allow list of the channel's @everyone
// overwrite, removing them from its deny list.
func (s *Server) AllowEveryone(channelID string, perms int64) {
	s.editOverwrite("AllowEveryone", channelID, "@everyone", overwriteRole, perms, 0)
}

// ClearOverwrites removes every permission overwrite of channelID.
func (s *Server) ClearOverwrites(channelID string) {
	s.mu.Lock()
	c := s.channels[channelID]
	if c == nil || c.guildID == "" || isThread(c.typ) {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: ClearOverwrites: %q is not a guild channel with overwrites", channelID)
	}
	c.overwrites = nil
	s.queue(c.guildID, "CHANNEL_UPDATE", channelPayload(c), discordgo.IntentGuilds)
	s.notify()
	s.mu.Unlock()
	s.flush()
}

// editOverwrite changes the overwrite of target ("" the bot, "@everyone"
// the guild's @everyone role) on a channel.
func (s *Server) editOverwrite(fn, channelID, target string, typ discordgo.PermissionOverwriteType, allow, deny int64) {
	s.mu.Lock()
	c := s.channels[channelID]
	if c == nil || c.guildID == "" || isThread(c.typ) {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: %s: %q is not a guild channel (threads have no overwrites of their own)", fn, channelID)
	}
	id := target
	switch target {
	case "":
		id = s.bot.ID
	case "@everyone":
		id = c.guildID // the @everyone role has the guild's ID
	}
	if c.overwrites == nil {
		c.overwrites = map[string]*overwrite{}
	}
	o := c.overwrites[id]
	if o == nil {
		o = &overwrite{id: id, typ: typ}
		c.overwrites[id] = o
	}
	o.allow = o.allow&^deny | allow
	o.deny = o.deny&^allow | deny
	s.queue(c.guildID, "CHANNEL_UPDATE", channelPayload(c), discordgo.IntentGuilds)
	s.notify()
	s.mu.Unlock()
	s.flush()
}

// BotPermissions returns the bot's permissions in channelID, computed as
// Discord does and as interactions there carry them in app_permissions.
func (s *Server) BotPermissions(channelID string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[channelID]
	if c == nil {
		s.t.Fatalf("discordtest: BotPermissions: unknown channel %q", channelID)
	}
	return s.botPermsIn(c)
}

// permsIn computes the permissions of a user with the guild-level
// permissions base (and, for the bot, its role) in channel c, following
// https://discord.com/developers/docs/topics/permissions#permission-overwrites:
// ADMINISTRATOR grants everything; then the @everyone overwrite (deny, then
// allow), the role overwrites, the member's overwrite. Threads use their
// parent channel's overwrites
// (https://discord.com/developers/docs/topics/permissions#inherited-permissions-threads).
// Call with s.mu held; not for DMs.
func (s *Server) permsIn(c *channel, userID string, roles []string, base int64) int64 {
	if base&discordgo.PermissionAdministrator != 0 {
		return allPermissions
	}
	src := c
	if isThread(c.typ) {
		if p := s.channels[c.parentID]; p != nil {
			src = p
		}
	}
	p := base
	if o := src.overwrites[c.guildID]; o != nil {
		p = p&^o.deny | o.allow
	}
	var allow, deny int64
	for _, r := range roles {
		if o := src.overwrites[r]; o != nil {
			allow |= o.allow
			deny |= o.deny
		}
	}
	p = p&^deny | allow
	if o := src.overwrites[userID]; o != nil {
		p = p&^o.deny | o.allow
	}
	return p
}

// botPermsIn returns the bot's permissions in c; call with s.mu held.
func (s *Server) botPermsIn(c *channel) int64 {
	g := s.guilds[c.guildID]
	if g == nil { // DMs
		return memberPerms
	}
	return s.permsIn(c, s.bot.ID, []string{g.botRole}, g.botPerms)
}

// memberPermsIn returns the permissions of member u in c (what
// interactions carry as member.permissions); call with s.mu held.
func (s *Server) memberPermsIn(c *channel, u *discordgo.User) int64 {
	g := s.guilds[c.guildID]
	return s.permsIn(c, u.ID, nil, memberPerms|g.perms[u.ID])
}

var (
	errMissingPermissions = errStatus(403, 50013, "Missing Permissions")
	errThreadArchived     = errStatus(400, 50083, "Thread is archived")
	errThreadLocked       = errStatus(403, 160005, "Thread is locked")
)

// permissionNames names the bits channel endpoints check, for messages.
var permissionNames = []struct {
	bit  int64
	name string
}{
	{discordgo.PermissionViewChannel, "VIEW_CHANNEL"},
	{discordgo.PermissionSendMessages, "SEND_MESSAGES"},
	{discordgo.PermissionSendMessagesInThreads, "SEND_MESSAGES_IN_THREADS"},
	{discordgo.PermissionEmbedLinks, "EMBED_LINKS"},
	{discordgo.PermissionAttachFiles, "ATTACH_FILES"},
	{discordgo.PermissionReadMessageHistory, "READ_MESSAGE_HISTORY"},
	{discordgo.PermissionManageMessages, "MANAGE_MESSAGES"},
	{discordgo.PermissionManageThreads, "MANAGE_THREADS"},
	{discordgo.PermissionSendTTSMessages, "SEND_TTS_MESSAGES"},
}

func describePerms(p int64) string {
	var names []string
	for _, n := range permissionNames {
		if p&n.bit != 0 {
			names = append(names, n.name)
			p &^= n.bit
		}
	}
	if p != 0 {
		names = append(names, fmt.Sprintf("%#x", p))
	}
	return strings.Join(names, ", ")
}

// canManageThreads reports whether the bot has MANAGE_THREADS in c; call
// with s.mu held.
func (s *Server) canManageThreads(c *channel) bool {
	return c.guildID != "" && s.botPermsIn(c)&discordgo.PermissionManageThreads != 0
}

// need checks that the bot may use a channel endpoint on c with the
// permissions perms (pass SEND_MESSAGES for sending: in threads it stands
// for SEND_MESSAGES_IN_THREADS). Call with s.mu held.
//
// Without VIEW_CHANNEL the channel is invisible: 50001 Missing Access, as
// for a private thread the bot was not added to without MANAGE_THREADS
// (https://discord.com/developers/docs/topics/threads#permissions: "You
// must be invited to the thread to be able to view or participate in it,
// or be a moderator"). Any other missing permission is 50013 Missing
// Permissions. Denying SEND_MESSAGES implicitly denies ATTACH_FILES,
// EMBED_LINKS, SEND_TTS_MESSAGES and MENTION_EVERYONE
// (https://discord.com/developers/docs/topics/permissions#implicit-permissions),
// so an edit adding a file needs it too. DMs are not checked.
func (s *Server) need(c *channel, perms int64) *apiError {
	if c.guildID == "" {
		return nil
	}
	if s.joined(c.guildID) == nil {
		return errMissingAccessFor("the bot is not in guild " + c.guildID + " of channel " + c.id)
	}
	have := s.botPermsIn(c)
	if have&discordgo.PermissionViewChannel == 0 {
		return errMissingAccessFor("the bot lacks VIEW_CHANNEL in channel " + c.id)
	}
	send := int64(discordgo.PermissionSendMessages)
	if isThread(c.typ) {
		// "The SEND_MESSAGES permission has no effect in threads; users
		// must have SEND_MESSAGES_IN_THREADS to talk in a thread."
		// (https://discord.com/developers/docs/topics/threads#permissions)
		send = discordgo.PermissionSendMessagesInThreads
		if perms&discordgo.PermissionSendMessages != 0 {
			perms = perms&^discordgo.PermissionSendMessages | send
		}
		if c.typ == discordgo.ChannelTypeGuildPrivateThread && c.members[s.bot.ID].IsZero() && have&discordgo.PermissionManageThreads == 0 {
			return errMissingAccessFor("the bot is not a member of private thread " + c.id + " and lacks MANAGE_THREADS")
		}
	}
	if have&send == 0 {
		have &^= discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks | discordgo.PermissionSendTTSMessages | discordgo.PermissionMentionEveryone
	}
	if missing := perms &^ have; missing != 0 {
		e := *errMissingPermissions
		e.detail = "the bot lacks " + describePerms(missing) + " in channel " + c.id
		return &e
	}
	return nil
}

func errMissingAccessFor(detail string) *apiError {
	e := *errMissingAccess
	e.detail = detail
	return &e
}
