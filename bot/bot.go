package bot

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/internal/keylock"
	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// Config is what a Bot needs. Table, Store, Posts, Variants and Session
// are required.
type Config struct {
	// Table is the game service the bot plays through, shared with the
	// process's other adapters; its maker closes it, after the bot.
	Table *table.Table
	Store *store.Store
	// Posts keeps where the bot's messages are (the boards, challenges
	// and tournaments it posted).
	Posts Posts
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
	// TaskInterval is how often due timers are looked for; 10 s when zero.
	TaskInterval time.Duration
	// TaskBatch is how many due timers are handled at most each time;
	// store.DefaultTaskBatch when zero.
	TaskBatch int
	// Shards is how many gateway shards the bot runs: 0 or 1 for one,
	// AutoShards for as many as Discord recommends.
	Shards int
	// ShardIDs are the shards of Shards this process runs, when several
	// processes share the bot's shards (and a PostgreSQL database); all of
	// them when empty. Only the process of shard 0 registers the commands.
	ShardIDs []int
	// AnswerBudget is how long after an interaction's creation the bot
	// waits for its handler's answer before it defers the answer (late.go);
	// a second when zero, and negative to defer every answer at once
	// (tests).
	AnswerBudget time.Duration
	// BusyHandlers is how many handlers going on at once make the bot
	// busy, when it defers every answer it can at once (late.go);
	// busyHandlers when zero, and negative for a bot always busy (tests).
	BusyHandlers int
	// Metrics records what the bot does; nil records nothing.
	Metrics *Metrics
}

// AutoShards, as Config.Shards, runs as many shards as Discord recommends.
const AutoShards = -1

// Bot is zugbot on Discord. Make one with New and run it with Run.
type Bot struct {
	cfg      Config
	store    queries
	posts    Posts
	render   *render.Renderer
	variants map[string]*engine.Variant
	help     string // the text of /help
	// commands are the handlers of the slash commands, by name.
	commands map[string]command
	log      *slog.Logger
	now      func() time.Time
	session  *discordgo.Session
	post     poster // the channel messages' calls, through session
	appID    string
	metrics  *Metrics
	live     LiveBoard // the web page that shows games live; nil when none
	activity bool      // boards launch the Activity (UseActivity)
	table    *table.Table
	// boards serialises the edits of each game's board message, and
	// tsteps the steps of each tournament.
	boards, tsteps keylock.Locks

	inflight sync.WaitGroup
	handling atomic.Int64 // handlers going on
	trackMu  sync.Mutex   // orders inflight.Add before a stop's Wait
	closing  atomic.Bool
	running  atomic.Bool  // the gateway shards have been opened
	down     atomic.Int32 // gateway shards not connected
	seen     seenSet      // interaction IDs already handled
}

