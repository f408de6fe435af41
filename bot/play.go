package bot

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/store"
)

// variantOpt returns the variant chosen for option name.
func (r *request) variantOpt(name string) (*engine.Variant, error) {
	id := r.stringOpt(name)
	v, ok := r.b.variants[id]
	if !ok {
		return nil, userErrorf("zugbot does not know the game %q; choose one from the list.", id)
	}
	return v, nil
}

// colourOpt reads the color option: the side the user asks for.
func (r *request) colourOpt() store.Colour {
	switch r.stringOpt("color") {
	case "first":
		return store.First
	case "second":
		return store.Second
	}
	return store.Random
}

// draw picks a side for a colour choice.
func (b *Bot) drawSide(c store.Colour) engine.Side {
	switch c {
	case store.First:
		return 0
	case store.Second:
		return 1
	}
	return engine.Side(b.rand().IntN(2))
}

// play starts a casual game against the AI.
func (r *request) play() error {
	b := r.b
	v, err := r.variantOpt("game")
	if err != nil {
		return err
	}
	level := int64(2)
	if n, ok := r.intOpt("level"); ok {
		level = n
	}
	if level < ai.MinLevel || level > ai.MaxLevel {
		return userErrorf("The level goes from %d (beginner) to %d (master).", ai.MinLevel, ai.MaxLevel)
	}
	if err := r.checkRoom(); err != nil {
		return err
	}
	if err := r.deferReply(false); err != nil {
		return err
	}
	side := b.drawSide(r.colourOpt())
	var seats [2]store.Seat
	seats[side] = store.Seat{Player: r.player()}
	seats[side.Other()] = store.Seat{AI: int(level)}
	return r.startGame(store.NewGame{Variant: v.ID, Seats: seats, GuildID: r.i.GuildID, ChannelID: r.i.ChannelID}, "")
}

// startGame creates a game, lets the AI open if it moves first, and shows
// the board as the (deferred) response.
func (r *request) startGame(ng store.NewGame, note string) error {
	b := r.b
	g, err := b.store.CreateGame(r.ctx, ng)
	if err != nil {
		return storeError(0, err)
	}
	st, err := b.load(r.ctx, g.ID)
	if err != nil {
		return err
	}
	unlock := b.locks.lock(g.ID)
	defer unlock()
	replies, err := b.aiTurns(r.ctx, &st)
	if err != nil {
		return err
	}
	if len(replies) > 0 {
		note = strings.TrimSpace(note + fmt.Sprintf(" zugbot opened with **%s**.", replies[0]))
	}
	// No ping: the player has just asked for this game and sees the reply.
	m, err := b.boardMessage(r.ctx, &st, boardView{note: note})
	if err != nil {
		return err
	}
	return r.postBoard(&st, m)
}

// postBoard answers with the board message and makes it the game's board:
// the one edited after each move, where the pings go. Shown in another
// server or in a DM for a server's game, it is a copy instead, whose
// controls work but which the game leaves where it is (the opponent could
// not see a board moved there); so is a board someone who does not play
// the game asks for.
func (r *request) postBoard(st *store.State, m message) error {
	b := r.b
	if err := r.reply(m); err != nil {
		return err
	}
	if _, player := st.Game.SideOf(r.user.ID); !player || r.i.GuildID != st.Game.GuildID {
		return nil
	}
	msg, err := b.s.InteractionResponse(r.i, discordgo.WithContext(r.ctx))
	if err != nil {
		return fmt.Errorf("find the board message of game %d: %w", st.Game.ID, err)
	}
	old := st.Game
	thread := "" // the board stays in the game's channel
	if msg.ChannelID != old.ChannelID {
		thread = msg.ChannelID
	}
	if err := b.store.SetMessage(r.ctx, st.Game.ID, thread, msg.ID); err != nil {
		return err
	}
	// The previous board message keeps its picture but loses its controls.
	if old.MessageID != "" && old.MessageID != msg.ID {
		note := fmt.Sprintf("This board has moved to a newer message: %s", messageLink(old.GuildID, msg.ChannelID, msg.ID))
		empty := []discordgo.MessageComponent{}
		_, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: old.MessageID, Channel: boardChannel(&old), Content: &note, Components: &empty}, discordgo.WithContext(r.ctx))
		if err != nil {
			b.log.Warn("could not retire an old board", "game", old.ID, "err", err)
		}
	}
	return nil
}

