package puzzle

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
)

// Verify checks that pz is what it claims to be, in v: its line is legal
// and ends on the solver's move; its position offers a choice, with at
// least one wrong move; and j finds a single winning first move there, the
// line's (or, when the line's wins on the spot, one that does too).
func Verify(ctx context.Context, j *Judge, v *engine.Variant, pz Puzzle) error {
	if len(pz.Line)%2 == 0 {
		return fmt.Errorf("puzzle %s: its line of %d moves ends on the opponent's", pz.ID, len(pz.Line))
	}
	if _, err := pz.At(v, len(pz.Line)); err != nil {
		return err
	}
	p, err := pz.Start(v)
	if err != nil {
		return err
	}
	wrong := 0
	for _, m := range p.Moves(nil) {
		if a, err := pz.Check(v, 0, p.FormatMove(m)); err == nil && !a.Correct {
			wrong++
		}
	}
	if wrong == 0 {
		return fmt.Errorf("puzzle %s: no move is wrong", pz.ID)
	}
	vd, err := j.Judge(ctx, p)
	if err != nil {
		return fmt.Errorf("puzzle %s: %w", pz.ID, err)
	}
	first := p.FormatMove(vd.Move)
	if !vd.Unique {
		return fmt.Errorf("puzzle %s: no single winning move: the best, %s, keeps %.0f%%, the second best %.0f%%", pz.ID, first, vd.Win, vd.Second)
	}
	if a, err := pz.Check(v, 0, first); err != nil || !a.Correct {
		return fmt.Errorf("puzzle %s: the search's move is %s, the line's %s", pz.ID, first, pz.Line[0])
	}
	return nil
}

// VerifyAll verifies the puzzles of v on every core, each with its own
// Judge at budget, and returns each puzzle's error (nil when it passes),
// in the order given.
func VerifyAll(ctx context.Context, v *engine.Variant, pzs []Puzzle, budget ai.Config) []error {
	errs := make([]error, len(pzs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j := NewJudge(budget)
			for i := range next {
				errs[i] = Verify(ctx, j, v, pzs[i])
			}
		}()
	}
	for i := range pzs {
		next <- i
	}
	close(next)
	wg.Wait()
	return errs
}
