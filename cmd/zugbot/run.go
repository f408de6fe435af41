package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/zugbot/zugbot/bot"
	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/think"
	"github.com/zugbot/zugbot/web"
)

// drainTime bounds how long a stopping bot waits for interactions in flight.
const drainTime = 15 * time.Second

// runBot runs the Discord bot until ctx ends (SIGINT or SIGTERM).
func runBot(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := loadConfig(args, getenv, stdout)
	if err != nil {
		return err
	}
	log := newLogger(stderr, cfg)
	log.Info("starting zugbot", "version", versionLine(), "config", cfg)
	metricsLn, err := setUp(cfg)
	if err != nil {
		return err
	}
	if metricsLn != nil {
		defer metricsLn.Close()
	}
	if !store.IsPostgres(cfg.DB) { // a SQLite file: one zugbot at a time
		if err := checkDBPath(cfg.DB); err != nil {
			return err
		}
		unlock, err := lockDB(cfg.DB)
		if err != nil {
			return err
		}
		defer unlock()
	}
	st, err := store.Open(ctx, cfg.DB, store.Options{Variants: games.All()})
	if err != nil {
		return err
	}
	defer func() {
		if err := st.Close(); err != nil {
			log.Error("closing the database", "err", err)
		}
	}()

	s, err := newSession(cfg)
	if err != nil {
		return err
	}

	reg := prometheus.NewRegistry()
	var metrics *bot.Metrics
	if cfg.MetricsAddr != "" {
		reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
		metrics = bot.NewMetrics(reg)
		reg.MustRegister(activeGames(st), prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "zugbot_db_write_retries_total", Help: "Writes run again after PostgreSQL refused them for clashing with another.",
		}, func() float64 { return float64(st.WriteRetries()) }))
	}
	// The game service, which the bot and the live board share; its AI
	// replies stop after both.
	pool := think.New(think.Config{Workers: cfg.AIWorkers, Queued: metrics.AIQueued, Waited: metrics.AIWaited})
	tab, err := table.New(table.Config{Store: st, Variants: games.All(), Thinker: pool, Log: log, Thought: metrics.AIThought,
		MinePuzzles: true})
	if err != nil {
		return err
	}
	defer tab.Close()
	b, err := bot.New(bot.Config{Table: tab, Store: st, Posts: st, Variants: games.All(), Menu: games.Listed(), Session: s, GuildID: cfg.Guild, Shards: cfg.Shards, ShardIDs: cfg.ShardIDs, Logger: log, Metrics: metrics})
	if err != nil {
		return err
	}
	if store.IsPostgres(cfg.DB) {
		// The changes the other processes on the database make reach this
		// one's feed: its live board, and its boards on Discord.
		lctx, stopListening := context.WithCancel(ctx)
		listened := make(chan struct{})
		go func() {
			defer close(listened)
			l := feed.Listener{URL: st.URL(), Bus: tab.Feed(), Origin: tab.Origin(), Logger: log}
			if err := l.Run(lctx); err != nil {
				log.Error("listening to the other processes' changes", "err", err)
			}
		}()
		defer func() { stopListening(); <-listened }()
	}
	if cfg.WebAddr != "" {
		act, err := activityConfig(ctx, s, st, cfg)
		if err != nil {
			return err
		}
		stop, err := serveLiveBoard(b, tab, st, cfg, act, log)
		if err != nil {
			return err
		}
		defer stop()
	}
	if cfg.MetricsAddr != "" {
		srv := serveMetrics(metricsLn, reg, health(b, st), log)
		defer func() {
			sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			srv.Shutdown(sctx)
		}()
	}
	if err := b.Run(ctx, drainTime); err != nil {
		var ce bot.ConfigError
		if errors.As(err, &ce) {
			return usageError{ce.Error()} // exit 2: a restart cannot mend it
		}
		return err
	}
	log.Info("zugbot stopped")
	return nil
}

// setUp readies a process that thinks the AI's moves (zugbot run, zugbot
// worker) from cfg: its Ps and memory limit, and its metrics listener, if
// any, taken first so that an address in use is reported before anything
// is created.
func setUp(cfg config) (metrics net.Listener, err error) {
	sparePs(cfg.AIWorkers)
	limitMemory()
	if cfg.MetricsAddr == "" {
		return nil, nil
	}
	if metrics, err = net.Listen("tcp", cfg.MetricsAddr); err != nil {
		return nil, fmt.Errorf("ZUGBOT_METRICS_ADDR %s: %w", cfg.MetricsAddr, err)
	}
	return metrics, nil
}

// sparePs gives Go's scheduler a P (a right to run Go code) for each of
// the AI's workers, workers (0: the number of CPUs), beside those it has
// for the machine's cores. The AI thinks on threads of a lower priority
// (think's niced), which then never hold the Ps the handlers need: a
// handler never waits for Go's scheduler behind a search, and the kernel,
// which shares the cores, runs the handlers' threads first.
func sparePs(workers int) {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + workers)
}

// memoryLimit is the Go runtime's soft memory limit in the bot and its
// workers, unless GOMEMLIMIT gives another: the garbage collector works
// harder as the heap nears it, instead of letting it grow to twice what
// is live (GOGC's 100%) between collections, which took the bot's peak
// RSS to 276-300 MB at 300 games. A soft limit: past it, the heap grows
// rather than the collector running without end.
const memoryLimit = 220 << 20

// limitMemory sets memoryLimit, unless GOMEMLIMIT is set.
func limitMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}

