package bot_test

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"image"
	"image/png"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot"
	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/web"
)

// clock is a settable clock shared by the bot and the store.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// testWriter sends the bot's log lines to the test's log, and keeps
// them for the test to count.
type testWriter struct {
	t     testing.TB
	mu    *sync.Mutex
	lines *[]string
}

func (w testWriter) Write(p []byte) (int, error) {
	line := strings.TrimSpace(string(p))
	w.t.Log(line)
	w.mu.Lock()
	*w.lines = append(*w.lines, line)
	w.mu.Unlock()
	return len(p), nil
}

// logged returns how many of the bot's log lines so far contain s.
func (h *harness) logged(s string) int {
	h.logMu.Lock()
	defer h.logMu.Unlock()
	n := 0
	for _, l := range h.logLines {
		if strings.Contains(l, s) {
			n++
		}
	}
	return n
}

// harness is a running bot against a fake Discord, with a guild, a channel
// and two players.
type harness struct {
	t       testing.TB
	srv     *discordtest.Server
	clock   *clock
	dbPath  string
	st      *store.Store
	tab     *table.Table // the game service the bot plays through
	bot     *bot.Bot
	stop    func()
	guild   string
	channel string
	alice   *discordgo.User
	bob     *discordgo.User
	// aiThink caps the AI's time per move, and taskBatch is how many due
	// timers the bot handles at once (0: its default); start reads them.
	aiThink   time.Duration
	taskBatch int
	// answerBudget is the bot's Config.AnswerBudget; zero means
	// harnessAnswerBudget.
	answerBudget time.Duration
	// busyHandlers is the bot's Config.BusyHandlers (0: its default).
	busyHandlers int
	// live, when set, serves the live board (package web) over the bot's
	// game service; webURL is its address once started.
	live   bool
	webURL string
	web    *web.Server
	// activity, when set, makes the boards launch the Activity, and the
	// live board, if served, serve the Activity's API.
	activity bool
	// logLines are the bot's log lines (see logged).
	logMu    sync.Mutex
	logLines []string
}

// wait bounds every wait for the bot: generous, for the race detector on
// a busy machine (a long game's replay GIF is drawn at its end).
const wait = 30 * time.Second

// harnessAnswerBudget is the bot's answer budget in the harness: as the
// fake's deadline is stretched by raceFactor, so is the budget, less the
// second the bot keeps for its deferral's trip, so that a test that checks
// an answer's type sees the handler's own answer on a loaded machine, not
// a deferral for lateness (TestLateAnswers tests those).
const harnessAnswerBudget = raceFactor*discordgo.InteractionDeadline - time.Second

func newHarness(t testing.TB, opts ...func(*harness)) *harness {
	t.Helper()
	srv := discordtest.NewWithConfig(t, discordtest.Config{InteractionDeadline: raceFactor * discordgo.InteractionDeadline})
	h := &harness{t: t, srv: srv, clock: &clock{t: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}, aiThink: 20 * time.Millisecond}
	h.dbPath = filepath.Join(t.TempDir(), "zugbot.db")
	h.guild = h.srv.NewGuild("Zug Club")
	h.channel = h.srv.NewChannel(h.guild, "games")
	h.alice = h.srv.NewUser("alice")
	h.bob = h.srv.NewUser("bob")
	t.Cleanup(func() { h.checkMentions() }) // whatever the test did, nobody was pinged unduly
	for _, o := range opts {
		o(h)
	}
	h.start()
	return h
}

// start opens the store and runs the bot until stop.
func (h *harness) start() {
	t := h.t
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, h.dbPath, store.Options{Now: h.clock.Now, Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	if h.answerBudget == 0 {
		h.answerBudget = harnessAnswerBudget
	}
	logger := slog.New(slog.NewTextHandler(testWriter{t, &h.logMu, &h.logLines}, nil))
	tab, err := table.New(table.Config{Store: st, Variants: games.All(), Now: h.clock.Now, Seed: 1, AIThink: h.aiThink, Log: logger,
		// A small analysis: the tests check what is shown, not how well.
		AnalysisBudget: ai.Config{Nodes: 5_000, TTBits: 14}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(bot.Config{
		Table: tab, Store: st, Posts: st, Variants: games.All(), Menu: games.Listed(), Session: h.srv.Session(), Now: h.clock.Now,
		TaskInterval: time.Hour, TaskBatch: h.taskBatch, AnswerBudget: h.answerBudget,
		BusyHandlers: h.busyHandlers, Logger: logger,
	})
	if err != nil {
		t.Fatal(err)
	}
	if h.live {
		var ws *web.Server
		hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { ws.ServeHTTP(w, r) }))
		cfg := web.Config{Table: tab, Sessions: st, Key: []byte("the harness's key, 32 bytes long"), PublicURL: hs.URL}
		if h.activity { // the Activity's API too, signed in against the fake
			cfg.Activity = &web.ActivityConfig{AppID: h.srv.AppID(), ClientSecret: h.srv.ClientSecret(), BotToken: h.srv.Token(),
				APIURL: h.srv.URL() + discordtest.APIPrefix, Games: st}
		}
		ws, err = web.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ws.Close(); hs.Close() }) // ws first: it ends the live streams
		h.webURL, h.web = hs.URL, ws
		b.UseLiveBoard(ws)
	}
	if h.activity {
		b.UseActivity()
	}
	before := h.srv.GatewayStats().Identifies
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx, 5*time.Second) }()
	h.st, h.tab, h.bot = st, tab, b
	var once sync.Once
	h.stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("bot.Run: %v", err)
				}
			case <-time.After(wait):
				t.Errorf("bot.Run did not return after its context ended")
			}
			tab.Close()
			st.Close()
		})
	}
	t.Cleanup(h.stop)
	h.srv.WaitGateway(t, wait, func(s discordtest.GatewayStats) bool { return s.Identifies > before })
	h.eventually("the commands", func() bool { return len(h.srv.Commands("")) > 0 })
	// Ready: its timer loop has planned its first sweep, so a test that
	// moves the clock and sweeps itself is not raced by it.
	h.eventually("the bot ready", b.Connected)
}

