package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/store"
)

// request is one interaction being answered, and how far the answer got.
type request struct {
	b    *Bot
	ctx  context.Context
	i    *discordgo.Interaction
	user *discordgo.User
	out  responder // the calls about i

	responded bool // an initial response was sent
	deferred  bool // it was a deferral (type 5 or 6): the answer is an edit
	ephemeral bool // the initial response was ephemeral
	thinking  bool // it was a public "thinking…" (type 5): a new message in the channel
	action    action
	// game is the game of a game's control, loaded once for the whole
	// interaction.
	game *store.State
	// problems are what could not be done after the request went through
	// (a board not updated, a ping not sent), for the player to be told.
	problems []string
	// afterwards is work that waits until the interaction is answered,
	// such as edits of other messages.
	afterwards []func()
	// interim guards the interim "thinking" edits of a deferred answer,
	// sent apart from the handler; once answered is set, none is sent.
	interim  sync.Mutex
	answered bool
	// interimSeq numbers the interim texts in the order they were asked
	// for, and interimShown is the last one sent (under interim).
	interimSeq   atomic.Int64
	interimShown int64
	// expired is set once Discord refused the interaction's token (it
	// lasts 15 minutes): answers go to the channel (late), and no more
	// interim edits are tried.
	expired atomic.Bool
}

// tokenExpired reports whether err is Discord's refusal of an expired
// interaction token: 401, code 50027 Invalid Webhook Token, for an edit or
// a follow-up more than 15 minutes after the interaction
// (https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages).
func tokenExpired(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == discordgo.ErrCodeInvalidWebhookTokenProvided
}

// late delivers m, an answer that came after the interaction's token
// expired, as a message of its own in the interaction's channel, addressed
// to the user. A private answer is not shown there: the user is told to
// ask again (what is slow to make, an analysis, is kept and comes at
// once). It is tried once.
func (r *request) late(m message) error {
	r.expired.Store(true)
	mention := "<@" + r.user.ID + ">"
	out := m
	if m.ephemeral {
		out = message{content: mention + ", zugbot's private answer came after the 15 minutes Discord gives it, so it could not be shown; please ask again."}
	} else if utf8.RuneCountInString(mention+", "+m.content) <= maxContent {
		out.content = mention + ", " + m.content
	}
	out.ephemeral = false
	out.mentions = append(slices.Clone(m.mentions), r.user.ID)
	if _, err := r.b.post.Send(r.ctx, r.i.ChannelID, out.send()); err != nil {
		return fmt.Errorf("post a late answer in the channel: %w", err)
	}
	r.b.log.Info("answered in the channel: the interaction's token had expired", "interaction", r.i.ID, "user", r.user.ID)
	return nil
}

// answering marks the deferred answer as about to be given: an interim
// edit still on its way is waited for, and none is sent after.
func (r *request) answering() {
	r.interim.Lock()
	r.answered = true
	r.interim.Unlock()
}

// later runs f once the interaction has been answered, so that nothing
// that can wait delays the answer.
func (r *request) later(f func()) { r.afterwards = append(r.afterwards, f) }

func (b *Bot) newRequest(ctx context.Context, ic *discordgo.InteractionCreate) *request {
	r := &request{b: b, ctx: ctx, i: ic.Interaction, out: sessionResponder{b.session, ic.Interaction}}
	switch {
	case ic.Member != nil && ic.Member.User != nil:
		r.user = ic.Member.User
	case ic.User != nil:
		r.user = ic.User
	default:
		r.user = &discordgo.User{}
	}
	return r
}

// route names the interaction for logs and metrics: "play", "move
// autocomplete", "g/pick", …
func (r *request) route() string {
	switch r.i.Type {
	case discordgo.InteractionApplicationCommand:
		return r.i.ApplicationCommandData().Name
	case discordgo.InteractionApplicationCommandAutocomplete:
		return r.i.ApplicationCommandData().Name + " autocomplete"
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		a, err := r.parseCustomID()
		if err != nil {
			return "unknown control"
		}
		return string(a.kind) + "/" + a.verb
	}
	return "other"
}

