package main

import (
	"bufio"
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

var (
	loadOn        = flag.Bool("load", false, "run TestLoad, the load benchmark")
	loadGames     = flag.Int("load.games", 300, "TestLoad: games going on at once")
	loadAI        = flag.Int("load.ai", 100, "TestLoad: how many of them are against the AI")
	loadDuration  = flag.Duration("load.duration", 3*time.Minute, "TestLoad: how long to measure")
	loadMean      = flag.Duration("load.mean", 5*time.Second, "TestLoad: mean wait before a player moves")
	loadChannels  = flag.Int("load.channels", 100, "TestLoad: channels the games are spread over")
	loadDB        = flag.String("load.db", "sqlite", "TestLoad: the database, sqlite or postgres (a throwaway server on this machine)")
	loadAIThreads = flag.Int("load.aiworkers", 0, "TestLoad: the bot's ZUGBOT_AI_WORKERS (0: its default)")
	loadWorkers   = flag.Int("load.workers", 0, "TestLoad: zugbot worker processes to run beside the bot, each with the bot's ZUGBOT_AI_WORKERS (PostgreSQL only)")
	loadWatchers  = flag.Int("load.spectators", 0, "TestLoad: spectators of the live board (ZUGBOT_WEB_ADDR), spread over at most 100 of the games between people, each reading its game's live stream")
	loadReaders   = flag.Int("load.readers", 0, "TestLoad: readers of the live board's finished games and of the server's leaderboard (ZUGBOT_WEB_ADDR), each opening a page every 1 to 9 s")
	loadProfile   = flag.String("load.profile", "", "TestLoad: a directory to write the bot's CPU, mutex, block, heap and goroutine profiles and an execution trace to, taken in the middle of the run")
)

// aiMix is the share of the AI games at each level, 1 to 5.
var aiMix = [5]int{30, 30, 20, 15, 5}

// latencies is a set of measured durations, safe for concurrent use.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d time.Duration) {
	l.mu.Lock()
	l.d = append(l.d, d)
	l.mu.Unlock()
}

// q returns the q-quantile (0..1), or 0 for none.
func (l *latencies) q(q float64) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.d) == 0 {
		return 0
	}
	s := slices.Clone(l.d)
	slices.Sort(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}

func (l *latencies) n() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.d)
}

// loadRun is what TestLoad measures.
type loadRun struct {
	f          *fleet
	rng        func() *rand.Rand
	end        time.Time
	initial    latencies    // every interaction's initial response
	human      latencies    // a person's move, to the response that shows it played
	ai         [5]latencies // the player's move to the AI's reply shown, by level
	late       atomic.Int64 // interactions answered after 3 s
	lateTypes  sync.Map     // of them, how many by the answer's type (discordgo.InteractionResponseType → *atomic.Int64)
	lateForms  atomic.Int64 // "Type a move" clicks answered too late to open the form
	sent       atomic.Int64 // interactions sent in the measured window
	refused    atomic.Int64 // moves refused (should be none)
	finished   atomic.Int64 // games finished during the run
	unanswered atomic.Int64
	stale      atomic.Int64 // turns skipped because the board did not show the move before within 10 s
	// moveSent holds when each person's move was sent, by its game and the
	// ply it makes, so that a spectator's update can be timed from it.
	moveSent sync.Map  // watched -> time.Time
	watched  latencies // a person's move sent, to a spectator's update showing it
	updates  atomic.Int64
}

// watched is a game at a ply: a move the spectators wait for.
type watched struct {
	game int64
	ply  int
}

