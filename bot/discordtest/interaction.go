package discordtest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Interaction is an interaction the fake dispatched to the bot: a slash
// command, an autocomplete request, a component click or a modal submit.
type Interaction struct {
	s *Server
	// ID and Token identify the interaction, as in the dispatched payload.
	ID, Token string
	// Type is the interaction's type.
	Type discordgo.InteractionType
	// User is who triggered it; GuildID ("" in DMs) and ChannelID where.
	User               *discordgo.User
	GuildID, ChannelID string
	// Payload is the INTERACTION_CREATE data as dispatched.
	Payload json.RawMessage

	// Guarded by s.mu.
	created   time.Time
	name      string // command name
	messageID string // the message of the component (also for modals opened from one)
	focusType discordgo.ApplicationCommandOptionType
	response  *Response
	original  string // message ID of the original response
	followups []string
	modal     *messageBody
}

// Response is the initial response the bot gave to an interaction and
// Discord accepted.
type Response struct {
	// Type is the response type (4 message, 5 deferred, 6 deferred update,
	// 7 update, 8 autocomplete result, 9 modal).
	Type discordgo.InteractionResponseType
	// Data is the response's data with its components decoded, or nil.
	Data *discordgo.InteractionResponseData
	// Files are the files uploaded with it.
	Files []*File
	// Latency is the time from the interaction's creation to the response.
	Latency time.Duration
}

// interactionPayload builds the fields every interaction has; call with
// s.mu held.
func (s *Server) interactionPayload(ix *Interaction, ch *channel, data any) map[string]any {
	// app_permissions: "Bitwise set of permissions the app has in the
	// source location of the interaction"
	// (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object),
	// computed with the channel's overwrites. In DMs it is a plain member's
	// set, which has the ATTACH_FILES, EMBED_LINKS, MENTION_EVERYONE and
	// USE_EXTERNAL_EMOJIS the documentation promises there.
	p := map[string]any{
		"id": ix.ID, "application_id": s.appID, "type": ix.Type, "token": ix.Token, "version": 1,
		"data": data, "channel_id": ch.id, "channel": channelPayload(ch),
		"app_permissions": strconv.FormatInt(s.botPermsIn(ch), 10), "locale": "en-US", "entitlements": []any{},
	}
	if ch.guildID != "" {
		g := s.guilds[ch.guildID]
		p["guild_id"] = g.id
		p["guild_locale"] = "en-US"
		p["guild"] = map[string]any{"id": g.id, "locale": "en-US", "features": []string{}}
		// The member object, with the member's nickname there (SetNick).
		m := s.member(g, ix.User, true)
		// "Total permissions of the member in the channel, including
		// overwrites"
		m["permissions"] = strconv.FormatInt(s.memberPermsIn(ch, ix.User), 10)
		p["member"] = m
		p["context"] = discordgo.InteractionContextGuild
		p["authorizing_integration_owners"] = map[string]string{"0": g.id}
	} else {
		p["user"] = userPayload(ix.User)
		p["context"] = discordgo.InteractionContextBotDM
		p["authorizing_integration_owners"] = map[string]string{"0": "0"}
	}
	return p
}

// newInteraction registers an interaction by u in ch; call with s.mu held.
func (s *Server) newInteraction(typ discordgo.InteractionType, u *discordgo.User, ch *channel) *Interaction {
	user := *s.users[u.ID]
	return &Interaction{
		s: s, ID: s.newID(), Token: "aW50ZXJhY3Rpb246" + randomString(150), Type: typ,
		User: &user, GuildID: ch.guildID, ChannelID: ch.id,
	}
}

// send stores ix and dispatches it; call with s.mu held (it is released
// while dispatching).
func (s *Server) send(t testing.TB, ix *Interaction, payload map[string]any) *Interaction {
	t.Helper()
	b, err := json.Marshal(payload)
	if err != nil {
		t.Fatalf("discordtest: marshal interaction: %v", err)
	}
	ix.Payload = b
	// The deadline runs from Discord's creation of the interaction, the
	// time in its ID, not from the delivery: "you must send an initial
	// response within 3 seconds of receiving the event"
	// (https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction)
	// is 3 s on Discord's clock, of which gateway latency takes its share.
	ix.created = snowflakeTime(ix.ID)
	s.interactions[ix.ID] = ix
	s.byToken[ix.Token] = ix
	delay := s.gatewayDelay
	s.mu.Unlock()
	s.flush() // THREAD_UPDATE if the interaction unarchived its thread
	if delay > 0 {
		time.Sleep(delay)
	}
	sent := s.dispatch(ix.GuildID, "INTERACTION_CREATE", json.RawMessage(b), 0)
	s.mu.Lock()
	if !sent {
		t.Fatalf("discordtest: no gateway session to deliver the interaction to (open the bot's session, the one of the guild's shard if it shards, and WaitReady first)")
	}
	return ix
}

