package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/store"
)

// Config is what a Bot needs. Store, Variants and Session are required.
type Config struct {
	Store *store.Store
	// Variants are every variant the bot knows, as the store knows them.
	Variants []*engine.Variant
	// Menu are the variants the slash commands offer, in menu order; all
	// of Variants when nil.
	Menu []*engine.Variant
	// Session is the Discord session, not yet opened.
	Session *discordgo.Session
	// GuildID, if set, registers the commands to that server only (they
	// update instantly, for testing); otherwise they are global.
	GuildID string
	// Renderer draws the boards; a new one when nil.
	Renderer *render.Renderer
	// Logger logs; slog.Default() when nil.
	Logger *slog.Logger
	// Now returns the time; time.Now when nil. It must agree with the store's.
	Now func() time.Time
	// Seed seeds colour draws and the AI's noise; random when zero.
	Seed uint64
	// AIThink caps the AI's time per move at every level (0: each level's
	// own budget). Tests set it low.
	AIThink time.Duration
	// TaskInterval is how often due timers are looked for; 10 s when zero.
	TaskInterval time.Duration
	// Metrics records what the bot does; nil records nothing.
	Metrics *Metrics
}

// Bot is zugbot on Discord. Make one with New and run it with Run.
type Bot struct {
	cfg      Config
	store    *store.Store
	render   *render.Renderer
	variants map[string]*engine.Variant
	help     string // the text of /help
	log      *slog.Logger
	now      func() time.Time
	s        *discordgo.Session
	appID    string
	metrics  *Metrics

	rngMu sync.Mutex
	rng   *rand.Rand

	inflight  sync.WaitGroup
	closing   atomic.Bool
	connected atomic.Bool
	seen      seenSet // interaction IDs already handled
	locks     gameLocks
}

// New returns a Bot for cfg.
func New(cfg Config) (*Bot, error) {
	if cfg.Store == nil || cfg.Session == nil || len(cfg.Variants) == 0 {
		return nil, errors.New("bot: Store, Session and Variants are required")
	}
	b := &Bot{
		cfg:      cfg,
		store:    cfg.Store,
		render:   cfg.Renderer,
		variants: map[string]*engine.Variant{},
		log:      cfg.Logger,
		now:      cfg.Now,
		s:        cfg.Session,
		metrics:  cfg.Metrics,
	}
	if b.cfg.Menu == nil {
		b.cfg.Menu = cfg.Variants
	}
	for _, v := range cfg.Variants {
		b.variants[v.ID] = v
	}
	for _, v := range b.cfg.Menu {
		if b.variants[v.ID] != v {
			return nil, fmt.Errorf("bot: the menu's %s is not among the Variants", v.ID)
		}
	}
	b.help = helpText(b.cfg.Menu)
	if b.render == nil {
		b.render = render.New()
	}
	if b.log == nil {
		b.log = slog.Default()
	}
	if b.now == nil {
		b.now = time.Now
	}
	seed := cfg.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	b.rng = rand.New(rand.NewPCG(seed, seed^0x7a756762))
	if b.cfg.TaskInterval == 0 {
		b.cfg.TaskInterval = 10 * time.Second
	}
	return b, nil
}

// Connected reports whether the gateway connection is up.
func (b *Bot) Connected() bool { return b.connected.Load() }

// Run connects to Discord, registers the commands, answers interactions and
// fires due timers until ctx is done; then it stops taking interactions,
// lets those in flight finish (for up to drain) and disconnects. Stopping
// is not an error, even before the commands are registered.
func (b *Bot) Run(ctx context.Context, drain time.Duration) error {
	s := b.s
	s.Identify.Intents = discordgo.IntentsGuilds
	defer s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Connect) { b.connected.Store(true) })()
	defer s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) { b.connected.Store(false) })()
	defer s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { b.connected.Store(true) })()
	defer s.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { b.handle(ctx, i) })()
	if err := s.Open(); err != nil {
		return fmt.Errorf("connect to Discord: %w", err)
	}
	b.connected.Store(true)
	defer func() {
		b.connected.Store(false)
		if err := s.Close(); err != nil {
			b.log.Warn("closing the gateway", "err", err)
		}
	}()
	if err := b.register(ctx); err != nil {
		if ctx.Err() != nil {
			return nil // told to stop before it was ready: a clean stop all the same
		}
		return err
	}
	b.log.Info("zugbot is ready", "user", b.appID, "guild", b.cfg.GuildID)

	tick := time.NewTicker(b.cfg.TaskInterval)
	defer tick.Stop()
	b.RunDue(ctx)
	for {
		select {
		case <-ctx.Done():
			b.closing.Store(true)
			done := make(chan struct{})
			go func() { b.inflight.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(drain):
				b.log.Warn("stopping with interactions still in flight", "waited", drain)
			}
			return nil
		case <-tick.C:
			b.RunDue(ctx)
		}
	}
}