// spectate opens n live streams of the bot's live board at base, spread
// over the games whose public ids are pids, and times each update from the
// move's sending. It returns once every stream is open, or fails the test.
func (r *loadRun) spectate(ctx context.Context, base string, pids []string, n int) {
	t := r.f.t
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n, DisableCompression: true}}
	var wg sync.WaitGroup
	var failed atomic.Int64
	for i := range n {
		pid := pids[i%len(pids)]
		wg.Add(1)
		go func() {
			req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/games/"+pid+"/live", nil)
			resp, err := c.Do(req)
			if err != nil || resp.StatusCode != http.StatusOK {
				failed.Add(1)
				wg.Done()
				if err == nil {
					resp.Body.Close()
				}
				return
			}
			wg.Done()
			defer resp.Body.Close()
			sc := bufio.NewScanner(resp.Body)
			for sc.Scan() {
				data, ok := strings.CutPrefix(sc.Text(), "data: ")
				if !ok {
					continue
				}
				var ch struct {
					Game int64  `json:"game"`
					Ply  int    `json:"ply"`
					Kind string `json:"kind"`
				}
				if json.Unmarshal([]byte(data), &ch) != nil || ch.Kind != feed.Moved.String() {
					continue
				}
				if sent, ok := r.moveSent.Load(watched{ch.Game, ch.Ply}); ok {
					r.watched.add(time.Since(sent.(time.Time)))
					r.updates.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if failed.Load() > 0 {
		t.Fatalf("%d of %d spectators could not open their live stream", failed.Load(), n)
	}
}

// respond waits for ix's initial response and records its latency.
func (r *loadRun) respond(ix *discordtest.Interaction) *discordtest.Response {
	resp := ix.WaitResponse(r.f.t, 60*time.Second)
	r.sent.Add(1)
	r.initial.add(resp.Latency)
	if resp.Latency > 3*time.Second {
		r.late.Add(1)
		n, _ := r.lateTypes.LoadOrStore(resp.Type, new(atomic.Int64))
		n.(*atomic.Int64).Add(1)
	}
	return resp
}

// lateKinds describes the answers after 3 s by their type: " (2
// deferrals, 1 suggestions)", or "" when there are none.
func (r *loadRun) lateKinds() string {
	names := map[discordgo.InteractionResponseType]string{
		discordgo.InteractionResponseDeferredChannelMessageWithSource: "deferrals",
		discordgo.InteractionResponseDeferredMessageUpdate:            "deferred updates",
		discordgo.InteractionApplicationCommandAutocompleteResult:     "suggestions",
		discordgo.InteractionResponseModal:                            "forms",
		discordgo.InteractionResponseChannelMessageWithSource:         "messages",
		discordgo.InteractionResponseUpdateMessage:                    "updates",
	}
	var parts []string
	r.lateTypes.Range(func(k, v any) bool {
		parts = append(parts, fmt.Sprintf("%d %s", v.(*atomic.Int64).Load(), names[k.(discordgo.InteractionResponseType)]))
		return true
	})
	if len(parts) == 0 {
		return ""
	}
	slices.Sort(parts)
	return " (" + strings.Join(parts, ", ") + ")"
}

// pause waits a random time of mean *loadMean (exponential, capped at 4
// times the mean); false when the run is over.
func (r *loadRun) pause(rng *rand.Rand) bool {
	d := min(time.Duration(rng.ExpFloat64()*float64(*loadMean)), 4**loadMean)
	if time.Now().Add(d).After(r.end) {
		return false
	}
	time.Sleep(d)
	return true
}

// TestLoad is the load benchmark: the real binary against the fake
// Discord, with games going on at once between people (moves at random
// intervals through the board's menus, /move with autocomplete, "Type a
// move" and /board) and against the AI at every level, and a trickle of
// /leaderboard, /profile, /games and new challenges. Halfway through,
// zugbot backup copies the database, and the copy is checked. It prints a
// table of the figures. Run it with (about 4 minutes):
//
//	go test ./cmd/zugbot -run TestLoad -load -v -timeout 20m
func TestLoad(t *testing.T) {
	if !*loadOn {
		t.Skip("the load benchmark runs with -load")
	}
	// Discord's per-route limits (5 requests per 200 ms a bucket) are
	// kept; the games are spread over channels as over many servers. The
	// global limit of 50 requests a second is raised to 500: Discord
	// raises it for large bots, and 300 busy games need about 100.
	db := ""
	switch *loadDB {
	case "sqlite":
	case "postgres":
		db = postgres(t)
	default:
		t.Fatalf("-load.db %q: want sqlite or postgres", *loadDB)
	}
	f := newFleetOn(t, discordtest.Config{GlobalRateLimit: 500, InteractionDeadline: 15 * time.Minute}, db)
	if *loadAIThreads > 0 {
		f.env = append(f.env, fmt.Sprintf("ZUGBOT_AI_WORKERS=%d", *loadAIThreads))
	}
	if *loadWorkers > 0 && db == "" {
		t.Fatal("-load.workers needs -load.db postgres: workers share a PostgreSQL database with the bot")
	}
	webURL := ""
	if *loadWatchers > 0 || *loadReaders > 0 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		webURL = "http://" + addr
		f.env = append(f.env, "ZUGBOT_WEB_ADDR="+addr)
	}
	channels := []string{f.channel}
	for i := 1; i < *loadChannels; i++ {
		channels = append(channels, f.srv.NewChannel(f.guild, fmt.Sprintf("games-%d", i)))
	}
	var reading readSeed
	if *loadReaders > 0 {
		reading = f.seedReading()
	}
	f.start(true)
	var workers []*exec.Cmd
	for range *loadWorkers {
		w := exec.Command(f.bin, "worker")
		w.Env = append(cleanEnv(), "ZUGBOT_DB="+f.db, "ZUGBOT_LOG_FORMAT=json", "ZUGBOT_LOG_LEVEL=warn")
		w.Env = append(w.Env, f.env...)
		w.Stderr = f.logs
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { w.Process.Kill(); w.Wait() })
		workers = append(workers, w)
	}
	defer func() {
		if !t.Failed() {
			return
		}
		t.Logf("zugbot's log (warnings and errors):\n%.20000s", f.logs.String())
	}()
	var seed atomic.Uint64
	seed.Store(uint64(time.Now().UnixNano()))
	r := &loadRun{f: f, rng: func() *rand.Rand { return rand.New(rand.NewPCG(seed.Add(1), 3)) }}

	// The games, started by 8 workers.
	type gameSpec struct {
		channel string
		users   [2]*discordgo.User
		level   int // 0: between people
	}
	var specs []gameSpec
	humans := *loadGames - *loadAI
	for i := range humans {
		specs = append(specs, gameSpec{channels[i%len(channels)], [2]*discordgo.User{f.srv.NewUser(fmt.Sprintf("p%da", i)), f.srv.NewUser(fmt.Sprintf("p%db", i))}, 0})
	}
	for i := range *loadAI {
		level, acc := 1, 0
		for l, share := range aiMix {
			acc += share
			if i*100 < acc**loadAI {
				level = l + 1
				break
			}
		}
		specs = append(specs, gameSpec{channels[(humans+i)%len(channels)], [2]*discordgo.User{f.srv.NewUser(fmt.Sprintf("ai%d", i))}, level})
	}
	setup := time.Now()
	ids := make([]int64, len(specs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < len(specs); i = int(next.Add(1)) - 1 {
				s := specs[i]
				if s.level == 0 {
					ids[i] = f.challenge(s.channel, s.users[0], s.users[1], 0)
				} else {
					ids[i] = f.playAI(s.channel, s.users[0], s.level)
				}
			}
		}()
	}
	wg.Wait()
	t.Logf("%d games started in %v", len(specs), time.Since(setup).Round(time.Millisecond))

	if *loadWatchers > 0 {
		var people []int64
		for i, s := range specs {
			if s.level == 0 && len(people) < 100 {
				people = append(people, ids[i])
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		r.spectate(ctx, webURL, r.f.publicIDs(people), *loadWatchers)
		t.Logf("%d spectators watching %d games", *loadWatchers, len(people))
	}

	// The measured run.
	start := time.Now()
	r.end = start.Add(*loadDuration)
	pid := f.cmd.Process.Pid
	procs := []process{{name: "the bot", pid: pid}}
	for i, w := range workers {
		procs = append(procs, process{name: fmt.Sprintf("worker %d", i+1), pid: w.Process.Pid})
	}
	procs = append(procs, process{name: "the test (fake Discord and players)", pid: os.Getpid()})
	if pg := postmaster(f.db); pg > 0 {
		procs = append(procs, process{name: "PostgreSQL (all its processes)", pid: pg, tree: true})
	}
	for i := range procs {
		procs[i].cpu0 = procs[i].cpuTime()
	}
	botCPU0, selfCPU0 := cpuTime(pid), cpuTime(os.Getpid())
	for i, s := range specs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if s.level == 0 {
				r.playPeople(s.channel, s.users, ids[i])
			} else {
				r.playAI(s.channel, s.users[0], s.level, ids[i])
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		r.trickle(channels, specs[0].users[0])
	}()
	var rd readers
	if *loadReaders > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.read(webURL, reading, *loadReaders, &rd)
		}()
	}
	if *loadProfile != "" {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.profile(*loadProfile)
		}()
	}
	// The backup, halfway.
	var backup backupCheck
	wg.Add(1)
	go func() {
		defer wg.Done()
		time.Sleep(*loadDuration / 2)
		backup = r.backup()
	}()
	wg.Wait()
	elapsed := time.Since(start)
	botCPU, selfCPU := cpuTime(pid)-botCPU0, cpuTime(os.Getpid())-selfCPU0
	hwm := procStatus(pid, "VmHWM")
	for i := range procs {
		procs[i].cpu = procs[i].cpuTime() - procs[i].cpu0
		if !procs[i].tree {
			procs[i].hwm = procStatus(procs[i].pid, "VmHWM")
		}
	}
	for _, w := range workers {
		w.Process.Signal(syscall.SIGTERM)
	}
	dbErrors, allErrors := r.errorCounts()
	sums := r.metricSums("zugbot_ai_think_seconds_sum", "zugbot_render_seconds_sum", "zugbot_interaction_seconds_sum", "zugbot_db_write_retries_total",
		"zugbot_interaction_arrival_seconds_sum", "zugbot_interaction_arrival_seconds_count", `zugbot_interaction_arrival_seconds_bucket{le="1"`)
	f.stop(syscall.SIGTERM)

	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/1e6) }
	var b strings.Builder
	fmt.Fprintf(&b, "\n| measure | value |\n|---|---|\n")
	fmt.Fprintf(&b, "| games at once | %d (%d between people, %d against the AI) over %d channels |\n", *loadGames, humans, *loadAI, len(channels))
	fmt.Fprintf(&b, "| measured for | %v |\n", elapsed.Round(time.Second))
	fmt.Fprintf(&b, "| interactions | %d (%.1f per second) |\n", r.sent.Load(), float64(r.sent.Load())/elapsed.Seconds())
	fmt.Fprintf(&b, "| initial response p50 / p99 / max | %s / %s / %s |\n", ms(r.initial.q(.5)), ms(r.initial.q(.99)), ms(r.initial.q(1)))
	fmt.Fprintf(&b, "| answered after 3 s | %d%s |\n", r.late.Load(), r.lateKinds())
	fmt.Fprintf(&b, "| an interaction's arrival at its handler, mean (over 1 s) | %.1f ms (%.0f) |\n", 1000*sums[4]/max(sums[5], 1), sums[5]-sums[6])
	fmt.Fprintf(&b, "| \"Type a move\" clicks deferred for being late, so with no form | %d |\n", r.lateForms.Load())
	fmt.Fprintf(&b, "| human move round trip p50 / p99 (%d moves) | %s / %s |\n", r.human.n(), ms(r.human.q(.5)), ms(r.human.q(.99)))
	for l := range r.ai {
		fmt.Fprintf(&b, "| AI level %d reply p50 / p99 (%d replies) | %s / %s |\n", l+1, r.ai[l].n(), ms(r.ai[l].q(.5)), ms(r.ai[l].q(.99)))
	}
	if *loadWatchers > 0 {
		fmt.Fprintf(&b, "| spectators' update p50 / p99 / max (%d updates to %d spectators) | %s / %s / %s |\n", r.updates.Load(), *loadWatchers, ms(r.watched.q(.5)), ms(r.watched.q(.99)), ms(r.watched.q(1)))
	}
	if *loadReaders > 0 {
		fmt.Fprintf(&b, "| readers' page views p50 / p99 / max (%d views by %d readers; %d requests failed) | %s / %s / %s |\n", rd.views.n(), *loadReaders, rd.errors.Load(), ms(rd.views.q(.5)), ms(rd.views.q(.99)), ms(rd.views.q(1)))
	}
	fmt.Fprintf(&b, "| peak RSS of the bot (VmHWM) | %s |\n", hwm)
	fmt.Fprintf(&b, "| database errors (all errors) | %d (%d) |\n", dbErrors, allErrors)
	if store.IsPostgres(f.db) {
		fmt.Fprintf(&b, "| writes run again after a clash (PostgreSQL) | %.0f |\n", sums[3])
	}
	fmt.Fprintf(&b, "| CPU: the bot / the test (fake Discord and players), of %d cores | %.2f / %.2f cores |\n", runtime.NumCPU(), botCPU.Seconds()/elapsed.Seconds(), selfCPU.Seconds()/elapsed.Seconds())
	for _, p := range procs {
		fmt.Fprintf(&b, "| %s: CPU, peak RSS | %.2f cores, %s |\n", p.name, p.cpu.Seconds()/elapsed.Seconds(), cmp.Or(p.hwm, "—"))
	}
	fmt.Fprintf(&b, "| AI thinks / board renders (drawn or waiting their turn) / handlers going on at once, on average | %.2f / %.2f / %.2f |\n", sums[0]/elapsed.Seconds(), sums[1]/elapsed.Seconds(), sums[2]/elapsed.Seconds())
	fmt.Fprintf(&b, "| games finished (and started anew) | %d |\n", r.finished.Load())
	fmt.Fprintf(&b, "| boards still behind 10 s after a move | %d |\n", r.stale.Load())
	fmt.Fprintf(&b, "| backup at %v | %s |\n", backup.at.Round(time.Second), backup.result)
	t.Log(b.String())
	fmt.Println(b.String())
	if r.refused.Load() > 0 {
		t.Errorf("%d moves were refused", r.refused.Load())
	}
	if rd.errors.Load() > 0 {
		t.Errorf("%d of the readers' requests failed", rd.errors.Load())
	}
	if backup.err != "" {
		t.Errorf("backup: %s", backup.err)
	}
	if dbErrors != 0 {
		t.Errorf("%d database errors", dbErrors)
	}
}

