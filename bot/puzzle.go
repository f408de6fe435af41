package bot

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/learn"
	"github.com/zugbot/zugbot/puzzle"
	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/table"
)

// puzzleKind is the kind of a puzzle's controls:
//
//	p/<puzzle number>/<ply>/<verb>[/<arg>]
const puzzleKind actionKind = 'p'

// The verbs of a puzzle's controls.
const (
	verbPuzzleMove = "pmove" // select menu: the move chosen (arg: menu number)
	verbPuzzleNext = "pnext" // button: another puzzle of the same game
	verbPuzzleGive = "pgive" // button: show the answer (a miss)
)

func puzzleAction(pz puzzle.Puzzle, ply int, verb string) action {
	return action{kind: puzzleKind, id: pz.Number(), ply: ply, verb: verb}
}

// puzzleCommand answers /puzzle with a puzzle of the chosen game, on a
// private board with its moves to choose from.
func (r *request) puzzleCommand() error {
	v, err := r.variantOpt("game")
	if err != nil {
		return err
	}
	m, err := r.nextPuzzle(v.ID)
	if err != nil {
		return err
	}
	m.ephemeral = true
	return r.reply(m)
}

// solver is the user as a solver of puzzles, in the server asked in.
func (r *request) solver() table.Solver {
	return table.Solver{Player: r.player(), Guild: r.i.GuildID}
}

// nextPuzzle draws a puzzle of variant id that the user has not tried.
func (r *request) nextPuzzle(id string) (message, error) {
	pv, err := r.b.table.NextPuzzle(r.ctx, r.solver(), id)
	if err != nil {
		return message{}, err
	}
	return r.puzzleMessage(pv, "", nil)
}

// puzzleMove judges the move chosen in a puzzle's menu and shows what
// follows: the opponent's reply and the next move to find, or the end of
// the attempt with the rating change.
func (r *request) puzzleMove(a action) error {
	data := r.i.MessageComponentData()
	if len(data.Values) != 1 {
		return userErrorf("Choose one move.")
	}
	id, err := r.b.table.PuzzleByNumber(r.ctx, r.solver(), a.id)
	if err != nil {
		return err
	}
	res, err := r.b.table.TryPuzzle(r.ctx, r.solver(), id, a.ply, data.Values[0])
	if err != nil {
		return err
	}
	return r.puzzleAnswered(a.ply, res)
}

// puzzleGiveUp shows the answer, which ends the attempt as a miss.
func (r *request) puzzleGiveUp(a action) error {
	id, err := r.b.table.PuzzleByNumber(r.ctx, r.solver(), a.id)
	if err != nil {
		return err
	}
	res, err := r.b.table.GiveUpPuzzle(r.ctx, r.solver(), id, a.ply)
	if err != nil {
		return err
	}
	return r.puzzleAnswered(a.ply, res)
}

// puzzleAnswered shows the outcome of a move (or of giving up, which has
// no Move) at ply of res's puzzle.
func (r *request) puzzleAnswered(ply int, res table.PuzzleMove) error {
	pz := res.View.Puzzle
	var err error
	var note string
	var last *engine.MoveInfo
	switch {
	case res.Move == "":
		note = fmt.Sprintf("The answer was **%s**.%s", res.Expected, puzzleRatingNote(res))
	case !res.Correct:
		note = fmt.Sprintf("**%s is not it.** The answer was **%s**.%s", res.Move, res.Expected, puzzleRatingNote(res))
	case res.Solved:
		note = fmt.Sprintf("**%s: solved!**%s", res.Move, puzzleRatingNote(res))
	default:
		v := res.View.Variant
		note = fmt.Sprintf("**%s** is right. %s answers **%s**.", res.Move, v.Sides[res.View.Position.Turn().Other()], res.Reply)
		if q, err := pz.At(v, res.View.Ply-1); err == nil {
			if m, err := q.ParseMove(res.Reply); err == nil {
				info := q.Describe(m)
				last = &info
			}
		}
	}
	if !res.Correct || res.Solved { // the attempt is over
		note += r.dailyAnswered(pz, res.Solved)
	}
	view := res.View
	if !res.Correct || res.Solved {
		// Show the position the answer was for, with the line's move.
		if view, err = r.b.table.Puzzle(r.ctx, r.solver(), pz.ID, ply); err != nil {
			return err
		}
		view.Rating = res.View.Rating
		view.Ply = -1 // over: no menus
	}
	m, err := r.puzzleMessage(view, note, last)
	if err != nil {
		return err
	}
	return r.update(m)
}

// puzzleNext replaces a finished puzzle with another of the same game.
func (r *request) puzzleNext(a action) error {
	id, err := r.b.table.PuzzleByNumber(r.ctx, r.solver(), a.id)
	if err != nil {
		return err
	}
	v, _, _ := strings.Cut(id, "-")
	m, err := r.nextPuzzle(v)
	if err != nil {
		return err
	}
	return r.update(m)
}

