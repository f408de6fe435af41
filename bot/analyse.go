package bot

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/zugbot/zugbot/analysis"
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// The analysis's presentation.
const (
	// mistakesShown is the number of mistakes shown with their boards.
	mistakesShown = 3
	// progressEvery is the least time between two progress edits.
	progressEvery = 2 * time.Second
)

// analyseCommand answers /analyse.
func (r *request) analyseCommand() error {
	id, ok := r.intOpt("game")
	if !ok {
		var err error
		if id, err = r.lastFinished(); err != nil {
			return err
		}
	}
	return r.analyse(id)
}

// lastFinished returns the user's most recently finished game in this
// channel.
func (r *request) lastFinished() (int64, error) {
	games, err := r.b.store.Games(r.ctx, store.GameQuery{Player: r.user.ID, ChannelID: r.i.ChannelID, Status: store.Finished, Limit: 1})
	if err != nil {
		return 0, err
	}
	if len(games) == 0 {
		return 0, userErrorf("You have no finished game in this channel; name one with the game option.")
	}
	return games[0].ID, nil
}

// analyse posts the analysis of game id: in the game's channel, for all
// to see, when the game is played in a server; privately otherwise.
func (r *request) analyse(id int64) error {
	b := r.b
	st, err := b.load(r.ctx, id)
	if err != nil {
		return err
	}
	if err := r.checkPlace(&st.Game); err != nil {
		return err
	}
	g := &st.Game
	ch, err := b.channelOf(r.ctx, g)
	if err != nil {
		return err
	}
	here := g.GuildID == "" || r.i.ChannelID == ch || r.i.ChannelID == g.ChannelID
	var last time.Time
	a, err := b.table.Analyse(r.ctx, id, r.user.ID, table.AnalysisOptions{
		// An analysis is posted publicly once; asked for again, it is
		// shown to the one who asks alone, so that the channel does not
		// fill with copies.
		Starting: func(kept bool) error { return r.deferReply(kept || !here) },
		Progress: func(done, total int) {
			if now := time.Now(); now.Sub(last) >= progressEvery || done == total {
				last = now
				r.meanwhile(fmt.Sprintf("Analysing game #%d… %d of %d positions.", id, done, total))
			}
		},
		Post: func(a table.Analysis) error {
			m, err := b.analysisMessage(&a)
			if err != nil {
				return err
			}
			if here {
				return r.reply(m)
			}
			return b.postAnalysis(r.ctx, ch, g, m)
		},
	})
	if err != nil {
		return err
	}
	switch {
	case a.Kept:
		m, err := b.analysisMessage(&a)
		if err != nil {
			return err
		}
		if g.GuildID != "" {
			m.content = fmt.Sprintf("Game #%d was analysed before, and its analysis posted in <#%s>; here it is again, for you alone.\n", id, ch) + m.content
		}
		return r.privately(m)
	case here:
		return nil // the analysis is the answer
	}
	return r.reply(message{content: fmt.Sprintf("The analysis of game #%d is in <#%s>.", id, ch), ephemeral: true})
}

// postAnalysis posts m, the analysis of game g, in ch, its board's
// channel, once (a crash before the service records it posted leaves its
// timer to post it again, and the message's nonce makes that a no-op).
func (b *Bot) postAnalysis(ctx context.Context, ch string, g *store.Game, m message) error {
	if _, err := b.sendOnce(ctx, ch, fmt.Sprintf("a%d", g.ID), m); err != nil {
		return fmt.Errorf("post the analysis of game %d: %w", g.ID, err)
	}
	return nil
}

// Analysed posts an analysis that was asked for and not posted, made again
// or found kept by its timer (the process that made it may have died), in
// its game's channel.
func (b *Bot) Analysed(ctx context.Context, a table.Analysis) error {
	m, err := b.analysisMessage(&a)
	if err != nil {
		return err
	}
	b.log.Info("posting an analysis that was not posted", "game", a.State.Game.ID)
	ch, err := b.channelOf(ctx, &a.State.Game)
	if err != nil {
		return err
	}
	return b.postAnalysis(ctx, ch, &a.State.Game, m)
}

