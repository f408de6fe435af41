package enginetest_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
	"github.com/zugbot/zugbot/engine/zola"
)

// recorder is a testing.TB that records failures instead of reporting them,
// so that the kit itself can be tested on broken games.
type recorder struct {
	testing.TB
	mu     sync.Mutex
	errors []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	panic(r)
}

func (r *recorder) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.errors) > 0
}

// record runs f on a recorder and returns what it reported. A Fatalf ends f.
func record(t *testing.T, f func(tb testing.TB)) []string {
	r := &recorder{TB: t}
	func() {
		defer func() {
			if e := recover(); e != nil && e != any(r) {
				panic(e)
			}
		}()
		f(r)
	}()
	return r.errors
}

// check runs the kit on v and returns what it reported.
func check(t *testing.T, v *engine.Variant) []string {
	return record(t, func(tb testing.TB) { enginetest.Check(tb, v, enginetest.Config{Games: 3}) })
}

// fault is a way to break Zola.
type fault int

const (
	sharedClone  fault = iota // Clone shares the history and board
	staleHash                 // Do forgets to update the hash
	sameNotation              // two moves format alike
	stuck                     // no moves once few checkers remain, while the game goes on
	badString                 // Parse ignores the side to move
	allocating                // Moves allocates a fresh slice
	unlisted                  // Piece returns a kind the variant does not list
	agreedWin                 // Agreed offers a win in a variant whose agreed ending is a draw
)

// stranger is a kind of piece no variant lists.
var stranger = &engine.Kind{Name: "stranger", Symbol: [2]string{"S", "s"}}

func (b *broken) Piece(i int) engine.Piece {
	pc := b.Position.Piece(i)
	if b.fault == unlisted && pc.Kind != nil {
		pc.Kind = stranger
	}
	return pc
}

func (b *broken) Agreed() (engine.Outcome, bool) {
	if b.fault == agreedWin {
		return engine.Outcome{Status: engine.Win, Reason: "agreement"}, true
	}
	return b.Position.Agreed()
}

// broken wraps a Zola position and breaks it in one way.
type broken struct {
	*zola.Position
	v     *engine.Variant
	fault fault
	moved int // plies played, for staleHash
}

func (b *broken) Variant() *engine.Variant { return b.v }

func (b *broken) Clone() engine.Position {
	if b.fault == sharedClone {
		c := *b
		return &c
	}
	return &broken{b.Position.Clone().(*zola.Position), b.v, b.fault, b.moved}
}

func (b *broken) Do(m engine.Move) { b.Position.Do(m); b.moved++ }

func (b *broken) Undo() { b.Position.Undo(); b.moved-- }

func (b *broken) Hash() uint64 {
	if b.fault == staleHash && b.moved > 0 {
		return 42
	}
	return b.Position.Hash()
}

func (b *broken) Moves(dst []engine.Move) []engine.Move {
	if b.fault == stuck && b.Count(0)+b.Count(1) < 30 {
		return dst
	}
	if b.fault == allocating {
		return append(dst, b.Position.Moves(nil)...)
	}
	return b.Position.Moves(dst)
}

func (b *broken) FormatMove(m engine.Move) string {
	s := b.Position.FormatMove(m)
	if b.fault == sameNotation {
		return s[:1]
	}
	return s
}

func (b *broken) ParseMove(s string) (engine.Move, error) {
	if b.fault == sameNotation {
		for _, m := range b.Moves(nil) {
			if b.FormatMove(m) == s {
				return m, nil
			}
		}
	}
	return b.Position.ParseMove(s)
}

func brokenVariant(f fault) *engine.Variant {
	v := *zola.Zola
	if f == agreedWin {
		v.Agreement = engine.AgreedDraw
	}
	v.Start = func() engine.Position { return &broken{zola.Zola.Start().(*zola.Position), &v, f, 0} }
	v.Parse = func(s string) (engine.Position, error) {
		if f == badString && s != "" {
			s = s[:len(s)-1] + "R"
		}
		p, err := zola.Zola.Parse(s)
		if err != nil {
			return nil, err
		}
		return &broken{p.(*zola.Position), &v, f, 0}, nil
	}
	return &v
}

func TestKitPassesZola(t *testing.T) {
	if errs := check(t, zola.Zola); len(errs) > 0 {
		t.Errorf("the kit fails a correct game: %v", errs[0])
	}
}

func TestKitCatchesFaults(t *testing.T) {
	tests := []struct {
		fault fault
		want  string
	}{
		{sharedClone, "changed the position it was played on"},
		{staleHash, "read afresh hashes"},
		{sameNotation, "both format as"},
		{stuck, "must be over exactly when there are none"},
		{badString, "read afresh hashes"}, // the kit notices the lost side to move
		{allocating, "must not allocate"},
		{unlisted, "Piece("},
		{agreedWin, "agreed ending is a draw"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			errs := check(t, brokenVariant(tt.fault))
			for _, e := range errs {
				if strings.Contains(e, tt.want) {
					return
				}
			}
			t.Errorf("fault %d: the kit reported %d problems, none saying %q: %.300v", tt.fault, len(errs), tt.want, errs)
		})
	}
}