// playPeople plays game id between two people until the run ends, and
// starts a new one whenever it ends.
func (r *loadRun) playPeople(channel string, users [2]*discordgo.User, id int64) {
	f := r.f
	t := f.t
	rng := r.rng()
	for r.pause(rng) {
		st := f.load(id)
		g := &st.Game
		if g.Over() {
			r.finished.Add(1)
			users[0], users[1] = users[1], users[0]
			id = f.challenge(channel, users[0], users[1], 0)
			continue
		}
		u := users[0]
		if g.Seats[st.Position.Turn()].ID != u.ID {
			u = users[1]
		}
		legal := st.Position.Moves(nil)
		mv := legal[rng.IntN(len(legal))]
		text := st.Position.FormatMove(mv)
		path := st.Position.Describe(mv).Path
		r.moveSent.Store(watched{id, g.Ply + 1}, time.Now())
		switch k := rng.IntN(10); {
		case k < 4 && len(path) > 0: // the board's menus
			if rng.IntN(8) == 0 { // now and then, /board first
				r.respond(f.srv.SlashCommand(t, u, channel, "board", discordtest.Opt("game", id)))
				old := f.posted(store.PostedGame, id).Message
				for deadline := time.Now().Add(10 * time.Second); f.posted(store.PostedGame, id).Message == old && time.Now().Before(deadline); {
					time.Sleep(10 * time.Millisecond)
				}
			}
			board := f.board(g)
			if board == nil {
				r.stale.Add(1)
				continue
			}
			from := st.Position.Variant().Geometry.Points[path[0]].Name
			board = r.pick(u, board, from, text)
			ix := f.srv.Select(t, u, board, menuWith(board, "/to/", text), text)
			r.moved(ix, r.respond(ix), text, id)
		case k < 7: // /move, with autocomplete while typing
			typed := text[:max(1, len(text)/2)]
			r.respond(f.srv.Autocomplete(t, u, channel, "move", discordtest.Opt("game", id), discordtest.Focus("move", typed)))
			ix := f.srv.SlashCommand(t, u, channel, "move", discordtest.Opt("move", text), discordtest.Opt("game", id))
			r.moved(ix, r.respond(ix), text, id)
		default: // "Type a move"
			board := f.board(g)
			if board == nil {
				r.stale.Add(1)
				continue
			}
			btn := ""
			for _, b := range board.Buttons() {
				if b.Label == "Type a move" {
					btn = b.CustomID
				}
			}
			if btn == "" {
				continue
			}
			open := f.srv.Click(t, u, board, btn)
			if r.respond(open).Type != discordgo.InteractionResponseModal {
				// Too late to open the form: the player is told to try again.
				r.lateForms.Add(1)
				continue
			}
			ix := f.srv.SubmitModal(t, open, map[string]string{"move": text})
			r.moved(ix, r.respond(ix), text, id)
		}
	}
}

