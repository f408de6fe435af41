package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/think"
	"github.com/zugbot/zugbot/web"
)

// webload runs the live board's measurements at full size (docs/web.md,
// Figures); without it TestWebLoad* run a few moves to keep their
// helpers working.
var webload = flag.Bool("webload", false, "measure the live board under load (TestWebLoad*)")

// loadRig is a web server over the real table on a SQLite file, served
// with Server.HTTPServer's settings (its timeouts) on loopback.
type loadRig struct {
	t   *testing.T
	tab *table.Table
	srv *web.Server
	ts  *httptest.Server

	mu   sync.Mutex
	made map[int64]store.Game // the games started, by number
}

func newLoadRig(t *testing.T) *loadRig {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "load.db"), store.Options{Variants: games.All(), MaxActiveGames: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tab, err := table.New(table.Config{Store: db, Variants: games.All(), Seed: 1, Thinker: think.New(think.Config{Workers: 1})})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tab.Close) // before the store closes
	ts := httptest.NewUnstartedServer(nil)
	srv, err := web.New(web.Config{Table: tab, Sessions: db, Key: []byte(strings.Repeat("k", 32)), PublicURL: "http://" + ts.Listener.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	hs := srv.HTTPServer(ts.Listener.Addr().String())
	ts.Config = hs
	ts.Start()
	t.Cleanup(ts.Close)
	t.Cleanup(func() { srv.Close() })
	return &loadRig{t: t, tab: tab, srv: srv, ts: ts, made: map[int64]store.Game{}}
}

// game starts a game of Zola between two people and returns its id.
func (r *loadRig) game(i int) int64 {
	r.t.Helper()
	a := store.Player{ID: fmt.Sprintf("a%d", i), Name: fmt.Sprintf("A%d", i)}
	b := store.Player{ID: fmt.Sprintf("b%d", i), Name: fmt.Sprintf("B%d", i)}
	u, err := r.tab.Start(context.Background(), store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: a}, {Player: b}}})
	if err != nil {
		r.t.Fatal(err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.made[u.State.Game.ID] = u.State.Game
	return u.State.Game.ID
}

// made returns game id as it was started.
func (r *loadRig) started(id int64) store.Game {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.made[id]
}

// seat is a player signed in through their private link.
type seat struct {
	c    *http.Client // with the session cookie
	csrf string
	side int
	game int64
	last time.Time // of the last move, to keep under the rate limit
}

// signIn opens a private link for user in game and reads the CSRF value.
func (r *loadRig) signIn(game int64, user string) (*seat, error) {
	g := r.started(game)
	link, err := r.srv.Link(&g, user, time.Hour)
	if err != nil {
		return nil, err
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Get(link)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		return nil, fmt.Errorf("opening the link: %s", resp.Status)
	}
	s := &seat{c: c, game: game}
	st, err := r.state(c, game)
	if err != nil {
		return nil, err
	}
	if st.CSRF == "" || st.You < 0 {
		return nil, fmt.Errorf("signed in as %s: you %d, csrf %q", user, st.You, st.CSRF)
	}
	s.csrf, s.side = st.CSRF, st.You
	return s, nil
}

func (r *loadRig) state(c *http.Client, game int64) (web.State, error) {
	var st web.State
	resp, err := c.Get(r.ts.URL + "/api/games/" + r.started(game).PublicID)
	if err != nil {
		return st, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return st, fmt.Errorf("state: %s", resp.Status)
	}
	return st, json.NewDecoder(resp.Body).Decode(&st)
}

// move plays mv at ply as s, keeping s's moves 105 ms apart (the session
// allows 10 a second), and returns when the POST was sent and when its
// answer came.
func (r *loadRig) move(s *seat, ply int, mv string) (sent, back time.Time, err error) {
	if d := time.Until(s.last.Add(105 * time.Millisecond)); d > 0 {
		time.Sleep(d)
	}
	req, _ := http.NewRequest("POST", r.ts.URL+"/api/games/"+r.started(s.game).PublicID+"/moves", strings.NewReader(moveBody(ply, mv)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Zugbot-CSRF", s.csrf)
	sent = time.Now()
	s.last = sent
	resp, err := s.c.Do(req)
	if err != nil {
		return sent, time.Time{}, err
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	back = time.Now()
	if resp.StatusCode != http.StatusOK {
		return sent, back, fmt.Errorf("move %s at ply %d: %s %s", mv, ply, resp.Status, b)
	}
	return sent, back, nil
}

// arrival is a change a live stream delivered, and when.
type arrival struct {
	Game int64
	Ply  int
	Kind string
	At   time.Time
}

// streamClient reads live streams: no timeout, no connection pool limit.
func streamClient() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8, DisableCompression: true,
		DialContext: (&net.Dialer{Timeout: 10 * time.Second}).DialContext}}
}

// stream opens the live stream of the game whose public id is pid with c
// and sends each change it delivers to out, closing out when the stream
// ends. It returns once the stream is open (subscribed).
func stream(ctx context.Context, c *http.Client, base, pid string, out chan<- arrival) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/games/"+pid+"/live", nil)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return fmt.Errorf("live: %s", resp.Status)
	}
	br := bufio.NewReaderSize(resp.Body, 1024)
	if _, err := br.ReadString('\n'); err != nil {
		resp.Body.Close()
		return err
	}
	go func() {
		defer close(out)
		defer resp.Body.Close()
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			data, ok := strings.CutPrefix(line, "data: ")
			if !ok {
				continue
			}
			at := time.Now()
			var c struct {
				Game int64  `json:"game"`
				Ply  int    `json:"ply"`
				Kind string `json:"kind"`
			}
			if json.Unmarshal([]byte(data), &c) == nil {
				out <- arrival{Game: c.Game, Ply: c.Ply, Kind: c.Kind, At: at}
			}
		}
	}()
	return nil
}

