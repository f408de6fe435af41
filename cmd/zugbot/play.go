package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

const playHelp = `Type a move: %s%sOr one of:
  moves     list your legal moves
  board     draw the board again
  takeback  take back your last move
  draw      offer zugbot a draw (or the game's agreed ending)
  resign    resign the game (after a yes)
  help      show this help
  quit      leave the game unfinished
The last move's points are marked [ ]; points it captured or turned are marked ( ).
The line "Position:" under the board is the position as a string, which the
-position option of zugbot's commands reads: it is described, with the rules,
in %s.
`

// maxLine is the longest input line the play command reads.
const maxLine = 1024

func runPlay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return playInput(ctx, args, stdout, stderr)
}

// playInput is the play command reading standard input; tests give it
// their own.
var playInput = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return playCommand(ctx, args, os.Stdin, stdout, stderr)
}

// playCommand is the play command reading the player's moves from in. The
// game runs through the same game service as on Discord, on a database in
// a temporary directory that is removed at the end.
func playCommand(ctx context.Context, args []string, in io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("play", "play a game against the AI in the terminal", stdout)
	load := positionFlags(fs)
	level := fs.Int("level", 3, fmt.Sprintf("the AI's level, from %d (%s) to %d (%s)", ai.MinLevel, ai.LevelName(ai.MinLevel), ai.MaxLevel, ai.LevelName(ai.MaxLevel)))
	color := fs.String("color", "first", sideUsage("the side you play"))
	seed := fs.Uint64("seed", 0, "the seed of the AI's randomness (default: a random seed)")
	clockText := fs.String("clock", "", "a live clock, minutes+seconds a move, e.g. 5+3 (default: none)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	start, startText, clock, err := aiStart(fs, load, *clockText)
	if err != nil {
		return err
	}
	v := start.Variant()
	human, err := parseSide(v, "-color", *color)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "zugbot-play-")
	if err != nil {
		return fmt.Errorf("a place for the game: %w", err)
	}
	defer os.RemoveAll(dir)
	db, err := store.Open(ctx, filepath.Join(dir, "play.db"), store.Options{Variants: games.All(), MaxActiveGames: -1})
	if err != nil {
		return err
	}
	defer db.Close()
	tab, err := table.New(table.Config{Store: db, Variants: games.All(), Seed: *seed})
	if err != nil {
		return err
	}
	defer tab.Close() // its AI replies, before the database closes
	s := &session{tab: tab, v: v, human: human, level: *level, out: stdout, confirming: -1, echoed: isTerminal(in)}
	colour := store.FirstColour
	if human != 0 {
		colour = store.SecondColour
	}
	u, err := tab.PlayAI(ctx, table.AIGame{Variant: v.ID, Start: startText, Player: you, Level: *level, Colour: colour, Clock: clock, Starting: func() {
		fmt.Fprintf(s.out, "%s (%s). You play %s; zugbot plays %s at level %d (%s).\n",
			v.Name, v.Credit, v.Sides[human], v.Sides[human.Other()], *level, ai.LevelName(*level))
		fmt.Fprint(s.out, wrap(v.Summary, termWidth()))
		if note := introNote(v, human, *level); note != "" {
			fmt.Fprint(s.out, wrap(note, termWidth()))
		}
		fmt.Fprintf(s.out, "Type help for the commands and how moves are written.\n\n")
		if start.Turn() != human {
			fmt.Fprintf(s.out, "zugbot is thinking…\n")
		}
	}})
	var r *table.Refusal
	if errors.As(err, &r) && r.Reason == table.BadLevel {
		return usagef("-level %d: %v", *level, err)
	}
	if err != nil {
		return err
	}
	s.id = u.State.Game.ID
	s.legend = true // the first board says what its symbols are
	s.show(u, true)
	if clock.Live() {
		// The service's timers end the game when a flag falls, while the
		// player thinks as while the AI does.
		s.flags = make(chan table.Update, 1)
		tctx, stop := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() {
			defer close(done)
			tab.RunTimers(tctx, s, table.TimerOptions{}, nil)
		}()
		defer func() { stop(); <-done }()
	}
	return s.run(ctx, readLines(in))
}

