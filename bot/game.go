package bot

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/store"
)

// load returns game id with its position, or a refusal for the player.
func (b *Bot) load(ctx context.Context, id int64) (store.State, error) {
	return b.table.Load(ctx, id)
}

// sideOf returns the side the user plays in the game, or a refusal.
func sideOf(st *store.State, userID string) (engine.Side, error) {
	side, ok := st.Game.SideOf(userID)
	if !ok {
		return 0, userErrorf("You are not a player in game #%d.", st.Game.ID)
	}
	return side, nil
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