func messageLink(guild, channel, msg string) string {
	if guild == "" {
		guild = "@me"
	}
	return fmt.Sprintf("https://discord.com/channels/%s/%s/%s", guild, channel, msg)
}

// gameRef finds the game a command means: its game option, or the user's
// only active game in this channel.
func (r *request) gameRef() (int64, error) {
	if id, ok := r.intOpt("game"); ok {
		if id <= 0 {
			return 0, userErrorf("Game numbers start at 1.")
		}
		return id, nil
	}
	games, err := r.b.store.Games(r.ctx, store.GameQuery{Player: r.user.ID, ChannelID: r.i.ChannelID, Status: store.Active})
	if err != nil {
		return 0, err
	}
	switch len(games) {
	case 0:
		return 0, userErrorf("You have no game going in this channel. Start one with /play or /challenge, or name a game with the game option.")
	case 1:
		return games[0].ID, nil
	}
	var ids []string
	for _, g := range games {
		ids = append(ids, fmt.Sprintf("#%d", g.ID))
	}
	return 0, userErrorf("You have %d games in this channel (%s); say which with the game option.", len(games), strings.Join(ids, ", "))
}

// moveCommand plays /move.
func (r *request) moveCommand() error {
	id, err := r.gameRef()
	if err != nil {
		return err
	}
	return r.playText(id, -1, r.stringOpt("move"), false)
}

// maxMoveLen is the longest move text zugbot reads: the most a select menu
// option or an autocomplete choice can hold, and far more than any move of
// its games needs.
const maxMoveLen = 100

// playText plays a typed move in game id and updates the board.
func (r *request) playText(id int64, ply int, text string, onBoard bool) error {
	b := r.b
	if n := utf8.RuneCountInString(text); n > maxMoveLen {
		return userErrorf("That move is %d characters long, and no move is longer than %d. Choose one from the suggestions of /move, or use the board's menus.", n, maxMoveLen)
	}
	unlock := b.locks.lock(id)
	defer unlock()
	st, err := b.load(r.ctx, id)
	if err != nil {
		return err
	}
	side, err := sideOf(&st, r.user.ID)
	if err != nil {
		return err
	}
	if ply < 0 && !st.Game.Over() && st.Position.Turn() == side {
		ply = st.Game.Ply
	}
	// Defer the answer when it may take long: the AI is to reply, or the move
	// ends the game and its replay GIF is to be drawn.
	if st.Game.Seats[side.Other()].IsAI() || endsGame(&st, text) {
		// Check before deferring, so that a refusal stays private.
		if err := b.checkTurn(&st, side); err != nil {
			return err
		}
		if _, err := st.Position.ParseMove(text); err != nil {
			return userErrorf("Game #%d: %v", id, err)
		}
		if onBoard {
			err = r.deferUpdate()
		} else {
			err = r.deferReply(true)
		}
		if err != nil {
			return err
		}
	}
	mine, err := b.play(r.ctx, &st, side, ply, text)
	if err != nil {
		return err
	}
	replies, err := b.aiTurns(r.ctx, &st)
	if err != nil {
		return err
	}
	return r.afterMove(&st, onBoard, mine, replies)
}

// endsGame reports whether text is a legal move in st that ends the game.
func endsGame(st *store.State, text string) bool {
	if st.Game.Over() {
		return false
	}
	m, err := st.Position.ParseMove(text)
	if err != nil {
		return false
	}
	p := st.Position.Clone()
	p.Do(m)
	return p.Outcome().Over()
}

// boardCommand shows a game's board afresh.
func (r *request) boardCommand() error {
	id, err := r.gameRef()
	if err != nil {
		return err
	}
	st, err := r.b.load(r.ctx, id)
	if err != nil {
		return err
	}
	m, err := r.b.boardMessage(r.ctx, &st, boardView{})
	if err != nil {
		return err
	}
	if st.Game.Over() {
		return r.reply(m)
	}
	return r.postBoard(&st, m)
}