// New returns a Bot for cfg.
func New(cfg Config) (*Bot, error) {
	if cfg.Table == nil || cfg.Store == nil || cfg.Posts == nil || cfg.Session == nil || len(cfg.Variants) == 0 {
		return nil, errors.New("bot: Table, Store, Posts, Session and Variants are required")
	}
	b := &Bot{
		cfg:      cfg,
		store:    cfg.Store,
		posts:    cfg.Posts,
		render:   cfg.Renderer,
		variants: map[string]*engine.Variant{},
		log:      cfg.Logger,
		now:      cfg.Now,
		session:  cfg.Session,
		post:     sessionPoster{cfg.Session},
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
	b.commands = map[string]command{}
	for _, c := range commandList(b.cfg.Menu) {
		b.commands[c.def.Name] = c
	}
	if b.render == nil {
		b.render = render.New()
	}
	if c := cfg.Session.Client; c != nil {
		next := c.Transport
		if next == nil {
			next = http.DefaultTransport
		}
		c.Transport = &retryTransport{next: next, tries: 3, wait: 250 * time.Millisecond}
	}
	if b.log == nil {
		b.log = slog.Default()
	}
	if b.now == nil {
		b.now = time.Now
	}
	b.table = cfg.Table
	if b.cfg.TaskInterval == 0 {
		b.cfg.TaskInterval = 10 * time.Second
	}
	if b.cfg.TaskBatch == 0 {
		b.cfg.TaskBatch = store.DefaultTaskBatch
	}
	return b, nil
}

// Connected reports whether the gateway connection is up.
func (b *Bot) Connected() bool { return b.down.Load() == 0 && b.running.Load() }

// Run connects to Discord, registers the commands, lets the AI move in the
// games that wait for it, answers interactions and fires due timers until
// ctx is done; then it stops taking interactions, lets those in flight
// finish (for up to drain: their work is not cancelled by ctx) and
// disconnects. Stopping is not an error, even before the commands are
// registered.
func (b *Bot) Run(ctx context.Context, drain time.Duration) error {
	// work is the context of the bot's own work: it outlives ctx by up to
	// drain, so that what is in flight at a stop can finish.
	work, stopWork := context.WithCancel(table.WithSource(context.WithoutCancel(ctx), Source))
	defer stopWork()
	// The commands are registered (over REST) before the gateway opens: a
	// configuration that Discord refuses stops here, before an IDENTIFY,
	// which Discord counts (1,000 a day) and a restart loop would burn.
	if err := b.register(ctx); err != nil {
		if ctx.Err() != nil {
			return nil // told to stop before it was ready: a clean stop all the same
		}
		return err
	}
	shards, err := b.shards(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	b.down.Store(int32(len(shards)))
	for _, s := range shards {
		s.Identify.Intents = discordgo.IntentsGuilds
		var up atomic.Bool // this shard's connection
		set := func(v bool) {
			if up.Swap(v) != v {
				if v {
					b.down.Add(-1)
				} else {
					b.down.Add(1)
				}
			}
		}
		defer s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Connect) { set(true) })()
		defer s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) { set(false) })()
		defer s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { set(true) })()
		defer s.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { b.handle(work, i) })()
		defer s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildDelete) { b.removed(work, g) })()
		defer s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) { b.invited(work, g) })()
		defer s.AddHandler(func(_ *discordgo.Session, c *discordgo.ChannelDelete) { b.channelDeleted(work, c) })()
		if err := s.Open(); err != nil {
			return fmt.Errorf("connect to Discord (shard %d of %d): %w", s.ShardID, s.ShardCount, err)
		}
		set(true)
		defer func() {
			set(false)
			if err := s.Close(); err != nil {
				b.log.Warn("closing the gateway", "shard", s.ShardID, "err", err)
			}
		}()
	}
	// The timers run in the service's loop, announced here. Its first
	// sweep is planned before the bot says it is ready; the time the bot
	// was down is not charged to live games' players.
	timersReady, timersDone := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(timersDone)
		opt := b.timerOptions()
		opt.Work = work // a sweep under way at a stop finishes
		b.table.RunTimers(ctx, b, opt, func() { close(timersReady) })
	}()
	defer func() { stopWork(); <-timersDone }()
	select {
	case <-timersReady:
	case <-ctx.Done():
		return nil
	}
	b.running.Store(true)
	defer b.running.Store(false)
	b.log.Info("zugbot is ready", "user", b.appID, "guild", b.cfg.GuildID, "shards", len(shards))

	b.goTracked(func() { b.redrawBoards(work) })
	ids := make([]int, len(shards))
	for i, s := range shards {
		ids[i] = s.ShardID
	}
	followed := make(chan struct{})
	go func() {
		defer close(followed)
		b.followChanges(work, ids, shards[0].ShardCount)
	}()
	defer func() { stopWork(); <-followed }()
	<-ctx.Done()
	b.trackMu.Lock()
	b.closing.Store(true) // no new work is tracked from here on
	b.trackMu.Unlock()
	done := make(chan struct{})
	go func() { b.inflight.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(drain):
		// An AI still thinking is abandoned: its game's reply is
		// resumed at the next start (the table resumes them, see table.RunTimers).
		b.log.Warn("stopping with work still in flight", "waited", drain)
	}
	return nil
}

