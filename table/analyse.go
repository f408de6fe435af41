package table

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/zugbot/zugbot/analysis"
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/store"
)

// Analysis is a finished game's computer analysis.
type Analysis struct {
	// State is the game.
	State store.State
	// Start is its start position and Moves its moves, in order.
	Start engine.Position
	Moves []engine.Move
	// Report is the analysis.
	Report analysis.Report
	// Kept is true when the analysis was made before and kept.
	Kept bool
}

// analyses runs each game's analysis once at a time: a second request
// for a game being analysed waits for the first.
type analyses struct {
	mu      sync.Mutex
	running map[int64]chan struct{} // closed when that game's analysis ends
}

// AnalysisOptions are an adapter's part in an analysis (see Analyse).
type AnalysisOptions struct {
	// Starting, when set, is called once the analysis is allowed, before
	// it is made: kept says that it was made (and posted) before, and is
	// read at once. The adapter may say that the answer is coming; an
	// error ends the call. A new analysis is recorded as pending first, so
	// that if the process dies after Starting, the analysis is made and
	// posted by its timer (Announcer.Analysed).
	Starting func(kept bool) error
	// Progress, when set, is told after each position is valued: done of
	// total.
	Progress func(done, total int)
	// Post, when set, shows a new analysis (not Kept) where everyone may
	// see it. Once it returns nil, the analysis is recorded as posted, and
	// its timer does not post it again. A kept analysis is returned, for
	// the adapter to show to the one who asked.
	Post func(a Analysis) error
}

// Analyse returns the computer analysis of game id for user, one of its
// players, computing it the first time (see package analysis) and keeping
// it in the store, so that the next request is answered at once. The
// positions are valued one by one as background work on the AI's workers,
// so that the analysis never holds up a reply in a live game. The adapter
// takes part through opt: told when it starts and how it progresses, and
// posting a new one.
func (t *Table) Analyse(ctx context.Context, id int64, user string, opt AnalysisOptions) (Analysis, error) {
	st, err := t.Load(ctx, id)
	if err != nil {
		return Analysis{}, err
	}
	if err := checkAnalyse(&st, user); err != nil {
		return Analysis{}, err
	}
	_, kept, err := t.keptAnalysis(ctx, id)
	if err != nil {
		return Analysis{}, err
	}
	if !kept {
		if err := t.analysisPending(ctx, id); err != nil {
			return Analysis{}, err
		}
	}
	if opt.Starting != nil {
		if err := opt.Starting(kept); err != nil {
			return Analysis{}, err
		}
	}
	a, err := t.analyse(ctx, st, opt.Progress)
	if err != nil || a.Kept || opt.Post == nil {
		return a, err
	}
	if err := opt.Post(a); err != nil {
		return a, err
	}
	t.analysisPosted(ctx, id)
	return a, nil
}