// gameControl answers a click on a game's control, or a modal submit.
func (r *request) gameControl(a action) error {
	b := r.b
	switch a.verb {
	case verbRematch:
		return r.rematch(a.id)
	case verbDrawYes, verbDrawNo, verbTakeYes, verbTakeNo:
		return r.answerOffer(a)
	}
	st, err := b.load(r.ctx, a.id)
	if err != nil {
		return err
	}
	side, err := sideOf(&st, r.user.ID)
	if err != nil {
		return err
	}
	if a.ply != st.Game.Ply {
		return storeError(a.id, store.ErrStalePly)
	}
	switch a.verb {
	case verbPick:
		if err := b.checkTurn(&st, side); err != nil {
			return err
		}
		values := r.i.MessageComponentData().Values
		if len(values) != 1 {
			return userErrorf("Choose one piece.")
		}
		pt := st.Position.Variant().Geometry.PointIndex(values[0])
		if pt < 0 || len(engine.From(st.Position, pt)) == 0 {
			return userErrorf("The piece on %s has no legal move.", values[0])
		}
		m, err := b.boardMessage(r.ctx, &st, boardView{selected: &pt})
		if err != nil {
			return err
		}
		return r.update(m)
	case verbTo:
		text := a.arg // a button carries its move
		if r.i.Type == discordgo.InteractionMessageComponent && len(r.i.MessageComponentData().Values) == 1 {
			text = r.i.MessageComponentData().Values[0]
		}
		return r.playText(a.id, a.ply, text, true)
	case verbType:
		if err := b.checkTurn(&st, side); err != nil {
			return err
		}
		return r.respond(discordgo.InteractionResponseModal, &discordgo.InteractionResponseData{
			CustomID: gameAction(a.id, a.ply, verbTyped).String(),
			Title:    fmt.Sprintf("Your move in game #%d", a.id),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.TextInput{CustomID: "move", Label: "Move", Style: discordgo.TextInputShort, Placeholder: moveExample(st.Position), Required: true, MaxLength: maxMoveLen},
			}}},
		})
	case verbTyped:
		var text string
		for _, row := range r.i.ModalSubmitData().Components {
			if ar, ok := row.(*discordgo.ActionsRow); ok {
				for _, c := range ar.Components {
					if ti, ok := c.(*discordgo.TextInput); ok && ti.CustomID == "move" {
						text = ti.Value
					}
				}
			}
		}
		return r.playText(a.id, a.ply, text, r.i.Message != nil && r.i.Message.ID == st.Game.MessageID)
	case verbResign:
		return r.askResign(&st)
	case verbResignYes:
		return r.resign(&st, side, a.ply)
	case verbDraw:
		return r.offerDraw(&st, side)
	}
	return userErrorf("This control belongs to an older version of zugbot; use /board to get a fresh one.")
}

// moveExample returns one legal move as an example for the modal.
func moveExample(p engine.Position) string {
	if ms := p.Moves(nil); len(ms) > 0 {
		return "e.g. " + p.FormatMove(ms[len(ms)/2])
	}
	return ""
}

// resignCommand asks for confirmation before resigning.
func (r *request) resignCommand() error {
	id, err := r.gameRef()
	if err != nil {
		return err
	}
	st, err := r.b.load(r.ctx, id)
	if err != nil {
		return err
	}
	if _, err := sideOf(&st, r.user.ID); err != nil {
		return err
	}
	return r.askResign(&st)
}

// askResign answers privately with a confirmation button.
func (r *request) askResign(st *store.State) error {
	if st.Game.Over() {
		return userErrorf("Game #%d is already over.", st.Game.ID)
	}
	return r.respond(discordgo.InteractionResponseChannelMessageWithSource, message{
		content:   fmt.Sprintf("Resign game #%d? This cannot be undone.", st.Game.ID),
		ephemeral: true,
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Yes, resign", Style: discordgo.DangerButton, CustomID: gameAction(st.Game.ID, st.Game.Ply, verbResignYes).String()},
		}}},
	}.data())
}

