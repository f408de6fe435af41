package bot

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// Source is the name under which the bot's calls into the game service
// come (see table.WithSource): the changes the bot shows itself.
const Source = "discord"

// A LiveBoard is the web page that shows a game live (package web): the
// bot hands out its links.
type LiveBoard interface {
	// Link returns a private link that lets user play game g for ttl.
	Link(g *store.Game, user string, ttl time.Duration) (string, error)
	// GameURL returns the address of game g's page, by its public id: its
	// watch link.
	GameURL(g *store.Game) string
	// Watching reports whether user has game's live board open as its
	// player: the page shows them each move, so they are not pinged.
	Watching(game int64, user string) bool
	// PlayerURL returns the address of player's page, and LeaderboardURL
	// that of guild's leaderboards (everyone's for ""): /profile and
	// /leaderboard link to them.
	PlayerURL(ctx context.Context, player string) (string, error)
	LeaderboardURL(ctx context.Context, guild string) (string, error)
}

// linkTTL is how long a player's private link to the live board opens
// the page: long enough to click it, short enough that a link copied
// later is of no use.
const linkTTL = 15 * time.Minute

// UseLiveBoard makes every board carry a Live board button, which gives a
// player a private link to play on the web page, and anyone else its
// spectators' address. Call it before Run.
func (b *Bot) UseLiveBoard(w LiveBoard) { b.live = w }

// liveBoard answers the Live board button of a game (see liveLink).
func (r *request) liveBoard(a action) error { return r.liveLink(&r.game.Game) }

// liveLink answers, privately, with game g's live board, for the Live
// board button and /board live: a player gets a link that signs them in
// to play (it opens once, within linkTTL), anyone else the address to
// watch.
func (r *request) liveLink(g *store.Game) error {
	b := r.b
	if b.live == nil {
		return userErrorf("This zugbot serves no live board.")
	}
	if _, player := g.SideOf(r.user.ID); !player {
		return r.privately(message{content: fmt.Sprintf("Watch game #%d live: %s", g.ID, b.live.GameURL(g))})
	}
	link, err := b.live.Link(g, r.user.ID, linkTTL)
	if err != nil {
		return fmt.Errorf("a live board link for game %d: %w", g.ID, err)
	}
	watch := "only its players may open its page"
	if table.Watchable(g) {
		watch = "anyone with this address may watch: " + b.live.GameURL(g)
	}
	return r.privately(message{content: fmt.Sprintf("Your live board for game #%d, for you alone: %s (it opens once, within %s; %s)",
		g.ID, link, table.DurationText(linkTTL), watch)})
}

// followChanges shows on Discord the changes made to its games elsewhere
// (through another adapter, or another process's), as if they were made
// here: the board redrawn with what happened, and the player to move
// pinged after a move (the AI's replies among them, but those that an
// answer here awaited and showed); a game started elsewhere in one of its
// channels gets its board there; a tournament's sign-up message and a
// challenge's message follow their steps. The bot's own changes it shows
// as it makes them, and a game of a server another process serves is that
// process's.
//
// Each game (tournament, challenge) is followed on a goroutine of its
// own, its changes in order, so that a game whose board is slow to edit
// holds up no other; at most maxFollowing are shown at once, and while
// they all wait on Discord the changes wait in the subscription. One that
// overflows it brings a Resync: the boards behind their games are
// redrawn and their players to move pinged, once a turn (see catchUp). It
// ends with ctx, once what it was showing is done.
func (b *Bot) followChanges(ctx context.Context, shards []int, count int) {
	sub := b.table.Feed().Subscribe(feed.Filter{})
	defer sub.Close()
	f := &follower{b: b, ctx: ctx, shards: shards, count: count, slots: make(chan struct{}, maxFollowing), queues: map[subject][]feed.Change{}}
	defer f.wg.Wait()
	for {
		select {
		case <-ctx.Done():
			return
		case c, ok := <-sub.C:
			if !ok {
				return
			}
			switch {
			case c.Kind == feed.Resync:
				f.catchUp()
			case c.Source == Source:
				// shown here already
			default:
				f.add(c)
			}
		}
	}
}

// maxFollowing bounds the games (tournaments, challenges) whose changes
// made elsewhere are shown at once.
const maxFollowing = 8

// maxQueued bounds the changes of one game waiting to be shown; past it,
// the game is shown as it is then, once (its changes would only redraw
// the same board).
const maxQueued = 8

// subject is what a change is about: a game, a tournament or a challenge.
type subject struct{ game, tournament, challenge int64 }

// subjectOf returns what c is about: its game, if any.
func subjectOf(c feed.Change) subject {
	switch {
	case c.Game != 0:
		return subject{game: c.Game}
	case c.Tournament != 0:
		return subject{tournament: c.Tournament}
	}
	return subject{challenge: c.Challenge}
}

// follower shows the changes made elsewhere, each subject's on a
// goroutine of its own (see followChanges).
type follower struct {
	b             *Bot
	ctx           context.Context
	shards        []int
	count         int
	slots         chan struct{} // one per subject being shown
	wg            sync.WaitGroup
	mu            sync.Mutex
	queues        map[subject][]feed.Change // by subject being shown, what is still to show
	catching, due bool                      // a catch-up runs; another is due after it
}

