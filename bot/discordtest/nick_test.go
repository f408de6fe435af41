package discordtest_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/zugbot/zugbot/bot/discordtest"
)

func TestNicknames(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{PrivilegedIntents: discordgo.IntentGuildMembers})
	bob := h.srv.NewUser("bob")
	other := h.srv.NewGuild("elsewhere")
	otherChannel := h.srv.NewChannel(other, "games")
	if _, err := h.ds.ApplicationCommandBulkOverwrite(h.srv.AppID(), other, testCommands()); err != nil {
		t.Fatal(err)
	}

	// A session with the GuildMembers intent hears of nickname changes.
	members := h.srv.Session()
	members.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentGuildMembers
	members.SyncEvents = true // handlers in arrival order
	updates := make(chan *discordgo.GuildMemberUpdate, 4)
	members.AddHandler(func(_ *discordgo.Session, m *discordgo.GuildMemberUpdate) { updates <- m })
	if err := members.Open(); err != nil {
		t.Fatal(err)
	}
	h.srv.WaitGateway(t, wait, func(st discordtest.GatewayStats) bool { return st.Identifies == 2 })

	h.srv.SetNick(h.guild, h.alice, "Ali")
	h.srv.SetNick(h.guild, bob, "Bobby")
	for _, want := range []string{"Ali", "Bobby"} {
		select {
		case m := <-updates:
			if m.GuildID != h.guild || m.Nick != want || m.User == nil {
				t.Errorf("GUILD_MEMBER_UPDATE guild %s nick %q user %v, want %s %q with the user", m.GuildID, m.Nick, m.User, h.guild, want)
			}
		case <-time.After(wait):
			t.Fatalf("no GUILD_MEMBER_UPDATE for %q", want)
		}
	}

	ix := h.srv.SlashCommand(t, h.alice, h.channel, "play", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", bob))
	i := h.next(t)
	if i.Member == nil || i.Member.Nick != "Ali" || i.Member.User == nil || i.Member.User.ID != h.alice.ID {
		t.Errorf("member %+v, want alice with nick Ali", i.Member)
	}
	res := i.ApplicationCommandData().Resolved
	if res == nil || res.Members[bob.ID] == nil || res.Users[bob.ID] == nil {
		t.Fatalf("resolved %+v, want bob's member and user", res)
	}
	if m := res.Members[bob.ID]; m.Nick != "Bobby" || m.User != nil {
		t.Errorf("resolved member %+v, want nick Bobby and no user", m)
	}
	// Partial members lack user, deaf and mute, and carry permissions.
	var raw struct {
		Data struct {
			Resolved struct {
				Members map[string]map[string]json.RawMessage `json:"members"`
			} `json:"resolved"`
		} `json:"data"`
	}
	if err := json.Unmarshal(ix.Payload, &raw); err != nil {
		t.Fatal(err)
	}
	m := raw.Data.Resolved.Members[bob.ID]
	for _, k := range []string{"user", "deaf", "mute"} {
		if _, ok := m[k]; ok {
			t.Errorf("resolved member has %q", k)
		}
	}
	if _, ok := m["permissions"]; !ok {
		t.Errorf("resolved member has no permissions")
	}

	// Nicknames are per guild.
	h.srv.SlashCommand(t, h.alice, otherChannel, "play", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", bob))
	i = h.next(t)
	if i.Member.Nick != "" || i.ApplicationCommandData().Resolved.Members[bob.ID].Nick != "" {
		t.Errorf("nicks %q and %q in another guild, want none", i.Member.Nick, i.ApplicationCommandData().Resolved.Members[bob.ID].Nick)
	}

	// "" removes the nickname: nick is null again.
	h.srv.SetNick(h.guild, h.alice, "")
	ix = h.srv.SlashCommand(t, h.alice, h.channel, "ratings me")
	h.next(t)
	var member struct {
		Member map[string]json.RawMessage `json:"member"`
	}
	if err := json.Unmarshal(ix.Payload, &member); err != nil {
		t.Fatal(err)
	}
	if got := string(member.Member["nick"]); got != "null" {
		t.Errorf("member.nick %s after removing it, want null", got)
	}

	// The bot's own nickname is in its member of GUILD_CREATE.
	h.srv.SetNick(h.guild, h.srv.BotUser(), "Zuggy")
	ds := h.srv.Session()
	type botMember struct{ guild, user, nick string }
	guilds := make(chan []botMember, 4)
	ds.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) {
		var ms []botMember // copied: discordgo's state keeps the event's members
		for _, m := range g.Members {
			ms = append(ms, botMember{g.ID, m.User.ID, m.Nick})
		}
		guilds <- ms
	})
	if err := ds.Open(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		select {
		case ms := <-guilds:
			if len(ms) != 1 || ms[0].guild != h.guild {
				continue
			}
			if ms[0].user != h.srv.BotUser().ID || ms[0].nick != "Zuggy" {
				t.Errorf("GUILD_CREATE members %+v, want the bot as Zuggy", ms)
			}
		case <-time.After(wait):
			t.Fatal("no GUILD_CREATE")
		}
	}
}