// pick picks the piece on from in board's menu, and returns the board as
// it then stands, with the menu of the piece's moves, text among them.
func (r *loadRun) pick(u *discordgo.User, board *discordtest.Message, from, text string) *discordtest.Message {
	ix := r.f.srv.Select(r.f.t, u, board, menuWith(board, "/pick/", from), from)
	if r.respond(ix).Type == discordgo.InteractionResponseDeferredMessageUpdate {
		// Deferred for being late (bot/late.go): the board shows the move
		// menu once the handler is done.
		if m := r.f.srv.WaitMessageUntil(board.ChannelID, board.ID, time.Minute, func(m *discordtest.Message) bool { return menuWith(m, "/to/", text) != "" }); m != nil {
			return m
		}
	}
	return r.f.srv.Message(board.ChannelID, board.ID)
}

// moved records a person's move round trip in game id from its response,
// or, for a deferred one, from the edit that shows the move played.
func (r *loadRun) moved(ix *discordtest.Interaction, resp *discordtest.Response, text string, id int64) {
	switch resp.Type {
	case discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.InteractionResponseDeferredMessageUpdate:
		// Deferred by the bot for being late (bot/late.go), or a last move,
		// answered after its replay is drawn.
		if _, ok := ix.WaitOriginalContent(time.Minute, func(c string) bool { return strings.Contains(c, "played **"+text+"**") }); !ok {
			r.refused.Add(1)
			r.f.t.Logf("move %s deferred, and not shown within a minute", text)
			return
		}
		latency := time.Since(ix.Created())
		if st := r.f.load(id); !st.Game.Over() { // a last move is not a round trip like the others
			r.human.add(latency)
		}
		return
	}
	if resp.Data == nil || !strings.Contains(resp.Data.Content, "played **"+text+"**") {
		r.refused.Add(1)
		r.f.t.Logf("move %s answered %d %+v", text, resp.Type, resp.Data)
		return
	}
	r.human.add(resp.Latency)
}

