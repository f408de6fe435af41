package bot

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// answerBudget is how long after Discord created an interaction the bot
// waits for its handler's initial response before it defers the answer
// itself: Discord drops an interaction not answered within 3 s
// (https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction),
// and under load a handler can wait longer than that for a connection of
// the store's pool, the AI or a board's picture. A fast answer, the rule on
// a quiet bot, comes as it is, with no "thinking…" first. The two seconds
// left are for the deferral's own trip to Discord, and for a clock that is
// behind Discord's.
const answerBudget = time.Second

// busyHandlers is how many handlers going on at once make the bot busy.
// A busy bot defers every answer it can at once, when the handler starts,
// rather than after answerBudget: a quiet bot has a few handlers going on
// (6 to 16 on average at 300 games on two cores, docs/load.md), and
// hundreds mean that each waits behind the others for the store, the CPU
// and Discord, where the deferral, sent first, does not wait with them.
const busyHandlers = 64

// errTooLate is a handler's answer that cannot follow the deferral sent
// for it (a modal or suggestions, which Discord takes only as the initial
// response).
var errTooLate = errors.New("the interaction was already deferred for being late")

// lateResponder is the responder of a request whose initial response may
// be sent by deferLate, when the handler is late, rather than by the
// handler. The handler answers as it would have: lateResponder turns its
// initial response into what follows the deferral (an edit of the
// original, or a follow-up that stands for it), so that no handler needs
// to know that it was late.
type lateResponder struct {
	out responder

	mu sync.Mutex
	// sent is set once an initial response went out, the handler's or the
	// deferral; done once the handler has finished.
	sent, done bool
	// late is the type of the deferral sent for a late handler: 5 (a
	// command's "thinking…") or 6 (a control's, which shows nothing); 0
	// when the handler answered in time.
	late discordgo.InteractionResponseType
	// flags are those of the deferral.
	flags discordgo.MessageFlags
	// pending is set when the handler deferred an answer of its own that
	// is to be a new message (type 5) but Discord's original is not it:
	// the first edit becomes a follow-up, with pendingFlags.
	pending      bool
	pendingFlags discordgo.MessageFlags
	// standIn is the follow-up that stands for the original, if any.
	standIn *discordgo.Message
}

// deferLate defers the answer if nothing has been answered yet: a control
// with a deferred update (type 6), which shows nothing, a command with a
// deferral that shows "zugbot is thinking…" (type 5; privately for a
// private command). Suggestions cannot be deferred.
func (l *lateResponder) deferLate(ctx context.Context, i *discordgo.Interaction, private bool) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.sent || l.done {
		return nil
	}
	typ := discordgo.InteractionResponseDeferredChannelMessageWithSource
	var data *discordgo.InteractionResponseData
	switch {
	case i.Type == discordgo.InteractionMessageComponent,
		i.Type == discordgo.InteractionModalSubmit && i.Message != nil: // a modal opened from a control
		typ = discordgo.InteractionResponseDeferredMessageUpdate
	case private:
		data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
		l.flags = discordgo.MessageFlagsEphemeral
	}
	if err := l.out.Respond(ctx, &discordgo.InteractionResponse{Type: typ, Data: data}); err != nil {
		return fmt.Errorf("defer a late answer (type %d): %w", typ, err)
	}
	l.sent, l.late = true, typ
	return nil
}

// finish marks the handler done: no deferral is sent after it.
func (l *lateResponder) finish() {
	l.mu.Lock()
	l.done = true
	l.mu.Unlock()
}

func (l *lateResponder) Respond(ctx context.Context, resp *discordgo.InteractionResponse) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.late == 0 {
		err := l.out.Respond(ctx, resp)
		if err == nil {
			l.sent = true
		}
		return err
	}
	data := resp.Data
	if data == nil {
		data = &discordgo.InteractionResponseData{}
	}
	ephemeral := data.Flags&discordgo.MessageFlagsEphemeral != 0
	switch resp.Type {
	case discordgo.InteractionResponseDeferredMessageUpdate:
		return nil // the same as the deferral, or, after a command's, an edit to come
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		if l.late == discordgo.InteractionResponseDeferredChannelMessageWithSource && (l.flags&discordgo.MessageFlagsEphemeral != 0) == ephemeral {
			return nil // the very deferral the handler asks for
		}
		if l.late == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			// A "thinking…" seen by the wrong people: it goes, and the
			// answer comes as a follow-up.
			if err := l.out.Delete(ctx); err != nil {
				return fmt.Errorf("delete the late deferral: %w", err)
			}
		}
		l.pending, l.pendingFlags = true, data.Flags
		return nil
	case discordgo.InteractionResponseUpdateMessage:
		_, err := l.out.Edit(ctx, editOf(data))
		return err
	case discordgo.InteractionResponseChannelMessageWithSource:
		if l.late == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			if (l.flags&discordgo.MessageFlagsEphemeral != 0) == ephemeral {
				_, err := l.out.Edit(ctx, editOf(data))
				return err
			}
			// A follow-up would take the place of the "thinking…", seen by
			// whoever saw it; so it goes first.
			if err := l.out.Delete(ctx); err != nil {
				return fmt.Errorf("delete the late deferral: %w", err)
			}
		}
		m, err := l.out.Followup(ctx, &discordgo.WebhookParams{
			Content: data.Content, Embeds: data.Embeds, Components: data.Components,
			Files: data.Files, Flags: data.Flags, AllowedMentions: data.AllowedMentions,
		})
		if err != nil {
			return err
		}
		l.standIn = m
		return nil
	}
	return fmt.Errorf("answer (type %d): %w", resp.Type, errTooLate)
}

