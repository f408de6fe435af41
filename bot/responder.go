package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// responder makes the calls to Discord about one interaction: its answer,
// the answer's edits and deletion, and follow-ups. A request makes them
// all through it, so that a handler's test can record them (as disgo's
// handler tests do) instead of running the fake Discord.
type responder interface {
	Respond(ctx context.Context, resp *discordgo.InteractionResponse) error
	Original(ctx context.Context) (*discordgo.Message, error)
	Edit(ctx context.Context, edit *discordgo.WebhookEdit) (*discordgo.Message, error)
	Delete(ctx context.Context) error
	Followup(ctx context.Context, params *discordgo.WebhookParams) (*discordgo.Message, error)
	EditFollowup(ctx context.Context, id string, edit *discordgo.WebhookEdit) (*discordgo.Message, error)
	DeleteFollowup(ctx context.Context, id string) error
}

// sessionResponder answers interaction i through a discordgo session.
type sessionResponder struct {
	s *discordgo.Session
	i *discordgo.Interaction
}

func (r sessionResponder) Respond(ctx context.Context, resp *discordgo.InteractionResponse) error {
	return r.s.InteractionRespond(r.i, resp, discordgo.WithContext(ctx))
}

func (r sessionResponder) Original(ctx context.Context) (*discordgo.Message, error) {
	return r.message(ctx, http.MethodGet, "@original", nil)
}

func (r sessionResponder) Edit(ctx context.Context, edit *discordgo.WebhookEdit) (*discordgo.Message, error) {
	return r.message(ctx, http.MethodPatch, "@original", edit)
}

func (r sessionResponder) Delete(ctx context.Context) error {
	_, err := r.message(ctx, http.MethodDelete, "@original", nil)
	return err
}

func (r sessionResponder) Followup(ctx context.Context, params *discordgo.WebhookParams) (*discordgo.Message, error) {
	return r.s.FollowupMessageCreate(r.i, true, params, discordgo.WithContext(ctx))
}

func (r sessionResponder) EditFollowup(ctx context.Context, id string, edit *discordgo.WebhookEdit) (*discordgo.Message, error) {
	return r.message(ctx, http.MethodPatch, id, edit)
}

func (r sessionResponder) DeleteFollowup(ctx context.Context, id string) error {
	_, err := r.message(ctx, http.MethodDelete, id, nil)
	return err
}

// message reads, edits (with edit) or deletes a message of the
// interaction's webhook: its original response or a follow-up. discordgo
// v0.29.0 puts these requests, without files, in one rate limit bucket for
// every webhook of the bot ("webhooks//"), and holds a bucket's lock while
// its request is on its way: a crowd's answers then went to Discord one at
// a time (its edits waited up to a minute at 1,000 games). Discord counts
// them per webhook and token, the top-level resource
// (https://discord.com/developers/docs/topics/rate-limits#rate-limits),
// and so does this.
func (r sessionResponder) message(ctx context.Context, method, id string, edit *discordgo.WebhookEdit) (*discordgo.Message, error) {
	uri := discordgo.EndpointWebhookMessage(r.i.AppID, r.i.Token, id)
	bucket := discordgo.EndpointWebhookToken(r.i.AppID, r.i.Token)
	var (
		body []byte
		err  error
	)
	switch {
	case edit != nil && len(edit.Files) > 0:
		var ct string
		var data []byte
		if ct, data, err = discordgo.MultipartBodyWithJSON(edit, edit.Files); err != nil {
			return nil, fmt.Errorf("encode the edit: %w", err)
		}
		body, err = r.s.RequestRaw(method, uri, ct, data, bucket, 0, discordgo.WithContext(ctx))
	case edit != nil:
		body, err = r.s.RequestWithBucketID(method, uri, edit, bucket, discordgo.WithContext(ctx))
	default:
		body, err = r.s.RequestWithBucketID(method, uri, nil, bucket, discordgo.WithContext(ctx))
	}
	if err != nil || method == http.MethodDelete {
		return nil, err
	}
	var m discordgo.Message
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, fmt.Errorf("read the message: %w", err)
	}
	return &m, nil
}