// resign ends the game as a loss for side, once confirmed.
func (r *request) resign(st *store.State, side engine.Side, ply int) error {
	b := r.b
	unlock := b.locks.lock(st.Game.ID)
	defer unlock()
	g, err := b.store.Finish(r.ctx, st.Game.ID, ply, store.End{Result: store.Win, Winner: side.Other(), Reason: store.ReasonResignation, By: r.user.ID})
	if err != nil {
		return storeError(st.Game.ID, err)
	}
	st.Game = g
	if err := r.update(message{content: fmt.Sprintf("You resigned game #%d.", g.ID)}); err != nil {
		return err
	}
	return b.editBoard(r.ctx, st, boardView{replay: true, note: fmt.Sprintf("%s resigned.", seatName(g.Seats[side]))})
}

// drawCommand offers a draw (or the game's agreed ending).
func (r *request) drawCommand() error {
	id, err := r.gameRef()
	if err != nil {
		return err
	}
	st, err := r.b.load(r.ctx, id)
	if err != nil {
		return err
	}
	side, err := sideOf(&st, r.user.ID)
	if err != nil {
		return err
	}
	return r.offerDraw(&st, side)
}

// offerDraw offers the agreed ending to the opponent; the AI answers at once.
func (r *request) offerDraw(st *store.State, side engine.Side) error {
	b := r.b
	g := &st.Game
	v := st.Position.Variant()
	if g.Over() {
		return userErrorf("Game #%d is already over.", g.ID)
	}
	agreed, ok := st.Position.Agreed()
	if !ok {
		return userErrorf("%s has no draws and no agreed ending: %s", v.Game, endingRule(v))
	}
	opp := g.Seats[side.Other()]
	unlock := b.locks.lock(g.ID)
	defer unlock()
	if opp.IsAI() {
		// The AI agrees unless the agreed result is a loss for it.
		if agreed.Status == engine.Win && agreed.Winner == side {
			return userErrorf("zugbot declines: counted now, %s, so you would win. zugbot plays on.", agreedDetail(agreed))
		}
		ng, err := b.store.Finish(r.ctx, g.ID, g.Ply, agreedEnd(agreed, r.user.ID))
		if err != nil {
			return storeError(g.ID, err)
		}
		st.Game = ng
		if err := r.say("zugbot accepts: game #%d ends by agreement. %s", g.ID, b.resultText(&ng)); err != nil {
			return err
		}
		return b.editBoard(r.ctx, st, boardView{replay: true})
	}
	what := fmt.Sprintf("a draw in game #%d", g.ID)
	if countsAtAgreement(v) {
		what = fmt.Sprintf("to end game #%d by agreement. In %s that means %s now: %s, so %s",
			g.ID, v.Game, v.Counting, agreedDetail(agreed), agreedText(v, g, agreed))
	}
	if o := g.Offer; o.Kind == store.DrawOffer && o.Ply == g.Ply {
		if o.By == side {
			return userErrorf("You have already offered this in game #%d; %s has not answered yet.", g.ID, seatName(opp))
		}
		// The opponent offered first: offering back agrees.
		ng, err := b.store.AcceptOffer(r.ctx, g.ID, store.DrawOffer, side, g.Ply, agreedEnd(agreed, r.user.ID))
		if err != nil {
			return storeError(g.ID, err)
		}
		st.Game = ng
		if err := r.reply(message{content: fmt.Sprintf("%s accepts %s's offer in game #%d: %s", seatName(g.Seats[side]), seatName(opp), g.ID, b.resultText(&ng))}); err != nil {
			return err
		}
		return b.editBoard(r.ctx, st, boardView{replay: true})
	}
	ng, err := b.store.Offer(r.ctx, g.ID, store.Offer{Kind: store.DrawOffer, By: side, Ply: g.Ply})
	if err != nil {
		return storeError(g.ID, err)
	}
	st.Game = ng
	return r.reply(message{
		content:  fmt.Sprintf("%s, %s offers %s.", seatRef(opp), seatName(g.Seats[side]), what),
		mentions: []string{opp.ID},
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: gameAction(g.ID, g.Ply, verbDrawYes).String()},
			discordgo.Button{Label: "Decline", Style: discordgo.SecondaryButton, CustomID: gameAction(g.ID, g.Ply, verbDrawNo).String()},
		}}},
	})
}

