package discordtest_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/zugbot/zugbot/bot/discordtest"
)

// events collects the gateway events of type T a session receives.
func events[T any](ds *discordgo.Session) chan *T {
	ch := make(chan *T, 16)
	ds.AddHandler(func(_ *discordgo.Session, e *T) { ch <- e })
	return ch
}

// nextEvent returns the next event of ch, failing the test after wait.
func nextEvent[T any](t *testing.T, ch chan *T, what string) *T {
	t.Helper()
	select {
	case e := <-ch:
		return e
	case <-time.After(wait):
		t.Fatalf("no %s within %v", what, wait)
		return nil
	}
}

func TestDeleteChannel(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	deleted, threads := events[discordgo.ChannelDelete](h.ds), events[discordgo.ThreadDelete](h.ds)
	m, err := h.ds.ChannelMessageSend(h.channel, "a board")
	if err != nil {
		t.Fatal(err)
	}
	th, err := h.ds.MessageThreadStart(h.channel, m.ID, "a round", 1440)
	if err != nil {
		t.Fatal(err)
	}
	h.srv.DeleteChannel(h.channel)
	if e := nextEvent(t, threads, "THREAD_DELETE"); e.ID != th.ID || e.ParentID != h.channel {
		t.Errorf("THREAD_DELETE %+v; want thread %s of channel %s", e.Channel, th.ID, h.channel)
	}
	if e := nextEvent(t, deleted, "CHANNEL_DELETE"); e.ID != h.channel || e.GuildID != h.guild {
		t.Errorf("CHANNEL_DELETE %+v; want channel %s", e.Channel, h.channel)
	}
	for _, c := range []string{h.channel, th.ID} {
		if _, err := h.ds.ChannelMessageSend(c, "after"); restCode(t, err) != discordgo.ErrCodeUnknownChannel {
			t.Errorf("send to deleted %s: %v; want 10003", c, err)
		}
	}
	if _, err := h.ds.ChannelMessageEdit(h.channel, m.ID, "edited"); restCode(t, err) != discordgo.ErrCodeUnknownChannel {
		t.Errorf("edit in the deleted channel: %v; want 10003", err)
	}
	if h.srv.Channel(h.channel) != nil || h.srv.Message(h.channel, m.ID) != nil {
		t.Errorf("the channel or its message outlived the deletion")
	}
	h.srv.TakeViolations()
}

func TestRejoinGuild(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	gone, back := events[discordgo.GuildDelete](h.ds), events[discordgo.GuildCreate](h.ds)
	h.srv.LeaveGuild(h.guild)
	if e := nextEvent(t, gone, "GUILD_DELETE"); e.ID != h.guild || e.Unavailable {
		t.Errorf("GUILD_DELETE %+v; want guild %s removed, not unavailable", e.Guild, h.guild)
	}
	if _, err := h.ds.ChannelMessageSend(h.channel, "while away"); restCode(t, err) != discordgo.ErrCodeMissingAccess {
		t.Errorf("send while away: %v; want 50001", err)
	}
	h.srv.RejoinGuild(h.guild)
	if e := nextEvent(t, back, "GUILD_CREATE"); e.ID != h.guild {
		t.Errorf("GUILD_CREATE for %s; want %s", e.ID, h.guild)
	}
	if _, err := h.ds.ChannelMessageSend(h.channel, "back"); err != nil {
		t.Errorf("send after the return: %v", err)
	}
	h.slash(t) // its members can use its commands again
	h.srv.TakeViolations()
}

func TestRemoveMember(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewWithConfig(t, discordtest.Config{PrivilegedIntents: discordgo.IntentGuildMembers})
	guild := srv.NewGuild("g")
	bob := srv.NewUser("bob")
	with, without := srv.Session(), srv.Session()
	with.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentGuildMembers
	removed, unseen := events[discordgo.GuildMemberRemove](with), events[discordgo.GuildMemberRemove](without)
	for _, ds := range []*discordgo.Session{with, without} {
		if err := ds.Open(); err != nil {
			t.Fatal(err)
		}
	}
	srv.RemoveMember(guild, bob)
	if e := nextEvent(t, removed, "GUILD_MEMBER_REMOVE"); e.GuildID != guild || e.User == nil || e.User.ID != bob.ID {
		t.Errorf("GUILD_MEMBER_REMOVE %+v; want bob leaving %s", e.Member, guild)
	}
	select {
	case e := <-unseen:
		t.Errorf("a session without the GuildMembers intent received %+v", e.Member)
	case <-time.After(100 * time.Millisecond):
	}
}

func TestCloseDMs(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	dm := h.srv.DMChannel(h.alice)
	m, err := h.ds.ChannelMessageSend(dm, "before")
	if err != nil {
		t.Fatal(err)
	}
	h.srv.CloseDMs(h.alice)
	if _, err := h.ds.ChannelMessageSend(dm, "after"); restCode(t, err) != discordgo.ErrCodeCannotSendMessagesToThisUser {
		t.Errorf("send after the DMs closed: %v; want 50007", err)
	}
	if v := h.srv.TakeViolations(); len(v) != 1 || v[0].Status != http.StatusForbidden {
		t.Errorf("violations %v; want the refused DM", v)
	}
	if _, err := h.ds.ChannelMessageEdit(dm, m.ID, "edited"); err != nil {
		t.Errorf("edit of the bot's own DM: %v", err)
	}
	// Her interactions there are still answered.
	if _, err := h.ds.ApplicationCommandBulkOverwrite(h.srv.AppID(), "", testCommands()); err != nil {
		t.Fatal(err)
	}
	ix := h.srv.SlashCommand(t, h.alice, dm, "play", discordtest.Opt("game", "zola"))
	if err := h.ds.InteractionRespond(h.next(t), message("answered")); err != nil {
		t.Errorf("answer in a closed DM: %v", err)
	}
	ix.WaitResponse(t, wait)
}

func TestHoldGlobal(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	const hold = 300 * time.Millisecond
	h.srv.HoldGlobal(hold)
	held := time.Now()
	ix, i := h.slash(t)
	if err := h.ds.InteractionRespond(i, message("at once")); err != nil {
		t.Fatalf("answer during the hold: %v", err)
	}
	ix.WaitResponse(t, wait)
	if _, err := h.ds.ChannelMessageSend(h.channel, "later"); err != nil {
		t.Fatalf("send through the hold: %v", err)
	}
	var global, sent int
	for _, r := range h.srv.Requests() {
		switch {
		case r.Route == discordtest.RouteCallback && r.Status != http.StatusNoContent:
			t.Errorf("the callback answered %d during the hold", r.Status)
		case r.Route == discordtest.RouteMessageCreate && r.Status == http.StatusTooManyRequests:
			if r.Time.After(held.Add(hold)) {
				t.Errorf("a global 429 after the hold ended")
			}
			global++
		case r.Route == discordtest.RouteMessageCreate && r.Status == http.StatusOK:
			sent++
			if r.Time.Before(held.Add(hold)) {
				t.Errorf("the message went through during the hold")
			}
		}
	}
	if global == 0 || sent != 1 {
		t.Errorf("%d global 429s, %d sent; want at least one, then the message", global, sent)
	}
}