// poster makes the bot's calls to Discord about messages in channels:
// the boards, pings and announcements it posts, edits and deletes, and
// the threads it opens and joins for them. The bot makes them all through
// it, so that a test of what a handler or an announcement posts can record
// them (recorder), as responder does for an interaction's answer.
type poster interface {
	Send(ctx context.Context, channel string, m *discordgo.MessageSend) (*discordgo.Message, error)
	// SendOnce posts m unless a post with the same nonce was made in the
	// last few minutes, whose message it then returns (see sendOnce).
	SendOnce(ctx context.Context, channel, nonce string, m *discordgo.MessageSend) (*discordgo.Message, error)
	EditMessage(ctx context.Context, edit *discordgo.MessageEdit) (*discordgo.Message, error)
	DeleteMessage(ctx context.Context, channel, id string) error
	StartThread(ctx context.Context, channel, message, name string) (*discordgo.Channel, error)
	JoinThread(ctx context.Context, thread string) error
}

// sessionPoster posts through a discordgo session.
type sessionPoster struct{ s *discordgo.Session }

func (p sessionPoster) Send(ctx context.Context, channel string, m *discordgo.MessageSend) (*discordgo.Message, error) {
	return p.s.ChannelMessageSendComplex(channel, m, discordgo.WithContext(ctx))
}

func (p sessionPoster) EditMessage(ctx context.Context, edit *discordgo.MessageEdit) (*discordgo.Message, error) {
	return p.s.ChannelMessageEditComplex(edit, discordgo.WithContext(ctx))
}

func (p sessionPoster) DeleteMessage(ctx context.Context, channel, id string) error {
	return p.s.ChannelMessageDelete(channel, id, discordgo.WithContext(ctx))
}

func (p sessionPoster) StartThread(ctx context.Context, channel, message, name string) (*discordgo.Channel, error) {
	return p.s.MessageThreadStartComplex(channel, message, &discordgo.ThreadStart{Name: name, AutoArchiveDuration: 1440}, discordgo.WithContext(ctx))
}

func (p sessionPoster) JoinThread(ctx context.Context, thread string) error {
	return p.s.ThreadJoin(thread, discordgo.WithContext(ctx))
}

// SendOnce posts m with nonce, which Discord enforces (enforce_nonce):
// it returns the message made before to a post made again
// (https://discord.com/developers/docs/resources/message#create-message).
// discordgo v0.29.0's MessageSend has no nonce, hence the request made
// here as ChannelMessageSendComplex makes it.
func (p sessionPoster) SendOnce(ctx context.Context, channel, nonce string, m *discordgo.MessageSend) (*discordgo.Message, error) {
	data := struct {
		*discordgo.MessageSend
		Nonce        string `json:"nonce"`
		EnforceNonce bool   `json:"enforce_nonce"`
	}{m, nonce, true}
	for _, e := range data.Embeds {
		if e.Type == "" {
			e.Type = discordgo.EmbedTypeRich
		}
	}
	endpoint := discordgo.EndpointChannelMessages(channel)
	var resp []byte
	var err error
	if len(data.Files) > 0 {
		contentType, body, err := discordgo.MultipartBodyWithJSON(data, data.Files)
		if err != nil {
			return nil, err
		}
		resp, err = p.s.RequestRaw("POST", endpoint, contentType, body, endpoint, 0, discordgo.WithContext(ctx))
		if err != nil {
			return nil, err
		}
	} else if resp, err = p.s.RequestWithBucketID("POST", endpoint, data, endpoint, discordgo.WithContext(ctx)); err != nil {
		return nil, err
	}
	var msg discordgo.Message
	if err := json.Unmarshal(resp, &msg); err != nil {
		return nil, fmt.Errorf("decode the message posted: %w", err)
	}
	return &msg, nil
}
