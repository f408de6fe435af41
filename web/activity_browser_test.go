package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/chromedp/chromedp"

	"github.com/zugbot/zugbot/bot"
	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/web"
)

// activityWait bounds every wait of the Activity's tests.
const activityWait = 30 * time.Second

// activityWorld is zugbot inside a fake Discord: the bot on the fake, its
// web board with the Activity, one store, a headless chromium, and the
// pages a test opens as Discord's client would, in a parent frame that
// speaks the Embedded App SDK's protocol (testdata/discord-parent.js).
type activityWorld struct {
	t     *testing.T
	srv   *discordtest.Server
	st    *store.Store
	url   string
	guild string
	root  context.Context // the browser

	mu    sync.Mutex
	users map[string]*discordgo.User
}

// logWriter sends the bot's log to the test's.
type logWriter struct{ t *testing.T }

func (w logWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

func newActivityWorld(t *testing.T) *activityWorld {
	t.Helper()
	srv := discordtest.New(t)
	srv.EnableActivities()
	w := &activityWorld{t: t, srv: srv, guild: srv.NewGuild("Zug Club"), users: map[string]*discordgo.User{}}
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "zugbot.db"), store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	w.st = st
	tab, err := table.New(table.Config{Store: st, Variants: games.All(), Seed: 1, AIThink: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(bot.Config{Table: tab, Store: st, Posts: st, Variants: games.All(), Menu: games.Listed(), Session: srv.Session(),
		TaskInterval: time.Hour, Logger: slog.New(slog.NewTextHandler(logWriter{t}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	b.UseActivity()
	mux := http.NewServeMux()
	ts := httptest.NewServer(mux)
	w.url = ts.URL
	ws, err := web.New(web.Config{Table: tab, Sessions: st, Key: []byte(strings.Repeat("k", 32)), PublicURL: ts.URL,
		Activity: &web.ActivityConfig{AppID: srv.AppID(), ClientSecret: srv.ClientSecret(), BotToken: srv.Token(),
			APIURL: srv.URL() + discordtest.APIPrefix, Games: st}})
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/", ws)
	w.discordClient(mux)
	b.UseLiveBoard(ws)
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- b.Run(runCtx, 5*time.Second) }()
	t.Cleanup(func() {
		ws.Close() // ends the live streams
		ts.Close()
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("bot.Run: %v", err)
			}
		case <-time.After(activityWait):
			t.Errorf("bot.Run did not return")
		}
		tab.Close()
		st.Close()
	})
	srv.WaitGateway(t, activityWait, func(s discordtest.GatewayStats) bool { return s.Identifies > 0 })
	w.eventually("the bot connected", b.Connected)
	root, _ := browser(t)
	if err := chromedp.Do(root); err != nil { // starts the browser, for the tabs' contexts
		t.Fatal(err)
	}
	w.root = root
	return w
}

// user makes a Discord user.
func (w *activityWorld) user(name string) *discordgo.User {
	u := w.srv.NewUser(name)
	w.mu.Lock()
	w.users[u.ID] = u
	w.mu.Unlock()
	return u
}

// discordClient serves what the test's parent frame asks the Discord
// client for: its page and script, an OAuth2 code once a user consented,
// a user, a token's user (checked with the fake), and the participants of
// an instance (asked of the fake).
func (w *activityWorld) discordClient(mux *http.ServeMux) {
	js, err := os.ReadFile("testdata/discord-parent.js")
	if err != nil {
		w.t.Fatal(err)
	}
	mux.HandleFunc("GET /discord-test/parent.html", func(rw http.ResponseWriter, r *http.Request) {
		rw.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(rw, `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Discord</title>`+
			`<link rel="icon" href="data:,"><style>body{margin:0}iframe{border:0;display:block;width:800px;height:880px}</style></head>`+
			`<body><script src="/discord-test/parent.js"></script></body></html>`)
	})
	mux.HandleFunc("GET /discord-test/parent.js", func(rw http.ResponseWriter, r *http.Request) {
		rw.Header().Set("Content-Type", "text/javascript")
		rw.Write(js)
	})
	userOf := func(id string) *discordgo.User {
		w.mu.Lock()
		defer w.mu.Unlock()
		return w.users[id]
	}
	mux.HandleFunc("GET /discord-test/code", func(rw http.ResponseWriter, r *http.Request) {
		u := userOf(r.URL.Query().Get("user"))
		if u == nil {
			http.NotFound(rw, r)
			return
		}
		writeTestJSON(rw, map[string]string{"code": w.srv.Authorize(u)})
	})
	mux.HandleFunc("GET /discord-test/user", func(rw http.ResponseWriter, r *http.Request) {
		u := userOf(r.URL.Query().Get("id"))
		if u == nil {
			http.NotFound(rw, r)
			return
		}
		writeTestJSON(rw, map[string]string{"id": u.ID, "username": u.Username, "discriminator": u.Discriminator, "global_name": u.GlobalName})
	})
	mux.HandleFunc("GET /discord-test/me", func(rw http.ResponseWriter, r *http.Request) {
		code, body := w.fake("/users/@me", "Bearer "+r.URL.Query().Get("token"))
		rw.Header().Set("Content-Type", "application/json")
		rw.WriteHeader(code)
		rw.Write(body)
	})
	mux.HandleFunc("GET /discord-test/participants", func(rw http.ResponseWriter, r *http.Request) {
		code, body := w.fake("/applications/"+w.srv.AppID()+"/activity-instances/"+url.PathEscape(r.URL.Query().Get("instance")), "Bot "+w.srv.Token())
		var inst struct{ Users []string }
		if code != http.StatusOK || json.Unmarshal(body, &inst) != nil {
			http.Error(rw, string(body), code)
			return
		}
		ps := []map[string]any{}
		for _, id := range inst.Users {
			if u := userOf(id); u != nil {
				ps = append(ps, map[string]any{"id": u.ID, "username": u.Username, "global_name": u.GlobalName,
					"discriminator": u.Discriminator, "avatar": nil, "flags": 0, "bot": false})
			}
		}
		writeTestJSON(rw, map[string]any{"participants": ps})
	})
}

func writeTestJSON(rw http.ResponseWriter, v any) {
	rw.Header().Set("Content-Type", "application/json")
	json.NewEncoder(rw).Encode(v)
}

// fake asks the fake Discord's API for path with auth.
func (w *activityWorld) fake(path, auth string) (int, []byte) {
	req, _ := http.NewRequest("GET", w.srv.URL()+discordtest.APIPrefix+path, nil)
	req.Header.Set("Authorization", auth)
	req.Header.Set("User-Agent", "DiscordBot (test, 1)")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return http.StatusBadGateway, []byte(err.Error())
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func (w *activityWorld) eventually(what string, cond func() bool) {
	w.t.Helper()
	deadline := time.Now().Add(activityWait)
	for !cond() {
		if time.Now().After(deadline) {
			w.t.Fatalf("waited %v for %s", activityWait, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// state is game g as a spectator with its link sees it.
func (w *activityWorld) state(g *store.Game) web.State {
	w.t.Helper()
	resp, err := http.Get(w.url + "/api/games/" + g.PublicID)
	if err != nil {
		w.t.Fatal(err)
	}
	defer resp.Body.Close()
	var st web.State
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		w.t.Fatal(err)
	}
	return st
}

// tab is one person's Discord window with the Activity open in it.
type tab struct {
	w    *activityWorld
	name string
	ctx  context.Context
	errs func() []string
	// expected is what the page reports as an error because the test
	// asked for it: the address of a request it made to be refused.
	expected []string
}

// open opens the Activity for u in instance, in a browser context of its
// own (its own cookies); code, if set, is the OAuth2 code the parent
// frame hands out instead of a real one.
func (w *activityWorld) open(u *discordgo.User, instance, channel, code string) *tab {
	w.t.Helper()
	ctx, cancel := chromedp.NewContext(w.root, chromedp.WithNewBrowserContext())
	w.t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // the tab, for its events
		w.t.Fatal(err)
	}
	tb := &tab{w: w, name: u.Username, ctx: ctx, errs: pageErrors(ctx)}
	q := url.Values{"user": {u.ID}, "instance": {instance}, "client": {w.srv.AppID()}, "guild": {w.guild}, "channel": {channel}}
	if code != "" {
		q.Set("code", code)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(w.url+"/discord-test/parent.html?"+q.Encode())); err != nil {
		w.t.Fatalf("%s: open the Activity: %v", u.Username, err)
	}
	return tb
}

// frameJS wraps body, a function body run with d, the Activity's document,
// and f, its window.
func frameJS(body string) string {
	return `(() => { const f = document.getElementById('activity').contentWindow; const d = f && f.document; if (!d || !d.body) return null; ` + body + ` })()`
}

// eval evaluates a frameJS body in the tab.
func evalIn[T any](tb *tab, body string) (T, error) {
	return chromedp.Run(tb.ctx, chromedp.Evaluate[T](frameJS(body)))
}

// wait waits until the frameJS body returns true.
func (tb *tab) wait(what, body string) {
	tb.w.t.Helper()
	deadline := time.Now().Add(activityWait)
	for {
		ok, err := evalIn[bool](tb, body)
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			status, _ := evalIn[string](tb, `const s = d.getElementById('activity-status'); return s ? s.textContent : '';`)
			tb.w.t.Fatalf("%s: waited %v for %s (%v); the Activity says %q", tb.name, activityWait, what, err, status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitStatus waits until the Activity's strip says want.
func (tb *tab) waitStatus(want string) {
	tb.w.t.Helper()
	b, _ := json.Marshal(want)
	tb.wait(fmt.Sprintf("the status %q", want), `const s = d.getElementById('activity-status'); return !!s && s.textContent.includes(`+string(b)+`);`)
}

// waitPly waits until the Activity's board shows ply.
func (tb *tab) waitPly(ply int) {
	tb.w.t.Helper()
	tb.wait(fmt.Sprintf("ply %d", ply), fmt.Sprintf(`return d.body.dataset.ply === '%d';`, ply))
}

// play plays mv on the Activity's board by tapping its start and its end
// with the mouse, or by its Pass button.
func (tb *tab) play(st web.State, mv web.Move) {
	t := tb.w.t
	t.Helper()
	tb.waitPly(st.Ply)
	if len(mv.Path) == 0 {
		tb.wait("the Pass button", `return !d.getElementById('pass').hidden;`)
		if _, err := evalIn[bool](tb, `d.getElementById('pass').click(); return true;`); err != nil {
			t.Fatalf("%s: pass: %v", tb.name, err)
		}
		return
	}
	tb.wait("the board to offer moves", `return d.querySelectorAll('#board .hit[tabindex]').length > 0;`)
	from, to := mv.Path[0], mv.Path[len(mv.Path)-1]
	xy, err := chromedp.Run(tb.ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
		const f = document.getElementById('activity'), fr = f.getBoundingClientRect(), d = f.contentDocument;
		return [%d, %d].flatMap((i) => {
			const r = d.querySelector('#board .hit[data-i="' + i + '"]').getBoundingClientRect();
			return [fr.x + r.x + r.width / 2, fr.y + r.y + r.height / 2];
		});
	})()`, from, to)))
	if err != nil {
		t.Fatalf("%s: the points of %s: %v", tb.name, mv.Notation, err)
	}
	if err := chromedp.Do(tb.ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatalf("%s: tap %s: %v", tb.name, mv.Notation, err)
	}
	tb.wait("the destinations of "+mv.Notation, `return d.querySelectorAll('#board .target').length > 0;`)
	if err := chromedp.Do(tb.ctx, chromedp.MouseClickXY(xy[2], xy[3])); err != nil {
		t.Fatalf("%s: tap %s: %v", tb.name, mv.Notation, err)
	}
}

// checkClean fails the test if the tab's page reported errors, the SDK
// sent the parent a command it does not answer, or the parent saw a
// broken message.
func (tb *tab) checkClean() {
	t := tb.w.t
	t.Helper()
	var e []string
	for _, msg := range tb.errs() {
		if !slices.ContainsFunc(tb.expected, func(x string) bool { return strings.Contains(msg, x) }) {
			e = append(e, msg)
		}
	}
	if len(e) > 0 {
		t.Errorf("%s: the page reported errors:\n%s", tb.name, strings.Join(e, "\n"))
	}
	var seen struct {
		Handshake map[string]any
		Commands  []string
		Unknown   []string
		Errors    []string
	}
	b, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`JSON.stringify(window.discordSeen)`))
	if err != nil || json.Unmarshal([]byte(b), &seen) != nil {
		t.Fatalf("%s: the parent frame's record: %v", tb.name, err)
	}
	if len(seen.Unknown) > 0 || len(seen.Errors) > 0 {
		t.Errorf("%s: the SDK sent unknown commands %v; the parent saw errors %v", tb.name, seen.Unknown, seen.Errors)
	}
}

// buttonID returns the custom ID of m's button whose ID ends with suffix.
func buttonID(m *discordtest.Message, suffix string) string {
	for _, b := range m.Buttons() {
		if strings.HasSuffix(b.CustomID, suffix) {
			return b.CustomID
		}
	}
	return ""
}

// pick returns a move of st: one that ends the game if there is one, else
// a capture, else the first; so that a game ends soon.
func pick(st web.State) web.Move {
	mv := st.Moves[0]
	for _, m := range st.Moves {
		if strings.Contains(m.Notation, "x") {
			return m
		}
	}
	return mv
}

// TestActivityPlaysChannelGame launches the Activity from a game's board
// on Discord (the Play in Discord button, LAUNCH_ACTIVITY) and opens it for
// the game's two players and a spectator, with the Embedded App SDK's real
// code talking to a parent frame that stands for Discord's client. It
// checks the SDK's handshake and commands, the participants and their
// update, that a move in the Activity shows on the Discord board and one
// made on Discord shows in the Activity, that the spectator's move is
// refused, and it plays the game to its end in the Activity.
func TestActivityPlaysChannelGame(t *testing.T) {
	w := newActivityWorld(t)
	srv := w.srv
	channel := srv.NewChannel(w.guild, "games")
	alice, bob, carol, dave := w.user("alice"), w.user("bob"), w.user("carol"), w.user("dave")

	// alice challenges bob on Discord; bob accepts: the channel's game.
	ix := srv.SlashCommand(t, alice, channel, "challenge", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", bob),
		discordtest.Opt("color", "first"), discordtest.Opt("rated", false))
	ix.WaitResponse(t, activityWait)
	acc := srv.Click(t, bob, ix.Original(), buttonID(ix.Original(), "/accept"))
	acc.WaitResponse(t, activityWait)
	acc.WaitFollowups(t, 1, activityWait)
	var g store.Game
	var shown store.Post // where the bot posted its board
	w.eventually("the game's board", func() bool {
		gs, err := w.st.Games(context.Background(), store.GameQuery{ChannelID: channel, Status: store.Active})
		if err != nil || len(gs) != 1 {
			return false
		}
		g = gs[0]
		shown, err = w.st.Post(context.Background(), store.PostedGame, g.ID)
		return err == nil && shown.Message != ""
	})
	board := srv.Message(channel, shown.Message)

	// alice launches the Activity from the board; bob and carol join.
	launch := srv.Click(t, alice, board, buttonID(board, "/activity")).WaitResponse(t, activityWait)
	if launch.Type != discordgo.InteractionResponseType(discordtest.LaunchActivity) {
		t.Fatalf("Play in Discord answered type %d: want LAUNCH_ACTIVITY", launch.Type)
	}
	inst := srv.ActivityInstances()
	if len(inst) != 1 {
		t.Fatalf("activity instances %v: want one", inst)
	}
	instance := inst[0]
	srv.JoinActivity(instance, bob)
	srv.JoinActivity(instance, carol)
	tabs := map[string]*tab{}
	for _, u := range []*discordgo.User{alice, bob, carol} {
		tabs[u.Username] = w.open(u, instance, channel, "")
	}
	for _, u := range []*discordgo.User{alice, bob} {
		tabs[u.Username].waitStatus(fmt.Sprintf("You play game #%d.", g.ID))
		tabs[u.Username].waitPly(0)
	}
	tc := tabs["carol"]
	tc.waitStatus(fmt.Sprintf("You are watching game #%d.", g.ID))
	tc.waitPly(0)
	hs, err := chromedp.Run(tc.ctx, chromedp.Evaluate[map[string]any](`window.discordSeen.handshake`))
	if err != nil || hs["sdk_version"] != "2.5.0" || hs["client_id"] != srv.AppID() {
		t.Errorf("the SDK's handshake: %v (%v): want version 2.5.0 and the application's ID", hs, err)
	}
	cmds, _ := chromedp.Run(tc.ctx, chromedp.Evaluate[[]string](`window.discordSeen.commands`))
	for _, c := range []string{"AUTHORIZE", "AUTHENTICATE", "SUBSCRIBE", "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS"} {
		if !strings.Contains(strings.Join(cmds, " "), c) {
			t.Errorf("the SDK sent %v: want %s", cmds, c)
		}
	}
	tc.wait("the participants", `const p = d.getElementById('participants').textContent; return ['alice', 'bob', 'carol'].every((n) => p.includes(n));`)
	srv.JoinActivity(instance, dave)
	if _, err := chromedp.Run(tc.ctx, chromedp.Evaluate[bool](`window.participantsChanged(), true`)); err != nil {
		t.Fatal(err)
	}
	tc.wait("dave among the participants, after the update event", `return d.getElementById('participants').textContent.includes('dave');`)
	if hidden, _ := evalIn[bool](tc, `return d.getElementById('typed').hidden && d.querySelectorAll('#board .hit[tabindex]').length === 0;`); !hidden {
		t.Error("the spectator's board offers moves")
	}

	// A move in the Activity shows on the Discord board.
	st := w.state(&g)
	mv := pick(st)
	tabs["alice"].play(st, mv)
	srv.WaitMessage(t, activityWait, func(m *discordtest.Message) bool {
		return m.ID == shown.Message && strings.Contains(m.Content, fmt.Sprintf("alice played **%s**.", mv.Notation))
	})
	// A move on Discord shows in the Activity.
	st = w.state(&g)
	mv = pick(st)
	mix := srv.SlashCommand(t, bob, channel, "move", discordtest.Opt("move", mv.Notation), discordtest.Opt("game", g.ID))
	mix.WaitResponse(t, activityWait)
	for _, tb := range tabs {
		tb.waitPly(2)
	}
	if got := w.state(&g).History[1]; got != mv.Notation {
		t.Fatalf("after bob's /move %s the game has %s", mv.Notation, got)
	}

	// carol, a participant who does not play, is refused a move.
	st = w.state(&g)
	tc.expected = append(tc.expected, fmt.Sprintf("403 (Forbidden) (%s/api/games/%s/moves)", w.url, g.PublicID))
	res, err := chromedp.Run(tc.ctx, chromedp.Evaluate[string](frameJS(fmt.Sprintf(`return f.fetch('/api/activity/game').then((r) => r.json()).then((g) =>
		f.fetch('/api/games/%s/moves', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Zugbot-CSRF': g.game_csrf },
			body: JSON.stringify({ ply: %d, move: %q }) })).then(async (r) => r.status + ' ' + (await r.json()).error);`, g.PublicID, st.Ply, st.Moves[0].Notation)),
		chromedp.EvalAwaitPromise))
	if err != nil || !strings.HasPrefix(res, "403 ") || !strings.Contains(res, "not a player") {
		t.Errorf("carol's move: %q (%v): want 403, not a player", res, err)
	}
	if w.state(&g).Ply != st.Ply {
		t.Fatal("carol's move was played")
	}

	// alice and bob play the game to its end in the Activity.
	for moves := 0; ; moves++ {
		st = w.state(&g)
		if st.Result != nil {
			break
		}
		if moves > 200 {
			t.Fatalf("no end after %d moves", moves)
		}
		player := tabs["alice"]
		if st.Turn == 1 {
			player = tabs["bob"]
		}
		mv := pick(st)
		player.play(st, mv)
		w.eventually("the move "+mv.Notation, func() bool { return w.state(&g).Ply > st.Ply })
	}
	for _, tb := range tabs {
		tb.waitPly(st.Ply)
		tb.wait("the result", `return /wins/.test(d.getElementById('status').textContent);`)
	}
	srv.WaitMessage(t, activityWait, func(m *discordtest.Message) bool {
		return m.ID == shown.Message && buttonID(m, "/rematch") != ""
	})
	t.Logf("a game of %d plies, played in the Activity", st.Ply)
	for _, tb := range tabs {
		tb.checkClean()
	}
}

// TestActivityStartsGameAndRefuses opens the Activity, from the entry
// point command, in a channel with no game: one participant starts a game
// against another, who sees it appear. A user who is not in the activity
// instance, a forged instance and a forged OAuth2 code are refused by the
// server.
func TestActivityStartsGameAndRefuses(t *testing.T) {
	w := newActivityWorld(t)
	srv := w.srv
	channel := srv.NewChannel(w.guild, "lobby")
	dave, erin, mallory, frank, oscar := w.user("dave"), w.user("erin"), w.user("mallory"), w.user("frank"), w.user("oscar")
	instance, err := srv.LaunchEntryPoint(w.guild, channel, dave)
	if err != nil {
		t.Fatal(err)
	}
	srv.JoinActivity(instance, erin)
	srv.JoinActivity(instance, oscar)
	td, te := w.open(dave, instance, channel, ""), w.open(erin, instance, channel, "")
	td.waitStatus("No game is going on in this channel")
	te.waitStatus("No game is going on in this channel")
	td.wait("erin among the opponents", fmt.Sprintf(`return [...d.getElementById('start-opponent').options].some((o) => o.value === '%s');`, erin.ID))
	if _, err := evalIn[bool](td, fmt.Sprintf(`d.getElementById('start-variant').value = 'zola'; d.getElementById('start-opponent').value = '%s';
		d.getElementById('start-submit').click(); return true;`, erin.ID)); err != nil {
		t.Fatal(err)
	}
	td.waitStatus("You play game #1.")
	td.waitPly(0)
	td.wait("the puzzles' entry hidden while the game goes on", `return d.getElementById('practise').hidden;`)
	te.waitStatus("You play game #1.") // found while waiting
	te.waitPly(0)
	gs, err := w.st.Games(context.Background(), store.GameQuery{ChannelID: channel, Status: store.Active})
	if err != nil || len(gs) != 1 {
		t.Fatalf("the channel's games: %v, %v: want the one started", gs, err)
	}
	if _, ok := gs[0].SideOf(dave.ID); !ok {
		t.Errorf("game %d has seats %+v: want dave", gs[0].ID, gs[0].Seats)
	}
	if _, ok := gs[0].SideOf(erin.ID); !ok {
		t.Errorf("game %d has seats %+v: want erin", gs[0].ID, gs[0].Seats)
	}
	// A move in the started game, by whoever moves first.
	st := w.state(&gs[0])
	first := td
	if side, _ := gs[0].SideOf(erin.ID); int(side) == st.Turn {
		first = te
	}
	first.play(st, pick(st))
	td.waitPly(1)
	te.waitPly(1)

	// The refused: mallory is not in the instance, frank's instance is
	// forged, oscar's code is forged.
	w.open(mallory, instance, channel, "").waitStatus("You are not in this activity")
	w.open(frank, "i-forged-"+channel, channel, "").waitStatus("This is not one of zugbot's activities")
	w.open(oscar, instance, channel, "forged-code").waitStatus("Discord did not accept this sign-in")
	for _, v := range srv.TakeViolations() {
		if !strings.Contains(v.String(), "/oauth2/token") && !strings.Contains(v.String(), "/activity-instances/") {
			t.Errorf("the fake refused %s", v)
		}
	}
	td.checkClean()
	te.checkClean()
}