// playAI plays game id against the AI at level until the run ends.
func (r *loadRun) playAI(channel string, u *discordgo.User, level int, id int64) {
	f := r.f
	t := f.t
	rng := r.rng()
	for r.pause(rng) {
		st := f.load(id)
		g := &st.Game
		if g.Over() {
			r.finished.Add(1)
			id = f.playAI(channel, u, level)
			continue
		}
		if g.Seats[st.Position.Turn()].IsAI() {
			continue // a reply still to come (the game's first move, say)
		}
		legal := st.Position.Moves(nil)
		mv := legal[rng.IntN(len(legal))]
		text := st.Position.FormatMove(mv)
		path := st.Position.Describe(mv).Path
		var ix *discordtest.Interaction
		before := ""
		if rng.IntN(2) == 0 && len(path) > 0 {
			board := f.board(g)
			if board == nil {
				r.stale.Add(1)
				continue
			}
			from := st.Position.Variant().Geometry.Points[path[0]].Name
			board = r.pick(u, board, from, text)
			before = board.Content
			ix = f.srv.Select(t, u, board, menuWith(board, "/to/", text), text)
		} else {
			ix = f.srv.SlashCommand(t, u, channel, "move", discordtest.Opt("move", text), discordtest.Opt("game", id))
		}
		r.respond(ix)
		c, ok := ix.WaitOriginalContent(time.Minute, func(c string) bool { return c != before && strings.Contains(c, "played **"+text+"**") })
		if !ok {
			r.unanswered.Add(1)
			st := f.load(id)
			t.Errorf("game %d: no answer showing the move %s within a minute; the game is at ply %d with %d moves, and the message says %q", id, text, st.Game.Ply, len(st.Moves), c)
			return
		}
		if strings.Contains(c, "zugbot replied") {
			r.ai[level-1].add(time.Since(ix.Created()))
		}
	}
}

