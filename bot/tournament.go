package bot

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/tournament"
)

// A tournament lives in a channel: /tournament create posts its sign-up
// message there, with buttons to join, leave, start and call it off. At
// the start, a thread is opened on that message, and every round is
// posted there: its pairings (pinging the players), the standings so far
// as an image, and a board per game. The rounds are taken by the timer
// loop (a TournamentStep timer, due when a round's last game ends), so a
// restart mid-round carries on where it stood.

// tournamentCommand answers /tournament and its subcommands.
func (r *request) tournamentCommand() error {
	opts := r.i.ApplicationCommandData().Options
	if len(opts) == 0 {
		return userErrorf("Choose what to do: /tournament create, join, leave, start, pause, resume, cancel or standings.")
	}
	sub := opts[0].Name
	if sub == "create" {
		return r.createTournament()
	}
	id, err := r.tournamentRef()
	if err != nil {
		return err
	}
	if sub == "pause" || sub == "resume" {
		return r.pauseTournament(id, sub == "pause")
	}
	verb := map[string]string{"join": verbJoin, "leave": verbLeave, "start": verbStart, "cancel": verbCancelTournament, "standings": verbStandings}[sub]
	if verb == "" {
		return userErrorf("zugbot does not know /tournament %s.", sub)
	}
	return r.tournamentAct(tournamentAction(id, verb))
}

// tournamentRef returns the tournament the command names, or the latest
// one of this channel (or thread).
func (r *request) tournamentRef() (int64, error) {
	if id, ok := r.intOpt("tournament"); ok {
		return id, nil
	}
	tr, err := r.b.store.ChannelTournament(r.ctx, r.i.ChannelID)
	if errors.Is(err, store.ErrNotFound) {
		return 0, userErrorf("There is no tournament in this channel; give the tournament's number, or create one with /tournament create.")
	}
	return tr.ID, err
}

// createTournament answers /tournament create with the sign-up message.
func (r *request) createTournament() error {
	b := r.b
	v, err := r.variantOpt("game")
	if err != nil {
		return err
	}
	nt := store.NewTournament{
		GuildID: r.i.GuildID, ChannelID: r.i.ChannelID, Creator: r.player(), Variant: v.ID,
		Format: store.TournamentFormat(r.stringOpt("format")), Rated: r.boolOpt("rated", table.DefaultRated),
	}
	if rounds, ok := r.intOpt("rounds"); ok {
		nt.Rounds = max(int(rounds), -1) // 0 and below are refused, not the default
	}
	if nt.DaysPerMove, nt.Clock, err = r.timeControl(0, table.DefaultTournamentClock()); err != nil {
		return err
	}
	req := table.NewTournament{NewTournament: nt}
	if minutes, ok := r.intOpt("start"); ok {
		req.StartIn = time.Duration(max(minutes, -1)) * time.Minute
	}
	if !r.canPost("post the tournament", r.i.ChannelID) {
		return r.fail(userErrorf("%s", strings.Join(r.problems, " ")))
	}
	tr, err := b.table.CreateTournament(r.ctx, req)
	if err != nil {
		return err
	}
	if err := r.reply(b.tournamentMessage(&tr, store.Post{})); err != nil {
		return err
	}
	msg, err := r.out.Original(r.ctx)
	if err != nil {
		return fmt.Errorf("find the message of tournament %d: %w", tr.ID, err)
	}
	return b.posts.SetPost(r.ctx, store.PostedTournament, tr.ID, "", msg.ID)
}