// discordIdleConns is how many idle connections to Discord's API the bot
// keeps for its next requests.
const discordIdleConns = 64

// newSession returns a Discord session for cfg's token and API URL.
func newSession(cfg config) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("discord session: %w", err)
	}
	// Go keeps 2 idle connections to a host by default: with a crowd's
	// requests in flight, every one beyond them would open a connection
	// of its own (and, to Discord, a TLS session) and close it after.
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = discordIdleConns
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: t}
	if cfg.APIURL != "" {
		s.Client.Transport = rewriteAPI(cfg.APIURL, t)
	}
	s.UserAgent = "DiscordBot (https://github.com/zugbot/zugbot, 1.0)"
	return s, nil
}

// runUnregister removes the bot's slash commands: those of the server
// ZUGBOT_GUILD names, or the global ones. Registering to a server leaves
// the global commands alone and the other way round, so a server that saw
// both while testing shows each command twice until one set is removed.
func runUnregister(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := loadConfigFor("unregister", "remove the bot's slash commands from the server -guild names, or the global ones",
		[]string{"token", "guild", "api-url"}, nil, args, getenv, stdout)
	if err != nil {
		return err
	}
	s, err := newSession(cfg)
	if err != nil {
		return err
	}
	if err := bot.Unregister(ctx, s, cfg.Guild); err != nil {
		return err
	}
	if cfg.Guild != "" {
		fmt.Fprintf(stdout, "removed zugbot's commands from server %s\n", cfg.Guild)
	} else {
		fmt.Fprintln(stdout, "removed zugbot's global commands")
	}
	return nil
}

// newLogger returns the structured logger the configuration asks for.
func newLogger(w io.Writer, cfg config) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogJSON {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// rewriteAPI returns a transport that sends the requests discordgo makes to
// Discord's API to the base URL instead (discordgo's endpoints are fixed
// package variables, which zugbot leaves alone).
func rewriteAPI(base string, next http.RoundTripper) http.RoundTripper {
	return roundTripper(func(req *http.Request) (*http.Response, error) {
		u := req.URL.String()
		if rest, ok := strings.CutPrefix(u, strings.TrimSuffix(discordgo.EndpointAPI, "/")); ok {
			nu, err := req.URL.Parse(base + rest)
			if err != nil {
				return nil, fmt.Errorf("DISCORD_API_URL: %w", err)
			}
			req = req.Clone(req.Context())
			req.URL, req.Host = nu, nu.Host
		}
		return next.RoundTrip(req)
	})
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// health reports whether the gateway is connected and the database takes
// writes.
func health(b *bot.Bot, st *store.Store) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
		defer cancel()
		var problems []string
		if !b.Connected() {
			problems = append(problems, "gateway: not connected")
		}
		if err := st.Ping(ctx); err != nil {
			problems = append(problems, err.Error())
		}
		if len(problems) > 0 {
			http.Error(w, strings.Join(problems, "\n"), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ok")
	}
}

// serveMetrics serves /metrics, /healthz and Go's profiles on ln in the background.
func serveMetrics(ln net.Listener, reg *prometheus.Registry, healthz http.Handler, log *slog.Logger) *http.Server {
	// The mutex and block profiles sample 1 in 100 contended locks and a
	// blocking event per millisecond blocked: enough to see where the
	// handlers wait, at a cost too small to measure.
	runtime.SetMutexProfileFraction(100)
	runtime.SetBlockProfileRate(int(time.Millisecond))
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	mux.Handle("GET /healthz", healthz)
	// Go's profiles, for finding what a busy bot spends its time and
	// memory on: go tool pprof http://ADDR/debug/pprof/profile.
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics server", "err", err)
		}
	}()
	log.Info("serving /metrics, /healthz and /debug/pprof/", "addr", ln.Addr().String())
	return srv
}

// activeGames is a gauge of the games going on, read from the database at
// each scrape.
func activeGames(st *store.Store) prometheus.Collector {
	return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "zugbot_active_games", Help: "Games going on."}, func() float64 {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		n, err := st.ActiveGames(ctx)
		if err != nil {
			return -1
		}
		return float64(n)
	})
}

// serveLiveBoard serves the live board (package web) on cfg.WebAddr, over
// the game service tab that the bot shares, and gives the bot its links. Its signing key
// is drawn anew at each start (the links it gives open within minutes);
// its sessions are kept in the store, so a restart leaves the players'
// pages theirs. With act, it serves the board inside Discord too, as an
// Activity. It returns what stops it.
func serveLiveBoard(b *bot.Bot, tab *table.Table, st *store.Store, cfg config, act *web.ActivityConfig, log *slog.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", cfg.WebAddr)
	if err != nil {
		return nil, usagef("ZUGBOT_WEB_ADDR %s: %v", cfg.WebAddr, err)
	}
	public := cfg.PublicURL
	if public == "" {
		public = "http://" + ln.Addr().String()
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("a key for the live board's links: %w", err)
	}
	ws, err := web.New(web.Config{Table: tab, Sessions: st, Key: key, PublicURL: public, Log: log, Activity: act})
	if err != nil {
		return nil, err
	}
	b.UseLiveBoard(ws)
	if act != nil {
		b.UseActivity()
	}
	srv := ws.HTTPServer(cfg.WebAddr)
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("the live board", "err", err)
		}
	}()
	log.Info("serving the live board", "addr", ln.Addr().String(), "url", public)
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := ws.Shutdown(ctx); err != nil {
			log.Warn("stopping the live board", "err", err)
		}
	}, nil
}