// lookup finds the user and channel of an interaction; call with s.mu held.
func (s *Server) lookup(t testing.TB, u *discordgo.User, channelID string) *channel {
	t.Helper()
	if u == nil || s.users[u.ID] == nil {
		t.Fatalf("discordtest: unknown user %v; make users with NewUser", u)
	}
	ch := s.channels[channelID]
	if ch == nil {
		t.Fatalf("discordtest: unknown channel %q; make channels with NewChannel or DMChannel", channelID)
	}
	if ch.typ == discordgo.ChannelTypeDM && ch.recipient.ID != u.ID {
		t.Fatalf("discordtest: user %s is not in DM channel %s", u.Username, channelID)
	}
	if ch.guildID != "" && s.joined(ch.guildID) == nil {
		t.Fatalf("discordtest: the bot is not in guild %s (LeaveGuild): its commands and components are not there to use", ch.guildID)
	}
	if !s.isMember(ch, u.ID) {
		t.Fatalf("discordtest: %s left guild %s (RemoveMember): they cannot use its channels", u.Username, ch.guildID)
	}
	if isThread(ch.typ) && ch.archived {
		// Users "cannot ... use application commands ... in archived
		// threads" (https://discord.com/developers/docs/topics/threads#active-archived-threads):
		// Discord's client first unarchives the thread, which members may
		// do unless it is locked (discord-api-docs issue 8474).
		if ch.locked {
			t.Fatalf("discordtest: thread %s is archived and locked: a member's client cannot unarchive it to interact there", ch.id)
		}
		s.setArchived(ch, false)
	}
	return ch
}

// SetGatewayDelay sets how long the gateway takes to deliver the
// interactions dispatched from now on (Config.GatewayDelay). SlashCommand,
// Click and the others return once the interaction is delivered.
func (s *Server) SetGatewayDelay(d time.Duration) {
	s.mu.Lock()
	s.gatewayDelay = d
	s.mu.Unlock()
}

// SetTokenLifetime sets how long interaction tokens stay valid for
// follow-ups and edits (Config.TokenLifetime, Discord's 15 minutes), for
// the interactions made before as well: 0 expires every token at once, as
// if the bot's work had outlasted Discord's 15 minutes, while the initial
// response keeps its own deadline.
func (s *Server) SetTokenLifetime(d time.Duration) {
	s.mu.Lock()
	s.cfg.TokenLifetime = d
	s.mu.Unlock()
}

// snowflakeTime returns the creation time a snowflake carries.
func snowflakeTime(id string) time.Time {
	n, _ := strconv.ParseUint(id, 10, 64)
	return time.UnixMilli(int64(n>>22) + discordEpoch)
}

// Created returns when Discord created the interaction: the time in its
// ID, from which the 3 s deadline runs.
func (ix *Interaction) Created() time.Time { return snowflakeTime(ix.ID) }

// SlashCommand dispatches the slash command path ("name", "name sub" or
// "name group sub") used by u in channelID, with the given options. The
// command must have been registered (guild or global, available in that
// channel) and the options must satisfy its definition, as Discord's client
// ensures; otherwise the test fails.
func (s *Server) SlashCommand(t testing.TB, u *discordgo.User, channelID, path string, opts ...Option) *Interaction {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.lookup(t, u, channelID)
	data, _, err := s.commandData(ch, path, opts, false)
	if err != nil {
		t.Fatalf("discordtest: SlashCommand: %v", err)
	}
	ix := s.newInteraction(discordgo.InteractionApplicationCommand, u, ch)
	ix.name = strings.Fields(path)[0]
	return s.send(t, ix, s.interactionPayload(ix, ch, data))
}

