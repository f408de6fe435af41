package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/puzzle"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// runPuzzle solves puzzles in the terminal.
func runPuzzle(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return puzzleCommand(ctx, args, os.Stdin, stdout, stderr)
}

// puzzleCommand serves puzzles of one game through the game service, one
// after another, reading the answers from in, until the input ends or the
// player types quit. Ratings live in the -db file if one is given, else in
// a temporary database.
func puzzleCommand(ctx context.Context, args []string, in io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("puzzle", "solve puzzles in the terminal: find the one winning move", stdout)
	game := fs.String("game", "", "the game: "+strings.Join(variantIDs(), ", "))
	dbPath := fs.String("db", "", "a SQLite file that keeps your puzzle rating between runs (default: none)")
	first := fs.String("id", "", "start with this puzzle")
	seed := fs.Uint64("seed", 0, "the seed of the choice of puzzles (default: a random seed)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	v, err := findVariant(*game)
	if err != nil {
		return err
	}
	if set, _ := puzzle.Set(v.ID); len(set) == 0 {
		return usagef("-game %s: there are no %s puzzles", v.ID, v.Name)
	}
	path := *dbPath
	if path == "" {
		dir, err := os.MkdirTemp("", "zugbot-puzzle-")
		if err != nil {
			return fmt.Errorf("a place for the ratings: %w", err)
		}
		defer os.RemoveAll(dir)
		path = filepath.Join(dir, "puzzle.db")
	}
	db, err := store.Open(ctx, path, store.Options{Variants: games.All()})
	if err != nil {
		return err
	}
	defer db.Close()
	tab, err := table.New(table.Config{Store: db, Variants: games.All(), Seed: *seed})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s puzzles. Type your move (as in \"zugbot play\"), \"skip\" to see the answer (it counts as a miss), \"quit\" to stop.\n", v.Name)
	lines := readLines(in)
	id := *first
	for {
		var pv table.PuzzleView
		if id != "" {
			pv, err = tab.Puzzle(ctx, table.Solver{Player: you}, id, 0)
		} else {
			pv, err = tab.NextPuzzle(ctx, table.Solver{Player: you}, v.ID)
		}
		if err != nil {
			return err
		}
		id = ""
		r, n, err := tab.PuzzleRating(ctx, you.ID, v.ID)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "\nPuzzle %s, rated %s. Your rating: %s after %s.\n", pv.Puzzle.ID, pv.Rating, r, plural(n, "puzzle", "puzzles"))
		quit, err := solvePuzzle(ctx, tab, pv, lines, stdout)
		if err != nil || quit {
			return err
		}
	}
}

// solvePuzzle plays one puzzle at the prompt: it returns at the end of
// the attempt, and quit is true when the player asked to stop.
func solvePuzzle(ctx context.Context, tab *table.Table, pv table.PuzzleView, lines <-chan line, stdout io.Writer) (quit bool, err error) {
	var last engine.MoveInfo
	for {
		fmt.Fprintf(stdout, "%s\n%s\n%s> ", pv.Task(), textBoard(pv.Position, last, false), pv.Variant.Sides[pv.Position.Turn()])
		var l line
		var ok bool
		select {
		case <-ctx.Done():
			return true, ctx.Err()
		case l, ok = <-lines:
		}
		if !ok {
			fmt.Fprintln(stdout)
			return true, nil
		}
		if l.err != nil {
			return true, l.err
		}
		text := strings.TrimSpace(l.text)
		switch strings.ToLower(text) {
		case "":
			continue
		case "quit", "exit":
			return true, nil
		case "skip":
			res, err := tab.GiveUpPuzzle(ctx, table.Solver{Player: you}, pv.Puzzle.ID, pv.Ply)
			if err != nil {
				return true, err
			}
			fmt.Fprintf(stdout, "The answer was %s.%s\n", res.Expected, ratingChange(res))
			return false, nil
		}
		res, err := tab.TryPuzzle(ctx, table.Solver{Player: you}, pv.Puzzle.ID, pv.Ply, text)
		if r := (*table.Refusal)(nil); errors.As(err, &r) {
			fmt.Fprintf(stdout, "%v\n", err)
			continue
		}
		if err != nil {
			return true, err
		}
		switch {
		case !res.Correct:
			fmt.Fprintf(stdout, "%s is not it: the answer was %s.%s\n", res.Move, res.Expected, ratingChange(res))
			return false, nil
		case res.Solved:
			fmt.Fprintf(stdout, "%s: solved!%s\n", res.Move, ratingChange(res))
			return false, nil
		}
		fmt.Fprintf(stdout, "%s is right. %s answers %s.\n", res.Move, pv.Variant.Sides[pv.Position.Turn().Other()], res.Reply)
		pv = res.View
		// Mark the reply on the next board.
		if q, err := pv.Puzzle.At(pv.Variant, pv.Ply-1); err == nil {
			if m, err := q.ParseMove(res.Reply); err == nil {
				last = q.Describe(m)
			}
		}
	}
}

// ratingChange says how an attempt moved the player's rating, or that it
// did not count.
func ratingChange(res table.PuzzleMove) string {
	if !res.Rated {
		return " (You had tried this puzzle before: your rating stays.)"
	}
	return fmt.Sprintf(" Your rating: %s → %s (%+.0f).", res.Before, res.After, res.After.R-res.Before.R)
}