// editOf is an initial response's data as an edit of the original.
func editOf(d *discordgo.InteractionResponseData) *discordgo.WebhookEdit {
	e := &discordgo.WebhookEdit{Content: &d.Content, Files: d.Files, AllowedMentions: d.AllowedMentions}
	if d.Embeds != nil {
		e.Embeds = &d.Embeds
	}
	if d.Components != nil {
		e.Components = &d.Components
	}
	if d.Attachments != nil {
		e.Attachments = d.Attachments
	}
	return e
}

func (l *lateResponder) Original(ctx context.Context) (*discordgo.Message, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.standIn != nil {
		return l.standIn, nil
	}
	return l.out.Original(ctx)
}

func (l *lateResponder) Edit(ctx context.Context, edit *discordgo.WebhookEdit) (*discordgo.Message, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.pending:
		p := &discordgo.WebhookParams{Files: edit.Files, Flags: l.pendingFlags, AllowedMentions: edit.AllowedMentions}
		if edit.Content != nil {
			p.Content = *edit.Content
		}
		if edit.Embeds != nil {
			p.Embeds = *edit.Embeds
		}
		if edit.Components != nil {
			p.Components = *edit.Components
		}
		m, err := l.out.Followup(ctx, p)
		if err != nil {
			return nil, err
		}
		l.pending, l.standIn = false, m
		return m, nil
	case l.standIn != nil:
		return l.out.EditFollowup(ctx, l.standIn.ID, edit)
	}
	return l.out.Edit(ctx, edit)
}

func (l *lateResponder) Delete(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.pending:
		l.pending = false // nothing was shown
		return nil
	case l.standIn != nil:
		return l.out.DeleteFollowup(ctx, l.standIn.ID)
	}
	return l.out.Delete(ctx)
}

func (l *lateResponder) Followup(ctx context.Context, params *discordgo.WebhookParams) (*discordgo.Message, error) {
	return l.out.Followup(ctx, params)
}

func (l *lateResponder) EditFollowup(ctx context.Context, id string, edit *discordgo.WebhookEdit) (*discordgo.Message, error) {
	return l.out.EditFollowup(ctx, id, edit)
}

func (l *lateResponder) DeleteFollowup(ctx context.Context, id string) error {
	return l.out.DeleteFollowup(ctx, id)
}

// undeferrable reports whether r's first answer cannot be a deferral: an
// autocomplete's suggestions, a control's form or the Activity's launch
// (from the board's button or the app's entry point command), which
// Discord takes only as the initial response. Such answers come at once
// or never.
func (r *request) undeferrable() bool {
	switch r.i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		return true
	case discordgo.InteractionApplicationCommand:
		d, ok := r.i.Data.(discordgo.ApplicationCommandInteractionData) // not ApplicationCommandData(): a malformed command must reach the handler's recovery
		return ok && d.CommandType == primaryEntryPoint
	case discordgo.InteractionMessageComponent:
		a, err := r.parseCustomID()
		return err == nil && answersFirst(a.verb)
	}
	return false
}

// guardLate, for an answer that can be deferred, sends a deferral for r
// if its handler has not answered budget after Discord created the
// interaction (at once if that time has passed: a backlog). It returns a
// func that the handler calls when done.
func (r *request) guardLate(budget time.Duration) (stop func()) {
	l := &lateResponder{out: r.out}
	r.out = l
	private := false
	if d, ok := r.i.Data.(discordgo.ApplicationCommandInteractionData); ok { // not ApplicationCommandData(): a malformed command must reach the handler's recovery
		private = r.b.commands[d.Name].private
	}
	fire := func() {
		if err := l.deferLate(r.ctx, r.i, private); err != nil {
			r.b.log.Warn("could not defer a late answer", "user", r.user.ID, "err", err)
			return
		}
	}
	created, err := discordgo.SnowflakeTimestamp(r.i.ID)
	if err != nil {
		created = time.Now()
	}
	wait := time.Until(created.Add(budget))
	if wait <= 0 {
		fire()
		return l.finish
	}
	t := time.AfterFunc(wait, fire)
	return func() {
		t.Stop()
		l.finish()
	}
}
