package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/puzzle"
	"github.com/zugbot/zugbot/store"
)

// runMinePuzzles finds puzzles in self-play and appends them to a set
// file (puzzle/sets/<game>.txt in the repository), skipping those it holds.
func runMinePuzzles(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("mine-puzzles", "find puzzles in self-play, confirm them by a deeper search, and append them to a set file", stdout)
	game := fs.String("game", "", "the game")
	out := fs.String("out", "", "the set file to append to (puzzle/sets/<game>.txt)")
	dur := fs.Duration("time", 10*time.Minute, "how long to mine")
	levels := fs.String("levels", "1,2,3", "the AI levels drawn at random for each move of the self-play")
	nodes := fs.Int64("nodes", puzzle.Deep.Nodes, "the nodes of the deeper search that confirms each candidate")
	seed := fs.Uint64("seed", 1, "the seed of the self-play")
	dbPath := fs.String("db", "", "mine the finished games of this SQLite file instead of self-play")
	recheck := fs.Bool("recheck", false, "mine nothing: verify the puzzles of the set file again (puzzle.Verify) and keep those that pass")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	v, err := findVariant(*game)
	if err != nil {
		return err
	}
	if *out == "" {
		return usagef("-out is required")
	}
	var lv []int
	for _, s := range strings.Split(*levels, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < ai.MinLevel || n > ai.MaxLevel {
			return usagef("-levels: %q is not a level from %d to %d", s, ai.MinLevel, ai.MaxLevel)
		}
		lv = append(lv, n)
	}
	var have []puzzle.Puzzle
	if f, err := os.Open(*out); err == nil {
		have, err = puzzle.Read(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", *out, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if *recheck {
		return recheckSet(ctx, v, *out, have, stdout)
	}
	f, err := os.OpenFile(*out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	budget := puzzle.Deep
	budget.Nodes = *nodes
	m := puzzle.NewMiner(v, budget)
	if err := m.Skip(have); err != nil {
		return err
	}
	found := 0
	var werr error
	m.Found = func(pz puzzle.Puzzle) {
		found++
		if err := puzzle.Write(f, []puzzle.Puzzle{pz}); err != nil && werr == nil {
			werr = err
		}
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, *dur)
	defer cancel()
	if *dbPath != "" {
		games, err := mineDB(ctx, m, v, *dbPath)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %s, %d candidates, %d puzzles in %v (%d in the set now)\n", v.ID, plural(games, "finished game", "finished games"), m.Candidates, found, time.Since(start).Round(time.Second), len(have)+found)
		return werr
	}
	r := rand.New(rand.NewPCG(*seed, uint64(len(have))))
	games := 0
	for ctx.Err() == nil && werr == nil {
		moves, err := puzzle.SelfPlay(ctx, v, lv, r)
		if err != nil {
			break
		}
		games++
		if err := m.Game(ctx, v.Start(), moves, fmt.Sprintf("self-play %s #%d.%d", *levels, *seed, games)); err != nil && ctx.Err() == nil {
			return err
		}
	}
	if werr != nil {
		return werr
	}
	fmt.Fprintf(stdout, "%s: %d games, %d candidates, %d puzzles in %v (%d in the set now)\n", v.ID, games, m.Candidates, found, time.Since(start).Round(time.Second), len(have)+found)
	return nil
}

// recheckSet verifies the puzzles of the set file path again, on every
// core, and rewrites it with those that pass, in their order.
func recheckSet(ctx context.Context, v *engine.Variant, path string, have []puzzle.Puzzle, stdout io.Writer) error {
	start := time.Now()
	errs := puzzle.VerifyAll(ctx, v, have, puzzle.Deep)
	if err := ctx.Err(); err != nil {
		return err
	}
	var kept []puzzle.Puzzle
	for i, pz := range have {
		if errs[i] == nil {
			kept = append(kept, pz)
		} else {
			fmt.Fprintln(stdout, errs[i])
		}
	}
	var b bytes.Buffer
	if err := puzzle.Write(&b, kept); err != nil {
		return err
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d of %d puzzles pass, in %v\n", v.ID, len(kept), len(have), time.Since(start).Round(time.Second))
	return nil
}

// mineDB looks for puzzles in the finished games of variant v in the
// database at path, and returns how many it read.
func mineDB(ctx context.Context, m *puzzle.Miner, v *engine.Variant, path string) (int, error) {
	if err := store.CheckAddress(path); err != nil {
		return 0, usagef("-db %s %v", store.Redacted(path), err)
	}
	if !store.IsPostgres(path) {
		if _, err := os.Stat(path); err != nil {
			return 0, usagef("no database at %s: %v", path, err) // a mistake on the command line: exit 2
		}
	}
	db, err := store.Open(ctx, path, store.Options{Variants: games.All()})
	if err != nil {
		return 0, err
	}
	defer db.Close()
	n := 0
	for offset := 0; ; offset += 100 {
		gs, err := db.Games(ctx, store.GameQuery{Variant: v.ID, Status: store.Finished, Limit: 100, Offset: offset})
		if err != nil {
			return n, err
		}
		for _, g := range gs {
			st, err := db.Load(ctx, g.ID)
			if err != nil {
				return n, err
			}
			start, err := loadStart(v, st.Game.Start)
			if err != nil {
				return n, fmt.Errorf("game %d: %w", g.ID, err)
			}
			p := start.Clone()
			var moves []engine.Move
			for _, mv := range st.Moves {
				em, err := p.ParseMove(mv.Notation)
				if err != nil {
					return n, fmt.Errorf("game %d: %w", g.ID, err)
				}
				moves = append(moves, em)
				p.Do(em)
			}
			n++
			if err := m.Game(ctx, start, moves, fmt.Sprintf("game #%d", g.ID)); err != nil {
				return n, err
			}
		}
		if len(gs) < 100 {
			return n, nil
		}
	}
}

// loadStart returns a game's start: the variant's, or its position string.
func loadStart(v *engine.Variant, s string) (engine.Position, error) {
	if s == "" {
		return v.Start(), nil
	}
	return v.Parse(s)
}
