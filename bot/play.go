package bot

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
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
		return store.FirstColour
	case "second":
		return store.SecondColour
	}
	return store.RandomColour
}

// play starts a casual game against the AI.
func (r *request) play() error {
	b := r.b
	v, err := r.variantOpt("game")
	if err != nil {
		return err
	}
	level := int64(table.DefaultLevel)
	if n, ok := r.intOpt("level"); ok {
		level = n
	}
	var clk store.Clock
	if text := r.stringOpt("clock"); text != "" {
		if clk, err = table.ParseClock(text); err != nil {
			return err
		}
	}
	var deferErr error
	u, err := b.table.PlayAI(r.ctx, table.AIGame{Variant: v.ID, Player: r.player(), Level: int(level), Colour: r.colourOpt(), Clock: clk,
		GuildID: r.i.GuildID, ChannelID: r.i.ChannelID, Starting: func() { deferErr = r.deferReply(false) }})
	if deferErr != nil {
		b.log.Warn("could not defer the answer to /play", "err", deferErr)
	}
	if err != nil {
		return err
	}
	return r.showStarted(&u, "", false)
}

// showStarted shows the board of a game that u started as the (deferred)
// response, with note, and the AI's opening; ping pings the player to
// move (not the one who asked for the game, who sees the reply).
func (r *request) showStarted(u *table.Update, note string, ping bool) error {
	if len(u.Moves) > 0 {
		note = strings.TrimSpace(note + fmt.Sprintf(" zugbot opened with **%s**.", u.Moves[0]))
	}
	m, err := r.b.boardMessage(r.ctx, &u.State, boardView{note: note, ping: ping})
	if err != nil {
		return err
	}
	return r.postBoard(&u.State, m)
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
	msg, err := r.out.Original(r.ctx)
	if err != nil {
		return fmt.Errorf("find the board message of game %d: %w", st.Game.ID, err)
	}
	g := &st.Game
	old, err := b.boardOf(r.ctx, g)
	if err != nil {
		return err
	}
	thread := "" // the board stays in the game's channel
	if msg.ChannelID != g.ChannelID {
		thread = msg.ChannelID
	}
	if err := b.posts.SetPost(r.ctx, store.PostedGame, g.ID, thread, msg.ID); err != nil {
		return err
	}
	b.drawn(r.ctx, &st.Game)
	if thread != "" && b.isThread(r.ctx, thread) {
		// A member of the thread keeps access to it, and sees it archived
		// and woken up (https://discord.com/developers/docs/topics/threads#thread-membership).
		if err := b.post.JoinThread(r.ctx, thread); err != nil {
			r.degraded("join this thread, where the board now is", thread, err)
		}
	}
	// The previous board message keeps its picture but loses its controls.
	if old.Message != "" && old.Message != msg.ID {
		note := fmt.Sprintf("This board has moved to a newer message: %s", messageLink(g.GuildID, msg.ChannelID, msg.ID))
		empty := []discordgo.MessageComponent{}
		_, err := b.post.EditMessage(r.ctx, &discordgo.MessageEdit{ID: old.Message, Channel: boardChannel(g, old), Content: &note, Components: &empty})
		if err != nil {
			b.log.Warn("could not retire an old board", "game", g.ID, "err", err)
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

// playText plays a typed move in game id and updates the board. The answer
// is deferred when it may take long: the AI is to reply, or the move ends
// the game and its replay GIF is to be drawn; a refusal comes before that,
// so that it stays private.
func (r *request) playText(id int64, ply int, text string, onBoard bool) error {
	b := r.b
	var (
		st   store.State
		ends bool
		err  error
	)
	if r.game != nil && r.game.Game.ID == id {
		st = *r.game // a control's game, loaded already
		ends, err = b.table.CheckIn(&st, r.user.ID, ply, text)
	} else {
		st, ends, err = b.table.Check(r.ctx, id, r.user.ID, ply, text)
	}
	if err != nil {
		return err
	}
	ply = st.Game.Ply // /move plays in the position it was checked in
	side, _ := st.Game.SideOf(r.user.ID)
	if ends || st.Game.Seats[side.Other()].IsAI() {
		if onBoard {
			err = r.deferUpdate()
		} else {
			err = r.deferReply(true)
		}
		if err != nil {
			return err
		}
	}
	u, err := b.table.PlayIn(r.ctx, st, r.user.ID, ply, text, table.PlayOptions{AwaitReply: true, OnWait: r.waiting})
	if err != nil {
		return err
	}
	reply := u.Reply
	switch {
	case reply == nil && table.AIToMove(&u.State):
		// The player's move stands: show it. The service tries the reply
		// again, and it reaches the board as a change made elsewhere.
		r.problems = append(r.problems, "zugbot could not reply yet; its reply will show on the board when it comes.")
		return r.afterMove(&u.State, onBoard, u.Moves[0], nil)
	case reply == nil:
		return r.afterMove(&u.State, onBoard, u.Moves[0], nil)
	case reply.State.Game.Ply < u.State.Game.Ply && !onBoard:
		// Taken back while the AI thought: the takeback has drawn the board.
		return r.reply(message{content: fmt.Sprintf("Game #%d: you played **%s**, and then took it back.", id, u.Moves[0]), ephemeral: true})
	}
	return r.afterMove(&reply.State, onBoard, u.Moves[0], reply.Moves)
}

// waiting shows, in a deferred answer, that the AI's reply waits behind
// ahead others; the answer replaces it when the move comes.
func (r *request) waiting(ahead int) {
	if !r.deferred {
		return
	}
	text := "zugbot is thinking — yours is next."
	switch ahead {
	case 0:
	case 1:
		text = "zugbot is thinking — 1 game ahead of yours."
	default:
		text = fmt.Sprintf("zugbot is thinking — %d games ahead of yours.", ahead)
	}
	r.meanwhile(text)
}

// meanwhile shows text in the deferred answer until the answer comes. It
// is sent apart, so that the work under way (an AI worker) never waits on
// Discord; an edit that would come after the answer is not sent.
func (r *request) meanwhile(text string) {
	seq := r.interimSeq.Add(1)
	go func() {
		r.interim.Lock()
		defer r.interim.Unlock()
		if r.answered || seq < r.interimShown || r.expired.Load() {
			return // answered, a later text went first, or too late for edits
		}
		r.interimShown = seq
		if _, err := r.out.Edit(r.ctx, &discordgo.WebhookEdit{Content: &text}); err != nil {
			if tokenExpired(err) {
				r.expired.Store(true)
			}
			r.b.log.Warn("could not show progress", "user", r.user.ID, "text", text, "err", err)
		}
	}()
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
	if err := r.checkPlace(&st.Game); err != nil {
		return err
	}
	if r.boolOpt("live", false) {
		// Someone who does not play watches only what they can see: the
		// game's channel, or its thread, where they ask.
		g := &st.Game
		if _, player := g.SideOf(r.user.ID); !player && r.i.ChannelID != g.ChannelID {
			ch, err := r.b.channelOf(r.ctx, g)
			if err != nil {
				return err
			}
			if r.i.ChannelID != ch {
				return userErrorf("Ask for game #%d's live board in its channel, <#%s>.", g.ID, ch)
			}
		}
		return r.liveLink(g)
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

// checkPlace refuses to show game g, or to act on it through a control,
// where the service's visibility policy (table.CanView) does not let it
// be seen: a board posted in a server is read by all its members.
func (r *request) checkPlace(g *store.Game) error {
	return table.CanView(r.viewer(false), g)
}

// viewer is the asker as the visibility policy sees them: private when
// only they read the answer (an ephemeral reply; a DM is private anyway).
func (r *request) viewer(private bool) table.Viewer {
	return table.Viewer{User: r.user.ID, Guild: r.i.GuildID, Private: private}
}

// seated is a handler of a control of game a.id that needs the game and
// the clicking player's side, and checks that the board is current.
type seated func(r *request, a action, st *store.State, side engine.Side) error

// onGame makes a control's handler of f: with the game the interaction
// loaded, it finds the player's side and refuses a stale board.
func onGame(f seated) func(*request, action) error {
	return func(r *request, a action) error {
		st := r.game
		side, err := table.SideIn(st, r.user.ID)
		if err != nil {
			return err
		}
		if a.version == 0 {
			// A control of a zugbot before controls carried the turn's
			// version (they carried its ply): refused as stale, and the
			// board it is on redrawn with controls of today's.
			if r.onBoard(&st.Game) {
				r.later(func() { r.showBoard(st, boardView{note: lastMoveNote(st), replay: st.Game.Over()}) })
			}
			return r.b.table.Explain(a.id, store.ErrStalePly)
		}
		if a.version != st.Game.TurnVersion {
			return r.b.table.Explain(a.id, store.ErrStalePly)
		}
		return f(r, a, st, side)
	}
}

// pickPiece draws the picked piece's moves on the board (the select menu
// of pieces).
func (r *request) pickPiece(a action, st *store.State, side engine.Side) error {
	if err := r.b.table.CheckTurn(st, side); err != nil {
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
	m, err := r.b.boardMessage(r.ctx, st, boardView{selected: &pt})
	if err != nil {
		return err
	}
	if !r.onBoard(&st.Game) {
		return r.update(m) // a copy (in a DM), which only this answer draws
	}
	// The game's board: the answer in turn with its other edits. A change
	// made since st was loaded has drawn the board, or will draw it, so
	// the pick is refused as it would have been a moment later.
	unlock, same := r.lockBoard(st)
	defer unlock()
	if !same {
		return r.b.table.Explain(a.id, store.ErrStalePly)
	}
	return r.update(m)
}

// pickMove plays the move chosen in the board's select menu of moves, or
// carried by a button (a forced pass).
func (r *request) pickMove(a action, st *store.State, _ engine.Side) error {
	text := a.arg
	if r.i.Type == discordgo.InteractionMessageComponent && len(r.i.MessageComponentData().Values) == 1 {
		text = r.i.MessageComponentData().Values[0]
	}
	return r.playText(a.id, st.Game.Ply, text, true)
}

// askMove opens the "Type a move" modal.
func (r *request) askMove(a action, st *store.State, side engine.Side) error {
	if err := r.b.table.CheckTurn(st, side); err != nil {
		return err
	}
	return r.respond(discordgo.InteractionResponseModal, &discordgo.InteractionResponseData{
		CustomID: gameAction(a.id, a.version, verbTyped).String(),
		Title:    fmt.Sprintf("Your move in game #%d", a.id),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: "move", Label: "Move", Style: discordgo.TextInputShort, Placeholder: moveExample(st.Position), Required: true, MaxLength: table.MaxMoveLen},
		}}},
	})
}

// typedMove plays the move typed in the modal.
func (r *request) typedMove(a action, st *store.State, _ engine.Side) error {
	if r.i.Type != discordgo.InteractionModalSubmit {
		return userErrorf("This control belongs to an older version of zugbot; use /board to get a fresh one.")
	}
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
	return r.playText(a.id, st.Game.Ply, text, r.onBoard(&st.Game))
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
	st, err := r.b.table.CanResign(r.ctx, id, r.user.ID)
	if err != nil {
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
			discordgo.Button{Label: "Yes, resign", Style: discordgo.DangerButton, CustomID: gameAction(st.Game.ID, st.Game.TurnVersion, verbResignYes).String()},
		}}},
	}.data())
}

