package discordtest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/zugbot/zugbot/bot/discordtest"
)

func message(content string, comps ...discordgo.MessageComponent) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: content, Components: comps},
	}
}

func buttons(ids ...string) discordgo.ActionsRow {
	var row discordgo.ActionsRow
	for _, id := range ids {
		row.Components = append(row.Components, discordgo.Button{Label: "b", CustomID: id})
	}
	return row
}

func selectMenu(id string, n int) discordgo.ActionsRow {
	sm := discordgo.SelectMenu{CustomID: id}
	for i := range n {
		sm.Options = append(sm.Options, discordgo.SelectMenuOption{Label: fmt.Sprint(i), Value: fmt.Sprint(i)})
	}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{sm}}
}

func choices(n int, value func(int) any) *discordgo.InteractionResponse {
	r := &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Data: &discordgo.InteractionResponseData{}}
	for i := range n {
		r.Data.Choices = append(r.Data.Choices, &discordgo.ApplicationCommandOptionChoice{Name: fmt.Sprint("c", i), Value: value(i)})
	}
	return r
}

func bigFile(size int) *discordgo.File {
	return &discordgo.File{Name: "big.bin", Reader: bytes.NewReader(make([]byte, size))}
}

// TestStrictness has the bot (the test, through a real discordgo session)
// break each of Discord's rules once: discordgo must get Discord's error
// code, and the fake must record the violation.
func TestStrictness(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	respond := func(t *testing.T, resp *discordgo.InteractionResponse) error {
		_, i := h.slash(t)
		return h.ds.InteractionRespond(i, resp)
	}
	autocomplete := func(t *testing.T, focus string, resp *discordgo.InteractionResponse) error {
		h.srv.Autocomplete(t, h.alice, h.channel, "move", discordtest.Focus(focus, "1"))
		return h.ds.InteractionRespond(h.next(t), resp)
	}
	tests := []struct {
		name string
		bad  func(t *testing.T) error
		code int
	}{
		{"second initial response", func(t *testing.T) error {
			_, i := h.slash(t)
			if err := h.ds.InteractionRespond(i, message("one")); err != nil {
				t.Fatal(err)
			}
			return h.ds.InteractionRespond(i, message("two"))
		}, 40060},
		{"content over 2000 characters", func(t *testing.T) error { return respond(t, message(strings.Repeat("é", 2001))) }, 50035},
		{"empty message", func(t *testing.T) error { return respond(t, message("")) }, 50006},
		{"26 autocomplete choices", func(t *testing.T) error {
			return autocomplete(t, "notation", choices(26, func(i int) any { return fmt.Sprint(i) }))
		}, 50035},
		{"autocomplete choice of the wrong type", func(t *testing.T) error {
			return autocomplete(t, "ply", choices(2, func(i int) any { return fmt.Sprint(i) }))
		}, 50035},
		{"26 select options", func(t *testing.T) error { return respond(t, message("x", selectMenu("s", 26))) }, 50035},
		{"custom_id of 101 characters", func(t *testing.T) error { return respond(t, message("x", buttons(strings.Repeat("a", 101)))) }, 50035},
		{"duplicated custom_id", func(t *testing.T) error { return respond(t, message("x", buttons("a", "b"), buttons("a"))) }, 50035},
		{"6 buttons in a row", func(t *testing.T) error { return respond(t, message("x", buttons("1", "2", "3", "4", "5", "6"))) }, 50035},
		{"6 action rows", func(t *testing.T) error {
			return respond(t, message("x", buttons("1"), buttons("2"), buttons("3"), buttons("4"), buttons("5"), buttons("6")))
		}, 50035},
		{"select and button in a row", func(t *testing.T) error {
			row := selectMenu("s", 2)
			row.Components = append(row.Components, discordgo.Button{Label: "b", CustomID: "b"})
			return respond(t, message("x", row))
		}, 50035},
		{"button without custom_id", func(t *testing.T) error {
			return respond(t, message("x", discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "b"}}}))
		}, 50035},
		{"file over 10 MiB", func(t *testing.T) error {
			r := message("board")
			r.Data.Files = []*discordgo.File{bigFile(discordtest.MaxFileSize + 1)}
			return respond(t, r)
		}, 40005},
		{"empty PNG", func(t *testing.T) error {
			r := message("board")
			r.Data.Files = []*discordgo.File{rawFile("board.png", "image/png", nil)}
			return respond(t, r)
		}, discordgo.ErrCodeInvalidFileUploaded},
		{"empty text file", func(t *testing.T) error {
			r := message("game")
			r.Data.Files = []*discordgo.File{rawFile("game.txt", "text/plain", nil)}
			return respond(t, r)
		}, discordgo.ErrCodeInvalidFileUploaded},
		{"PNG cut short", func(t *testing.T) error {
			data := pngBytes(t, 40, 30, color.White)
			r := message("board")
			r.Data.Files = []*discordgo.File{rawFile("board.png", "image/png", data[:len(data)/2])}
			return respond(t, r)
		}, discordgo.ErrCodeInvalidFileUploaded},
		{"image by its name only, not an image", func(t *testing.T) error {
			r := message("board")
			r.Data.Files = []*discordgo.File{rawFile("board.PNG", "", []byte("not a picture"))}
			return respond(t, r)
		}, discordgo.ErrCodeInvalidFileUploaded},
		{"image by its content type only, not an image", func(t *testing.T) error {
			r := message("board")
			r.Data.Files = []*discordgo.File{rawFile("board", "image/gif; charset=binary", []byte("not a picture"))}
			return respond(t, r)
		}, discordgo.ErrCodeInvalidFileUploaded},
		{"flags on a deferred response", func(t *testing.T) error {
			return respond(t, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsSuppressEmbeds},
			})
		}, 50035},
		{"update message answering a command", func(t *testing.T) error {
			return respond(t, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{Content: "x"}})
		}, 50035},
		{"modal answering autocomplete", func(t *testing.T) error {
			return autocomplete(t, "notation", &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{CustomID: "m", Title: "t"}})
		}, 50035},
		{"modal title over 45 characters", func(t *testing.T) error {
			return respond(t, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{
				CustomID: "m", Title: strings.Repeat("t", 46),
				Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.TextInput{CustomID: "x", Label: "x", Style: discordgo.TextInputShort},
				}}},
			}})
		}, 50035},
		{"embed description over 4096", func(t *testing.T) error {
			r := message("")
			r.Data.Embeds = []*discordgo.MessageEmbed{{Description: strings.Repeat("d", 4097)}}
			return respond(t, r)
		}, 50035},
		{"allowed mentions parse and list", func(t *testing.T) error {
			r := message("<@1>")
			r.Data.AllowedMentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}, Users: []string{"1"}}
			return respond(t, r)
		}, 50035},
		{"edit before any response", func(t *testing.T) error {
			_, i := h.slash(t)
			content := "x"
			_, err := h.ds.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content})
			return err
		}, 10015},
		{"follow-up before any response", func(t *testing.T) error {
			_, i := h.slash(t)
			_, err := h.ds.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "x"})
			return err
		}, 10015},
		{"ephemeral channel message", func(t *testing.T) error {
			_, err := h.ds.ChannelMessageSendComplex(h.channel, &discordgo.MessageSend{Content: "x", Flags: discordgo.MessageFlagsEphemeral})
			return err
		}, 50035},
		{"unknown channel", func(t *testing.T) error {
			_, err := h.ds.ChannelMessageSend("42", "x")
			return err
		}, 10003},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.bad(t)
			if err == nil {
				t.Fatalf("the fake accepted it, want Discord's error %d", tt.code)
			}
			if got := restCode(t, err); got != tt.code {
				t.Errorf("error code %d (%v), want %d", got, err, tt.code)
			}
			if got := takeCodes(h.srv); len(got) != 1 || got[0] != tt.code {
				t.Errorf("violations %v, want [%d]", got, tt.code)
			}
		})
	}
}

