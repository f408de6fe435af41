package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/think"
)

// runWorker runs a zugbot worker until ctx ends (SIGINT or SIGTERM): a
// process, on this machine or another, that thinks the AI's replies for
// the bots sharing its PostgreSQL database (see table.RunWorker).
// workerConns is the connections a worker keeps to PostgreSQL besides one
// per AI worker (each records the moves it thought): its claims, its
// heartbeat and its health check, with one to spare.
const workerConns = 4

// workerSettings are the flags of the settings a worker reads.
var workerSettings = []string{"db", "db-password", "db-password-file", "ai-workers", "metrics-addr", "log-level", "log-format"}

func runWorker(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := loadConfigFor("worker", "think the AI's replies for the bots sharing a PostgreSQL database", workerSettings, nil, args, getenv, stdout)
	if err != nil {
		return err
	}
	if !store.IsPostgres(cfg.DB) {
		return usagef("ZUGBOT_DB %s is a SQLite file: a worker needs the PostgreSQL database its bots use (on a SQLite file the bot thinks its AI's moves itself)", cfg.DB)
	}
	log := newLogger(stderr, cfg)
	metricsLn, err := setUp(cfg)
	if err != nil {
		return err
	}
	if metricsLn != nil {
		defer metricsLn.Close()
	}
	st, err := store.Open(ctx, cfg.DB, store.Options{Variants: games.All(), Readers: cmp.Or(cfg.AIWorkers, runtime.NumCPU()) + workerConns})
	if err != nil {
		return err
	}
	defer func() {
		if err := st.Close(); err != nil {
			log.Error("closing the database", "err", err)
		}
	}()
	pool := think.New(think.Config{Workers: cfg.AIWorkers})
	tab, err := table.New(table.Config{Store: st, Variants: games.All(), Thinker: pool, Log: log})
	if err != nil {
		return err
	}
	defer tab.Close() // its AI replies, before the database closes
	if metricsLn != nil {
		// The process's own metrics, its health (the database answers) and
		// Go's profiles, as the bot serves them.
		reg := prometheus.NewRegistry()
		reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
		healthz := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if err := st.Ping(r.Context()); err != nil {
				http.Error(w, err.Error(), http.StatusServiceUnavailable)
				return
			}
			fmt.Fprintln(w, "ok")
		})
		srv := serveMetrics(metricsLn, reg, healthz, log)
		defer func() {
			sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			srv.Shutdown(sctx)
		}()
	}
	// The bots' changes wake the worker: a person's move asks for a reply.
	lctx, stopListening := context.WithCancel(context.WithoutCancel(ctx))
	listened := make(chan struct{})
	go func() {
		defer close(listened)
		l := feed.Listener{URL: st.URL(), Bus: tab.Feed(), Origin: tab.Origin(), Logger: log}
		if err := l.Run(lctx); err != nil {
			log.Error("listening to the bots' changes", "err", err)
		}
	}()
	defer func() { stopListening(); <-listened }()
	host, _ := os.Hostname()
	name := fmt.Sprintf("%s-%d", host, os.Getpid())
	log.Info("zugbot worker thinking the AI's replies", "version", versionLine(), "name", name, "config", cfg)
	if err := tab.RunWorker(ctx, name); err != nil {
		return err
	}
	log.Info("zugbot worker stopped", "name", name)
	return nil
}
