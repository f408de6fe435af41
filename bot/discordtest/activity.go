package discordtest

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Activities (https://discord.com/developers/docs/activities/overview): an
// application with Activities enabled in the Developer Portal (the EMBEDDED
// flag) has a PRIMARY_ENTRY_POINT command, which launches its web app in an
// iframe; the app's page asks the client for an OAuth2 code (the Embedded
// App SDK's authorize), its server exchanges the code for a user's access
// token, and checks with the bot's token who is in the activity instance.
// The fake implements the server's side of that: the token exchange,
// /users/@me with the Bearer token, the activity-instances route, the entry
// point command in a bulk overwrite, and the LAUNCH_ACTIVITY response.

// Routes of the Activities' REST API.
const (
	// RouteOAuth2Token is the OAuth2 token exchange
	// (https://discord.com/developers/docs/topics/oauth2#authorization-code-grant-access-token-exchange-example).
	RouteOAuth2Token = "POST /api/v9/oauth2/token"
	// RouteActivityInstance is Get Application Activity Instance
	// (https://discord.com/developers/docs/resources/application#get-application-activity-instance).
	RouteActivityInstance = "GET /api/v9/applications/{app}/activity-instances/{instance}"
)

// Command type and handlers of the entry point command
// (https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-types,
// #application-command-object-entry-point-command-handler-types), which
// discordgo v0.29.0 does not name.
const (
	// PrimaryEntryPoint is the PRIMARY_ENTRY_POINT command type.
	PrimaryEntryPoint discordgo.ApplicationCommandType = 4
	// AppHandler: the app answers the entry point's interaction itself.
	AppHandler = 1
	// DiscordLaunchActivity: Discord launches the Activity itself.
	DiscordLaunchActivity = 2
)

// LaunchActivity is the LAUNCH_ACTIVITY interaction response type
// (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type),
// valid for an app with Activities enabled.
const LaunchActivity discordgo.InteractionResponseType = 12

// codeLifetime is how long an OAuth2 authorization code can be exchanged:
// ten minutes, as is usual (RFC 6749, 4.1.2, recommends at most that).
const codeLifetime = 10 * time.Minute

// activities is the fake's state of the application's Activity; guarded
// by Server.mu.
type activities struct {
	enabled   bool   // the Developer Portal's Activities setting (the EMBEDDED flag)
	secret    string // the OAuth2 client secret
	handler   int    // the entry point command's handler, 0 for none
	codes     map[string]oauthCode
	tokens    map[string]string // access token -> user ID
	instances map[string]*activityInstance
}

type oauthCode struct {
	user    string
	expires time.Time
}

type activityInstance struct {
	id, launch, guildID, channelID string
	users                          []string
}

// acts returns the activity state, made on first use; call with s.mu held.
func (s *Server) acts() *activities {
	if s.act == nil {
		s.act = &activities{secret: randomString(32), codes: map[string]oauthCode{}, tokens: map[string]string{},
			instances: map[string]*activityInstance{}}
	}
	return s.act
}

// EnableActivities turns Activities on for the application, as the
// Developer Portal's Activities settings do, which also create the default
// entry point command: "launch", handled by Discord.
func (s *Server) EnableActivities() {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.acts()
	if a.enabled {
		return
	}
	a.enabled = true
	a.handler = DiscordLaunchActivity
	cmd := &discordgo.ApplicationCommand{ID: s.newID(), ApplicationID: s.appID, Type: PrimaryEntryPoint, Name: "launch",
		Description: "Launch " + s.cfg.BotName, Version: s.newID()}
	s.commands[""] = append(s.commands[""], cmd)
	s.notify()
}

// SetEntryPointHandler sets the entry point command's handler, as its
// setting in the Developer Portal does: DiscordLaunchActivity, or
// AppHandler for an interaction the app answers (with LAUNCH_ACTIVITY).
func (s *Server) SetEntryPointHandler(handler int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.acts().handler = handler
}

// checkEntryPointUse refuses to dispatch the use of an entry point command
// that Discord handles itself (it launches the Activity, and the app hears
// nothing: use LaunchEntryPoint); call with s.mu held.
func (s *Server) checkEntryPointUse(cmd *discordgo.ApplicationCommand) error {
	if cmd.Type == PrimaryEntryPoint && s.acts().handler != AppHandler {
		return fmt.Errorf("the entry point command /%s is handled by Discord, which launches the Activity without an interaction: use LaunchEntryPoint", cmd.Name)
	}
	return nil
}

// ClientSecret returns the application's OAuth2 client secret.
func (s *Server) ClientSecret() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.acts().secret
}