// The terminal game is its own Announcer of the service's timers: a flag
// that falls ends the game at the prompt; a live game has no other timer.

// TimedOut passes the end of the game on time to the prompt.
func (s *session) TimedOut(_ context.Context, u table.Update) error {
	select {
	case s.flags <- u:
	default:
	}
	return nil
}

// Remind does nothing: a live game's clock is on the screen.
func (s *session) Remind(context.Context, store.State, store.Seat) error { return nil }

// Expired does nothing: the terminal makes no challenges.
func (s *session) Expired(context.Context, store.Challenge) error { return nil }

// Stepped does nothing: the terminal plays no tournaments.
func (s *session) Stepped(context.Context, table.Step) error { return nil }

// Analysed does nothing: the terminal asks for no analysis to be posted.
func (s *session) Analysed(context.Context, table.Analysis) error { return nil }

// DailyPuzzle posts nothing: the terminal's database has no servers.
func (s *session) DailyPuzzle(context.Context, table.DailyPuzzle) (string, error) {
	return "", errNoDailyPosts
}

// Final reports true: nothing the terminal announces is worth a retry.
func (s *session) Final(error) bool { return true }

// clocks says the time left on a live game's clocks: ", 4:52 left;
// zugbot 5:00"; "" for a game without.
func (s *session) clocks() string {
	g := &s.st.Game
	if !g.Clock.Live() {
		return ""
	}
	now := time.Now()
	left := func(side engine.Side) string {
		d := g.TimeLeft(side, now).Round(time.Second)
		return fmt.Sprintf("%d:%02d", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf(", %s left; zugbot %s", left(s.human), left(s.human.Other()))
}

// you is the person at the terminal, as the game service knows them.
var you = store.Player{ID: "terminal", Name: "you"}

// session is a game between the person at the terminal and the AI.
type session struct {
	tab   *table.Table
	v     *engine.Variant
	id    int64 // the game
	st    store.State
	human engine.Side
	level int
	out   io.Writer
	last  engine.MoveInfo // the last move, for marking
	text  string          // the last move's notation
	// legend asks the next board to say what its symbols are.
	legend bool
	// confirming is the ply at which the player was shown the count of an
	// agreed ending and asked to confirm it (-1: not asked).
	confirming int
	// resigning is true when the player typed resign and was asked to
	// confirm it, as Discord and the live board ask.
	resigning bool
	// flags brings the game lost on time from the service's timers (nil
	// without a live clock).
	flags chan table.Update
	// echoed is true when the input is a terminal, which echoes what the
	// player types and the line break after it; otherwise (input from a
	// pipe or a file) what is printed after the prompt begins on the
	// prompt's line.
	echoed bool
	// prompted is true when the prompt was the last thing printed.
	prompted bool
}

// introNote is what the start of a game of v says besides the rules, for
// a player of side human against the AI at level: where a chess player's
// habits mislead, and a game the player cannot win.
func introNote(v *engine.Variant, human engine.Side, level int) string {
	switch v.ID {
	case "zonal":
		return "The armies stand on files e to l of the board's 16 files, so a chess player's e4 is i4 here, and Nf3 is Nj3."
	case "zodiac":
		if human != 0 {
			return ""
		}
		note := "Zodiac is solved: the first player loses against perfect play"
		if level == ai.MaxLevel {
			return note + ", which level " + strconv.Itoa(level) + " plays, so you cannot win this game. Play -color second to have the winning side."
		}
		return note + ", which level " + strconv.Itoa(ai.MaxLevel) + " plays; -color second gives you the winning side."
	}
	return ""
}

// block begins a block of lines, such as the board or the help, on a line
// of its own: after the prompt, when the input is not echoed, it ends the
// prompt's line first. A one-line answer follows the prompt.
func (s *session) block() {
	if s.prompted && !s.echoed {
		fmt.Fprintln(s.out)
	}
	s.prompted = false
}

// line is one line of input, or the error that ended the input.
type line struct {
	text string
	err  error
}

// readLines sends the lines of r on the returned channel, and closes it at
// the end of the input (or after a read error, which it sends). Lines longer
// than maxLine are cut to maxLine+1 bytes and the rest discarded. The
// goroutine ends with the input.
func readLines(r io.Reader) <-chan line {
	ch := make(chan line)
	go func() {
		defer close(ch)
		br := bufio.NewReader(r)
		for {
			var b []byte
			for {
				chunk, isPrefix, err := br.ReadLine()
				if err != nil {
					if !errors.Is(err, io.EOF) {
						ch <- line{err: err}
					}
					return
				}
				if len(b) <= maxLine {
					b = append(b, chunk[:min(len(chunk), maxLine+1-len(b))]...)
				}
				if !isPrefix {
					break
				}
			}
			ch <- line{text: string(b)}
		}
	}()
	return ch
}

// run plays the game to its end, or until the player quits, the input ends
// or ctx ends.
func (s *session) run(ctx context.Context, lines <-chan line) error {
	for {
		if g := &s.st.Game; g.Over() {
			o := outcomeOf(g)
			switch {
			case g.Result == store.Aborted:
				fmt.Fprintf(s.out, "Game over: aborted (%s).\n", strings.TrimPrefix(g.Why(), "aborted: "))
			case o.Status == engine.Win && o.Winner == s.human:
				fmt.Fprintf(s.out, "Game over: you win, as %s (%s).\n", s.v.Sides[o.Winner], o.Reason)
			case o.Status == engine.Win:
				fmt.Fprintf(s.out, "Game over: zugbot wins, as %s (%s).\n", s.v.Sides[o.Winner], o.Reason)
			default:
				fmt.Fprintf(s.out, "Game over: a %s.\n", describeOutcome(s.v, o))
			}
			return nil
		}
		switch {
		case s.confirming >= 0:
			fmt.Fprint(s.out, "Offer it (yes or no)? ")
		case s.resigning:
			fmt.Fprint(s.out, "Resign (yes or no)? ")
		default:
			fmt.Fprintf(s.out, "Your move (%s%s): ", s.v.Sides[s.human], s.clocks())
		}
		s.prompted = true
		var in line
		var ok bool
		select {
		case in, ok = <-lines:
		case <-ctx.Done():
			return s.interrupted()
		case u := <-s.flags: // nil without a clock: never
			who := "Your"
			if u.Side != s.human {
				who = "zugbot's"
			}
			fmt.Fprintf(s.out, "\n%s time ran out.\n", who)
			s.st = u.State
			continue
		}
		if ctx.Err() != nil {
			return s.interrupted() // Ctrl-C and a line (or the end of input) at once
		}
		if !ok {
			fmt.Fprintln(s.out, "\nEnd of input: the game is left unfinished.")
			return nil
		}
		if in.err != nil {
			return fmt.Errorf("reading your move: %w", in.err)
		}
		if done, err := s.command(ctx, in.text); done || err != nil {
			if ctx.Err() != nil {
				return s.interrupted() // while the AI thought
			}
			return err
		}
	}
}

// interrupted ends the game when the player presses Ctrl-C, as politely
// as the end of input does: it is how people leave a terminal program. It
// returns errInterrupted, for the exit status a shell expects after
// Ctrl-C (130), which tells a script that the game did not end.
func (s *session) interrupted() error {
	fmt.Fprintln(s.out, "\nInterrupted: the game is left unfinished.")
	return errInterrupted
}

// outcomeOf is how finished game g ended, as the position would say it.
func outcomeOf(g *store.Game) engine.Outcome {
	switch g.Result {
	case store.Win:
		return engine.Outcome{Status: engine.Win, Winner: g.Winner, Reason: g.Why()}
	case store.Draw:
		return engine.Outcome{Status: engine.Draw, Reason: g.Why()}
	}
	return engine.Outcome{Status: engine.Draw, Reason: g.Why()}
}

// command handles one line from the player and reports whether the player
// quits. A refusal is printed and the game goes on; other errors end it.
func (s *session) command(ctx context.Context, text string) (quit bool, err error) {
	text = strings.TrimSpace(text)
	if len(text) > maxLine {
		fmt.Fprintf(s.out, "That line is too long (over %d characters). Type help for the commands.\n", maxLine)
		return false, nil
	}
	if text == "" {
		return false, nil
	}
	p := s.st.Position
	var u table.Update
	confirmed, resigning := s.confirming, s.resigning
	s.confirming, s.resigning = -1, false
	yes := strings.EqualFold(text, "yes")
	switch {
	case confirmed >= 0 && !yes:
		s.block()
		fmt.Fprintln(s.out, "Not offered: the game goes on.")
		return false, nil
	case resigning && !yes:
		s.block()
		fmt.Fprintln(s.out, "Not resigned: the game goes on.")
		return false, nil
	}
	command := strings.ToLower(text)
	if resigning {
		command = "" // yes: the resignation confirmed
	}
	switch command {
	case "":
		u, err = s.tab.Resign(ctx, s.id, you.ID, s.st.Game.Ply)
	case "quit", "exit":
		fmt.Fprintln(s.out, "Bye: the game is left unfinished.")
		return true, nil
	case "help", "?":
		s.block()
		note := introNote(s.v, s.human, s.level)
		if note != "" {
			note = wrap(note, termWidth())
		}
		fmt.Fprintf(s.out, playHelp, wrap(s.v.Notation, termWidth()-len("Type a move: ")), note, s.v.Rules)
		return false, nil
	case "board":
		s.block()
		s.legend = true
		s.draw()
		return false, nil
	case "moves", "legal":
		var names []string
		for _, m := range p.Moves(nil) {
			names = append(names, p.FormatMove(m))
		}
		slices.Sort(names)
		s.block()
		fmt.Fprint(s.out, wrap(fmt.Sprintf("Your %s: %s", plural(len(names), "legal move", "legal moves"), strings.Join(names, " ")), termWidth()))
		return false, nil
	case "takeback", "undo":
		u, err = s.tab.Takeback(ctx, s.id, you.ID)
	case "draw", "yes":
		if strings.EqualFold(text, "yes") && confirmed < 0 {
			fmt.Fprintln(s.out, "Nothing to confirm. Type help for the commands.")
			return false, nil
		}
		u, err = s.tab.OfferDraw(ctx, s.id, you.ID, table.DrawOptions{Confirmed: confirmed, Thinking: func() { fmt.Fprintln(s.out, "zugbot is thinking about it…") }})
	case "resign":
		s.block()
		fmt.Fprintf(s.out, "Resign game #%d? zugbot then wins it.\n", s.id)
		s.resigning = true
		return false, nil
	default:
		played := func(u table.Update) {
			s.block()
			if len(u.Moves) > 0 {
				fmt.Fprintf(s.out, "You play %s%s.\n", u.Moves[0], separatorNote(text, u.Moves[0]))
			}
			// The board is drawn once, after the AI's reply, unless the
			// game ended with this move.
			s.show(u, u.State.Game.Over())
			if !u.State.Game.Over() {
				fmt.Fprintf(s.out, "zugbot is thinking…\n")
			}
		}
		var st store.State
		if st, err = s.tab.Load(ctx, s.id); err != nil {
			return false, err
		}
		u, err = s.tab.PlayIn(ctx, st, you.ID, s.st.Game.Ply, text, table.PlayOptions{AwaitReply: true, Played: played})
		switch {
		case err != nil:
		case u.Reply != nil:
			u = *u.Reply
		case table.AIToMove(&u.State):
			return false, fmt.Errorf("zugbot could not reply in game %d", s.id)
		default: // the move ended the game, shown already
			u = table.Update{Event: table.Moved, State: u.State}
		}
	}
	var bad *engine.MoveError
	var r *table.Refusal
	var c *table.Confirmation
	switch {
	case errors.As(err, &c):
		fmt.Fprintf(s.out, "%s\n", c.Error())
		s.confirming = c.Ply
		return false, nil
	case errors.As(err, &bad):
		fmt.Fprintf(s.out, "Not played: %v. Type moves for the legal moves, help for the commands.\n", bad)
		return false, nil
	case errors.As(err, &r):
		fmt.Fprintf(s.out, "%s\n", r.Error())
		return false, nil
	}
	if err != nil {
		return false, err
	}
	s.block()
	s.show(u, true)
	return false, nil
}

// separatorNote explains, after a move was played, that the player wrote
// a capture as a step or a step as a capture, in a game where from-to
// notation tells them apart by "x" and "-" and either is accepted:
// typed "a1-a2" and played "a1xa2" give " (a capture, which is written
// with x)". Entries that differ otherwise (SAN, letter case) give "".
func separatorNote(typed, played string) string {
	t := strings.ToLower(strings.TrimSpace(typed))
	p := strings.ToLower(played)
	if t == p || len(t) != len(p) {
		return ""
	}
	what := ""
	for i := range len(t) {
		switch {
		case t[i] == p[i]:
		case t[i] == '-' && p[i] == 'x':
			what = "a capture, which is written with x"
		case t[i] == 'x' && p[i] == '-':
			what = "a step, which is written with -: there is nothing to capture"
		default:
			return ""
		}
	}
	return " (" + what + ")"
}

// show prints what an update did and, when the position changed and
// board is set, the board.
func (s *session) show(u table.Update, board bool) {
	st := u.State
	switch u.Event {
	case table.TookBack:
		fmt.Fprintln(s.out, "Took back your last move.")
		s.last, s.text = engine.MoveInfo{}, ""
	case table.Agreed:
		fmt.Fprintln(s.out, "zugbot accepts.")
	case table.Resigned:
		fmt.Fprintln(s.out, "You resigned.")
	}
	if len(u.Moves) > 0 {
		// Replay the moves on the position before them, for the marks.
		p := st.Position.Clone()
		for range u.Moves {
			p.Undo()
		}
		for i, text := range u.Moves {
			m, err := p.ParseMove(text)
			if err != nil {
				break
			}
			if p.Turn() != s.human {
				fmt.Fprintf(s.out, "zugbot plays %s (%s).\n", text, botInfo(p, m, u.Info[i-(len(u.Moves)-len(u.Info))]))
			}
			s.last = p.Describe(m)
			s.text = fmt.Sprintf("%s %s", s.v.Sides[p.Turn()], text)
			p.Do(m)
		}
	}
	s.st = st
	if board && (len(u.Moves) > 0 || u.Event == table.TookBack || u.Event == table.Started) {
		s.draw()
	}
}

// botInfo says briefly how the AI chose its move m in p (the position
// before it), from what the AI did: a move chosen at random, the only legal
// one, the solved game's (with its result and how far it is), a move that
// ends the game at once, or a search's or MCTS's figures.
func botInfo(p engine.Position, m engine.Move, i ai.Info) string {
	if i.Random {
		return "chosen at random, as a beginner might"
	}
	if len(p.Moves(nil)) == 1 {
		return "its only move"
	}
	if _, ok := p.(ai.Solver); ok && i.Depth == 0 && i.Nodes == 0 {
		plies := 0
		if d, ok := p.(ai.Distancer); ok {
			plies = d.Distance()
		}
		in := ""
		if plies > 0 {
			in = " in " + plural(plies, "ply", "plies")
		}
		switch _, who := i.Mate(); {
		case who > 0:
			return "from the solved game: it wins" + in
		case who < 0:
			return "from the solved game: it loses" + in + " against perfect play, and holds out longest"
		}
		return "from the solved game: a draw"
	}
	if i.Depth == 0 && i.Nodes == 0 {
		q := p.Clone()
		q.Do(m)
		if o := q.Outcome(); o.Status == engine.Win && o.Winner == p.Turn() {
			return "it wins at once"
		}
	}
	parts := []string{}
	if i.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", i.Depth))
		if i.Nodes > 0 {
			parts = append(parts, fmt.Sprintf("%d nodes", i.Nodes))
		}
	} else if i.Nodes > 0 {
		parts = append(parts, plural(int(i.Nodes), "playout", "playouts"))
	}
	parts = append(parts, fmt.Sprintf("%.1fs", i.Elapsed.Round(100*time.Millisecond).Seconds()))
	if plies, who := i.Mate(); who > 0 {
		parts = append(parts, "it sees a forced win")
		if plies > 0 {
			parts[len(parts)-1] += " in " + plural(plies, "ply", "plies")
		}
	} else if who < 0 {
		parts = append(parts, "it sees a forced loss")
	}
	return strings.Join(parts, ", ")
}

// draw prints the board, the last move and the side to move.
func (s *session) draw() {
	fmt.Fprint(s.out, textBoard(s.st.Position, s.last, s.human == 1))
	if s.text != "" {
		fmt.Fprintf(s.out, "Last move: %s\n", s.text)
	}
	fmt.Fprintf(s.out, "%s to move. Position: %s\n", s.v.Sides[s.st.Position.Turn()], engine.String(s.st.Position))
	if s.legend {
		fmt.Fprint(s.out, wrap(legend(s.st.Position), termWidth()))
		s.legend = false
	}
	fmt.Fprintln(s.out)
}

// plural writes n and the noun that goes with it: "1 legal move", "3 legal
// moves".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// termWidth is the width to wrap text to: $COLUMNS when it is set, else 80.
func termWidth() int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n >= 20 {
		return n
	}
	return 80
}