// tournamentAct joins, leaves, starts, calls off or shows tournament a.id,
// from a button on its sign-up message or a subcommand.
func (r *request) tournamentAct(a action) error {
	b := r.b
	tr, err := b.table.TournamentHere(r.ctx, a.id, r.i.GuildID)
	if err != nil {
		return err
	}
	switch a.verb {
	case verbStandings:
		return r.showStandings(&tr)
	case verbJoin:
		if tr, err = b.table.JoinTournament(r.ctx, a.id, r.player()); err != nil {
			return err
		}
		return r.tournamentChanged(&tr, fmt.Sprintf("You are in tournament #%d: %s.", tr.ID, plural(len(tr.Players), "player")))
	case verbLeave:
		started := tr.State.Active()
		tr, u, err := b.table.LeaveTournament(r.ctx, a.id, r.user.ID)
		if err != nil {
			return err
		}
		note := fmt.Sprintf("You have left tournament #%d.", tr.ID)
		if started {
			note += " Your games still to come are forfeits."
		}
		if u.Event == table.Resigned {
			note += fmt.Sprintf(" Game #%d is resigned.", u.State.Game.ID)
			r.later(func() {
				r.showBoard(&u.State, boardView{note: fmt.Sprintf("%s left the tournament and resigned.", r.player().Name), replay: true})
			})
		}
		return r.tournamentChanged(&tr, note)
	}
	switch a.verb {
	case verbStart:
		if tr, err = b.table.StartTournamentAs(r.ctx, a.id, r.director()); err != nil {
			return err
		}
		return r.tournamentChanged(&tr, fmt.Sprintf("Tournament #%d has started: the first round's pairings are on their way.", tr.ID))
	case verbCancelTournament:
		if tr, err = b.table.CancelTournament(r.ctx, a.id, r.director()); err != nil {
			return err
		}
		return r.tournamentChanged(&tr, fmt.Sprintf("Tournament #%d is cancelled. Games going on are played on, as ordinary games.", tr.ID))
	}
	return fmt.Errorf("tournament verb %q", a.verb)
}

// director is the user as the runner of a tournament of this server.
func (r *request) director() table.Director {
	return table.Director{User: r.user.ID, GuildID: r.i.GuildID,
		Manager: r.i.Member != nil && r.i.Member.Permissions&discordgo.PermissionManageGuild != 0}
}

// pauseTournament pauses or resumes a tournament.
func (r *request) pauseTournament(id int64, pause bool) error {
	b := r.b
	var (
		tr   store.Tournament
		err  error
		note string
	)
	if pause {
		tr, err = b.table.PauseTournament(r.ctx, id, r.director())
		note = fmt.Sprintf("Tournament #%d is paused: the games of round %d go on, and the next round waits for /tournament resume.", id, tr.Round)
	} else {
		tr, err = b.table.ResumeTournament(r.ctx, id, r.director())
		note = fmt.Sprintf("Tournament #%d goes on.", id)
	}
	if err != nil {
		return err
	}
	return r.tournamentChanged(&tr, note)
}

// tournamentChanged answers a change of tr: the sign-up message redrawn
// (in place, for its own buttons), and note said to the user.
func (r *request) tournamentChanged(tr *store.Tournament, note string) error {
	b := r.b
	p, err := b.posts.Post(r.ctx, store.PostedTournament, tr.ID)
	if err != nil {
		return err
	}
	if r.i.Type == discordgo.InteractionMessageComponent && r.messageID() == p.Message {
		if err := r.update(b.tournamentMessage(tr, p)); err != nil {
			return err
		}
		return r.say("%s", note)
	}
	if err := r.say("%s", note); err != nil {
		return err
	}
	r.later(func() {
		if err := b.editTournamentMessage(r.ctx, tr); err != nil {
			r.degraded("update the tournament's message", tr.ChannelID, err)
		}
	})
	return nil
}

// editTournamentMessage redraws tr's sign-up message.
func (b *Bot) editTournamentMessage(ctx context.Context, tr *store.Tournament) error {
	p, err := b.posts.Post(ctx, store.PostedTournament, tr.ID)
	if err != nil || p.Message == "" {
		return err
	}
	_, err = b.post.EditMessage(ctx, b.tournamentMessage(tr, p).channelEdit(tr.ChannelID, p.Message))
	return err
}

