package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// The Activity: the live board inside Discord (package web, activity.go).
// Discord's Developer Portal, when Activities are enabled, gives the
// application an entry point command (type PRIMARY_ENTRY_POINT) that
// launches it; a board's button launches it too, with the LAUNCH_ACTIVITY
// response. discordgo v0.29.0 knows neither, nor the command's handler
// field, so both go through raw requests.

// Discord's names that discordgo v0.29.0 lacks
// (https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-types,
// https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type).
const (
	primaryEntryPoint discordgo.ApplicationCommandType  = 4
	launchActivity    discordgo.InteractionResponseType = 12
)

// verbActivity is the board's button that opens the Activity.
const verbActivity = "activity"

// maxRowButtons is the most buttons an action row holds
// (https://discord.com/developers/docs/components/reference#action-row).
const maxRowButtons = 5

// UseActivity makes every board carry a Play in Discord button, which
// launches the application's Activity in the board's channel. Call it
// before Run, for an application whose Activities are enabled and served
// (web.ActivityConfig).
func (b *Bot) UseActivity() { b.activity = true }

// launchActivity answers the Play in Discord button: Discord opens the
// Activity in the channel, where it shows the channel's game.
func (r *request) launchActivity(action) error {
	if !r.b.activity {
		return userErrorf("This zugbot serves no Activity.")
	}
	return r.respond(launchActivity, nil)
}

// entryPointFields are the fields of an entry point command that a bulk
// overwrite may carry
// (https://discord.com/developers/docs/interactions/application-commands#bulk-overwrite-global-application-commands):
// its ID keeps it the same command.
var entryPointFields = []string{"id", "type", "name", "name_localizations", "description", "description_localizations",
	"handler", "integration_types", "contexts", "default_member_permissions", "nsfw"}

// overwriteGlobal replaces the application's global commands with cmds,
// keeping its entry point command: a bulk overwrite replaces the whole
// list, and one without the entry point command would delete the
// Activity's launcher, which the Developer Portal made.
func overwriteGlobal(ctx context.Context, s *discordgo.Session, appID string, cmds []*discordgo.ApplicationCommand) error {
	endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
	body, err := s.RequestWithBucketID(http.MethodGet, endpoint, nil, endpoint, discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("read the global commands: %w", err)
	}
	var old []map[string]json.RawMessage
	if err := json.Unmarshal(body, &old); err != nil {
		return fmt.Errorf("read the global commands: %w", err)
	}
	list := make([]any, 0, len(cmds)+1)
	for _, c := range cmds {
		list = append(list, c)
	}
	for _, c := range old {
		var typ discordgo.ApplicationCommandType
		if json.Unmarshal(c["type"], &typ) != nil || typ != primaryEntryPoint {
			continue
		}
		keep := map[string]json.RawMessage{}
		for _, f := range entryPointFields {
			if v, ok := c[f]; ok {
				keep[f] = v
			}
		}
		list = append(list, keep)
	}
	if _, err := s.RequestWithBucketID(http.MethodPut, endpoint, list, endpoint, discordgo.WithContext(ctx)); err != nil {
		return err
	}
	return nil
}

// ApplicationID asks Discord for the ID of the application whose bot
// session s is: its OAuth2 client ID, which the Activity's page and the
// activity-instances API name.
func ApplicationID(ctx context.Context, s *discordgo.Session) (string, error) {
	app, err := currentApplication(ctx, s)
	if err != nil {
		return "", err
	}
	return app.ID, nil
}