// puzzleRatingNote tells how an attempt moved the player's rating.
func puzzleRatingNote(res table.PuzzleMove) string {
	if !res.Rated {
		return "\nYou had tried this puzzle before, so your rating stays."
	}
	return fmt.Sprintf("\nYour puzzle rating: %s → %s (%+.0f).", res.Before, res.After, res.After.R-res.Before.R)
}

// puzzleMessage draws a puzzle: its board, what to find or note, and the
// moves to choose from while the attempt goes on (pv.Ply >= 0), or the
// button for another puzzle once it is over.
func (r *request) puzzleMessage(pv table.PuzzleView, note string, last *engine.MoveInfo) (message, error) {
	v, p := pv.Variant, pv.Position
	caption := pv.Task()
	if pv.Ply < 0 {
		caption = "The answer: " + pv.Puzzle.Line[0]
	}
	board, err := r.b.puzzleBoard(pv, last, caption)
	if err != nil {
		return message{}, err
	}
	desc := note
	if pv.Ply >= 0 {
		if desc != "" {
			desc += "\n\n"
		}
		desc += pv.Task()
		if pv.Ply == 0 {
			me, n, err := r.b.table.PuzzleRating(r.ctx, r.user.ID, v.ID)
			if err != nil {
				return message{}, err
			}
			desc += fmt.Sprintf("\nYour %s puzzle rating: %s, after %d. Only your first try at a puzzle counts.", v.Game, me, n)
		}
	}
	m := message{
		embeds: []*discordgo.MessageEmbed{{
			Title:       fmt.Sprintf("%s puzzle %s · rated %s", v.Game, pv.Puzzle.ID, pv.Rating),
			Description: desc,
			Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + board.name},
		}},
		files: []file{board},
	}
	if pv.Ply < 0 {
		m.components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Another puzzle", Style: discordgo.PrimaryButton, CustomID: puzzleAction(pv.Puzzle, 0, verbPuzzleNext).String()},
		}}}
		return m, nil
	}
	var opts []discordgo.SelectMenuOption
	for _, mv := range p.Moves(nil) {
		s := p.FormatMove(mv)
		if len(s) <= 100 {
			opts = append(opts, discordgo.SelectMenuOption{Label: s, Value: s})
		}
	}
	// Four menus hold 100 moves: where there are more, the answer is
	// among those offered, in the place of one of the first 100.
	answer := pv.Puzzle.Line[pv.Ply]
	if i := slices.IndexFunc(opts, func(o discordgo.SelectMenuOption) bool { return o.Value == answer }); i >= 100 {
		j := int(pv.Puzzle.Number() % 100)
		opts[i], opts[j] = opts[j], opts[i]
	}
	menus := chunkOptions(opts, 4)
	for k, o := range menus {
		ph := "Choose your move"
		if len(menus) > 1 {
			ph = fmt.Sprintf("Choose your move (%d of %d)", k+1, len(menus))
		}
		m.components = append(m.components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			MenuType: discordgo.StringSelectMenu, CustomID: puzzleAction(pv.Puzzle, pv.Ply, verbPuzzleMove).with(strconv.Itoa(k)).String(),
			Placeholder: ph, Options: o,
		}}})
	}
	if len(m.components) < 5 {
		m.components = append(m.components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Show the answer", Style: discordgo.SecondaryButton, CustomID: puzzleAction(pv.Puzzle, pv.Ply, verbPuzzleGive).String()},
		}})
	}
	return m, nil
}

// puzzleBoard draws pv's position as its side to move sees it, with the
// last move marked (when not nil) and caption under it.
func (b *Bot) puzzleBoard(pv table.PuzzleView, last *engine.MoveInfo, caption string) (file, error) {
	side := pv.Position.Turn()
	var png bytes.Buffer
	if err := b.render.PNG(&png, pv.Position, render.Options{Viewer: &side, LastMove: last, Caption: caption}); err != nil {
		return file{}, fmt.Errorf("draw puzzle %s: %w", pv.Puzzle.ID, err)
	}
	return pngFile("zugbot-puzzle.png", png.Bytes()), nil
}

// lessonLinker is a live board that serves the lesson pages too (the web
// server does).
type lessonLinker interface {
	LessonURL(variant string) string
}

// lessonLink returns the button that opens the lessons of v on the live
// board, or nothing when the bot has no live board or v has no lessons.
func (b *Bot) lessonLink(v *engine.Variant) []discordgo.MessageComponent {
	ll, ok := b.live.(lessonLinker)
	if _, has := learn.For(v.ID); !ok || !has {
		return nil
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Learn " + v.Game + " step by step", Style: discordgo.LinkButton, URL: ll.LessonURL(v.ID)},
	}}}
}
