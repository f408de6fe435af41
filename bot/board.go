package bot

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/rules"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// maxPickerMoves is the most legal moves for which the board offers the
// select-menu move picker; beyond it (rare positions with long multiple
// captures) players type.
const maxPickerMoves = 2000

// boardView is what a board message shows besides the game itself.
type boardView struct {
	selected *int   // the point whose piece the player picked
	note     string // a line about what just happened
	ping     bool   // mention the player to move
	replay   bool   // attach the replay GIF (at the end)
}

// seatName names a seat for people: the player's name or the AI's level.
func seatName(s store.Seat) string { return table.SeatName(s) }

// seatRef is how a message refers to a seat: a mention for a person.
func seatRef(s store.Seat) string {
	if s.IsAI() {
		return "zugbot"
	}
	return "<@" + s.ID + ">"
}

// ratingText returns a seat's rating in the game's variant, or "".
func (b *Bot) ratingText(ctx context.Context, g *store.Game, side engine.Side) string {
	s := g.Seats[side]
	if s.IsAI() {
		return ""
	}
	if rt := g.Ratings[side]; rt.Read() {
		return rt.String() // read with the game
	}
	rt, err := b.store.Rating(ctx, s.ID, g.Variant)
	if err != nil {
		b.log.Warn("rating", "player", s.ID, "err", err)
		return ""
	}
	return rt.String()
}

// lastMove returns the description of the game's last move, for the
// renderer, and its notation; nil when no move was played.
func (b *Bot) lastMove(st *store.State) (*engine.MoveInfo, string, error) {
	if len(st.Moves) == 0 {
		return nil, "", nil
	}
	v := st.Position.Variant()
	before, err := store.Replay(v, st.Game.Start, st.Moves[:len(st.Moves)-1])
	if err != nil {
		return nil, "", err
	}
	last := st.Moves[len(st.Moves)-1].Notation
	m, err := before.ParseMove(last)
	if err != nil {
		return nil, "", fmt.Errorf("game %d: last move %q: %w", st.Game.ID, last, err)
	}
	info := before.Describe(m)
	return &info, last, nil
}

