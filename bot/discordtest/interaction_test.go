package discordtest_test

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"io"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/zugbot/zugbot/bot/discordtest"
)

func boardComponents(game string) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Resign", Style: discordgo.DangerButton, CustomID: game + "/resign"},
			discordgo.Button{Label: "Offer draw", Style: discordgo.SecondaryButton, CustomID: game + "/draw"},
			discordgo.Button{Label: "Rules", Style: discordgo.LinkButton, URL: "https://example.org/rules"},
		}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{CustomID: game + "/speed", Placeholder: "Speed", Options: []discordgo.SelectMenuOption{
				{Label: "Fast", Value: "fast"}, {Label: "Slow", Value: "slow"},
			}},
		}},
	}
}

func TestSlashCommandClickAndSelect(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	bob := h.srv.NewUser("bob")
	ix := h.srv.SlashCommand(t, h.alice, h.channel, "play", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", bob))
	i := h.next(t)
	data := i.ApplicationCommandData()
	if i.ID != ix.ID || data.Name != "play" || i.GuildID != h.guild || i.ChannelID != h.channel || i.Member == nil || i.Member.User.ID != h.alice.ID {
		t.Fatalf("received %+v, want /play by alice in the guild channel", i)
	}
	if got := data.GetOption("game").StringValue(); got != "zola" {
		t.Errorf("game = %q, want zola", got)
	}
	if got := data.GetOption("opponent").UserValue(nil).ID; got != bob.ID {
		t.Errorf("opponent = %s, want bob %s", got, bob.ID)
	}
	if u := data.Resolved.Users[bob.ID]; u == nil || u.Username != "bob" {
		t.Errorf("resolved users %v, want bob", data.Resolved.Users)
	}

	err := h.ds.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content:         "alice vs bob",
			Embeds:          []*discordgo.MessageEmbed{{Title: "Zola", Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"}}},
			Components:      boardComponents("g1"),
			Files:           []*discordgo.File{pngFile(t, "board.png", 40, 30, color.White)},
			AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{bob.ID}},
		},
	})
	if err != nil {
		t.Fatalf("InteractionRespond: %v", err)
	}
	resp := ix.WaitResponse(t, wait)
	if resp.Type != discordgo.InteractionResponseChannelMessageWithSource || resp.Data.Content != "alice vs bob" || len(resp.Files) != 1 || len(resp.Data.Components) != 2 {
		t.Errorf("response %+v, want type 4 with content, one file and two rows", resp)
	}
	m := ix.Original()
	if m == nil {
		t.Fatal("no original response message")
	}
	if len(m.Attachments) != 1 || m.Attachments[0].Width != 40 || m.Attachments[0].Height != 30 {
		t.Fatalf("attachments %+v, want one 40x30 image", m.Attachments)
	}
	imgs, err := m.Images()
	if err != nil || imgs[0].Bounds().Dx() != 40 {
		t.Fatalf("Images: %v, %v", imgs, err)
	}
	if got := len(m.Buttons()); got != 3 {
		t.Errorf("%d buttons, want 3", got)
	}
	if again := h.srv.Message(h.channel, m.ID); again == nil || again.Content != m.Content {
		t.Errorf("Message(%s) = %v, want the original response", m.ID, again)
	}

	// A click updates the message in place, replacing its image.
	cix := h.srv.Click(t, bob, m, "g1/draw")
	ci := h.next(t)
	if ci.MessageComponentData().CustomID != "g1/draw" || ci.Message == nil || ci.Message.ID != m.ID || ci.Member.User.ID != bob.ID {
		t.Fatalf("click received as %+v", ci)
	}
	err = h.ds.InteractionRespond(ci, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{
			Content:     "bob offers a draw",
			Components:  boardComponents("g1"),
			Embeds:      []*discordgo.MessageEmbed{{Title: "Zola", Image: &discordgo.MessageEmbedImage{URL: "attachment://board2.png"}}},
			Files:       []*discordgo.File{pngFile(t, "board2.png", 60, 60, color.Black)},
			Attachments: &[]*discordgo.MessageAttachment{},
		},
	})
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	cix.WaitResponse(t, wait)
	m = cix.Original()
	if m.Content != "bob offers a draw" || len(m.Attachments) != 1 || m.Attachments[0].Filename != "board2.png" || m.EditedTimestamp == nil {
		t.Fatalf("after update: %q with %d attachments, want the new content and only board2.png", m.Content, len(m.Attachments))
	}

	// A select with a deferred update, then an edit of the original: the
	// component's message.
	six := h.srv.Select(t, h.alice, m, "g1/speed", "slow")
	si := h.next(t)
	if v := si.MessageComponentData().Values; len(v) != 1 || v[0] != "slow" {
		t.Fatalf("select values %v, want [slow]", v)
	}
	if err := h.ds.InteractionRespond(si, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
		t.Fatal(err)
	}
	content := "slow game"
	if _, err := h.ds.InteractionResponseEdit(si, &discordgo.WebhookEdit{Content: &content}); err != nil {
		t.Fatalf("edit after deferred update: %v", err)
	}
	if got := six.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return m.Content == content }); got.ID != m.ID || len(got.Attachments) != 1 {
		t.Errorf("edited message %s with %d attachments, want %s unchanged but for its content", got.ID, len(got.Attachments), m.ID)
	}
}