// tournamentTitle names tr: "Tournament #3: Zola, Swiss, 5 rounds, live, 5+3, rated".
func (b *Bot) tournamentTitle(tr *store.Tournament) string {
	format := fmt.Sprintf("Swiss, %s", plural(tr.Rounds, "round"))
	if tr.Format == store.RoundRobin {
		format = "round robin"
		if tr.Rounds > 0 {
			format += ", " + plural(tr.Rounds, "round")
		}
	}
	kind := "casual"
	if tr.Rated {
		kind = "rated"
	}
	return fmt.Sprintf("Tournament #%d: %s, %s, %s, %s", tr.ID, b.variants[tr.Variant].Name, format, table.ClockText(tr.Clock, tr.DaysPerMove), kind)
}

// tournamentMessage is tr's sign-up message, where p is where it is shown:
// what it is, who plays, where it stands, and the buttons that fit.
func (b *Bot) tournamentMessage(tr *store.Tournament, p store.Post) message {
	var lines []string
	lines = append(lines, "**"+b.tournamentTitle(tr)+"**")
	var names []string
	for _, e := range tr.Players {
		name := e.Name
		if e.LeftRound > 0 {
			name = "~~" + name + "~~"
		}
		names = append(names, name)
	}
	if len(names) == 0 {
		lines = append(lines, "Players: nobody yet.")
	} else {
		lines = append(lines, fmt.Sprintf("Players (%d): %s", len(tr.Players), strings.Join(names, ", ")))
	}
	var buttons []discordgo.MessageComponent
	button := func(label string, style discordgo.ButtonStyle, verb string) {
		buttons = append(buttons, discordgo.Button{Label: label, Style: style, CustomID: tournamentAction(tr.ID, verb).String()})
	}
	where := "below"
	if p.Thread != "" {
		where = fmt.Sprintf("in <#%s>", p.Thread)
	}
	switch tr.State {
	case store.TournamentOpen:
		start := "Starts when its creator (or a moderator) presses Start."
		if !tr.StartsAt.IsZero() {
			start = fmt.Sprintf("Starts <t:%d:R>, or when its creator presses Start.", tr.StartsAt.Unix())
		}
		lines = append(lines, start+" Join with the button.")
		button("Join", discordgo.SuccessButton, verbJoin)
		button("Leave", discordgo.SecondaryButton, verbLeave)
		button("Start", discordgo.PrimaryButton, verbStart)
		button("Cancel", discordgo.DangerButton, verbCancelTournament)
	case store.TournamentRunning, store.TournamentPaused:
		state := fmt.Sprintf("Round %d of %d is being played %s.", max(tr.Round, 1), tr.Rounds, where)
		if tr.State == store.TournamentPaused {
			state = fmt.Sprintf("Paused after round %d of %d.", tr.Round, tr.Rounds)
		}
		lines = append(lines, state)
		button("Standings", discordgo.SecondaryButton, verbStandings)
	case store.TournamentFinished:
		line := "Finished."
		if st := table.Standings(tr); len(st) > 0 {
			line = fmt.Sprintf("Finished: %s, with %s points. The final standings are %s.", crowned(winnerNames(tr, st)), tournament.Points(st[0].Points), where)
		}
		lines = append(lines, line)
		button("Standings", discordgo.SecondaryButton, verbStandings)
	case store.TournamentCancelled:
		lines[0] = "~~" + lines[0] + "~~"
		lines = append(lines, "Cancelled.")
	}
	m := message{content: strings.Join(lines, "\n")}
	if len(buttons) > 0 {
		m.components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
	}
	return m
}

// name returns the name of player id in tr.
func name(tr *store.Tournament, id string) string {
	e, _ := tr.Entrant(id)
	return e.Name
}

