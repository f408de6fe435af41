package discordtest

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// seedResponses are interaction response payloads as discordgo sends them.
func seedResponses(f *testing.F) {
	min0 := 0
	for _, d := range []*discordgo.InteractionResponseData{
		{Content: "hi"},
		{Content: "board", Embeds: []*discordgo.MessageEmbed{{Title: "t", Image: &discordgo.MessageEmbedImage{URL: "attachment://b.png"}, Fields: []*discordgo.MessageEmbedField{{Name: "n", Value: "v"}}}}},
		{Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "a", CustomID: "a"},
				discordgo.Button{Label: "l", Style: discordgo.LinkButton, URL: "https://x.org"},
				discordgo.Button{Emoji: &discordgo.ComponentEmoji{Name: "♟"}, CustomID: "e"},
			}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{CustomID: "s", MinValues: &min0, MaxValues: 2, Options: []discordgo.SelectMenuOption{{Label: "x", Value: "x"}, {Label: "y", Value: "y", Default: true}}},
			}},
		}},
		{CustomID: "m", Title: "Modal", Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "t", Label: "T", Style: discordgo.TextInputParagraph, MaxLength: 10}}},
		}},
		{Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "a", Value: "a"}, {Name: "b", Value: 2}}},
		{Content: "@x", AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{"users"}}, Attachments: &[]*discordgo.MessageAttachment{{ID: "0"}}},
	} {
		b, err := json.Marshal(d)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`null`))
	f.Add([]byte(`{"components":[{"type":1,"components":[{"type":2,"style":1,"label":"x","custom_id":"x","emoji":5}]}]}`))
	f.Add([]byte(`{"embeds":[null],"attachments":[{"id":7}],"flags":"x"}`))
}

// FuzzMessageBody checks that the fake never panics on a message payload
// and that every message it accepts is one discordgo can read back.
func FuzzMessageBody(f *testing.F) {
	seedResponses(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		s := newServer(t, Config{})
		s.base = "http://127.0.0.1:1"
		b, errs := parseBody(data, "data.")
		validateModal(&messageBody{has: map[string]bool{}})
		if errs != nil {
			return
		}
		validateModal(b)
		for _, typ := range []discordgo.ApplicationCommandOptionType{discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber} {
			validateChoices(b, typ)
		}
		files := []*File{{Field: "files[0]", Name: "b.png", Data: []byte("\x89PNG\r\n\x1a\n")}}
		m := &message{id: "1", channelID: "2", author: s.bot, created: time.Now(), flags: b.flags}
		errs, _ = s.apply(m, b, files, "data.", false)
		if errs != nil || m.empty() {
			return
		}
		s.snapshot(m) // panics if discordgo cannot read what the fake accepted
		edit := m.clone()
		s.apply(edit, b, nil, "", true)
	})
}

// FuzzCommands checks that command validation never panics.
func FuzzCommands(f *testing.F) {
	b, _ := json.Marshal([]*discordgo.ApplicationCommand{{
		Name: "play", Description: "d", Options: []*discordgo.ApplicationCommandOption{
			{Name: "g", Description: "d", Type: discordgo.ApplicationCommandOptionString, Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "a", Value: "a"}}},
			{Name: "s", Description: "d", Type: discordgo.ApplicationCommandOptionSubCommand},
		},
	}})
	f.Add(b)
	f.Add([]byte(`[null,{"type":2,"name":"Hi there"},{"options":[null]}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var cmds []*discordgo.ApplicationCommand
		if json.Unmarshal(data, &cmds) != nil {
			return
		}
		if validateCommands(cmds, false) == nil {
			for _, c := range cmds {
				cloneCommand(c)
				commandSize(c)
			}
		}
	})
}

// FuzzRequestBody checks that request body parsing (JSON or multipart)
// never panics.
func FuzzRequestBody(f *testing.F) {
	f.Add("application/json", []byte(`{"content":"x"}`))
	f.Add("multipart/form-data; boundary=XX", []byte("--XX\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{}\r\n--XX\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"a.png\"\r\n\r\nPNG\r\n--XX--\r\n"))
	f.Add("multipart/form-data", []byte("--\r\n"))
	f.Fuzz(func(t *testing.T, contentType string, body []byte) {
		r := httptest.NewRequest("POST", "/api/v9/channels/1/messages", bytes.NewReader(body))
		r.Header.Set("Content-Type", contentType)
		c := &call{r: r, rec: &Request{Body: body}}
		if c.parseBody() == nil {
			for _, f := range c.files {
				fileIndex(f)
			}
		}
	})
}