// await reads ch until a change of ply want or later arrives.
func await(ch <-chan arrival, want int, timeout time.Duration) (arrival, error) {
	tm := time.NewTimer(timeout)
	defer tm.Stop()
	for {
		select {
		case a, ok := <-ch:
			if !ok {
				return a, errors.New("the live stream ended")
			}
			if a.Ply >= want {
				return a, nil
			}
		case <-tm.C:
			return arrival{}, fmt.Errorf("no change of ply %d within %v", want, timeout)
		}
	}
}

func quantile(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	i := int(q*float64(len(s))+0.5) - 1
	return s[max(0, min(i, len(s)-1))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

// TestWebLoadMoveLatency times a move from one player's page to the
// other's: from POSTing it to the opponent's live stream delivering the
// change, and to the opponent's refetched state showing the new ply.
func TestWebLoadMoveLatency(t *testing.T) {
	total, perGame := 10, 10
	if *webload {
		total, perGame = 500, 100
	}
	r := newLoadRig(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sc := streamClient()
	rng := rand.New(rand.NewPCG(1, 2))
	var toStream, toState []time.Duration
	played, gamesPlayed := 0, 0
	for played < total {
		id := r.game(gamesPlayed)
		gamesPlayed++
		var seats [2]*seat
		var live [2]chan arrival
		for _, u := range []string{fmt.Sprintf("a%d", gamesPlayed-1), fmt.Sprintf("b%d", gamesPlayed-1)} {
			s, err := r.signIn(id, u)
			if err != nil {
				t.Fatal(err)
			}
			seats[s.side] = s
			live[s.side] = make(chan arrival, 256)
			if err := stream(ctx, sc, r.ts.URL, r.started(id).PublicID, live[s.side]); err != nil {
				t.Fatal(err)
			}
		}
		st, err := r.state(seats[0].c, id)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < perGame && played < total && st.Result == nil && len(st.Moves) > 0; n++ {
			mover, other := st.Turn, 1-st.Turn
			mv := st.Moves[rng.IntN(len(st.Moves))].Notation
			sent, _, err := r.move(seats[mover], st.Ply, mv)
			if err != nil {
				t.Fatal(err)
			}
			a, err := await(live[other], st.Ply+1, 10*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			next, err := r.state(seats[other].c, id)
			if err != nil {
				t.Fatal(err)
			}
			got := time.Now()
			if next.Ply != st.Ply+1 || next.History[st.Ply] != mv {
				t.Fatalf("after %s at ply %d the opponent sees ply %d", mv, st.Ply, next.Ply)
			}
			toStream = append(toStream, a.At.Sub(sent))
			toState = append(toState, got.Sub(sent))
			played++
			st = next
		}
	}
	t.Logf("%d moves in %d games of Zola between two people, on %d cores", played, gamesPlayed, runtime.NumCPU())
	t.Logf("POST to the opponent's stream: p50 %s, p99 %s, max %s", ms(quantile(toStream, .5)), ms(quantile(toStream, .99)), ms(slices.Max(toStream)))
	t.Logf("POST to the opponent's refetched state: p50 %s, p99 %s, max %s", ms(quantile(toState, .5)), ms(quantile(toState, .99)), ms(slices.Max(toState)))
}

// procStatus reads the kB fields of /proc/{pid}/status named.
func procStatus(pid string, names ...string) map[string]int64 {
	m := map[string]int64{}
	b, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return m
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if ok && slices.Contains(names, k) {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			m[k] = n
		}
	}
	return m
}

// memory is the process's memory and goroutines at one moment, after a GC.
type memory struct {
	rss, hwm         int64 // kB
	heap, stack, sys uint64
	goroutines       int
}

func measure() memory {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	p := procStatus("self", "VmRSS", "VmHWM")
	return memory{rss: p["VmRSS"], hwm: p["VmHWM"], heap: ms.HeapInuse, stack: ms.StackInuse, sys: ms.Sys, goroutines: runtime.NumGoroutine()}
}

func (m memory) String() string {
	return fmt.Sprintf("VmRSS %.1f MB, VmHWM %.1f MB, HeapInuse %.1f MB, StackInuse %.1f MB, Sys %.1f MB, %d goroutines",
		float64(m.rss)/1024, float64(m.hwm)/1024, float64(m.heap)/(1<<20), float64(m.stack)/(1<<20), float64(m.sys)/(1<<20), m.goroutines)
}

// spectateEnv tells the test binary, run again as a child, to be the
// spectators: "URL;games;streams per game".
const spectateEnv = "ZUGBOT_WEBLOAD_SPECTATE"

// TestWebLoadSpectators: spectators watch live games (their streams are
// read by a child process, so that the server's memory is measured alone)
// while two players per game move at a steady rate; it reports the
// spectators' first-update latency and the server process's memory and
// goroutines with the spectators and without.
func TestWebLoadSpectators(t *testing.T) {
	nGames, perGame, dur, minGap, maxGap := 2, 2, time.Second, 100*time.Millisecond, 300*time.Millisecond
	if *webload {
		nGames, perGame, dur, minGap, maxGap = 100, 10, 30*time.Second, time.Second, 3*time.Second
	}
	r := newLoadRig(t)
	ids := make([]int64, nGames)
	seats := make([][2]*seat, nGames)
	for i := range ids {
		ids[i] = r.game(i)
		for _, u := range []string{fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i)} {
			s, err := r.signIn(ids[i], u)
			if err != nil {
				t.Fatal(err)
			}
			seats[i][s.side] = s
		}
	}
	before := measure()

	var list []string
	for _, id := range ids {
		list = append(list, r.started(id).PublicID)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestWebLoadSpectatorClients$", "-test.count=1")
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s;%s;%d", spectateEnv, r.ts.URL, strings.Join(list, ","), perGame))
	cmd.Stderr = os.Stderr
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	type key struct {
		game int64
		ply  int
	}
	var mu sync.Mutex
	arrivals := map[key][]time.Time{}
	ended := 0
	open := make(chan error, 1)
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			switch {
			case len(f) == 2 && f[0] == "webload-open":
				open <- nil
			case len(f) == 3 && f[0] == "webload-failed":
				open <- fmt.Errorf("the spectators: %s", strings.Join(f[1:], " "))
			case len(f) == 2 && f[0] == "webload-ended":
				mu.Lock()
				ended++
				mu.Unlock()
			case len(f) == 4 && f[0] == "webload":
				g, _ := strconv.ParseInt(f[1], 10, 64)
				p, _ := strconv.Atoi(f[2])
				ns, _ := strconv.ParseInt(f[3], 10, 64)
				mu.Lock()
				arrivals[key{g, p}] = append(arrivals[key{g, p}], time.Unix(0, ns))
				mu.Unlock()
			}
		}
	}()
	select {
	case err := <-open:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the spectators did not connect within a minute")
	}
	time.Sleep(time.Second)
	connected := measure()

	// The players move, every game at its own pace.
	type post struct{ sent, back time.Time }
	posts := map[key]post{}
	var wg sync.WaitGroup
	errs := make(chan error, nGames)
	start := time.Now()
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			time.Sleep(time.Duration(rng.Int64N(int64(maxGap))))
			st, err := r.state(seats[i][0].c, id)
			for err == nil && time.Since(start) < dur && st.Result == nil && len(st.Moves) > 0 {
				mv := st.Moves[rng.IntN(len(st.Moves))].Notation
				var sent, back time.Time
				sent, back, err = r.move(seats[i][st.Turn], st.Ply, mv)
				if err != nil {
					break
				}
				mu.Lock()
				posts[key{id, st.Ply + 1}] = post{sent, back}
				mu.Unlock()
				time.Sleep(minGap + time.Duration(rng.Int64N(int64(maxGap-minGap))))
				st, err = r.state(seats[i][st.Turn].c, id) // the next mover's page refetches
			}
			if err != nil {
				errs <- fmt.Errorf("game %d: %w", id, err)
			}
		}()
	}
	wg.Wait()
	time.Sleep(500 * time.Millisecond) // the last changes reach the spectators
	loaded := measure()
	child := procStatus(strconv.Itoa(cmd.Process.Pid), "VmRSS", "VmHWM")
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	stdin.Close()
	<-readDone

	mu.Lock()
	defer mu.Unlock()
	var fromBack, fromSent []time.Duration
	missing, early := 0, 0
	for k, p := range posts {
		got := arrivals[k]
		missing += perGame - len(got)
		for _, at := range got {
			fromSent = append(fromSent, at.Sub(p.sent))
			d := at.Sub(p.back)
			if d < 0 {
				early++
				d = 0
			}
			fromBack = append(fromBack, d)
		}
	}
	t.Logf("%d spectators on %d games of Zola, %d moves in %v (a move every %v–%v per game), %d cores",
		nGames*perGame, nGames, len(posts), time.Since(start).Round(time.Second), minGap, maxGap, runtime.NumCPU())
	if len(fromBack) == 0 {
		t.Fatal("no change reached the spectators")
	}
	t.Logf("first update after the POST returned: p50 %s, p99 %s, max %s (%d of %d deliveries before it returned, counted 0)",
		ms(quantile(fromBack, .5)), ms(quantile(fromBack, .99)), ms(slices.Max(fromBack)), early, len(fromBack))
	t.Logf("first update after the POST was sent: p50 %s, p99 %s, max %s",
		ms(quantile(fromSent, .5)), ms(quantile(fromSent, .99)), ms(slices.Max(fromSent)))
	t.Logf("deliveries missing: %d; streams that ended early: %d", missing, ended)
	t.Logf("server process without spectators: %v", before)
	t.Logf("with them, connected and idle:     %v", connected)
	t.Logf("with them, after the moves:        %v", loaded)
	t.Logf("extra: VmRSS %+.1f MB, HeapInuse %+.1f MB, StackInuse %+.1f MB, %+d goroutines; the spectators' process: VmRSS %.1f MB",
		float64(loaded.rss-before.rss)/1024, (float64(loaded.heap)-float64(before.heap))/(1<<20),
		(float64(loaded.stack)-float64(before.stack))/(1<<20), loaded.goroutines-before.goroutines, float64(child["VmRSS"])/1024)
	if missing > 0 || ended > 0 {
		t.Errorf("%d deliveries missing, %d streams ended early", missing, ended)
	}
}

