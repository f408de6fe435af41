package discordtest_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/zugbot/zugbot/bot/discordtest"
)

// inNewGuild returns a copy of h working in a new guild and channel of the
// same fake, for subtests sharing one session (run one at a time).
func (h *harness) inNewGuild(t *testing.T) *harness {
	c := *h
	c.guild = h.srv.NewGuild("g" + t.Name())
	c.channel = h.srv.NewChannel(c.guild, "games")
	return &c
}

// inNewChannel returns a copy of h working in a new channel of its guild.
func (h *harness) inNewChannel(t *testing.T) *harness {
	c := *h
	c.channel = h.srv.NewChannel(h.guild, "c"+t.Name())
	return &c
}

// threadState returns the thread's metadata as the bot's REST calls see it.
func threadState(t *testing.T, h *harness, id string) *discordgo.ThreadMetadata {
	t.Helper()
	ch, err := h.ds.Channel(id)
	if err != nil {
		t.Fatalf("Channel(%s): %v", id, err)
	}
	if ch.ThreadMetadata == nil {
		t.Fatalf("channel %s has no thread_metadata", id)
	}
	return ch.ThreadMetadata
}

// TestThreads runs the thread tests on one session, each in a guild of
// its own.
func TestThreads(t *testing.T) {
	t.Parallel()
	shared := start(t, discordtest.Config{})
	if _, err := shared.ds.ApplicationCommandBulkOverwrite(shared.srv.AppID(), "", testCommands()); err != nil {
		t.Fatal(err)
	}
	t.Run("archived", func(t *testing.T) { testArchivedThread(t, shared.inNewGuild(t)) })
	t.Run("locked", func(t *testing.T) { testLockedThread(t, shared.inNewGuild(t)) })
	t.Run("private", func(t *testing.T) { testPrivateThread(t, shared.inNewGuild(t)) })
}

func testArchivedThread(t *testing.T, h *harness) {
	th, err := h.ds.ThreadStart(h.channel, "zola night", discordgo.ChannelTypeGuildPublicThread, 60)
	if err != nil {
		t.Fatal(err)
	}
	board, err := h.ds.ChannelMessageSend(th.ID, "board")
	if err != nil {
		t.Fatal(err)
	}
	h.srv.ArchiveThread(th.ID)
	if md := threadState(t, h, th.ID); !md.Archived || md.Locked {
		t.Errorf("thread_metadata %+v, want archived, not locked", md)
	}
	// No edits in an archived thread...
	_, err = h.ds.ChannelMessageEditComplex(editContent(th.ID, board.ID, "x"))
	wantRefused(t, h.srv, err, 400, 50083)
	// ...but sending a message unarchives it.
	if _, err := h.ds.ChannelMessageSend(th.ID, "your turn"); err != nil {
		t.Fatalf("send in an archived thread: %v", err)
	}
	if md := threadState(t, h, th.ID); md.Archived {
		t.Errorf("thread still archived after a message")
	}
	if _, err := h.ds.ChannelMessageEditComplex(editContent(th.ID, board.ID, "edited")); err != nil {
		t.Fatalf("edit once unarchived: %v", err)
	}

	// An interaction from an archived thread: the client unarchives it
	// first, and the bot answers as usual.
	h.srv.ArchiveThread(th.ID)
	ix := h.srv.SlashCommand(t, h.alice, th.ID, "ratings me")
	i := h.next(t)
	if err := h.ds.InteractionRespond(i, message("1500")); err != nil {
		t.Fatal(err)
	}
	ix.WaitResponse(t, wait)
	if md := threadState(t, h, th.ID); md.Archived {
		t.Errorf("thread archived after an interaction there")
	}
	// Archived meanwhile: the original response cannot be edited.
	h.srv.ArchiveThread(th.ID)
	content := "x"
	_, err = h.ds.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content})
	wantRefused(t, h.srv, err, 400, 50083)
}