// Autocomplete dispatches an autocomplete interaction for the slash command
// path while u types in the option marked with Focus; the other options are
// what u has filled in so far (strings, as Discord sends them).
func (s *Server) Autocomplete(t testing.TB, u *discordgo.User, channelID, path string, opts ...Option) *Interaction {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.lookup(t, u, channelID)
	data, focusType, err := s.commandData(ch, path, opts, true)
	if err != nil {
		t.Fatalf("discordtest: Autocomplete: %v", err)
	}
	ix := s.newInteraction(discordgo.InteractionApplicationCommandAutocomplete, u, ch)
	ix.name = strings.Fields(path)[0]
	ix.focusType = focusType
	return s.send(t, ix, s.interactionPayload(ix, ch, data))
}

// findComponent returns the component with customID in message m; call
// with s.mu held.
func (s *Server) findComponent(t testing.TB, u *discordgo.User, msg *Message, customID string) (*message, *component, *channel) {
	t.Helper()
	if msg == nil {
		t.Fatalf("discordtest: no message to interact with")
	}
	m := s.messages[msg.ID]
	if m == nil || m.deleted {
		t.Fatalf("discordtest: message %s does not exist (any more)", msg.ID)
	}
	ch := s.lookup(t, u, m.channelID)
	if m.ephemeral() && m.ephemeralFor != u.ID {
		t.Fatalf("discordtest: %s cannot see ephemeral message %s", u.Username, m.id)
	}
	for _, raw := range m.components {
		row, err := decodeComponent(raw)
		if err != nil {
			continue
		}
		for _, raw := range row.Components {
			c, err := decodeComponent(raw)
			if err == nil && c.customID() == customID {
				if c.Disabled {
					t.Fatalf("discordtest: component %q of message %s is disabled", customID, m.id)
				}
				return m, c, ch
			}
		}
	}
	t.Fatalf("discordtest: message %s has no component with custom_id %q", m.id, customID)
	return nil, nil, nil
}

// Click dispatches u clicking the button with customID on msg (a message
// of the bot, fetched with Message, Original or WaitMessage). The button
// must be there and enabled; the test fails otherwise.
func (s *Server) Click(t testing.TB, u *discordgo.User, msg *Message, customID string) *Interaction {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	m, c, ch := s.findComponent(t, u, msg, customID)
	if c.Type != discordgo.ButtonComponent || c.Style == int(discordgo.LinkButton) || c.Style == int(discordgo.PremiumButton) {
		t.Fatalf("discordtest: component %q is not a button that sends interactions", customID)
	}
	ix := s.newInteraction(discordgo.InteractionMessageComponent, u, ch)
	ix.messageID = m.id
	p := s.interactionPayload(ix, ch, map[string]any{"custom_id": customID, "component_type": discordgo.ButtonComponent})
	p["message"] = s.wire(m)
	return s.send(t, ix, p)
}

// Select dispatches u choosing values in the string select menu with
// customID on msg. The values must be options of the menu, as many as its
// min_values and max_values allow; the test fails otherwise.
func (s *Server) Select(t testing.TB, u *discordgo.User, msg *Message, customID string, values ...string) *Interaction {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	m, c, ch := s.findComponent(t, u, msg, customID)
	if c.Type != discordgo.SelectMenuComponent {
		t.Fatalf("discordtest: component %q is not a string select menu (type %d)", customID, c.Type)
	}
	minV, maxV := 1, 1
	if c.MinValues != nil {
		minV = *c.MinValues
	}
	if c.MaxValues != nil {
		maxV = *c.MaxValues
	}
	if len(values) < minV || len(values) > maxV {
		t.Fatalf("discordtest: select %q takes %d to %d values, got %d", customID, minV, maxV, len(values))
	}
	for i, v := range values {
		if !slices.ContainsFunc(c.Options, func(o selectOption) bool { return o.Value == v }) {
			t.Fatalf("discordtest: select %q has no option %q", customID, v)
		}
		if slices.Contains(values[:i], v) {
			t.Fatalf("discordtest: value %q chosen twice", v)
		}
	}
	ix := s.newInteraction(discordgo.InteractionMessageComponent, u, ch)
	ix.messageID = m.id
	p := s.interactionPayload(ix, ch, map[string]any{"custom_id": customID, "component_type": discordgo.SelectMenuComponent, "values": append([]string{}, values...)})
	p["message"] = s.wire(m)
	return s.send(t, ix, p)
}

