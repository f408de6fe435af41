package bot_test

import (
	"context"
	"database/sql"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot"
	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/puzzle"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/store/pgtest"
	"github.com/zugbot/zugbot/table"
)

// dailyPosts returns the daily puzzles posted in channel, by day (the day
// their button names): every message of the bot with a Solve button.
func dailyPosts(srv *discordtest.Server, channel string) map[string][]*discordtest.Message {
	out := map[string][]*discordtest.Message{}
	for _, m := range srv.Messages(channel) {
		for _, id := range buttons(m) {
			if _, day, ok := strings.Cut(id, "/pday/"); ok {
				out[day] = append(out[day], m)
			}
		}
	}
	return out
}

// dailyPost waits until channel has the daily puzzle of day, posted and
// recorded, checks that it is there once with its board, and returns it.
func (h *harness) dailyPost(channel, day string) *discordtest.Message {
	h.t.Helper()
	h.eventually("the daily puzzle of "+day+" recorded", func() bool {
		ps, err := h.st.DailyPosts(context.Background(), h.guild, 1)
		return err == nil && len(ps) == 1 && ps[0].Day == day && ps[0].Message != ""
	})
	posts := dailyPosts(h.srv, channel)[day]
	if len(posts) != 1 {
		h.t.Fatalf("the daily puzzle of %s was posted %d times", day, len(posts))
	}
	m := posts[0]
	if ps, _ := h.st.DailyPosts(context.Background(), h.guild, 1); ps[0].Message != m.ID {
		h.t.Errorf("the daily puzzle of %s is recorded as message %s; the post is %s", day, ps[0].Message, m.ID)
	}
	h.checkBoardImage(m)
	return m
}

// solveButton returns the custom ID of a daily post's Solve button.
func solveButton(t testing.TB, m *discordtest.Message) string {
	t.Helper()
	for _, b := range m.Buttons() {
		if b.Label == "Solve" && strings.Contains(b.CustomID, "/pday/") {
			return b.CustomID
		}
	}
	t.Fatalf("no Solve button on %q", m.Embeds[0].Title)
	return ""
}

// openDaily presses a daily post's Solve button as u, and returns the
// interaction and the private board it answers with.
func (h *harness) openDaily(u *discordgo.User, post *discordtest.Message) (*discordtest.Interaction, *discordtest.Message) {
	h.t.Helper()
	ix := h.srv.Click(h.t, u, post, solveButton(h.t, post))
	if resp := ix.WaitResponse(h.t, wait); resp.Data != nil && resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		h.t.Fatalf("Solve answered in public: %+v", resp.Data)
	}
	return ix, settled(h, ix, "The daily puzzle of")
}