// boardMessage composes the message that shows a game.
func (b *Bot) boardMessage(ctx context.Context, st *store.State, view boardView) (message, error) {
	g := &st.Game
	p := st.Position
	v := p.Variant()
	ratings := [2]string{b.ratingText(ctx, g, 0), b.ratingText(ctx, g, 1)}
	info, last, err := b.lastMove(st)
	if err != nil {
		return message{}, err
	}
	opt := render.Options{LastMove: info, Selected: view.selected, Ratings: ratings}
	for side := range 2 {
		opt.Players[side] = seatName(g.Seats[side])
	}
	// A game against the AI is shown from the person's side.
	if g.Seats[0].IsAI() != g.Seats[1].IsAI() {
		human := engine.Side(0)
		if g.Seats[0].IsAI() {
			human = 1
		}
		opt.Viewer = &human
	}
	var png bytes.Buffer
	start := time.Now()
	if err := b.render.PNG(&png, p, opt); err != nil {
		return message{}, fmt.Errorf("render game %d: %w", g.ID, err)
	}
	b.metrics.rendered(time.Since(start))
	picture := fmt.Sprintf("zugbot-%d-%d.png", g.ID, g.Ply)

	var desc strings.Builder
	for side := range 2 {
		fmt.Fprintf(&desc, "**%s**: %s", v.Sides[side], seatName(g.Seats[side]))
		if ratings[side] != "" {
			fmt.Fprintf(&desc, " (%s)", ratings[side])
		}
		if g.Clock.Live() {
			fmt.Fprintf(&desc, " · ⏱ %s", clockTime(g.TimeLeft(engine.Side(side), b.now())))
		}
		desc.WriteString("\n")
	}
	if g.Clock.Live() {
		fmt.Fprintf(&desc, "Time control: %s\n", table.ClockText(g.Clock, g.DaysPerMove))
	}
	if g.Tournament != 0 {
		fmt.Fprintf(&desc, "Tournament #%d, round %d\n", g.Tournament, g.Round)
	}
	if last != "" {
		mover := g.Seats[p.Turn().Other()] // every ply, passes too, hands the turn over
		fmt.Fprintf(&desc, "Last move: **%s** (%s)\n", last, seatName(mover))
	}
	var content string
	if g.Over() {
		desc.WriteString(b.resultText(g) + "\n")
		for _, c := range g.Changes {
			fmt.Fprintf(&desc, "%s: %d → %d (%+d)\n", seatName(g.Seats[c.Side]), c.Before, c.After, c.Delta())
		}
		for _, s := range g.Seats {
			if g.Hints > 0 && !s.IsAI() { // hints are given only against the AI
				fmt.Fprintf(&desc, "%s had %s from zugbot.\n", seatName(s), plural(g.Hints, "hint"))
			}
		}
		if g.Capped {
			fmt.Fprintf(&desc, "Not rated: these two players already had %d rated games in %s.\n", rules.RatedCap, table.DurationText(rules.RatedCapWindow))
		}
	} else {
		toMove := g.Seats[p.Turn()]
		fmt.Fprintf(&desc, "**%s** (%s) to move", seatName(toMove), v.Sides[p.Turn()])
		if !g.Deadline.IsZero() {
			fmt.Fprintf(&desc, " · time runs out <t:%d:R>", g.Deadline.Unix())
		}
		desc.WriteString("\n")
		if g.Offer.Kind != store.NoOffer {
			fmt.Fprintf(&desc, "%s offers a %s.\n", seatName(g.Seats[g.Offer.By]), g.Offer.Kind)
		}
		if view.ping && !toMove.IsAI() {
			content = fmt.Sprintf("%s, your move in game #%d.", seatRef(toMove), g.ID)
		}
	}
	if view.note != "" {
		content = strings.TrimSpace(view.note + "\n" + content)
	}
	kind := "casual"
	if g.Rated {
		kind = "rated"
	}
	m := message{
		content: content,
		embeds: []*discordgo.MessageEmbed{{
			Title:       fmt.Sprintf("Game #%d · %s", g.ID, v.Name),
			Description: desc.String(),
			Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + picture},
			Footer:      &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("%s · ply %d · %s", kind, g.Ply, v.Credit)},
			Color:       0x2b6cb0,
		}},
		files: []file{pngFile(picture, png.Bytes())},
	}
	if view.ping && !g.Over() && !g.Seats[p.Turn()].IsAI() {
		m.mentions = []string{g.Seats[p.Turn()].ID}
	}
	if g.Over() {
		m.components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Rematch", Style: discordgo.PrimaryButton, CustomID: gameAction(g.ID, g.TurnVersion, verbRematch).String()},
			discordgo.Button{Label: "Analyse", Style: discordgo.SecondaryButton, CustomID: gameAction(g.ID, g.TurnVersion, verbAnalyse).String()},
		}}}
		if b.live != nil && table.Watchable(g) { // its replay on the web, for whoever may see the game
			row := m.components[0].(discordgo.ActionsRow)
			row.Components = append(row.Components, discordgo.Button{Label: "Replay", Style: discordgo.LinkButton, URL: b.live.GameURL(g)})
			m.components[0] = row
		}
		if view.replay {
			var gif bytes.Buffer
			start, moves, err := store.ParseGame(v, g.Start, st.Moves)
			if err != nil {
				return message{}, err
			}
			gopt := opt
			gopt.LastMove, gopt.Selected = nil, nil
			if err := b.render.GIF(ctx, &gif, start, moves, gopt); err != nil {
				return message{}, fmt.Errorf("replay of game %d: %w", g.ID, err)
			}
			m.files = append(m.files, gifFile(fmt.Sprintf("zugbot-%d-replay.gif", g.ID), gif.Bytes()))
		}
		return m, nil
	}
	m.components = b.controls(st, view.selected)
	return m, nil
}

// resultText says how a finished game ended, its head in bold, naming a
// moderator who aborted it by a mention.
func (b *Bot) resultText(g *store.Game) string {
	r := table.ResultOf(b.variants[g.Variant], g, func(id string) string { return "<@" + id + ">" })
	if g.Over() {
		r.Head = "**" + r.Head + "**"
	}
	return r.String()
}

// controls returns the board's move picker and buttons for the side to move.
func (b *Bot) controls(st *store.State, selected *int) []discordgo.MessageComponent {
	g := &st.Game
	p := st.Position
	var rows []discordgo.MessageComponent
	moves := p.Moves(nil)
	var buttons []discordgo.MessageComponent
	if len(moves) == 1 && len(p.Describe(moves[0]).Path) == 0 {
		// A forced pass: one button plays it.
		buttons = append(buttons, discordgo.Button{
			Label: "Pass (no legal move)", Style: discordgo.SuccessButton,
			CustomID: gameAction(g.ID, g.TurnVersion, verbTo).with(p.FormatMove(moves[0])).String(),
		})
	} else if len(moves) <= maxPickerMoves {
		rows = append(rows, b.picker(st, moves, selected)...)
	}
	buttons = append(buttons, discordgo.Button{Label: "Type a move", Style: discordgo.PrimaryButton, CustomID: gameAction(g.ID, g.TurnVersion, verbType).String()})
	if _, ok := p.Agreed(); ok {
		label := "Offer draw"
		if table.CountsAtAgreement(p.Variant()) {
			label = "Propose agreed end"
		}
		buttons = append(buttons, discordgo.Button{Label: label, Style: discordgo.SecondaryButton, CustomID: gameAction(g.ID, g.TurnVersion, verbDraw).String()})
	}
	buttons = append(buttons, discordgo.Button{Label: "Resign", Style: discordgo.DangerButton, CustomID: gameAction(g.ID, g.TurnVersion, verbResign).String()})
	if b.live != nil {
		buttons = append(buttons, discordgo.Button{Label: "Live board", Style: discordgo.SecondaryButton, CustomID: gameAction(g.ID, g.TurnVersion, verbLive).String()})
	}
	if b.activity && g.GuildID != "" { // in servers only: a launch in a DM with the bot is unverified
		buttons = append(buttons, discordgo.Button{Label: "Play in Discord", Style: discordgo.SecondaryButton, CustomID: gameAction(g.ID, g.TurnVersion, verbActivity).String()})
	}
	for len(buttons) > maxRowButtons {
		rows = append(rows, discordgo.ActionsRow{Components: buttons[:maxRowButtons]})
		buttons = buttons[maxRowButtons:]
	}
	return append(rows, discordgo.ActionsRow{Components: buttons})
}