// resign ends game id as a loss for the user, once confirmed.
func (r *request) resign(id int64, ply int) error {
	b := r.b
	u, err := b.table.Resign(r.ctx, id, r.user.ID, ply)
	if err != nil {
		return err
	}
	if err := r.update(message{content: fmt.Sprintf("You resigned game #%d.", id)}); err != nil {
		return err
	}
	r.showBoard(&u.State, boardView{replay: true, note: fmt.Sprintf("%s resigned.", seatName(u.State.Game.Seats[u.Side]))})
	return nil
}

// drawCommand offers a draw (or the game's agreed ending).
func (r *request) drawCommand() error {
	id, err := r.gameRef()
	if err != nil {
		return err
	}
	return r.offerDraw(id, -1)
}

// offerDraw offers the agreed ending to the opponent, confirmed at ply
// confirmed (-1: not yet; see table.OfferDraw). Where a count decides it,
// the player is first shown the count, privately, with a button to offer
// it. The AI answers by its own judgement, which takes a search: then the
// answer is deferred.
func (r *request) offerDraw(id int64, confirmed int) error {
	b := r.b
	var deferErr error
	u, err := b.table.OfferDraw(r.ctx, id, r.user.ID, table.DrawOptions{Confirmed: confirmed, Thinking: func() { deferErr = r.deferReply(false) }})
	if deferErr != nil {
		b.log.Warn("could not defer the answer to a draw offer", "game", id, "err", deferErr)
	}
	var c *table.Confirmation
	if errors.As(err, &c) {
		return r.privately(message{
			content: c.Error(),
			components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Yes, offer it", Style: discordgo.DangerButton, CustomID: gameAction(id, c.TurnVersion, verbDrawSure).String()},
			}}},
		})
	}
	if err != nil {
		return err
	}
	g := &u.State.Game
	v := u.State.Position.Variant()
	switch {
	case u.ByAI:
		if err := r.reply(message{content: fmt.Sprintf("zugbot accepts %s's offer: game #%d ends by agreement. %s", seatName(g.Seats[u.Side]), g.ID, b.resultText(g))}); err != nil {
			return err
		}
		r.showBoard(&u.State, boardView{replay: true})
		return nil
	case u.Event == table.Agreed: // the opponent had offered first
		opp := g.Seats[u.Side.Other()]
		if err := r.reply(message{content: fmt.Sprintf("%s accepts %s's offer in game #%d: %s", seatName(g.Seats[u.Side]), seatName(opp), g.ID, b.resultText(g))}); err != nil {
			return err
		}
		r.showBoard(&u.State, boardView{replay: true})
		return nil
	}
	what := fmt.Sprintf("a draw in game #%d", g.ID)
	if table.CountsAtAgreement(v) {
		what = fmt.Sprintf("to end game #%d by agreement. In %s that means %s now: %s, so %s",
			g.ID, v.Game, v.Counting, table.AgreedDetail(u.Agreed), table.AgreedText(v, g, u.Agreed))
	}
	return r.offerMessage(&u, fmt.Sprintf("offers %s", what), verbDrawYes, verbDrawNo)
}

