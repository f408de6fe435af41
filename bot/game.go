package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// load returns game id with its position, or a refusal for the player.
func (b *Bot) load(ctx context.Context, id int64) (store.State, error) {
	return b.table.Load(ctx, id)
}

// editBoard redraws a game's board message in its channel. A board that
// is gone (a moderator deleted it) is posted anew, and the game remembers
// the new message. The edits of a board are made one at a time, and one
// whose state the game has moved past is skipped: the later change draws
// the board itself, so an edit that comes late never shows an old
// position.
func (b *Bot) editBoard(ctx context.Context, st *store.State, view boardView) error {
	g := &st.Game
	if g.ChannelID == "" {
		return nil // played off Discord
	}
	unlock := b.boards.Lock(g.ID)
	defer unlock()
	now, err := b.store.Game(ctx, g.ID)
	if err != nil {
		return fmt.Errorf("the game behind the board: %w", err)
	}
	if now.Version != g.Version {
		return nil // a newer change has drawn, or will draw, the board
	}
	p, err := b.boardOf(ctx, g) // where the board is now
	if err != nil || p.Message == "" {
		return err
	}
	m, err := b.boardMessage(ctx, st, view)
	if err != nil {
		return err
	}
	ch := boardChannel(g, p)
	_, err = b.post.EditMessage(ctx, m.channelEdit(ch, p.Message))
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Message != nil &&
		(rest.Message.Code == discordgo.ErrCodeUnknownMessage || rest.Message.Code == discordgo.ErrCodePerformedOperationOnArchivedThread) {
		// The board was deleted, or its thread archived: a message cannot
		// be edited there, but a new one can be sent, which wakes the
		// thread (https://discord.com/developers/docs/topics/threads#active-archived-threads).
		msg, err := b.post.Send(ctx, ch, m.send())
		if err != nil {
			return fmt.Errorf("post the board of game %d anew: %w", g.ID, err)
		}
		if err := b.posts.SetPost(ctx, store.PostedGame, g.ID, p.Thread, msg.ID); err != nil {
			return err
		}
		b.log.Info("the board could not be edited; posted anew", "game", g.ID, "message", msg.ID, "code", rest.Message.Code)
		b.drawn(ctx, g)
		return nil
	}
	if err != nil {
		return fmt.Errorf("edit the board of game %d: %w", g.ID, err)
	}
	b.drawn(ctx, g)
	return nil
}

// drawn records that game g's board message now shows g, so that the
// reconciliation at start-up leaves it alone. A failure is only logged:
// the board is then redrawn once more at the next start.
func (b *Bot) drawn(ctx context.Context, g *store.Game) {
	if err := b.posts.SetDrawn(ctx, g.ID, g.Version); err != nil {
		b.log.Warn("could not record the board drawn", "game", g.ID, "err", err)
	}
}

// showBoard brings the game's board message up to date after a change the
// store has recorded: best effort, what fails is told to the player.
func (r *request) showBoard(st *store.State, view boardView) {
	g := &st.Game
	p, err := r.b.boardOf(r.ctx, g)
	what := fmt.Sprintf("update the board of game #%d", g.ID)
	if err != nil {
		r.degraded(what, g.ChannelID, err)
		return
	}
	ch := boardChannel(g, p)
	if p.Message == "" || !r.canPost(what, ch) {
		return
	}
	if err := r.b.editBoard(r.ctx, st, view); err != nil {
		r.degraded(what, ch, err)
	}
}

// pingTurn tells the player to move that it is their turn, after a change
// the store has recorded: best effort, what fails is told to the player
// who acted.
func (r *request) pingTurn(st *store.State, note string) {
	seat, ok := table.PersonToMove(st)
	if !ok {
		return
	}
	what := fmt.Sprintf("tell %s it is their turn", seatName(seat))
	ch, err := r.b.channelOf(r.ctx, &st.Game)
	if err != nil {
		r.degraded(what, ch, err)
		return
	}
	if !r.canPost(what, ch) {
		return
	}
	if err := r.b.notifyTurn(r.ctx, st, note); err != nil {
		r.degraded(what, ch, err)
	}
}

