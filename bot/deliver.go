package bot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// What a board in a channel needs the bot to be allowed: to see the
// channel, post in it (in a thread, post in threads) and attach the
// picture in an embed.
const (
	permsBoard       = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionEmbedLinks | discordgo.PermissionAttachFiles
	permsThreadBoard = discordgo.PermissionViewChannel | discordgo.PermissionSendMessagesInThreads | discordgo.PermissionEmbedLinks | discordgo.PermissionAttachFiles
)

// Permissions are what zugbot asks for in its invite: the boards' in
// channels and threads, Read Message History to find its messages again,
// and Create Public Threads to give a tournament its thread.
const Permissions = permsBoard | permsThreadBoard | discordgo.PermissionReadMessageHistory | discordgo.PermissionCreatePublicThreads

// permissionNames name Discord's permissions as server settings show them.
var permissionNames = []struct {
	bit  int64
	name string
}{
	{discordgo.PermissionViewChannel, "View Channel"},
	{discordgo.PermissionSendMessages, "Send Messages"},
	{discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads"},
	{discordgo.PermissionEmbedLinks, "Embed Links"},
	{discordgo.PermissionAttachFiles, "Attach Files"},
}

// missing names the permissions of need that have lacks.
func missing(have, need int64) []string {
	var out []string
	for _, p := range permissionNames {
		if need&p.bit != 0 && have&p.bit == 0 {
			out = append(out, p.name)
		}
	}
	return out
}

// cannot explains, in words a server admin can act on, why the bot's
// request about channel failed.
func cannot(channel string, err error) string {
	where := "<#" + channel + ">"
	var rest *discordgo.RESTError
	if errors.As(err, &rest) {
		code := 0
		if rest.Message != nil {
			code = rest.Message.Code
		}
		switch code {
		case discordgo.ErrCodeMissingAccess:
			return fmt.Sprintf("I can't see %s: I lack View Channel there (or, in a private thread, nobody added me)", where)
		case discordgo.ErrCodeMissingPermissions:
			return fmt.Sprintf("I lack a permission in %s: I need View Channel, Send Messages (Send Messages in Threads in a thread), Embed Links and Attach Files there", where)
		case discordgo.ErrCodePerformedOperationOnArchivedThread:
			return fmt.Sprintf("the thread %s is archived or locked", where)
		case discordgo.ErrCodeUnknownChannel:
			return fmt.Sprintf("the channel %s no longer exists; /board in another channel of the server shows a game's board there", where)
		case discordgo.ErrCodeUnknownMessage:
			return fmt.Sprintf("the message in %s was deleted", where)
		}
		if rest.Response != nil && rest.Response.StatusCode == http.StatusTooManyRequests {
			return "Discord is rate limiting me; it should pass in a moment"
		}
		if rest.Response != nil && rest.Response.StatusCode >= 500 {
			return fmt.Sprintf("Discord had an error (%s); it should pass", rest.Response.Status)
		}
	}
	return "something went wrong on my side; it has been logged"
}

// degraded records that the bot could not do what, in channel, after the
// change the player asked for was made: it is logged and counted, and the
// player is told privately once the interaction is answered.
func (r *request) degraded(what, channel string, err error) {
	r.b.degraded(what, 0, err)
	r.problems = append(r.problems, fmt.Sprintf("I could not %s: %s.", what, cannot(channel, err)))
}

// canPost reports whether the bot may post and edit a board in channel, as
// far as the interaction's app_permissions tell (they are for the channel
// the interaction came from; elsewhere the answer is yes, and Discord
// decides). When it may not, it records why for the player.
func (r *request) canPost(what, channel string) bool {
	if channel != r.i.ChannelID || r.i.AppPermissions == 0 {
		return true
	}
	// discordgo v0.29.0 does not decode the interaction's channel; the
	// gateway's state knows whether it is a thread.
	need := int64(permsBoard)
	if r.b.isThread(r.ctx, channel) {
		need = permsThreadBoard
	}
	if lack := missing(r.i.AppPermissions, need); len(lack) > 0 {
		r.problems = append(r.problems, fmt.Sprintf("I could not %s: I lack %s in <#%s>.", what, strings.Join(lack, " and "), channel))
		return false
	}
	return true
}

// reportProblems tells the player privately what could not be done after
// their request went through.
func (r *request) reportProblems() {
	if len(r.problems) == 0 || !r.responded {
		return
	}
	text := "Done, but: " + strings.Join(r.problems, " ")
	if err := r.followup(message{content: text, ephemeral: true}); err != nil {
		r.b.log.Warn("could not tell the user what went wrong", "user", r.user.ID, "err", err, "message", text)
	}
}

// isThread reports whether channel id is a thread, as the gateway's state
// knows it or, failing that, as Discord says.
func (b *Bot) isThread(ctx context.Context, id string) bool {
	ch, err := b.session.State.Channel(id)
	if err != nil {
		if ch, err = b.session.Channel(id, discordgo.WithContext(ctx)); err != nil {
			return false
		}
	}
	return ch.IsThread()
}