// register finds the application's ID and overwrites its commands.
func (b *Bot) register(ctx context.Context) error {
	if u := b.s.State.User; u != nil {
		b.appID = u.ID
	} else {
		u, err := b.s.User("@me", discordgo.WithContext(ctx))
		if err != nil {
			return fmt.Errorf("who am I: %w", err)
		}
		b.appID = u.ID
	}
	cmds := Commands(b.cfg.Menu)
	if b.cfg.GuildID != "" {
		for _, c := range cmds {
			c.Contexts = nil // guild commands cannot set contexts; they work in that server only
		}
	}
	if _, err := b.s.ApplicationCommandBulkOverwrite(b.appID, b.cfg.GuildID, cmds, discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("register %d commands: %w", len(cmds), err)
	}
	return nil
}

// handle answers one interaction. discordgo calls it on its own goroutine.
func (b *Bot) handle(ctx context.Context, ic *discordgo.InteractionCreate) {
	if b.closing.Load() {
		r := b.newRequest(ctx, ic)
		_ = r.fail(userErrorf("zugbot is restarting; try again in a few seconds"))
		return
	}
	if !b.seen.add(ic.ID) {
		b.log.Info("interaction delivered twice; ignored", "id", ic.ID)
		return
	}
	b.inflight.Add(1)
	defer b.inflight.Done()
	start := time.Now()
	r := b.newRequest(ctx, ic)
	name := r.route()
	err := r.dispatch()
	if err != nil {
		err = r.fail(err)
	}
	outcome := "ok"
	var ue *userError
	switch {
	case errors.As(err, &ue):
		outcome = "refused"
	case err != nil:
		outcome = "error"
		b.log.Error("interaction failed", "route", name, "user", r.user.ID, "err", err)
	}
	if outcome == "error" {
		b.metrics.failed(err)
	}
	b.metrics.interaction(name, outcome, time.Since(start))
}

// userError is a refusal meant for the person who asked: it is shown to
// them alone, and nothing was changed.
type userError struct{ msg string }

func (e *userError) Error() string { return e.msg }

func userErrorf(format string, args ...any) error {
	return &userError{fmt.Sprintf(format, args...)}
}

// seenSet remembers the IDs of recent interactions, so that one delivered
// twice is handled once.
type seenSet struct {
	mu   sync.Mutex
	ids  map[string]bool
	ring [512]string
	next int
}

// add records id and reports whether it is new.
func (s *seenSet) add(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ids == nil {
		s.ids = map[string]bool{}
	}
	if s.ids[id] {
		return false
	}
	delete(s.ids, s.ring[s.next])
	s.ring[s.next] = id
	s.next = (s.next + 1) % len(s.ring)
	s.ids[id] = true
	return true
}

// gameLocks serialises the work on each game within this process, so that
// two clicks at once are handled one after the other; the store's ply check
// then refuses the second. (The store alone would already keep the data
// right; the lock keeps the second click from rendering a board first.)
type gameLocks struct {
	mu    sync.Mutex
	locks map[int64]*gameLock
}

type gameLock struct {
	mu    sync.Mutex
	users int
}

// lock locks game id and returns its unlock function.
func (g *gameLocks) lock(id int64) func() {
	g.mu.Lock()
	if g.locks == nil {
		g.locks = map[int64]*gameLock{}
	}
	l := g.locks[id]
	if l == nil {
		l = &gameLock{}
		g.locks[id] = l
	}
	l.users++
	g.mu.Unlock()
	l.mu.Lock()
	return func() {
		l.mu.Unlock()
		g.mu.Lock()
		if l.users--; l.users == 0 {
			delete(g.locks, id)
		}
		g.mu.Unlock()
	}
}

// rand returns a new random source for one task, seeded from the bot's.
func (b *Bot) rand() *rand.Rand {
	b.rngMu.Lock()
	defer b.rngMu.Unlock()
	return rand.New(rand.NewPCG(b.rng.Uint64(), b.rng.Uint64()))
}
