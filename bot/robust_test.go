package bot_test

import (
	"context"
	"fmt"
	"image"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot"
	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// TestAIResumesAfterRestart: the process stopped after the player's move
// was committed and before the AI replied. At the next start the AI moves,
// the board shows its reply and the player is pinged.
func TestAIResumesAfterRestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st := h.playAI(h.alice, h.channel, "zola", discordtest.Opt("color", "first"))
	id := st.Game.ID
	h.stop()
	ctx := context.Background()
	db, err := store.Open(ctx, h.dbPath, store.Options{Now: h.clock.Now, Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	if _, err := db.RecordMove(ctx, id, 0, move, store.End{}); err != nil {
		t.Fatal(err)
	}
	db.Close()

	h.start()
	h.eventually("the AI's move after the restart", func() bool { return h.game(id).Game.Ply == 2 })
	reply := h.game(id).Moves[1].Notation
	h.eventually("the board with the AI's reply", func() bool {
		b := h.board(id)
		return len(b.Embeds) > 0 && strings.Contains(b.Embeds[0].Description, "**"+reply+"**")
	})
	h.eventually("the ping", func() bool {
		for _, m := range h.srv.Messages(h.channel) {
			if strings.Contains(m.Content, "<@"+h.alice.ID+">, your move in game") && strings.Contains(m.Content, reply) {
				return true
			}
		}
		return false
	})
}

// whileAIThinks restarts the bot with the AI thinking for d a move, starts
// a game of alice against level 5 and sends her first move with /move. It
// returns the game before the move and the move's interaction, deferred
// while the AI thinks.
func (h *harness) whileAIThinks(d time.Duration) (store.State, *discordtest.Interaction) {
	h.t.Helper()
	h.aiThink = d
	h.restart()
	st := h.playAI(h.alice, h.channel, "zola", discordtest.Opt("color", "first"), discordtest.Opt("level", 5))
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	ix := h.srv.SlashCommand(h.t, h.alice, h.channel, "move", discordtest.Opt("move", move))
	if r := ix.WaitResponse(h.t, wait); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		h.t.Fatalf("/move against the AI answered type %d; want a deferral", r.Type)
	}
	return st, ix
}

// TestStopFinishesInFlight stops the bot while the AI thinks about its
// reply: the stop waits, the think is not cancelled, and the player's
// deferred answer is filled with both moves.
func TestStopFinishesInFlight(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st, ix := h.whileAIThinks(1500 * time.Millisecond)
	h.stop() // the AI is thinking now
	got := ix.Original()
	if got == nil || !strings.Contains(got.Content, "zugbot replied") {
		t.Errorf("after the stop, the answer is %+v; want it to give the AI's reply", got)
	}
	db, err := store.Open(context.Background(), h.dbPath, store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if g, err := db.Game(context.Background(), st.Game.ID); err != nil || g.Ply != 2 {
		t.Errorf("ply %d (%v) after the stop; want the AI's reply recorded (2)", g.Ply, err)
	}
}

// TestTimersDoNotStarve: reminders that keep failing (Discord answers 503)
// are put off and tried again later, so the deadline queued behind them
// still fires; after table.TaskTries tries they are dropped.
func TestTimersDoNotStarve(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.taskBatch = 3
	h.restart()
	ctx := context.Background()
	seats := [2]store.Seat{{Player: store.Player{ID: h.alice.ID, Name: "alice"}}, {Player: store.Player{ID: h.bob.ID, Name: "bob"}}}
	newGame := func(days int) store.Game {
		g, err := h.st.CreateGame(seeding(ctx), store.NewGame{Variant: "zola", Seats: seats, GuildID: h.guild, ChannelID: h.channel, DaysPerMove: days})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	start := h.clock.Now()
	// Four games of 3 days a move, whose reminders come due at 57.6 h, and
	// one of a day started 40 h later: its reminder at 59.2 h and its
	// deadline at 64 h queue behind them.
	for range 4 {
		newGame(3)
	}
	h.clock.Advance(40 * time.Hour)
	late := newGame(1)
	h.srv.FailRequests(discordtest.RouteMessageCreate, 1000, 503)
	h.clock.Advance(24*time.Hour + time.Minute)
	h.bot.RunDue(ctx)
	h.clock.Advance(table.TaskRetry)
	h.bot.RunDue(ctx)
	if g := h.game(late.ID).Game; g.Result != store.Aborted {
		t.Fatalf("game %d after two sweeps: result %v; want it timed out (aborted: no moves) behind the failing reminders", late.ID, g.Result)
	}
	for try := 2; try < table.TaskTries; try++ {
		h.clock.Advance(table.TaskRetry << try)
		h.bot.RunDue(ctx) // two sweeps of 3 for the 4 reminders
		h.bot.RunDue(ctx)
	}
	h.clock.Advance(table.TaskRetry << table.TaskTries)
	if due, err := h.st.Due(ctx, 0); err != nil || len(due) != 4 || due[0].Attempts != table.TaskTries-1 {
		t.Fatalf("due before the last try: %+v (%v); want the 4 other reminders, each tried %d times", due, err, table.TaskTries-1)
	}
	h.bot.RunDue(ctx)
	h.bot.RunDue(ctx)
	if due, err := h.st.Due(ctx, 0); err != nil || len(due) != 0 {
		t.Errorf("due after %d tries: %+v (%v); want the failing reminders dropped", table.TaskTries, due, err)
	}
	if next, ok, err := h.st.NextDue(ctx); err != nil || !ok || next.Sub(start) != 72*time.Hour {
		t.Errorf("next task at %v (%v, %v); want the four games' deadlines, 72 h after their start", next.Sub(start), ok, err)
	}
}

// TestTransient5xxRetried: Discord answers the board's edit with 500 and
// then 503; the edit is tried again, its body (the board's PNG with it)
// sent whole each time, and the move goes through as usual.
func TestTransient5xxRetried(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	g := h.duel("zola", false).Game
	h.srv.FailRequests(discordtest.RouteMessageEdit, 1, 500)
	h.srv.FailRequests(discordtest.RouteMessageEdit, 1, 503)
	st := h.game(g.ID)
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	if got := h.move(h.alice, g.ID, move); !strings.Contains(got, "you played **"+move+"**") {
		t.Fatalf("/move answered %q; want it played", got)
	}
	h.eventually("the board edited after the retries", func() bool {
		b := h.board(g.ID)
		return len(b.Embeds) > 0 && strings.Contains(b.Embeds[0].Description, move)
	})
}

// TestListsFitDiscord gives alice 20 games against players with the
// longest names Discord allows, with emoji and right-to-left text: /games,
// /history and /profile stay within an embed's limits (the fake refuses
// more, as Discord does), say how many lines they left out, and keep a
// right-to-left name from reordering its line.
func TestListsFitDiscord(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	// The games are made while the bot is down, their boards marked drawn
	// (the messages are made up: a redraw at start-up would not find them).
	h.stop()
	db, err := store.Open(ctx, h.dbPath, store.Options{Now: h.clock.Now, Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	alice := store.Seat{Player: store.Player{ID: h.alice.ID, Name: "alice"}}
	names := []string{
		strings.Repeat("🎲", 16) + strings.Repeat("x", 16), // 32 characters
		"שחקן עם שם ארוך מאוד מאוד מאוד!",
		strings.Repeat("Ω", 32),
	}
	for i := range 35 {
		opp := store.Seat{Player: store.Player{ID: fmt.Sprintf("9%03d", i), Name: names[i%len(names)]}}
		seats := [2]store.Seat{opp, alice} // the opponent to move: two long names a line
		if i < 15 {
			seats = [2]store.Seat{alice, opp}
		}
		g, err := db.CreateGame(ctx, store.NewGame{Variant: "zonal", Seats: seats, GuildID: h.guild, ChannelID: h.channel, DaysPerMove: 7})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.SetPost(ctx, store.PostedGame, g.ID, "", fmt.Sprintf("1%017d", g.ID)); err != nil {
			t.Fatal(err)
		}
		if i < 15 { // 15 finished games, then 20 going
			if g, err = db.Finish(ctx, g.ID, 0, store.End{Result: store.Win, Winner: 0, Reason: store.ReasonResignation, By: opp.ID}); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.SetDrawn(ctx, g.ID, g.Version); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	h.start()
	for _, cmd := range []string{"games", "history", "profile"} {
		_, resp := h.command(h.alice, cmd)
		if resp.Data == nil || len(resp.Data.Embeds) != 1 {
			t.Fatalf("/%s answered %+v; want one embed", cmd, resp.Data)
		}
		d := resp.Data.Embeds[0].Description
		if n := utf8.RuneCountInString(d); n > 4096 {
			t.Errorf("/%s: a description of %d characters", cmd, n)
		}
		if !strings.Contains(d, "\u2068"+names[1]+"\u2069") {
			t.Errorf("/%s: the right-to-left name is not isolated:\n%s", cmd, d)
		}
		if cmd == "games" && !regexp.MustCompile(`\n…and \d+ more\.$`).MatchString(d) {
			t.Errorf("/%s does not say how many games it left out:\n%s", cmd, d)
		}
	}
}

// TestTakebackWhileAIThinks: the AI thinks for longer than Discord's 3 s
// limit; a /takeback sent meanwhile is answered at once (the think holds
// no lock), and the AI then leaves the game to the player.
func TestTakebackWhileAIThinks(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st, mv := h.whileAIThinks(4 * time.Second)
	h.eventually("alice's move recorded", func() bool { return h.game(st.Game.ID).Game.Ply == 1 })
	_, resp := h.command(h.alice, "takeback", discordtest.Opt("game", st.Game.ID))
	if resp.Data == nil || !strings.Contains(resp.Data.Content, "Took back your last move") {
		t.Fatalf("/takeback while the AI thinks answered %+v", resp.Data)
	}
	answer := mv.WaitOriginal(t, wait, func(m *discordtest.Message) bool { return m.Content != "" })
	if !strings.Contains(answer.Content, "and then took it back") {
		t.Errorf("the answer to /move says %q; want it to say the move was taken back", answer.Content)
	}
	if g := h.game(st.Game.ID).Game; g.Ply != 0 {
		t.Errorf("ply %d after the takeback and the AI's think; want 0, alice to move", g.Ply)
	}
}

// TestMoveWithoutPermission: the bot may not post in the game's channel (a
// channel overwrite denies it Send Messages). A move there is played and
// answered; the player is told privately that the board and the ping could
// not go out, and why, in words an admin can act on. A move from another
// channel, where the interaction's app_permissions say nothing of the
// board's channel, gets Discord's refusal explained the same way.
func TestMoveWithoutPermission(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st := h.duel("zola", false)
	id := st.Game.ID
	h.srv.DenyBot(h.channel, discordgo.PermissionSendMessages)
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	ix, resp := h.command(h.alice, "move", discordtest.Opt("move", move))
	if resp.Data == nil || !strings.Contains(resp.Data.Content, "you played **"+move+"**") {
		t.Fatalf("/move answered %+v; want the move played", resp.Data)
	}
	note := ix.WaitFollowups(t, 1, wait)[0]
	for _, want := range []string{
		fmt.Sprintf("I could not update the board of game #%d: I lack Send Messages in <#%s>.", id, h.channel),
		fmt.Sprintf("I could not tell bob it is their turn: I lack Send Messages in <#%s>.", h.channel),
	} {
		if !strings.Contains(note.Content, want) {
			t.Errorf("the private note says %q; want %q", note.Content, want)
		}
	}
	if note.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Errorf("the note is public; want it private")
	}
	if g := h.game(id).Game; g.Ply != 1 {
		t.Fatalf("ply %d; want the move recorded", g.Ply)
	}

	// From another channel, the bot tries and Discord refuses.
	other := h.srv.NewChannel(h.guild, "elsewhere")
	st = h.game(id)
	reply := st.Position.FormatMove(st.Position.Moves(nil)[0])
	ix = h.srv.SlashCommand(t, h.bob, other, "move", discordtest.Opt("move", reply), discordtest.Opt("game", id))
	if r := ix.WaitResponse(t, wait); r.Data == nil || !strings.Contains(r.Data.Content, "you played **"+reply+"**") {
		t.Fatalf("/move from another channel answered %+v", r.Data)
	}
	note = ix.WaitFollowups(t, 1, wait)[0]
	if want := fmt.Sprintf("I could not update the board of game #%d: I lack a permission in <#%s>", id, h.channel); !strings.Contains(note.Content, want) {
		t.Errorf("the private note says %q; want %q", note.Content, want)
	}
	if g := h.game(id).Game; g.Ply != 2 {
		t.Errorf("ply %d; want both moves recorded", g.Ply)
	}
	// Discord refused the edit and the ping; the note came after both.
	for _, v := range h.srv.TakeViolations() {
		if v.Code != discordgo.ErrCodeMissingPermissions {
			t.Errorf("violation %v; want only Discord's refusals for lack of permission", v)
		}
	}
}

// TestDeletedBoardComesBack: a moderator deletes a game's board; the next
// move posts it anew, picture and all (the refused edit has read the
// picture once already), and the game remembers the new message.
func TestDeletedBoardComesBack(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st := h.duel("zola", false)
	old := h.posted(st.Game.ID).Message
	size := h.checkBoardImage(h.board(st.Game.ID)).Bounds()
	h.srv.DeleteMessage(h.channel, old)
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	if got := h.move(h.alice, st.Game.ID, move); !strings.Contains(got, "you played") {
		t.Fatalf("/move answered %q", got)
	}
	h.eventually("a new board", func() bool { return h.posted(st.Game.ID).Message != old })
	h.srv.WaitViolation(t, discordgo.ErrCodeUnknownMessage, wait) // the edit of the deleted board
	b := h.board(st.Game.ID)
	if len(b.Embeds) == 0 || !strings.Contains(b.Embeds[0].Description, move) {
		t.Errorf("the new board does not show the move %s", move)
	}
	h.checkReposted(b, size)
}

// checkReposted checks that a board posted anew, in a game going on,
// carries its picture whole: one PNG attachment, of the size the board had
// before, as Discord describes it and as its bytes decode.
func (h *harness) checkReposted(b *discordtest.Message, size image.Rectangle) {
	h.t.Helper()
	if got := h.checkBoardImage(b).Bounds(); got != size {
		h.t.Errorf("the board posted anew is a %v picture; want %v, as before", got, size)
	}
	if len(b.Attachments) != 1 {
		h.t.Fatalf("the board posted anew has %d attachments; want its PNG", len(b.Attachments))
	}
	if a := b.Attachments[0]; a.Size == 0 || a.Size != len(b.Files[0].Data) || a.Width != size.Dx() || a.Height != size.Dy() {
		h.t.Errorf("the board posted anew has %s of %d bytes (%d stored), %d×%d; want the %v PNG", a.Filename, a.Size, len(b.Files[0].Data), a.Width, a.Height, size)
	}
}

// TestTimersWithoutPermission: the bot may post text but not embeds or
// files in the game's channel, so a time-out cannot be shown on the board;
// it is announced all the same. Where it may not post at all, a reminder
// is dropped at Discord's first refusal instead of being tried again.
func TestTimersWithoutPermission(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	g := h.duel("zola", true, discordtest.Opt("days", 1)).Game
	h.srv.DenyBot(h.channel, discordgo.PermissionEmbedLinks|discordgo.PermissionAttachFiles)
	h.clock.Advance(25 * time.Hour)
	h.bot.RunDue(ctx) // the reminder (text), then the deadline
	h.bot.RunDue(ctx)
	if st := h.game(g.ID).Game; st.Result != store.Aborted {
		t.Fatalf("game after its deadline: %v; want it aborted (no moves)", st.Result)
	}
	found := false
	for _, m := range h.srv.Messages(h.channel) {
		found = found || strings.Contains(m.Content, fmt.Sprintf("Game #%d: alice ran out of time.", g.ID))
	}
	if !found {
		t.Errorf("the time-out was not announced")
	}
	for _, v := range h.srv.TakeViolations() { // the board's edit
		if v.Code != discordgo.ErrCodeMissingPermissions {
			t.Errorf("violation %v; want only the refused board edit", v)
		}
	}

	g = h.duel("zola", true, discordtest.Opt("days", 1)).Game
	h.srv.DenyBot(h.channel, discordgo.PermissionSendMessages)
	h.clock.Advance(20 * time.Hour)
	h.bot.RunDue(ctx)
	h.clock.Advance(table.TaskRetry) // when a retry would come
	if due, err := h.st.Due(ctx, 0); err != nil || len(due) != 0 {
		t.Errorf("due after a refused reminder: %+v (%v); want it dropped", due, err)
	}
	h.srv.TakeViolations()
}

// TestBoardInArchivedThread moves a game's board into a thread with /board
// (the bot joins the thread), then the thread is archived: a move from the
// channel posts the board anew in the thread, which wakes it.
func TestBoardInArchivedThread(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st := h.duel("zola", false)
	thread := h.srv.NewThread(h.channel, "our game", false)
	ix := h.srv.SlashCommand(t, h.alice, thread, "board", discordtest.Opt("game", st.Game.ID))
	ix.WaitResponse(t, wait)
	h.eventually("the board in the thread", func() bool { return h.posted(st.Game.ID).Thread == thread })
	h.eventually("the bot in the thread", func() bool { return h.srv.ThreadMember(thread, h.srv.BotUser()) })
	h.srv.ArchiveThread(thread)
	old := h.posted(st.Game.ID).Message
	size := h.checkBoardImage(h.board(st.Game.ID)).Bounds()
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	if got := h.move(h.alice, st.Game.ID, move); !strings.Contains(got, "you played") {
		t.Fatalf("/move answered %q", got)
	}
	h.eventually("a new board in the thread", func() bool { return h.posted(st.Game.ID).Message != old })
	if ch := h.srv.Channel(thread); ch.ThreadMetadata == nil || ch.ThreadMetadata.Archived {
		t.Errorf("the thread is still archived: %+v", ch.ThreadMetadata)
	}
	b := h.board(st.Game.ID)
	if len(b.Embeds) == 0 || !strings.Contains(b.Embeds[0].Description, move) {
		t.Errorf("the new board does not show %s", move)
	}
	h.checkReposted(b, size)
	h.srv.WaitViolation(t, discordgo.ErrCodePerformedOperationOnArchivedThread, wait) // the refused edit
}

// TestGamesStayInTheirServer: /board and /export of a game are refused in
// another server and in the DM of someone who does not play it; its
// players may see it in their DMs.
func TestGamesStayInTheirServer(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	g := h.duel("zola", false).Game
	other := h.srv.NewGuild("Elsewhere")
	otherChannel := h.srv.NewChannel(other, "games")
	carol := h.srv.NewUser("carol")
	for _, cmd := range []string{"board", "export"} {
		ix := h.srv.SlashCommand(t, carol, otherChannel, cmd, discordtest.Opt("game", g.ID))
		h.refused(ix.WaitResponse(t, wait), fmt.Sprintf("Game #%d is played on another server", g.ID))
		ix = h.srv.SlashCommand(t, carol, h.srv.DMChannel(carol), cmd, discordtest.Opt("game", g.ID))
		h.refused(ix.WaitResponse(t, wait), fmt.Sprintf("Game #%d is played on another server", g.ID))
	}
	ix := h.srv.SlashCommand(t, h.bob, h.srv.DMChannel(h.bob), "board", discordtest.Opt("game", g.ID))
	if r := ix.WaitResponse(t, wait); r.Data == nil || len(r.Data.Embeds) == 0 {
		t.Errorf("bob's /board in his DM answered %+v; want the board", r.Data)
	}
	// A game played in a DM is its players' alone.
	dm := h.playAI(h.alice, h.srv.DMChannel(h.alice), "zola").Game
	ix = h.srv.SlashCommand(t, h.bob, h.channel, "board", discordtest.Opt("game", dm.ID))
	h.refused(ix.WaitResponse(t, wait), fmt.Sprintf("Game #%d is played in a direct message", dm.ID))
	ix = h.srv.SlashCommand(t, h.alice, h.channel, "board", discordtest.Opt("game", dm.ID))
	h.refused(ix.WaitResponse(t, wait), fmt.Sprintf("Game #%d is played in a direct message", dm.ID)) // posted for the server

	// Lists show only what their reader may see: /games @alice lists her
	// DM game to nobody but her, and her server's game to its members.
	lists := func(asker *discordgo.User, channel string) string {
		t.Helper()
		r := h.srv.SlashCommand(t, asker, channel, "games", discordtest.Opt("user", h.alice)).WaitResponse(t, wait)
		if r.Data == nil {
			t.Fatalf("/games answered %+v", r)
		}
		if len(r.Data.Embeds) > 0 {
			return r.Data.Embeds[0].Description
		}
		return r.Data.Content
	}
	has := func(list string, g store.Game) bool { return strings.Contains(list, fmt.Sprintf("#%d**", g.ID)) }
	if l := lists(h.bob, h.channel); !has(l, g) || has(l, dm) {
		t.Errorf("bob's /games @alice in their server: %q; want game #%d, not the DM game #%d", l, g.ID, dm.ID)
	}
	if l := lists(carol, otherChannel); has(l, g) || has(l, dm) || !strings.Contains(l, "no games going that you can see here") {
		t.Errorf("carol's /games @alice in another server: %q; want none of her games", l)
	}
	if l := lists(h.alice, h.srv.DMChannel(h.alice)); !has(l, g) || !has(l, dm) {
		t.Errorf("alice's own /games in her DM: %q; want both her games", l)
	}
}

// TestRefusalBeforePublicDeferral: a Rematch against the AI that cannot
// start (alice has the most games going) is refused privately at once,
// before any public "thinking…": the service refuses before it starts the
// game, and the bot defers only then. (A refusal after a public deferral,
// the AI declining a draw, is TestDraw's.)
func TestRefusalBeforePublicDeferral(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	st := h.playAI(h.alice, h.channel, "zola", discordtest.Opt("color", "first"))
	ix, _ := h.command(h.alice, "resign", discordtest.Opt("game", st.Game.ID))
	h.srv.Click(t, h.alice, ix.Original(), hasSuffix(buttons(ix.Original()), "/resign!")).WaitResponse(t, wait)
	var board *discordtest.Message
	h.eventually("the Rematch button", func() bool {
		board = h.board(st.Game.ID)
		return hasSuffix(buttons(board), "/rematch") != ""
	})
	alice := store.Seat{Player: store.Player{ID: h.alice.ID, Name: "alice"}}
	for range h.st.MaxActiveGames() {
		if _, err := h.st.CreateGame(seeding(ctx), store.NewGame{Variant: "zola", Seats: [2]store.Seat{alice, {AI: 1}}}); err != nil {
			t.Fatal(err)
		}
	}
	rix := h.srv.Click(t, h.alice, board, hasSuffix(buttons(board), "/rematch"))
	h.refused(rix.WaitResponse(t, wait), "You already have the most games going at once")
}

// TestAnswerBeforeSlowEdits: the interaction reaches the bot a second
// after Discord created it, and editing the board takes 2.5 s (a
// rate-limited route). /move is answered first, inside the 3 s, and the
// board is edited after.
func TestAnswerBeforeSlowEdits(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st := h.duel("zola", false)
	h.srv.SetGatewayDelay(time.Second)
	h.srv.SlowRoute(discordtest.RouteMessageEdit, 2500*time.Millisecond, 1)
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	if got := h.move(h.alice, st.Game.ID, move); !strings.Contains(got, "you played **"+move+"**") {
		t.Fatalf("/move answered %q", got)
	}
	h.eventually("the slow board edit", func() bool {
		b := h.board(st.Game.ID)
		return len(b.Embeds) > 0 && strings.Contains(b.Embeds[0].Description, move)
	})
}

// runBare runs a bot for guild against srv, on a database of its own, and
// returns the channel that receives Run's error. The bot stops, and the
// test waits for it, when the test ends.
func runBare(t *testing.T, srv *discordtest.Server, guild string) <-chan error {
	t.Helper()
	st, err := store.Open(context.Background(), t.TempDir()+"/zugbot.db", store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := table.New(table.Config{Store: st, Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(bot.Config{Table: tab, Store: st, Posts: st, Variants: games.All(), Menu: games.Listed(), Session: srv.Session(), GuildID: guild})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done, result := make(chan error, 1), make(chan error, 1)
	go func() {
		err := b.Run(ctx, time.Second)
		tab.Close()
		st.Close()
		done <- err
		result <- err
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return result
}

// TestRegistration: the commands are registered before the gateway opens.
// A server the bot is not in stops the bot with one clear line and no
// IDENTIFY; Discord's passing errors are tried again; an old application,
// whose ID differs from its bot user's, registers under its own ID.
func TestRegistration(t *testing.T) {
	t.Parallel()
	t.Run("not in the server", func(t *testing.T) {
		srv := discordtest.New(t)
		guild := srv.NewGuild("Gone")
		srv.LeaveGuild(guild)
		err := <-runBare(t, srv, guild)
		if err == nil || !strings.Contains(err.Error(), "the bot is not in the server ZUGBOT_GUILD="+guild) {
			t.Errorf("Run: %v; want it to say the bot is not in the server", err)
		}
		if n := srv.GatewayStats().Identifies; n != 0 {
			t.Errorf("%d IDENTIFYs; want none before the commands are registered", n)
		}
		srv.TakeViolations()
	})
	t.Run("passing errors", func(t *testing.T) {
		srv := discordtest.New(t)
		guild := srv.NewGuild("Zug Club")
		srv.FailRequests(discordtest.RouteGuildOverwrite, 4, 503) // more than one request's retries
		h := &harness{t: t, srv: srv}
		done := runBare(t, srv, guild)
		srv.WaitGateway(t, wait, func(s discordtest.GatewayStats) bool { return s.Identifies > 0 })
		h.eventually("the commands", func() bool { return len(srv.Commands(guild)) > 0 })
		select {
		case err := <-done:
			t.Errorf("Run returned %v; want it running after the retries", err)
		default:
		}
	})
	t.Run("old application", func(t *testing.T) {
		srv := discordtest.NewWithConfig(t, discordtest.Config{AppID: "1100000000000000001"})
		guild := srv.NewGuild("Zug Club")
		runBare(t, srv, guild)
		h := &harness{t: t, srv: srv}
		h.eventually("the commands", func() bool { return len(srv.Commands(guild)) > 0 })
	})
}

// TestNicknames: on a server where alice and bob have nicknames, the
// challenge, the board and the lists name them so.
func TestNicknames(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.srv.SetNick(h.guild, h.alice, "Queen Alice")
	h.srv.SetNick(h.guild, h.bob, "Bob the Builder")
	st := h.duel("zola", false)
	if seats := st.Game.Seats; seats[0].Name != "Queen Alice" || seats[1].Name != "Bob the Builder" {
		t.Errorf("seats %q and %q; want the nicknames", seats[0].Name, seats[1].Name)
	}
	if b := h.board(st.Game.ID); len(b.Embeds) == 0 || !strings.Contains(b.Embeds[0].Description, "Queen Alice") {
		t.Errorf("the board does not name alice by her nickname")
	}
	_, resp := h.command(h.bob, "games")
	if d := resp.Data.Embeds[0]; !strings.Contains(d.Title, "Bob the Builder") || !strings.Contains(d.Description, "vs Queen Alice") {
		t.Errorf("/games: %q, %q; want the nicknames", d.Title, d.Description)
	}
}

// TestShards: Discord requires two shards; the bot runs them (asked for,
// or as Discord recommends) and answers in servers on both.
func TestShards(t *testing.T) {
	t.Parallel()
	for _, shards := range []int{2, bot.AutoShards} {
		t.Run(fmt.Sprint(shards), func(t *testing.T) {
			srv := discordtest.NewWithConfig(t, discordtest.Config{RequireShards: 2})
			var channels []string
			for shard := range 2 {
				channels = append(channels, srv.NewChannel(srv.NewGuildOnShard(fmt.Sprint("Club ", shard), shard, 2), "games"))
			}
			st, err := store.Open(context.Background(), t.TempDir()+"/zugbot.db", store.Options{Variants: games.All()})
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			tab, err := table.New(table.Config{Store: st, Variants: games.All()})
			if err != nil {
				t.Fatal(err)
			}
			defer tab.Close()
			b, err := bot.New(bot.Config{Table: tab, Store: st, Posts: st, Variants: games.All(), Menu: games.Listed(), Session: srv.Session(), Shards: shards})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- b.Run(ctx, time.Second) }()
			defer func() {
				cancel()
				if err := <-done; err != nil {
					t.Errorf("Run: %v", err)
				}
			}()
			alice := srv.NewUser("alice")
			h := &harness{t: t, srv: srv}
			h.eventually("both shards connected", b.Connected)
			for _, ch := range channels {
				ix := srv.SlashCommand(t, alice, ch, "help")
				if r := ix.WaitResponse(t, wait); r.Data == nil || !strings.Contains(r.Data.Content, "zugbot") {
					t.Errorf("/help in %s answered %+v", ch, r.Data)
				}
			}
		})
	}
}

// TestBoardsRedrawnAtStart: the process died after a move was committed
// and before its board was edited (here: the move is recorded while the
// bot is down), and after a resignation likewise; a third game's move was
// recorded too, and a moderator deleted its board. At the next start the
// boards are redrawn to the games' states, the deleted one posted anew
// with its picture; a board that is up to date is left alone.
func TestBoardsRedrawnAtStart(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	behind := h.duel("zola", false)
	ended := h.duel("zola", false)
	current := h.duel("zola", false)
	gone := h.duel("zola", false)
	size := h.checkBoardImage(h.board(gone.Game.ID)).Bounds()
	edited := func(m *discordtest.Message) string {
		if m.EditedTimestamp == nil {
			return ""
		}
		return m.EditedTimestamp.String()
	}
	edits := edited(h.board(current.Game.ID))
	deleted := h.posted(gone.Game.ID).Message
	h.stop()
	ctx := context.Background()
	db, err := store.Open(ctx, h.dbPath, store.Options{Now: h.clock.Now, Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	move := behind.Position.FormatMove(behind.Position.Moves(nil)[0])
	if _, err := db.RecordMove(ctx, behind.Game.ID, 0, move, store.End{}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Finish(ctx, ended.Game.ID, store.AnyPly, store.End{Result: store.Win, Winner: 1, Reason: store.ReasonResignation}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RecordMove(ctx, gone.Game.ID, 0, move, store.End{}); err != nil {
		t.Fatal(err)
	}
	h.srv.DeleteMessage(h.channel, deleted)
	if ids, err := db.StaleBoards(ctx); err != nil || len(ids) != 3 {
		t.Errorf("boards behind before the restart: %v, %v; want games %d, %d and %d", ids, err, behind.Game.ID, ended.Game.ID, gone.Game.ID)
	}
	db.Close()

	h.start()
	h.eventually("the board with the move made while the bot was down", func() bool {
		b := h.board(behind.Game.ID)
		return len(b.Embeds) > 0 && strings.Contains(b.Embeds[0].Description, "Last move: **"+move+"**")
	})
	h.eventually("the board of the game ended while the bot was down", func() bool {
		b := h.board(ended.Game.ID)
		return finalControls(b)
	})
	h.eventually("the deleted board posted anew", func() bool { return h.posted(gone.Game.ID).Message != deleted })
	h.srv.WaitViolation(t, discordgo.ErrCodeUnknownMessage, wait) // the edit of the deleted board
	if b := h.board(gone.Game.ID); len(b.Embeds) == 0 || !strings.Contains(b.Embeds[0].Description, "Last move: **"+move+"**") {
		t.Errorf("the board posted anew does not show the move %s", move)
	} else {
		h.checkReposted(b, size)
	}
	h.eventually("the record of the redrawn boards", func() bool {
		ids, err := h.st.StaleBoards(ctx)
		return err == nil && len(ids) == 0
	})
	if b := h.board(current.Game.ID); edited(b) != edits {
		t.Errorf("a board that was up to date was edited at start-up")
	}
}

// TestBoardAfterDeclinedOffer: after a takeback offer is declined, later
// moves and a resignation still show on the board.
func TestBoardAfterDeclinedOffer(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	st := h.duel("zola", false)
	h.move(h.alice, st.Game.ID, st.Position.FormatMove(st.Position.Moves(nil)[0]))
	ix, _ := h.command(h.alice, "takeback", discordtest.Opt("game", st.Game.ID))
	h.srv.Click(t, h.bob, ix.Original(), hasSuffix(buttons(ix.Original()), "/back-")).WaitResponse(t, wait)
	st = h.game(st.Game.ID)
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	h.move(h.bob, st.Game.ID, move)
	h.eventually("bob's move on the board", func() bool {
		b := h.board(st.Game.ID)
		return len(b.Embeds) > 0 && strings.Contains(b.Embeds[0].Description, move)
	})
	ix, _ = h.command(h.alice, "resign", discordtest.Opt("game", st.Game.ID))
	h.srv.Click(t, h.alice, ix.Original(), hasSuffix(buttons(ix.Original()), "/resign!")).WaitResponse(t, wait)
	h.eventually("the resignation on the board", func() bool {
		b := h.board(st.Game.ID)
		return len(b.Embeds) > 0 && strings.Contains(b.Embeds[0].Description, "wins**")
	})
}