// trickle sends /leaderboard, /profile, /games and new challenges, about
// two a second, until the run ends.
func (r *loadRun) trickle(channels []string, u *discordgo.User) {
	f := r.f
	t := f.t
	rng := r.rng()
	for time.Now().Add(time.Second).Before(r.end) {
		time.Sleep(time.Duration(rng.IntN(1000)) * time.Millisecond)
		ch := channels[rng.IntN(len(channels))]
		switch rng.IntN(4) {
		case 0:
			r.respond(f.srv.SlashCommand(t, u, ch, "leaderboard", discordtest.Opt("game", "zola")))
		case 1:
			r.respond(f.srv.SlashCommand(t, u, ch, "profile"))
		case 2:
			r.respond(f.srv.SlashCommand(t, u, ch, "games"))
		case 3:
			// A new challenge between two new players, accepted.
			ix := f.srv.SlashCommand(t, f.srv.NewUser("new-a"), ch, "challenge", discordtest.Opt("game", "zola"), discordtest.Opt("opponent", f.srv.NewUser("new-b")))
			r.respond(ix)
		}
	}
}

// backupCheck is the result of the backup made during the run.
type backupCheck struct {
	at     time.Duration
	result string
	err    string
}

// backup runs zugbot backup while the bot runs, and checks that the copy
// opens, passes integrity_check and holds every game committed before the
// backup started, at least as far as it had been played then.
func (r *loadRun) backup() backupCheck {
	f := r.f
	ctx := context.Background()
	var c backupCheck
	c.at = time.Since(r.end.Add(-*loadDuration))
	plies := map[int64]int{}
	rows, err := f.raw.QueryContext(ctx, `SELECT id, ply FROM games`)
	if err != nil {
		c.err = err.Error()
		return c
	}
	for rows.Next() {
		var id int64
		var ply int
		rows.Scan(&id, &ply)
		plies[id] = ply
	}
	rows.Close()
	if store.IsPostgres(f.db) {
		c.result = fmt.Sprintf("not run: PostgreSQL is backed up with pg_dump (%d games in the database then)", len(plies))
		return c
	}
	out := filepath.Join(f.t.TempDir(), "backup.db")
	began := time.Now()
	cmd := exec.Command(f.bin, "backup", "-o", out)
	cmd.Env = append(cleanEnv(), "ZUGBOT_DB="+f.db)
	if msg, err := cmd.CombinedOutput(); err != nil {
		c.err = fmt.Sprintf("zugbot backup: %v: %s", err, msg)
		return c
	}
	took := time.Since(began)
	db, err := sql.Open("sqlite", "file:"+out+"?mode=ro")
	if err != nil {
		c.err = err.Error()
		return c
	}
	defer db.Close()
	var res string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&res); err != nil || res != "ok" {
		c.err = fmt.Sprintf("integrity_check: %q %v", res, err)
		return c
	}
	missing := 0
	for id, ply := range plies {
		var got int
		if err := db.QueryRowContext(ctx, `SELECT ply FROM games WHERE id = ?`, id).Scan(&got); err != nil || got < ply {
			missing++
		}
	}
	if missing > 0 {
		c.err = fmt.Sprintf("%d of the %d games committed before the backup are missing or behind in it", missing, len(plies))
	}
	c.result = fmt.Sprintf("took %v; integrity_check ok; all %d games committed before it are in it", took.Round(time.Millisecond), len(plies))
	return c
}

