package zodiac

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

// Positions for the rare rules: a repetition in four plies, a near-full
// inner hexagon, neutral-move restrictions, a player without discs.
var rulePositions = []string{
	"bwbw.w/.b.nn. w - 0",
	".w.wb./bbwnn. b - 0",
	".w.wb./bwwnn. b - 0",
	"bwbwbw/n...n. w c2c1 1",
	"bwbwbw/n..n.. b c5c4 2",
	"wwwwww/.n..n. b - 0",
	"wwwwww/n...n. b c2c1 2",
}

func TestConformance(t *testing.T) {
	enginetest.Check(t, Zodiac, enginetest.Config{Games: 200, Positions: rulePositions})
}

func TestConformanceWhiteFirst(t *testing.T) {
	enginetest.Check(t, Zodiac, enginetest.Config{Games: 50, Positions: []string{engine.String(StartWith(White))}})
}

func TestStart(t *testing.T) {
	p := Zodiac.Start().(*Position)
	if got, want := engine.String(p), "bwbwbw/.n..n. b - 0"; got != want {
		t.Errorf("start = %q, want %q", got, want)
	}
	if got, want := engine.String(StartWith(White)), "bwbwbw/.n..n. w - 0"; got != want {
		t.Errorf("StartWith(White) = %q, want %q", got, want)
	}
	if p.Turn() != Black {
		t.Errorf("start: %s to move, want Black", Zodiac.Sides[p.Turn()])
	}
	if b, w := p.Count(Black), p.Count(White); b != 3 || w != 3 {
		t.Errorf("start: %d black and %d white discs, want 3 each", b, w)
	}
	want := map[string]engine.Piece{
		"T1": {Kind: Disc, Side: Black}, "T3": {Kind: Disc, Side: Black}, "T5": {Kind: Disc, Side: Black},
		"T2": {Kind: Disc, Side: White}, "T4": {Kind: Disc, Side: White}, "T6": {Kind: Disc, Side: White},
		"C2": {Kind: Neutral}, "C5": {Kind: Neutral},
	}
	for i, pt := range Zodiac.Geometry.Points {
		if got := p.Piece(i); got != want[pt.Name] {
			t.Errorf("start: %s holds %+v, want %+v", pt.Name, got, want[pt.Name])
		}
	}
}

// TestOpeningMoves is the spec's test vector: six moves, T1 has none.
func TestOpeningMoves(t *testing.T) {
	p := Zodiac.Start()
	got := enginetest.FormatMoves(p, p.Moves(nil))
	want := []string{"T3-C1", "T5-C6", "C2-C1", "C2-C3", "C5-C4", "C5-C6"}
	if !slices.Equal(got, want) {
		t.Errorf("opening moves %v, want %v", got, want)
	}
}

// TestPerft is the spec's test vector, from either side moving first, and
// its continuation (perft(6) to perft(8)), which the first finished games
// reach: they count at their own depth and nothing deeper.
func TestPerft(t *testing.T) {
	want := []uint64{6, 32, 90, 258, 672, 1678, 3964, 9048}
	for _, first := range []engine.Side{Black, White} {
		for i, w := range want {
			if got := engine.Perft(StartWith(first), i+1); got != w {
				t.Errorf("%s first: perft(%d) = %d, want %d", Zodiac.Sides[first], i+1, got, w)
			}
		}
	}
}

