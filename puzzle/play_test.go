package puzzle_test

import (
	"context"
	"errors"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/puzzle"
)

// TestCheck plays the shipped puzzles as a person would: a wrong move is
// not correct and names the line's move, an entry that is no legal move is
// an error that costs nothing, and the line's moves solve the puzzle, each
// but the last answered by the opponent's reply.
func TestCheck(t *testing.T) {
	for id := range shippedGames {
		v, _ := games.ByID(id)
		set, err := puzzle.Set(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, pz := range set {
			p, err := pz.Start(v)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := pz.Check(v, 0, "zz1-zz2"); !errors.As(err, new(*engine.MoveError)) {
				t.Errorf("%s: nonsense: %v, want a move error", pz.ID, err)
			}
			for _, m := range p.Moves(nil) {
				text := p.FormatMove(m)
				if text == pz.Line[0] {
					continue
				}
				a, err := pz.Check(v, 0, text)
				if err != nil {
					t.Fatalf("%s: %s: %v", pz.ID, text, err)
				}
				q := p.Clone()
				q.Do(m)
				wins := q.Outcome().Status == engine.Win && q.Outcome().Winner == p.Turn()
				if a.Correct != wins || a.Solved != wins || a.Expected != pz.Line[0] {
					t.Errorf("%s: %s: %+v (wins at once: %v)", pz.ID, text, a, wins)
				}
				break
			}
			for ply := 0; ply < len(pz.Line); ply += 2 {
				a, err := pz.Check(v, ply, pz.Line[ply])
				last := ply == len(pz.Line)-1
				switch {
				case err != nil:
					t.Fatalf("%s ply %d: %v", pz.ID, ply, err)
				case !a.Correct:
					t.Errorf("%s ply %d: the line's move %s is not correct", pz.ID, ply, pz.Line[ply])
				case a.Solved:
					if !last {
						// Only a move that wins on the spot ends it early.
						q, _ := pz.At(v, ply+1)
						if !q.Outcome().Over() {
							t.Errorf("%s ply %d: solved before the line's end", pz.ID, ply)
						}
					}
					ply = len(pz.Line)
				case last:
					t.Errorf("%s: the line's last move does not solve it", pz.ID)
				case a.Reply != pz.Line[ply+1] || a.Next != ply+2:
					t.Errorf("%s ply %d: reply %s, next %d", pz.ID, ply, a.Reply, a.Next)
				}
			}
		}
	}
}

// TestJudgeTwoWins: a position where one move wins at once and another
// wins a little later has no single winning move.
func TestJudgeTwoWins(t *testing.T) {
	p, err := zola.Zola.Parse("6/6/6/2B3/6/R2R2 R")
	if err != nil {
		t.Fatal(err)
	}
	v, err := puzzle.NewJudge(puzzle.Deep).Judge(context.Background(), p)
	if err != nil || v.Unique || p.FormatMove(v.Move) != "a1xc3" {
		t.Errorf("Judge = %+v (%s), %v; want a1xc3, not unique", v, p.FormatMove(v.Move), err)
	}
}
