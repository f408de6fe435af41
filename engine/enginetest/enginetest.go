// Package enginetest checks that a game implements the engine contract, in
// the spirit of testing/fstest: one call, Check, plays seeded random games
// and checks at every position that
//   - playing a move (engine.Play, or Do then Undo) leaves the position it was
//     played on as it was;
//   - every legal move has a notation that is unique and parses back to it;
//   - the game is over exactly when there are no legal moves;
//   - position strings round-trip, and the hash after a move equals the
//     hash of the same position read afresh;
//   - Describe names points of the geometry, and Piece only kinds the
//     variant lists;
//   - outcomes agree with their Detail, and agreed ones with
//     Variant.Agreement;
//   - random games end within the variant's MaxPlies;
//   - Moves, Do and Undo do not allocate.
//
// CheckParse and CheckParseMove serve fuzz targets for the parsers, and
// CheckSymmetry the tests of evaluations. Play, MustParse, MustParseMove,
// FormatMoves and Notations are small helpers for the games' own tests.
package enginetest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
)

// Config tunes Check. The zero value is usable.
type Config struct {
	// Games is how many random games to play from each start (default 20).
	Games int
	// Seed seeds the random games (default 1).
	Seed uint64
	// Positions are extra position strings to play random games from, such
	// as positions that lead to forced passes or rare rules.
	Positions []string
}

// Check checks variant v against the engine contract. t may be any
// testing.TB, such as a *testing.B or a recorder that tests the kit itself.
func Check(t testing.TB, v *engine.Variant, cfg Config) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 20
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	checkVariant(t, v)
	starts := []engine.Position{v.Start()}
	for _, s := range cfg.Positions {
		p, err := v.Parse(s)
		if err != nil {
			t.Fatalf("%s: Parse(%q): %v", v.ID, s, err)
		}
		starts = append(starts, p)
	}
	r := rand.New(rand.NewPCG(cfg.Seed, 0x7a756762))
	for _, start := range starts {
		checkAllocs(t, start)
		for g := 0; g < cfg.Games && !t.Failed(); g++ {
			playGame(t, v, start, r)
		}
	}
}

func checkVariant(t testing.TB, v *engine.Variant) {
	t.Helper()
	switch {
	case v.ID == "" || v.Name == "" || v.Game == "" || v.Credit == "" || v.Summary == "":
		t.Errorf("variant %q: ID, Name, Game, Credit and Summary must all be set", v.ID)
	case v.Sides[0] == "" || v.Sides[1] == "":
		t.Errorf("%s: both sides need names", v.ID)
	case v.MaxPlies <= 0:
		t.Errorf("%s: MaxPlies = %d, want > 0", v.ID, v.MaxPlies)
	case v.Geometry == nil || len(v.Geometry.Points) == 0:
		t.Errorf("%s: no geometry", v.ID)
	case v.Start == nil || v.Parse == nil:
		t.Errorf("%s: Start and Parse must be set", v.ID)
	}
	if t.Failed() {
		t.FailNow()
	}
	g := v.Geometry
	names := map[string]bool{}
	for i, pt := range g.Points {
		if pt.Name == "" || names[pt.Name] {
			t.Errorf("%s: point %d has an empty or repeated name %q", v.ID, i, pt.Name)
		}
		names[pt.Name] = true
		if pt.X < 0 || pt.X > g.Width || pt.Y < 0 || pt.Y > g.Height {
			t.Errorf("%s: point %s at (%g,%g) lies outside %gx%g", v.ID, pt.Name, pt.X, pt.Y, g.Width, g.Height)
		}
	}
	for _, l := range g.Lines {
		if l.From < 0 || l.From >= len(g.Points) || l.To < 0 || l.To >= len(g.Points) {
			t.Errorf("%s: line %v names a point that does not exist", v.ID, l)
		}
	}
	checkKinds(t, v)
	if (v.Agreement == engine.AgreedCount) != (v.Counting != "") || v.Agreement > engine.AgreedCount {
		t.Errorf("%s: Agreement %d with Counting %q: Counting is for AgreedCount, and only for it", v.ID, v.Agreement, v.Counting)
	}
	if start := v.Start(); start.Variant() != v {
		t.Errorf("%s: Start().Variant() = %v, want the variant itself", v.ID, start.Variant())
	}
}

// checkKinds checks that v lists its kinds of pieces, each once, with a
// name and a symbol for both sides.
func checkKinds(t testing.TB, v *engine.Variant) {
	t.Helper()
	if len(v.Kinds) == 0 {
		t.Errorf("%s: Kinds lists no kind of piece", v.ID)
	}
	for i, k := range v.Kinds {
		switch {
		case k == nil:
			t.Errorf("%s: Kinds[%d] is nil", v.ID, i)
		case k.Name == "" || k.Symbol[0] == "" || k.Symbol[1] == "":
			t.Errorf("%s: kind %+v needs a name and a symbol for each side", v.ID, *k)
		case slices.Index(v.Kinds, k) != i:
			t.Errorf("%s: kind %q is listed twice", v.ID, k.Name)
		}
	}
}