// offerMessage answers with an offer to the opponent, who is pinged, with
// Accept and Decline buttons.
func (r *request) offerMessage(u *table.Update, what, yes, no string) error {
	g := &u.State.Game
	opp := g.Seats[u.Side.Other()]
	return r.reply(message{
		content:  fmt.Sprintf("%s, %s %s.", seatRef(opp), seatName(g.Seats[u.Side]), what),
		mentions: []string{opp.ID},
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: gameAction(g.ID, g.TurnVersion, yes).String()},
			discordgo.Button{Label: "Decline", Style: discordgo.SecondaryButton, CustomID: gameAction(g.ID, g.TurnVersion, no).String()},
		}}},
	})
}

// takebackCommand takes back moves in a casual game: at once against the
// AI, with the opponent's consent otherwise.
func (r *request) takebackCommand() error {
	b := r.b
	id, err := r.gameRef()
	if err != nil {
		return err
	}
	u, err := b.table.Takeback(r.ctx, id, r.user.ID)
	if err != nil {
		return err
	}
	if u.Event == table.Offered {
		return r.offerMessage(&u, fmt.Sprintf("asks to take back their last move in game #%d", id), verbTakeYes, verbTakeNo)
	}
	if err := r.say("Took back your last move in game #%d.", id); err != nil {
		return err
	}
	r.showBoard(&u.State, boardView{note: fmt.Sprintf("%s took back their last move.", r.player().Name)})
	return nil
}

