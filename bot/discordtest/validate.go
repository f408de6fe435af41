package discordtest

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on messages, components and interaction responses.
const (
	MaxContent         = 2000 // characters of message content
	MaxEmbeds          = 10
	MaxEmbedTotal      = 6000 // characters over all embeds of a message
	MaxRows            = 5    // action rows per message or modal
	MaxButtonsPerRow   = 5
	MaxCustomID        = 100 // characters of a custom_id
	MaxSelectOptions   = 25
	MaxChoices         = 25 // autocomplete results and command option choices
	MaxButtonLabel     = 80
	MaxModalTitle      = 45
	MaxTextInputLabel  = 45
	MaxTextInputLength = 4000
)

func runes(s string) int { return utf8.RuneCountInString(s) }

func lengthError(path string, min, max int) fieldError {
	if min <= 0 {
		return fieldError{path, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", max)}
	}
	return fieldError{path, "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between %d and %d in length.", min, max)}
}

// checkLen appends a length error for s at path unless min <= len <= max
// (in characters).
func checkLen(errs *[]fieldError, path, s string, min, max int) {
	if n := runes(s); n < min || n > max {
		*errs = append(*errs, lengthError(path, min, max))
	}
}

func validateContent(prefix, content string) []fieldError {
	if runes(content) > MaxContent {
		return []fieldError{lengthError(prefix+"content", 0, MaxContent)}
	}
	return nil
}