// checkOutcomes checks p's outcome and agreed outcome against their
// Detail and the variant's Agreement.
func checkOutcomes(t testing.TB, v *engine.Variant, p engine.Position, at func() string) {
	t.Helper()
	out := p.Outcome()
	if out.Over() && out.Reason == "" {
		t.Errorf("%s: outcome %+v has no reason", at(), out)
	}
	if out.Status == engine.Win && out.Winner > 1 {
		t.Errorf("%s: winner %d", at(), out.Winner)
	}
	o, ok := p.Agreed()
	for _, x := range []engine.Outcome{out, o} {
		if !strings.HasSuffix(x.Reason, x.Detail) {
			t.Errorf("%s: outcome %+v: Reason must end with Detail", at(), x)
		}
	}
	if !ok {
		return
	}
	switch {
	case !o.Over() || o.Reason == "":
		t.Errorf("%s: Agreed() = %+v, want a finished outcome with a reason", at(), o)
	case v.Agreement == engine.NoAgreement:
		t.Errorf("%s: Agreed() = %+v, but the variant has NoAgreement", at(), o)
	case v.Agreement == engine.AgreedDraw && o.Status != engine.Draw:
		t.Errorf("%s: Agreed() = %+v, but the variant's agreed ending is a draw", at(), o)
	case v.Agreement == engine.AgreedCount && o.Detail == "":
		t.Errorf("%s: Agreed() = %+v, but the variant's agreed ending is counted: Detail must say how", at(), o)
	}
}

// snapshot is what must not change when a position is left as it was.
type snapshot struct {
	text  string
	hash  uint64
	turn  engine.Side
	moves []engine.Move
	out   engine.Outcome
}

func snap(p engine.Position) snapshot {
	return snapshot{engine.String(p), p.Hash(), p.Turn(), p.Moves(nil), p.Outcome()}
}

func (s snapshot) equal(o snapshot) bool {
	return s.text == o.text && s.hash == o.hash && s.turn == o.turn && s.out == o.out && slices.Equal(s.moves, o.moves)
}

func playGame(t testing.TB, v *engine.Variant, start engine.Position, r *rand.Rand) {
	t.Helper()
	p := start.Clone()
	before := snap(start)
	var line []string
	for ply := 0; ; ply++ {
		if ply > v.MaxPlies {
			t.Fatalf("%s: game from %q still going after MaxPlies=%d: %v", v.ID, before.text, v.MaxPlies, line)
		}
		moves := checkPosition(t, v, p, line)
		if t.Failed() || len(moves) == 0 {
			break
		}
		m := moves[r.IntN(len(moves))]
		line = append(line, p.FormatMove(m))
		p.Do(m)
	}
	// Take every move back: the start must come back exactly.
	for range line {
		p.Undo()
	}
	if after := snap(p); !after.equal(before) {
		t.Errorf("%s: after undoing %v: got %q (hash %x), want %q (hash %x)", v.ID, line, after.text, after.hash, before.text, before.hash)
	}
	if after := snap(start); !after.equal(before) {
		t.Errorf("%s: playing a game on a clone changed the original to %q", v.ID, after.text)
	}
}