// shards returns the gateway sessions to open: Config.Shards of them, or
// as many as Discord recommends (GET /gateway/bot) when it is AutoShards.
// The first is the bot's own session, which also makes every REST call;
// the others share its token and HTTP client. Discord requires sharding
// past 2,500 servers (https://discord.com/developers/docs/events/gateway#sharding):
// each shard receives the servers with (server ID >> 22) % shards equal to
// its number, and shard 0 the direct messages.
func (b *Bot) shards(ctx context.Context) ([]*discordgo.Session, error) {
	n := b.cfg.Shards
	if n == AutoShards {
		gb, err := b.session.GatewayBot(discordgo.WithContext(ctx))
		if err != nil {
			return nil, fmt.Errorf("ask Discord how many shards: %w", err)
		}
		n = max(gb.Shards, 1)
	}
	n = max(n, 1)
	ids := b.cfg.ShardIDs
	if len(ids) == 0 {
		for i := range n {
			ids = append(ids, i)
		}
	}
	var sessions []*discordgo.Session
	for _, id := range ids {
		if id < 0 || id >= n {
			return nil, fmt.Errorf("shard %d is not one of the %d shards", id, n)
		}
		s := b.session
		if len(sessions) > 0 {
			var err error
			if s, err = discordgo.New(b.session.Token); err != nil {
				return nil, err
			}
			s.Client, s.UserAgent = b.session.Client, b.session.UserAgent
		}
		s.ShardID, s.ShardCount = id, n
		sessions = append(sessions, s)
	}
	return sessions, nil
}

// registers reports whether this process registers the commands: the one
// that runs shard 0, so that processes sharing the shards do it once.
func (b *Bot) registers() bool {
	return len(b.cfg.ShardIDs) == 0 || slices.Contains(b.cfg.ShardIDs, 0)
}

// redrawBoards brings up to date the board messages that are behind
// their games, and pings their players to move: the process died (or a
// board edit failed) between a change the store recorded and the edit of
// its board, or the bot missed changes made elsewhere (a Resync). The
// posts know what each board shows (SetDrawn) and whose turn was pinged
// (notifyTurn pings a turn once); an edit that would show an older state
// than the game's is skipped by editBoard, so this may run alongside the
// interactions and the changes followed.
func (b *Bot) redrawBoards(ctx context.Context) {
	b.eachGame(ctx, "the boards behind their games", b.posts.StaleBoards, func(id int64) {
		st, err := b.store.Load(ctx, id)
		if err != nil {
			b.log.Error("a board behind its game", "game", id, "err", err)
			return
		}
		note := ""
		if !st.Game.Over() {
			note = lastMoveNote(&st) // the move the board missed
		}
		if err := b.editBoard(ctx, &st, boardView{note: note, replay: st.Game.Over()}); err != nil {
			b.log.Warn("could not redraw a board behind its game", "game", id, "err", err)
			return
		}
		b.log.Info("redrew a board behind its game", "game", id, "ply", st.Game.Ply)
		if err := b.notifyTurn(ctx, &st, note); err != nil {
			b.degraded("ping the player to move after catching up", id, err)
		}
	})
}

// register finds the application's ID and overwrites its commands: those
// of the server Config.GuildID, or the global ones. The other set is left
// as it is (see Unregister). A refusal that retrying cannot mend (a bad
// token, a server the bot is not in) is returned at once, explained;
// anything else is tried again with growing waits until ctx ends.
func (b *Bot) register(ctx context.Context) error {
	wait := time.Second
	for {
		err := b.registerOnce(ctx)
		if err == nil || ctx.Err() != nil {
			return err
		}
		if why := configError(err, b.cfg.GuildID); why != "" {
			return ConfigError{why}
		}
		b.log.Warn("registering the commands failed; trying again", "in", wait, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, time.Minute)
	}
}

func (b *Bot) registerOnce(ctx context.Context) error {
	app, err := currentApplication(ctx, b.session)
	if err != nil {
		return err
	}
	b.appID = app.ID
	if !b.registers() {
		b.log.Info("the commands are registered by the process that runs shard 0", "shards", b.cfg.ShardIDs)
		return nil
	}
	cmds := Commands(b.cfg.Menu)
	if b.cfg.GuildID != "" {
		for _, c := range cmds {
			c.Contexts = nil // guild commands cannot set contexts; they work in that server only
		}
	}
	if b.cfg.GuildID == "" {
		err = overwriteGlobal(ctx, b.session, b.appID, cmds) // the Activity's entry point command stays
	} else {
		_, err = b.session.ApplicationCommandBulkOverwrite(b.appID, b.cfg.GuildID, cmds, discordgo.WithContext(ctx))
	}
	if err != nil {
		return fmt.Errorf("register %d commands: %w", len(cmds), err)
	}
	where := "globally (they can take a while to appear everywhere); the commands of single servers are left as they are"
	if b.cfg.GuildID != "" {
		where = "to server " + b.cfg.GuildID + "; the global commands are left as they are"
	}
	b.log.Info("commands registered "+where, "commands", len(cmds))
	return nil
}