// add shows c after the changes of its subject still to show, on the
// subject's goroutine, started if need be: add waits for a slot then.
func (f *follower) add(c feed.Change) {
	k := subjectOf(c)
	f.mu.Lock()
	q, going := f.queues[k]
	if len(q) >= maxQueued {
		// Show the game as it is then, once.
		q, c = q[:0], feed.Change{Game: c.Game, Tournament: c.Tournament, Challenge: c.Challenge, Kind: feed.Resync}
	}
	f.queues[k] = append(q, c)
	f.mu.Unlock()
	if going {
		return
	}
	select {
	case f.slots <- struct{}{}:
	case <-f.ctx.Done():
		return
	}
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		defer func() { <-f.slots }()
		for {
			f.mu.Lock()
			q := f.queues[k]
			if len(q) == 0 {
				delete(f.queues, k)
				f.mu.Unlock()
				return
			}
			c := q[0]
			f.queues[k] = q[1:]
			f.mu.Unlock()
			f.b.followChange(f.ctx, c, f.shards, f.count)
		}
	}()
}

// catchUp runs the bot's catch-up after changes were missed on a
// goroutine of its own, one at a time (a Resync that comes while one runs
// makes it run once more): the boards behind their games are redrawn and
// their players to move pinged (see redrawBoards), and the games started
// elsewhere get their boards (see postUnshown).
func (f *follower) catchUp() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.catching {
		f.due = true
		return
	}
	f.catching = true
	f.b.log.Info("changes made elsewhere were missed: catching up")
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		for {
			f.b.redrawBoards(f.ctx)
			f.b.postUnshown(f.ctx, f.shards, f.count)
			f.mu.Lock()
			if !f.due || f.ctx.Err() != nil {
				f.catching = false
				f.mu.Unlock()
				return
			}
			f.due = false
			f.mu.Unlock()
		}
	}()
}

// followChange shows change c, made elsewhere: on its game's board, its
// tournament's sign-up message, its challenge's message. A game's Resync
// (its changes came faster than they could be shown) shows the game as it
// is.
func (b *Bot) followChange(ctx context.Context, c feed.Change, shards []int, count int) {
	switch {
	case c.Kind.OfChallenge():
		b.followChallenge(ctx, c, shards, count)
		return
	case b.table.Awaited(Source, c.Cause):
		return // the AI's reply, shown by the answer that awaited it
	case c.Game == 0 && c.Tournament != 0:
		b.followTournament(ctx, c, shards, count)
		return
	case c.Game == 0 || c.Tournament != 0 && c.Kind == feed.Started:
		return // a round's games, posted with it
	case c.Kind == feed.Started:
		b.postStarted(ctx, c.Game, shards, count)
		return
	}
	st, err := b.store.Load(ctx, c.Game)
	if err != nil {
		b.log.Warn("a change made elsewhere", "change", c.String(), "err", err)
		return
	}
	g := &st.Game
	if !served(g.GuildID, shards, count) || c.Kind != feed.Resync && st.Game.Version != c.Version {
		return // another process's server; or a later change follows
	}
	note := ""
	switch c.Kind {
	case feed.Moved:
		note = lastMoveNote(&st)
	case feed.TookBack:
		note = "A move was taken back."
	case feed.Resigned:
		if side, ok := g.SideOf(g.EndedBy); ok {
			note = fmt.Sprintf("%s resigned.", seatName(g.Seats[side]))
		}
	}
	if err := b.editBoard(ctx, &st, boardView{note: note, replay: g.Over()}); err != nil {
		b.degraded("show a change made elsewhere on the board", g.ID, err)
	}
	if c.Kind == feed.Moved || c.Kind == feed.TookBack || c.Kind == feed.Resync {
		if err := b.notifyTurn(ctx, &st, note); err != nil {
			b.degraded("ping the player to move after a change made elsewhere", g.ID, err)
		}
	}
}

// lastMoveNote describes the last move of game st, for its board and the
// ping of the player to move; "" before the first.
func lastMoveNote(st *store.State) string {
	n := len(st.Moves)
	if n == 0 {
		return ""
	}
	mover := st.Game.Seats[st.Position.Turn().Other()]
	return moveNote(seatName(mover), st.Moves[n-1].Notation, nil)
}

// followTournament redraws the sign-up message of the tournament of
// change c, a step taken elsewhere. Its rounds and its end the process
// that takes them announces (see Stepped).
func (b *Bot) followTournament(ctx context.Context, c feed.Change, shards []int, count int) {
	if c.Kind == feed.Created || c.Kind == feed.Round {
		return // no message yet; announced with its boards
	}
	tr, err := b.store.Tournament(ctx, c.Tournament)
	if err != nil {
		b.log.Warn("a tournament's change made elsewhere", "change", c.String(), "err", err)
		return
	}
	if !served(tr.GuildID, shards, count) {
		return
	}
	if err := b.editTournamentMessage(ctx, &tr); err != nil {
		b.log.Warn("could not show a tournament's change made elsewhere", "tournament", tr.ID, "err", err)
	}
}