func TestDeferredEditAttachments(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	ix, i := h.slash(t)
	err := h.ds.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	})
	if err != nil {
		t.Fatal(err)
	}
	if m := ix.Original(); m == nil || m.Flags != discordgo.MessageFlagsEphemeral|discordgo.MessageFlagsLoading {
		t.Fatalf("deferred original %v, want an ephemeral loading message", m)
	}
	edit := func(files []*discordgo.File, keep *[]*discordgo.MessageAttachment) *discordgo.Message {
		t.Helper()
		content := "board"
		m, err := h.ds.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content, Files: files, Attachments: keep})
		if err != nil {
			t.Fatalf("InteractionResponseEdit: %v", err)
		}
		return m
	}
	names := func(m *discordgo.Message) []string {
		var out []string
		for _, a := range m.Attachments {
			out = append(out, a.Filename)
		}
		return out
	}
	m := edit([]*discordgo.File{pngFile(t, "a.png", 8, 8, color.White)}, nil)
	if m.Flags != discordgo.MessageFlagsEphemeral {
		t.Errorf("flags after edit %d, want only ephemeral", m.Flags)
	}
	// Without an attachments list the old file stays next to the new one.
	m = edit([]*discordgo.File{pngFile(t, "b.png", 8, 8, color.White)}, nil)
	if got := names(m); len(got) != 2 || got[0] != "a.png" || got[1] != "b.png" {
		t.Errorf("attachments %v, want [a.png b.png]", got)
	}
	// An attachments list keeps only the listed old files.
	m = edit([]*discordgo.File{pngFile(t, "c.png", 8, 8, color.White)}, &[]*discordgo.MessageAttachment{{ID: m.Attachments[1].ID}})
	if got := names(m); len(got) != 2 || got[0] != "b.png" || got[1] != "c.png" {
		t.Errorf("attachments %v, want [b.png c.png]", got)
	}
	m = edit([]*discordgo.File{pngFile(t, "d.png", 8, 8, color.White)}, &[]*discordgo.MessageAttachment{})
	if got := names(m); len(got) != 1 || got[0] != "d.png" {
		t.Errorf("attachments %v, want [d.png]", got)
	}
	got, err := h.ds.InteractionResponse(i)
	if err != nil || got.ID != m.ID || len(got.Attachments) != 1 {
		t.Errorf("InteractionResponse = %v, %v; want the edited message", got, err)
	}
	if err := h.ds.InteractionResponseDelete(i); err != nil {
		t.Fatal(err)
	}
	if ix.Original() != nil {
		t.Error("original response still there after InteractionResponseDelete")
	}
}