// SubmitModal dispatches the user of from submitting the modal the bot
// answered from with, filling its text inputs with values (by custom_id).
// Required inputs must be filled and lengths respected; the test fails
// otherwise.
func (s *Server) SubmitModal(t testing.TB, from *Interaction, values map[string]string) *Interaction {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if from.modal == nil {
		t.Fatalf("discordtest: interaction %s was not answered with a modal", from.ID)
	}
	ch := s.lookup(t, from.User, from.ChannelID)
	var rows []any
	used := 0
	for _, raw := range from.modal.components {
		row, _ := decodeComponent(raw)
		in, _ := decodeComponent(row.Components[0])
		id := in.customID()
		v, ok := values[id]
		if ok {
			used++
		}
		required := in.Required == nil || *in.Required
		if required && v == "" {
			t.Fatalf("discordtest: text input %q is required", id)
		}
		if v != "" && (in.MinLength != nil && runes(v) < *in.MinLength || in.MaxLength != nil && *in.MaxLength > 0 && runes(v) > *in.MaxLength) {
			t.Fatalf("discordtest: value for %q breaks its min_length/max_length", id)
		}
		rows = append(rows, map[string]any{"type": discordgo.ActionsRowComponent, "components": []any{
			map[string]any{"type": discordgo.TextInputComponent, "custom_id": id, "value": v},
		}})
	}
	if used != len(values) {
		t.Fatalf("discordtest: values name text inputs the modal does not have")
	}
	ix := s.newInteraction(discordgo.InteractionModalSubmit, from.User, ch)
	ix.messageID = from.messageID
	p := s.interactionPayload(ix, ch, map[string]any{"custom_id": from.modal.customID, "components": rows})
	if m := s.messages[from.messageID]; m != nil {
		p["message"] = s.wire(m)
	}
	return s.send(t, ix, p)
}

// Redeliver dispatches the interaction again, unchanged, as Discord
// sometimes does: the bot must not answer it twice.
func (ix *Interaction) Redeliver(t testing.TB) {
	t.Helper()
	if !ix.s.dispatch(ix.GuildID, "INTERACTION_CREATE", ix.Payload, 0) {
		t.Fatalf("discordtest: no gateway session to deliver the interaction to")
	}
}

// WaitResponse waits up to timeout for the bot's accepted initial response
// and returns it; the test fails if none comes.
func (ix *Interaction) WaitResponse(t testing.TB, timeout time.Duration) *Response {
	t.Helper()
	var r *Response
	if !ix.s.waitOn(timeout, ix.key, func() bool { r = ix.response; return r != nil }) {
		t.Fatalf("discordtest: no accepted response to interaction %s within %v (violations %v)", ix.ID, timeout, ix.violations())
	}
	return r
}

// Response returns the bot's accepted initial response, or nil if there is
// none yet: for tests that must not fail when none comes (the bot was
// killed).
func (ix *Interaction) Response() *Response {
	ix.s.mu.Lock()
	defer ix.s.mu.Unlock()
	return ix.response
}

// violations returns the violations of requests about ix.
func (ix *Interaction) violations() []Violation {
	var out []Violation
	for _, v := range ix.s.Violations() {
		if v.Request != nil && (strings.Contains(v.Request.Path, ix.ID) || strings.Contains(v.Request.Path, ix.Token)) {
			out = append(out, v)
		}
	}
	return out
}

// Original returns the current state of the original response message (the
// message a component's response updates, for types 6 and 7), or nil if
// there is none (yet) or it was deleted.
func (ix *Interaction) Original() *Message {
	ix.s.mu.Lock()
	defer ix.s.mu.Unlock()
	m := ix.s.messages[ix.original]
	if m == nil || m.deleted {
		return nil
	}
	return ix.s.snapshot(m)
}

// OriginalContent returns the content of the original response message,
// or "" if there is none: cheaper than Original, for load tests that poll.
func (ix *Interaction) OriginalContent() string {
	ix.s.mu.Lock()
	defer ix.s.mu.Unlock()
	m := ix.s.messages[ix.original]
	if m == nil || m.deleted {
		return ""
	}
	return m.content
}

// key names the interaction for waitOn and notifyOf, apart from message
// IDs.
func (ix *Interaction) key() string { return "ix" + ix.ID }

