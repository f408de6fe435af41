package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/zugbot/zugbot/analysis"
	"github.com/zugbot/zugbot/render"
)

// mistakeBoards is the number of mistakes -mistakes draws: the worst.
const mistakeBoards = 3

func runAnalyse(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("analyse", "judge a game move by move, as the bot's /analyse does", stdout)
	load := positionFlags(fs)
	moveList := fs.String("moves", "", "the game's moves from the position, separated by spaces (required)")
	players := fs.String("players", "", `the players' names, first side first, separated by a comma: "alice,bob"`)
	out := fs.String("o", "", `write the evaluation graph here as a PNG ("-" for standard output)`)
	mistakes := fs.String("mistakes", "", fmt.Sprintf("write a board of each of the %d biggest mistakes to PREFIX-1.png, PREFIX-2.png, …", mistakeBoards))
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if strings.TrimSpace(*moveList) == "" {
		return usagef("-moves is required: the game to analyse")
	}
	start, err := load()
	if err != nil {
		return err
	}
	names, err := pair(*players, "-players")
	if err != nil {
		return err
	}
	v := start.Variant()
	for side := range names {
		if names[side] == "" {
			names[side] = v.Sides[side]
		}
	}
	p, moves, err := playMoves(start, *moveList)
	if err != nil {
		return err
	}
	rep, err := analysis.Game(ctx, start, moves, nil)
	if err != nil {
		return err
	}
	result := "the game goes on"
	if o := p.Outcome(); o.Over() {
		result = describeOutcome(v, o)
	}
	// The report, as a game record with its annotations.
	var b strings.Builder
	if rep.Exact {
		fmt.Fprintf(&b, "%s is solved: this analysis is exact.\n", v.Game)
	}
	for i, pl := range rep.Plies {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(pl.Annotated())
		if i%2 == 1 || i == len(rep.Plies)-1 {
			b.WriteString("\n")
		} else {
			b.WriteString(" ")
		}
	}
	for side, s := range rep.Players {
		fmt.Fprintf(&b, "%s (%s): %s\n", names[side], v.Sides[side], s)
	}
	fmt.Fprintf(&b, "Result: %s\n", result)
	r := render.New()
	var files []func() error
	if *out != "" {
		var buf bytes.Buffer
		if err := r.GraphPNG(&buf, render.GraphOf(v, &rep, names, result)); err != nil {
			return err
		}
		files = append(files, func() error { return write(*out, buf.Bytes(), stdout) })
	}
	if *mistakes != "" {
		for n, i := range rep.Worst(mistakeBoards) {
			q := start.Clone()
			for _, m := range moves[:i] {
				q.Do(m)
			}
			opt, err := render.MistakeOptions(q, moves[i], &rep.Plies[i])
			if err != nil {
				return err
			}
			opt.Players = names
			var buf bytes.Buffer
			if err := r.PNG(&buf, q, opt); err != nil {
				return err
			}
			name := fmt.Sprintf("%s-%d.png", *mistakes, n+1)
			files = append(files, func() error { return write(name, buf.Bytes(), stdout) })
		}
	}
	// Nothing is written unless everything could be drawn.
	for _, f := range files {
		if err := f(); err != nil {
			return err
		}
	}
	if *out == "-" {
		return nil // standard output holds the image
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}