// checkPosition checks one position and returns its legal moves.
func checkPosition(t testing.TB, v *engine.Variant, p engine.Position, line []string) []engine.Move {
	t.Helper()
	at := func() string { return fmt.Sprintf("%s after %v (%s)", v.ID, line, engine.String(p)) }
	if p.Variant() != v {
		t.Fatalf("%s: Variant() = %v", at(), p.Variant())
	}
	moves := p.Moves(nil)
	out := p.Outcome()
	if out.Over() != (len(moves) == 0) {
		t.Fatalf("%s: Outcome %+v with %d legal moves: the game must be over exactly when there are none", at(), out, len(moves))
	}
	checkOutcomes(t, v, p, at)

	// Moves appends.
	prefix := []engine.Move{{Lo: 1, Hi: 2}}
	if got := p.Moves(prefix); len(got) != len(moves)+1 || got[0] != prefix[0] || !slices.Equal(got[1:], moves) {
		t.Errorf("%s: Moves(dst) does not append to dst", at())
	}

	// Position strings round-trip; hashes agree with a fresh read.
	text := engine.String(p)
	q, err := v.Parse(text)
	if err != nil {
		t.Fatalf("%s: Parse(MarshalText()) = %v", at(), err)
	}
	if got := engine.String(q); got != text {
		t.Errorf("%s: position string round trip: got %q, want %q", at(), got, text)
	}
	if q.Hash() != p.Hash() {
		t.Errorf("%s: Hash() = %x, but the same position read afresh hashes %x", at(), p.Hash(), q.Hash())
	}
	if q.Turn() != p.Turn() {
		t.Errorf("%s: Turn() = %d, read afresh %d", at(), p.Turn(), q.Turn())
	}
	if !out.Over() && !sameSet(p, q) {
		t.Errorf("%s: the position read afresh has other legal moves", at())
	}
	n := len(v.Geometry.Points)
	for i := 0; i < n; i++ {
		if pc := p.Piece(i); pc.Kind != nil && !slices.Contains(v.Kinds, pc.Kind) || pc.Side > 1 {
			t.Errorf("%s: Piece(%d) = %+v", at(), i, pc)
		}
	}

	before := snap(p)
	seen := map[string]engine.Move{}
	for _, m := range moves {
		if m.IsZero() {
			t.Fatalf("%s: the zero Move is listed as legal", at())
		}
		s := p.FormatMove(m)
		if s == "" {
			t.Errorf("%s: move %v has empty notation", at(), m)
			continue
		}
		if prev, dup := seen[s]; dup {
			t.Errorf("%s: moves %v and %v both format as %q", at(), prev, m, s)
		}
		seen[s] = m
		if got, err := p.ParseMove(s); err != nil || got != m {
			t.Errorf("%s: ParseMove(%q) = %v, %v; want %v", at(), s, got, err, m)
		}
		info := p.Describe(m)
		for _, i := range append(slices.Clone(info.Path), info.Taken...) {
			if i < 0 || i >= n {
				t.Errorf("%s: Describe(%s) names point %d of %d", at(), s, i, n)
			}
		}

		// Play leaves p alone, and its result hashes as a fresh read.
		c := engine.Play(p, m)
		if now := snap(p); !now.equal(before) {
			t.Fatalf("%s: Play(%s) changed the position it was played on to %q", at(), s, now.text)
		}
		ct := engine.String(c)
		if fresh, err := v.Parse(ct); err != nil {
			t.Errorf("%s: after %s, Parse(%q) = %v", at(), s, ct, err)
		} else if fresh.Hash() != c.Hash() {
			t.Errorf("%s: after %s the hash is %x, but %q read afresh hashes %x", at(), s, c.Hash(), ct, fresh.Hash())
		}

		// Do and Undo restore everything.
		p.Do(m)
		if got := engine.String(p); got != ct {
			t.Errorf("%s: Do(%s) gives %q but Play gives %q", at(), s, got, ct)
		}
		p.Undo()
		if now := snap(p); !now.equal(before) {
			t.Fatalf("%s: Do(%s) then Undo() gives %q, want %q", at(), s, now.text, before.text)
		}
	}
	// A few malformed entries must be refused with a *MoveError.
	for _, bad := range []string{"", "zz9-zz9", "\x00", "pass pass", "a1-a1-a1-a1"} {
		if m, err := p.ParseMove(bad); err == nil && !slices.Contains(moves, m) {
			t.Errorf("%s: ParseMove(%q) accepted an illegal move %v", at(), bad, m)
		} else if err != nil {
			if _, ok := err.(*engine.MoveError); !ok {
				t.Errorf("%s: ParseMove(%q) error %T %v, want *engine.MoveError", at(), bad, err, err)
			}
		}
	}
	return moves
}

// sameSet reports whether p and q have the same legal moves by notation.
func sameSet(p, q engine.Position) bool {
	return slices.Equal(Notations(p), Notations(q))
}

// checkAllocs asserts that the hot path does not allocate once warm.
func checkAllocs(t testing.TB, start engine.Position) {
	t.Helper()
	p := start.Clone()
	buf := make([]engine.Move, 0, 1024)
	moves := p.Moves(buf[:0])
	if len(moves) == 0 {
		return
	}
	m := moves[0]
	p.Do(m)
	p.Undo()
	allocs := testing.AllocsPerRun(100, func() {
		moves = p.Moves(buf[:0])
		p.Do(moves[0])
		p.Moves(moves[len(moves):])
		p.Undo()
	})
	if allocs != 0 {
		t.Errorf("%s: Moves, Do and Undo allocate %v times per call; the hot path must not allocate", start.Variant().ID, allocs)
	}
}

// CheckParse reads s as a position of v and, if it is accepted, checks that
// it writes back to a string that reads as the same position. It is meant
// for fuzz targets: any panic in Parse fails the fuzz run.
func CheckParse(t *testing.T, v *engine.Variant, s string) {
	t.Helper()
	p, err := v.Parse(s)
	if err != nil {
		if err.Error() == "" {
			t.Errorf("Parse(%q): empty error message", s)
		}
		return
	}
	text := engine.String(p)
	q, err := v.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q) accepted, but its string %q is refused: %v", s, text, err)
	}
	if got := engine.String(q); got != text {
		t.Fatalf("Parse(%q): %q reads back as %q", s, text, got)
	}
	for _, m := range p.Moves(nil) {
		p.FormatMove(m)
	}
	p.Outcome()
}

// CheckParseMove parses s as a move in p and checks that an accepted move is
// legal and an error is a *engine.MoveError. It is meant for fuzz targets.
func CheckParseMove(t *testing.T, p engine.Position, s string) {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		if _, ok := err.(*engine.MoveError); !ok {
			t.Fatalf("ParseMove(%q): error %T %v, want *engine.MoveError", s, err, err)
		}
		return
	}
	if !slices.Contains(p.Moves(nil), m) {
		t.Fatalf("ParseMove(%q) = %v, which is not a legal move", s, m)
	}
}
