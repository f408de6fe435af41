package bot

import (
	"cmp"
	"context"
	"fmt"

	"github.com/zugbot/zugbot/store"
)

// Posts keeps where the bot's messages are, in a table of the bot's own
// that the game service neither reads nor writes: each game's board (its
// thread, its message, the game's version it shows), each challenge's
// message, each tournament's sign-up message, thread and last round
// announced. *store.Store is one (store/posts.go).
type Posts interface {
	// Post returns where what id is posted: the zero Post when nothing is.
	Post(ctx context.Context, what store.Posted, id int64) (store.Post, error)
	// SetPost records where what id is posted: its thread ("" for its
	// channel) and message.
	SetPost(ctx context.Context, what store.Posted, id int64, thread, message string) error
	// SetFirstPost records it as SetPost does unless what id has a
	// message already, and reports whether it did: of two processes that
	// posted the same first board, the one told false deletes its own.
	SetFirstPost(ctx context.Context, what store.Posted, id int64, thread, message string) (bool, error)
	// SetDrawn records that game id's board shows it at version, when that
	// is the game's version.
	SetDrawn(ctx context.Context, id, version int64) error
	// SetAnnounced records that tournament id's round was announced.
	SetAnnounced(ctx context.Context, id int64, round int) error
	// StaleBoards returns the games whose board shows another version
	// than the game has.
	StaleBoards(ctx context.Context) ([]int64, error)
	// UnshownGames returns the games going on in a channel, tournaments'
	// aside, that have no board.
	UnshownGames(ctx context.Context) ([]int64, error)
}

// boardOf returns where game g's board is: the zero Post when it has none
// (or is played off Discord).
func (b *Bot) boardOf(ctx context.Context, g *store.Game) (store.Post, error) {
	if g.ChannelID == "" {
		return store.Post{}, nil
	}
	p, err := b.posts.Post(ctx, store.PostedGame, g.ID)
	if err != nil {
		return store.Post{}, fmt.Errorf("the board of game %d: %w", g.ID, err)
	}
	return p, nil
}

// boardChannel is where game g's board is, when p is its post, and where
// its pings go: the thread it moved to (with /board, or its tournament's),
// or the channel it started in.
func boardChannel(g *store.Game, p store.Post) string {
	return cmp.Or(p.Thread, g.ChannelID)
}

// channelOf is boardChannel of game g, whose post it reads.
func (b *Bot) channelOf(ctx context.Context, g *store.Game) (string, error) {
	p, err := b.boardOf(ctx, g)
	return boardChannel(g, p), err
}

// onBoard reports whether the control r answers is on game g's board,
// not on a copy of it (in a DM, say). A board that cannot be found is
// taken as elsewhere: the answer then draws the message it is on, and the
// board is edited apart.
func (r *request) onBoard(g *store.Game) bool {
	id := r.messageID()
	if id == "" {
		return false
	}
	p, err := r.b.boardOf(r.ctx, g)
	if err != nil {
		r.b.log.Warn("could not find a game's board", "game", g.ID, "err", err)
	}
	return p.Message == id
}