// picker returns the select menus of the move picker: the pieces that can
// move, and once one is picked, its moves.
func (b *Bot) picker(st *store.State, moves []engine.Move, selected *int) []discordgo.MessageComponent {
	g := &st.Game
	p := st.Position
	pts := p.Variant().Geometry.Points
	count := map[int]int{}
	var order []int
	byPoint := map[int][]engine.Move{}
	for _, m := range moves {
		path := p.Describe(m).Path
		if len(path) == 0 {
			continue
		}
		if count[path[0]] == 0 {
			order = append(order, path[0])
		}
		count[path[0]]++
		byPoint[path[0]] = append(byPoint[path[0]], m)
	}
	var pieceOpts []discordgo.SelectMenuOption
	for _, i := range order {
		n := count[i]
		desc := fmt.Sprintf("%d moves", n)
		if n == 1 {
			desc = "1 move: " + p.FormatMove(byPoint[i][0])
		}
		pieceOpts = append(pieceOpts, discordgo.SelectMenuOption{
			Label: pieceLabel(p.Piece(i)) + " on " + pts[i].Name, Value: pts[i].Name, Description: desc,
			Default: selected != nil && *selected == i,
		})
	}
	var rows []discordgo.MessageComponent
	pieceMenus := chunkOptions(pieceOpts, 2)
	for k, opts := range pieceMenus {
		ph := "Choose a piece to move"
		if len(pieceMenus) > 1 {
			ph = fmt.Sprintf("Choose a piece to move (%d of %d)", k+1, len(pieceMenus))
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			MenuType: discordgo.StringSelectMenu, CustomID: gameAction(g.ID, g.TurnVersion, verbPick).with(strconv.Itoa(k)).String(),
			Placeholder: ph, Options: opts,
		}}})
	}
	if selected != nil {
		var moveOpts []discordgo.SelectMenuOption
		for _, m := range byPoint[*selected] {
			s := p.FormatMove(m)
			if len(s) > 100 {
				continue // too long for a menu; it can still be typed
			}
			moveOpts = append(moveOpts, discordgo.SelectMenuOption{Label: s, Value: s})
		}
		menus := chunkOptions(moveOpts, 4-len(rows))
		ph, shown := "Choose the move of "+pts[*selected].Name, 0
		for _, opts := range menus {
			shown += len(opts)
		}
		if shown < len(moveOpts) {
			// A piece with many paths (a rider that may turn) can have
			// more moves than the menus hold.
			ph += fmt.Sprintf(" (%d of its %d moves; type the others)", shown, len(moveOpts))
		}
		for k, opts := range menus {
			rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
				MenuType: discordgo.StringSelectMenu, CustomID: gameAction(g.ID, g.TurnVersion, verbTo).with(strconv.Itoa(k)).String(),
				Placeholder: ph, Options: opts,
			}}})
		}
	}
	return rows
}

// chunkOptions splits options into at most max menus of Discord's 25.
func chunkOptions(opts []discordgo.SelectMenuOption, max int) [][]discordgo.SelectMenuOption {
	var out [][]discordgo.SelectMenuOption
	for len(opts) > 0 && len(out) < max {
		n := min(len(opts), 25)
		out = append(out, opts[:n])
		opts = opts[n:]
	}
	return out
}

// pieceLabel names a piece for a menu: its kind's name, capitalised.
func pieceLabel(pc engine.Piece) string {
	name := pc.Kind.String()
	if name == "" {
		return "Piece"
	}
	r, n := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[n:]
}

// clockTime writes the time on a player's clock: "4:32", or "0:09.5" under
// ten seconds.
func clockTime(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("0:%04.1f", d.Seconds())
	}
	d = d.Truncate(time.Second)
	return fmt.Sprintf("%d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}