func testLockedThread(t *testing.T, h *harness) {
	th, err := h.ds.ThreadStart(h.channel, "locked", discordgo.ChannelTypeGuildPublicThread, 60)
	if err != nil {
		t.Fatal(err)
	}
	board, err := h.ds.ChannelMessageSend(th.ID, "board")
	if err != nil {
		t.Fatal(err)
	}
	h.srv.LockThread(th.ID)
	if md := threadState(t, h, th.ID); md.Archived || !md.Locked {
		t.Errorf("thread_metadata %+v, want locked, not archived", md)
	}
	_, err = h.ds.ChannelMessageSend(th.ID, "x")
	wantRefused(t, h.srv, err, 403, 160005)
	_, err = h.ds.ChannelMessageEditComplex(editContent(th.ID, board.ID, "x"))
	wantRefused(t, h.srv, err, 403, 160005)
	// Archived and locked: sending cannot unarchive it.
	h.srv.ArchiveThread(th.ID)
	_, err = h.ds.ChannelMessageSend(th.ID, "x")
	wantRefused(t, h.srv, err, 400, 50083)
	// Manage Threads can.
	h.srv.SetBotPermissions(h.guild, discordtest.DefaultBotPermissions|discordgo.PermissionManageThreads)
	if _, err := h.ds.ChannelMessageSend(th.ID, "moderator bot"); err != nil {
		t.Fatalf("send with Manage Threads: %v", err)
	}
	if md := threadState(t, h, th.ID); md.Archived || !md.Locked {
		t.Errorf("thread_metadata %+v, want unarchived and still locked", md)
	}
	if _, err := h.ds.ChannelMessageEditComplex(editContent(th.ID, board.ID, "edited")); err != nil {
		t.Fatalf("edit with Manage Threads: %v", err)
	}
}

func testPrivateThread(t *testing.T, h *harness) {
	priv := h.srv.NewThread(h.channel, "secret", true)
	if c := h.srv.Channel(priv); c.Type != discordgo.ChannelTypeGuildPrivateThread || h.srv.ThreadMember(priv, h.srv.BotUser()) {
		t.Fatalf("NewThread made %+v with the bot a member", c)
	}
	_, err := h.ds.ChannelMessageSend(priv, "x")
	wantRefused(t, h.srv, err, 403, 50001)
	_, err = h.ds.Channel(priv)
	wantRefused(t, h.srv, err, 403, 50001)
	err = h.ds.ThreadJoin(priv)
	wantRefused(t, h.srv, err, 403, 50001)

	// Interactions from there still get answers.
	ix := h.srv.SlashCommand(t, h.alice, priv, "ratings me")
	if err := h.ds.InteractionRespond(h.next(t), message("1500")); err != nil {
		t.Fatalf("response in a private thread: %v", err)
	}
	ix.WaitResponse(t, wait)

	// Once added, the bot may post.
	h.srv.AddThreadMember(priv, h.srv.BotUser())
	if _, err := h.ds.ChannelMessageSend(priv, "hello"); err != nil {
		t.Fatalf("send as a member: %v", err)
	}
	// With Manage Threads, it sees private threads it is not in.
	other := h.srv.NewThread(h.channel, "other", true)
	h.srv.SetBotPermissions(h.guild, discordtest.DefaultBotPermissions|discordgo.PermissionManageThreads)
	if _, err := h.ds.ChannelMessageSend(other, "moderator"); err != nil {
		t.Fatalf("send with Manage Threads: %v", err)
	}

	// Public threads can be joined, unless archived.
	pub := h.srv.NewThread(h.channel, "public", false)
	if err := h.ds.ThreadJoin(pub); err != nil {
		t.Fatalf("ThreadJoin: %v", err)
	}
	if !h.srv.ThreadMember(pub, h.srv.BotUser()) {
		t.Error("the bot is not a member after joining")
	}
	archived := h.srv.NewThread(h.channel, "old", false)
	h.srv.ArchiveThread(archived)
	err = h.ds.ThreadJoin(archived)
	wantRefused(t, h.srv, err, 400, 50083)
}
