package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/store"
)

// load returns game id with its position, or an error fit for the player.
func (b *Bot) load(ctx context.Context, id int64) (store.State, error) {
	st, err := b.store.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return st, userErrorf("There is no game #%d.", id)
	}
	if err != nil {
		return st, fmt.Errorf("load game %d: %w", id, err)
	}
	return st, nil
}

// sideOf returns the side the user plays in the game, or an error fit for
// them.
func sideOf(st *store.State, userID string) (engine.Side, error) {
	side, ok := st.Game.SideOf(userID)
	if !ok {
		return 0, userErrorf("You are not a player in game #%d.", st.Game.ID)
	}
	return side, nil
}

// storeError turns the store's refusals into messages for the player.
func storeError(id int64, err error) error {
	switch {
	case errors.Is(err, store.ErrStalePly):
		return userErrorf("The board of game #%d has changed since you looked at it; nothing was played. Have a look at the new board.", id)
	case errors.Is(err, store.ErrGameOver):
		return userErrorf("Game #%d is over.", id)
	case errors.Is(err, store.ErrTooManyGames):
		return userErrorf("You already have the most games going at once (%d); finish or resign one first.", store.DefaultMaxActiveGames)
	case errors.Is(err, store.ErrNotFound):
		return userErrorf("There is no game #%d.", id)
	}
	return err
}

// checkTurn refuses a move by side unless it is that side's turn in a game
// that goes on.
func (b *Bot) checkTurn(st *store.State, side engine.Side) error {
	g := &st.Game
	if g.Over() {
		return userErrorf("Game #%d is over: %s", g.ID, b.resultText(g))
	}
	if t := st.Position.Turn(); t != side {
		return userErrorf("It is not your turn in game #%d: %s (%s) is to move.", g.ID, seatName(g.Seats[t]), st.Position.Variant().Sides[t])
	}
	return nil
}

// play plays the move entered as text for side in st, which it updates.
// ply is the version the player saw (-1: the current one).
func (b *Bot) play(ctx context.Context, st *store.State, side engine.Side, ply int, text string) (string, error) {
	g := &st.Game
	if ply >= 0 && ply != g.Ply {
		return "", storeError(g.ID, store.ErrStalePly)
	}
	if err := b.checkTurn(st, side); err != nil {
		return "", err
	}
	m, err := st.Position.ParseMove(text)
	if err != nil {
		return "", userErrorf("Game #%d: %v", g.ID, err)
	}
	return b.record(ctx, st, m)
}

// record plays legal move m in st and records it, with the end it brings.
func (b *Bot) record(ctx context.Context, st *store.State, m engine.Move) (string, error) {
	p := st.Position
	notation := p.FormatMove(m)
	p.Do(m)
	end := store.EndOf(p.Outcome())
	g, err := b.store.RecordMove(ctx, st.Game.ID, st.Game.Ply, notation, end)
	if err != nil {
		p.Undo()
		return "", storeError(st.Game.ID, err)
	}
	st.Game = g
	st.Moves = append(st.Moves, store.Move{Ply: g.Ply - 1, Notation: notation, At: b.now()})
	return notation, nil
}

// aiThinkLimit bounds the AI's thinking beyond its level's own budget.
const aiThinkLimit = 10 * time.Second

// aiTurns lets the AI play while it is to move, and returns what it played.
func (b *Bot) aiTurns(ctx context.Context, st *store.State) ([]string, error) {
	var played []string
	for !st.Game.Over() && st.Game.Seats[st.Position.Turn()].IsAI() {
		seat := st.Game.Seats[st.Position.Turn()]
		v := st.Position.Variant()
		var pl ai.Player
		var err error
		if b.cfg.AIThink > 0 {
			pl, err = ai.LevelTimed(v, seat.AI, b.cfg.AIThink, b.rand())
		} else {
			pl, err = ai.Level(v, seat.AI, b.rand())
		}
		if err != nil {
			return played, fmt.Errorf("AI level %d for %s: %w", seat.AI, v.ID, err)
		}
		tctx, cancel := context.WithTimeout(ctx, aiThinkLimit)
		start := time.Now()
		m, _, err := pl.Best(tctx, st.Position.Clone())
		cancel()
		b.metrics.aiThought(v.ID, time.Since(start))
		if err != nil {
			return played, fmt.Errorf("AI move in game %d: %w", st.Game.ID, err)
		}
		notation, err := b.record(ctx, st, m)
		if err != nil {
			return played, err
		}
		played = append(played, notation)
	}
	return played, nil
}

// editBoard redraws a game's board message in its channel.
func (b *Bot) editBoard(ctx context.Context, st *store.State, view boardView) error {
	g := &st.Game
	if g.MessageID == "" {
		return nil
	}
	m, err := b.boardMessage(ctx, st, view)
	if err != nil {
		return err
	}
	if _, err := b.s.ChannelMessageEditComplex(m.channelEdit(boardChannel(g), g.MessageID), discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("edit the board of game %d: %w", g.ID, err)
	}
	return nil
}

// boardChannel is where game g's board is, and where its pings go: the
// channel or thread it moved to with /board, or where it started.
func boardChannel(g *store.Game) string {
	if g.ThreadID != "" {
		return g.ThreadID
	}
	return g.ChannelID
}

// notifyTurn pings the player to move with a new message (edits ping nobody).
func (b *Bot) notifyTurn(ctx context.Context, st *store.State, note string) error {
	g := &st.Game
	if g.Over() {
		return nil
	}
	seat := g.Seats[st.Position.Turn()]
	if seat.IsAI() {
		return nil
	}
	text := fmt.Sprintf("%s, your move in game #%d (%s).", seatRef(seat), g.ID, b.variants[g.Variant].Name)
	if note != "" {
		text = note + " " + text
	}
	m := message{content: text, mentions: []string{seat.ID}}
	if _, err := b.s.ChannelMessageSendComplex(boardChannel(g), m.send(), discordgo.WithContext(ctx)); err != nil {
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
// modal, by editing the board and answering separately.
func (r *request) afterMove(st *store.State, onBoard bool, mine string, replies []string) error {
	b := r.b
	view := boardView{note: moveNote(r.player().Name, mine, replies), replay: st.Game.Over()}
	if onBoard {
		m, err := b.boardMessage(r.ctx, st, view)
		if err != nil {
			return err
		}
		if err := r.update(m); err != nil {
			return err
		}
		if r.messageID() != st.Game.MessageID { // a copy (in a DM): the game's board too
			if err := b.editBoard(r.ctx, st, view); err != nil {
				return err
			}
		}
	} else {
		if err := b.editBoard(r.ctx, st, view); err != nil {
			return err
		}
		text := fmt.Sprintf("Game #%d: you played **%s**.", st.Game.ID, mine)
		if len(replies) > 0 {
			text = fmt.Sprintf("Game #%d: you played **%s**; zugbot replied **%s**.", st.Game.ID, mine, replies[len(replies)-1])
		}
		if st.Game.Over() {
			text += " " + b.resultText(&st.Game)
		}
		// Private: the board and the ping tell everyone else.
		if err := r.reply(message{content: text, ephemeral: true}); err != nil {
			return err
		}
	}
	if st.Game.Over() || len(replies) > 0 {
		return nil
	}
	return b.notifyTurn(r.ctx, st, fmt.Sprintf("%s played **%s**.", seatName(st.Game.Seats[st.Position.Turn().Other()]), mine))
}
