package discordtest

import (
	"time"

	"github.com/bwmarrin/discordgo"
)

// Threads as https://discord.com/developers/docs/topics/threads describes
// them: archived threads refuse edits (50083) and are unarchived by
// sending a message unless locked; locked threads refuse messages and
// edits from users without MANAGE_THREADS (160005); private threads are
// invisible (50001) to a bot that is neither a member nor has
// MANAGE_THREADS.

// NewThread creates a thread in the text channel parentID, started by a
// member (not the bot), and returns its ID: a public thread, or a private
// one the bot is not a member of until it is added (AddThreadMember) or
// has MANAGE_THREADS. The bot's session receives THREAD_CREATE if it can
// see the thread.
func (s *Server) NewThread(parentID, name string, private bool) string {
	s.mu.Lock()
	parent := s.channels[parentID]
	if parent == nil || parent.typ != discordgo.ChannelTypeGuildText {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: NewThread: %q is not a text channel", parentID)
	}
	now := time.Now()
	th := &channel{
		id: s.newID(), guildID: parent.guildID, parentID: parent.id, name: name, typ: discordgo.ChannelTypeGuildPublicThread,
		ownerID: parent.guildID, // the guild's owner, as in GUILD_CREATE
		archive: 1440, created: now, archivedAt: now, members: map[string]time.Time{},
	}
	if private {
		th.typ = discordgo.ChannelTypeGuildPrivateThread
	}
	s.channels[th.id] = th
	if s.botSees(th) {
		s.queue(th.guildID, "THREAD_CREATE", mergeMap(channelPayload(th), map[string]any{"newly_created": true}), discordgo.IntentGuilds)
	}
	s.notify()
	s.mu.Unlock()
	s.flush()
	return th.id
}

// ArchiveThread archives a thread, as Discord does after its
// auto_archive_duration without activity or a moderator does. Editing
// messages in it is then refused with 50083; sending a message unarchives
// it unless it is locked.
func (s *Server) ArchiveThread(id string) {
	s.editThread("ArchiveThread", id, func(c *channel) { s.setArchived(c, true) })
}

// UnarchiveThread makes an archived thread active again, as a member
// sending a message there does.
func (s *Server) UnarchiveThread(id string) {
	s.editThread("UnarchiveThread", id, func(c *channel) { s.setArchived(c, false) })
}

// LockThread locks a thread, as a moderator does (whether or not it is
// archived): without MANAGE_THREADS the bot can no longer send or edit
// messages there (160005 while it is active, 50083 once archived, since
// only MANAGE_THREADS can unarchive a locked thread).
func (s *Server) LockThread(id string) {
	s.editThread("LockThread", id, func(c *channel) { s.setLocked(c, true) })
}

// UnlockThread unlocks a thread.
func (s *Server) UnlockThread(id string) {
	s.editThread("UnlockThread", id, func(c *channel) { s.setLocked(c, false) })
}

// AddThreadMember adds u (srv.BotUser() for the bot) to a thread that is
// not archived, as a member mentioning or inviting them does. The bot's
// session then receives THREAD_MEMBERS_UPDATE and THREAD_CREATE, as
// Discord sends them to a user added to a thread.
func (s *Server) AddThreadMember(threadID string, u *discordgo.User) {
	s.mu.Lock()
	c := s.channels[threadID]
	if c == nil || !isThread(c.typ) || c.archived || u == nil || s.users[u.ID] == nil {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: AddThreadMember: %q is not an active thread, or the user is unknown", threadID)
	}
	s.addMember(c, u.ID)
	s.mu.Unlock()
	s.flush()
}

// ThreadMember reports whether u is a member of the thread threadID.
func (s *Server) ThreadMember(threadID string, u *discordgo.User) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[threadID]
	return c != nil && !c.members[u.ID].IsZero()
}

func (s *Server) editThread(fn, id string, edit func(*channel)) {
	s.mu.Lock()
	c := s.channels[id]
	if c == nil || !isThread(c.typ) {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: %s: %q is not a thread", fn, id)
	}
	edit(c)
	s.notify()
	s.mu.Unlock()
	s.flush()
}

// setArchived archives or unarchives c; archive_timestamp "is changed when
// creating, archiving, or unarchiving a thread". Call with s.mu held.
func (s *Server) setArchived(c *channel, archived bool) {
	if c.archived == archived {
		return
	}
	c.archived = archived
	c.archivedAt = time.Now()
	s.threadUpdate(c)
}