// originalKey names, for waitOn, the original response message, or the
// interaction while it has none; call with s.mu held.
func (ix *Interaction) originalKey() string {
	if ix.original == "" {
		return ix.key()
	}
	return ix.original
}

// WaitOriginalContent waits up to timeout until the content of the
// original response message satisfies cond ("" while there is none), and
// reports whether it did, with the content last seen: for load tests,
// which count what did not happen. It wakes only at changes of this
// interaction and its original message, and calls cond with the fake's
// lock held: cond must not call the Server.
func (ix *Interaction) WaitOriginalContent(timeout time.Duration, cond func(string) bool) (string, bool) {
	s := ix.s
	var content string
	ok := s.waitOn(timeout, ix.originalKey, func() bool {
		content = ""
		if m := s.messages[ix.original]; m != nil && !m.deleted {
			content = m.content
		}
		return cond(content)
	})
	return content, ok
}

// WaitOriginal waits up to timeout until the original response message
// exists and satisfies cond (nil: any state), and returns it; the test
// fails otherwise.
func (ix *Interaction) WaitOriginal(t testing.TB, timeout time.Duration, cond func(*Message) bool) *Message {
	t.Helper()
	var got *Message
	ok := ix.s.waitOn(timeout, ix.originalKey, func() bool {
		m := ix.s.messages[ix.original]
		if m == nil || m.deleted {
			return false
		}
		got = ix.s.snapshot(m)
		return cond == nil || cond(got)
	})
	if !ok {
		t.Fatalf("discordtest: original response of %s not as wanted within %v (last %v; violations %v)", ix.ID, timeout, describe(got), ix.violations())
	}
	return got
}

func describe(m *Message) string {
	if m == nil {
		return "none"
	}
	return fmt.Sprintf("content %q, %d embeds, %d component rows, %d attachments, flags %d", m.Content, len(m.Embeds), len(m.Components), len(m.Attachments), m.Flags)
}

// Followups returns the live follow-up messages of the interaction, oldest
// first.
func (ix *Interaction) Followups() []*Message {
	ix.s.mu.Lock()
	defer ix.s.mu.Unlock()
	return ix.followupsLocked()
}

func (ix *Interaction) followupsLocked() []*Message {
	var out []*Message
	for _, id := range ix.followups {
		if m := ix.s.messages[id]; m != nil && !m.deleted {
			out = append(out, ix.s.snapshot(m))
		}
	}
	return out
}

// WaitFollowups waits up to timeout until the interaction has at least n
// live follow-up messages and returns them; the test fails otherwise.
func (ix *Interaction) WaitFollowups(t testing.TB, n int, timeout time.Duration) []*Message {
	t.Helper()
	var got []*Message
	if !ix.s.wait(timeout, func() bool { got = ix.followupsLocked(); return len(got) >= n }) {
		t.Fatalf("discordtest: %d follow-ups of %s within %v, want %d (violations %v)", len(got), ix.ID, timeout, n, ix.violations())
	}
	return got
}

// allowedResponses lists the response types each interaction type accepts.
var allowedResponses = map[discordgo.InteractionType][]discordgo.InteractionResponseType{
	discordgo.InteractionApplicationCommand: {
		discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.InteractionResponseModal,
		LaunchActivity,
	},
	discordgo.InteractionMessageComponent: {
		discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource,
		discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage, discordgo.InteractionResponseModal,
		LaunchActivity,
	},
	discordgo.InteractionApplicationCommandAutocomplete: {discordgo.InteractionApplicationCommandAutocompleteResult},
	discordgo.InteractionModalSubmit: {
		discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource,
		discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage, LaunchActivity,
	},
}

// responseFlags lists the message flags each response type may carry.
var responseFlags = map[discordgo.InteractionResponseType]discordgo.MessageFlags{
	discordgo.InteractionResponseChannelMessageWithSource:         discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsSuppressEmbeds | discordgo.MessageFlagsSuppressNotifications,
	discordgo.InteractionResponseDeferredChannelMessageWithSource: discordgo.MessageFlagsEphemeral,
	discordgo.InteractionResponseUpdateMessage:                    discordgo.MessageFlagsSuppressEmbeds,
}