// showStandings answers with tr's standings as an image, for everyone.
func (r *request) showStandings(tr *store.Tournament) error {
	if tr.State == store.TournamentOpen || tr.State == store.TournamentCancelled && tr.Round == 0 {
		return userErrorf("Tournament #%d has no games yet: %s signed up.", tr.ID, plural(len(tr.Players), "player has"))
	}
	img, err := r.b.standingsImage(tr)
	if err != nil {
		return err
	}
	return r.reply(message{content: r.b.standingsCaption(tr), files: []file{img}})
}

// standingsCaption says when tr's standings are from.
func (b *Bot) standingsCaption(tr *store.Tournament) string {
	switch {
	case tr.State == store.TournamentFinished:
		return fmt.Sprintf("Final standings of tournament #%d after %s.", tr.ID, plural(tr.Rounds, "round"))
	case tr.RoundDone():
		return fmt.Sprintf("Standings of tournament #%d after round %d of %d.", tr.ID, tr.Round, tr.Rounds)
	}
	return fmt.Sprintf("Standings of tournament #%d during round %d of %d (games finished so far).", tr.ID, tr.Round, tr.Rounds)
}

// standingsImage draws tr's standings.
func (b *Bot) standingsImage(tr *store.Tournament) (file, error) {
	s := render.Standings{
		Title:    fmt.Sprintf("Tournament #%d · %s · %s", tr.ID, b.variants[tr.Variant].Name, table.ClockText(tr.Clock, tr.DaysPerMove)),
		Subtitle: b.standingsCaption(tr),
		TieBreak: table.TieBreak(tr.Format).Label(),
		Final:    tr.State == store.TournamentFinished,
	}
	standings := table.Standings(tr)
	if s.Final && len(standings) > 0 {
		s.Subtitle = strings.TrimSuffix(s.Subtitle, ".") + ": " + crowned(winnerNames(tr, standings)) + "."
	}
	if tr.Format == store.RoundRobin {
		s.Subtitle += " Ties: Sonneborn–Berger."
	}
	for _, st := range standings {
		e, _ := tr.Entrant(st.Player.ID)
		s.Rows = append(s.Rows, render.StandingRow{
			Rank: st.Rank, Player: e.Name, Points: st.Points, TieBreak: st.TieBreak, Games: st.Games,
			Performance: st.Performance, Left: e.LeftRound > 0,
		})
	}
	var buf bytes.Buffer
	if err := b.render.StandingsPNG(&buf, s); err != nil {
		return file{}, fmt.Errorf("standings of tournament %d: %w", tr.ID, err)
	}
	return pngFile(fmt.Sprintf("tournament-%d.png", tr.ID), buf.Bytes()), nil
}

// Stepped announces a tournament's step, taken by the service: its thread
// opened if it has none, then what players must see of its next round (or
// its end): the round's pairings and the standings so far, and a board
// per game. Each part is done once: the boards already posted and the rounds
// already announced are recorded, so a step taken again after a failure
// or a crash only does what is left.
func (b *Bot) Stepped(ctx context.Context, s table.Step) error {
	defer b.tsteps.Lock(s.Tournament.ID)()
	// As it is now: another announcement may have gone out meanwhile.
	tr, err := b.store.Tournament(ctx, s.Tournament.ID)
	if err != nil {
		return err
	}
	shown, err := b.posts.Post(ctx, store.PostedTournament, tr.ID)
	if err != nil {
		return err
	}
	if shown.Thread == "" && shown.Message != "" && tr.State.Active() {
		b.openThread(ctx, &tr, &shown)
	}
	var failed error
	switch s.Event {
	case table.StepCancelled:
		text := fmt.Sprintf("Tournament #%d is cancelled: %s", tr.ID, s.Why)
		if _, err := b.post.Send(ctx, tr.ChannelID, message{content: text}.send()); err != nil {
			failed = err
		}
	case table.StepFinished:
		failed = b.announceEnd(ctx, &tr, shown, s.Why)
	}
	if tr.State.Active() {
		if shown.Announced < tr.Round {
			if err := b.announceRound(ctx, &tr, &shown); err != nil {
				return err // the boards wait for their pairings: tried again
			}
		}
		for _, p := range tr.RoundPairings(tr.Round) {
			if p.GameID == 0 {
				continue
			}
			if err := b.postTournamentBoard(ctx, &tr, shown, p); err != nil && failed == nil {
				failed = err
			}
		}
	}
	if err := b.editTournamentMessage(ctx, &tr); err != nil {
		b.log.Warn("could not update a tournament's message", "tournament", tr.ID, "err", err)
		b.metrics.failed(err)
	}
	return failed
}