func TestFollowups(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	ix, i := h.slash(t)
	if err := h.ds.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		t.Fatal(err)
	}
	// The first follow-up after a deferral replaces the "thinking" message.
	first, err := h.ds.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "first"})
	if err != nil {
		t.Fatal(err)
	}
	if orig := ix.Original(); orig == nil || first.ID != orig.ID || orig.Content != "first" || orig.Flags&discordgo.MessageFlagsLoading != 0 {
		t.Errorf("first follow-up %s, original %v: want the original edited", first.ID, orig)
	}
	second, err := h.ds.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "second", Flags: discordgo.MessageFlagsEphemeral})
	if err != nil {
		t.Fatal(err)
	}
	fs := ix.WaitFollowups(t, 1, wait)
	if len(fs) != 1 || fs[0].ID != second.ID || fs[0].Flags != discordgo.MessageFlagsEphemeral {
		t.Fatalf("follow-ups %v, want the ephemeral second message", fs)
	}
	content := "second, edited"
	if _, err := h.ds.FollowupMessageEdit(i, second.ID, &discordgo.WebhookEdit{Content: &content}); err != nil {
		t.Fatal(err)
	}
	if got := ix.Followups()[0].Content; got != content {
		t.Errorf("follow-up content %q, want %q", got, content)
	}
	if err := h.ds.FollowupMessageDelete(i, second.ID); err != nil {
		t.Fatal(err)
	}
	if got := ix.Followups(); len(got) != 0 {
		t.Errorf("%d follow-ups after delete, want 0", len(got))
	}
}

func TestAutocomplete(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	ix := h.srv.Autocomplete(t, h.alice, h.channel, "move", discordtest.Focus("notation", "a"), discordtest.Opt("ply", 3))
	i := h.next(t)
	if i.Type != discordgo.InteractionApplicationCommandAutocomplete {
		t.Fatalf("type %v, want autocomplete", i.Type)
	}
	data := i.ApplicationCommandData()
	n, ply := data.GetOption("notation"), data.GetOption("ply")
	if !n.Focused || n.Value != "a" || ply.Focused || ply.Value != "3" {
		t.Errorf("options %+v %+v, want notation focused with \"a\" and ply \"3\" (a string while typing)", n, ply)
	}
	err := h.ds.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "a1-a2", Value: "a1a2"}, {Name: "a1-b2", Value: "a1b2"},
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := ix.WaitResponse(t, wait).Data.Choices; len(got) != 2 || got[1].Value != "a1b2" {
		t.Errorf("choices %v, want the two sent", got)
	}
	if ix.Original() != nil {
		t.Error("an autocomplete result created a message")
	}
}

func TestModal(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	ix, i := h.slash(t)
	err := h.ds.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{CustomID: "challenge/1", Title: "Challenge", Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.TextInput{CustomID: "note", Label: "Note", Style: discordgo.TextInputShort, Required: true, MaxLength: 50},
			}},
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	ix.WaitResponse(t, wait)
	mix := h.srv.SubmitModal(t, ix, map[string]string{"note": "good luck"})
	mi := h.next(t)
	data := mi.ModalSubmitData()
	row, ok := data.Components[0].(*discordgo.ActionsRow)
	if !ok || data.CustomID != "challenge/1" {
		t.Fatalf("modal submit %+v", data)
	}
	if in := row.Components[0].(*discordgo.TextInput); in.CustomID != "note" || in.Value != "good luck" {
		t.Errorf("text input %+v, want note = good luck", in)
	}
	err = h.ds.InteractionRespond(mi, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "challenge sent"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if m := mix.WaitOriginal(t, wait, nil); m.Content != "challenge sent" {
		t.Errorf("content %q", m.Content)
	}
}