// agreedText names the result an agreement would give.
func agreedText(v *engine.Variant, g *store.Game, o engine.Outcome) string {
	if o.Status == engine.Win {
		return fmt.Sprintf("**%s (%s) would win**", v.Sides[o.Winner], seatName(g.Seats[o.Winner]))
	}
	return "it would be **a draw**"
}

// agreedDetail is why an agreement ends as it does: how the count came
// out.
func agreedDetail(o engine.Outcome) string {
	if o.Detail != "" {
		return o.Detail
	}
	return o.Reason
}

// agreedEnd is how a game ends when both agree, as the position says.
func agreedEnd(o engine.Outcome, by string) store.End {
	if o.Status == engine.Win {
		return store.End{Result: store.Win, Winner: o.Winner, Reason: o.Reason, By: by}
	}
	if o.Detail != "" {
		return store.End{Result: store.Draw, Reason: o.Reason, By: by}
	}
	return store.End{Result: store.Draw, Reason: store.ReasonAgreement, By: by}
}

// countsAtAgreement reports whether an agreed end in v is decided by a
// count rather than a draw.
func countsAtAgreement(v *engine.Variant) bool { return v.Agreement == engine.AgreedCount }

// endingRule explains how a game without agreed endings ends.
func endingRule(v *engine.Variant) string {
	if v.Ending != "" {
		return v.Ending
	}
	return "play it out, or resign."
}

// takebackCommand takes back moves in a casual game: at once against the
// AI, with the opponent's consent otherwise.
func (r *request) takebackCommand() error {
	b := r.b
	id, err := r.gameRef()
	if err != nil {
		return err
	}
	unlock := b.locks.lock(id)
	defer unlock()
	st, err := b.load(r.ctx, id)
	if err != nil {
		return err
	}
	side, err := sideOf(&st, r.user.ID)
	if err != nil {
		return err
	}
	g := &st.Game
	if g.Over() {
		return userErrorf("Game #%d is over; there is nothing to take back.", g.ID)
	}
	if g.Rated {
		return userErrorf("Game #%d is rated: takebacks are only for casual games and games against zugbot.", g.ID)
	}
	// Take back to just before the user's own last move.
	undo := 1
	if st.Position.Turn() == side {
		undo = 2
	}
	if undo > g.Ply || (undo == 2 && g.Ply < 2) {
		return userErrorf("You have not moved yet in game #%d.", g.ID)
	}
	opp := g.Seats[side.Other()]
	if opp.IsAI() {
		ng, err := b.store.Takeback(r.ctx, g.ID, g.Ply, undo)
		if err != nil {
			return storeError(g.ID, err)
		}
		if st, err = b.load(r.ctx, ng.ID); err != nil {
			return err
		}
		if err := r.say("Took back your last move in game #%d.", g.ID); err != nil {
			return err
		}
		return b.editBoard(r.ctx, &st, boardView{note: fmt.Sprintf("%s took back their last move.", r.player().Name)})
	}
	if o := g.Offer; o.Kind == store.TakebackOffer && o.By == side && o.Ply == g.Ply {
		return userErrorf("You have already asked to take back your move in game #%d; %s has not answered yet.", g.ID, seatName(opp))
	}
	ng, err := b.store.Offer(r.ctx, g.ID, store.Offer{Kind: store.TakebackOffer, By: side, Ply: g.Ply, Undo: undo})
	if err != nil {
		return storeError(g.ID, err)
	}
	return r.reply(message{
		content:  fmt.Sprintf("%s, %s asks to take back their last move in game #%d.", seatRef(opp), seatName(ng.Seats[side]), g.ID),
		mentions: []string{opp.ID},
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: gameAction(g.ID, g.Ply, verbTakeYes).String()},
			discordgo.Button{Label: "Decline", Style: discordgo.SecondaryButton, CustomID: gameAction(g.ID, g.Ply, verbTakeNo).String()},
		}}},
	})
}