// TestPerftEnds checks the spec's perft convention on its own: as in chess,
// a move that ends the game counts as a node at its own depth and
// contributes nothing deeper, and a player without a legal move has none.
func TestPerftEnds(t *testing.T) {
	// Black's jump T5-C6 wins on the inner points.
	p := enginetest.MustParse(t, Zodiac, ".w.wb./bbwnn. b - 0")
	m, err := p.ParseMove("T5-C6")
	if err != nil {
		t.Fatal(err)
	}
	if q := engine.Play(p, m); !q.Outcome().Over() {
		t.Fatalf("T5-C6 does not end the game: %s", engine.String(q))
	}
	for depth := 1; depth <= 4; depth++ {
		// Brute force: the positions exactly depth plies deep.
		var count func(q engine.Position, d int) uint64
		count = func(q engine.Position, d int) uint64 {
			if d == 0 {
				return 1
			}
			var n uint64
			for _, m := range q.Moves(nil) {
				n += count(engine.Play(q, m), d-1)
			}
			return n
		}
		want := count(p, depth)
		if got := engine.Perft(p, depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
	if got, want := engine.Perft(p, 1), uint64(len(p.Moves(nil))); got != want {
		t.Errorf("perft(1) = %d, want %d: the winning move counts at its own depth", got, want)
	}
	stuck := enginetest.MustParse(t, Zodiac, "wwwwww/n...n. b c2c1 2")
	for depth := 1; depth <= 3; depth++ {
		if got := engine.Perft(stuck, depth); got != 0 {
			t.Errorf("perft(%d) of a position without legal moves = %d, want 0", depth, got)
		}
	}
	won := enginetest.MustParse(t, Zodiac, ".w.w../bbwnnb w - 0")
	for depth := 1; depth <= 2; depth++ {
		if got := engine.Perft(won, depth); got != 0 {
			t.Errorf("perft(%d) of a finished game (majority) = %d, want 0", depth, got)
		}
	}
}

// TestRules checks each movement rule on a position made for it: whether a
// move is legal, what it leaves, and if it is refused, what the player is
// told.
func TestRules(t *testing.T) {
	tests := []struct {
		name  string
		pos   string
		move  string
		after string // the position after a legal move
		why   string // for a refused move: part of the reason
	}{
		{"jump over a neutral to an inner point", startText, "T3-C1", "bw.wbw/bn..n. w - 0", ""},
		{"jump over an own disc turns it", ".wbwbw/.b.nn. b - 0", "T3-C1", ".w.wbw/bw.nn. w - 0", ""},
		{"jump over an enemy disc turns it", ".wbwbw/.w.nn. b - 0", "T3-C1", ".w.wbw/bb.nn. w - 0", ""},
		{"jump onto a tip over a disc", "bw.w.w/bw..nn b - 0", "C1-T3", "bwbw.w/.b..nn w - 0", ""},
		{"jump onto a tip over a neutral", "bw.wbw/bn..n. b - 0", "C1-T3", "", "lands on a tip only by jumping a disc, and C2 holds a neutral"},
		{"jump over an empty point", "bwbwbw/..n.n. b - 0", "T1-C2", "", "jumps over a piece, and C1 is empty"},
		{"jump by White", "bw.wbw/bn..n. w - 0", "T2-C3", "b..wbw/bnw.n. b - 0", ""},
		{"jump to a taken point", "bw.w.w/bw..nn b - 0", "T1-C5", "", "C5 is occupied"},
		{"jump off a line", startText, "T1-C3", "", "not a jump from T1"},
		{"jump two points along a line", ".wbwbw/.b.nn. b - 0", "T3-T1", "", "not a jump from T3"},
		{"enemy disc", startText, "T2-C3", "", "T2 holds a White disc, and it is Black's turn"},
		{"empty point", startText, "C1-C6", "", "no piece on C1"},
		{"neutral step", startText, "C2-C1", "bwbwbw/n...n. w c2c1 1", ""},
		{"neutral step by the player who did not move it", "bwbwbw/n...n. w c2c1 1", "C5-C4", "bwbwbw/n..n.. b c5c4 2", ""},
		{"other neutral to the point just left", "bwbwbw/...n.n w c5c4 1", "C6-C5", "bwbwbw/...nn. b c6c5 2", ""},
		{"neutral straight back", "bwbwbw/n...n. w c2c1 1", "C1-C2", "", "the neutral on C1 just came from C2 and may not go straight back"},
		{"neutral back after a disc move", "b.bwbw/n...nw b - 0", "C1-C2", "b.bwbw/.n..nw w c1c2 1", ""},
		{"third neutral ply", "bwbwbw/n..n.. b c5c4 2", "C1-C2", "", "the last two plies moved neutrals, so this one must move a disc"},
		{"disc after two neutral plies", "bwbwbw/n..n.. b c5c4 2", "T1-C2", ".wbwbw/nb.n.. w - 0", ""},
		{"neutral two points", startText, "C2-C4", "", "not next to C2"},
		{"neutral to a tip", "bw.wbw/bn..n. b - 0", "C2-T3", "", "not next to C2"},
		{"neutral onto a piece", "bw.wbw/bn..n. w - 0", "C2-C1", "", "C1 is occupied"},
		{"case and spaces", startText, " t3 c1 ", "bw.wbw/bn..n. w - 0", ""},
		{"no dash", startText, "c2c3", "bwbwbw/..n.n. w c2c3 1", ""},
		{"gibberish", startText, "hello", "", "write a move as from-to"},
		{"off the board", startText, "T7-C1", "", "write a move as from-to"},
		{"pass", startText, "pass", "", "write a move as from-to"},
		{"nowhere", startText, "T3-T3", "", "must go somewhere else"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := enginetest.MustParse(t, Zodiac, tt.pos)
			m, err := p.ParseMove(tt.move)
			if tt.why == "" {
				if err != nil {
					t.Fatalf("ParseMove(%q) = %v, want legal", tt.move, err)
				}
				if !slices.Contains(p.Moves(nil), m) {
					t.Fatalf("ParseMove(%q) = %v, not among the legal moves", tt.move, m)
				}
				if got := engine.String(engine.Play(p, m)); got != tt.after {
					t.Errorf("after %s: got %q, want %q", tt.move, got, tt.after)
				}
				return
			}
			var me *engine.MoveError
			if !errors.As(err, &me) {
				t.Fatalf("ParseMove(%q) = %v, %v; want a *engine.MoveError", tt.move, m, err)
			}
			if !strings.Contains(err.Error(), tt.why) {
				t.Errorf("ParseMove(%q) error %q, want it to say %q", tt.move, err, tt.why)
			}
		})
	}
}

func TestRefusalSuggestsMoves(t *testing.T) {
	p := enginetest.MustParse(t, Zodiac, "bwbwbw/n...n. w c2c1 1")
	_, err := p.ParseMove("C1-C2")
	var me *engine.MoveError
	if !errors.As(err, &me) {
		t.Fatalf("got %v, want a *engine.MoveError", err)
	}
	if want := []string{"C1-C6"}; !slices.Equal(me.Legal, want) {
		t.Errorf("suggested %v, want %v", me.Legal, want)
	}
	_, err = enginetest.MustParse(t, Zodiac, startText).ParseMove("T1-C2")
	if err == nil || !strings.Contains(err.Error(), "the piece on T1 has no legal move") {
		t.Errorf("T1-C2 at the start: %v, want it to say that T1 has no legal move", err)
	}
}

func TestNoLegalMoveLoses(t *testing.T) {
	// Black owns no disc and the last two plies moved neutrals.
	p := enginetest.MustParse(t, Zodiac, "wwwwww/n...n. b c2c1 2")
	if moves := p.Moves(nil); len(moves) != 0 {
		t.Fatalf("moves %v, want none", enginetest.FormatMoves(p, moves))
	}
	o := p.Outcome()
	if o.Status != engine.Win || o.Winner != White || !strings.Contains(o.Reason, "no legal move") {
		t.Errorf("outcome %+v, want White to win: Black has no legal move", o)
	}
	// With neutral moves allowed, the same player still has moves: no pass.
	q := enginetest.MustParse(t, Zodiac, "wwwwww/.n..n. b - 0")
	if got := enginetest.FormatMoves(q, q.Moves(nil)); !slices.Equal(got, []string{"C2-C1", "C2-C3", "C5-C4", "C5-C6"}) {
		t.Errorf("moves %v, want the four neutral steps", got)
	}
	if _, err := p.ParseMove("C1-C2"); err == nil || !strings.Contains(err.Error(), "the game is over") {
		t.Errorf("ParseMove after the end: %v, want 'the game is over'", err)
	}
}

// TestRepetition checks that a position is the pieces and the side to
// move only. The spec's example: from the start, Black's neutral goes out
// and back while White's disc goes out and back; C3-C2 recreates the board
// and side to move after T3-C1, though the neutral-move memory differs, so
// Black, who played it, loses.
func TestRepetition(t *testing.T) {
	p := Zodiac.Start()
	enginetest.Play(t, p, "T3-C1")
	after := engine.String(p)
	enginetest.Play(t, p, "T2-C6", "C2-C3", "C6-T2")
	if o := p.Outcome(); o.Over() {
		t.Fatalf("before the repetition: outcome %+v", o)
	}
	enginetest.Play(t, p, "C3-C2")
	if got, want := engine.String(p), "bw.wbw/bn..n. w c3c2 1"; got != want {
		t.Fatalf("after C3-C2: %q, want %q", got, want)
	}
	if want := "bw.wbw/bn..n. w - 0"; after != want {
		t.Fatalf("after T3-C1: %q, want %q", after, want)
	}
	o := p.Outcome()
	if o.Status != engine.Win || o.Winner != White || !strings.Contains(o.Reason, "repeated") {
		t.Errorf("after Black repeats: outcome %+v, want White to win by repetition", o)
	}
	if moves := p.Moves(nil); len(moves) != 0 {
		t.Errorf("the game goes on after a repetition: moves %v", enginetest.FormatMoves(p, moves))
	}
	p.Undo()
	if o := p.Outcome(); o.Over() {
		t.Errorf("after Undo of the repetition: outcome %+v, want the game on", o)
	}
	// A position string starts a new history: the same position read
	// afresh has never occurred, so nothing repeats.
	q := enginetest.MustParse(t, Zodiac, engine.String(p))
	enginetest.Play(t, q, "C3-C2")
	if o := q.Outcome(); o.Over() {
		t.Errorf("repetition found in a history that starts at the position string: %+v", o)
	}
	// A repetition needs the same side to move: the board of the start
	// with White to move is a new position.
	r := enginetest.MustParse(t, Zodiac, "bwbw.w/.b.nn. w - 0")
	enginetest.Play(t, r, "T2-C3", "C5-C6", "C3-T2")
	if o := r.Outcome(); o.Over() {
		t.Errorf("the same board with the other side to move counts as a repetition: %+v", o)
	}
	enginetest.Play(t, r, "C6-C5")
	if o := r.Outcome(); o.Winner != White || !strings.Contains(o.Reason, "repeated") {
		t.Errorf("after C6-C5 recreates the first position: outcome %+v, want White to win by repetition", o)
	}
}

// TestSamePosition checks which positions Hash treats as the same: the same
// board and side to move with the same legal moves, whatever the
// neutral-move counter says. (The repetition rule ignores the legal moves:
// see TestRepetition.)
func TestSamePosition(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{startText, "bwbwbw/.n..n. w - 0", false},
		// Only C1-C2 was possible, and it is banned: no neutral may move.
		{"bw.w../nbbnw. b c6c1 1", "bw.w../nbbnw. b c6c1 2", true},
		// Count 1 bans one step; count 0 bans none.
		{"bwbwbw/n...n. w c2c1 1", "bwbwbw/n...n. w - 0", false},
		{"bwbwbw/n...n. w c2c1 1", "bwbwbw/n...n. w c2c1 2", false},
		{"bwbwbw/n..n.. b c5c4 1", "bwbwbw/n..n.. b c2c1 1", false},
		{"bwbwbw/n..n.. b c5c4 2", "bwbwbw/n..n.. b c2c1 2", true},
	}
	for _, tt := range tests {
		a, b := enginetest.MustParse(t, Zodiac, tt.a), enginetest.MustParse(t, Zodiac, tt.b)
		if same := slices.Equal(enginetest.FormatMoves(a, a.Moves(nil)), enginetest.FormatMoves(b, b.Moves(nil))); same != tt.same {
			t.Errorf("%q and %q: same legal moves %v, want %v (bad test)", tt.a, tt.b, same, tt.same)
		}
		if got := a.Hash() == b.Hash(); got != tt.same {
			t.Errorf("%q and %q: equal hashes %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}

func TestInnerPointsVictory(t *testing.T) {
	tests := []struct {
		name   string
		pos    string
		move   string
		winner engine.Side
		over   bool
		reason string
	}{
		{"3-1 for the mover", ".w.wb./bbwnn. b - 0", "T5-C6", Black, true, "3 of the 4"},
		{"3-1 for the opponent", ".b.w.b/bwwnn. b - 0", "T2-C6", White, true, "3 of the 4"},
		{"4-0", ".w.wb./bbbnn. b - 0", "T5-C6", Black, true, "4 of the 4"},
		{"2-2 goes on", ".w.wb./bwwnn. b - 0", "T5-C6", 0, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := enginetest.MustParse(t, Zodiac, tt.pos)
			enginetest.Play(t, p, tt.move)
			o := p.Outcome()
			if o.Over() != tt.over {
				t.Fatalf("after %s (%s): outcome %+v, want over=%v", tt.move, engine.String(p), o, tt.over)
			}
			if !tt.over {
				if len(p.Moves(nil)) == 0 {
					t.Errorf("2–2 on the full inner points: no moves")
				}
				return
			}
			if o.Winner != tt.winner || !strings.Contains(o.Reason, tt.reason) {
				t.Errorf("outcome %+v, want %s to win with %q", o, Zodiac.Sides[tt.winner], tt.reason)
			}
			if len(p.Moves(nil)) != 0 {
				t.Errorf("the game goes on after the inner points decided it")
			}
		})
	}
}

func TestDescribe(t *testing.T) {
	g := Zodiac.Geometry
	tests := []struct {
		pos, move   string
		path, taken []string
	}{
		{startText, "T3-C1", []string{"T3", "C1"}, nil},
		{".wbwbw/.b.nn. b - 0", "T3-C1", []string{"T3", "C1"}, []string{"C2"}},
		{startText, "C2-C3", []string{"C2", "C3"}, nil},
	}
	for _, tt := range tests {
		p := enginetest.MustParse(t, Zodiac, tt.pos)
		m, err := p.ParseMove(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		d := p.Describe(m)
		var path, taken []string
		for _, i := range d.Path {
			path = append(path, g.Points[i].Name)
		}
		for _, i := range d.Taken {
			taken = append(taken, g.Points[i].Name)
		}
		if !slices.Equal(path, tt.path) || !slices.Equal(taken, tt.taken) {
			t.Errorf("%s in %s: path %v taken %v, want %v and %v", tt.move, tt.pos, path, taken, tt.path, tt.taken)
		}
	}
}

// TestGeometry checks the hexagram against the spec: the points' angles,
// the six lines through four points each, and the 24 jumps.
func TestGeometry(t *testing.T) {
	g := Zodiac.Geometry
	if len(g.Points) != 12 {
		t.Fatalf("%d points, want 12", len(g.Points))
	}
	cx, cy := g.Width/2, g.Height/2
	angles := map[string]float64{"T1": 90, "T2": 30, "T3": 330, "T4": 270, "T5": 210, "T6": 150,
		"C1": 60, "C2": 0, "C3": 300, "C4": 240, "C5": 180, "C6": 120}
	for i, pt := range g.Points {
		a := math.Atan2(pt.Y-cy, pt.X-cx) * 180 / math.Pi
		if a < 0 {
			a += 360
		}
		if want := angles[pt.Name]; math.Abs(a-want) > 1e-6 && math.Abs(a-want-360) > 1e-6 && math.Abs(a-want+360) > 1e-6 {
			t.Errorf("%s at %.3f°, want %g°", pt.Name, a, want)
		}
		mark := engine.Ringed
		if pt.Name[0] == 'C' {
			mark = engine.Spotted
		}
		if pt.Mark != mark {
			t.Errorf("%s has mark %d, want %d", pt.Name, pt.Mark, mark)
		}
		if got := g.PointIndex(strings.ToLower(pt.Name)); got != i {
			t.Errorf("PointIndex(%q) = %d, want %d", pt.Name, got, i)
		}
	}
	specLines := []string{"T3 C2 C1 T1", "T1 C6 C5 T5", "T5 C4 C3 T3", "T2 C1 C6 T6", "T6 C5 C4 T4", "T4 C3 C2 T2"}
	if len(g.Lines) != 6 {
		t.Fatalf("%d lines, want 6", len(g.Lines))
	}
	for k, spec := range specLines {
		names := strings.Fields(spec)
		l := g.Lines[k]
		if g.Points[l.From].Name != names[0] || g.Points[l.To].Name != names[3] {
			t.Errorf("line %d from %s to %s, want %s", k, g.Points[l.From].Name, g.Points[l.To].Name, spec)
		}
		// The four points lie on the segment, one unit apart.
		a, b := g.Points[l.From], g.Points[l.To]
		for j, name := range names {
			pt := g.Points[g.PointIndex(name)]
			x, y := a.X+(b.X-a.X)*float64(j)/3, a.Y+(b.Y-a.Y)*float64(j)/3
			if math.Hypot(pt.X-x, pt.Y-y) > 1e-6 {
				t.Errorf("line %s: %s at (%g,%g), want (%g,%g)", spec, name, pt.X, pt.Y, x, y)
			}
		}
		if d := math.Hypot(b.X-a.X, b.Y-a.Y) / 3; math.Abs(d-1) > 1e-6 {
			t.Errorf("line %s: points %g apart, want 1", spec, d)
		}
	}
	jumps := 0
	for from := range numPoints {
		for _, j := range tab.jumps[from] {
			jumps++
			if j.over < 6 {
				t.Errorf("jump %s over %s: every jump goes over an inner point", names[from], names[j.over])
			}
			if (from < 6) == (j.to < 6) {
				t.Errorf("jump %s-%s: a jump goes from a tip to an inner point or back", names[from], names[j.to])
			}
		}
	}
	if jumps != 24 {
		t.Errorf("%d directed jumps, want 24", jumps)
	}
	if len(g.Labels) != 12 {
		t.Errorf("%d labels, want one per point", len(g.Labels))
	}
	for _, l := range g.Labels {
		if l.X < -1 || l.X > g.Width+1 || l.Y < -1 || l.Y > g.Height+1 {
			t.Errorf("label %s at (%g,%g) lies outside the margin", l.Text, l.X, l.Y)
		}
	}
}

// mirror reflects a position string in the line through C2 and C5 and swaps
// the colours: T1↔T4, T2↔T3, T5↔T6, C1↔C3, C4↔C6.
func mirror(t *testing.T, s string) string {
	t.Helper()
	f := strings.Fields(s)
	pts := strings.Replace(f[0], "/", "", 1)
	perm := []int{3, 2, 1, 0, 5, 4, 8, 7, 6, 11, 10, 9}
	swap := map[byte]byte{'b': 'w', 'w': 'b', 'n': 'n', '.': '.'}
	out := make([]byte, 12)
	for i, j := range perm {
		out[j] = swap[pts[i]]
	}
	side := map[string]string{"b": "w", "w": "b"}[f[1]]
	last := f[2]
	if last != "-" {
		last = strings.ToLower(names[perm[6+last[1]-'1']] + names[perm[6+last[3]-'1']])
	}
	return string(out[:6]) + "/" + string(out[6:]) + " " + side + " " + last + " " + f[3]
}

// TestSymmetry checks that White moving first is Black moving first,
// mirrored: the same perft counts from every position of random games.
func TestSymmetry(t *testing.T) {
	if got, want := mirror(t, startText), engine.String(StartWith(White)); got != want {
		t.Fatalf("mirrored start %q, want %q", got, want)
	}
	r := rand.New(rand.NewPCG(7, 7))
	for g := 0; g < 20; g++ {
		p := Zodiac.Start()
		for len(p.Moves(nil)) > 0 {
			s := engine.String(p)
			q := enginetest.MustParse(t, Zodiac, mirror(t, s))
			if a, b := engine.Perft(enginetest.MustParse(t, Zodiac, s), 3), engine.Perft(q, 3); a != b {
				t.Fatalf("%s: perft(3) %d, mirrored %s: %d", s, a, engine.String(q), b)
			}
			moves := p.Moves(nil)
			p.Do(moves[r.IntN(len(moves))])
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want string // part of the error, or "" for accepted
	}{
		{startText, ""},
		{"BWBWBW/.N..N. B - 0", ""},
		{"  bwbwbw/.n..n.   w  -  0 ", ""},
		{"bwbwbw/n...n. w c2c1 1", ""},
		{"bwbwbw/n..n.. b c5c4 2", ""},
		{"wwwwww/.n..n. b - 0", ""},
		{"", "want 4 fields"},
		{"bwbwbw/.n..n. b -", "want 4 fields"},
		{"bwbwbw/.n..n. b - 0 0", "want 4 fields"},
		{"bwbwbw.n..n. b - 0", "want the tips T1 to T6, a /"},
		{"bwbwb/w.n..n. b - 0", "want the tips T1 to T6, a /"},
		{"bwbwbw/.n..n./ b - 0", "want the tips T1 to T6, a /"},
		{"bwbwbx/.n..n. b - 0", "T6: unexpected 'x'"},
		{"nwbwbw/bn.... b - 0", "a neutral on T1"},
		{"bwbwbw/.n.... b - 0", "1 neutrals: want 2"},
		{"bwbwbw/.nn.n. b - 0", "3 neutrals"},
		{"bwbwb./.n..n. b - 0", "5 discs: want 6"},
		{"bwbwbw/bn..n. b - 0", "7 discs"},
		{"bwbwbw/.n..n. x - 0", "side to move \"x\""},
		{"bwbwbw/.n..n. b - 3", "neutral plies \"3\""},
		{"bwbwbw/.n..n. b - 1", "the last step must be given"},
		{"bwbwbw/n...n. w c2c1 0", "with 0 neutral plies"},
		{"bwbwbw/n...n. w c2c11 1", "want two inner points"},
		{"bwbwbw/n...n. w t1c1 1", "want two inner points"},
		{"bwbwbw/n...n. w c3c1 1", "not adjacent"},
		{"bwbww./n...nb w c6c1 1", "C6 must be empty"},
		{"bwbwbw/.n..n. w c2c1 1", "a neutral must stand on C1"},
		{strings.Repeat("b", 101), "too long"},
	}
	for _, tt := range tests {
		p, err := Zodiac.Parse(tt.in)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("Parse(%q) = %v, want accepted", tt.in, err)
		case tt.want == "" && engine.String(p) != strings.Join(strings.Fields(strings.ToLower(tt.in)), " "):
			t.Errorf("Parse(%q) reads back as %q", tt.in, engine.String(p))
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("Parse(%q) = %v, want an error saying %q", tt.in, err, tt.want)
		}
	}
}

func TestMaxPlies(t *testing.T) {
	if testing.Short() {
		t.Skip("explores every position")
	}
	positions := map[uint64]bool{}
	for _, b := range explore(StartWith(Black).b).boards {
		positions[b.position()] = true
	}
	if n := len(positions); n != Zodiac.MaxPlies {
		t.Errorf("%d positions reachable from the start, MaxPlies = %d: set maxPlies to %d", n, Zodiac.MaxPlies, n)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range append(slices.Clone(rulePositions), startText, "bwbwbw/n...n. w c2c1 1", "bwbwbw/.n..n. b c2 1", "x/y z - 9") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enginetest.CheckParse(t, Zodiac, s)
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"T3-C1", "c2-c3", "t3c1", "C1-T3", "T7-C1", "-", "C1 - C2", "t3--c1", "pass"} {
		f.Add(s)
	}
	var positions []engine.Position
	for _, s := range []string{startText, "bwbwbw/n...n. w c2c1 1", "bwbwbw/n..n.. b c5c4 2"} {
		positions = append(positions, enginetest.MustParse(f, Zodiac, s))
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			enginetest.CheckParseMove(t, p, s)
		}
	})
}

func BenchmarkPerft(b *testing.B) {
	p := Zodiac.Start()
	var nodes uint64
	for b.Loop() {
		nodes += engine.Perft(p, 8)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkRandomGame(b *testing.B) {
	p := Zodiac.Start()
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]engine.Move, 0, 64)
	plies := 0
	for b.Loop() {
		var n int
		n, _, buf = engine.RandomGame(p, r, Zodiac.MaxPlies, buf)
		plies += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}