// TestLimitsAccepted checks the strict rules do not refuse what Discord
// accepts: every limit reached exactly.
func TestLimitsAccepted(t *testing.T) {
	t.Parallel()
	// Uploading 10 MiB can take seconds under -race on a loaded machine;
	// the deadline is not what this test checks.
	h := start(t, discordtest.Config{InteractionDeadline: time.Minute})
	var rows []discordgo.MessageComponent
	for r := range 4 {
		var ids []string
		for b := range 5 {
			ids = append(ids, fmt.Sprintf("%d/%d/%s", r, b, strings.Repeat("x", 96)))
		}
		rows = append(rows, buttons(ids...))
	}
	rows = append(rows, selectMenu("s", 25))
	r := message(strings.Repeat("é", 2000), rows...)
	r.Data.Files = []*discordgo.File{bigFile(discordtest.MaxFileSize)}
	ix, i := h.slash(t)
	if err := h.ds.InteractionRespond(i, r); err != nil {
		t.Fatalf("response at every limit refused: %v", err)
	}
	if m := ix.Original(); len(m.Buttons()) != 20 || m.Attachments[0].Size != discordtest.MaxFileSize {
		t.Errorf("stored %d buttons and %d bytes", len(m.Buttons()), m.Attachments[0].Size)
	}
	ax := h.srv.Autocomplete(t, h.alice, h.channel, "move", discordtest.Focus("ply", "1"))
	if err := h.ds.InteractionRespond(h.next(t), choices(25, func(i int) any { return i })); err != nil {
		t.Fatalf("25 integer choices refused: %v", err)
	}
	if got := len(ax.WaitResponse(t, wait).Data.Choices); got != 25 {
		t.Errorf("%d choices, want 25", got)
	}
}

