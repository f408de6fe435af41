package table

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/puzzle"
	"github.com/zugbot/zugbot/store"
)

// The mining of servers' games for puzzles (see MinePuzzles).
const (
	// mineLease is how long a process holds a game it mines; it renews
	// the hold as the mining goes on, so that only a process that died
	// loses it.
	mineLease = 10 * time.Minute
	// mineEvery is how often the miner looks for finished games when
	// nothing wakes it: games that another process sharing the database
	// ended. A game this table ends wakes it at once.
	mineEvery = time.Minute
)

// MinePuzzles mines the finished games of servers that are not mined yet,
// newest first, until none is left or ctx ends, and returns how many it
// mined. Each game is looked at as "zugbot mine-puzzles" looks at
// self-play (puzzle.Miner: every position valued by a quick search, each
// candidate confirmed by the deeper one, Zodiac's by its solver), piece by
// piece as background work on the AI's workers, which a reply to a person
// always goes before. The puzzles found are stored for the game's server
// (store.SaveGamePuzzles), whose members NextPuzzle then offers them to,
// there only: a game of a direct message or one played off Discord is
// never mined, as only its players may see it. A game is claimed before
// it is mined (store.ClaimMining), so that processes sharing a database
// mine each game once, and one whose process died is mined again after.
// RunTimers runs it whenever a server's game ends, when
// Config.MinePuzzles is set.
func (t *Table) MinePuzzles(ctx context.Context) (int, error) {
	n := 0
	for {
		id, ok, err := t.store.ClaimMining(ctx, mineLease)
		if err != nil || !ok {
			return n, err
		}
		if err := t.mineGame(ctx, id); err != nil {
			if ctx.Err() != nil {
				// Stopped: the game is mined again, from its start.
				if err := t.store.ReleaseMining(context.WithoutCancel(ctx), id); err != nil {
					t.cfg.Log.Warn("releasing a game being mined", "game", id, "err", err)
				}
				return n, ctx.Err()
			}
			return n, err // left claimed: tried again once the claim runs out
		}
		n++
	}
}

// mineGame mines game id for puzzles and records them, and the game as
// mined.
func (t *Table) mineGame(ctx context.Context, id int64) error {
	st, err := t.Load(ctx, id)
	var start engine.Position
	var moves []engine.Move
	if err == nil {
		start, moves, err = store.ParseGame(st.Position.Variant(), st.Game.Start, st.Moves)
	}
	if errors.Is(err, store.ErrReplay) || errors.Is(err, store.ErrUnknownVariant) {
		// It will never replay here: mined, with nothing found.
		t.cfg.Log.Warn("a finished game that cannot be replayed is not mined", "game", id, "err", err)
		return t.store.SaveGamePuzzles(ctx, id, nil)
	}
	if err != nil {
		return err
	}
	v := st.Position.Variant()
	m := puzzle.NewMiner(v, puzzle.Deep)
	shipped, err := puzzle.Set(v.ID)
	if err != nil {
		return err
	}
	if err := m.Skip(shipped); err != nil { // those are offered already
		return err
	}
	var found []store.GamePuzzle
	m.Found = func(pz puzzle.Puzzle) {
		found = append(found, store.GamePuzzle{ID: pz.ID, Variant: pz.Variant, Position: pz.Position, Line: pz.Line,
			Seed: pz.Seed, Origin: pz.Origin, GuildID: st.Game.GuildID, GameID: id})
	}
	renewed := t.now()
	m.Run = func(ctx context.Context, piece func(ctx context.Context) error) error {
		if now := t.now(); now.Sub(renewed) >= mineLease/3 {
			renewed = now
			if err := t.store.RenewMining(ctx, id, mineLease); err != nil {
				return err
			}
		}
		return t.thinker.Background(ctx, id, func(ctx context.Context, _ *ai.Workspace) error { return piece(ctx) })
	}
	if err := m.Game(ctx, start, moves, fmt.Sprintf("game #%d", id)); err != nil {
		return fmt.Errorf("mine game %d: %w", id, err)
	}
	return t.store.SaveGamePuzzles(ctx, id, found)
}

// runMining mines the finished games of servers (MinePuzzles) until ctx
// ends: at once, whenever this table ends a server's game, and every
// mineEvery for the games that other processes ended.
func (t *Table) runMining(ctx context.Context) {
	tick := time.NewTicker(mineEvery)
	defer tick.Stop()
	for {
		if _, err := t.MinePuzzles(ctx); err != nil && ctx.Err() == nil {
			t.cfg.Log.Error("mining finished games for puzzles", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-t.mineWake:
		}
	}
}