// openThread opens tr's thread on its sign-up message (shown there), for
// its rounds. If it cannot (no permission to create threads), the rounds
// are played in the channel. A thread opened before a crash is found
// again: a thread started from a message has that message's ID.
func (b *Bot) openThread(ctx context.Context, tr *store.Tournament, shown *store.Post) {
	name := fmt.Sprintf("Tournament #%d · %s", tr.ID, b.variants[tr.Variant].Name)
	th, err := b.post.StartThread(ctx, tr.ChannelID, shown.Message, name)
	id := ""
	var rest *discordgo.RESTError
	switch {
	case err == nil:
		id = th.ID
	case errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeThreadAlreadyCreatedForThisMessage:
		id = shown.Message
	default:
		b.log.Warn("could not open a tournament's thread; its games are played in the channel", "tournament", tr.ID, "err", err)
		b.metrics.failed(err)
		return
	}
	if err := b.posts.SetPost(ctx, store.PostedTournament, tr.ID, id, shown.Message); err != nil {
		b.log.Warn("could not record a tournament's thread", "tournament", tr.ID, "err", err)
		return
	}
	shown.Thread = id
}

// tournamentChannel is where tr's rounds are posted, shown as shown: its
// thread, or its channel.
func tournamentChannel(tr *store.Tournament, shown store.Post) string {
	return cmp.Or(shown.Thread, tr.ChannelID)
}

// announceRound posts the pairings of tr's round, pinging its players,
// with the standings before it, and records it announced (in shown).
func (b *Bot) announceRound(ctx context.Context, tr *store.Tournament, shown *store.Post) error {
	var lines, pings []string
	lines = append(lines, fmt.Sprintf("**Round %d of %d** of tournament #%d.", tr.Round, tr.Rounds, tr.ID))
	v := b.variants[tr.Variant]
	for _, p := range tr.RoundPairings(tr.Round) {
		switch {
		case table.SitsOut(tr, p):
			lines = append(lines, fmt.Sprintf("**%s** sits out this round.", name(tr, p.White)))
		case p.Bye():
			lines = append(lines, fmt.Sprintf("**%s** has a bye: %s point.", name(tr, p.White), tournament.Points(tournament.ByeScore)))
		case p.Forfeit:
			lines = append(lines, fmt.Sprintf("Board %d: %s – %s: not played, a player has left (%s).", p.Board, name(tr, p.White), name(tr, p.Black), resultText(p)))
		default:
			lines = append(lines, fmt.Sprintf("Board %d: <@%s> (%s) – <@%s> (%s): game #%d", p.Board, p.White, v.Sides[0], p.Black, v.Sides[1], p.GameID))
			pings = append(pings, p.White, p.Black)
		}
	}
	if tr.Clock.Live() {
		lines = append(lines, fmt.Sprintf("Clocks (%s) are running: play on the boards below.", tr.Clock))
	} else {
		lines = append(lines, fmt.Sprintf("%s: play on the boards below.", table.ClockText(tr.Clock, tr.DaysPerMove)))
	}
	m := message{content: strings.Join(lines, "\n"), mentions: pings}
	if tr.Round > 1 {
		before := *tr
		before.Round--
		before.Pairings = nil
		for _, p := range tr.Pairings {
			if p.Round < tr.Round {
				before.Pairings = append(before.Pairings, p)
			}
		}
		img, err := b.standingsImage(&before)
		if err != nil {
			return err
		}
		m.files = []file{img}
	}
	if _, err := b.sendOnce(ctx, tournamentChannel(tr, *shown), fmt.Sprintf("t%d-r%d", tr.ID, tr.Round), m); err != nil {
		return fmt.Errorf("announce round %d of tournament %d: %w", tr.Round, tr.ID, err)
	}
	if err := b.posts.SetAnnounced(ctx, tr.ID, tr.Round); err != nil {
		return err
	}
	shown.Announced = tr.Round
	return nil
}

