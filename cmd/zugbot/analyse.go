package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

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
	out := fs.String("o", "", `write the evaluation graph here: a PNG, or a JPEG if the name ends in .jpg or .jpeg ("-" for standard output, as PNG, and the report on standard error)`)
	mistakes := fs.String("mistakes", "", fmt.Sprintf("write a board of each of the %d biggest mistakes to PREFIX-1.png, PREFIX-2.png, …", mistakeBoards))
	force := fs.Bool("force", false, "overwrite the files of -o and -mistakes if they exist (without it, an existing file is an error)")
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
	format, err := imageFormat("-o", *out, "png", "jpeg")
	if err != nil {
		return err
	}
	names, err := pair(*players, "-players")
	if err != nil {
		return err
	}
	v := start.Variant()
	// who names a side in the report: "ada (White)", or "White" alone.
	var who [2]string
	for side := range names {
		who[side] = fmt.Sprintf("%s (%s)", names[side], v.Sides[side])
		if names[side] == "" {
			names[side], who[side] = v.Sides[side], v.Sides[side]
		}
	}
	p, moves, err := playMoves(start, *moveList)
	if err != nil {
		return err
	}
	// The files are checked before the analysis, which takes a while.
	var outputs []string
	if *out != "" && *out != "-" {
		outputs = append(outputs, *out)
	}
	if *mistakes != "" {
		for n := range mistakeBoards {
			outputs = append(outputs, fmt.Sprintf("%s-%d.png", *mistakes, n+1))
		}
	}
	for _, name := range outputs {
		flag := "-mistakes"
		if name == *out {
			flag = "-o"
		}
		if err := checkOutput(flag, name, "-force", *force); err != nil {
			return err
		}
	}
	progress := newProgress(stderr, "analysing: position %d of %d…")
	rep, err := analysis.Game(ctx, start, moves, progress.show)
	progress.done()
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
	var played [2]int
	for _, pl := range rep.Plies {
		played[pl.Side&1]++
	}
	for side, s := range rep.Players {
		if played[side] == 0 {
			fmt.Fprintf(&b, "%s: no moves to judge\n", who[side])
			continue
		}
		fmt.Fprintf(&b, "%s: %s\n", who[side], s)
	}
	fmt.Fprintf(&b, "Result: %s\n", result)
	r := render.New()
	var files []func() error
	if *out != "" {
		var buf bytes.Buffer
		if err := r.GraphPNG(&buf, render.GraphOf(v, &rep, names, result)); err != nil {
			return err
		}
		data, err := encodeAs(format, buf.Bytes())
		if err != nil {
			return err
		}
		files = append(files, func() error { return write(*out, data, *force, stdout) })
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
			files = append(files, func() error { return write(name, buf.Bytes(), *force, stdout) })
		}
	}
	// Nothing is written unless everything could be drawn.
	for _, f := range files {
		if err := f(); err != nil {
			return err
		}
	}
	report := stdout
	if *out == "-" {
		report = stderr // standard output holds the image
	}
	_, err = io.WriteString(report, b.String())
	return err
}

// progress shows how far a long command has gone on one line of a
// terminal, rewritten in place. It shows nothing when its writer is not a
// terminal (a file or a pipe would keep every step).
type progress struct {
	w      io.Writer // nil: not a terminal
	format string    // with the steps done and the total
	width  int       // of the last line shown
}

// newProgress returns a progress that writes to w, if it is a terminal,
// lines of format, which takes the steps done and the total.
func newProgress(w io.Writer, format string) *progress {
	if !isTerminal(w) {
		w = nil
	}
	return &progress{w: w, format: format}
}

// show shows that done steps of total are done.
func (p *progress) show(done, total int) {
	if p.w == nil {
		return
	}
	line := fmt.Sprintf(p.format, done, total)
	fmt.Fprintf(p.w, "\r%-*s", p.width, line)
	p.width = max(p.width, utf8.RuneCountInString(line))
}

// done clears the line, for what is printed next.
func (p *progress) done() {
	if p.w != nil && p.width > 0 {
		fmt.Fprintf(p.w, "\r%*s\r", p.width, "")
		p.width = 0
	}
}

// isTerminal reports whether f, a reader or a writer, is a terminal (a
// character device other than /dev/null). Tests replace it.
var isTerminal = func(rw any) bool {
	f, ok := rw.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}
