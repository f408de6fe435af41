package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"net/http"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// message is a stored message; it is replaced, never modified in place,
// once shared (edits work on a copy and commit it only if valid).
type message struct {
	id, channelID, guildID string
	author                 *discordgo.User
	webhookID              string // the application ID for interaction messages
	typ                    discordgo.MessageType
	content                string
	tts                    bool
	embeds                 []*discordgo.MessageEmbed
	components             []json.RawMessage
	attachments            []*attachment
	flags                  discordgo.MessageFlags
	created                time.Time
	edited                 *time.Time
	interaction            *interactionMeta
	ephemeralFor           string // the user who may see an ephemeral message
	reference              *discordgo.MessageReference
	thread                 string
	deleted                bool
}

type attachment struct {
	meta discordgo.MessageAttachment
	data []byte
}

type interactionMeta struct {
	ID   string                    `json:"id"`
	Type discordgo.InteractionType `json:"type"`
	Name string                    `json:"name,omitempty"`
	User map[string]any            `json:"user"`
}

func (m *message) clone() *message {
	c := *m
	c.embeds = slices.Clone(m.embeds)
	c.components = slices.Clone(m.components)
	c.attachments = slices.Clone(m.attachments)
	return &c
}

func (m *message) ephemeral() bool { return m.flags&discordgo.MessageFlagsEphemeral != 0 }

// Message is a snapshot of a stored message as Discord's API would return
// it, with the contents of its attachments.
type Message struct {
	*discordgo.Message
	// Files holds the contents of Attachments, in the same order.
	Files []*File
}

// Images decodes every attachment as an image (PNG, GIF or JPEG).
func (m *Message) Images() ([]image.Image, error) {
	out := make([]image.Image, len(m.Files))
	for i, f := range m.Files {
		img, err := f.Image()
		if err != nil {
			return nil, err
		}
		out[i] = img
	}
	return out, nil
}

// Buttons returns the message's buttons, row by row.
func (m *Message) Buttons() []*discordgo.Button {
	var out []*discordgo.Button
	for _, c := range m.Components {
		if row, ok := c.(*discordgo.ActionsRow); ok {
			for _, x := range row.Components {
				if b, ok := x.(*discordgo.Button); ok {
					out = append(out, b)
				}
			}
		}
	}
	return out
}

// SelectMenus returns the message's select menus.
func (m *Message) SelectMenus() []*discordgo.SelectMenu {
	var out []*discordgo.SelectMenu
	for _, c := range m.Components {
		if row, ok := c.(*discordgo.ActionsRow); ok {
			for _, x := range row.Components {
				if sm, ok := x.(*discordgo.SelectMenu); ok {
					out = append(out, sm)
				}
			}
		}
	}
	return out
}

// snapshot returns m as a Message; call with s.mu held.
func (s *Server) snapshot(m *message) *Message {
	return snapshotOf(s.wire(m), m)
}

// snapshotOf decodes w, the wire form of m, as discordgo would. A committed
// message is never changed (an edit commits a copy), so it needs no lock:
// the fake's lock is held only to make w.
func snapshotOf(w wireMessage, m *message) *Message {
	b, err := json.Marshal(w)
	if err != nil {
		panic(fmt.Sprintf("discordtest: marshal message: %v", err))
	}
	out := &Message{Message: new(discordgo.Message)}
	if err := json.Unmarshal(b, out.Message); err != nil {
		panic(fmt.Sprintf("discordtest: discordgo cannot read the fake's message: %v\n%s", err, b))
	}
	for _, a := range m.attachments {
		out.Files = append(out.Files, &File{Name: a.meta.Filename, ContentType: a.meta.ContentType, Data: a.data})
	}
	return out
}

// Message returns the current state of a message, or nil if there is no
// such message in channelID (or it was deleted). Ephemeral messages are
// included.
func (s *Server) Message(channelID, messageID string) *Message {
	s.mu.Lock()
	m := s.messages[messageID]
	if m == nil || m.deleted || m.channelID != channelID {
		s.mu.Unlock()
		return nil
	}
	w := s.wire(m)
	s.mu.Unlock()
	return snapshotOf(w, m)
}

// WaitMessageUntil waits up to timeout until the message messageID of
// channelID is live and cond returns true for it, and returns it; nil if
// it does not come to that in time (the test goes on: for load tests,
// which count what did not happen). cond is called at each change of that
// message only, and without the fake's lock.
func (s *Server) WaitMessageUntil(channelID, messageID string, timeout time.Duration, cond func(*Message) bool) *Message {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		next := s.watch(messageID)
		s.mu.Unlock()
		if m := s.Message(channelID, messageID); m != nil && cond(m) {
			return m
		}
		select {
		case <-next:
		case <-deadline.C:
			return nil
		}
	}
}