// followChallenge closes the message of the challenge of change c,
// answered, withdrawn or expired elsewhere.
func (b *Bot) followChallenge(ctx context.Context, c feed.Change, shards []int, count int) {
	if c.Kind == feed.Challenged {
		return // its message is its challenger's answer
	}
	ch, err := b.store.Challenge(ctx, c.Challenge)
	if err != nil {
		b.log.Warn("a challenge's change made elsewhere", "change", c.String(), "err", err)
		return
	}
	if !served(ch.GuildID, shards, count) {
		return
	}
	p, err := b.posts.Post(ctx, store.PostedChallenge, ch.ID)
	if err != nil || p.Message == "" {
		if err != nil {
			b.log.Warn("a challenge's change made elsewhere", "change", c.String(), "err", err)
		}
		return
	}
	m := b.closedChallenge(&ch, closedHow(&ch))
	if _, err := b.post.EditMessage(ctx, m.channelEdit(ch.ChannelID, p.Message)); err != nil {
		b.log.Warn("could not show a challenge's change made elsewhere", "challenge", ch.ID, "err", err)
	}
}

// postUnshown posts the boards of the games going on in a channel of
// shards that have none: started elsewhere while their Started change
// was missed.
func (b *Bot) postUnshown(ctx context.Context, shards []int, count int) {
	b.eachGame(ctx, "the games without their boards", b.posts.UnshownGames, func(id int64) { b.postStarted(ctx, id, shards, count) })
}

// eachGame calls f with each game that find returns (what names them in
// the log), one after the other, until ctx ends or the bot stops.
func (b *Bot) eachGame(ctx context.Context, what string, find func(context.Context) ([]int64, error), f func(id int64)) {
	ids, err := find(ctx)
	if err != nil {
		b.log.Error("finding "+what, "err", err)
		return
	}
	for _, id := range ids {
		if ctx.Err() != nil || b.closing.Load() {
			return
		}
		f(id)
	}
}

// postStarted posts the board of game id, started elsewhere (in the
// Activity, say), in its channel, unless it has a board or is played
// outside Discord. The board pings nobody: the service's other adapters
// start a game in a channel only among the people there (the Activity
// checks that the opponent is in it); the moves that follow ping as
// moves do. A board is posted once: this process takes the game's board
// lock for it, and of two processes that both posted one (two that serve
// the same shard for a while, as in a rolling restart), the one whose
// board the store did not record deletes its own. A restart does not
// post it again: the feed does not replay the changes made before.
func (b *Bot) postStarted(ctx context.Context, id int64, shards []int, count int) {
	unlock := b.boards.Lock(id)
	defer unlock()
	st, err := b.store.Load(ctx, id)
	if err != nil {
		b.log.Warn("a game started elsewhere", "game", id, "err", err)
		return
	}
	g := &st.Game
	if g.ChannelID == "" || g.Tournament != 0 || !served(g.GuildID, shards, count) {
		return // played outside Discord; a round posts its boards; another process's server
	}
	p, err := b.boardOf(ctx, g)
	if err != nil {
		b.log.Warn("a game started elsewhere", "game", id, "err", err)
		return
	}
	if p.Message != "" {
		return // shown already
	}
	note := ""
	if g.Ply == 1 && g.Seats[st.Position.Turn().Other()].IsAI() {
		note = fmt.Sprintf("zugbot opened with **%s**.", st.Moves[0].Notation)
	}
	m, err := b.boardMessage(ctx, &st, boardView{note: note, replay: g.Over()})
	if err != nil {
		b.degraded("draw the board of a game started elsewhere", id, err)
		return
	}
	msg, err := b.post.Send(ctx, boardChannel(g, p), m.send())
	if err != nil {
		b.degraded("post the board of a game started elsewhere", id, err)
		return
	}
	first, err := b.posts.SetFirstPost(ctx, store.PostedGame, id, p.Thread, msg.ID)
	if err != nil {
		b.degraded("record the board of a game started elsewhere", id, err)
		return
	}
	if !first {
		// Another process posted and recorded the game's board first.
		if err := b.post.DeleteMessage(ctx, msg.ChannelID, msg.ID); err != nil {
			b.degraded("delete a second board of a game started elsewhere", id, err)
		}
		return
	}
	b.drawn(ctx, g)
}

// served reports whether the server guildID ("" for direct messages) is
// one of shards, of count: Discord gives each shard the servers with (ID
// >> 22) % count equal to its number, and shard 0 the direct messages
// (https://discord.com/developers/docs/events/gateway#sharding).
func served(guildID string, shards []int, count int) bool {
	want := 0
	if guildID != "" {
		id, err := strconv.ParseUint(guildID, 10, 64)
		if err != nil {
			return false
		}
		want = int((id >> 22) % uint64(max(count, 1)))
	}
	for _, s := range shards {
		if s == want {
			return true
		}
	}
	return false
}