// answerOffer accepts or declines a pending draw or takeback offer.
func (r *request) answerOffer(a action) error {
	b := r.b
	unlock := b.locks.lock(a.id)
	defer unlock()
	st, err := b.load(r.ctx, a.id)
	if err != nil {
		return err
	}
	side, err := sideOf(&st, r.user.ID)
	if err != nil {
		return err
	}
	g := &st.Game
	kind := store.DrawOffer
	if a.verb == verbTakeYes || a.verb == verbTakeNo {
		kind = store.TakebackOffer
	}
	if g.Over() {
		return userErrorf("Game #%d is already over.", g.ID)
	}
	if g.Offer.Kind != kind || g.Offer.Ply != a.ply {
		return userErrorf("That offer in game #%d is no longer open: the game has moved on or it was answered.", g.ID)
	}
	if g.Offer.By == side {
		return userErrorf("It is your own offer; your opponent answers it.")
	}
	closed := func(text string) error {
		return r.update(message{content: fmt.Sprintf("%s (game #%d)", text, g.ID)})
	}
	switch a.verb {
	case verbDrawNo, verbTakeNo:
		if _, err := b.store.DeclineOffer(r.ctx, g.ID, kind, a.ply); err != nil {
			return storeError(g.ID, err)
		}
		return closed(fmt.Sprintf("%s declined the %s.", seatName(g.Seats[side]), kind))
	case verbDrawYes:
		agreed, _ := st.Position.Agreed()
		ng, err := b.store.AcceptOffer(r.ctx, g.ID, kind, side, a.ply, agreedEnd(agreed, r.user.ID))
		if err != nil {
			return storeError(g.ID, err)
		}
		st.Game = ng
		if err := closed(fmt.Sprintf("%s accepted: %s", seatName(g.Seats[side]), b.resultText(&ng))); err != nil {
			return err
		}
		return b.editBoard(r.ctx, &st, boardView{replay: true})
	default: // verbTakeYes
		if _, err := b.store.AcceptOffer(r.ctx, g.ID, kind, side, a.ply, store.End{}); err != nil {
			return storeError(g.ID, err)
		}
		if st, err = b.load(r.ctx, g.ID); err != nil {
			return err
		}
		if err := closed(fmt.Sprintf("%s accepted the takeback.", seatName(st.Game.Seats[side]))); err != nil {
			return err
		}
		return b.editBoard(r.ctx, &st, boardView{note: fmt.Sprintf("%s agreed to take back %s's last move.", seatName(st.Game.Seats[side]), seatName(st.Game.Seats[side.Other()]))})
	}
}

// rematch starts a new game between the same players with colours swapped:
// at once against the AI, as a challenge to a person.
func (r *request) rematch(id int64) error {
	b := r.b
	st, err := b.load(r.ctx, id)
	if err != nil {
		return err
	}
	side, err := sideOf(&st, r.user.ID)
	if err != nil {
		return err
	}
	g := &st.Game
	if !g.Over() {
		return userErrorf("Game #%d is still going.", g.ID)
	}
	opp := g.Seats[side.Other()]
	if opp.IsAI() {
		if err := r.deferReply(false); err != nil {
			return err
		}
		var seats [2]store.Seat
		seats[side.Other()] = store.Seat{Player: r.player()}
		seats[side] = opp
		return r.startGame(store.NewGame{Variant: g.Variant, Start: g.Start, Seats: seats, GuildID: r.i.GuildID, ChannelID: r.i.ChannelID, RematchOf: g.ID},
			fmt.Sprintf("Rematch of game #%d.", g.ID))
	}
	if c, ok, err := r.openRematch(g.ID); err != nil {
		return err
	} else if ok && c.Challenger.ID == r.user.ID {
		return userErrorf("You have already offered a rematch of game #%d; it is up to %s now.", g.ID, c.Opponent.Name)
	} else if ok {
		return r.acceptRematch(c)
	}
	colour := store.Second // colours swapped: the side that moved second now moves first
	if side == 1 {
		colour = store.First
	}
	return r.postChallenge(store.NewChallenge{
		Challenger: r.player(), Opponent: opp.Player, Variant: g.Variant, Start: g.Start, Colour: colour,
		Rated: g.Rated || g.Capped, DaysPerMove: g.DaysPerMove, GuildID: g.GuildID, ChannelID: r.i.ChannelID, RematchOf: g.ID,
	})
}