// restart stops the bot and starts a new one on the same database.
func (h *harness) restart() {
	h.stop()
	h.start()
}

// command runs a slash command and waits for its response.
func (h *harness) command(u *discordgo.User, path string, opts ...discordtest.Option) (*discordtest.Interaction, *discordtest.Response) {
	h.t.Helper()
	ix := h.srv.SlashCommand(h.t, u, h.channel, path, opts...)
	return ix, ix.WaitResponse(h.t, wait)
}

// refused checks that a response is private and says want.
func (h *harness) refused(resp *discordtest.Response, want string) {
	h.t.Helper()
	if resp.Data == nil || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		h.t.Errorf("refusal is not private: %+v", resp.Data)
		return
	}
	if !strings.Contains(resp.Data.Content, want) {
		h.t.Errorf("refusal %q; want it to say %q", resp.Data.Content, want)
	}
}

// game loads a game from the store.
func (h *harness) game(id int64) store.State {
	h.t.Helper()
	st, err := h.st.Load(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return st
}

// post returns where the bot posted what id (bot.Posts).
func (h *harness) post(what store.Posted, id int64) store.Post {
	h.t.Helper()
	p, err := h.st.Post(context.Background(), what, id)
	if err != nil {
		h.t.Fatal(err)
	}
	return p
}

// posted returns where game id's board is.
func (h *harness) posted(id int64) store.Post { return h.post(store.PostedGame, id) }

// shown returns where tournament id is shown: its sign-up message, its
// thread.
func (h *harness) shown(id int64) store.Post { return h.post(store.PostedTournament, id) }

// control is the custom ID of game id's control verb (with its argument),
// drawn for the game's turn as it is now.
func (h *harness) control(id int64, verb string) string {
	h.t.Helper()
	return fmt.Sprintf("g/%d/v%d/%s", id, h.game(id).Game.TurnVersion, verb)
}

// onlyGame returns the one active game of u.
func (h *harness) onlyGame(u *discordgo.User) store.State {
	h.t.Helper()
	games, err := h.st.Games(context.Background(), store.GameQuery{Player: u.ID, Status: store.Active})
	if err != nil || len(games) != 1 {
		h.t.Fatalf("games of %s: %d, %v; want exactly one", u.Username, len(games), err)
	}
	return h.game(games[0].ID)
}

// board returns the current board message of a game, once it has checked
// that the message shows its board (checkBoardImage).
func (h *harness) board(id int64) *discordtest.Message {
	h.t.Helper()
	st, p := h.game(id), h.posted(id)
	channel := cmp.Or(p.Thread, st.Game.ChannelID) // a thread: moved there with /board
	m := h.srv.Message(channel, p.Message)
	if m == nil {
		h.t.Fatalf("game %d has no board message (%q)", id, p.Message)
	}
	h.checkBoardImage(m)
	return m
}

// checkBoardImage checks that a board message shows a board: the file its
// embed's image links to (attachment://name) is attached, decodes as a
// PNG, and is of a readable size. It returns the decoded board.
func (h *harness) checkBoardImage(m *discordtest.Message) image.Image {
	h.t.Helper()
	if len(m.Embeds) == 0 || m.Embeds[0].Image == nil {
		h.t.Fatalf("board message %s has no embed with an image", m.ID)
	}
	url := m.Embeds[0].Image.URL
	name, ok := strings.CutPrefix(url, "attachment://")
	if !ok {
		h.t.Fatalf("board message %s shows %q; want one of its attachments", m.ID, url)
	}
	i := slices.IndexFunc(m.Files, func(f *discordtest.File) bool { return f.Name == name })
	if i < 0 {
		h.t.Fatalf("board message %s shows %s, which is not among its %d attachments", m.ID, name, len(m.Files))
	}
	f := m.Files[i]
	img, err := png.Decode(bytes.NewReader(f.Data))
	if err != nil {
		h.t.Fatalf("board message %s: its picture %s (%d bytes) is not a PNG: %v", m.ID, name, len(f.Data), err)
	}
	if b := img.Bounds(); b.Dx() < 400 || b.Dy() < 300 {
		h.t.Errorf("board message %s: its picture is %v; want a readable size", m.ID, b)
	}
	return img
}

// eventually waits until cond holds, for what the bot finishes after it
// has answered (saving a message ID, say).
func (h *harness) eventually(what string, cond func() bool) {
	h.t.Helper()
	h.eventuallyWithin(wait, what, cond)
}

// eventuallyWithin is eventually with a wait of d, for work much longer
// than one answer's.
func (h *harness) eventuallyWithin(d time.Duration, what string, cond func() bool) {
	h.t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			h.t.Fatalf("waited %v for %s", d, what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// boardReady waits until game id has its board message, and checks that
// the message shows the board.
func (h *harness) boardReady(id int64) {
	h.t.Helper()
	h.eventually("the board message", func() bool { return h.posted(id).Message != "" })
	h.board(id)
}

// seeding returns ctx for a test's writes straight to the store: the bot
// takes them as its own (bot.Source), so that a game seeded in a channel
// does not look started elsewhere, for the bot to post its board.
func seeding(ctx context.Context) context.Context { return table.WithSource(ctx, bot.Source) }
