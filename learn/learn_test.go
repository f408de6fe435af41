package learn_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/learn"
)

func variant(t *testing.T, id string) *engine.Variant {
	t.Helper()
	v, ok := games.ByID(id)
	if !ok {
		t.Fatalf("no variant %q", id)
	}
	return v
}

// TestSteps checks every step of every lesson against its game's engine:
// the position is legal and ongoing with the learner to move; the moves
// that meet the step's goal on the board are exactly its Solutions (so
// its completing moves complete it, and no other move does); every wrong
// move it explains is legal and does not complete it.
func TestSteps(t *testing.T) {
	for _, c := range learn.Courses() {
		v := variant(t, c.Variant)
		for _, l := range c.Lessons {
			for i, st := range l.Steps {
				name := l.Key + "/" + string(rune('1'+i))
				p, err := st.Start(v)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				if p.Outcome().Over() {
					t.Errorf("%s: the game is over", name)
					continue
				}
				var got []string
				for _, m := range p.Moves(nil) {
					if st.Completes(p, m) {
						got = append(got, p.FormatMove(m))
					}
				}
				want := slices.Clone(st.Solutions)
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("%s (%s): the moves that complete it are %q, the step lists %q", name, st.Task, got, want)
				}
				for mv := range st.Wrong {
					m, err := p.ParseMove(mv)
					switch {
					case err != nil:
						t.Errorf("%s: wrong move %s: %v", name, mv, err)
					case st.Completes(p, m):
						t.Errorf("%s: wrong move %s completes the step", name, mv)
					}
				}
				if len(st.Solutions) < len(p.Moves(nil)) && st.Otherwise == "" && len(st.Wrong) == 0 {
					t.Errorf("%s: no explanation of a wrong move", name)
				}
				if st.Task == "" || st.Done == "" {
					t.Errorf("%s: no task or no word on completion", name)
				}
			}
		}
	}
}

// TestCoverage: every game has a course, every lesson quotes the rule it
// teaches from docs/rules/, and each course ends with a game.
func TestCoverage(t *testing.T) {
	for _, id := range []string{"zola", "zamma", "zonal", "zodiac"} {
		c, ok := learn.For(id)
		if !ok {
			t.Errorf("no course for %s", id)
			continue
		}
		b, err := os.ReadFile("../docs/rules/" + id + ".md")
		if err != nil {
			t.Fatal(err)
		}
		rules := strings.Join(strings.Fields(string(b)), " ")
		for _, l := range c.Lessons {
			if !strings.Contains(rules, l.Rule) || l.Rule == "" {
				t.Errorf("%s: the rule %q is not in docs/rules/%s.md", l.Key, l.Rule, id)
			}
			if len(l.Steps) == 0 {
				t.Errorf("%s: no steps", l.Key)
			}
		}
		if c.Final == "" {
			t.Errorf("%s: no final game", id)
		}
	}
}