func TestLateResponse(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{InteractionDeadline: 100 * time.Millisecond})
	_, i := h.slash(t)
	time.Sleep(150 * time.Millisecond)
	err := h.ds.InteractionRespond(i, message("too late"))
	if got := restCode(t, err); got != 10062 {
		t.Errorf("error code %d, want 10062", got)
	}
	h.srv.WaitViolation(t, 10062, wait)
	if v := h.srv.Violations(); len(v) != 0 {
		t.Errorf("other violations %v", v)
	}
}

func TestAttachmentLinkWithoutFile(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	r := message("")
	r.Data.Embeds = []*discordgo.MessageEmbed{{Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"}}}
	r.Data.Files = []*discordgo.File{pngFile(t, "bord.png", 4, 4, color.White)}
	_, i := h.slash(t)
	if err := h.ds.InteractionRespond(i, r); err != nil {
		t.Fatalf("Discord accepts this, the fake refused: %v", err)
	}
	v := h.srv.TakeViolations()
	if len(v) != 1 || v[0].Status != 0 || !strings.Contains(v[0].Message, "board.png") {
		t.Errorf("violations %v, want one note about board.png", v)
	}
}

func TestTokenWithoutBotPrefix(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	ds, _ := discordgo.New(srv.Token())
	ds.Client = srv.Client()
	_, err := ds.User("@me")
	if got := restCode(t, err); got != 0 {
		t.Errorf("code %d, want 0 (401)", got)
	}
	v := srv.TakeViolations()
	if len(v) != 1 || v[0].Status != 401 {
		t.Errorf("violations %v, want one 401", v)
	}
}

func TestCommandValidation(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	ds := srv.Session()
	guild := srv.NewGuild("g")
	opt := func(name string, typ discordgo.ApplicationCommandOptionType) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Name: name, Description: "d", Type: typ}
	}
	str := discordgo.ApplicationCommandOptionString
	one := 1.0
	tests := []struct {
		name   string
		edit   func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand
		errKey string // the field path in Discord's error, joined by dots
	}{
		{"uppercase name", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand { c.Name = "Play"; return nil }, "0.name"},
		{"name with a space", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand { c.Name = "new game"; return nil }, "0.name"},
		{"name of 33 characters", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c.Name = strings.Repeat("n", 33)
			return nil
		}, "0.name"},
		{"no description", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand { c.Description = ""; return nil }, "0.description"},
		{"description of 101 characters", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c.Description = strings.Repeat("d", 101)
			return nil
		}, "0.description"},
		{"required after optional", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c.Options = []*discordgo.ApplicationCommandOption{opt("a", str), opt("b", str)}
			c.Options[1].Required = true
			return nil
		}, "0.options.1.required"},
		{"26 options", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c.Options = nil
			for i := range 26 {
				c.Options = append(c.Options, opt(fmt.Sprint("o", i), str))
			}
			return nil
		}, "0.options"},
		{"duplicate option names", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c.Options = []*discordgo.ApplicationCommandOption{opt("a", str), opt("a", str)}
			return nil
		}, "0.options.1.name"},
		{"choices with autocomplete", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c.Options[0].Autocomplete = true
			return nil
		}, "0.options.0.autocomplete"},
		{"26 choices", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			for i := range 24 {
				c.Options[0].Choices = append(c.Options[0].Choices, &discordgo.ApplicationCommandOptionChoice{Name: fmt.Sprint(i), Value: fmt.Sprint(i)})
			}
			return nil
		}, "0.options.0.choices"},
		{"choice of the wrong type", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			o := opt("n", discordgo.ApplicationCommandOptionInteger)
			o.Choices = []*discordgo.ApplicationCommandOptionChoice{{Name: "x", Value: "x"}}
			c.Options = []*discordgo.ApplicationCommandOption{o}
			return nil
		}, "0.options.0.choices.0.value"},
		{"subcommand next to an option", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c.Options = append(c.Options, opt("sub", discordgo.ApplicationCommandOptionSubCommand))
			return nil
		}, "0.options"},
		{"group in a subcommand", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			sub := opt("sub", discordgo.ApplicationCommandOptionSubCommand)
			sub.Options = []*discordgo.ApplicationCommandOption{opt("grp", discordgo.ApplicationCommandOptionSubCommandGroup)}
			c.Options = []*discordgo.ApplicationCommandOption{sub}
			return nil
		}, "0.options.0.options.0.type"},
		{"min_value on a string", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			c.Options[0].MinValue = &one
			return nil
		}, "0.options.0.min_value"},
		{"min_length on an integer", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			o := opt("n", discordgo.ApplicationCommandOptionInteger)
			o.MaxLength = 3
			c.Options = []*discordgo.ApplicationCommandOption{o}
			return nil
		}, "0.options.0.min_length"},
		{"duplicate command names", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			d := *c
			return []*discordgo.ApplicationCommand{c, &d}
		}, "1.name"},
		{"user command with a description", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			return []*discordgo.ApplicationCommand{{Name: "Challenge", Type: discordgo.UserApplicationCommand, Description: "d"}}
		}, "0.description"},
		{"101 commands", func(c *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
			var cmds []*discordgo.ApplicationCommand
			for i := range 101 {
				cmds = append(cmds, &discordgo.ApplicationCommand{Name: fmt.Sprint("c", i), Description: "d"})
			}
			return cmds
		}, "_root"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := testCommands()[0]
			cmds := tt.edit(cmd)
			if cmds == nil {
				cmds = []*discordgo.ApplicationCommand{cmd}
			}
			_, err := ds.ApplicationCommandBulkOverwrite(srv.AppID(), guild, cmds)
			if got := restCode(t, err); got != 50035 {
				t.Fatalf("code %d (%v), want 50035", got, err)
			}
			if body := err.(*discordgo.RESTError).ResponseBody; !errorAt(body, tt.errKey) {
				t.Errorf("error body %s does not point at %s", body, tt.errKey)
			}
			if got := takeCodes(srv); len(got) != 1 {
				t.Errorf("violations %v, want one", got)
			}
		})
	}

	// Valid commands are stored; overwriting keeps the IDs of commands
	// that stay, as Discord does.
	first, err := ds.ApplicationCommandBulkOverwrite(srv.AppID(), guild, testCommands())
	if err != nil {
		t.Fatal(err)
	}
	second, err := ds.ApplicationCommandBulkOverwrite(srv.AppID(), guild, testCommands()[1:])
	if err != nil {
		t.Fatal(err)
	}
	if second[0].ID != first[1].ID || len(srv.Commands(guild)) != 2 || len(srv.Commands("")) != 0 {
		t.Errorf("IDs %s then %s; %d guild and %d global commands", first[1].ID, second[0].ID, len(srv.Commands(guild)), len(srv.Commands("")))
	}
	list, err := ds.ApplicationCommands(srv.AppID(), guild)
	if err != nil || len(list) != 2 {
		t.Errorf("ApplicationCommands = %d, %v; want 2", len(list), err)
	}
}