func TestDirectMessage(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	if _, err := h.ds.ApplicationCommandBulkOverwrite(h.srv.AppID(), "", testCommands()[2:]); err != nil {
		t.Fatal(err)
	}
	dm := h.srv.DMChannel(h.alice)
	ix := h.srv.SlashCommand(t, h.alice, dm, "ratings top", discordtest.Opt("limit", 10))
	i := h.next(t)
	if i.GuildID != "" || i.Member != nil || i.User == nil || i.User.ID != h.alice.ID {
		t.Fatalf("DM interaction %+v, want a user and no guild", i)
	}
	sub := i.ApplicationCommandData().Options[0]
	if sub.Name != "top" || sub.Options[0].IntValue() != 10 {
		t.Errorf("subcommand %+v, want top limit:10", sub)
	}
	if err := h.ds.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "1. alice 1500"},
	}); err != nil {
		t.Fatal(err)
	}
	if m := ix.WaitOriginal(t, wait, nil); m.ChannelID != dm {
		t.Errorf("response in channel %s, want the DM %s", m.ChannelID, dm)
	}
}

func TestChannelMessagesAndThreads(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	guild := srv.NewGuild("Zug Club")
	channel := srv.NewChannel(guild, "games")
	ds := srv.Session()

	m, err := ds.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
		Content:    "new game",
		Components: boardComponents("g2"),
		Files:      []*discordgo.File{pngFile(t, "board.png", 16, 16, color.White)},
	})
	if err != nil {
		t.Fatalf("ChannelMessageSendComplex: %v", err)
	}
	got := srv.Message(channel, m.ID)
	if got == nil || got.Content != "new game" || len(got.Files) != 1 || len(got.SelectMenus()) != 1 {
		t.Fatalf("stored message %v", got)
	}
	edit := discordgo.NewMessageEdit(channel, m.ID).SetContent("move 1")
	edit.Files = []*discordgo.File{pngFile(t, "board1.png", 16, 16, color.Black)}
	edit.Attachments = &[]*discordgo.MessageAttachment{}
	if _, err := ds.ChannelMessageEditComplex(edit); err != nil {
		t.Fatalf("ChannelMessageEditComplex: %v", err)
	}
	got = srv.Message(channel, m.ID)
	if got.Content != "move 1" || len(got.Attachments) != 1 || got.Attachments[0].Filename != "board1.png" || len(got.Buttons()) != 3 {
		t.Errorf("after edit: %q, %d attachments, %d buttons", got.Content, len(got.Attachments), len(got.Buttons()))
	}
	if _, err := ds.ChannelMessageSend(channel, "second"); err != nil {
		t.Fatal(err)
	}
	if ms := srv.Messages(channel); len(ms) != 2 || ms[0].ID != m.ID {
		t.Errorf("Messages: %d, want 2 oldest first", len(ms))
	}
	list, err := ds.ChannelMessages(channel, 1, "", "", "")
	if err != nil || len(list) != 1 || list[0].Content != "second" {
		t.Errorf("ChannelMessages(limit 1) = %v, %v; want the newest", list, err)
	}

	th, err := ds.MessageThreadStart(channel, m.ID, "Game 2", 60)
	if err != nil {
		t.Fatalf("MessageThreadStart: %v", err)
	}
	if th.ID != m.ID || th.ParentID != channel || th.Type != discordgo.ChannelTypeGuildPublicThread {
		t.Errorf("thread %+v, want a public thread with the message's ID under %s", th, channel)
	}
	if _, err := ds.ChannelMessageSend(th.ID, "in the thread"); err != nil {
		t.Errorf("post in thread: %v", err)
	}
	if _, err := ds.MessageThreadStart(channel, m.ID, "Again", 60); restCode(t, err) != 160004 {
		t.Errorf("second thread on a message: %v, want 160004", err)
	}
	// A private thread needs CREATE_PRIVATE_THREADS, which the invite
	// does not ask for.
	if _, err := ds.ThreadStart(channel, "Private", discordgo.ChannelTypeGuildPrivateThread, 1440); restCode(t, err) != 50013 {
		t.Errorf("private thread without CREATE_PRIVATE_THREADS: %v, want 50013", err)
	}
	srv.AllowBot(channel, discordgo.PermissionCreatePrivateThreads)
	priv, err := ds.ThreadStart(channel, "Private", discordgo.ChannelTypeGuildPrivateThread, 1440)
	if err != nil || srv.Channel(priv.ID).Type != discordgo.ChannelTypeGuildPrivateThread {
		t.Errorf("ThreadStart: %v, %v", priv, err)
	}
	if err := ds.ChannelMessageDelete(channel, m.ID); err != nil {
		t.Fatal(err)
	}
	if srv.Message(channel, m.ID) != nil {
		t.Error("message still there after delete")
	}
	if codes := takeCodes(srv); !slices.Equal(codes, []int{160004, 50013}) {
		t.Errorf("violations %v, want the second thread's 160004 and the private thread's 50013", codes)
	}
}