func (s *Server) postCallback(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ix := s.interactions[c.r.PathValue("interaction")]
	if ix == nil || ix.Token != c.r.PathValue("token") {
		return nil, errUnknownInteraction
	}
	if ix.response != nil {
		return nil, errAcknowledged
	}
	latency := time.Since(ix.created)
	if latency > s.cfg.InteractionDeadline {
		e := *errUnknownInteraction
		e.detail = fmt.Sprintf("answered %v after its creation, deadline %v", latency.Round(time.Millisecond), s.cfg.InteractionDeadline)
		return nil, &e
	}
	var d struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	if err := json.Unmarshal(c.payload, &d); err != nil {
		return nil, errForm(fieldError{"type", "MODEL_TYPE_CONVERT", err.Error()})
	}
	if !slices.Contains(allowedResponses[ix.Type], d.Type) {
		return nil, errForm(fieldError{"type", "INTERACTION_RESPONSE_TYPE_INVALID", fmt.Sprintf("Response type %d is not valid for an interaction of type %v.", d.Type, ix.Type)})
	}
	if (d.Type == discordgo.InteractionResponseDeferredMessageUpdate || d.Type == discordgo.InteractionResponseUpdateMessage) && ix.messageID == "" {
		return nil, errForm(fieldError{"type", "INTERACTION_RESPONSE_TYPE_INVALID", "Only interactions from a message component can update a message."})
	}
	b, errs := parseBody(d.Data, "data.")
	if errs != nil {
		return nil, errForm(errs...)
	}
	allowed := responseFlags[d.Type]
	if m := s.messages[ix.messageID]; d.Type == discordgo.InteractionResponseUpdateMessage && m != nil && m.ephemeral() {
		allowed |= discordgo.MessageFlagsEphemeral // unchanged ephemerality may be restated
	}
	if b.flags&^allowed != 0 {
		return nil, errForm(fieldError{"data.flags", "INTERACTION_RESPONSE_FLAGS_INVALID", fmt.Sprintf("Flags %d are not allowed on a response of type %d (allowed: %d).", b.flags, d.Type, allowed)})
	}
	resp := &Response{Type: d.Type, Files: c.files, Latency: latency}
	if len(d.Data) > 0 && string(d.Data) != "null" {
		resp.Data = decodeResponseData(d.Data)
	}
	if len(c.files) > 0 && d.Type != discordgo.InteractionResponseChannelMessageWithSource && d.Type != discordgo.InteractionResponseUpdateMessage {
		return nil, errForm(fieldError{"files", "INTERACTION_RESPONSE_FILES_INVALID", fmt.Sprintf("A response of type %d cannot carry files.", d.Type)})
	}

	ch := s.channels[ix.ChannelID]
	instance := ""
	switch d.Type {
	case LaunchActivity:
		if b.hasMessageFields() {
			return nil, errForm(fieldError{"data", "INTERACTION_RESPONSE_DATA_INVALID", "A LAUNCH_ACTIVITY response carries no data."})
		}
		var err *apiError
		if instance, err = s.launchActivity(ix); err != nil {
			return nil, err
		}
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		// The bot's channel permissions do not matter here: apps "always
		// have the EMBED_LINKS and ATTACH_FILES permissions when responding
		// to interactions" (discord-api-docs issue 5316), and need no
		// SEND_MESSAGES. A thread archived since the interaction is
		// unarchived, as by any message, unless it is locked.
		if err := s.interactionSend(ch); err != nil {
			return nil, err
		}
		m := s.newMessage(ch)
		m.webhookID = s.appID
		m.typ = discordgo.MessageTypeReply
		if ix.Type == discordgo.InteractionApplicationCommand {
			m.typ = discordgo.MessageTypeChatInputCommand
		}
		m.interaction = &interactionMeta{ID: ix.ID, Type: ix.Type, Name: ix.name, User: userPayload(ix.User)}
		m.flags = b.flags
		if m.ephemeral() {
			m.ephemeralFor = ix.User.ID
		}
		if d.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			if b.hasMessageFields() {
				c.note("a deferred response (type 5) shows only \"thinking\": its content, embeds, components and attachments are ignored; edit the original response instead")
			}
			m.flags |= discordgo.MessageFlagsLoading
		} else {
			e, notes := s.apply(m, b, c.files, "data.", false)
			c.notes = append(c.notes, notes...)
			if e != nil {
				return nil, errForm(e...)
			}
			if m.empty() {
				return nil, errEmptyMessage
			}
		}
		ix.original = m.id
		s.unarchiveBySend(ch)
		s.commit(m, "MESSAGE_CREATE")
	case discordgo.InteractionResponseDeferredMessageUpdate:
		if b.hasMessageFields() {
			c.note("a deferred update (type 6) changes nothing: its data is ignored; use type 7 or edit the original response")
		}
		ix.original = ix.messageID
	case discordgo.InteractionResponseUpdateMessage:
		old := s.messages[ix.messageID]
		if old == nil || old.deleted {
			return nil, errUnknownMessage
		}
		if ch.archived {
			return nil, errThreadArchived
		}
		m := old.clone()
		if b.has["flags"] {
			m.flags = old.flags&^discordgo.MessageFlagsSuppressEmbeds | b.flags
		}
		e, notes := s.apply(m, b, c.files, "data.", true)
		c.notes = append(c.notes, notes...)
		if e != nil {
			return nil, errForm(e...)
		}
		if m.empty() {
			return nil, errEmptyMessage
		}
		now := time.Now()
		m.edited = &now
		ix.original = m.id
		s.commit(m, "MESSAGE_UPDATE")
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		if b.hasMessageFields() {
			return nil, errForm(fieldError{"data", "INTERACTION_RESPONSE_DATA_INVALID", "An autocomplete result carries only choices."})
		}
		if e := validateChoices(b, ix.focusType); e != nil {
			return nil, errForm(e...)
		}
	case discordgo.InteractionResponseModal:
		if e := validateModal(b); e != nil {
			return nil, errForm(e...)
		}
		ix.modal = b
	}
	ix.response = resp
	s.notify()
	s.notifyOf(ix.key())
	if c.r.URL.Query().Get("with_response") == "true" {
		return s.callbackResponse(ix, d.Type, instance), nil
	}
	return nil, nil
}