// Unregister removes the application's slash commands: those of server
// guild, or the global ones when guild is empty.
func Unregister(ctx context.Context, s *discordgo.Session, guild string) error {
	app, err := currentApplication(ctx, s)
	if err != nil {
		return err
	}
	if guild == "" {
		err = overwriteGlobal(ctx, s, app.ID, nil) // the Activity's entry point command stays
	} else {
		_, err = s.ApplicationCommandBulkOverwrite(app.ID, guild, []*discordgo.ApplicationCommand{}, discordgo.WithContext(ctx))
	}
	if err != nil {
		if why := configError(err, guild); why != "" {
			return ConfigError{why}
		}
		return fmt.Errorf("remove the commands: %w", err)
	}
	return nil
}

// currentApplication asks Discord for the bot's application, whose ID
// registers commands (for old applications it differs from the bot user's
// ID): https://discord.com/developers/docs/resources/application#get-current-application.
// discordgo v0.29.0 has no call for it.
func currentApplication(ctx context.Context, s *discordgo.Session) (*discordgo.Application, error) {
	body, err := s.RequestWithBucketID(http.MethodGet, discordgo.EndpointApplication("@me"), nil, discordgo.EndpointApplication(""), discordgo.WithContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("who am I: %w", err)
	}
	var app discordgo.Application
	if err := json.Unmarshal(body, &app); err != nil {
		return nil, fmt.Errorf("who am I: %w", err)
	}
	return &app, nil
}

// ConfigError is Discord's refusal of the bot's configuration (its token,
// or the server it is told to register to), which no retry can mend: the
// bot stops, and a service manager should not restart it.
type ConfigError struct{ why string }

func (e ConfigError) Error() string { return e.why }

// configError explains a refusal from Discord that no retry can mend, in
// one line for the operator, or returns "" for one that may pass.
func configError(err error, guild string) string {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil {
		return ""
	}
	code := 0
	if rest.Message != nil {
		code = rest.Message.Code
	}
	switch {
	case rest.Response.StatusCode == http.StatusUnauthorized:
		return "Discord refused the token (401 Unauthorized): check DISCORD_TOKEN (Developer Portal, your application, Bot, Reset Token)"
	case guild != "" && (code == discordgo.ErrCodeMissingAccess || code == discordgo.ErrCodeUnknownGuild):
		return fmt.Sprintf("the bot is not in the server ZUGBOT_GUILD=%s (Discord: %d); invite it there (README, Run your own bot) or unset ZUGBOT_GUILD", guild, code)
	case rest.Response.StatusCode == http.StatusForbidden || rest.Response.StatusCode == http.StatusNotFound:
		return fmt.Sprintf("Discord refused to register the commands (%s): %v", rest.Response.Status, err)
	}
	return ""
}

// track counts a piece of work in flight, which a stop waits for (up to
// its drain), and reports false once the bot is stopping: then nothing new
// starts. The caller calls inflight.Done when the work ends.
func (b *Bot) track() bool {
	b.trackMu.Lock()
	defer b.trackMu.Unlock()
	if b.closing.Load() {
		return false
	}
	b.inflight.Add(1)
	return true
}

// goTracked runs f on its own goroutine as tracked work, unless the bot is
// stopping.
func (b *Bot) goTracked(f func()) {
	if !b.track() {
		return
	}
	go func() {
		defer b.inflight.Done()
		f()
	}()
}