// resultText writes a pairing's result: "1–0", "½–½", "no result".
func resultText(p store.Pairing) string {
	if p.Void {
		return "no result"
	}
	return tournament.Score(p.Result)
}

// postTournamentBoard posts the board of pairing p's game in tr's thread
// (as shown), unless it has one or has ended.
func (b *Bot) postTournamentBoard(ctx context.Context, tr *store.Tournament, shown store.Post, p store.Pairing) error {
	unlock := b.boards.Lock(p.GameID)
	defer unlock()
	st, err := b.store.Load(ctx, p.GameID)
	if err != nil || st.Game.Over() {
		return err
	}
	board, err := b.boardOf(ctx, &st.Game)
	if err != nil || board.Message != "" {
		return err
	}
	m, err := b.boardMessage(ctx, &st, boardView{note: fmt.Sprintf("Board %d.", p.Board)})
	if err != nil {
		return err
	}
	msg, err := b.sendOnce(ctx, tournamentChannel(tr, shown), fmt.Sprintf("t%d-g%d", tr.ID, p.GameID), m)
	if err != nil {
		return fmt.Errorf("post the board of game %d: %w", p.GameID, err)
	}
	if err := b.posts.SetPost(ctx, store.PostedGame, st.Game.ID, shown.Thread, msg.ID); err != nil {
		return err
	}
	b.drawn(ctx, &st.Game)
	return nil
}

// announceEnd posts tr's final standings and crowns its winner.
func (b *Bot) announceEnd(ctx context.Context, tr *store.Tournament, shown store.Post, why string) error {
	st := table.Standings(tr)
	text := fmt.Sprintf("**Tournament #%d is over.**", tr.ID)
	if why != "" {
		text = fmt.Sprintf("**Tournament #%d is over after round %d**: %s.", tr.ID, tr.Round, why)
	}
	pings := winners(st)
	if len(pings) > 0 {
		var refs []string
		for _, id := range pings {
			refs = append(refs, "<@"+id+">")
		}
		text += fmt.Sprintf(" 🏆 %s with %s points. Congratulations!", crowned(refs), tournament.Points(st[0].Points))
	}
	img, err := b.standingsImage(tr)
	if err != nil {
		return err
	}
	m := message{content: text, mentions: pings, files: []file{img}}
	_, err = b.sendOnce(ctx, tournamentChannel(tr, shown), fmt.Sprintf("t%d-end", tr.ID), m)
	return err
}

// winners returns the IDs of the players ranked first in st.
func winners(st []tournament.Standing) []string {
	var ids []string
	for _, s := range st {
		if s.Rank == 1 {
			ids = append(ids, s.Player.ID)
		}
	}
	return ids
}

// crowned writes who won: "alice wins", "alice and bob share first place".
func crowned(names []string) string {
	if len(names) == 1 {
		return names[0] + " wins"
	}
	return andList(names) + " share first place"
}

// winnerNames returns the names of tr's winners.
func winnerNames(tr *store.Tournament, st []tournament.Standing) []string {
	var names []string
	for _, id := range winners(st) {
		names = append(names, name(tr, id))
	}
	return names
}