// profile writes the bot's profiles into dir: a CPU profile of the
// middle half of the run (30 s at the most), the mutex and block profiles
// of the run until then, its heap and goroutines then, and a 5-second
// execution trace after that. Read them with go tool pprof and go tool
// trace (see docs/load.md).
func (r *loadRun) profile(dir string) {
	t := r.f.t
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Errorf("profiles: %v", err)
		return
	}
	get := func(name, query string) {
		resp, err := http.Get("http://" + r.f.metrics + "/debug/pprof/" + name + query)
		if err != nil {
			t.Errorf("profile %s: %v", name, err)
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err == nil && resp.StatusCode != http.StatusOK {
			err = fmt.Errorf("%s: %s", resp.Status, b)
		}
		if err == nil {
			file := name + ".pprof"
			if name == "trace" {
				file = "trace.out"
			}
			err = os.WriteFile(filepath.Join(dir, file), b, 0o644)
		}
		if err != nil {
			t.Errorf("profile %s: %v", name, err)
		}
	}
	time.Sleep(*loadDuration / 4)
	cpu := min(*loadDuration/2, 30*time.Second)
	get("profile", fmt.Sprintf("?seconds=%d", int(cpu.Seconds())))
	for _, name := range []string{"mutex", "block", "heap", "goroutine"} {
		get(name, "")
	}
	get("trace", "?seconds=5")
}

