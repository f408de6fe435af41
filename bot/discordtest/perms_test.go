package discordtest_test

import (
	"encoding/json"
	"errors"
	"image/color"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/zugbot/zugbot/bot/discordtest"
)

// restStatus returns the HTTP status and Discord code of a discordgo REST
// error, and checks that its body is Discord's: just message and code.
func restStatus(t *testing.T, err error) (int, int) {
	t.Helper()
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		t.Fatalf("got error %v, want a *discordgo.RESTError", err)
	}
	var body struct {
		Message string `json:"message"`
		Code    int    `json:"code"`
	}
	if err := json.Unmarshal(re.ResponseBody, &body); err != nil {
		t.Fatalf("error body %s: %v", re.ResponseBody, err)
	}
	want := map[int]string{50001: "Missing Access", 50013: "Missing Permissions", 50083: "Thread is archived", 160005: "Thread is locked", 10008: "Unknown Message", 20012: "You are not authorized to perform this action on this application"}
	if w, ok := want[body.Code]; ok && body.Message != w {
		t.Errorf("error message %q, want Discord's %q", body.Message, w)
	}
	return re.Response.StatusCode, body.Code
}

// wantRefused checks that err is Discord's status and code, and takes the
// violation the fake recorded for it.
func wantRefused(t *testing.T, srv *discordtest.Server, err error, status, code int) {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted; want HTTP %d code %d", status, code)
	}
	if s, c := restStatus(t, err); s != status || c != code {
		t.Errorf("HTTP %d code %d (%v), want HTTP %d code %d", s, c, err, status, code)
	}
	if got := takeCodes(srv); len(got) != 1 || got[0] != code {
		t.Errorf("violations %v, want [%d]", got, code)
	}
}

func embedMessage(content string) *discordgo.MessageSend {
	return &discordgo.MessageSend{Content: content, Embeds: []*discordgo.MessageEmbed{{Title: "board"}}}
}

func editContent(channel, id, content string) *discordgo.MessageEdit {
	return discordgo.NewMessageEdit(channel, id).SetContent(content)
}