func (s *Server) setLocked(c *channel, locked bool) {
	if c.locked == locked {
		return
	}
	c.locked = locked
	s.threadUpdate(c)
}

// threadUpdate queues THREAD_UPDATE if the bot can see c; call with s.mu
// held.
func (s *Server) threadUpdate(c *channel) {
	s.notify()
	if s.botSees(c) {
		s.queue(c.guildID, "THREAD_UPDATE", channelPayload(c), discordgo.IntentGuilds)
	}
}

// addMember adds a user to thread c; call with s.mu held and flush after.
func (s *Server) addMember(c *channel, userID string) {
	if !c.members[userID].IsZero() {
		return
	}
	now := time.Now()
	c.members[userID] = now
	s.notify()
	if userID != s.bot.ID {
		return
	}
	// "A Thread Members Update Gateway Event is always sent when the
	// current user is added to or removed from a thread", and "Whenever a
	// user is added to a private thread, the Gateway also sends a Thread
	// Create event" (https://discord.com/developers/docs/topics/threads).
	s.queue(c.guildID, "THREAD_MEMBERS_UPDATE", map[string]any{
		"id": c.id, "guild_id": c.guildID, "member_count": min(len(c.members), 50),
		"added_members": []any{map[string]any{"id": c.id, "user_id": userID, "join_timestamp": now.UTC().Format(time.RFC3339Nano), "flags": 0}},
	}, 0)
	s.queue(c.guildID, "THREAD_CREATE", channelPayload(c), discordgo.IntentGuilds)
}

// botSees reports whether the bot can view channel c; call with s.mu held.
func (s *Server) botSees(c *channel) bool {
	if c.guildID == "" {
		return true
	}
	p := s.botPermsIn(c)
	if p&discordgo.PermissionViewChannel == 0 {
		return false
	}
	return c.typ != discordgo.ChannelTypeGuildPrivateThread || !c.members[s.bot.ID].IsZero() || p&discordgo.PermissionManageThreads != 0
}

// threadSend checks that the bot may send a message in c; call with s.mu
// held. "Sending a message will automatically unarchive the thread, unless
// the thread has been locked by a moderator", and users without
// MANAGE_THREADS "won't be able to create or update messages in locked
// threads" (https://discord.com/developers/docs/topics/threads#locked-threads,
// #active-archived-threads); only MANAGE_THREADS can unarchive a locked
// thread, so sending in an archived locked thread is 50083 (an operation on
// an archived thread), in an active locked one 160005 Thread is locked.
// unarchiveBySend unarchives once the message is accepted.
func (s *Server) threadSend(c *channel, manage bool) *apiError {
	if !isThread(c.typ) || !c.locked || manage {
		return nil
	}
	if c.archived {
		e := *errThreadArchived
		e.detail = "the thread is locked, and only MANAGE_THREADS can unarchive it"
		return &e
	}
	return errThreadLocked
}

// unarchiveBySend unarchives c if it is an archived thread, as sending a
// message there does; call with s.mu held.
func (s *Server) unarchiveBySend(c *channel) {
	if isThread(c.typ) && c.archived {
		s.setArchived(c, false)
	}
}

// threadEdit checks that the bot may edit a message in c: "Users cannot
// edit messages ... in archived threads"
// (https://discord.com/developers/docs/topics/threads#active-archived-threads),
// which is error 50083 ("Tried to perform an operation on an archived
// thread, such as editing a message",
// https://discord.com/developers/docs/topics/opcodes-and-status-codes), and
// not in locked ones without MANAGE_THREADS (160005). Call with s.mu held.
func (s *Server) threadEdit(c *channel, manage bool) *apiError {
	switch {
	case !isThread(c.typ):
		return nil
	case c.archived:
		return errThreadArchived
	case c.locked && !manage:
		return errThreadLocked
	}
	return nil
}

// putThreadMe is Join Thread
// (https://discord.com/developers/docs/resources/channel#join-thread):
// "Adds the current user to a thread. Also requires the thread is not
// archived." A private thread the bot cannot see (neither a member nor
// MANAGE_THREADS) is 50001, as for any channel it cannot view.
func (s *Server) putThreadMe(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[c.r.PathValue("channel")]
	if ch == nil {
		return nil, errUnknownChannel
	}
	if !isThread(ch.typ) {
		return nil, errChannelType
	}
	if err := s.need(ch, 0); err != nil {
		return nil, err
	}
	if ch.archived {
		return nil, errThreadArchived
	}
	s.addMember(ch, s.bot.ID)
	return nil, nil
}