// errorAt reports whether a 50035 error body has errors at the dotted path.
func errorAt(body []byte, path string) bool {
	var v struct {
		Errors map[string]any `json:"errors"`
	}
	if json.Unmarshal(body, &v) != nil {
		return false
	}
	var node any = v.Errors
	for _, k := range strings.Split(path, ".") {
		m, ok := node.(map[string]any)
		if !ok {
			return false
		}
		node = m[k]
	}
	m, ok := node.(map[string]any)
	return ok && m["_errors"] != nil
}

// TestBrokenUploadRefused: an empty PNG is refused wherever a bot can send
// a file (a new channel message, an edit of one, a follow-up, an edit of
// the response) with Discord's 50046, and a refused edit leaves the
// message as it was.
func TestBrokenUploadRefused(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	good := func() []*discordgo.File { return []*discordgo.File{pngFile(t, "board.png", 8, 8, color.White)} }
	empty := func() []*discordgo.File { return []*discordgo.File{rawFile("board.png", "image/png", nil)} }
	posted, err := h.ds.ChannelMessageSendComplex(h.channel, &discordgo.MessageSend{Content: "board", Files: good()})
	if err != nil {
		t.Fatal(err)
	}
	ix, i := h.slash(t)
	if err := h.ds.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "board", Files: good()},
	}); err != nil {
		t.Fatal(err)
	}
	before := len(h.srv.Messages(h.channel))
	content := "moved"
	none := func() *[]*discordgo.MessageAttachment { return &[]*discordgo.MessageAttachment{} }
	routes := []struct {
		name string
		send func() error
	}{
		{"channel message", func() error {
			_, err := h.ds.ChannelMessageSendComplex(h.channel, &discordgo.MessageSend{Content: "board", Files: empty()})
			return err
		}},
		{"channel message edit", func() error {
			_, err := h.ds.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: posted.ID, Channel: h.channel, Content: &content, Files: empty(), Attachments: none()})
			return err
		}},
		{"follow-up", func() error {
			_, err := h.ds.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "board", Files: empty()})
			return err
		}},
		{"response edit", func() error {
			_, err := h.ds.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content, Files: empty(), Attachments: none()})
			return err
		}},
	}
	for _, r := range routes {
		err := r.send()
		if err == nil {
			t.Errorf("%s: an empty PNG was accepted", r.name)
			continue
		}
		if got := restCode(t, err); got != discordgo.ErrCodeInvalidFileUploaded {
			t.Errorf("%s: error code %d (%v), want %d", r.name, got, err, discordgo.ErrCodeInvalidFileUploaded)
		}
		if got := takeCodes(h.srv); len(got) != 1 || got[0] != discordgo.ErrCodeInvalidFileUploaded {
			t.Errorf("%s: violations %v, want [%d]", r.name, got, discordgo.ErrCodeInvalidFileUploaded)
		}
	}
	if after := len(h.srv.Messages(h.channel)); after != before {
		t.Errorf("%d messages in the channel after the refusals, want %d", after, before)
	}
	for _, m := range []*discordtest.Message{h.srv.Message(h.channel, posted.ID), ix.Original()} {
		if m.Content != "board" || len(m.Files) != 1 {
			t.Fatalf("message %s after a refused edit: %q with %d files, want it as it was", m.ID, m.Content, len(m.Files))
		}
		if img, err := m.Files[0].Image(); err != nil || img.Bounds().Dx() != 8 {
			t.Errorf("message %s after a refused edit: its image %v, %v; want the 8×8 PNG", m.ID, img, err)
		}
	}
}