// wrongMove returns a legal move of pz's start that is not its answer.
func wrongMove(t testing.TB, pz puzzle.Puzzle) string {
	t.Helper()
	v, _ := games.ByID(pz.Variant)
	p, err := pz.Start(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range p.Moves(nil) {
		if a, err := pz.Check(v, 0, p.FormatMove(m)); err == nil && !a.Correct {
			return a.Move
		}
	}
	t.Fatalf("puzzle %s has no wrong move", pz.ID)
	return ""
}

// solve plays pz's line as u on the private board of ix, msg, and returns
// the board once solved.
func (h *harness) solve(u *discordgo.User, ix *discordtest.Interaction, msg *discordtest.Message, pz puzzle.Puzzle) *discordtest.Message {
	h.t.Helper()
	for ply := 0; ply < len(pz.Line); ply += 2 {
		before := msg.Embeds[0].Description
		chooseAs(h.t, h, u, msg, pz.Line[ply])
		h.eventually("the answer to "+pz.Line[ply], func() bool {
			msg = ix.Original()
			return len(msg.Embeds) > 0 && msg.Embeds[0].Description != before
		})
	}
	return msg
}

// TestDailyPuzzle walks the daily puzzle on the fake Discord: a member who
// may not manage the server is refused; an admin points it at a channel;
// the day's puzzle is posted there at once, with its board and a button;
// one member solves it privately and another fails it, and their puzzle
// ratings move up and down; at the next day's hour the next puzzle comes,
// of the next game in turn, naming the solver and showing the answer;
// turned off, it posts no more.
func TestDailyPuzzle(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	mod := h.srv.NewUser("mod")
	h.srv.Grant(h.guild, mod, discordgo.PermissionManageGuild)
	puzzles := h.srv.NewChannel(h.guild, "puzzles")

	_, resp := h.command(h.alice, "admin daily-puzzle", discordtest.Opt("channel", puzzles))
	h.refused(resp, "manage this server")
	_, resp = h.command(h.alice, "admin daily-puzzle-off")
	h.refused(resp, "manage this server")
	if _, err := h.st.DailyChannel(ctx, h.guild); err == nil {
		t.Fatal("a member who may not manage the server set the daily puzzle")
	}
	_, resp = h.command(mod, "admin daily-puzzle-off")
	h.refused(resp, "no daily puzzle to turn off")

	_, resp = h.command(mod, "admin daily-puzzle", discordtest.Opt("channel", puzzles))
	if resp.Data == nil || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(resp.Data.Content, "every game's puzzles in turn") ||
		!strings.Contains(resp.Data.Content, "Today's comes in a moment") {
		t.Fatalf("/admin daily-puzzle answered %+v", resp.Data)
	}
	h.bot.RunDue(ctx) // the timer loop, woken, may have posted it already: once either way
	day1 := "2026-11-22"
	post := h.dailyPost(puzzles, day1)
	pz := shownDaily(t, post)
	if !strings.HasPrefix(post.Embeds[0].Title, "Daily puzzle · ") || !strings.Contains(post.Embeds[0].Title, "22 November 2026") || post.Content != "" {
		t.Errorf("the first post: %q, %q", post.Embeds[0].Title, post.Content)
	}

	// Alice solves it privately; Bob fails it.
	ix, board := h.openDaily(h.alice, post)
	if got := shownPuzzle(t, board); got.ID != pz.ID || len(board.SelectMenus()) == 0 {
		t.Fatalf("Solve opened puzzle %s with %d menus; want %s with its moves", got.ID, len(board.SelectMenus()), pz.ID)
	}
	solved := h.solve(h.alice, ix, board, pz)
	if desc := solved.Embeds[0].Description; !strings.Contains(desc, "solved!") || !strings.Contains(desc, "(+") || !strings.Contains(desc, "listed with the next one") {
		t.Errorf("solved: %q", desc)
	}
	ix, board = h.openDaily(h.bob, post)
	wrong := wrongMove(t, pz)
	chooseAs(t, h, h.bob, board, wrong)
	if desc := settled(h, ix, wrong+" is not it").Embeds[0].Description; !strings.Contains(desc, "(-") {
		t.Errorf("failed: %q", desc)
	}
	// A second try counts for nothing: neither the rating nor the list.
	ix, board = h.openDaily(h.bob, post)
	h.solve(h.bob, ix, board, pz)
	if desc := ix.Original().Embeds[0].Description; !strings.Contains(desc, "rating stays") || strings.Contains(desc, "listed") {
		t.Errorf("a second try: %q", desc)
	}
	for u, up := range map[*discordgo.User]bool{h.alice: true, h.bob: false} {
		r, n, err := h.tab.PuzzleRating(ctx, u.ID, pz.Variant)
		if err != nil || n != 1 || (r.R > 1500) != up {
			t.Errorf("%s's puzzle rating: %v after %d (%v); want it %s", u.Username, r, n, err, map[bool]string{true: "up", false: "down"}[up])
		}
	}

	// The next day's hour: the next game's puzzle, naming yesterday's solver.
	h.clock.Advance(12 * time.Hour)
	h.bot.RunDue(ctx)
	next := h.dailyPost(puzzles, "2026-11-23")
	if got := shownDaily(t, next); got.Variant == pz.Variant || got.ID == pz.ID {
		t.Errorf("the second day's puzzle %s; want another game's than %s", got.ID, pz.ID)
	}
	want := "**The puzzle of 22 November 2026**: solved by <@" + h.alice.ID + ">; 1 other missed it. The answer: ||" + strings.Join(pz.Line, ", ") + "||"
	if next.Content != want {
		t.Errorf("the second post says %q; want %q", next.Content, want)
	}
	if got := len(dailyPosts(h.srv, puzzles)[day1]); got != 1 {
		t.Errorf("the first day's puzzle was posted %d times", got)
	}

	_, resp = h.command(mod, "admin daily-puzzle-off")
	if !strings.Contains(resp.Data.Content, "turned off") {
		t.Errorf("/admin daily-puzzle-off answered %q", resp.Data.Content)
	}
	h.clock.Advance(24 * time.Hour)
	h.bot.RunDue(ctx)
	if n := len(dailyPosts(h.srv, puzzles)); n != 2 {
		t.Errorf("%d days posted after the daily puzzle was turned off; want 2", n)
	}
}

// shownDaily returns the puzzle a daily post shows, by its footer.
func shownDaily(t testing.TB, m *discordtest.Message) puzzle.Puzzle {
	t.Helper()
	if len(m.Embeds) == 0 || m.Embeds[0].Footer == nil {
		t.Fatalf("the daily post has no footer")
	}
	for _, w := range strings.Fields(m.Embeds[0].Footer.Text) {
		if pz, ok := puzzle.ByID(w); ok {
			return pz
		}
	}
	t.Fatalf("no puzzle named in %q", m.Embeds[0].Footer.Text)
	return puzzle.Puzzle{}
}

// TestDailyPuzzleThroughRestart: the daily puzzle through a restart at
// midnight, posted exactly once. The bot stops a minute before the hour and
// starts again after it: the day's puzzle comes when it is back, once,
// however often its timers run; a bot down for days posts that day's
// only, not the days it missed.
func TestDailyPuzzleThroughRestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	if _, err := h.tab.SetDailyPuzzle(ctx, h.guild, h.channel, "zamma"); err != nil {
		t.Fatal(err)
	}
	h.bot.RunDue(ctx)
	h.dailyPost(h.channel, "2026-11-22")
	h.clock.Advance(12*time.Hour - time.Minute) // 23:59
	h.bot.RunDue(ctx)
	h.stop()
	h.clock.Advance(5 * time.Minute) // 00:04, the bot down through midnight
	h.start()
	h.dailyPost(h.channel, "2026-11-23") // posted by the timer loop as it starts
	for range 3 {
		h.bot.RunDue(ctx)
		h.restart()
	}
	h.dailyPost(h.channel, "2026-11-23")

	h.stop()
	h.clock.Advance(3 * 24 * time.Hour)
	h.start()
	h.bot.RunDue(ctx)
	h.dailyPost(h.channel, "2026-11-26")
	posts := dailyPosts(h.srv, h.channel)
	if len(posts) != 3 {
		days := []string{}
		for d := range posts {
			days = append(days, d)
		}
		t.Errorf("posts for the days %v; want 22, 23 and 26 November only", days)
	}
	// Each day a puzzle of its own.
	seen := map[string]bool{}
	for _, ms := range posts {
		id := shownDaily(t, ms[0]).ID
		if seen[id] {
			t.Errorf("puzzle %s posted twice", id)
		}
		seen[id] = true
	}
}