// EntryPoint returns the global entry point command's name and handler, if
// the application has one.
func (s *Server) EntryPoint() (name string, handler int, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.commands[""] {
		if c.Type == PrimaryEntryPoint {
			return c.Name, s.acts().handler, true
		}
	}
	return "", 0, false
}

// Authorize returns an OAuth2 code for u, as the Discord client gives an
// Activity's authorize command once u consented: it exchanges once, within
// ten minutes.
func (s *Server) Authorize(u *discordgo.User) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	code := randomString(30)
	s.acts().codes[code] = oauthCode{user: u.ID, expires: time.Now().Add(codeLifetime)}
	return code
}

// LaunchEntryPoint launches the Activity in channelID for u as the entry
// point command does when Discord handles it, and returns the instance's
// ID. It fails when the application has no entry point command that
// Discord handles.
func (s *Server) LaunchEntryPoint(guildID, channelID string, u *discordgo.User) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, _, ok := s.entryPointLocked(); !ok || s.acts().handler != DiscordLaunchActivity {
		return "", fmt.Errorf("discordtest: the application has no entry point command that Discord handles")
	}
	return s.launch(guildID, channelID, u.ID), nil
}

func (s *Server) entryPointLocked() (string, int, bool) {
	for _, c := range s.commands[""] {
		if c.Type == PrimaryEntryPoint {
			return c.Name, s.acts().handler, true
		}
	}
	return "", 0, false
}

// launch starts an activity instance in channelID with user in it; call
// with s.mu held.
func (s *Server) launch(guildID, channelID, user string) string {
	a := s.acts()
	// One instance per channel: a launch where one runs joins it.
	for _, in := range a.instances {
		if in.channelID == channelID {
			if !slices.Contains(in.users, user) {
				in.users = append(in.users, user)
			}
			return in.id
		}
	}
	in := &activityInstance{id: "i-" + s.newID() + "-gc-" + guildID + "-" + channelID, launch: s.newID(), guildID: guildID, channelID: channelID, users: []string{user}}
	a.instances[in.id] = in
	s.notify()
	return in.id
}

// JoinActivity puts u in the activity instance id, as opening a running
// Activity in Discord does.
func (s *Server) JoinActivity(id string, u *discordgo.User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.acts().instances[id]
	if in == nil {
		s.t.Errorf("discordtest: JoinActivity: no activity instance %s", id)
		return
	}
	if !slices.Contains(in.users, u.ID) {
		in.users = append(in.users, u.ID)
	}
}

// LeaveActivity takes u out of the activity instance id; the instance ends
// when its last user leaves.
func (s *Server) LeaveActivity(id string, u *discordgo.User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.acts()
	if in := a.instances[id]; in != nil {
		in.users = slices.DeleteFunc(in.users, func(x string) bool { return x == u.ID })
		if len(in.users) == 0 {
			delete(a.instances, id)
		}
	}
}