// analysisMessage composes the message that shows an analysis: the
// players' records, the biggest mistakes with the better moves, the graph
// and a board for each of those mistakes.
func (b *Bot) analysisMessage(a *table.Analysis) (message, error) {
	g := &a.State.Game
	v := a.State.Position.Variant()
	rep := &a.Report
	names := [2]string{seatName(g.Seats[0]), seatName(g.Seats[1])}
	var txt strings.Builder
	fmt.Fprintf(&txt, "**Analysis of game #%d** (%s): %s\n", g.ID, v.Name, b.resultText(g))
	if rep.Exact {
		fmt.Fprintf(&txt, "%s is solved: this analysis is exact. A move is a blunder when it throws away a won game.\n", v.Game)
		if m := rep.StartMate; m != 0 {
			fmt.Fprintf(&txt, "From the start, %s wins with perfect play, in %s.\n", v.Sides[winnerOf(m)], plural(abs(m), "ply"))
		}
	} else {
		fmt.Fprintf(&txt, "Each position searched to %s nodes; a move is judged by the winning chance it gives away.\n", table.Thousands(rep.Nodes))
	}
	for side, s := range rep.Players {
		fmt.Fprintf(&txt, "%s (%s): %s\n", names[side], v.Sides[side], s)
	}
	worst := rep.Worst(mistakesShown)
	if len(worst) == 0 {
		txt.WriteString("No mistakes: well played, both of you.\n")
	}
	var files []file
	graph, err := b.analysisGraph(a, names)
	if err != nil {
		return message{}, err
	}
	files = append(files, pngFile(fmt.Sprintf("zugbot-%d-analysis.png", g.ID), graph.Bytes()))
	for n, i := range worst {
		p := a.Start.Clone()
		for _, m := range a.Moves[:i] {
			p.Do(m)
		}
		pl := &rep.Plies[i]
		fmt.Fprintf(&txt, "%d. Move %d, %s: **%s%s**", n+1, i/2+1, names[pl.Side&1], pl.Move, pl.Class.Glyph())
		if !rep.Exact {
			fmt.Fprintf(&txt, " (−%.0f%%)", pl.Loss)
		}
		fmt.Fprintf(&txt, "; better **%s**", pl.Best)
		if len(pl.Line) > 1 {
			fmt.Fprintf(&txt, ", then %s", strings.Join(pl.Line[1:], " "))
		}
		if rep.Exact && pl.Mate != 0 {
			fmt.Fprintf(&txt, " (after it, %s wins in %s)", v.Sides[winnerOf(pl.Mate)], plural(abs(pl.Mate), "ply"))
		}
		txt.WriteString("\n")
		board, err := b.mistakeBoard(p, a.Moves[i], pl, names)
		if err != nil {
			return message{}, err
		}
		files = append(files, pngFile(fmt.Sprintf("zugbot-%d-move-%d.png", g.ID, i+1), board.Bytes()))
	}
	return message{content: txt.String(), files: files}, nil
}

// analysisGraph draws the graph of an analysis.
func (b *Bot) analysisGraph(a *table.Analysis, names [2]string) (*bytes.Buffer, error) {
	g := &a.State.Game
	result := table.ResultOf(b.variants[g.Variant], g, nil).String()
	var png bytes.Buffer
	if err := b.render.GraphPNG(&png, render.GraphOf(a.State.Position.Variant(), &a.Report, names, result)); err != nil {
		return nil, fmt.Errorf("graph of game %d: %w", a.State.Game.ID, err)
	}
	return &png, nil
}

// mistakeBoard draws position p, before mistake m, with the move played
// and the better one as arrows, from the mover's side.
func (b *Bot) mistakeBoard(p engine.Position, m engine.Move, pl *analysis.Ply, names [2]string) (*bytes.Buffer, error) {
	opt, err := render.MistakeOptions(p, m, pl)
	if err != nil {
		return nil, err
	}
	opt.Players = names
	var png bytes.Buffer
	if err := b.render.PNG(&png, p, opt); err != nil {
		return nil, fmt.Errorf("board of a mistake: %w", err)
	}
	return &png, nil
}

// winnerOf returns the side that wins a forced end given as in
// analysis.Ply.Mate: positive for the first side.
func winnerOf(mate int) engine.Side {
	if mate > 0 {
		return 0
	}
	return 1
}

func abs(n int) int { return max(n, -n) }
