package table_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/learn"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// allGames returns a Table over every game, on a fresh SQLite file.
func allGames(t *testing.T) (*table.Table, *store.Store) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "zugbot.db"), store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	tab, err := table.New(table.Config{Store: st, Variants: games.All(), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return tab, st
}

// TestLessonsThroughService walks every lesson of every game through the
// service, as a learner would: an illegal move and a legal wrong move are
// explained and do not complete the step, and each of the step's
// solutions completes it.
func TestLessonsThroughService(t *testing.T) {
	tab, _ := allGames(t)
	ctx := context.Background()
	for _, c := range learn.Courses() {
		for _, l := range c.Lessons {
			for i := range l.Steps {
				s, err := tab.Lesson(c.Variant, l.Key, i)
				if err != nil {
					t.Fatalf("%s step %d: %v", l.Key, i+1, err)
				}
				try, err := tab.TryLesson(ctx, c.Variant, l.Key, i, "zz9-zz8")
				if err != nil || try.Done || try.Notation != "" || !strings.Contains(try.Explain, "zz9-zz8") {
					t.Errorf("%s step %d: nonsense answered %+v, %v", l.Key, i+1, try, err)
				}
				for _, m := range s.Position.Moves(nil) {
					text := s.Position.FormatMove(m)
					try, err := tab.TryLesson(ctx, c.Variant, l.Key, i, text)
					if err != nil {
						t.Fatalf("%s step %d, %s: %v", l.Key, i+1, text, err)
					}
					solution := false
					for _, sol := range s.Step.Solutions {
						solution = solution || sol == text
					}
					switch {
					case try.Done != solution:
						t.Errorf("%s step %d, %s: done %v, a solution %v", l.Key, i+1, text, try.Done, solution)
					case try.Explain == "":
						t.Errorf("%s step %d, %s: no explanation", l.Key, i+1, text)
					case try.Done && try.Explain != s.Step.Done:
						t.Errorf("%s step %d, %s: says %q on completion", l.Key, i+1, text, try.Explain)
					}
				}
			}
		}
	}
	if _, err := tab.Lesson("zola", "zola-nothing", 0); err == nil {
		t.Error("an unknown lesson was found")
	}
	if _, err := tab.Lesson("zola", "zola-steps", 9); err == nil {
		t.Error("a step past the end was found")
	}
}
