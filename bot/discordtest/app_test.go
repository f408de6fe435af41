package discordtest_test

import (
	"encoding/hex"
	"encoding/json"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/zugbot/zugbot/bot/discordtest"
)

// currentApplication is Get Current Application through a plain discordgo
// session, decoded both as discordgo's Application and as raw fields.
func currentApplication(t *testing.T, ds *discordgo.Session) (*discordgo.Application, map[string]json.RawMessage) {
	t.Helper()
	body, err := ds.RequestWithBucketID("GET", discordgo.EndpointApplication("@me"), nil, discordgo.EndpointApplication("@me"))
	if err != nil {
		t.Fatalf("GET /applications/@me: %v", err)
	}
	var app discordgo.Application
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(body, &app); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatal(err)
	}
	return &app, raw
}

func TestGetCurrentApplication(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewWithConfig(t, discordtest.Config{BotName: "zugbot", PrivilegedIntents: discordgo.IntentMessageContent})
	srv.NewGuild("one")
	gone := srv.NewGuild("two")
	srv.LeaveGuild(gone)
	ds := srv.Session()
	app, raw := currentApplication(t, ds)
	if app.ID != srv.AppID() || app.ID != srv.BotUser().ID {
		t.Errorf("application %s, want %s, the bot user's ID by default", app.ID, srv.AppID())
	}
	if app.Name != "zugbot" || app.Owner == nil || app.Owner.ID == "" || app.Owner.ID == srv.BotUser().ID {
		t.Errorf("application name %q owner %+v, want zugbot and an owner who is not the bot", app.Name, app.Owner)
	}
	if k, err := hex.DecodeString(app.VerifyKey); err != nil || len(k) != 32 {
		t.Errorf("verify_key %q, want a hex Ed25519 public key", app.VerifyKey)
	}
	var bot discordgo.User
	if err := json.Unmarshal(raw["bot"], &bot); err != nil || bot.ID != srv.BotUser().ID || !bot.Bot {
		t.Errorf("bot %s, want the bot user %s", raw["bot"], srv.BotUser().ID)
	}
	if got := string(raw["approximate_guild_count"]); got != "1" {
		t.Errorf("approximate_guild_count %s, want 1 (the guild left does not count)", got)
	}
	const messageContentLimited, commandBadge = 1 << 19, 1 << 23
	if app.Flags != messageContentLimited {
		t.Errorf("flags %#x, want GATEWAY_MESSAGE_CONTENT_LIMITED alone", app.Flags)
	}
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.AppID(), "", testCommands()); err != nil {
		t.Fatal(err)
	}
	// discordgo's Application uses Get Current Bot Application Information.
	app, err := ds.Application("@me")
	if err != nil {
		t.Fatalf("Application(@me): %v", err)
	}
	if app.ID != srv.AppID() || app.Flags != messageContentLimited|commandBadge {
		t.Errorf("oauth2 application %s flags %#x, want %s with APPLICATION_COMMAND_BADGE after global commands", app.ID, app.Flags, srv.AppID())
	}
	var routes []string
	for _, r := range srv.Requests() {
		routes = append(routes, r.Route)
	}
	if len(routes) != 3 || routes[0] != discordtest.RouteApplication || routes[2] != discordtest.RouteOAuth2Application {
		t.Errorf("routes %v", routes)
	}

	// Without the bot token: 401.
	ds.Token = "Bot nope"
	if _, err := ds.Application("@me"); err == nil || restCode(t, err) != 0 {
		t.Errorf("Application with a wrong token: %v, want 401", err)
	}
	if got := takeCodes(srv); len(got) != 1 || got[0] != 0 {
		t.Errorf("violations %v, want one 401", got)
	}
}