// wrap breaks text into lines of at most width characters at spaces (a
// word longer than that stands alone), each ending in a newline.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		l := utf8.RuneCountInString(w)
		switch {
		case n == 0:
		case n+1+l > width:
			b.WriteString("\n")
			n = 0
		default:
			b.WriteString(" ")
			n++
		}
		b.WriteString(w)
		n += l
	}
	if b.Len() > 0 {
		b.WriteString("\n")
	}
	return b.String()
}

// textBoard draws p as text from its geometry, turned round when flip is
// set: points are placed on a grid by their coordinates; a board whose
// labels name the files and ranks prints them around it, and another board
// names every point in its cell. The points of the last move are marked. A
// board of lines (Zamma, Zodiac) draws its lines between the points, with
// -, |, / and \ (X where two cross), and lists them in words only if some
// cannot be drawn so.
func textBoard(p engine.Position, last engine.MoveInfo, flip bool) string {
	g := p.Variant().Geometry
	key := func(f float64) int64 { return int64(math.Round(f * 1000)) }
	var xs, ys []int64
	for _, pt := range g.Points {
		xs = append(xs, key(pt.X))
		ys = append(ys, key(pt.Y))
	}
	slices.Sort(xs)
	xs = slices.Compact(xs)
	slices.Sort(ys)
	ys = slices.Compact(ys)
	slices.Reverse(ys) // the top row first
	if flip {
		slices.Reverse(xs)
		slices.Reverse(ys)
	}
	col := func(x float64) int { return slices.Index(xs, key(x)) }
	row := func(y float64) int { return slices.Index(ys, key(y)) }

	// Labels beside the rows and under the columns, when the board has them.
	colLabel := make([]string, len(xs))
	rowLabel := make([]string, len(ys))
	labelled := false
	named := map[string]bool{} // labels that name points, not files or ranks
	for _, pt := range g.Points {
		named[pt.Name] = true
	}
	for _, l := range g.Labels {
		if named[l.Text] {
			continue
		}
		outsideX := l.X < 0 || l.X > g.Width
		outsideY := l.Y < 0 || l.Y > g.Height
		if c := col(l.X); c >= 0 && outsideY && colLabel[c] == "" {
			colLabel[c], labelled = l.Text, true
		}
		if r := row(l.Y); r >= 0 && outsideX && rowLabel[r] == "" {
			rowLabel[r] = l.Text
		}
	}

	cells := make([][]string, len(ys))
	for r := range cells {
		cells[r] = make([]string, len(xs))
	}
	width := 3
	zones, signs := false, false
	for i, pt := range g.Points {
		sym := pieceSymbol(p.Piece(i))
		open, close := " ", " "
		// A zone square, where riders turn: "~" when empty, its piece
		// between tildes when not; a square with a sign (Zonal Chess's
		// Z): the sign when empty, its piece between stars when not.
		switch {
		case pt.Mark == engine.Tinted:
			zones = true
			if sym == "." {
				sym = "~"
			} else {
				open, close = "~", "~"
			}
		case pt.Sign != "":
			signs = true
			if sym == "." {
				sym = pt.Sign
			} else {
				open, close = "*", "*"
			}
		}
		if !labelled {
			sym = pt.Name + "=" + sym
		}
		switch {
		case slices.Contains(last.Path, i):
			open, close = "[", "]"
		case slices.Contains(last.Taken, i):
			open, close = "(", ")"
		}
		c := open + sym + close
		cells[row(pt.Y)][col(pt.X)] = c
		width = max(width, len(c))
	}
	segs, drawable := segments(g, func(i int) (int, int) { return col(g.Points[i].X), row(g.Points[i].Y) })
	pitch := width // the columns' distance apart
	if drawable {
		pitch++ // room for a diagonal between two columns
	}
	margin := 0
	for _, l := range rowLabel {
		margin = max(margin, len(l))
	}
	left := 0 // where the first column begins
	if margin > 0 {
		left = margin + 1
	}
	centre := func(c int) int { return left + c*pitch + width/2 }
	lineWidth := left + len(xs)*pitch

	// The rows of points, with the connecting rows between them when the
	// lines are drawn.
	rows := make([][]rune, len(ys))
	var links [][]rune // links[r]: between rows r and r+1
	for r := range rows {
		l := []rune(fmt.Sprintf("%*s", lineWidth, ""))
		if margin > 0 {
			copy(l, []rune(fmt.Sprintf("%*s", margin, rowLabel[r])))
		}
		for c, text := range cells[r] {
			copy(l[left+c*pitch:], []rune(text))
		}
		rows[r] = l
		if drawable && r < len(ys)-1 {
			links = append(links, []rune(fmt.Sprintf("%*s", lineWidth, "")))
		}
	}
	for _, sg := range segs {
		c1, r1, c2, r2 := sg[0], sg[1], sg[2], sg[3]
		if c1 > c2 {
			c1, r1, c2, r2 = c2, r2, c1, r1
		}
		switch {
		case r1 == r2: // along the row, between the points' texts
			l := rows[r1]
			from := left + c1*pitch + len(strings.TrimRight(cells[r1][c1], " ")) + 1
			to := left + c2*pitch + len(cells[r1][c2]) - len(strings.TrimLeft(cells[r1][c2], " ")) - 2
			for x := from; x <= to; x++ {
				if l[x] == ' ' {
					l[x] = '-'
				}
			}
		case c1 == c2:
			links[min(r1, r2)][centre(c1)] = '|'
		default:
			ch := '\\' // down to the right
			if r1 > r2 {
				ch = '/'
			}
			at := &links[min(r1, r2)][(centre(c1)+centre(c2))/2]
			switch *at {
			case ' ', ch:
				*at = ch
			default:
				*at = 'X'
			}
		}
	}

	var b strings.Builder
	for r := range rows {
		b.WriteString(strings.TrimRight(string(rows[r])+rowLabel[r], " ") + "\n")
		if r < len(links) {
			b.WriteString(strings.TrimRight(string(links[r]), " ") + "\n")
		}
	}
	if labelled {
		l := []rune(fmt.Sprintf("%*s", lineWidth+pitch, "")) // room for a long last label
		for c, text := range colLabel {
			copy(l[centre(c):], []rune(text))
		}
		b.WriteString(strings.TrimRight(string(l), " ") + "\n")
	}
	if zones {
		b.WriteString("~ an empty zone square, ~P~ a piece on one\n")
	}
	if signs {
		var sign string
		for _, pt := range g.Points {
			if pt.Sign != "" {
				sign = pt.Sign
				break
			}
		}
		fmt.Fprintf(&b, "%s an empty %s square, *P* a piece on one\n", sign, sign)
	}
	if !drawable && len(g.Lines) > 0 {
		// Lines that do not fit the grid: named in words.
		var lines []string
		for _, ln := range g.Lines {
			var names []string
			for _, i := range pointsOn(g, ln) {
				names = append(names, g.Points[i].Name)
			}
			lines = append(lines, strings.Join(names, "-"))
		}
		b.WriteString(wrap("Lines: "+strings.Join(lines, ", ")+".", termWidth()))
	}
	return b.String()
}