func testDefaultBotPermissions(t *testing.T, h *harness) {
	if discordtest.DefaultBotPermissions != 309237763072 {
		t.Errorf("DefaultBotPermissions = %d, want the README's invite 309237763072", discordtest.DefaultBotPermissions)
	}
	_, i := h.slash(t)
	if i.AppPermissions != discordtest.DefaultBotPermissions {
		t.Errorf("app_permissions %d, want %d", i.AppPermissions, discordtest.DefaultBotPermissions)
	}
	if got := h.srv.BotPermissions(h.channel); got != discordtest.DefaultBotPermissions {
		t.Errorf("BotPermissions %d, want %d", got, discordtest.DefaultBotPermissions)
	}
	// Everything the bot does with them works.
	m, err := h.ds.ChannelMessageSendComplex(h.channel, &discordgo.MessageSend{
		Content: "board", Embeds: []*discordgo.MessageEmbed{{Title: "b"}}, Files: []*discordgo.File{pngFile(t, "b.png", 2, 2, color.White)},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.ds.ChannelMessageEditComplex(editContent(h.channel, m.ID, "edited")); err != nil {
		t.Fatal(err)
	}
	if _, err := h.ds.ChannelMessage(h.channel, m.ID); err != nil {
		t.Fatal(err)
	}
	if ms, err := h.ds.ChannelMessages(h.channel, 10, "", "", ""); err != nil || len(ms) != 1 {
		t.Fatalf("ChannelMessages = %d, %v", len(ms), err)
	}
}

// TestChannelPermissions checks the bot's permissions per channel. Each
// "no ..." subtest denies the bot one permission in a channel: its channel
// endpoints get Discord's refusals, while interaction responses and
// follow-ups, with embeds and files, keep working.
func TestChannelPermissions(t *testing.T) {
	t.Parallel()
	file := func() []*discordgo.File { return []*discordgo.File{pngFile(t, "b.png", 2, 2, color.White)} }
	tests := []struct {
		name  string
		deny  int64
		check func(t *testing.T, h *harness, old *discordgo.Message)
	}{
		{"no View Channel", discordgo.PermissionViewChannel, func(t *testing.T, h *harness, old *discordgo.Message) {
			_, err := h.ds.ChannelMessageSend(h.channel, "x")
			wantRefused(t, h.srv, err, 403, 50001)
			_, err = h.ds.ChannelMessageEditComplex(editContent(h.channel, old.ID, "x"))
			wantRefused(t, h.srv, err, 403, 50001)
			_, err = h.ds.ChannelMessage(h.channel, old.ID)
			wantRefused(t, h.srv, err, 403, 50001)
			_, err = h.ds.ChannelMessages(h.channel, 10, "", "", "")
			wantRefused(t, h.srv, err, 403, 50001)
			_, err = h.ds.Channel(h.channel)
			wantRefused(t, h.srv, err, 403, 50001)
			_, err = h.ds.MessageThreadStart(h.channel, old.ID, "t", 60)
			wantRefused(t, h.srv, err, 403, 50001)
		}},
		{"no Send Messages", discordgo.PermissionSendMessages, func(t *testing.T, h *harness, old *discordgo.Message) {
			_, err := h.ds.ChannelMessageSend(h.channel, "x")
			wantRefused(t, h.srv, err, 403, 50013)
			// Editing needs no Send Messages...
			if _, err := h.ds.ChannelMessageEditComplex(editContent(h.channel, old.ID, "edited")); err != nil {
				t.Errorf("edit of its own message refused: %v", err)
			}
			// ...but a new file is implicitly denied with it.
			e := editContent(h.channel, old.ID, "new board")
			e.Files = file()
			_, err = h.ds.ChannelMessageEditComplex(e)
			wantRefused(t, h.srv, err, 403, 50013)
		}},
		{"no Attach Files", discordgo.PermissionAttachFiles, func(t *testing.T, h *harness, old *discordgo.Message) {
			_, err := h.ds.ChannelMessageSendComplex(h.channel, &discordgo.MessageSend{Content: "x", Files: file()})
			wantRefused(t, h.srv, err, 403, 50013)
			e := editContent(h.channel, old.ID, "new board")
			e.Files = file()
			_, err = h.ds.ChannelMessageEditComplex(e)
			wantRefused(t, h.srv, err, 403, 50013)
			if _, err := h.ds.ChannelMessageSend(h.channel, "text"); err != nil {
				t.Errorf("text refused: %v", err)
			}
		}},
		{"no Embed Links", discordgo.PermissionEmbedLinks, func(t *testing.T, h *harness, old *discordgo.Message) {
			_, err := h.ds.ChannelMessageSendComplex(h.channel, embedMessage("x"))
			wantRefused(t, h.srv, err, 403, 50013)
			if _, err := h.ds.ChannelMessageSend(h.channel, "text"); err != nil {
				t.Errorf("text refused: %v", err)
			}
		}},
		{"no Read Message History", discordgo.PermissionReadMessageHistory, func(t *testing.T, h *harness, old *discordgo.Message) {
			_, err := h.ds.ChannelMessage(h.channel, old.ID)
			wantRefused(t, h.srv, err, 403, 50013)
			ms, err := h.ds.ChannelMessages(h.channel, 10, "", "", "")
			if err != nil || len(ms) != 0 {
				t.Errorf("ChannelMessages = %d messages, %v; want none, without error", len(ms), err)
			}
			_, err = h.ds.ChannelMessageSendReply(h.channel, "reply", old.Reference())
			wantRefused(t, h.srv, err, 403, 50013)
		}},
	}
	// One session for all (closing one takes discordgo a second), a
	// channel or guild for each.
	shared := start(t, discordtest.Config{})
	if _, err := shared.ds.ApplicationCommandBulkOverwrite(shared.srv.AppID(), "", testCommands()); err != nil {
		t.Fatal(err)
	}
	t.Run("default", func(t *testing.T) { testDefaultBotPermissions(t, shared.inNewChannel(t)) })
	t.Run("overwrites", func(t *testing.T) { testOverwritesAndThreads(t, shared.inNewGuild(t)) })
	t.Run("moderator deletes", func(t *testing.T) { testModeratorDeletesMessage(t, shared.inNewChannel(t)) })
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := shared.inNewChannel(t)
			old, err := h.ds.ChannelMessageSend(h.channel, "board")
			if err != nil {
				t.Fatal(err)
			}
			h.srv.DenyBot(h.channel, tt.deny)
			want := discordtest.DefaultBotPermissions &^ tt.deny
			if got := h.srv.BotPermissions(h.channel); got != want {
				t.Errorf("BotPermissions %d, want %d", got, want)
			}
			tt.check(t, h, old)

			// Interactions carry the permissions, and their responses work.
			ix, i := h.slash(t)
			if i.AppPermissions != want {
				t.Errorf("app_permissions %d, want %d", i.AppPermissions, want)
			}
			r := message("board", buttons("b"))
			r.Data.Embeds = []*discordgo.MessageEmbed{{Title: "b", Image: &discordgo.MessageEmbedImage{URL: "attachment://b.png"}}}
			r.Data.Files = file()
			if err := h.ds.InteractionRespond(i, r); err != nil {
				t.Fatalf("interaction response refused: %v", err)
			}
			if _, err := h.ds.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "ping", Embeds: []*discordgo.MessageEmbed{{Title: "e"}}, Files: file()}); err != nil {
				t.Fatalf("follow-up refused: %v", err)
			}
			content := "edited"
			if _, err := h.ds.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content, Files: file()}); err != nil {
				t.Fatalf("edit of the original response refused: %v", err)
			}
			ix.WaitResponse(t, wait)
			// A click on the original updates it in place (type 7), with a
			// new file.
			cix := h.srv.Click(t, h.alice, ix.Original(), "b")
			err = h.ds.InteractionRespond(h.next(t), &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: "moved", Files: file(), Attachments: &[]*discordgo.MessageAttachment{}},
			})
			if err != nil {
				t.Fatalf("update refused: %v", err)
			}
			if m := cix.Original(); m.Content != "moved" || len(m.Attachments) != 1 {
				t.Errorf("updated message %q with %d attachments", m.Content, len(m.Attachments))
			}
		})
	}
}

