package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot"
	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// TestEntryPointKept: the application's entry point command, made by the
// Developer Portal when Activities are enabled, survives the bot's bulk
// overwrites of its global commands (at each start, and /unregister's),
// which replace the whole list.
func TestEntryPointKept(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(h *harness) { h.srv.EnableActivities() })
	check := func(when string) {
		t.Helper()
		if name, handler, ok := h.srv.EntryPoint(); !ok || name != "launch" || handler != discordtest.DiscordLaunchActivity {
			t.Fatalf("%s the entry point command is %q, handler %d (%v): want launch, launched by Discord", when, name, handler, ok)
		}
	}
	check("after the bot registered its commands")
	if n := len(h.srv.Commands("")); n < 2 {
		t.Fatalf("%d global commands: want the bot's and the entry point", n)
	}
	h.restart()
	check("after a restart")
	if err := bot.Unregister(context.Background(), h.srv.Session(), ""); err != nil {
		t.Fatal(err)
	}
	check("after the commands were removed")
	if cmds := h.srv.Commands(""); len(cmds) != 1 {
		t.Errorf("after Unregister %d global commands: want the entry point alone", len(cmds))
	}
	if _, err := h.srv.LaunchEntryPoint(h.guild, h.channel, h.alice); err != nil {
		t.Errorf("the entry point no longer launches the Activity: %v", err)
	}
}

// TestPlayInDiscordButton: with the Activity, a board's Play in Discord
// button answers LAUNCH_ACTIVITY, which opens the Activity in the board's
// channel with the clicker in it; a busy bot, which defers what it can
// at once, does not defer it (Discord takes the launch only as the first
// answer).
func TestPlayInDiscordButton(t *testing.T) {
	t.Parallel()
	for _, busy := range []int{0, -1} {
		h := newHarness(t, func(h *harness) { h.srv.EnableActivities(); h.activity = true; h.busyHandlers = busy })
		g := h.boardFrom(store.NewGame{Variant: "zola"})
		board := h.board(g.ID)
		id := hasSuffix(buttons(board), "/activity")
		if id == "" {
			t.Fatalf("board buttons %v: want Play in Discord", buttons(board))
		}
		carol := h.srv.NewUser("carol") // a spectator launches it too
		resp := h.srv.Click(t, carol, board, id).WaitResponse(t, wait)
		if resp.Type != discordgo.InteractionResponseType(discordtest.LaunchActivity) {
			t.Fatalf("Play in Discord (busy handlers %d) answered type %d: want LAUNCH_ACTIVITY", busy, resp.Type)
		}
		if got := h.srv.ActivityInstances(); len(got) != 1 {
			t.Fatalf("activity instances %v: want the one launched", got)
		}
	}
}

// TestEntryPointAppHandler: when the entry point command is set to be
// handled by the app, its use reaches the bot, which launches the
// Activity with LAUNCH_ACTIVITY, busy or not; a bot that serves no
// Activity says so.
func TestEntryPointAppHandler(t *testing.T) {
	t.Parallel()
	for _, serves := range []bool{true, false} {
		h := newHarness(t, func(h *harness) {
			h.srv.EnableActivities()
			h.srv.SetEntryPointHandler(discordtest.AppHandler)
			h.activity = serves
			if serves {
				h.busyHandlers = -1 // always busy: every answer that can be deferred is
			}
		})
		resp := h.srv.SlashCommand(t, h.alice, h.channel, "launch").WaitResponse(t, wait)
		if !serves {
			h.refused(resp, "serves no Activity")
			continue
		}
		if resp.Type != discordgo.InteractionResponseType(discordtest.LaunchActivity) {
			t.Fatalf("the entry point answered type %d: want LAUNCH_ACTIVITY", resp.Type)
		}
		if got := h.srv.ActivityInstances(); len(got) != 1 {
			t.Errorf("activity instances %v: want the one launched", got)
		}
	}
}

// TestActivityGameTimesOut: a game two people start in the Activity has a
// challenge's time limit (table.DefaultDays per move), so that, left
// alone, it ends on time, announced on its board, and frees its players'
// places; it is casual, as nobody accepted rated terms.
func TestActivityGameTimesOut(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(h *harness) { h.srv.EnableActivities(); h.live, h.activity = true, true })
	_, _, id, _ := h.activityDuel()
	g := h.game(id).Game
	if g.DaysPerMove != table.DefaultDays || !g.Deadline.Equal(h.clock.Now().Add(table.DefaultDays*24*time.Hour)) || g.Rated {
		t.Fatalf("the Activity's game: %d days per move, deadline %v, rated %v; want %d days from now, casual", g.DaysPerMove, g.Deadline, g.Rated, table.DefaultDays)
	}
	h.boardReady(g.ID)
	h.clock.Advance(table.DefaultDays*24*time.Hour + time.Minute)
	h.bot.RunDue(context.Background())
	if st := h.game(g.ID); st.Game.Result != store.Aborted || st.Game.Reason != store.ReasonNoStart {
		t.Fatalf("the Activity's game after its time ran out: %v %q; want aborted on time", st.Game.Result, st.Game.Reason)
	}
	h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return strings.HasPrefix(m.Content, fmt.Sprintf("Game #%d: ", g.ID)) && strings.Contains(m.Content, "ran out of time")
	})
	for _, u := range []*discordgo.User{h.alice, h.bob} {
		if n, err := h.st.ActiveCount(context.Background(), u.ID); err != nil || n != 0 {
			t.Errorf("%s's games going after the timeout: %d, %v; want none", u.Username, n, err)
		}
	}
}