// decodeResponseData decodes interaction response data with its components.
func decodeResponseData(raw json.RawMessage) *discordgo.InteractionResponseData {
	var d struct {
		discordgo.InteractionResponseData
		Components []json.RawMessage `json:"components"`
	}
	json.Unmarshal(raw, &d)
	out := d.InteractionResponseData
	for _, c := range d.Components {
		if mc, err := discordgo.MessageComponentFromJSON(c); err == nil {
			out.Components = append(out.Components, mc)
		}
	}
	return &out
}

// webhookInteraction finds the interaction whose token a webhook route
// carries, checking that it may use webhooks; call with s.mu held.
func (s *Server) webhookInteraction(c *call) (*Interaction, *apiError) {
	if c.r.PathValue("app") != s.appID {
		return nil, errUnknownWebhook
	}
	ix := s.byToken[c.r.PathValue("token")]
	switch {
	case ix == nil:
		return nil, errWebhookToken
	case time.Since(ix.created) >= s.cfg.TokenLifetime:
		// "Interaction tokens are valid for 15 minutes and can be used to
		// send followup messages"; after that Discord answers 401, code
		// 50027 Invalid Webhook Token
		// (https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages,
		// https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
		e := *errWebhookToken
		e.detail = "the interaction token expired"
		return nil, &e
	case ix.response == nil:
		e := *errUnknownWebhook
		e.detail = "the interaction has no initial response yet"
		return nil, &e
	}
	return ix, nil
}

// webhookMessage finds the message a webhook message route names.
func (s *Server) webhookMessage(c *call) (*Interaction, *message, *apiError) {
	ix, err := s.webhookInteraction(c)
	if err != nil {
		return nil, nil, err
	}
	id := c.r.PathValue("message")
	if id == "@original" {
		id = ix.original
	} else if id != ix.original && !slices.Contains(ix.followups, id) {
		return nil, nil, errUnknownMessage
	}
	m := s.messages[id]
	if m == nil || m.deleted {
		return nil, nil, errUnknownMessage
	}
	return ix, m, nil
}

func (s *Server) getWebhookMessage(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, m, err := s.webhookMessage(c)
	if err != nil {
		return nil, err
	}
	return s.wire(m), nil
}

