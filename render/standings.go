package render

import (
	"fmt"
	"image"
	"image/draw"
	"io"
	"strconv"

	"github.com/zugbot/zugbot/tournament"
)

// Standings is a tournament's table, to draw.
type Standings struct {
	// Title heads the image ("Tournament #3 · Zola · Swiss") and Subtitle
	// says when ("After round 2 of 5").
	Title, Subtitle string
	// TieBreak names the tie-break column ("Buchholz").
	TieBreak string
	Rows     []StandingRow
	// Final crowns the first row: the winner.
	Final bool
	// Heads, when set, name the four columns of figures instead of a
	// tournament's (Points, the tie-break, Games, Perf.): a leaderboard's.
	Heads [4]string
}

// StandingRow is one player's line.
type StandingRow struct {
	Rank        int
	Player      string
	Points      float64
	TieBreak    float64
	Games       int
	Performance int  // 0: none yet
	Left        bool // the player left the tournament
}

// The standings image's size.
const (
	standingsW    = 1000
	standingsRowH = 52
	standingsTop  = 150 // title, subtitle and column heads
)

// winnerBG is the winner's band: Okabe and Ito's yellow, under dark text.
var winnerBG = rgb(0xf0e442)

// StandingsPNG draws s as a PNG: a table of rank, player, points, the
// tie-break, games and performance, one row per player, rows striped; the
// winner's row, in the final standings, on a yellow band.
func (r *Renderer) StandingsPNG(w io.Writer, s Standings) error {
	h := standingsTop + standingsRowH*max(len(s.Rows), 1) + 24
	im := image.NewRGBA(image.Rect(0, 0, standingsW, h))
	draw.Draw(im, im.Rect, image.NewUniform(frameBG), image.Point{}, draw.Src)
	title := r.fonts.text(r.fonts.bold, 40)
	head := r.fonts.text(r.fonts.bold, 26)
	cell := r.fonts.text(r.fonts.regular, 32)
	bold := r.fonts.text(r.fonts.bold, 32)
	title.draw(im, 30, 56, textMain, title.fit(s.Title, standingsW-60))
	cell.draw(im, 30, 100, textDim, cell.fit(s.Subtitle, standingsW-60))

	// The columns: rank and player at the left, the figures right-aligned.
	type column struct {
		head  string
		right float64 // where the column ends (figures) or starts (text)
	}
	cols := []column{{"#", 78}, {"Player", 100}, {"Points", 580}, {s.TieBreak, 765}, {"Games", 880}, {"Perf.", 975}}
	if s.Heads != [4]string{} {
		for i, h := range s.Heads {
			cols[2+i].head = h
		}
	}
	headY := float64(standingsTop) - 14
	for i, c := range cols {
		if i == 1 {
			head.draw(im, c.right, headY, labelCol, c.head)
			continue
		}
		head.draw(im, c.right-head.measure(c.head), headY, labelCol, c.head)
	}
	for i, row := range s.Rows {
		top := standingsTop + i*standingsRowH
		band := image.Rect(16, top, standingsW-16, top+standingsRowH)
		fg, fgDim := textMain, textDim
		switch {
		case s.Final && i == 0:
			draw.Draw(im, band, image.NewUniform(winnerBG), image.Point{}, draw.Src)
			fg, fgDim = stripBG, stripBG
		case i%2 == 0:
			draw.Draw(im, band, image.NewUniform(stripBG), image.Point{}, draw.Src)
		}
		y := float64(top) + standingsRowH/2 + cell.height()/2
		right := func(col int, t *typeface, text string) {
			t.draw(im, cols[col].right-t.measure(text), y, fg, text)
		}
		right(0, cell, strconv.Itoa(row.Rank))
		name := row.Player
		nameW := cols[2].right - cols[1].right - 110
		if row.Left {
			left := " (left)"
			end := bold.draw(im, cols[1].right, y, fg, bold.fit(name, nameW-cell.measure(left)))
			cell.draw(im, end, y, fgDim, left)
		} else {
			bold.draw(im, cols[1].right, y, fg, bold.fit(name, nameW))
		}
		right(2, bold, tournament.Points(row.Points))
		right(3, cell, tournament.Points(row.TieBreak))
		right(4, cell, strconv.Itoa(row.Games))
		perf := "–"
		if row.Performance > 0 {
			perf = strconv.Itoa(row.Performance)
		}
		right(5, cell, perf)
	}
	if err := r.enc.Encode(w, im); err != nil {
		return fmt.Errorf("render: encode the standings: %w", err)
	}
	return nil
}
