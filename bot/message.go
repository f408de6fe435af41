package bot

import (
	"bytes"
	"context"

	"github.com/bwmarrin/discordgo"
)

// message is a message the bot sends or edits, in whatever form the
// moment needs: a response, an edit of one, a follow-up, or a channel
// message. An edit replaces the content, embeds, components and files
// wholesale, so an old board image never stays beside a new one.
//
// A message may be sent more than once (a board whose edit Discord
// refuses is posted anew), so it keeps its files' bytes, and each of its
// forms reads them afresh.
type message struct {
	content    string
	embeds     []*discordgo.MessageEmbed
	components []discordgo.MessageComponent
	files      []file
	ephemeral  bool
	mentions   []string // the users it may ping; nobody else
}

// maxContent is the most characters a message's content may have on
// Discord (https://discord.com/developers/docs/resources/message#create-message).
const maxContent = 2000

// file is a file attached to a message. Its data is never changed once
// the file is made.
type file struct {
	name, contentType string
	data              []byte
}

// pngFile is a PNG image to attach, named name.
func pngFile(name string, data []byte) file {
	return file{name: name, contentType: "image/png", data: data}
}

// gifFile is a GIF image to attach, named name.
func gifFile(name string, data []byte) file {
	return file{name: name, contentType: "image/gif", data: data}
}

// discordFiles returns m's files for one request: discordgo reads a
// file's Reader to its end when it builds the request's body, so each
// request needs readers of its own.
func (m message) discordFiles() []*discordgo.File {
	if len(m.files) == 0 {
		return nil
	}
	out := make([]*discordgo.File, len(m.files))
	for i, f := range m.files {
		out[i] = &discordgo.File{Name: f.name, ContentType: f.contentType, Reader: bytes.NewReader(f.data)}
	}
	return out
}

func (m message) allowed() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Users: m.mentions}
}

func (m message) flags() discordgo.MessageFlags {
	if m.ephemeral {
		return discordgo.MessageFlagsEphemeral
	}
	return 0
}

// data is the message as an interaction response.
func (m message) data() *discordgo.InteractionResponseData {
	return &discordgo.InteractionResponseData{
		Content:         m.content,
		Embeds:          m.embeds,
		Components:      m.componentsOrEmpty(),
		Files:           m.discordFiles(),
		Flags:           m.flags(),
		AllowedMentions: m.allowed(),
	}
}

// updateData is the message as a response that replaces the message a
// control is on (type 7).
func (m message) updateData() *discordgo.InteractionResponseData {
	d := m.data()
	d.Embeds = m.embedsOrEmpty()
	d.Attachments = m.attachments()
	return d
}

func (m message) componentsOrEmpty() []discordgo.MessageComponent {
	if m.components == nil {
		return []discordgo.MessageComponent{}
	}
	return m.components
}

func (m message) embedsOrEmpty() []*discordgo.MessageEmbed {
	if m.embeds == nil {
		return []*discordgo.MessageEmbed{}
	}
	return m.embeds
}

// attachments is the explicit attachment list for an edit: empty, so that
// the files sent with it are the only ones left.
func (m message) attachments() *[]*discordgo.MessageAttachment {
	a := []*discordgo.MessageAttachment{}
	return &a
}

// edit is the message as an edit of an interaction response.
func (m message) edit() *discordgo.WebhookEdit {
	content, embeds, comps := m.content, m.embedsOrEmpty(), m.componentsOrEmpty()
	return &discordgo.WebhookEdit{
		Content:         &content,
		Embeds:          &embeds,
		Components:      &comps,
		Files:           m.discordFiles(),
		Attachments:     m.attachments(),
		AllowedMentions: m.allowed(),
	}
}

// params is the message as a follow-up.
func (m message) params() *discordgo.WebhookParams {
	return &discordgo.WebhookParams{
		Content:         m.content,
		Embeds:          m.embeds,
		Components:      m.components,
		Files:           m.discordFiles(),
		Flags:           m.flags(),
		AllowedMentions: m.allowed(),
	}
}

// send is the message as a new channel message.
func (m message) send() *discordgo.MessageSend {
	return &discordgo.MessageSend{
		Content:         m.content,
		Embeds:          m.embeds,
		Components:      m.components,
		Files:           m.discordFiles(),
		AllowedMentions: m.allowed(),
	}
}

// channelEdit is the message as an edit of a channel message.
func (m message) channelEdit(channelID, messageID string) *discordgo.MessageEdit {
	content, embeds, comps := m.content, m.embedsOrEmpty(), m.componentsOrEmpty()
	return &discordgo.MessageEdit{
		ID:              messageID,
		Channel:         channelID,
		Content:         &content,
		Embeds:          &embeds,
		Components:      &comps,
		Files:           m.discordFiles(),
		Attachments:     m.attachments(),
		AllowedMentions: m.allowed(),
	}
}

// sendOnce posts m in channelID as the one post of nonce (at most 25
// characters): Discord creates one message per nonce in a few minutes and
// returns that message to a post made again (poster.SendOnce). So a post
// that is recorded after Discord took it, tried again after a crash
// between the two, is not doubled.
func (b *Bot) sendOnce(ctx context.Context, channelID, nonce string, m message) (*discordgo.Message, error) {
	return b.post.SendOnce(ctx, channelID, nonce, m.send())
}