func TestRequestRecord(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	channel := srv.NewChannel(srv.NewGuild("g"), "c")
	ds := srv.Session()

	// An animated GIF posted as a file, as a replay would be.
	anim := &gif.GIF{}
	for i := range 3 {
		frame := image.NewPaletted(image.Rect(0, 0, 5, 4), color.Palette{color.White, color.Black})
		frame.SetColorIndex(i, 0, 1)
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, 50)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, anim); err != nil {
		t.Fatal(err)
	}
	go ds.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
		Content: "replay",
		Files:   []*discordgo.File{{Name: "replay.gif", ContentType: "image/gif", Reader: &buf}},
	})

	r := srv.WaitRequest(t, wait, func(r *discordtest.Request) bool { return r.Route == discordtest.RouteMessageCreate })
	var sent discordgo.MessageSend
	if err := r.Decode(&sent); err != nil || sent.Content != "replay" {
		t.Errorf("payload_json decoded to %+v, %v", sent, err)
	}
	if len(r.Files) != 1 || r.Files[0].Field != "files[0]" || r.Files[0].Name != "replay.gif" {
		t.Fatalf("files %+v, want replay.gif as files[0]", r.Files)
	}
	g, err := r.Files[0].GIF()
	if err != nil || len(g.Image) != 3 {
		t.Fatalf("GIF: %d frames, %v; want 3", len(g.Image), err)
	}

	m := srv.WaitMessage(t, wait, func(m *discordtest.Message) bool { return m.Content == "replay" })
	if a := m.Attachments[0]; a.Width != 5 || a.Height != 4 || a.ContentType != "image/gif" {
		t.Errorf("attachment %+v, want a 5x4 GIF", a)
	}
	// The attachment URL serves the file, as Discord's CDN does.
	resp, err := ds.Client.Get(m.Attachments[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if !bytes.Equal(body, m.Files[0].Data) {
		t.Errorf("attachment URL served %d bytes, want the %d uploaded", len(body), len(m.Files[0].Data))
	}
}

// TestGrant checks that permissions granted to a member ride on their
// interactions in that guild only, on top of a plain member's.
func TestGrant(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	h.srv.Grant(h.guild, h.alice, discordgo.PermissionManageGuild)
	bob := h.srv.NewUser("bob")
	h.srv.SlashCommand(t, h.alice, h.channel, "play", discordtest.Opt("game", "zola"))
	i := h.next(t)
	if p := i.Member.Permissions; p&discordgo.PermissionManageGuild == 0 || p&discordgo.PermissionSendMessages == 0 {
		t.Errorf("alice's permissions %b; want Manage Server on top of a member's", p)
	}
	h.srv.SlashCommand(t, bob, h.channel, "play", discordtest.Opt("game", "zola"))
	if p := h.next(t).Member.Permissions; p&discordgo.PermissionManageGuild != 0 {
		t.Errorf("bob's permissions %b include Manage Server, which only alice was granted", p)
	}
}