// ActivityInstances returns the IDs of the running activity instances.
func (s *Server) ActivityInstances() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for id := range s.acts().instances {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

func (s *Server) activityRoutes(api func(pattern string, opts int, h handler)) {
	api(RouteOAuth2Token, limited, s.postOAuth2Token)
	api(RouteActivityInstance, auth|limited, s.getActivityInstance)
}

// oauthError is an OAuth2 error answer (RFC 6749, 5.2), which the token
// endpoint gives instead of Discord's JSON errors.
func oauthError(status int, code, description string) *apiError {
	return &apiError{status: status, message: description, oauth: code}
}

// postOAuth2Token exchanges an authorization code: the client's ID and
// secret in the form (or HTTP Basic), grant_type authorization_code, the
// code, used once.
func (s *Server) postOAuth2Token(c *call) (any, *apiError) {
	if mt := c.r.Header.Get("Content-Type"); !strings.HasPrefix(mt, "application/x-www-form-urlencoded") {
		return nil, oauthError(400, "invalid_request", "The token endpoint reads application/x-www-form-urlencoded bodies.")
	}
	form, err := url.ParseQuery(string(c.rec.Body))
	if err != nil {
		return nil, oauthError(400, "invalid_request", "Malformed form body.")
	}
	id, secret, basic := c.r.BasicAuth()
	if !basic {
		id, secret = form.Get("client_id"), form.Get("client_secret")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.acts()
	if id != s.appID || secret != a.secret {
		return nil, oauthError(401, "invalid_client", "Invalid client credentials.")
	}
	if g := form.Get("grant_type"); g != "authorization_code" {
		return nil, oauthError(400, "unsupported_grant_type", fmt.Sprintf("Unsupported grant type %q (the fake implements authorization_code).", g))
	}
	code, ok := a.codes[form.Get("code")]
	delete(a.codes, form.Get("code")) // a code exchanges once, even when it has expired
	if !ok || time.Now().After(code.expires) {
		return nil, oauthError(400, "invalid_grant", `Invalid "code" in request.`)
	}
	token := randomString(30)
	a.tokens[token] = code.user
	return map[string]any{"access_token": token, "token_type": "Bearer", "expires_in": 604800,
		"refresh_token": randomString(30), "scope": "identify"}, nil
}

// tokenUser answers GET /users/{id} with a user's Bearer token: Get
// Current User (https://discord.com/developers/docs/resources/user#get-current-user),
// the token's user, for id "@me"; other users only for a bot's token.
func (s *Server) tokenUser(id, token string) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.users[s.acts().tokens[token]]
	if u == nil || id != "@me" {
		return nil, errUnauthorized
	}
	return userPayload(u), nil
}

// getActivityInstance answers a running instance of this application's
// Activity, or 404.
func (s *Server) getActivityInstance(c *call) (any, *apiError) {
	if err := s.checkApp(c); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.acts().instances[c.r.PathValue("instance")]
	if in == nil {
		e := *errNotFound
		e.detail = "no running activity instance " + c.r.PathValue("instance")
		return nil, &e
	}
	kind := "gc" // a guild channel; "pc" for a private one
	if in.guildID == "" {
		kind = "pc"
	}
	loc := map[string]any{"id": kind + "-" + in.channelID, "kind": kind, "channel_id": in.channelID}
	if in.guildID != "" {
		loc["guild_id"] = in.guildID
	}
	return map[string]any{"application_id": s.appID, "instance_id": in.id, "launch_id": in.launch,
		"location": loc, "users": slices.Clone(in.users)}, nil
}

// validateEntryPoint checks a PRIMARY_ENTRY_POINT command at path p of a
// bulk overwrite: global only, a name and a description, no options.
func validateEntryPoint(p string, cmd *discordgo.ApplicationCommand, guild bool) []fieldError {
	errs := checkName(p+"name", cmd.Name)
	checkLen(&errs, p+"description", cmd.Description, 1, 100)
	if len(cmd.Options) > 0 {
		errs = append(errs, fieldError{p + "options", "APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED", "Entry point commands cannot have options."})
	}
	if guild {
		errs = append(errs, fieldError{p + "type", "APPLICATION_COMMAND_TYPE_INVALID", "Entry point commands can only be global."})
	}
	return errs
}

// entryHandlers checks the handler fields of a bulk overwrite's payload,
// which discordgo's ApplicationCommand does not read: "handler can only be
// set for application commands of type PRIMARY_ENTRY_POINT for
// applications with the EMBEDDED flag", an app has at most one entry point
// command, and it needs a handler. It returns the entry point's handler (0
// for none); call with s.mu held.
func (s *Server) entryHandlers(payload []byte) (int, []fieldError) {
	var raw []struct {
		Type    discordgo.ApplicationCommandType `json:"type"`
		Handler *int                             `json:"handler"`
	}
	if err := json.Unmarshal(payload, &raw); err != nil {
		return 0, nil // validateCommands reported it
	}
	var errs []fieldError
	handler, entries := 0, 0
	for i, r := range raw {
		p := fmt.Sprintf("%d.", i)
		switch {
		case r.Type != PrimaryEntryPoint && r.Handler != nil:
			errs = append(errs, fieldError{p + "handler", "APPLICATION_COMMAND_HANDLER_INVALID", "Only entry point commands have a handler."})
		case r.Type != PrimaryEntryPoint:
		case !s.acts().enabled:
			errs = append(errs, fieldError{p + "type", "APPLICATION_COMMAND_TYPE_INVALID", "Entry point commands need an application with Activities enabled (the EMBEDDED flag)."})
		case r.Handler == nil || (*r.Handler != AppHandler && *r.Handler != DiscordLaunchActivity):
			errs = append(errs, fieldError{p + "handler", "BASE_TYPE_CHOICES", "Value must be one of (1, 2)."})
		default:
			handler = *r.Handler
		}
		if r.Type == PrimaryEntryPoint {
			entries++
		}
	}
	if entries > 1 {
		errs = append(errs, fieldError{"_root", "APPLICATION_COMMANDS_TOO_MANY", "An application can have one entry point command."})
	}
	return handler, errs
}

// launchActivity carries out a LAUNCH_ACTIVITY response to ix: the
// Activity starts in the interaction's channel, with its user; call with
// s.mu held.
func (s *Server) launchActivity(ix *Interaction) (string, *apiError) {
	if !s.acts().enabled {
		return "", errForm(fieldError{"type", "INTERACTION_RESPONSE_TYPE_INVALID", "LAUNCH_ACTIVITY needs an application with Activities enabled."})
	}
	return s.launch(ix.GuildID, ix.ChannelID, ix.User.ID), nil
}

// callbackResponse is the answer to an interaction response sent with
// ?with_response=true: the interaction callback response object
// (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-callback-interaction-callback-response-object),
// with the activity instance a LAUNCH_ACTIVITY started. Call with s.mu held.
func (s *Server) callbackResponse(ix *Interaction, typ discordgo.InteractionResponseType, instance string) map[string]any {
	in := map[string]any{"id": ix.ID, "type": ix.Type}
	res := map[string]any{"type": typ}
	if instance != "" {
		in["activity_instance_id"] = instance
		res["activity_instance"] = map[string]any{"id": instance}
	}
	if ix.original != "" {
		in["response_message_id"] = ix.original
		if m := s.messages[ix.original]; m != nil {
			in["response_message_loading"] = m.flags&discordgo.MessageFlagsLoading != 0
			in["response_message_ephemeral"] = m.ephemeral()
		}
	}
	return map[string]any{"interaction": in, "resource": res}
}

// commandsPayload is cmds as Discord lists them: the entry point command
// with its handler, which discordgo's ApplicationCommand lacks; call with
// s.mu held.
func (s *Server) commandsPayload(cmds []*discordgo.ApplicationCommand) any {
	if !slices.ContainsFunc(cmds, func(c *discordgo.ApplicationCommand) bool { return c.Type == PrimaryEntryPoint }) {
		return cmds
	}
	out := make([]any, len(cmds))
	for i, c := range cmds {
		out[i] = c
		if c.Type == PrimaryEntryPoint {
			b, _ := json.Marshal(c)
			var m map[string]any
			json.Unmarshal(b, &m)
			m["handler"] = s.acts().handler
			out[i] = m
		}
	}
	return out
}