// TestUploadsAccepted: the check of uploads refuses nothing whole: a PNG,
// an animated GIF, a JPEG, a text file and a binary file of no declared
// type are stored as sent, the images with their sizes.
func TestUploadsAccepted(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	anim := &gif.GIF{}
	for range 2 {
		anim.Image = append(anim.Image, image.NewPaletted(image.Rect(0, 0, 6, 5), color.Palette{color.White, color.Black}))
		anim.Delay = append(anim.Delay, 50)
	}
	var gifData, jpegData bytes.Buffer
	if err := gif.EncodeAll(&gifData, anim); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&jpegData, image.NewGray(image.Rect(0, 0, 7, 3)), nil); err != nil {
		t.Fatal(err)
	}
	files := []struct {
		name, contentType string
		data              []byte
		w, h              int // 0 for a file that is not an image
	}{
		{"board.png", "image/png", pngBytes(t, 4, 2, color.White), 4, 2},
		{"replay.gif", "image/gif", gifData.Bytes(), 6, 5},
		{"photo.JPG", "image/jpeg", jpegData.Bytes(), 7, 3},
		{"game.txt", "text/plain", []byte("1. a1xb1"), 0, 0},
		{"data.bin", "", []byte{0}, 0, 0},
	}
	var send []*discordgo.File
	for _, f := range files {
		send = append(send, rawFile(f.name, f.contentType, f.data))
	}
	posted, err := h.ds.ChannelMessageSendComplex(h.channel, &discordgo.MessageSend{Content: "files", Files: send})
	if err != nil {
		t.Fatalf("whole files refused: %v", err)
	}
	m := h.srv.Message(h.channel, posted.ID)
	if len(m.Files) != len(files) {
		t.Fatalf("%d files stored, want %d", len(m.Files), len(files))
	}
	for i, f := range files {
		a := m.Attachments[i]
		if a.Filename != f.name || !bytes.Equal(m.Files[i].Data, f.data) || a.Width != f.w || a.Height != f.h {
			t.Errorf("attachment %d: %s, %d bytes, %d×%d; want %s, %d bytes, %d×%d", i, a.Filename, len(m.Files[i].Data), a.Width, a.Height, f.name, len(f.data), f.w, f.h)
		}
	}
}