// segments returns the lines of g as segments between neighbouring points
// on them, each as the columns and rows of its two ends ({c1, r1, c2,
// r2}) that at gives, and whether a text board can draw them all: each
// segment along a row, or from one row to the next with its ends in the
// same column or neighbouring ones. A board without lines has none to
// draw.
func segments(g *engine.Geometry, at func(point int) (col, row int)) ([][4]int, bool) {
	var segs [][4]int
	for _, ln := range g.Lines {
		on := pointsOn(g, ln)
		for k := 1; k < len(on); k++ {
			c1, r1 := at(on[k-1])
			c2, r2 := at(on[k])
			if r1 != r2 && (abs(r1-r2) > 1 || abs(c1-c2) > 1) {
				return nil, false
			}
			segs = append(segs, [4]int{c1, r1, c2, r2})
		}
	}
	return segs, len(segs) > 0
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// pointsOn returns the points on line ln of g, from one end to the other.
func pointsOn(g *engine.Geometry, ln engine.Line) []int {
	a, b := g.Points[ln.From], g.Points[ln.To]
	dx, dy := b.X-a.X, b.Y-a.Y
	type at struct {
		i int
		t float64
	}
	var on []at
	for i, pt := range g.Points {
		ex, ey := pt.X-a.X, pt.Y-a.Y
		if math.Abs(ex*dy-ey*dx) > 1e-6*(math.Abs(dx)+math.Abs(dy)) {
			continue // off the line
		}
		if t := (ex*dx + ey*dy) / (dx*dx + dy*dy); t >= -1e-9 && t <= 1+1e-9 {
			on = append(on, at{i, t})
		}
	}
	slices.SortFunc(on, func(p, q at) int { return cmp.Compare(p.t, q.t) })
	var points []int
	for _, p := range on {
		points = append(points, p.i)
	}
	return points
}

// legend names the symbols of the pieces on the board.
func legend(p engine.Position) string {
	v := p.Variant()
	seen := map[string]bool{}
	var parts []string
	for i := range v.Geometry.Points {
		pc := p.Piece(i)
		if pc.Kind == nil {
			continue
		}
		sym := pieceSymbol(pc)
		if seen[sym] {
			continue
		}
		seen[sym] = true
		name := pc.Kind.Name
		if !pc.Kind.Neutral {
			name = v.Sides[pc.Side] + " " + name
		}
		parts = append(parts, sym+" "+name)
	}
	slices.Sort(parts)
	return "Pieces: " + strings.Join(parts, ", ") + "."
}

// pieceSymbol returns the symbol that stands for pc on a text board, or
// "." for an empty point.
func pieceSymbol(pc engine.Piece) string {
	if pc.Kind == nil {
		return "."
	}
	return pc.Kind.Symbol[pc.Side&1]
}