// TestOldApplicationID runs a bot whose application is older than its bot
// user: everything application-scoped carries the application's ID, and
// registering commands under the bot user's ID is refused.
func TestOldApplicationID(t *testing.T) {
	t.Parallel()
	const appID = "159985415099514880"
	srv := discordtest.NewWithConfig(t, discordtest.Config{AppID: appID})
	if srv.AppID() != appID || srv.BotUser().ID == appID {
		t.Fatalf("AppID %s bot %s, want the configured %s and another bot ID", srv.AppID(), srv.BotUser().ID, appID)
	}
	guild := srv.NewGuild("Zug Club")
	channel := srv.NewChannel(guild, "games")
	alice := srv.NewUser("alice")
	ds := srv.Session()
	ready := make(chan *discordgo.Ready, 1)
	ds.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { ready <- r })
	got := make(chan *discordgo.Interaction, 4)
	ds.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { got <- ic.Interaction })
	if err := ds.Open(); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-ready:
		if r.User.ID != srv.BotUser().ID || r.Application == nil || r.Application.ID != appID {
			t.Errorf("READY user %s application %+v, want user %s application %s", r.User.ID, r.Application, srv.BotUser().ID, appID)
		}
	case <-time.After(wait):
		t.Fatal("no READY")
	}
	if app, _ := currentApplication(t, ds); app.ID != appID {
		t.Errorf("Get Current Application: %s, want %s", app.ID, appID)
	}

	// The bot user's ID is not the application's.
	_, err := ds.ApplicationCommandBulkOverwrite(srv.BotUser().ID, guild, testCommands())
	wantRefused(t, srv, err, 403, 20012)
	_, err = ds.ApplicationCommands(srv.BotUser().ID, "")
	wantRefused(t, srv, err, 403, 20012)

	cmds, err := ds.ApplicationCommandBulkOverwrite(appID, guild, testCommands())
	if err != nil {
		t.Fatal(err)
	}
	if cmds[0].ApplicationID != appID {
		t.Errorf("command application_id %s, want %s", cmds[0].ApplicationID, appID)
	}
	srv.SlashCommand(t, alice, channel, "play", discordtest.Opt("game", "zola"))
	var i *discordgo.Interaction
	select {
	case i = <-got:
	case <-time.After(wait):
		t.Fatal("no interaction")
	}
	if i.AppID != appID {
		t.Errorf("interaction application_id %s, want %s", i.AppID, appID)
	}
	// discordgo's follow-up routes take the interaction's application ID.
	if err := ds.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		t.Fatal(err)
	}
	m, err := ds.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "hi"})
	if err != nil {
		t.Fatal(err)
	}
	if m.WebhookID != appID || m.Author.ID != srv.BotUser().ID {
		t.Errorf("follow-up webhook %s author %s, want webhook %s by the bot %s", m.WebhookID, m.Author.ID, appID, srv.BotUser().ID)
	}
}

// TestLeaveGuild checks what a guild the bot is not in (any more) answers.
func TestLeaveGuild(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	stay := srv.NewGuild("stay")
	leave := srv.NewGuild("leave")
	channel := srv.NewChannel(leave, "games")
	ds := srv.Session()
	deleted := make(chan *discordgo.GuildDelete, 1)
	ds.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildDelete) { deleted <- g })
	if err := ds.Open(); err != nil {
		t.Fatal(err)
	}
	srv.WaitReady(t, wait)
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.AppID(), leave, testCommands()); err != nil {
		t.Fatal(err)
	}
	srv.LeaveGuild(leave)
	select {
	case g := <-deleted:
		if g.ID != leave || g.Unavailable {
			t.Errorf("GUILD_DELETE %s unavailable %v, want %s removed", g.ID, g.Unavailable, leave)
		}
	case <-time.After(wait):
		t.Fatal("no GUILD_DELETE")
	}

	_, err := ds.ApplicationCommandBulkOverwrite(srv.AppID(), leave, testCommands())
	wantRefused(t, srv, err, 403, 50001)
	_, err = ds.ApplicationCommands(srv.AppID(), leave)
	wantRefused(t, srv, err, 403, 50001)
	_, err = ds.ChannelMessageSend(channel, "still here?")
	wantRefused(t, srv, err, 403, 50001)
	// A guild the bot was never in.
	_, err = ds.ApplicationCommandBulkOverwrite(srv.AppID(), "81384788765712384", testCommands())
	wantRefused(t, srv, err, 403, 50001)
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.AppID(), stay, testCommands()); err != nil {
		t.Errorf("overwrite in a guild the bot is in: %v", err)
	}

	// A new session's READY lists only the guild the bot is in.
	ds2 := srv.Session()
	ready := make(chan []string, 1)
	ds2.SyncEvents = true // the handler copies the guilds before the state changes them
	ds2.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		var ids []string
		for _, g := range r.Guilds {
			ids = append(ids, g.ID)
		}
		ready <- ids
	})
	if err := ds2.Open(); err != nil {
		t.Fatal(err)
	}
	select {
	case ids := <-ready:
		if len(ids) != 1 || ids[0] != stay {
			t.Errorf("READY guilds %v, want only %s", ids, stay)
		}
	case <-time.After(wait):
		t.Fatal("no READY")
	}
}