// Messages returns the messages of a channel that are not deleted, oldest
// first, ephemeral ones included.
func (s *Server) Messages(channelID string) []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Message
	for _, m := range s.sortedMessages(channelID) {
		out = append(out, s.snapshot(m))
	}
	return out
}

// sortedMessages returns a channel's live messages by ID; call with s.mu held.
func (s *Server) sortedMessages(channelID string) []*message {
	var ms []*message
	for _, m := range s.messages {
		if m.channelID == channelID && !m.deleted {
			ms = append(ms, m)
		}
	}
	slices.SortFunc(ms, func(a, b *message) int { return compareIDs(a.id, b.id) })
	return ms
}

func compareIDs(a, b string) int {
	x, _ := strconv.ParseUint(a, 10, 64)
	y, _ := strconv.ParseUint(b, 10, 64)
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// WaitMessage waits up to timeout for a live message (in any channel) for
// which match returns true and returns it; the test fails otherwise.
func (s *Server) WaitMessage(t testing.TB, timeout time.Duration, match func(*Message) bool) *Message {
	t.Helper()
	var got *Message
	ok := s.wait(timeout, func() bool {
		ids := make([]string, 0, len(s.messages))
		for id, m := range s.messages {
			if !m.deleted {
				ids = append(ids, id)
			}
		}
		slices.SortFunc(ids, compareIDs)
		for _, id := range ids {
			if snap := s.snapshot(s.messages[id]); match(snap) {
				got = snap
				return true
			}
		}
		return false
	})
	if !ok {
		t.Fatalf("discordtest: no matching message within %v (violations %v)", timeout, s.Violations())
	}
	return got
}

// wireMessage is a message object as Discord's API serialises it.
type wireMessage struct {
	ID                  string                        `json:"id"`
	Type                discordgo.MessageType         `json:"type"`
	ChannelID           string                        `json:"channel_id"`
	GuildID             string                        `json:"guild_id,omitempty"`
	Author              map[string]any                `json:"author"`
	Content             string                        `json:"content"`
	Timestamp           string                        `json:"timestamp"`
	EditedTimestamp     *string                       `json:"edited_timestamp"`
	TTS                 bool                          `json:"tts"`
	MentionEveryone     bool                          `json:"mention_everyone"`
	Mentions            []any                         `json:"mentions"`
	MentionRoles        []string                      `json:"mention_roles"`
	Attachments         []discordgo.MessageAttachment `json:"attachments"`
	Embeds              []*discordgo.MessageEmbed     `json:"embeds"`
	Components          []json.RawMessage             `json:"components"`
	Pinned              bool                          `json:"pinned"`
	Flags               discordgo.MessageFlags        `json:"flags"`
	WebhookID           string                        `json:"webhook_id,omitempty"`
	ApplicationID       string                        `json:"application_id,omitempty"`
	Interaction         *interactionMeta              `json:"interaction,omitempty"`
	InteractionMetadata *interactionMeta              `json:"interaction_metadata,omitempty"`
	MessageReference    *discordgo.MessageReference   `json:"message_reference,omitempty"`
	Thread              map[string]any                `json:"thread,omitempty"`
}

// wire returns m as Discord serialises it; call with s.mu held.
func (s *Server) wire(m *message) wireMessage {
	w := wireMessage{
		ID: m.id, Type: m.typ, ChannelID: m.channelID, GuildID: m.guildID,
		Author: userPayload(m.author), Content: m.content, TTS: m.tts,
		Timestamp:    m.created.UTC().Format(time.RFC3339Nano),
		Mentions:     []any{},
		MentionRoles: []string{},
		Attachments:  []discordgo.MessageAttachment{},
		Embeds:       m.embeds,
		Components:   m.components,
		Flags:        m.flags,
		WebhookID:    m.webhookID,
		Interaction:  m.interaction, InteractionMetadata: m.interaction,
		MessageReference: m.reference,
	}
	if w.Embeds == nil {
		w.Embeds = []*discordgo.MessageEmbed{}
	}
	if w.Components == nil {
		w.Components = []json.RawMessage{}
	}
	if m.webhookID != "" {
		w.ApplicationID = m.webhookID
	}
	if m.edited != nil {
		e := m.edited.UTC().Format(time.RFC3339Nano)
		w.EditedTimestamp = &e
	}
	for _, a := range m.attachments {
		w.Attachments = append(w.Attachments, a.meta)
	}
	if c := s.channels[m.thread]; c != nil {
		w.Thread = channelPayload(c)
	}
	return w
}

// messageBody is a decoded message payload: a new message, an edit, or the
// data of an interaction response. has records which keys were present.
type messageBody struct {
	has             map[string]bool
	content         string
	tts             bool
	embeds          []*discordgo.MessageEmbed
	components      []json.RawMessage
	attachments     []attachmentRef
	allowedMentions *allowedMentions
	flags           discordgo.MessageFlags
	choices         []json.RawMessage
	customID, title string
	reference       *discordgo.MessageReference
}

type attachmentRef struct {
	id       string
	filename string
}

type allowedMentions struct {
	Parse       []string `json:"parse"`
	Users       []string `json:"users"`
	Roles       []string `json:"roles"`
	RepliedUser bool     `json:"replied_user"`
}

// parseBody decodes a message payload; prefix starts the field paths of
// its errors ("data." for interaction responses).
func parseBody(raw []byte, prefix string) (*messageBody, []fieldError) {
	b := &messageBody{has: map[string]bool{}}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return b, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, []fieldError{{trimDot(prefix), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"}}
	}
	var errs []fieldError
	get := func(key string, v any) {
		r, ok := fields[key]
		if !ok {
			return
		}
		if string(r) == "null" {
			// null clears a field, except components and attachments, which
			// Discord leaves as they are (discord-api-docs issue 5860).
			b.has[key] = key != "components" && key != "attachments"
			return
		}
		b.has[key] = true
		if err := json.Unmarshal(r, v); err != nil {
			errs = append(errs, fieldError{prefix + key, "MODEL_TYPE_CONVERT", "Could not interpret " + shorten(string(r)) + " as the expected type."})
		}
	}
	get("content", &b.content)
	get("tts", &b.tts)
	get("embeds", &b.embeds)
	get("components", &b.components)
	var refs []map[string]json.RawMessage
	get("attachments", &refs)
	for i, r := range refs {
		var id string
		if err := json.Unmarshal(r["id"], &id); err != nil {
			var n json.Number
			if err := json.Unmarshal(r["id"], &n); err != nil {
				errs = append(errs, fieldError{fmt.Sprintf("%sattachments.%d.id", prefix, i), "MODEL_TYPE_CONVERT", "Value is not a snowflake."})
				continue
			}
			id = n.String()
		}
		ref := attachmentRef{id: id}
		json.Unmarshal(r["filename"], &ref.filename)
		b.attachments = append(b.attachments, ref)
	}
	get("allowed_mentions", &b.allowedMentions)
	get("flags", &b.flags)
	get("choices", &b.choices)
	get("custom_id", &b.customID)
	get("title", &b.title)
	get("message_reference", &b.reference)
	return b, errs
}

func shorten(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

func trimDot(p string) string {
	if p == "" {
		return "_root"
	}
	return p[:len(p)-1]
}

// hasMessageFields reports whether b gives any part of a message (empty
// values, which discordgo always sends in interaction responses, do not
// count).
func (b *messageBody) hasMessageFields() bool {
	return b.content != "" || len(b.embeds) > 0 || len(b.components) > 0 || len(b.attachments) > 0
}

// apply applies b (and the uploaded files) to m, a fresh message or a copy
// of the one being edited, with Discord's v9 semantics: fields present
// replace the old ones (null clears them), absent ones stay; uploaded files
// are appended; an attachments list keeps only the listed old attachments.
// It returns the form errors and the rules broken in a way Discord accepts.
// Call with s.mu held.
func (s *Server) apply(m *message, b *messageBody, files []*File, prefix string, edit bool) (errs []fieldError, notes []string) {
	if b.has["content"] {
		m.content = b.content
	}
	if b.has["tts"] {
		m.tts = b.tts
	}
	if b.has["embeds"] {
		m.embeds = b.embeds
		for _, e := range m.embeds {
			if e != nil && e.Type == "" {
				e.Type = discordgo.EmbedTypeRich
			}
		}
	}
	if b.has["components"] {
		m.components = b.components
	}
	byIndex := map[int]*File{}
	for _, f := range files {
		byIndex[fileIndex(f)] = f
	}
	names := map[int]string{}
	var kept []*attachment
	for i, ref := range b.attachments {
		if n, err := strconv.Atoi(ref.id); err == nil && byIndex[n] != nil && len(ref.id) < 4 {
			names[n] = ref.filename
			continue
		}
		if edit {
			if j := slices.IndexFunc(m.attachments, func(a *attachment) bool { return a.meta.ID == ref.id }); j >= 0 {
				kept = append(kept, m.attachments[j])
				continue
			}
		}
		errs = append(errs, fieldError{fmt.Sprintf("%sattachments.%d.id", prefix, i), "ATTACHMENT_NOT_FOUND", "Unknown attachment " + ref.id + ": neither an attachment of the message nor the index of an uploaded file."})
	}
	if !edit || b.has["attachments"] {
		m.attachments = kept
	}
	indexes := make([]int, 0, len(byIndex))
	for n := range byIndex {
		indexes = append(indexes, n)
	}
	slices.Sort(indexes)
	for _, n := range indexes {
		f := byIndex[n]
		name := f.Name
		if names[n] != "" {
			name = names[n]
		}
		m.attachments = append(m.attachments, s.newAttachment(m.channelID, name, f))
	}
	if len(m.attachments) > MaxFiles {
		errs = append(errs, fieldError{prefix + "attachments", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", MaxFiles)})
	}
	if b.allowedMentions != nil {
		errs = append(errs, validateMentions(prefix+"allowed_mentions", b.allowedMentions)...)
	}
	errs = append(errs, validateContent(prefix, m.content)...)
	errs = append(errs, validateEmbeds(prefix+"embeds", m.embeds)...)
	errs = append(errs, validateComponents(prefix+"components", m.components, m.flags)...)
	notes = append(notes, attachmentLinks(m)...)
	return errs, notes
}

// empty reports whether m has nothing to show, which Discord refuses.
func (m *message) empty() bool {
	return m.content == "" && len(m.embeds) == 0 && len(m.components) == 0 && len(m.attachments) == 0
}

// newAttachment stores an uploaded file as an attachment; call with s.mu held.
func (s *Server) newAttachment(channelID, name string, f *File) *attachment {
	id := s.newID()
	a := &attachment{data: f.Data, meta: discordgo.MessageAttachment{
		ID: id, Filename: name, Size: len(f.Data), ContentType: f.ContentType,
		URL: s.base + "/attachments/" + channelID + "/" + id + "/" + name,
	}}
	a.meta.ProxyURL = a.meta.URL
	if a.meta.ContentType == "" || a.meta.ContentType == "application/octet-stream" {
		a.meta.ContentType = http.DetectContentType(f.Data)
	}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(f.Data)); err == nil {
		a.meta.Width, a.meta.Height = cfg.Width, cfg.Height
	}
	return a
}

// commit stores m (new or edited), queues its gateway event and wakes
// waiters; call with s.mu held.
func (s *Server) commit(m *message, event string) {
	s.messages[m.id] = m
	s.notify()
	s.notifyOf(m.id)
	if m.ephemeral() {
		return
	}
	intent := discordgo.IntentGuildMessages
	if m.guildID == "" {
		intent = discordgo.IntentDirectMessages
	}
	if !s.wanted(m.guildID, intent) {
		return
	}
	var payload any
	if event == "MESSAGE_DELETE" {
		payload = map[string]any{"id": m.id, "channel_id": m.channelID, "guild_id": m.guildID}
	} else {
		payload = s.wire(m)
	}
	s.queue(m.guildID, event, payload, intent)
}

// newMessage makes a message from the bot in channel c; call with s.mu held.
func (s *Server) newMessage(c *channel) *message {
	return &message{id: s.newID(), channelID: c.id, guildID: c.guildID, author: s.bot, created: time.Now()}
}

func (s *Server) postMessage(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[c.r.PathValue("channel")]
	if ch == nil {
		return nil, errUnknownChannel
	}
	if err := s.dmRefused(ch); err != nil {
		return nil, err
	}
	b, errs := parseBody(c.payload, "")
	if errs != nil {
		return nil, errForm(errs...)
	}
	// https://discord.com/developers/docs/resources/message#create-message:
	// SEND_MESSAGES (SEND_MESSAGES_IN_THREADS in threads), and
	// READ_MESSAGE_HISTORY for a reply. Without EMBED_LINKS or ATTACH_FILES
	// Discord refuses embeds and files with 50013 (discord-api-docs issue
	// 2601: "Forbidden 403: 'Missing Permissions' ... when you try to send
	// an embed ... with the permission disabled").
	perms := int64(discordgo.PermissionSendMessages)
	if len(b.embeds) > 0 {
		perms |= discordgo.PermissionEmbedLinks
	}
	if len(c.files) > 0 {
		perms |= discordgo.PermissionAttachFiles
	}
	if b.reference != nil {
		perms |= discordgo.PermissionReadMessageHistory
	}
	if b.tts {
		perms |= discordgo.PermissionSendTTSMessages
	}
	if err := s.need(ch, perms); err != nil {
		return nil, err
	}
	if err := s.threadSend(ch, s.canManageThreads(ch)); err != nil {
		return nil, err
	}
	nonce, enforce, err := messageNonce(c.payload)
	if err != nil {
		return nil, err
	}
	if old := s.messages[s.nonces[nonce]]; enforce && old != nil && time.Since(old.created) < nonceWindow {
		// "enforce_nonce: If true and nonce is present, it will be
		// checked for uniqueness in the past few minutes. If another
		// message was created by the same author with the same nonce,
		// that message will be returned and no new message will be
		// created." (https://discord.com/developers/docs/resources/message#create-message)
		return s.wire(old), nil
	}
	m := s.newMessage(ch)
	if enforce {
		defer func() { s.nonces[nonce] = m.id }()
	}
	m.flags = b.flags
	if b.flags&^(discordgo.MessageFlagsSuppressEmbeds|discordgo.MessageFlagsSuppressNotifications) != 0 {
		errs = append(errs, fieldError{"flags", "MESSAGE_FLAGS_INVALID", fmt.Sprintf("Flags %d not allowed on a channel message (only SUPPRESS_EMBEDS and SUPPRESS_NOTIFICATIONS; EPHEMERAL needs an interaction response).", b.flags)})
	}
	if ref := b.reference; ref != nil {
		target := s.messages[ref.MessageID]
		if target == nil || target.deleted || target.channelID != m.channelID || target.ephemeral() {
			if ref.FailIfNotExists == nil || *ref.FailIfNotExists {
				errs = append(errs, fieldError{"message_reference", "REPLIES_UNKNOWN_MESSAGE", "Unknown message"})
			}
		} else {
			m.typ = discordgo.MessageTypeReply
			m.reference = &discordgo.MessageReference{MessageID: target.id, ChannelID: target.channelID, GuildID: target.guildID}
		}
	}
	e, notes := s.apply(m, b, c.files, "", false)
	c.notes = append(c.notes, notes...)
	if errs = append(errs, e...); errs != nil {
		return nil, errForm(errs...)
	}
	if m.empty() {
		return nil, errEmptyMessage
	}
	s.unarchiveBySend(ch)
	s.commit(m, "MESSAGE_CREATE")
	return s.wire(m), nil
}

// nonceWindow is how long the fake remembers a message's nonce for
// enforce_nonce: Discord says "the past few minutes".
const nonceWindow = 5 * time.Minute

// messageNonce returns a Create Message payload's nonce ("" for none; an
// integer or a string of at most 25 characters) and whether enforce_nonce
// asks for it to be unique.
func messageNonce(payload []byte) (string, bool, *apiError) {
	var f struct {
		Nonce   json.RawMessage `json:"nonce"`
		Enforce bool            `json:"enforce_nonce"`
	}
	json.Unmarshal(payload, &f)
	if len(f.Nonce) == 0 || string(f.Nonce) == "null" {
		return "", false, nil
	}
	var nonce string
	if json.Unmarshal(f.Nonce, &nonce) != nil {
		var n json.Number
		if json.Unmarshal(f.Nonce, &n) != nil {
			return "", false, errForm(fieldError{"nonce", "MODEL_TYPE_CONVERT", "Could not interpret " + shorten(string(f.Nonce)) + " as an integer or a string."})
		}
		nonce = n.String()
	}
	if len(nonce) > 25 {
		return "", false, errForm(fieldError{"nonce", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."})
	}
	return nonce, f.Enforce && nonce != "", nil
}

// channelMessage finds a message the bot can reach through channel
// endpoints, with the permissions perms (see need); call with s.mu held.
func (s *Server) channelMessage(c *call, perms int64) (*message, *apiError) {
	ch := s.channels[c.r.PathValue("channel")]
	if ch == nil {
		return nil, errUnknownChannel
	}
	if err := s.need(ch, perms); err != nil {
		return nil, err
	}
	m := s.messages[c.r.PathValue("message")]
	if m == nil || m.deleted || m.channelID != c.r.PathValue("channel") || m.ephemeral() {
		return nil, errUnknownMessage
	}
	return m, nil
}

func (s *Server) getMessage(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// "requires the current user to have the VIEW_CHANNEL and
	// READ_MESSAGE_HISTORY permissions"
	// (https://discord.com/developers/docs/resources/message#get-channel-message)
	m, err := s.channelMessage(c, discordgo.PermissionReadMessageHistory)
	if err != nil {
		return nil, err
	}
	return s.wire(m), nil
}

func (s *Server) getMessages(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := c.r.PathValue("channel")
	ch := s.channels[id]
	if ch == nil {
		return nil, errUnknownChannel
	}
	if err := s.need(ch, 0); err != nil {
		return nil, err
	}
	q := c.rec.Query
	limit := 50
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 100 {
			return nil, errForm(fieldError{"limit", "NUMBER_TYPE_MAX", "Must be between 1 and 100."})
		}
		limit = n
	}
	var ms []*message
	for _, m := range s.sortedMessages(id) {
		if m.ephemeral() ||
			(q.Get("before") != "" && compareIDs(m.id, q.Get("before")) >= 0) ||
			(q.Get("after") != "" && compareIDs(m.id, q.Get("after")) <= 0) {
			continue
		}
		ms = append(ms, m)
	}
	slices.Reverse(ms) // newest first
	if q.Get("after") != "" && len(ms) > limit {
		ms = ms[len(ms)-limit:]
	}
	if len(ms) > limit {
		ms = ms[:limit]
	}
	out := []wireMessage{}
	// "If the current user is missing the READ_MESSAGE_HISTORY permission
	// in the channel, then no messages will be returned."
	// (https://discord.com/developers/docs/resources/message#get-channel-messages)
	if ch.guildID != "" && s.botPermsIn(ch)&discordgo.PermissionReadMessageHistory == 0 {
		ms = nil
	}
	for _, m := range ms {
		out = append(out, s.wire(m))
	}
	return out, nil
}

func (s *Server) patchMessage(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, apiErr := s.channelMessage(c, 0)
	if apiErr != nil {
		return nil, apiErr
	}
	if old.author.ID != s.bot.ID {
		return nil, errNotAuthor
	}
	b, errs := parseBody(c.payload, "")
	if errs != nil {
		return nil, errForm(errs...)
	}
	// Editing needs only VIEW_CHANNEL
	// (https://discord.com/developers/docs/resources/message#edit-message),
	// plus ATTACH_FILES for new files and EMBED_LINKS for embeds as when
	// sending (see postMessage); both are implicitly denied without
	// SEND_MESSAGES.
	ch := s.channels[old.channelID]
	var perms int64
	if len(b.embeds) > 0 {
		perms |= discordgo.PermissionEmbedLinks
	}
	if len(c.files) > 0 {
		perms |= discordgo.PermissionAttachFiles
	}
	if err := s.need(ch, perms); err != nil {
		return nil, err
	}
	if err := s.threadEdit(ch, s.canManageThreads(ch)); err != nil {
		return nil, err
	}
	m := old.clone()
	if b.has["flags"] {
		if (b.flags^old.flags)&^discordgo.MessageFlagsSuppressEmbeds != 0 {
			errs = append(errs, fieldError{"flags", "MESSAGE_FLAGS_INVALID", "Only SUPPRESS_EMBEDS can be changed by an edit; send the other flags unchanged."})
		}
		m.flags = b.flags
	}
	e, notes := s.apply(m, b, c.files, "", true)
	c.notes = append(c.notes, notes...)
	if errs = append(errs, e...); errs != nil {
		return nil, errForm(errs...)
	}
	if m.empty() {
		return nil, errEmptyMessage
	}
	now := time.Now()
	m.edited = &now
	s.commit(m, "MESSAGE_UPDATE")
	return s.wire(m), nil
}

func (s *Server) deleteMessage(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, apiErr := s.channelMessage(c, 0)
	if apiErr != nil {
		return nil, apiErr
	}
	// Deleting is the one thing allowed in archived threads, but in locked
	// ones only while they are active, for users without MANAGE_THREADS
	// (https://discord.com/developers/docs/topics/threads#locked-threads).
	if ch := s.channels[old.channelID]; ch.archived && ch.locked && !s.canManageThreads(ch) {
		return nil, errThreadArchived
	}
	m := old.clone()
	m.deleted = true
	s.commit(m, "MESSAGE_DELETE")
	return nil, nil
}

// DeleteMessage deletes a message of channelID as a moderator would, in
// Discord's client and not through the bot's session: the bot's session
// gets MESSAGE_DELETE (with the GuildMessages intent), and from then on
// the message is gone: channel endpoints answer 10008 Unknown Message,
// and so do edits of an interaction's original response or follow-up that
// it was. The test fails if there is no such message (ephemeral messages
// cannot be deleted by others).
func (s *Server) DeleteMessage(channelID, messageID string) {
	s.mu.Lock()
	m := s.messages[messageID]
	if m == nil || m.deleted || m.channelID != channelID || m.ephemeral() {
		s.mu.Unlock()
		s.t.Fatalf("discordtest: DeleteMessage: no message %s in channel %s that a moderator could delete", messageID, channelID)
	}
	d := m.clone()
	d.deleted = true
	s.commit(d, "MESSAGE_DELETE")
	s.mu.Unlock()
	s.flush()
}

// Thread auto-archive durations Discord accepts, in minutes.
var archiveDurations = []int{60, 1440, 4320, 10080}

func (s *Server) postThread(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	parent := s.channels[c.r.PathValue("channel")]
	if parent == nil {
		return nil, errUnknownChannel
	}
	if parent.typ != discordgo.ChannelTypeGuildText && parent.typ != discordgo.ChannelTypeGuildNews {
		return nil, errChannelType
	}
	// A thread from a message, or a public one, needs
	// CREATE_PUBLIC_THREADS; a private one CREATE_PRIVATE_THREADS
	// (https://discord.com/developers/docs/resources/channel#start-thread-from-message).
	need := int64(discordgo.PermissionCreatePublicThreads)
	if c.r.PathValue("message") == "" && bytes.Contains(c.payload, []byte(`"type":12`)) {
		need = discordgo.PermissionCreatePrivateThreads
	}
	if err := s.need(parent, need); err != nil {
		return nil, err
	}
	var d struct {
		Name    string                 `json:"name"`
		Archive int                    `json:"auto_archive_duration"`
		Type    *discordgo.ChannelType `json:"type"`
	}
	if err := json.Unmarshal(c.payload, &d); err != nil {
		return nil, errForm(fieldError{"_root", "MODEL_TYPE_CONVERT", err.Error()})
	}
	var errs []fieldError
	if n := runes(d.Name); n < 1 || n > 100 {
		errs = append(errs, fieldError{"name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."})
	}
	if d.Archive == 0 {
		d.Archive = 4320
	} else if !slices.Contains(archiveDurations, d.Archive) {
		errs = append(errs, fieldError{"auto_archive_duration", "BASE_TYPE_CHOICES", "Value must be one of {60, 1440, 4320, 10080}."})
	}
	now := time.Now()
	th := &channel{guildID: parent.guildID, parentID: parent.id, name: d.Name, ownerID: s.bot.ID, archive: d.Archive,
		created: now, archivedAt: now, members: map[string]time.Time{s.bot.ID: now}}
	var starter *message
	if msgID := c.r.PathValue("message"); msgID != "" {
		m := s.messages[msgID]
		if m == nil || m.deleted || m.channelID != parent.id || m.ephemeral() {
			return nil, errUnknownMessage
		}
		if m.thread != "" {
			return nil, errThreadExists
		}
		starter = m
		th.id, th.typ, th.starter = m.id, discordgo.ChannelTypeGuildPublicThread, m.id
		if parent.typ == discordgo.ChannelTypeGuildNews {
			th.typ = discordgo.ChannelTypeGuildNewsThread
		}
	} else {
		th.id, th.typ = s.newID(), discordgo.ChannelTypeGuildPrivateThread // API v9's default
		if d.Type != nil {
			th.typ = *d.Type
		}
		ok := th.typ == discordgo.ChannelTypeGuildPublicThread || th.typ == discordgo.ChannelTypeGuildPrivateThread
		if parent.typ == discordgo.ChannelTypeGuildNews {
			ok = th.typ == discordgo.ChannelTypeGuildNewsThread
		}
		if !ok {
			errs = append(errs, fieldError{"type", "BASE_TYPE_CHOICES", fmt.Sprintf("Thread type %d is not valid in a channel of type %d.", th.typ, parent.typ)})
		}
	}
	if errs != nil {
		return nil, errForm(errs...)
	}
	s.channels[th.id] = th
	payload := channelPayload(th)
	if starter != nil {
		m := starter.clone()
		m.thread = th.id
		m.flags |= discordgo.MessageFlagsHasThread
		s.messages[m.id] = m
		s.notifyOf(m.id)
	}
	s.notify()
	s.queue(th.guildID, "THREAD_CREATE", mergeMap(payload, map[string]any{"newly_created": true}), discordgo.IntentGuilds)
	return payload, nil
}

func mergeMap(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// userPayload is a user object as Discord serialises it.
func userPayload(u *discordgo.User) map[string]any {
	out := map[string]any{
		"id": u.ID, "username": u.Username, "discriminator": u.Discriminator,
		"global_name": nil, "avatar": nil, "public_flags": 0,
	}
	if u.GlobalName != "" {
		out["global_name"] = u.GlobalName
	}
	if u.Bot {
		out["bot"] = true
	}
	return out
}

// memberPermissions is what members (and the bot) may do in the fake's
// channels: everything a plain member may, as a decimal string.
const memberPermissions = "2248473465835073"

// memberPerms is memberPermissions as a number.
const memberPerms int64 = 2248473465835073

// member is u's guild member object in g
// (https://discord.com/developers/docs/resources/guild#guild-member-object),
// with u's nickname there (SetNick) and, for the bot, its role; call with
// s.mu held. Without full it is the partial member of resolved data:
// "Partial Member objects are missing user, deaf and mute fields"
// (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-resolved-data-structure).
func (s *Server) member(g *guild, u *discordgo.User, full bool) map[string]any {
	roles := []string{}
	if u.ID == s.bot.ID {
		roles = []string{g.botRole}
	}
	out := map[string]any{
		"roles": roles, "joined_at": g.joined.UTC().Format(time.RFC3339Nano),
		"flags": 0, "pending": false, "nick": nil, "avatar": nil, "premium_since": nil, "communication_disabled_until": nil,
	}
	if nick, ok := g.nicks[u.ID]; ok {
		out["nick"] = nick
	}
	if full {
		out["user"] = userPayload(u)
		out["deaf"], out["mute"] = false, false
	}
	return out
}

// channelPayload is a channel object as Discord serialises it.
func channelPayload(c *channel) map[string]any {
	out := map[string]any{"id": c.id, "type": c.typ}
	if c.guildID != "" {
		out["guild_id"] = c.guildID
		out["name"] = c.name
		out["nsfw"] = false
		out["rate_limit_per_user"] = 0
		if !isThread(c.typ) {
			out["permission_overwrites"] = overwritesPayload(c)
		}
	}
	if c.recipient != nil {
		out["recipients"] = []any{userPayload(c.recipient)}
	}
	if isThread(c.typ) {
		out["parent_id"] = c.parentID
		out["owner_id"] = c.ownerID
		out["message_count"] = 0
		out["member_count"] = min(len(c.members), 50)
		meta := map[string]any{
			"archived": c.archived, "auto_archive_duration": c.archive, "locked": c.locked,
			"archive_timestamp": c.archivedAt.UTC().Format(time.RFC3339Nano),
		}
		if c.typ == discordgo.ChannelTypeGuildPrivateThread {
			meta["invitable"] = true
		}
		out["thread_metadata"] = meta
	}
	return out
}

// guildPayload is a GUILD_CREATE payload; call with s.mu held.
func (s *Server) guildPayload(g *guild) map[string]any {
	var channels []any
	var threads []any
	for _, c := range s.channels {
		if c.guildID != g.id {
			continue
		}
		if isThread(c.typ) {
			// "all active threads in the guild that the current user is
			// able to view" (https://discord.com/developers/docs/topics/threads#gateway-events)
			if !c.archived && s.botSees(c) {
				threads = append(threads, channelPayload(c))
			}
		} else {
			channels = append(channels, channelPayload(c))
		}
	}
	if channels == nil {
		channels = []any{}
	}
	if threads == nil {
		threads = []any{}
	}
	bot := s.member(g, s.bot, true)
	return map[string]any{
		"id": g.id, "name": g.name, "icon": nil, "owner_id": g.id, "unavailable": false,
		"joined_at": g.joined.UTC().Format(time.RFC3339Nano), "large": false, "member_count": len(s.users),
		"roles":    rolesPayload(g),
		"channels": channels, "threads": threads, "emojis": []any{}, "stickers": []any{}, "features": []string{},
		"members":          []any{bot},
		"voice_states":     []any{},
		"presences":        []any{},
		"preferred_locale": "en-US",
	}
}

// rolesPayload is the guild's roles as the fake models them: @everyone,
// with what both plain members and the bot may do, and the bot's managed
// role, with the bot's guild-level permissions.
func rolesPayload(g *guild) []any {
	role := func(id, name string, perms int64, position int, managed bool) map[string]any {
		return map[string]any{
			"id": id, "name": name, "permissions": strconv.FormatInt(perms, 10), "position": position,
			"color": 0, "hoist": false, "managed": managed, "mentionable": false, "flags": 0,
		}
	}
	return []any{
		role(g.id, "@everyone", g.botPerms&memberPerms, 0, false),
		role(g.botRole, "zugbot", g.botPerms, 1, true),
	}
}