func validateEmbeds(path string, embeds []*discordgo.MessageEmbed) []fieldError {
	var errs []fieldError
	if len(embeds) > MaxEmbeds {
		errs = append(errs, lengthError(path, 0, MaxEmbeds))
	}
	total := 0
	for i, e := range embeds {
		p := fmt.Sprintf("%s.%d.", path, i)
		if e == nil {
			errs = append(errs, fieldError{trimDot(p), "MODEL_TYPE_CONVERT", "Embed must be an object."})
			continue
		}
		checkLen(&errs, p+"title", e.Title, 0, 256)
		checkLen(&errs, p+"description", e.Description, 0, 4096)
		total += runes(e.Title) + runes(e.Description)
		if e.Color < 0 || e.Color > 0xFFFFFF {
			errs = append(errs, fieldError{p + "color", "NUMBER_TYPE_MAX", "int value should be between 0 and 16777215."})
		}
		if len(e.Fields) > 25 {
			errs = append(errs, lengthError(p+"fields", 0, 25))
		}
		for j, f := range e.Fields {
			if f == nil {
				continue
			}
			checkLen(&errs, fmt.Sprintf("%sfields.%d.name", p, j), f.Name, 1, 256)
			checkLen(&errs, fmt.Sprintf("%sfields.%d.value", p, j), f.Value, 1, 1024)
			total += runes(f.Name) + runes(f.Value)
		}
		if e.Footer != nil {
			checkLen(&errs, p+"footer.text", e.Footer.Text, 0, 2048)
			total += runes(e.Footer.Text)
			checkURL(&errs, p+"footer.icon_url", e.Footer.IconURL, true)
		}
		if e.Author != nil {
			checkLen(&errs, p+"author.name", e.Author.Name, 1, 256)
			total += runes(e.Author.Name)
			checkURL(&errs, p+"author.url", e.Author.URL, false)
			checkURL(&errs, p+"author.icon_url", e.Author.IconURL, true)
		}
		checkURL(&errs, p+"url", e.URL, false)
		if e.Image != nil {
			checkURL(&errs, p+"image.url", e.Image.URL, true)
		}
		if e.Thumbnail != nil {
			checkURL(&errs, p+"thumbnail.url", e.Thumbnail.URL, true)
		}
		if e.Timestamp != "" && !validTimestamp(e.Timestamp) {
			errs = append(errs, fieldError{p + "timestamp", "DATE_TYPE_PARSE", "Could not parse " + e.Timestamp + ". Should be ISO8601."})
		}
	}
	if total > MaxEmbedTotal {
		errs = append(errs, fieldError{path, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Embed size exceeds maximum size of %d", MaxEmbedTotal)})
	}
	return errs
}

func validTimestamp(s string) bool {
	for _, layout := range []string{"2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05.999999999Z07:00", "2006-01-02"} {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}

// checkURL checks an embed URL: http or https, or attachment:// for images.
func checkURL(errs *[]fieldError, path, raw string, image bool) {
	if raw == "" {
		return
	}
	u, err := url.Parse(raw)
	ok := err == nil && ((u.Scheme == "http" || u.Scheme == "https") && u.Host != "" || image && u.Scheme == "attachment" && u.Host != "")
	if !ok {
		allowed := "('http', 'https')"
		if image {
			allowed = "('http', 'https', 'attachment')"
		}
		*errs = append(*errs, fieldError{path, "URL_TYPE_INVALID_PROTOCOL", "Scheme \"" + raw + "\" is not supported. Scheme must be one of " + allowed + "."})
	}
}

// attachmentLinks lists the attachment:// URLs of m's embeds that name no
// attachment of m: Discord accepts them and shows no image.
func attachmentLinks(m *message) []string {
	var notes []string
	check := func(where, raw string) {
		name, ok := strings.CutPrefix(raw, "attachment://")
		if !ok {
			return
		}
		if !slices.ContainsFunc(m.attachments, func(a *attachment) bool { return a.meta.Filename == name }) {
			notes = append(notes, fmt.Sprintf("%s is %q but the message has no attachment named %q: Discord shows no image", where, raw, name))
		}
	}
	for i, e := range m.embeds {
		if e == nil {
			continue
		}
		if e.Image != nil {
			check(fmt.Sprintf("embeds.%d.image.url", i), e.Image.URL)
		}
		if e.Thumbnail != nil {
			check(fmt.Sprintf("embeds.%d.thumbnail.url", i), e.Thumbnail.URL)
		}
		if e.Footer != nil {
			check(fmt.Sprintf("embeds.%d.footer.icon_url", i), e.Footer.IconURL)
		}
		if e.Author != nil {
			check(fmt.Sprintf("embeds.%d.author.icon_url", i), e.Author.IconURL)
		}
	}
	return notes
}

func validateMentions(path string, am *allowedMentions) []fieldError {
	var errs []fieldError
	for i, p := range am.Parse {
		if p != "users" && p != "roles" && p != "everyone" {
			errs = append(errs, fieldError{fmt.Sprintf("%s.parse.%d", path, i), "BASE_TYPE_CHOICES", "Value must be one of ('roles', 'users', 'everyone')."})
		}
	}
	if slices.Contains(am.Parse, "users") && len(am.Users) > 0 {
		errs = append(errs, fieldError{path, "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE", `parse:["users"] and users: [ids] are mutually exclusive.`})
	}
	if slices.Contains(am.Parse, "roles") && len(am.Roles) > 0 {
		errs = append(errs, fieldError{path, "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE", `parse:["roles"] and roles: [ids] are mutually exclusive.`})
	}
	if len(am.Users) > 100 {
		errs = append(errs, lengthError(path+".users", 0, 100))
	}
	if len(am.Roles) > 100 {
		errs = append(errs, lengthError(path+".roles", 0, 100))
	}
	return errs
}

// component is any component as sent on the wire.
type component struct {
	Type        discordgo.ComponentType `json:"type"`
	CustomID    *string                 `json:"custom_id"`
	Label       *string                 `json:"label"`
	Style       int                     `json:"style"`
	URL         string                  `json:"url"`
	SKUID       string                  `json:"sku_id"`
	Emoji       json.RawMessage         `json:"emoji"`
	Disabled    bool                    `json:"disabled"`
	Placeholder string                  `json:"placeholder"`
	MinValues   *int                    `json:"min_values"`
	MaxValues   *int                    `json:"max_values"`
	Options     []selectOption          `json:"options"`
	Components  []json.RawMessage       `json:"components"`
	Value       *string                 `json:"value"`
	Required    *bool                   `json:"required"`
	MinLength   *int                    `json:"min_length"`
	MaxLength   *int                    `json:"max_length"`
}

type selectOption struct {
	Label       string          `json:"label"`
	Value       string          `json:"value"`
	Description string          `json:"description"`
	Default     bool            `json:"default"`
	Emoji       json.RawMessage `json:"emoji"`
}

// checkEmoji checks a component emoji: an object with a custom emoji's ID
// or a unicode emoji's name.
func checkEmoji(path string, raw json.RawMessage) []fieldError {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var e struct {
		ID       string `json:"id"`
		Name     string `json:"name"`
		Animated bool   `json:"animated"`
	}
	if err := json.Unmarshal(raw, &e); err != nil || e.ID == "" && e.Name == "" {
		return []fieldError{{path, "MODEL_TYPE_CONVERT", "Invalid emoji: want an object with an id or a name."}}
	}
	return nil
}

func (c *component) customID() string {
	if c.CustomID == nil {
		return ""
	}
	return *c.CustomID
}

func (c *component) isSelect() bool {
	switch c.Type {
	case discordgo.SelectMenuComponent, discordgo.UserSelectMenuComponent, discordgo.RoleSelectMenuComponent,
		discordgo.MentionableSelectMenuComponent, discordgo.ChannelSelectMenuComponent:
		return true
	}
	return false
}

func decodeComponent(raw json.RawMessage) (*component, error) {
	var c component
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

// validateComponents checks a message's components: action rows of up to
// five buttons or one select menu, custom IDs of 1..100 characters unique
// in the message.
func validateComponents(path string, comps []json.RawMessage, flags discordgo.MessageFlags) []fieldError {
	var errs []fieldError
	if flags&discordgo.MessageFlagsIsComponentsV2 != 0 {
		return []fieldError{{"flags", "UNSUPPORTED", "IS_COMPONENTS_V2 messages are not implemented by discordtest."}}
	}
	if len(comps) > MaxRows {
		errs = append(errs, lengthError(path, 0, MaxRows))
	}
	ids := map[string]bool{}
	for i, raw := range comps {
		p := fmt.Sprintf("%s.%d", path, i)
		row, err := decodeComponent(raw)
		if err != nil {
			errs = append(errs, fieldError{p, "MODEL_TYPE_CONVERT", "Invalid component: " + err.Error()})
			continue
		}
		if row.Type != discordgo.ActionsRowComponent {
			errs = append(errs, fieldError{p + ".type", "UNION_TYPE_CHOICES", fmt.Sprintf("Component type %d is not allowed at the top level; use action rows (type 1).", row.Type)})
			continue
		}
		if _, err := discordgo.MessageComponentFromJSON(raw); err != nil {
			// Field types Discord would not take either (discordgo decodes
			// what Discord sends back).
			errs = append(errs, fieldError{p, "MODEL_TYPE_CONVERT", "Invalid component: " + err.Error()})
			continue
		}
		if n := len(row.Components); n < 1 || n > MaxButtonsPerRow {
			errs = append(errs, fieldError{p + ".components", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", MaxButtonsPerRow)})
		}
		for j, raw := range row.Components {
			q := fmt.Sprintf("%s.components.%d", p, j)
			c, err := decodeComponent(raw)
			if err != nil {
				errs = append(errs, fieldError{q, "MODEL_TYPE_CONVERT", "Invalid component: " + err.Error()})
				continue
			}
			switch {
			case c.Type == discordgo.ButtonComponent:
				errs = append(errs, validateButton(q, c)...)
			case c.isSelect():
				if len(row.Components) > 1 {
					errs = append(errs, fieldError{q, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width: a select menu must be alone in its action row."})
				}
				errs = append(errs, validateSelect(q, c)...)
			default:
				errs = append(errs, fieldError{q + ".type", "UNION_TYPE_CHOICES", fmt.Sprintf("Component type %d is not allowed in a message action row.", c.Type)})
				continue
			}
			if id := c.customID(); id != "" {
				if ids[id] {
					errs = append(errs, fieldError{q + ".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated: " + shorten(id)})
				}
				ids[id] = true
			}
		}
	}
	return errs
}

func validateButton(path string, c *component) []fieldError {
	var errs []fieldError
	label := ""
	if c.Label != nil {
		label = *c.Label
	}
	checkLen(&errs, path+".label", label, 0, MaxButtonLabel)
	switch discordgo.ButtonStyle(c.Style) {
	case discordgo.PrimaryButton, discordgo.SecondaryButton, discordgo.SuccessButton, discordgo.DangerButton:
		if c.CustomID == nil {
			errs = append(errs, fieldError{path + ".custom_id", "BASE_TYPE_REQUIRED", "This field is required"})
		} else {
			checkLen(&errs, path+".custom_id", *c.CustomID, 1, MaxCustomID)
		}
		if c.URL != "" {
			errs = append(errs, fieldError{path + ".url", "BUTTON_URL_NOT_ALLOWED", "A button with a custom_id cannot have a url."})
		}
	case discordgo.LinkButton:
		if c.CustomID != nil {
			errs = append(errs, fieldError{path + ".custom_id", "BUTTON_CUSTOM_ID_NOT_ALLOWED", "A link button cannot have a custom_id."})
		}
		checkURL(&errs, path+".url", c.URL, false)
		if c.URL == "" {
			errs = append(errs, fieldError{path + ".url", "BASE_TYPE_REQUIRED", "This field is required"})
		}
	case discordgo.PremiumButton:
		if c.SKUID == "" {
			errs = append(errs, fieldError{path + ".sku_id", "BASE_TYPE_REQUIRED", "This field is required"})
		}
		if c.CustomID != nil || c.URL != "" || label != "" {
			errs = append(errs, fieldError{path, "BUTTON_PREMIUM_FIELDS", "A premium button has only a sku_id."})
		}
		return errs
	default:
		return append(errs, fieldError{path + ".style", "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of (1, 2, 3, 4, 5, 6); got %d.", c.Style)})
	}
	errs = append(errs, checkEmoji(path+".emoji", c.Emoji)...)
	if label == "" && (len(c.Emoji) == 0 || string(c.Emoji) == "null") {
		errs = append(errs, fieldError{path + ".label", "BUTTON_LABEL_OR_EMOJI_REQUIRED", "A button needs a label or an emoji."})
	}
	return errs
}

func validateSelect(path string, c *component) []fieldError {
	var errs []fieldError
	if c.CustomID == nil {
		errs = append(errs, fieldError{path + ".custom_id", "BASE_TYPE_REQUIRED", "This field is required"})
	} else {
		checkLen(&errs, path+".custom_id", *c.CustomID, 1, MaxCustomID)
	}
	checkLen(&errs, path+".placeholder", c.Placeholder, 0, 150)
	minV, maxV := 1, 1
	if c.MinValues != nil {
		minV = *c.MinValues
		if minV < 0 || minV > 25 {
			errs = append(errs, fieldError{path + ".min_values", "NUMBER_TYPE_MAX", "int value should be between 0 and 25."})
		}
	}
	if c.MaxValues != nil {
		maxV = *c.MaxValues
		if maxV < 1 || maxV > 25 {
			errs = append(errs, fieldError{path + ".max_values", "NUMBER_TYPE_MAX", "int value should be between 1 and 25."})
		}
	}
	if minV > maxV {
		errs = append(errs, fieldError{path + ".min_values", "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE", "min_values must be at most max_values."})
	}
	if c.Type != discordgo.SelectMenuComponent {
		if len(c.Options) > 0 {
			errs = append(errs, fieldError{path + ".options", "SELECT_COMPONENT_OPTIONS_NOT_ALLOWED", "Only string select menus have options."})
		}
		return errs
	}
	if n := len(c.Options); n < 1 || n > MaxSelectOptions {
		errs = append(errs, fieldError{path + ".options", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", MaxSelectOptions)})
	}
	if maxV > len(c.Options) {
		errs = append(errs, fieldError{path + ".max_values", "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE", "max_values must be at most the number of options."})
	}
	values := map[string]bool{}
	defaults := 0
	for i, o := range c.Options {
		q := fmt.Sprintf("%s.options.%d", path, i)
		checkLen(&errs, q+".label", o.Label, 1, 100)
		checkLen(&errs, q+".value", o.Value, 1, 100)
		checkLen(&errs, q+".description", o.Description, 0, 100)
		errs = append(errs, checkEmoji(q+".emoji", o.Emoji)...)
		if values[o.Value] {
			errs = append(errs, fieldError{q + ".value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "The specified option value is already used: " + shorten(o.Value)})
		}
		values[o.Value] = true
		if o.Default {
			defaults++
		}
	}
	if defaults > maxV {
		errs = append(errs, fieldError{path + ".options", "SELECT_COMPONENT_TOO_MANY_DEFAULTS", "More options are default than max_values allows."})
	}
	return errs
}

// validateModal checks the data of a modal response: title, custom_id and
// one to five action rows each holding one text input.
func validateModal(b *messageBody) []fieldError {
	var errs []fieldError
	checkLen(&errs, "data.custom_id", b.customID, 1, MaxCustomID)
	checkLen(&errs, "data.title", b.title, 1, MaxModalTitle)
	if n := len(b.components); n < 1 || n > MaxRows {
		errs = append(errs, fieldError{"data.components", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", MaxRows)})
	}
	ids := map[string]bool{}
	for i, raw := range b.components {
		p := fmt.Sprintf("data.components.%d", i)
		row, err := decodeComponent(raw)
		if err != nil || row.Type != discordgo.ActionsRowComponent || len(row.Components) != 1 {
			errs = append(errs, fieldError{p, "MODAL_LAYOUT", "Each row of a modal is an action row holding exactly one text input."})
			continue
		}
		c, err := decodeComponent(row.Components[0])
		q := p + ".components.0"
		if err != nil || c.Type != discordgo.TextInputComponent {
			errs = append(errs, fieldError{q + ".type", "UNION_TYPE_CHOICES", "Modals hold text inputs (type 4) only in discordtest."})
			continue
		}
		if c.CustomID == nil {
			errs = append(errs, fieldError{q + ".custom_id", "BASE_TYPE_REQUIRED", "This field is required"})
		} else {
			checkLen(&errs, q+".custom_id", *c.CustomID, 1, MaxCustomID)
			if ids[*c.CustomID] {
				errs = append(errs, fieldError{q + ".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"})
			}
			ids[*c.CustomID] = true
		}
		label := ""
		if c.Label != nil {
			label = *c.Label
		}
		checkLen(&errs, q+".label", label, 1, MaxTextInputLabel)
		if c.Style != int(discordgo.TextInputShort) && c.Style != int(discordgo.TextInputParagraph) {
			errs = append(errs, fieldError{q + ".style", "BASE_TYPE_CHOICES", "Value must be one of (1, 2)."})
		}
		checkLen(&errs, q+".placeholder", c.Placeholder, 0, 100)
		minL, maxL := 0, MaxTextInputLength
		if c.MinLength != nil {
			minL = *c.MinLength
			if minL < 0 || minL > MaxTextInputLength {
				errs = append(errs, fieldError{q + ".min_length", "NUMBER_TYPE_MAX", "int value should be between 0 and 4000."})
			}
		}
		if c.MaxLength != nil && *c.MaxLength != 0 {
			maxL = *c.MaxLength
			if maxL < 1 || maxL > MaxTextInputLength {
				errs = append(errs, fieldError{q + ".max_length", "NUMBER_TYPE_MAX", "int value should be between 1 and 4000."})
			}
		}
		if minL > maxL {
			errs = append(errs, fieldError{q + ".min_length", "TEXT_INPUT_MIN_GREATER_THAN_MAX", "min_length must be at most max_length."})
		}
		if c.Value != nil {
			checkLen(&errs, q+".value", *c.Value, 0, maxL)
		}
	}
	return errs
}

// validateChoices checks an autocomplete result for an option of type typ.
func validateChoices(b *messageBody, typ discordgo.ApplicationCommandOptionType) []fieldError {
	if !b.has["choices"] {
		return []fieldError{{"data.choices", "BASE_TYPE_REQUIRED", "This field is required"}}
	}
	var errs []fieldError
	if len(b.choices) > MaxChoices {
		errs = append(errs, lengthError("data.choices", 0, MaxChoices))
	}
	for i, raw := range b.choices {
		p := fmt.Sprintf("data.choices.%d", i)
		var ch struct {
			Name  string          `json:"name"`
			Value json.RawMessage `json:"value"`
		}
		if err := json.Unmarshal(raw, &ch); err != nil {
			errs = append(errs, fieldError{p, "MODEL_TYPE_CONVERT", "Invalid choice: " + err.Error()})
			continue
		}
		checkLen(&errs, p+".name", ch.Name, 1, 100)
		errs = append(errs, checkChoiceValue(p+".value", ch.Value, typ)...)
	}
	return errs
}

// checkChoiceValue checks that a choice value fits an option of type typ.
func checkChoiceValue(path string, raw json.RawMessage, typ discordgo.ApplicationCommandOptionType) []fieldError {
	switch typ {
	case discordgo.ApplicationCommandOptionString:
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return []fieldError{{path, "STRING_TYPE_CONVERT", "Could not interpret " + shorten(string(raw)) + " as string."}}
		}
		if runes(s) > 100 {
			return []fieldError{lengthError(path, 0, 100)}
		}
	case discordgo.ApplicationCommandOptionInteger:
		var f float64
		if err := json.Unmarshal(raw, &f); err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return []fieldError{{path, "NUMBER_TYPE_COERCE", "Value \"" + shorten(string(raw)) + "\" is not int."}}
		}
	case discordgo.ApplicationCommandOptionNumber:
		var f float64
		if err := json.Unmarshal(raw, &f); err != nil || math.Abs(f) > 1<<53 {
			return []fieldError{{path, "NUMBER_TYPE_COERCE", "Value \"" + shorten(string(raw)) + "\" is not a number."}}
		}
	default:
		return []fieldError{{path, "APPLICATION_COMMAND_OPTION_CHOICES_NOT_ALLOWED", fmt.Sprintf("Options of type %v have no choices.", typ)}}
	}
	return nil
}
