package discordtest

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on application commands.
const (
	MaxChatCommands    = 100 // CHAT_INPUT commands per scope
	MaxContextCommands = 15  // USER and MESSAGE commands each, per scope
	MaxOptions         = 25  // options (or subcommands) per level
	MaxCommandSize     = 8000
)

// commandName is Discord's pattern for CHAT_INPUT command and option names.
var commandName = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

func cloneCommand(c *discordgo.ApplicationCommand) *discordgo.ApplicationCommand {
	b, _ := json.Marshal(c)
	var out discordgo.ApplicationCommand
	json.Unmarshal(b, &out)
	return &out
}

// checkApp refuses a command route under another application's ID (the
// bot user's, for an application older than its bot user): "20012 You are
// not authorized to perform this action on this application"
// (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes).
func (s *Server) checkApp(c *call) *apiError {
	if app := c.r.PathValue("app"); app != s.appID {
		e := *errNotYourApp
		e.detail = "application " + app + " is not the bot token's, " + s.appID
		if app == s.bot.ID {
			e.detail += " (that is the bot user's ID; take the application's from Get Current Application or READY)"
		}
		return &e
	}
	return nil
}

// checkGuild refuses guild commands of a guild the bot is not in (never
// was, or left) with 50001 Missing Access, as Discord does; call with s.mu
// held.
func (s *Server) checkGuild(guildID string) *apiError {
	if guildID != "" && s.joined(guildID) == nil {
		return errMissingAccessFor("the bot is not in guild " + guildID)
	}
	return nil
}

func (s *Server) getCommands(c *call) (any, *apiError) {
	if err := s.checkApp(c); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	guildID := c.r.PathValue("guild")
	if err := s.checkGuild(guildID); err != nil {
		return nil, err
	}
	out := s.commands[guildID]
	if out == nil {
		out = []*discordgo.ApplicationCommand{}
	}
	return s.commandsPayload(out), nil
}