func (s *Server) patchWebhookMessage(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, old, apiErr := s.webhookMessage(c)
	if apiErr != nil {
		return nil, apiErr
	}
	if ch := s.channels[old.channelID]; ch != nil && ch.archived {
		return nil, errThreadArchived // editing a message in an archived thread
	}
	b, errs := parseBody(c.payload, "")
	if errs != nil {
		return nil, errForm(errs...)
	}
	if b.has["flags"] && b.flags != 0 {
		return nil, errForm(fieldError{"flags", "MESSAGE_FLAGS_INVALID", "Flags cannot be changed by editing an interaction message; ephemerality is fixed by the initial response."})
	}
	m := old.clone()
	m.flags &^= discordgo.MessageFlagsLoading
	e, notes := s.apply(m, b, c.files, "", true)
	c.notes = append(c.notes, notes...)
	if e != nil {
		return nil, errForm(e...)
	}
	if m.empty() {
		return nil, errEmptyMessage
	}
	now := time.Now()
	m.edited = &now
	s.commit(m, "MESSAGE_UPDATE")
	return s.wire(m), nil
}

func (s *Server) deleteWebhookMessage(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, old, err := s.webhookMessage(c)
	if err != nil {
		return nil, err
	}
	m := old.clone()
	m.deleted = true
	s.commit(m, "MESSAGE_DELETE")
	return nil, nil
}

// followupFlags are the flags a follow-up message may carry.
const followupFlags = discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsSuppressEmbeds | discordgo.MessageFlagsSuppressNotifications

func (s *Server) postFollowup(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ix, apiErr := s.webhookInteraction(c)
	if apiErr != nil {
		return nil, apiErr
	}
	switch ix.response.Type {
	case discordgo.InteractionApplicationCommandAutocompleteResult, discordgo.InteractionResponseModal:
		return nil, errUnknownWebhook
	}
	if c.rec.Query.Get("thread_id") != "" {
		c.note("thread_id on an interaction follow-up is not implemented by discordtest")
	}
	b, errs := parseBody(c.payload, "")
	if errs != nil {
		return nil, errForm(errs...)
	}
	if b.flags&^followupFlags != 0 {
		return nil, errForm(fieldError{"flags", "MESSAGE_FLAGS_INVALID", fmt.Sprintf("Flags %d are not allowed on a follow-up (allowed: %d).", b.flags, followupFlags)})
	}
	ch := s.channels[ix.ChannelID]
	// The first follow-up after a deferred response replaces the "thinking"
	// message, keeping its ephemerality.
	if orig := s.messages[ix.original]; ix.response.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource &&
		orig != nil && !orig.deleted && orig.flags&discordgo.MessageFlagsLoading != 0 {
		if ch.archived {
			return nil, errThreadArchived // it edits the original
		}
		m := orig.clone()
		m.flags &^= discordgo.MessageFlagsLoading
		m.flags |= b.flags &^ discordgo.MessageFlagsEphemeral
		e, notes := s.apply(m, b, c.files, "", true)
		c.notes = append(c.notes, notes...)
		if e != nil {
			return nil, errForm(e...)
		}
		if m.empty() {
			return nil, errEmptyMessage
		}
		now := time.Now()
		m.edited = &now
		s.commit(m, "MESSAGE_UPDATE")
		return s.wire(m), nil
	}
	if err := s.interactionSend(ch); err != nil {
		return nil, err
	}
	m := s.newMessage(ch)
	m.webhookID = s.appID
	m.flags = b.flags
	m.interaction = &interactionMeta{ID: ix.ID, Type: ix.Type, Name: ix.name, User: userPayload(ix.User)}
	if m.ephemeral() {
		m.ephemeralFor = ix.User.ID
	}
	e, notes := s.apply(m, b, c.files, "", false)
	c.notes = append(c.notes, notes...)
	if e != nil {
		return nil, errForm(e...)
	}
	if m.empty() {
		return nil, errEmptyMessage
	}
	ix.followups = append(ix.followups, m.id)
	s.unarchiveBySend(ch)
	s.commit(m, "MESSAGE_CREATE")
	return s.wire(m), nil
}

// interactionSend checks that an interaction message may be posted in c:
// only an archived and locked thread refuses it (50083: it cannot be
// unarchived but by MANAGE_THREADS). Call with s.mu held.
func (s *Server) interactionSend(c *channel) *apiError {
	if isThread(c.typ) && c.archived && c.locked {
		e := *errThreadArchived
		e.detail = "the thread is locked, and only MANAGE_THREADS can unarchive it"
		return &e
	}
	return nil
}
