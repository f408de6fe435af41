package bot

import (
	"context"

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
	return r.s.InteractionResponse(r.i, discordgo.WithContext(ctx))
}

func (r sessionResponder) Edit(ctx context.Context, edit *discordgo.WebhookEdit) (*discordgo.Message, error) {
	return r.s.InteractionResponseEdit(r.i, edit, discordgo.WithContext(ctx))
}

func (r sessionResponder) Delete(ctx context.Context) error {
	return r.s.InteractionResponseDelete(r.i, discordgo.WithContext(ctx))
}

func (r sessionResponder) Followup(ctx context.Context, params *discordgo.WebhookParams) (*discordgo.Message, error) {
	return r.s.FollowupMessageCreate(r.i, true, params, discordgo.WithContext(ctx))
}

func (r sessionResponder) EditFollowup(ctx context.Context, id string, edit *discordgo.WebhookEdit) (*discordgo.Message, error) {
	return r.s.FollowupMessageEdit(r.i, id, edit, discordgo.WithContext(ctx))
}

func (r sessionResponder) DeleteFollowup(ctx context.Context, id string) error {
	return r.s.FollowupMessageDelete(r.i, id, discordgo.WithContext(ctx))
}