// TestDailyPuzzleCrashWindow: a process can die after claiming a day's
// post and before recording its message, either before the post or after
// it. The next try posts the puzzle if it was not posted, and finds it if
// it was (among the channel's messages, or, where the bot may not read
// them, by the post's nonce), so that it is posted once.
func TestDailyPuzzleCrashWindow(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	db, err := sql.Open("sqlite", "file:"+h.dbPath+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.Exec(q, args...); err != nil {
			t.Fatal(err)
		}
	}
	// due makes the daily timer due now, as it is after a crash before
	// the timer was done (the claim run out, or released at the start).
	due := func() {
		exec(`UPDATE schedule SET due = ?, lease_until = 0 WHERE kind = 'daily'`, h.clock.Now().UnixMilli())
	}
	set, err := puzzle.Set("zola")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.st.SetDailyChannel(ctx, store.DailyChannel{Guild: h.guild, Channel: h.channel, Variant: "zola"}, h.clock.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	// Claimed, then the process died before the post.
	claimed, _, err := h.st.ClaimDailyPost(ctx, h.guild, "2026-11-22", func(store.DailyChannel, []store.DailyPost) (string, error) { return set[7].ID, nil })
	if err != nil {
		t.Fatal(err)
	}
	due()
	h.bot.RunDue(ctx)
	post := h.dailyPost(h.channel, "2026-11-22")
	if got := shownDaily(t, post); got.ID != claimed.Puzzle {
		t.Errorf("posted puzzle %s; the claim was for %s", got.ID, claimed.Puzzle)
	}
	// Posted, then the process died before recording the message: the
	// post is found in the channel.
	exec(`UPDATE daily_posts SET message_id = ''`)
	due()
	h.bot.RunDue(ctx)
	h.dailyPost(h.channel, "2026-11-22")
	if h.logged("the daily puzzle was posted before its record") != 1 {
		t.Errorf("the post was not found in the channel")
	}
	// The same where the bot may not read the channel's history: the
	// nonce finds it.
	h.srv.DenyBot(h.channel, discordgo.PermissionReadMessageHistory)
	exec(`UPDATE daily_posts SET message_id = ''`)
	due()
	h.bot.RunDue(ctx)
	h.dailyPost(h.channel, "2026-11-22")
	// A post that fails is tried again, after the timer's first wait.
	h.srv.FailRequests(discordtest.RouteMessageCreate, 1, 500)
	h.clock.Advance(12 * time.Hour)
	h.bot.RunDue(ctx)
	if len(dailyPosts(h.srv, h.channel)["2026-11-23"]) != 0 {
		t.Fatal("posted through a failure")
	}
	h.clock.Advance(table.TaskRetry)
	h.bot.RunDue(ctx)
	h.dailyPost(h.channel, "2026-11-23")
	// A channel where the bot may not post: retrying cannot help, so the
	// day is skipped, and the next day's is posted once the bot may.
	h.srv.DenyBot(h.channel, discordgo.PermissionSendMessages)
	h.clock.Advance(24 * time.Hour)
	h.bot.RunDue(ctx)
	if v := h.srv.TakeViolations(); len(v) != 1 || v[0].Code != discordgo.ErrCodeMissingPermissions {
		t.Errorf("refused: %v; want the one post, for Missing Permissions", v)
	}
	h.srv.AllowBot(h.channel, discordgo.PermissionSendMessages|discordgo.PermissionReadMessageHistory)
	h.clock.Advance(table.TaskRetry)
	h.bot.RunDue(ctx)
	if len(dailyPosts(h.srv, h.channel)["2026-11-24"]) != 0 {
		t.Error("the day the bot could not post was posted later")
	}
	h.clock.Advance(24 * time.Hour)
	h.bot.RunDue(ctx)
	h.dailyPost(h.channel, "2026-11-25")
}

// TestDailyPuzzleSharedDatabase: two bots on one PostgreSQL database, as two
// processes share one, run their timers at the same moments, day after
// day: each day's puzzle is posted once.
func TestDailyPuzzleSharedDatabase(t *testing.T) {
	t.Parallel()
	pg, err := pgtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.Stop() })
	url, err := pg.URL()
	if err != nil {
		t.Fatal(err)
	}
	srv := discordtest.NewWithConfig(t, discordtest.Config{})
	guild := srv.NewGuild("Zug Club")
	channel := srv.NewChannel(guild, "puzzles")
	clk := &clock{t: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	ctx := context.Background()
	var bots []*bot.Bot
	var tabs []*table.Table
	for range 2 {
		st, err := store.Open(ctx, url, store.Options{Now: clk.Now, Variants: games.All()})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		logger := slog.New(slog.NewTextHandler(testWriter{t, &sync.Mutex{}, &[]string{}}, nil))
		tab, err := table.New(table.Config{Store: st, Variants: games.All(), Now: clk.Now, Seed: 1, Log: logger})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(tab.Close)
		b, err := bot.New(bot.Config{Table: tab, Store: st, Posts: st, Variants: games.All(), Menu: games.Listed(), Session: srv.Session(), Now: clk.Now, Logger: logger})
		if err != nil {
			t.Fatal(err)
		}
		bots, tabs = append(bots, b), append(tabs, tab)
	}
	if _, err := tabs[1].SetDailyPuzzle(ctx, guild, channel, ""); err != nil {
		t.Fatal(err)
	}
	days := []string{"2026-11-22", "2026-11-23", "2026-11-24"}
	for i, day := range days {
		for range 3 {
			var wg sync.WaitGroup
			for _, b := range bots {
				wg.Go(func() { b.RunDue(ctx) })
			}
			wg.Wait()
		}
		posts := dailyPosts(srv, channel)
		if len(posts) != i+1 || len(posts[day]) != 1 {
			t.Fatalf("after the timers of %s: %d days posted, %d posts of the day; want one a day", day, len(posts), len(posts[day]))
		}
		clk.Advance(24 * time.Hour)
	}
}
