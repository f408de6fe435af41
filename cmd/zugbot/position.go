package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// variantIDs returns the IDs of all variants.
func variantIDs() []string {
	var ids []string
	for _, v := range games.All() {
		ids = append(ids, v.ID)
	}
	return ids
}

// findVariant returns the variant with the given ID.
func findVariant(id string) (*engine.Variant, error) {
	if id == "" {
		return nil, usagef("-game is required (one of %s)", strings.Join(variantIDs(), ", "))
	}
	for _, v := range games.All() {
		if strings.EqualFold(v.ID, id) {
			return v, nil
		}
	}
	return nil, usagef("unknown game %q (one of %s)", id, strings.Join(variantIDs(), ", "))
}

// loadPosition returns the variant's start position, or the given position
// string read as a position of that variant.
func loadPosition(v *engine.Variant, pos string) (engine.Position, error) {
	if pos == "" {
		return v.Start(), nil
	}
	p, err := v.Parse(pos)
	if err != nil {
		return nil, usagef("bad -position for %s: %v", v.ID, err)
	}
	return p, nil
}

// positionFlags declares the -game and -position flags shared by several
// subcommands and returns a function that loads what they name.
func positionFlags(fs *flag.FlagSet) func() (engine.Position, error) {
	game := fs.String("game", "", "the game variant: "+strings.Join(variantIDs(), ", "))
	pos := fs.String("position", "", "a position string of that variant (default: the start position)")
	return func() (engine.Position, error) {
		v, err := findVariant(*game)
		if err != nil {
			return nil, err
		}
		return loadPosition(v, *pos)
	}
}

func runPerft(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("perft", "count the move sequences of a given length from a position; prints the count as the last line", stdout)
	load := positionFlags(fs)
	depth := fs.Int("depth", 0, "the number of plies, from 1")
	divide := fs.Bool("divide", false, "also print the count below each legal move")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	p, err := load()
	if err != nil {
		return err
	}
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "depth" })
	switch {
	case !given:
		return usagef("-depth is required: the number of plies, from 1 to 64")
	case *depth < 1 || *depth > 64:
		return usagef("bad -depth %d: want a number of plies from 1 to 64", *depth)
	}
	if *divide {
		var total uint64
		for _, m := range p.Moves(nil) {
			if err := ctx.Err(); err != nil {
				return err
			}
			n := uint64(1)
			if *depth > 1 {
				if n, err = perft(ctx, engine.Play(p, m), *depth-1); err != nil {
					return err
				}
			}
			total += n
			fmt.Fprintf(stdout, "%s %d\n", p.FormatMove(m), n)
		}
		fmt.Fprintln(stdout, total)
		return nil
	}
	n, err := perft(ctx, p, *depth)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, n)
	return nil
}

// perft is engine.Perft, given up when ctx ends (Ctrl-C): the count goes
// on in the background until the process exits, which it does at once.
func perft(ctx context.Context, p engine.Position, depth int) (uint64, error) {
	done := make(chan uint64, 1)
	go func() { done <- engine.Perft(p, depth) }()
	select {
	case n := <-done:
		return n, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

func runMoves(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("moves", "list the legal moves of a position, one per line", stdout)
	load := positionFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	p, err := load()
	if err != nil {
		return err
	}
	for _, m := range p.Moves(nil) {
		fmt.Fprintln(stdout, p.FormatMove(m))
	}
	if o := p.Outcome(); o.Over() {
		fmt.Fprintf(stderr, "the game is over: %s\n", describeOutcome(p.Variant(), o))
	}
	return nil
}

// describeOutcome says who won and why, for people.
func describeOutcome(v *engine.Variant, o engine.Outcome) string {
	switch o.Status {
	case engine.Win:
		return fmt.Sprintf("%s wins (%s)", v.Sides[o.Winner], o.Reason)
	case engine.Draw:
		return fmt.Sprintf("draw (%s)", o.Reason)
	}
	return "the game goes on"
}

// playMoves plays the moves of list (separated by spaces, as -moves takes
// them) from start, which it leaves as it was, and returns the position
// reached and the moves.
func playMoves(start engine.Position, list string) (engine.Position, []engine.Move, error) {
	p := start.Clone()
	var moves []engine.Move
	for k, s := range strings.Fields(list) {
		m, err := p.ParseMove(s)
		if err != nil {
			return nil, nil, usagef("-moves: move %d: %v", k+1, err)
		}
		moves = append(moves, m)
		p.Do(m)
	}
	return p, moves, nil
}

// aiStart reads the start of a game against the AI that the flags of fs
// ask for: the position of load (positionFlags), which must not be over,
// with the position string the game keeps ("" for the variant's start),
// and the live clock of clockText ("" for none).
func aiStart(fs *flag.FlagSet, load func() (engine.Position, error), clockText string) (engine.Position, string, store.Clock, error) {
	var clock store.Clock
	if clockText != "" {
		var err error
		if clock, err = table.ParseClock(clockText); err != nil {
			return nil, "", clock, usagef("-clock %s: %v", clockText, err)
		}
	}
	start, err := load()
	if err != nil {
		return nil, "", clock, err
	}
	if o := start.Outcome(); o.Over() {
		return nil, "", clock, usagef("-position: the game is over there (%s); give a position where it goes on", describeOutcome(start.Variant(), o))
	}
	startText := ""
	if fs.Lookup("position").Value.String() != "" {
		startText = engine.String(start)
	}
	return start, startText, clock, nil
}
