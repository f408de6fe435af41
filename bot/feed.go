package bot

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// Source is the name under which the bot's calls into the game service
// come (see table.WithSource): the changes the bot shows itself.
const Source = "discord"

// Table returns the game service the bot plays through, for the other
// adapters of the same process (a web board) to share.
func (b *Bot) Table() *table.Table { return b.table }

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
// pinged after a move; a game started elsewhere in one of its channels
// gets its board there. The bot's own changes it shows as it makes them,
// and a game of a server another process serves is that process's. A
// Resync (changes missed) redraws the boards that are behind their games.
// It ends with ctx.
func (b *Bot) followChanges(ctx context.Context, shards []int, count int) {
	sub := b.table.Feed().Subscribe(feed.Filter{})
	defer sub.Close()
	for {
		select {
		case <-ctx.Done():
			return
		case c, ok := <-sub.C:
			if !ok {
				return
			}
			b.followChange(ctx, c, shards, count)
		}
	}
}

// followChange shows change c, made elsewhere, on its game's board.
func (b *Bot) followChange(ctx context.Context, c feed.Change, shards []int, count int) {
	switch {
	case c.Kind == feed.Resync:
		b.redrawBoards(ctx)
		return
	case c.Source == Source || c.Game == 0 || c.Tournament != 0 && c.Kind == feed.Started:
		return // shown here already; a tournament's round; a round's games, posted with it
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
	if !served(g.GuildID, shards, count) || st.Game.Ply != c.Ply {
		return // another process's server; or a later change follows
	}
	note := ""
	switch c.Kind {
	case feed.Moved:
		if n := len(st.Moves); n > 0 {
			mover := g.Seats[st.Position.Turn().Other()]
			note = moveNote(seatName(mover), st.Moves[n-1].Notation, nil)
		}
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
	if c.Kind == feed.Moved || c.Kind == feed.TookBack {
		if err := b.notifyTurn(ctx, &st, note); err != nil {
			b.degraded("ping the player to move after a change made elsewhere", g.ID, err)
		}
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
	if g.ChannelID == "" || g.MessageID != "" || g.Tournament != 0 || !served(g.GuildID, shards, count) {
		return // played outside Discord; shown already; another process's server
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
	msg, err := b.session.ChannelMessageSendComplex(boardChannel(g), m.send(), discordgo.WithContext(ctx))
	if err != nil {
		b.degraded("post the board of a game started elsewhere", id, err)
		return
	}
	first, err := b.table.FirstShownAt(ctx, id, g.ThreadID, msg.ID)
	if err != nil {
		b.degraded("record the board of a game started elsewhere", id, err)
		return
	}
	if !first {
		// Another process posted and recorded the game's board first.
		if err := b.session.ChannelMessageDelete(msg.ChannelID, msg.ID, discordgo.WithContext(ctx)); err != nil {
			b.degraded("delete a second board of a game started elsewhere", id, err)
		}
		return
	}
	g.MessageID = msg.ID
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