// handle answers one interaction. discordgo calls it on its own goroutine.
func (b *Bot) handle(ctx context.Context, ic *discordgo.InteractionCreate) {
	if !b.track() {
		r := b.newRequest(ctx, ic)
		_ = r.fail(userErrorf("zugbot is restarting; try again in a few seconds"))
		return
	}
	defer b.inflight.Done()
	if !b.seen.add(ic.ID) {
		b.log.Info("interaction delivered twice; ignored", "id", ic.ID)
		return
	}
	start := time.Now()
	if created, err := discordgo.SnowflakeTimestamp(ic.ID); err == nil {
		b.metrics.arrived(start.Sub(created))
	}
	busy := b.handling.Add(1) > int64(cmp.Or(b.cfg.BusyHandlers, busyHandlers))
	defer b.handling.Add(-1)
	r := b.newRequest(ctx, ic)
	handled := func() {}
	if r.undeferrable() {
		// Its reads skip the line of the other handlers' (store.Urgent).
		r.ctx = store.Urgent(r.ctx)
	} else {
		budget := cmp.Or(b.cfg.AnswerBudget, answerBudget)
		if busy {
			budget = -1 // deferred at once, before the handler's work
		}
		handled = r.guardLate(budget)
	}
	name := "unknown"
	err := recovered(func() error {
		name = r.route()
		return r.dispatch()
	})
	if err != nil {
		err = r.fail(err)
	}
	handled()
	for _, f := range r.afterwards {
		f()
	}
	r.reportProblems()
	outcome := "ok"
	var ue *userError
	var pe *panicError
	switch {
	case errors.As(err, &ue):
		outcome = "refused"
	case errors.As(err, &pe):
		outcome = "panic"
		b.log.Error("interaction panicked", "route", name, "user", r.user.ID, "panic", pe.value, "stack", pe.stack)
	case err != nil:
		outcome = "error"
		b.log.Error("interaction failed", "route", name, "user", r.user.ID, "err", err)
	}
	if outcome != "ok" && outcome != "refused" {
		b.metrics.failed(err)
	}
	b.metrics.interaction(name, outcome, time.Since(start))
}

// recovered runs f, turning a panic into a *panicError: one bad payload
// never takes the bot down.
func recovered(f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &panicError{value: v, stack: string(debug.Stack())}
		}
	}()
	return f()
}

// panicError is a panic recovered in a handler.
type panicError struct {
	value any
	stack string
}

func (e *panicError) Error() string { return fmt.Sprintf("panic: %v", e.value) }

// userError is a refusal meant for the person who asked: it is shown to
// them alone, and nothing was changed.
type userError = table.Refusal

func userErrorf(format string, args ...any) error { return table.Refusef(format, args...) }

// refusalText words refusal r for Discord: the service's plain text, and
// for some the command or button that helps.
func refusalText(r *userError) string {
	switch r.Reason {
	case table.SelfChallenge:
		return r.Error() + " Play zugbot with /play, or leave out the opponent to challenge anyone here."
	case table.BotChallenge:
		return r.Error() + " To play zugbot, use /play."
	case table.ChallengeExpired:
		return r.Error() + " Ask for a new one with /challenge."
	case table.BadStartDelay:
		return fmt.Sprintf("Start the tournament in 1 to %d minutes, or leave out start and start it with the button.", r.Limit)
	case table.TournamentClosed:
		return fmt.Sprintf("Tournament #%d does not allow that now; /tournament standings shows where it stands.", r.Tournament)
	}
	return r.Error()
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

// queries are the bot's reads of the store: a read-only view. Every change
// goes through the game service (table).
type queries interface {
	Game(ctx context.Context, id int64) (store.Game, error)
	Load(ctx context.Context, id int64) (store.State, error)
	Games(ctx context.Context, q store.GameQuery) ([]store.Game, error)
	AIGames(ctx context.Context) ([]int64, error)
	Tournament(ctx context.Context, id int64) (store.Tournament, error)
	Challenge(ctx context.Context, id int64) (store.Challenge, error)
	ChannelTournament(ctx context.Context, channel string) (store.Tournament, error)
	Rating(ctx context.Context, player, variant string) (store.Rating, error)
	Leaderboard(ctx context.Context, q store.LeaderboardQuery) ([]store.Standing, error)
	Profile(ctx context.Context, player string, recent int) (store.Profile, error)
	HeadToHead(ctx context.Context, a, b, variant string, recent int) (store.HeadToHead, error)
	Analysis(ctx context.Context, id int64) ([]byte, error)
	MinRatedGames() int
}