// TestWebLoadSpectatorClients is the spectators of TestWebLoadSpectators,
// run in a child process: it opens the streams, prints "webload-open n"
// once they are, then "webload GAME PLY UNIXNANO" for each change each
// stream delivers, until its stdin closes.
func TestWebLoadSpectatorClients(t *testing.T) {
	env := os.Getenv(spectateEnv)
	if env == "" {
		t.Skip("run by TestWebLoadSpectators")
	}
	parts := strings.Split(env, ";")
	base, perGame := parts[0], 0
	perGame, _ = strconv.Atoi(parts[2])
	var out sync.Mutex
	say := func(format string, a ...any) {
		out.Lock()
		fmt.Fprintf(os.Stdout, format+"\n", a...)
		out.Unlock()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sc := streamClient()
	n := 0
	for _, pid := range strings.Split(parts[1], ",") {
		for range perGame {
			ch := make(chan arrival, 64)
			if err := stream(ctx, sc, base, pid, ch); err != nil {
				say("webload-failed %d %s", n, strings.ReplaceAll(err.Error(), " ", "_"))
				return
			}
			n++
			go func() {
				first := map[int]bool{}
				for a := range ch {
					if !first[a.Ply] {
						first[a.Ply] = true
						say("webload %d %d %d", a.Game, a.Ply, a.At.UnixNano())
					}
				}
				if ctx.Err() == nil {
					say("webload-ended %s", pid)
				}
			}()
		}
	}
	say("webload-open %d", n)
	_, _ = io.Copy(io.Discard, os.Stdin)
}
