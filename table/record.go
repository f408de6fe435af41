package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/zugbot/zugbot/analysis"
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/store"
)

// Record is a game's record for export: a text in the manner of PGN (tag
// pairs, then the moves numbered, annotated when the game was analysed),
// and the game's start and moves for a replay.
type Record struct {
	State store.State
	Text  string
	Start engine.Position
	Moves []engine.Move
}

// Record returns the record of game id.
func (t *Table) Record(ctx context.Context, id int64) (Record, error) {
	st, err := t.Load(ctx, id)
	if err != nil {
		return Record{}, err
	}
	g := &st.Game
	v := st.Position.Variant()
	rec := Record{State: st}
	if rec.Start, rec.Moves, err = store.ParseGame(v, g.Start, st.Moves); err != nil {
		return Record{}, fmt.Errorf("record of game %d: %w", id, err)
	}
	var txt strings.Builder
	fmt.Fprintf(&txt, "[Game \"%s\"]\n[Variant \"%s\"]\n[Site \"zugbot\"]\n[Number \"%d\"]\n[Date \"%s\"]\n",
		v.Name, v.ID, g.ID, g.Created.UTC().Format("2006.01.02"))
	for side := range 2 {
		fmt.Fprintf(&txt, "[%s \"%s\"]\n", v.Sides[side], SeatName(g.Seats[side]))
	}
	if g.Start != "" {
		fmt.Fprintf(&txt, "[Position \"%s\"]\n", g.Start)
	}
	if g.Hints > 0 {
		fmt.Fprintf(&txt, "[Hints \"%d\"]\n", g.Hints)
	}
	result := "the game goes on"
	if g.Over() {
		result = ResultOf(v, g, nil).String()
	}
	// The moves, annotated when the game was analysed.
	rep, ok, err := t.keptAnalysis(ctx, id)
	if err != nil {
		return Record{}, err
	}
	var plies []analysis.Ply
	if ok && len(rep.Plies) == len(st.Moves) {
		plies = rep.Plies
		annotator := fmt.Sprintf("zugbot, %s nodes a position", Thousands(rep.Nodes))
		if rep.Exact {
			annotator = "zugbot, exact: the game is solved"
		}
		fmt.Fprintf(&txt, "[Annotator \"%s\"]\n", annotator)
	}
	fmt.Fprintf(&txt, "[Result \"%s\"]\n\n", result)
	for i, mv := range st.Moves {
		if i%2 == 0 {
			fmt.Fprintf(&txt, "%d. ", i/2+1)
		}
		if plies != nil {
			txt.WriteString(plies[i].Annotated())
		} else {
			txt.WriteString(mv.Notation)
		}
		if i%2 == 1 || i == len(st.Moves)-1 {
			txt.WriteString("\n")
		} else {
			txt.WriteString(" ")
		}
	}
	rec.Text = txt.String()
	return rec, nil
}

// keptAnalysis returns the analysis kept for game id, if there is one.
func (t *Table) keptAnalysis(ctx context.Context, id int64) (analysis.Report, bool, error) {
	var rep analysis.Report
	data, err := t.store.Analysis(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return rep, false, nil
	}
	if err != nil {
		return rep, false, err
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		return rep, false, fmt.Errorf("the kept analysis of game %d: %w", id, err)
	}
	return rep, true, nil
}

// Thousands writes n with commas between its thousands: 1,234,567.
func Thousands(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// KeptAnalysis returns the analysis kept for game id, if there is one: the
// judgement of each of its moves.
func (t *Table) KeptAnalysis(ctx context.Context, id int64) (analysis.Report, bool, error) {
	return t.keptAnalysis(ctx, id)
}
