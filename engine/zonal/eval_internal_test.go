package zonal

import (
	"math/rand/v2"
	"testing"

	"github.com/zugbot/zugbot/engine"
)

// TestFeatures checks the evaluation's terms on positions counted by hand:
// the side to move's counts less the other side's.
func TestFeatures(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    *engine.Variant
		fen  string
		want map[term]int // the terms named; every other is 0 but tTempo
	}{
		{
			// c2 and c3 doubled and isolated, e2 isolated; all passed
			// (five steps or more from promotion); e2 shields the king.
			"pawn structure", Chess, "4k3/8/8/8/8/2P5/2P1P3/4K3 w - - 0 1",
			map[term]int{tPawn: 3, tAdvance: 1, tPassed5: 3, tDoubled: 1, tIsolated: 3, tShield: 1},
		},
		{
			// Black to move: d5 and e4 stop each other (neither is
			// passed); White's h2 is passed, six steps from h8. Every pawn
			// is isolated.
			"passed or not", Chess, "4k3/8/8/3p4/4P3/8/7P/4K3 b - - 0 1",
			map[term]int{tPawn: -1, tAdvance: 0, tPassed4: 0, tPassed5: -1, tIsolated: -1},
		},
		{
			// The knight on g6 attacks six squares, two of them (e7, f8)
			// beside the black king, and stands five half steps from the
			// centre across and three up.
			"a knight near the king", Chess, "4k3/8/6N1/8/8/8/8/4K3 w - - 0 1",
			map[term]int{tKnight: 1, tKnightMoves: 6, tKingAttack: 2, tKingDanger: 4, tKnightCentre: 8},
		},
		{
			// The knight on e4 is attacked by the pawn on d5, and
			// nothing defends it.
			"a knight en prise", Chess, "4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1",
			map[term]int{tKnight: 1, tPawn: -1, tPawnThreat: 1, tHanging: 1},
		},
		{
			// The same, with the pawn on f3 defending it, and Black to
			// move.
			"a knight defended", Chess, "4k3/8/8/3p4/4N3/5P2/8/4K3 b - - 0 1",
			map[term]int{tKnight: -1, tPawn: 0, tPawnThreat: -1, tHanging: 0},
		},
		{
			// The knight on c6 attacks the bishop on a5, and the rook on
			// c4 defends it along a bent path, turning on c5; the rook
			// attacks the knight, which nothing defends.
			"a bishop defended through the zone", Zonal, "---5k4---/--12--/-1n12-/B15/2R13/-14-/--12--/---5K4--- w - - 0 1",
			map[term]int{tHanging: -1},
		},
		{
			// The same with the rook on e4, off the zone: it neither
			// defends the bishop nor attacks the knight.
			"a bishop undefended", Zonal, "---5k4---/--12--/-1n12-/B15/4R11/-14-/--12--/---5K4--- w - - 0 1",
			map[term]int{tHanging: 1},
		},
		{
			// The rook on c4 reaches 85 squares along bent paths (the
			// rules' test vector), on a file without pawns.
			"a rook in the zone", Zonal, "---5k4---/--12--/-14-/16/2R13/-14-/--12--/---5K4--- w - - 0 1",
			map[term]int{tRook: 1, tRookMoves: 85, tZoneRider: 1, tRookOpen: 1},
		},
		{
			"a queen on a Z square", Zonal, "---5k4---/--12--/-14-/16/16/-14-/--12--/---Q4K4--- w - - 0 1",
			map[term]int{tQueen: 1, tZSquare: 1},
		},
	} {
		pos, err := tc.v.Parse(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		p := pos.(*Position)
		var f [nTerms]int
		p.features(&f)
		for term, want := range tc.want {
			if f[term] != want {
				t.Errorf("%s: %s = %d, want %d", tc.name, termNames[term], f[term], want)
			}
		}
		if f[tTempo] != 1 {
			t.Errorf("%s: tTempo = %d, want 1", tc.name, f[tTempo])
		}
	}
}