// errorCounts returns the bot's count of database errors and of all its
// errors, from its /metrics.
func (r *loadRun) errorCounts() (db, all int) {
	resp, err := http.Get("http://" + r.f.metrics + "/metrics")
	if err != nil {
		r.f.t.Errorf("metrics: %v", err)
		return -1, -1
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "zugbot_errors_total{") {
			continue
		}
		n, _ := strconv.ParseFloat(line[strings.LastIndexByte(line, ' ')+1:], 64)
		all += int(n)
		if strings.Contains(line, `source="database"`) {
			db += int(n)
		}
	}
	return db, all
}

// process is one process whose CPU and memory TestLoad reports.
type process struct {
	name string
	pid  int
	tree bool // with its children: PostgreSQL's server and its backends
	cpu0 time.Duration
	cpu  time.Duration
	hwm  string
}

// cpuTime returns the CPU time p has used, with its children's when it
// counts them: those running, and those that ended and were waited for.
func (p process) cpuTime() time.Duration {
	if !p.tree {
		return cpuTime(p.pid)
	}
	d := cpuTime(p.pid) + childrenCPU(p.pid)
	dirs, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, stat := range dirs {
		b, err := os.ReadFile(stat)
		if err != nil {
			continue
		}
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
		if len(f) > 1 && f[1] == strconv.Itoa(p.pid) {
			pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(stat)))
			d += cpuTime(pid)
		}
	}
	return d
}

// childrenCPU returns the CPU time of pid's children that ended and were
// waited for (cutime and cstime).
func childrenCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	if len(f) < 15 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[13], 10, 64)
	st, _ := strconv.ParseInt(f[14], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond
}

// postmaster returns the process id of the PostgreSQL server that db, a
// PostgreSQL URL on this machine, names by its port; 0 when there is none.
func postmaster(db string) int {
	if !store.IsPostgres(db) {
		return 0
	}
	u, err := url.Parse(db)
	if err != nil || u.Port() == "" {
		return 0
	}
	cmdlines, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, c := range cmdlines {
		b, err := os.ReadFile(c)
		if err != nil {
			continue
		}
		args := strings.Split(strings.TrimRight(string(b), "\x00"), "\x00")
		if filepath.Base(args[0]) != "postgres" {
			continue
		}
		for i, a := range args {
			if a == "-p" && i+1 < len(args) && args[i+1] == u.Port() || a == "-p"+u.Port() {
				pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(c)))
				return pid
			}
		}
		// pg_ctl passes the options as one string.
		if strings.Contains(strings.Join(args, " "), "-p "+u.Port()+" ") {
			pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(c)))
			return pid
		}
	}
	return 0
}

// procStatus returns a field of /proc/PID/status, such as "VmHWM".
func procStatus(pid int, field string) string {
	fh, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "unknown: " + err.Error()
	}
	defer fh.Close()
	b, _ := io.ReadAll(fh)
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// cpuTime returns the CPU time (user and system) process pid has used.
func cpuTime(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command name (in parentheses): utime and stime
	// are the 12th and 13th, in clock ticks (100 a second on Linux).
	rest := string(b[strings.LastIndexByte(string(b), ')')+2:])
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond
}

// metricSums returns the sums, over their labels, of the bot's metrics
// named, from its /metrics; a name may end with labels to match
// (`name{le="1"`).
func (r *loadRun) metricSums(names ...string) []float64 {
	out := make([]float64, len(names))
	resp, err := http.Get("http://" + r.f.metrics + "/metrics")
	if err != nil {
		return out
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		for i, n := range names {
			if strings.HasPrefix(line, n+"{") || strings.HasPrefix(line, n+" ") || strings.HasPrefix(line, n+"} ") {
				v, _ := strconv.ParseFloat(line[strings.LastIndexByte(line, ' ')+1:], 64)
				out[i] += v
			}
		}
	}
	return out
}

// publicIDs returns the public ids of games, read from the fleet's
// database: the addresses of their pages.
func (f *fleet) publicIDs(ids []int64) []string {
	f.t.Helper()
	ctx := context.Background()
	s, err := store.Open(ctx, f.db, store.Options{Variants: games.All()})
	if err != nil {
		f.t.Fatal(err)
	}
	defer s.Close()
	var out []string
	for _, id := range ids {
		g, err := s.Game(ctx, id)
		if err != nil {
			f.t.Fatal(err)
		}
		out = append(out, g.PublicID)
	}
	return out
}