func (r *request) parseCustomID() (action, error) {
	var id string
	switch r.i.Type {
	case discordgo.InteractionMessageComponent:
		id = r.i.MessageComponentData().CustomID
	case discordgo.InteractionModalSubmit:
		id = r.i.ModalSubmitData().CustomID
	}
	return parseAction(id)
}

// dispatch answers the interaction.
func (r *request) dispatch() error {
	switch r.i.Type {
	case discordgo.InteractionApplicationCommand:
		return r.command()
	case discordgo.InteractionApplicationCommandAutocomplete:
		return r.autocomplete()
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		a, err := r.parseCustomID()
		if err != nil {
			return userErrorf("This control belongs to an older version of zugbot; use /board to get a fresh one.")
		}
		r.action = a
		if a.kind == gameKind {
			st, err := r.b.table.Load(r.ctx, a.id)
			if err != nil {
				return err
			}
			if err := r.checkPlace(&st.Game); err != nil {
				return err
			}
			r.game = &st
		}
		return verbs[a.verb].run(r, a)
	}
	return nil
}

// command answers a slash command through the table of commands.
func (r *request) command() error {
	data := r.i.ApplicationCommandData()
	if data.CommandType == primaryEntryPoint {
		return r.launchActivity(action{}) // the entry point command, when the app handles it
	}
	name := data.Name
	c, ok := r.b.commands[name]
	if !ok {
		return userErrorf("zugbot does not know /%s; its commands may be updating, try again in a minute.", name)
	}
	return c.run(r)
}

// options returns the command's options by name, those of a subcommand
// included.
func (r *request) options() map[string]*discordgo.ApplicationCommandInteractionDataOption {
	m := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	var walk func([]*discordgo.ApplicationCommandInteractionDataOption)
	walk = func(opts []*discordgo.ApplicationCommandInteractionDataOption) {
		for _, o := range opts {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				walk(o.Options)
				continue
			}
			m[o.Name] = o
		}
	}
	walk(r.i.ApplicationCommandData().Options)
	return m
}

func (r *request) stringOpt(name string) string {
	if o, ok := r.options()[name]; ok {
		if s, ok := o.Value.(string); ok {
			return s
		}
	}
	return ""
}

func (r *request) intOpt(name string) (int64, bool) {
	o, ok := r.options()[name]
	if !ok {
		return 0, false
	}
	switch v := o.Value.(type) {
	case float64:
		return int64(v), true
	case string: // an autocomplete value as typed
		n, err := strconv.ParseInt(v, 10, 64)
		return n, err == nil
	}
	return 0, false
}

func (r *request) boolOpt(name string, def bool) bool {
	if o, ok := r.options()[name]; ok {
		if v, ok := o.Value.(bool); ok {
			return v
		}
	}
	return def
}

// userOpt returns the user given for option name, if any.
func (r *request) userOpt(name string) *discordgo.User {
	o, ok := r.options()[name]
	if !ok {
		return nil
	}
	id, _ := o.Value.(string)
	if res := r.i.ApplicationCommandData().Resolved; res != nil {
		if u := res.Users[id]; u != nil {
			return u
		}
	}
	return &discordgo.User{ID: id, Username: "user " + id}
}

// player returns the person behind the interaction as the store knows them.
func (r *request) player() store.Player { return r.playerOf(r.user) }

// playerOf returns user u as the store knows them, named as the members of
// this server see them: their server nickname where they have one (for the
// user behind the interaction and the users of its options), else their
// display name, else their username.
func (r *request) playerOf(u *discordgo.User) store.Player {
	name := u.GlobalName
	if name == "" {
		name = u.Username
	}
	if m := r.i.Member; m != nil && m.User != nil && m.User.ID == u.ID && m.Nick != "" {
		name = m.Nick
	} else if r.i.Type == discordgo.InteractionApplicationCommand {
		if res := r.i.ApplicationCommandData().Resolved; res != nil {
			if m := res.Members[u.ID]; m != nil && m.Nick != "" {
				name = m.Nick
			}
		}
	}
	return store.Player{ID: u.ID, Name: name}
}