func (s *Server) putCommands(c *call) (any, *apiError) {
	if err := s.checkApp(c); err != nil {
		return nil, err
	}
	guildID := c.r.PathValue("guild")
	var cmds []*discordgo.ApplicationCommand
	if err := json.Unmarshal(c.payload, &cmds); err != nil {
		return nil, errForm(fieldError{"_root", "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType: " + err.Error()})
	}
	if errs := validateCommands(cmds, guildID != ""); errs != nil {
		return nil, errForm(errs...)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.checkGuild(guildID); err != nil {
		return nil, err
	}
	handler, errs := s.entryHandlers(c.payload)
	if errs != nil {
		return nil, errForm(errs...)
	}
	if guildID == "" {
		s.acts().handler = handler // an overwrite without the entry point command deletes it
	}
	old := s.commands[guildID]
	version := s.newID()
	for _, cmd := range cmds {
		if cmd.Type == 0 {
			cmd.Type = discordgo.ChatApplicationCommand
		}
		i := slices.IndexFunc(old, func(o *discordgo.ApplicationCommand) bool { return o.Name == cmd.Name && o.Type == cmd.Type })
		if i >= 0 {
			cmd.ID = old[i].ID // Discord keeps the ID of a command it already has
		} else {
			cmd.ID = s.newID()
		}
		cmd.ApplicationID, cmd.GuildID, cmd.Version = s.appID, guildID, version
	}
	s.commands[guildID] = cmds
	s.notify()
	return s.commandsPayload(cmds), nil
}

// validateCommands checks a bulk overwrite as Discord does.
func validateCommands(cmds []*discordgo.ApplicationCommand, guild bool) []fieldError {
	var errs []fieldError
	count := map[discordgo.ApplicationCommandType]int{}
	names := map[string]bool{}
	for i, cmd := range cmds {
		p := strconv.Itoa(i) + "."
		if cmd == nil {
			errs = append(errs, fieldError{strconv.Itoa(i), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"})
			continue
		}
		typ := cmd.Type
		if typ == 0 {
			typ = discordgo.ChatApplicationCommand
		}
		count[typ]++
		key := fmt.Sprint(typ, "/", cmd.Name)
		if names[key] {
			errs = append(errs, fieldError{p + "name", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique: " + cmd.Name})
		}
		names[key] = true
		switch typ {
		case discordgo.ChatApplicationCommand:
			errs = append(errs, checkName(p+"name", cmd.Name)...)
			checkLen(&errs, p+"description", cmd.Description, 1, 100)
			errs = append(errs, validateOptions(p+"options", cmd.Options, 0)...)
			if size := commandSize(cmd); size > MaxCommandSize {
				errs = append(errs, fieldError{strconv.Itoa(i), "APPLICATION_COMMAND_TOO_LARGE", fmt.Sprintf("Command exceeds maximum size (%d > %d characters of names, descriptions and choice values)", size, MaxCommandSize)})
			}
		case discordgo.UserApplicationCommand, discordgo.MessageApplicationCommand:
			checkLen(&errs, p+"name", cmd.Name, 1, 32)
			if cmd.Description != "" {
				errs = append(errs, fieldError{p + "description", "APPLICATION_COMMAND_DESCRIPTION_NOT_ALLOWED", "Context menu commands cannot have a description."})
			}
			if len(cmd.Options) > 0 {
				errs = append(errs, fieldError{p + "options", "APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED", "Context menu commands cannot have options."})
			}
		case PrimaryEntryPoint:
			errs = append(errs, validateEntryPoint(p, cmd, guild)...)
		default:
			errs = append(errs, fieldError{p + "type", "BASE_TYPE_CHOICES", "Value must be one of (1, 2, 3, 4)."})
		}
		if cmd.Contexts != nil {
			if guild {
				errs = append(errs, fieldError{p + "contexts", "APPLICATION_COMMAND_CONTEXTS_GUILD", "Guild commands cannot set contexts."})
			}
			for j, ctx := range *cmd.Contexts {
				if ctx > discordgo.InteractionContextPrivateChannel {
					errs = append(errs, fieldError{fmt.Sprintf("%scontexts.%d", p, j), "BASE_TYPE_CHOICES", "Value must be one of (0, 1, 2)."})
				}
			}
		}
	}
	if count[discordgo.ChatApplicationCommand] > MaxChatCommands {
		errs = append(errs, fieldError{"_root", "APPLICATION_COMMANDS_TOO_MANY", fmt.Sprintf("Maximum number of CHAT_INPUT commands is %d.", MaxChatCommands)})
	}
	for _, typ := range []discordgo.ApplicationCommandType{discordgo.UserApplicationCommand, discordgo.MessageApplicationCommand} {
		if count[typ] > MaxContextCommands {
			errs = append(errs, fieldError{"_root", "APPLICATION_COMMANDS_TOO_MANY", fmt.Sprintf("Maximum number of commands of type %d is %d.", typ, MaxContextCommands)})
		}
	}
	return errs
}

func checkName(path, name string) []fieldError {
	if !commandName.MatchString(name) {
		return []fieldError{{path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid: 1 to 32 letters, digits, '-', '_' or '''."}}
	}
	if strings.ToLower(name) != name {
		return []fieldError{{path, "APPLICATION_COMMAND_INVALID_NAME", "Command name must be lowercase."}}
	}
	return nil
}

func isSub(t discordgo.ApplicationCommandOptionType) bool {
	return t == discordgo.ApplicationCommandOptionSubCommand || t == discordgo.ApplicationCommandOptionSubCommandGroup
}

// validateOptions checks a level of options: depth 0 is the command's, 1 a
// group's, 2 a subcommand's.
func validateOptions(path string, opts []*discordgo.ApplicationCommandOption, depth int) []fieldError {
	var errs []fieldError
	if len(opts) > MaxOptions {
		errs = append(errs, lengthError(path, 0, MaxOptions))
	}
	names := map[string]bool{}
	subs, plain := 0, 0
	optional := false
	for i, o := range opts {
		p := fmt.Sprintf("%s.%d.", path, i)
		if o == nil {
			errs = append(errs, fieldError{trimDot(p), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"})
			continue
		}
		errs = append(errs, checkName(p+"name", o.Name)...)
		if names[o.Name] {
			errs = append(errs, fieldError{p + "name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique: " + o.Name})
		}
		names[o.Name] = true
		checkLen(&errs, p+"description", o.Description, 1, 100)
		if o.Type < discordgo.ApplicationCommandOptionSubCommand || o.Type > discordgo.ApplicationCommandOptionAttachment {
			errs = append(errs, fieldError{p + "type", "BASE_TYPE_CHOICES", "Value must be one of (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)."})
			continue
		}
		if isSub(o.Type) {
			subs++
			switch {
			case o.Type == discordgo.ApplicationCommandOptionSubCommandGroup && depth != 0:
				errs = append(errs, fieldError{p + "type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommand groups can only be at the top level."})
			case o.Type == discordgo.ApplicationCommandOptionSubCommand && depth == 2:
				errs = append(errs, fieldError{p + "type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommands cannot be nested in subcommands."})
			case o.Type == discordgo.ApplicationCommandOptionSubCommandGroup:
				if len(o.Options) == 0 {
					errs = append(errs, fieldError{p + "options", "BASE_TYPE_REQUIRED", "A subcommand group needs subcommands."})
				}
				errs = append(errs, validateOptions(p+"options", o.Options, 1)...)
			default:
				errs = append(errs, validateOptions(p+"options", o.Options, 2)...)
			}
			continue
		}
		plain++
		if depth == 1 {
			errs = append(errs, fieldError{p + "type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommand groups can only contain subcommands."})
		}
		if len(o.Options) > 0 {
			errs = append(errs, fieldError{p + "options", "APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED", "Only subcommands and groups have options."})
		}
		if o.Required && optional {
			errs = append(errs, fieldError{p + "required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options"})
		}
		if !o.Required {
			optional = true
		}
		errs = append(errs, validateOptionLimits(p, o)...)
	}
	if subs > 0 && plain > 0 {
		errs = append(errs, fieldError{path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Sub-command and sub-command group option types are mutually exclusive to all other types"})
	}
	return errs
}

func validateOptionLimits(p string, o *discordgo.ApplicationCommandOption) []fieldError {
	var errs []fieldError
	numeric := o.Type == discordgo.ApplicationCommandOptionInteger || o.Type == discordgo.ApplicationCommandOptionNumber
	choosable := numeric || o.Type == discordgo.ApplicationCommandOptionString
	if len(o.Choices) > 0 {
		if !choosable {
			errs = append(errs, fieldError{p + "choices", "APPLICATION_COMMAND_OPTION_CHOICES_NOT_ALLOWED", "Only string, integer and number options have choices."})
		}
		if o.Autocomplete {
			errs = append(errs, fieldError{p + "autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES", "Autocomplete and choices are mutually exclusive."})
		}
		if len(o.Choices) > MaxChoices {
			errs = append(errs, lengthError(p+"choices", 0, MaxChoices))
		}
		for j, ch := range o.Choices {
			q := fmt.Sprintf("%schoices.%d.", p, j)
			if ch == nil {
				continue
			}
			checkLen(&errs, q+"name", ch.Name, 1, 100)
			if choosable {
				raw, _ := json.Marshal(ch.Value)
				errs = append(errs, checkChoiceValue(q+"value", raw, o.Type)...)
			}
		}
	}
	if o.Autocomplete && !choosable {
		errs = append(errs, fieldError{p + "autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID", "Only string, integer and number options support autocomplete."})
	}
	if (o.MinValue != nil || o.MaxValue != 0) && !numeric {
		errs = append(errs, fieldError{p + "min_value", "APPLICATION_COMMAND_OPTION_RANGE_INVALID", "Only integer and number options have min_value and max_value."})
	}
	if o.MinValue != nil && o.MaxValue != 0 && *o.MinValue > o.MaxValue {
		errs = append(errs, fieldError{p + "min_value", "APPLICATION_COMMAND_OPTION_RANGE_INVALID", "min_value must be at most max_value."})
	}
	if o.MinLength != nil || o.MaxLength != 0 {
		if o.Type != discordgo.ApplicationCommandOptionString {
			errs = append(errs, fieldError{p + "min_length", "APPLICATION_COMMAND_OPTION_LENGTH_INVALID", "Only string options have min_length and max_length."})
		}
		if o.MinLength != nil && (*o.MinLength < 0 || *o.MinLength > 6000) {
			errs = append(errs, fieldError{p + "min_length", "NUMBER_TYPE_MAX", "int value should be between 0 and 6000."})
		}
		if o.MaxLength < 0 || o.MaxLength > 6000 {
			errs = append(errs, fieldError{p + "max_length", "NUMBER_TYPE_MAX", "int value should be between 1 and 6000."})
		}
		if o.MinLength != nil && o.MaxLength != 0 && *o.MinLength > o.MaxLength {
			errs = append(errs, fieldError{p + "min_length", "APPLICATION_COMMAND_OPTION_LENGTH_INVALID", "min_length must be at most max_length."})
		}
	}
	if len(o.ChannelTypes) > 0 && o.Type != discordgo.ApplicationCommandOptionChannel {
		errs = append(errs, fieldError{p + "channel_types", "APPLICATION_COMMAND_OPTION_CHANNEL_TYPES_INVALID", "Only channel options have channel_types."})
	}
	return errs
}

// commandSize is the number of characters Discord counts against
// MaxCommandSize: names, descriptions and choice names and values.
func commandSize(cmd *discordgo.ApplicationCommand) int {
	n := runes(cmd.Name) + runes(cmd.Description)
	var walk func([]*discordgo.ApplicationCommandOption)
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			if o == nil {
				continue
			}
			n += runes(o.Name) + runes(o.Description)
			for _, ch := range o.Choices {
				if ch != nil {
					n += runes(ch.Name) + runes(fmt.Sprint(ch.Value))
				}
			}
			walk(o.Options)
		}
	}
	walk(cmd.Options)
	return n
}

// Option is a value a user gives to a command option, for SlashCommand and
// Autocomplete. Make it with Opt or Focus.
type Option struct {
	// Name is the option's name.
	Name string
	// Value is a string, bool, integer, float64, *discordgo.User or user ID
	// (user and mentionable options), or channel ID, checked against the
	// option's definition.
	Value any
	// Focused marks the option being typed in an autocomplete interaction;
	// Value is then the text typed so far.
	Focused bool
}

// Opt gives the option name the value v.
func Opt(name string, v any) Option { return Option{Name: name, Value: v} }

// Focus marks the option name as the one being typed in an autocomplete
// interaction, with the text typed so far.
func Focus(name, typed string) Option { return Option{Name: name, Value: typed, Focused: true} }

// commandAvailable reports whether cmd can be used in channel ch.
func commandAvailable(cmd *discordgo.ApplicationCommand, ch *channel) bool {
	if cmd.Type != discordgo.ChatApplicationCommand && cmd.Type != PrimaryEntryPoint {
		return false
	}
	ctx := discordgo.InteractionContextGuild
	if ch.guildID == "" {
		ctx = discordgo.InteractionContextBotDM
	}
	if cmd.Contexts != nil {
		return slices.Contains(*cmd.Contexts, ctx)
	}
	// A command naming no contexts gets Discord's default for an app
	// installed in servers: servers and the bot's DMs. The deprecated
	// dm_permission, which contexts replaces, is not modelled.
	return true
}

// commandData builds the data of an APPLICATION_COMMAND or AUTOCOMPLETE
// interaction for path ("name", "name sub" or "name group sub") used in
// channel ch; call with s.mu held.
func (s *Server) commandData(ch *channel, path string, opts []Option, auto bool) (map[string]any, discordgo.ApplicationCommandOptionType, error) {
	words := strings.Fields(path)
	if len(words) == 0 || len(words) > 3 {
		return nil, 0, fmt.Errorf("command path %q: want \"name\", \"name sub\" or \"name group sub\"", path)
	}
	var cmd *discordgo.ApplicationCommand
	for _, scope := range []string{ch.guildID, ""} {
		for _, c := range s.commands[scope] {
			if c.Name == words[0] && commandAvailable(c, ch) && cmd == nil {
				cmd = c
			}
		}
		if ch.guildID == "" {
			break
		}
	}
	if cmd == nil {
		return nil, 0, fmt.Errorf("no command /%s is registered for channel %s (register it with a bulk overwrite first)", words[0], ch.id)
	}
	defs := cmd.Options
	var wrap func([]any) []any = func(x []any) []any { return x }
	for _, w := range words[1:] {
		i := slices.IndexFunc(defs, func(o *discordgo.ApplicationCommandOption) bool { return o.Name == w && isSub(o.Type) })
		if i < 0 {
			return nil, 0, fmt.Errorf("command /%s has no subcommand or group %q", path, w)
		}
		def, outer := defs[i], wrap
		wrap = func(x []any) []any {
			return outer([]any{map[string]any{"name": def.Name, "type": def.Type, "options": x}})
		}
		defs = def.Options
	}
	if slices.ContainsFunc(defs, func(o *discordgo.ApplicationCommandOption) bool { return isSub(o.Type) }) {
		return nil, 0, fmt.Errorf("command /%s needs a subcommand", path)
	}
	leaf, resolved, focusType, err := s.optionValues(ch, defs, opts, auto)
	if err != nil {
		return nil, 0, fmt.Errorf("/%s: %w", path, err)
	}
	if err := s.checkEntryPointUse(cmd); err != nil {
		return nil, 0, err
	}
	data := map[string]any{"id": cmd.ID, "name": cmd.Name, "type": max(cmd.Type, discordgo.ChatApplicationCommand)}
	if cmd.GuildID != "" {
		data["guild_id"] = cmd.GuildID
	}
	if all := wrap(leaf); len(all) > 0 {
		data["options"] = all
	}
	if len(resolved) > 0 {
		data["resolved"] = resolved
	}
	return data, focusType, nil
}

// optionValues checks the given options against their definitions and
// returns them as Discord sends them, with the resolved objects and, for
// autocomplete, the focused option's type.
func (s *Server) optionValues(ch *channel, defs []*discordgo.ApplicationCommandOption, opts []Option, auto bool) ([]any, map[string]map[string]any, discordgo.ApplicationCommandOptionType, error) {
	out := []any{}
	resolved := map[string]map[string]any{}
	addResolved := func(kind, id string, v any) {
		if resolved[kind] == nil {
			resolved[kind] = map[string]any{}
		}
		resolved[kind][id] = v
	}
	var focusType discordgo.ApplicationCommandOptionType
	focused := 0
	seen := map[string]bool{}
	for _, o := range opts {
		i := slices.IndexFunc(defs, func(d *discordgo.ApplicationCommandOption) bool { return d.Name == o.Name })
		if i < 0 {
			return nil, nil, 0, fmt.Errorf("no option %q", o.Name)
		}
		def := defs[i]
		if seen[o.Name] {
			return nil, nil, 0, fmt.Errorf("option %q given twice", o.Name)
		}
		seen[o.Name] = true
		entry := map[string]any{"name": def.Name, "type": def.Type}
		if o.Focused {
			if !auto {
				return nil, nil, 0, fmt.Errorf("option %q: Focus is for Autocomplete", o.Name)
			}
			if !def.Autocomplete {
				return nil, nil, 0, fmt.Errorf("option %q does not have autocomplete enabled", o.Name)
			}
			typed, ok := o.Value.(string)
			if !ok {
				return nil, nil, 0, fmt.Errorf("option %q: the focused value is the typed text, a string", o.Name)
			}
			focused++
			focusType = def.Type
			entry["value"], entry["focused"] = typed, true
			out = append(out, entry)
			continue
		}
		v, err := s.optionValue(ch, def, o.Value, auto, addResolved)
		if err != nil {
			return nil, nil, 0, fmt.Errorf("option %q: %w", o.Name, err)
		}
		entry["value"] = v
		out = append(out, entry)
	}
	if auto && focused != 1 {
		return nil, nil, 0, fmt.Errorf("an autocomplete interaction has exactly one focused option, got %d", focused)
	}
	if !auto {
		for _, d := range defs {
			if d.Required && !seen[d.Name] {
				return nil, nil, 0, fmt.Errorf("required option %q missing", d.Name)
			}
		}
	}
	return out, resolved, focusType, nil
}

// optionValue converts one option value as Discord's client would send it;
// in autocomplete interactions string, integer and number values are
// strings (the text typed).
func (s *Server) optionValue(ch *channel, def *discordgo.ApplicationCommandOption, v any, auto bool, addResolved func(kind, id string, v any)) (any, error) {
	switch def.Type {
	case discordgo.ApplicationCommandOptionString:
		str, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("want a string, got %T", v)
		}
		if !auto {
			if def.MinLength != nil && runes(str) < *def.MinLength || def.MaxLength > 0 && runes(str) > def.MaxLength {
				return nil, fmt.Errorf("%q has a length outside the option's min_length/max_length", str)
			}
			if err := inChoices(def, str); err != nil {
				return nil, err
			}
		}
		return str, nil
	case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
		f, ok := number(v)
		if !ok {
			return nil, fmt.Errorf("want a number, got %T", v)
		}
		if def.Type == discordgo.ApplicationCommandOptionInteger && f != math.Trunc(f) {
			return nil, fmt.Errorf("%v is not an integer", v)
		}
		if auto {
			return strconv.FormatFloat(f, 'f', -1, 64), nil
		}
		if def.MinValue != nil && f < *def.MinValue || def.MaxValue != 0 && f > def.MaxValue {
			return nil, fmt.Errorf("%v is outside the option's min_value/max_value", v)
		}
		if err := inChoices(def, f); err != nil {
			return nil, err
		}
		return f, nil
	case discordgo.ApplicationCommandOptionBoolean:
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Errorf("want a bool, got %T", v)
		}
		return b, nil
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
		id, ok := v.(string)
		if u, isUser := v.(*discordgo.User); isUser && u != nil {
			id, ok = u.ID, true
		}
		u := s.users[id]
		if !ok || u == nil {
			return nil, fmt.Errorf("want a user made by NewUser (or its ID), got %v", v)
		}
		// Resolved users and members
		// (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-resolved-data-structure):
		// the member, with its nickname, lacks user, deaf and mute; "If
		// data for a Member is included, data for its corresponding User
		// will also be included". Like member objects in interactions, it
		// carries the member's permissions in the channel.
		addResolved("users", id, userPayload(u))
		if ch.guildID != "" {
			m := s.member(s.guilds[ch.guildID], u, false)
			m["permissions"] = strconv.FormatInt(s.memberPermsIn(ch, u), 10)
			addResolved("members", id, m)
		}
		return id, nil
	case discordgo.ApplicationCommandOptionChannel:
		id, _ := v.(string)
		c := s.channels[id]
		if c == nil || c.guildID != ch.guildID {
			return nil, fmt.Errorf("want the ID of a channel of this guild, got %v", v)
		}
		if len(def.ChannelTypes) > 0 && !slices.Contains(def.ChannelTypes, c.typ) {
			return nil, fmt.Errorf("channel type %d is not among the option's channel_types", c.typ)
		}
		p := channelPayload(c)
		p["permissions"] = memberPermissions
		addResolved("channels", id, p)
		return id, nil
	}
	return nil, fmt.Errorf("options of type %v are not implemented by discordtest", def.Type)
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case int32:
		return float64(x), true
	case int64:
		return float64(x), true
	case uint:
		return float64(x), true
	case uint32:
		return float64(x), true
	case uint64:
		return float64(x), true
	case float32:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// inChoices checks that v is one of def's choices, if it has any.
func inChoices(def *discordgo.ApplicationCommandOption, v any) error {
	if len(def.Choices) == 0 {
		return nil
	}
	for _, ch := range def.Choices {
		if ch == nil {
			continue
		}
		if f, ok := number(ch.Value); ok {
			if g, ok := v.(float64); ok && f == g {
				return nil
			}
		} else if ch.Value == v {
			return nil
		}
	}
	return fmt.Errorf("%v is not one of the option's choices", v)
}