// analyse is Analyse of st, for whoever asked. A new analysis leaves its
// Analysis timer set (store.AnalysisPending), put off as it progresses,
// until it is posted (analysisPosted): should the process
// die first, the timer has it made and posted.
func (t *Table) analyse(ctx context.Context, st store.State, progress func(done, total int)) (Analysis, error) {
	id := st.Game.ID
	g := &st.Game
	a := Analysis{State: st}
	var err error
	if a.Start, a.Moves, err = store.ParseGame(st.Position.Variant(), g.Start, st.Moves); err != nil {
		return Analysis{}, fmt.Errorf("analyse game %d: %w", id, err)
	}
	for {
		rep, ok, err := t.keptAnalysis(ctx, id)
		if err != nil {
			return Analysis{}, err
		}
		if ok && len(rep.Plies) == len(a.Moves) {
			a.Report, a.Kept = rep, true
			return a, nil
		}
		// None, or kept for other moves (a takeback after the end cannot
		// happen, but a repaired game can): made again.
		done, first := t.analyses.start(id)
		if first {
			break
		}
		select { // another request analyses it: its result is kept
		case <-done:
		case <-ctx.Done():
			return Analysis{}, ctx.Err()
		}
	}
	defer t.analyses.end(id)
	pending := func() error { return t.analysisPending(ctx, id) }
	if err := pending(); err != nil {
		return Analysis{}, err
	}
	renewed := t.now()
	values := make([]analysis.Value, 0, len(a.Moves)+1)
	p := a.Start.Clone()
	for i := 0; ; i++ {
		var val analysis.Value
		err := t.thinker.Background(ctx, id, func(ctx context.Context, ws *ai.Workspace) error {
			var err error
			val, err = analysis.Evaluate(ctx, p, ws.Searcher(ai.Config{}, t.Rand()), t.cfg.AnalysisBudget)
			return err
		})
		if err != nil {
			return Analysis{}, fmt.Errorf("analyse game %d, position %d: %w", id, i, err)
		}
		values = append(values, val)
		if now := t.now(); now.Sub(renewed) >= store.AnalysisGrace/3 {
			renewed = now
			if err := pending(); err != nil {
				return Analysis{}, err
			}
		}
		if progress != nil {
			progress(i+1, len(a.Moves)+1)
		}
		if i == len(a.Moves) {
			break
		}
		p.Do(a.Moves[i])
	}
	if a.Report, err = analysis.New(a.Start, a.Moves, values); err != nil {
		return Analysis{}, fmt.Errorf("analyse game %d: %w", id, err)
	}
	if !a.Report.Exact {
		a.Report.Nodes = analysis.Budget.Nodes
		if t.cfg.AnalysisBudget != (ai.Config{}) {
			a.Report.Nodes = t.cfg.AnalysisBudget.Nodes
		}
	}
	data, err := json.Marshal(a.Report)
	if err != nil {
		return Analysis{}, fmt.Errorf("analyse game %d: %w", id, err)
	}
	if err := t.store.SaveAnalysis(ctx, id, data); err != nil {
		return Analysis{}, err
	}
	return a, nil
}

// analysisPending sets game id's Analysis timer, due store.AnalysisGrace
// from now: before the asker is told that a new analysis is under way, so
// that a process that dies between the two leaves the analysis to the
// timer, to be made and posted.
func (t *Table) analysisPending(ctx context.Context, id int64) error {
	return t.store.AnalysisPending(ctx, id, t.now().Add(store.AnalysisGrace))
}

// analysisPosted records that game id's analysis is posted: its Analysis
// timer is removed. A failure is logged: the analysis may then be posted
// twice.
func (t *Table) analysisPosted(ctx context.Context, id int64) {
	if err := t.store.AnalysisPosted(ctx, id); err != nil {
		t.cfg.Log.Error("recording an analysis posted", "game", id, "err", err)
	}
}

// pendingAnalysis makes the analysis of game id that an Analysis timer is
// due for (its process died, or took long), unless this process is making
// it: then the timer is put off, and ok is false.
func (t *Table) pendingAnalysis(ctx context.Context, id int64) (a Analysis, ok bool, err error) {
	if t.analyses.busy(id) {
		return Analysis{}, false, t.analysisPending(ctx, id)
	}
	st, err := t.Load(ctx, id)
	if err != nil {
		return Analysis{}, false, err
	}
	a, err = t.analyse(ctx, st, nil)
	return a, err == nil, err
}

// checkAnalyse refuses an analysis of st to user unless user is one of
// its players and the game is over, with moves to analyse.
func checkAnalyse(st *store.State, user string) error {
	g := &st.Game
	switch _, ok := g.SideOf(user); {
	case !ok:
		return refusal(Refusal{Reason: NotYours, Game: g.ID}, "Only the players of game #%d may ask for its analysis.", g.ID)
	case !g.Over():
		return refusal(Refusal{Reason: GameGoing, Game: g.ID}, "Game #%d is still going: its analysis comes when it is over, so that it helps neither player.", g.ID)
	case len(st.Moves) == 0:
		return refusal(Refusal{Reason: NotAnalysed, Game: g.ID}, "Game #%d ended before any move: there is nothing to analyse.", g.ID)
	}
	return nil
}

// start claims game id's analysis: first is true when the caller is to
// run it (and then call end), false when another runs it; done is closed
// when that one ends.
func (a *analyses) start(id int64) (done chan struct{}, first bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if c, ok := a.running[id]; ok {
		return c, false
	}
	if a.running == nil {
		a.running = map[int64]chan struct{}{}
	}
	c := make(chan struct{})
	a.running[id] = c
	return c, true
}

// busy reports whether game id's analysis is being made.
func (a *analyses) busy(id int64) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	_, ok := a.running[id]
	return ok
}

// end releases game id's analysis.
func (a *analyses) end(id int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	close(a.running[id])
	delete(a.running, id)
}