// notifyTurn pings the player to move with a new message (edits ping
// nobody), once per turn: unless the turn's ping was claimed already (by
// this bot after a change it missed and caught up with, or by another
// process; see table.ClaimTurnPing), and unless they have the game's live
// board open: it shows them the move, wherever it was made, and a ping
// per move would be noise (see docs/web.md).
func (b *Bot) notifyTurn(ctx context.Context, st *store.State, note string) error {
	g := &st.Game
	seat, ok := table.PersonToMove(st)
	if !ok {
		return nil
	}
	ch, err := b.channelOf(ctx, g) // before the claim: a claimed ping is not sent again
	if err != nil {
		return err
	}
	if first, err := b.table.ClaimTurnPing(ctx, g.ID, g.TurnVersion); err != nil || !first {
		return err
	}
	if b.live != nil && b.live.Watching(g.ID, seat.ID) {
		return nil
	}
	text := fmt.Sprintf("%s, your move in game #%d (%s).", seatRef(seat), g.ID, b.variants[g.Variant].Name)
	if note != "" {
		text = note + " " + text
	}
	m := message{content: text, mentions: []string{seat.ID}}
	if _, err := b.post.Send(ctx, ch, m.send()); err != nil {
		return fmt.Errorf("ping the player to move in game %d: %w", g.ID, err)
	}
	return nil
}

// moveNote describes the moves just played, for the board message, which
// everyone in the channel sees.
func moveNote(player, mine string, replies []string) string {
	if mine == "" {
		return ""
	}
	note := fmt.Sprintf("%s played **%s**.", player, mine)
	if len(replies) > 0 {
		note = fmt.Sprintf("%s played **%s**; zugbot replied **%s**.", player, mine, replies[len(replies)-1])
	}
	return note
}

// afterMove brings the board message up to date after a move, through the
// control the player clicked (r on the board message) or, for /move and the
// modal, by answering first and then editing the board. The move is
// recorded: what fails after the answer is told to the player, never
// reported as a failure of the move.
func (r *request) afterMove(st *store.State, onBoard bool, mine string, replies []string) error {
	b := r.b
	view := boardView{note: moveNote(r.player().Name, mine, replies), replay: st.Game.Over()}
	var answerErr error
	if onBoard {
		answerErr = r.moveOnBoard(st, view)
	} else {
		text := fmt.Sprintf("Game #%d: you played **%s**.", st.Game.ID, mine)
		if len(replies) > 0 {
			text = fmt.Sprintf("Game #%d: you played **%s**; zugbot replied **%s**.", st.Game.ID, mine, replies[len(replies)-1])
		}
		if st.Game.Over() {
			text += " " + b.resultText(&st.Game)
		}
		// Private: the board and the ping tell everyone else.
		answerErr = r.reply(message{content: text, ephemeral: true})
		r.showBoard(st, view)
	}
	if len(replies) == 0 {
		r.pingTurn(st, fmt.Sprintf("%s played **%s**.", seatName(st.Game.Seats[st.Position.Turn().Other()]), mine))
	}
	return answerErr
}

// moveOnBoard answers a move made with the board's controls by drawing
// st, with view, on the message they are on. On the game's own board the
// answer is one of the board's edits, made in turn with the others (see
// lockBoard); should the game have moved on since st, it is drawn as it
// is now, with view's note. A copy of the board (in a DM) is answered, and
// the game's board edited too.
func (r *request) moveOnBoard(st *store.State, view boardView) error {
	b := r.b
	m, err := b.boardMessage(r.ctx, st, view)
	if err != nil {
		r.showBoard(st, view) // the move stands: the board is brought up to date the other way
		return err
	}
	if !r.onBoard(&st.Game) {
		err := r.update(m)
		r.showBoard(st, view)
		return err
	}
	unlock, same := r.lockBoard(st)
	if !same {
		if latest, err := b.load(r.ctx, st.Game.ID); err == nil {
			if lm, err := b.boardMessage(r.ctx, &latest, boardView{note: view.note, replay: latest.Game.Over()}); err == nil {
				st, m = &latest, lm
			}
		}
	}
	err = r.update(m)
	if err == nil {
		b.drawn(r.ctx, &st.Game)
	}
	unlock()
	if err != nil {
		r.showBoard(st, view) // the move stands: the board is brought up to date the other way
	}
	return err
}

// lockBoard locks game st's board for an answer drawn on it, and reports
// whether the game is still as st has it (its ply, result and offer). An
// answer is not made in turn with the board's other edits (editBoard) by
// itself: one of them on its way when the answer lands (the board redrawn
// for a move made on the web, say) would show an older state over it,
// and one made after it would be drawn with no word of the move the
// answer tells. Under the lock the answer is drawn in turn: an edit of a
// change made before it has landed already, one of a change made later
// lands after it. Call unlock once the answer is sent. A game that cannot
// be read is taken as unchanged: the answer shows what the player did.
func (r *request) lockBoard(st *store.State) (unlock func(), same bool) {
	b := r.b
	unlock = b.boards.Lock(st.Game.ID)
	now, err := b.store.Game(r.ctx, st.Game.ID)
	if err != nil {
		b.log.Warn("could not check the game before drawing its board", "game", st.Game.ID, "err", err)
		return unlock, true
	}
	return unlock, now.Ply == st.Game.Ply && now.Result == st.Game.Result && now.Offer == st.Game.Offer
}