// answerOffer accepts or declines a pending draw or takeback offer: the
// one open in the turn the buttons were drawn for (an offer lapses when
// the turn does). The buttons of an older zugbot carry the offer's ply.
func (r *request) answerOffer(a action) error {
	b := r.b
	kind := store.DrawOffer
	if a.verb == verbTakeYes || a.verb == verbTakeNo {
		kind = store.TakebackOffer
	}
	ply := -1 // no offer's: the one shown is no longer open
	switch g := &r.game.Game; {
	case a.version == 0:
		ply = a.ply
	case a.version == g.TurnVersion:
		ply = g.Offer.Ply
	}
	u, err := b.table.Answer(r.ctx, a.id, r.user.ID, kind, ply, a.verb == verbDrawYes || a.verb == verbTakeYes)
	if err != nil {
		return err
	}
	g := &u.State.Game
	me, opp := seatName(g.Seats[u.Side]), seatName(g.Seats[u.Side.Other()])
	closed := func(text string) error {
		return r.update(message{content: fmt.Sprintf("%s (game #%d)", text, g.ID)})
	}
	switch u.Event {
	case table.Declined:
		return closed(fmt.Sprintf("%s declined the %s.", me, kind))
	case table.Agreed:
		if err := closed(fmt.Sprintf("%s accepted: %s", me, b.resultText(g))); err != nil {
			return err
		}
		r.showBoard(&u.State, boardView{replay: true})
		return nil
	}
	if err := closed(fmt.Sprintf("%s accepted the takeback.", me)); err != nil {
		return err
	}
	r.showBoard(&u.State, boardView{note: fmt.Sprintf("%s agreed to take back %s's last move.", me, opp)})
	return nil
}