// TestOverwritesAndThreads computes permissions as Discord does: guild
// permissions, then the @everyone overwrite, then the bot's own; threads
// take their parent's, with Send Messages in Threads for Send Messages.
func testOverwritesAndThreads(t *testing.T, h *harness) {
	other := h.srv.NewChannel(h.guild, "other")
	thread, err := h.ds.ThreadStart(h.channel, "t", discordgo.ChannelTypeGuildPublicThread, 60)
	if err != nil {
		t.Fatal(err)
	}

	// Guild-level permissions without View Channel: nothing is visible...
	h.srv.SetBotPermissions(h.guild, discordgo.PermissionSendMessages)
	_, err = h.ds.ChannelMessageSend(other, "x")
	wantRefused(t, h.srv, err, 403, 50001)
	// ...but where the bot's overwrite allows it.
	h.srv.AllowBot(h.channel, discordgo.PermissionViewChannel)
	if _, err := h.ds.ChannelMessageSend(h.channel, "allowed here"); err != nil {
		t.Fatalf("send with an allowing overwrite: %v", err)
	}
	// In the thread, Send Messages is not enough.
	_, err = h.ds.ChannelMessageSend(thread.ID, "x")
	wantRefused(t, h.srv, err, 403, 50013)
	h.srv.AllowBot(h.channel, discordgo.PermissionSendMessagesInThreads)
	if _, err := h.ds.ChannelMessageSend(thread.ID, "in thread"); err != nil {
		t.Fatalf("send in thread with Send Messages in Threads: %v", err)
	}
	// The @everyone overwrite applies before the bot's own.
	h.srv.SetBotPermissions(h.guild, discordtest.DefaultBotPermissions)
	h.srv.DenyEveryone(other, discordgo.PermissionSendMessages)
	_, err = h.ds.ChannelMessageSend(other, "x")
	wantRefused(t, h.srv, err, 403, 50013)
	h.srv.AllowBot(other, discordgo.PermissionSendMessages)
	if _, err := h.ds.ChannelMessageSend(other, "bot allowed"); err != nil {
		t.Fatalf("bot's allow over @everyone's deny: %v", err)
	}
	// Administrator bypasses overwrites.
	h.srv.DenyBot(other, discordgo.PermissionViewChannel)
	h.srv.SetBotPermissions(h.guild, discordgo.PermissionAdministrator)
	if _, err := h.ds.ChannelMessageSend(other, "admin"); err != nil {
		t.Fatalf("administrator refused: %v", err)
	}
	// The channel object lists the overwrites.
	h.srv.ClearOverwrites(h.channel)
	ch, err := h.ds.Channel(other)
	if err != nil {
		t.Fatal(err)
	}
	if len(ch.PermissionOverwrites) != 2 {
		t.Errorf("overwrites %+v, want @everyone's and the bot's", ch.PermissionOverwrites)
	}
	for _, o := range ch.PermissionOverwrites {
		switch {
		case o.ID == h.guild && o.Type == discordgo.PermissionOverwriteTypeRole && o.Deny == discordgo.PermissionSendMessages:
		case o.ID == h.srv.AppID() && o.Type == discordgo.PermissionOverwriteTypeMember && o.Allow == discordgo.PermissionSendMessages && o.Deny == discordgo.PermissionViewChannel:
		default:
			t.Errorf("unexpected overwrite %+v", o)
		}
	}
	if c := h.srv.Channel(h.channel); len(c.PermissionOverwrites) != 0 {
		t.Errorf("ClearOverwrites left %+v", c.PermissionOverwrites)
	}
}

// TestModeratorDeletesMessage: a board deleted by a moderator cannot be
// edited any more, through the channel or the interaction's webhook.
func testModeratorDeletesMessage(t *testing.T, h *harness) {
	m, err := h.ds.ChannelMessageSend(h.channel, "board")
	if err != nil {
		t.Fatal(err)
	}
	h.srv.DeleteMessage(h.channel, m.ID)
	if h.srv.Message(h.channel, m.ID) != nil {
		t.Error("deleted message still there")
	}
	_, err = h.ds.ChannelMessageEditComplex(editContent(h.channel, m.ID, "x"))
	wantRefused(t, h.srv, err, 404, 10008)
	_, err = h.ds.ChannelMessage(h.channel, m.ID)
	wantRefused(t, h.srv, err, 404, 10008)

	ix, i := h.slash(t)
	if err := h.ds.InteractionRespond(i, message("board")); err != nil {
		t.Fatal(err)
	}
	h.srv.DeleteMessage(h.channel, ix.Original().ID)
	content := "x"
	_, err = h.ds.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content})
	wantRefused(t, h.srv, err, 404, 10008)
}