// TestPSQIndex checks which entry of the piece-square tables each side's
// piece reads: rank from its own side, file from the nearer edge, and on
// the zonal board the orthodox part's (files e–l) as chess's, its flanks
// as the edge files.
func TestPSQIndex(t *testing.T) {
	for _, tc := range []struct {
		v    *engine.Variant
		sq   string
		side engine.Side
		want int // rank from the side's own, times 4, plus the file's distance from the edge
	}{
		{Chess, "a1", White, 0},
		{Chess, "h1", White, 0},
		{Chess, "e1", White, 3},
		{Chess, "e8", Black, 3},
		{Chess, "c7", Black, 1*4 + 2},
		{Chess, "c2", White, 1*4 + 2},
		{Chess, "g5", White, 4*4 + 1},
		{Chess, "g5", Black, 3*4 + 1},
		{Zonal, "i1", White, 3},  // the king's square, chess's e1
		{Zonal, "l8", Black, 0},  // a rook's, chess's h8
		{Zonal, "g4", White, 14}, // chess's c4
		{Zonal, "a5", White, 16}, // a flank, as the edge file
		{Zonal, "m2", White, 4},
		{Zonal, "d7", Black, 4},
	} {
		l := tc.v.Start().(*Position).l
		sq, ok := l.lookup(tc.sq)
		if !ok {
			t.Fatalf("%s: no square %s", tc.v.ID, tc.sq)
		}
		if got := int(l.psqIndex[tc.side][sq]); got != tc.want {
			t.Errorf("%s %s, side %d: entry %d, want %d", tc.v.ID, tc.sq, tc.side, got, tc.want)
		}
	}
}

// TestIncremental checks what the evaluation keeps move by move along
// random games with captures, promotions, en passant, castling and null
// moves: the pawns' hash and the piece-square tables' worth, made move by
// move (and taken back), and the zones' squares that hold pieces, are
// those worked out from the board, and a
// searched position's evaluation, with its table of pawn structures, is
// that of a fresh copy, which has none.
func TestIncremental(t *testing.T) {
	r := rand.New(rand.NewPCG(46, 1))
	for _, v := range []*engine.Variant{Chess, Zonal} {
		for game := range 20 {
			p := v.Start().(*Position)
			for range pawnCacheAfter {
				p.Evaluate() // enough to make the table
			}
			if p.pawnTable == nil {
				t.Fatalf("%s: no table after %d evaluations", v.ID, pawnCacheAfter)
			}
			var moves []engine.Move
			for ply := 0; ply < 300; ply++ {
				moves = p.Moves(moves[:0])
				if len(moves) == 0 {
					break
				}
				if _, want := p.computeHash(); p.pawnKey != want {
					t.Fatalf("%s game %d ply %d: pawn hash %x, from the board %x", v.ID, game, ply, p.pawnKey, want)
				}
				for id, a := range p.l.areas {
					var occ uint32
					for i, sq := range a.squares {
						if p.board[sq] != 0 {
							occ |= 1 << i
						}
					}
					if p.zoneOcc[id] != occ {
						t.Fatalf("%s game %d ply %d: zone %d holds pieces on %b, the board on %b", v.ID, game, ply, id, p.zoneOcc[id], occ)
					}
				}
				mg, eg := p.psqScore(&p.l.weights.psq)
				us, them := p.psq[p.turn], p.psq[p.turn^1]
				if int(us[0]-them[0]) != mg || int(us[1]-them[1]) != eg {
					t.Fatalf("%s game %d ply %d: piece-square worth %v, from the board %d %d", v.ID, game, ply, p.psq, mg, eg)
				}
				fresh := p.Clone().(*Position)
				if got, want := p.Evaluate(), fresh.Evaluate(); got != want || fresh.pawnTable != nil {
					t.Fatalf("%s game %d ply %d: %s evaluates %d with the table, %d afresh", v.ID, game, ply, engine.String(p), got, want)
				}
				m := moves[r.IntN(len(moves))]
				p.Do(m)
				if ply%7 == 3 {
					p.Undo() // and back again, for unmake's sake
					p.Do(m)
				}
				if ply%11 == 5 && p.NullSafe() {
					if _, check := p.InCheck(); !check {
						p.DoNull()
						p.Evaluate()
						p.UndoNull()
					}
				}
			}
		}
	}
}

// TestFeatures64 checks that the evaluation's terms counted on chess's
// 64-bit sets (count64) are those counted on the mailbox, which the
// zonal board uses, along random games.
func TestFeatures64(t *testing.T) {
	r := rand.New(rand.NewPCG(46, 64))
	if Chess.Start().(*Position).l.b64 == nil || Zonal.Start().(*Position).l.b64 != nil {
		t.Fatal("chess's layout has no 64-bit sets, or the zonal board has")
	}
	for game := range 30 {
		p := Chess.Start().(*Position)
		mailbox := *p.l
		mailbox.b64 = nil
		var moves []engine.Move
		for ply := 0; ply < 300; ply++ {
			moves = p.Moves(moves[:0])
			if len(moves) == 0 {
				break
			}
			var got, want [nTerms]int
			p.features(&got)
			q := p.Clone().(*Position)
			q.l = &mailbox
			q.features(&want)
			if got != want {
				t.Fatalf("game %d ply %d: %s: 64-bit terms %v, mailbox %v", game, ply, engine.String(p), got, want)
			}
			p.Do(moves[r.IntN(len(moves))])
		}
	}
}