// rematch asks for a rematch of finished game id (see table.Rematch):
// against the AI it starts at once; against a person it is a challenge,
// or the game itself when the opponent had asked first.
func (r *request) rematch(id int64) error {
	b := r.b
	var deferErr error
	rm, err := b.table.Rematch(r.ctx, id, r.player(), r.i.ChannelID, func() { deferErr = r.deferReply(false) })
	if deferErr != nil {
		b.log.Warn("could not defer the answer to a rematch", "game", id, "err", deferErr)
	}
	if err != nil {
		return err
	}
	if rm.Game.Event == 0 {
		return r.postChallenge(&rm.Challenge)
	}
	if c := rm.Challenge; rm.Accepted {
		r.later(func() {
			p, err := b.posts.Post(r.ctx, store.PostedChallenge, c.ID)
			if err == nil && p.Message != "" {
				m := b.closedChallenge(&c, fmt.Sprintf("accepted by %s: game #%d.", r.player().Name, rm.Game.State.Game.ID))
				_, err = b.post.EditMessage(r.ctx, m.channelEdit(c.ChannelID, p.Message))
			}
			if err != nil {
				b.log.Warn("could not close the rematch challenge's message", "challenge", c.ID, "err", err)
			}
		})
	}
	return r.showStarted(&rm.Game, fmt.Sprintf("Rematch of game #%d.", id), rm.Accepted)
}

// hintCommand answers /hint: the AI's suggestion for the player's move,
// privately, as an arrow on the board.
func (r *request) hintCommand() error {
	id, err := r.gameRef()
	if err != nil {
		return err
	}
	var deferErr error
	h, err := r.b.table.Hint(r.ctx, id, r.user.ID, -1, table.HintOptions{Thinking: func() { deferErr = r.deferReply(true) }})
	if deferErr != nil {
		r.b.log.Warn("could not defer the answer to /hint", "game", id, "err", deferErr)
	}
	if err != nil {
		return err
	}
	st := &h.State
	g := &st.Game
	side, _ := g.SideOf(r.user.ID)
	last, _, err := r.b.lastMove(st)
	if err != nil {
		return err
	}
	opt := render.Options{
		Viewer: &side, LastMove: last,
		Arrows:  []render.Arrow{{Move: st.Position.Describe(h.Move), Kind: render.Better}},
		Caption: "zugbot suggests " + h.Notation,
	}
	for s := range 2 {
		opt.Players[s] = seatName(g.Seats[s])
	}
	var png bytes.Buffer
	if err := r.b.render.PNG(&png, st.Position, opt); err != nil {
		return fmt.Errorf("render the hint in game %d: %w", id, err)
	}
	left := table.MaxHints - h.Used
	return r.reply(message{
		content: fmt.Sprintf("Hint for game #%d: zugbot would play **%s**. Play it, or anything else, with /move or on the board. (%s left in this game.)",
			id, h.Notation, plural(left, "hint")),
		files:     []file{pngFile(fmt.Sprintf("zugbot-%d-%d-hint.png", id, g.Ply), png.Bytes())},
		ephemeral: true,
	})
}