// respond sends the initial response.
func (r *request) respond(typ discordgo.InteractionResponseType, data *discordgo.InteractionResponseData) error {
	if err := r.out.Respond(r.ctx, &discordgo.InteractionResponse{Type: typ, Data: data}); err != nil {
		return fmt.Errorf("respond (type %d): %w", typ, err)
	}
	r.responded = true
	r.deferred = typ == discordgo.InteractionResponseDeferredChannelMessageWithSource || typ == discordgo.InteractionResponseDeferredMessageUpdate
	r.ephemeral = data != nil && data.Flags&discordgo.MessageFlagsEphemeral != 0
	r.thinking = typ == discordgo.InteractionResponseDeferredChannelMessageWithSource && !r.ephemeral
	return nil
}

// reply answers with a new message, or fills in a deferred response.
func (r *request) reply(m message) error {
	if r.deferred {
		r.answering()
		_, err := r.out.Edit(r.ctx, m.edit())
		if tokenExpired(err) {
			return r.late(m)
		}
		if err != nil {
			return fmt.Errorf("edit the response: %w", err)
		}
		return nil
	}
	return r.respond(discordgo.InteractionResponseChannelMessageWithSource, m.data())
}

// say answers privately with text.
func (r *request) say(format string, args ...any) error {
	content := fmt.Sprintf(format, args...)
	if r.responded {
		return r.followup(message{content: content, ephemeral: true})
	}
	return r.respond(discordgo.InteractionResponseChannelMessageWithSource, message{content: content, ephemeral: true}.data())
}

// deferReply acknowledges a command now and answers later with reply.
func (r *request) deferReply(ephemeral bool) error {
	var data *discordgo.InteractionResponseData
	if ephemeral {
		data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	return r.respond(discordgo.InteractionResponseDeferredChannelMessageWithSource, data)
}

// deferUpdate acknowledges a click now; the message is edited later.
func (r *request) deferUpdate() error {
	return r.respond(discordgo.InteractionResponseDeferredMessageUpdate, nil)
}

// update replaces the message the clicked control is on: at once, or after
// deferUpdate.
func (r *request) update(m message) error {
	if r.deferred {
		r.answering()
		if _, err := r.out.Edit(r.ctx, m.edit()); err != nil {
			return fmt.Errorf("edit the message: %w", err)
		}
		return nil
	}
	return r.respond(discordgo.InteractionResponseUpdateMessage, m.updateData())
}

// followup sends another message after the initial response.
func (r *request) followup(m message) error {
	_, err := r.out.Followup(r.ctx, m.params())
	if tokenExpired(err) {
		return r.late(m)
	}
	if err != nil {
		return fmt.Errorf("send a follow-up: %w", err)
	}
	return nil
}

// fail answers err: a userError as it is, anything else as an apology. It
// returns err (nil if answering failed, which is logged instead).
func (r *request) fail(err error) error {
	r.answering()
	var ue *userError
	msg := "Something went wrong on zugbot's side; it has been logged. Please try again."
	switch {
	case errors.As(err, &ue):
		msg = refusalText(ue)
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) || errors.Is(err, errTooLate):
		msg = "That took too long; please try again."
	}
	if r.i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		if !r.responded {
			_ = r.suggest(nil)
		}
		return err
	}
	if sendErr := r.privately(message{content: msg}); sendErr != nil {
		r.b.log.Warn("could not tell the user", "user", r.user.ID, "err", sendErr, "message", msg)
	}
	return err
}

// privately answers the user alone with m, however the interaction was
// answered so far.
func (r *request) privately(m message) error {
	r.answering()
	m.ephemeral = true
	switch {
	case !r.responded:
		return r.respond(discordgo.InteractionResponseChannelMessageWithSource, m.data())
	case r.deferred && r.ephemeral:
		_, err := r.out.Edit(r.ctx, m.edit())
		if tokenExpired(err) {
			return r.late(m)
		}
		return err
	case r.thinking:
		// A public "thinking…": the first follow-up would take its place,
		// in public, whatever its flags say
		// (https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message).
		// So the thinking message goes, and the answer comes privately.
		if err := r.out.Delete(r.ctx); err != nil {
			r.b.log.Warn("could not delete the public deferral", "user", r.user.ID, "err", err)
		}
	}
	return r.followup(m)
}
