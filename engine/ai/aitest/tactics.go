// Package aitest holds positions whose best moves are known by brute
// force, for the tests of the AI and of what is built on it.
package aitest

import (
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zamma"
	"github.com/zugbot/zugbot/engine/zodiac"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
)

// Tactic is a position with the moves that solve it.
type Tactic struct {
	Name  string
	V     *engine.Variant
	Pos   string
	Depth int      // the lowest depth that finds a solution
	Want  []string // the solutions
	Mate  int      // plies to the forced win (positive) or loss (negative); 0 if unproven
}

// Tactics are win-in-one and must-defend positions of each game. A win in
// one needs depth 1; a must-defend position needs depth 2, to see the
// opponent's winning reply to every other move.
var Tactics = []Tactic{
	{
		// a1xb1 takes Blue's last checker; c3 has quiet steps, and a6 is stuck.
		Name: "zola win in one", V: zola.Zola, Pos: "R5/6/6/2R3/6/RB4 R", Depth: 1,
		Want: []string{"a1xb1"}, Mate: 1,
	},
	{
		// Blue's f6 eyes Red's last checker on c3 along the long diagonal.
		// Of its five steps, c3-b2 stays on the diagonal and is taken.
		Name: "zola must defend", V: zola.Zola, Pos: "5B/6/6/2R3/6/6 R", Depth: 2,
		Want: []string{"c3-c2", "c3-d2", "c3-b3", "c3-b4"},
	},
	{
		// Red's last checker on b2 is attacked by f2 along the second rank.
		// Taking d4 looks good but lands on f2's diagonal, and b2-a2 stays on
		// the rank; the other steps are safe.
		Name: "zola must not capture", V: zola.Zola, Pos: "6/6/3B2/6/1R3B/6 R", Depth: 2,
		Want: []string{"b2-a1", "b2-b1", "b2-c1", "b2-a3"},
	},
	{
		// White's last counter, the man on i2, can only step to i1: the
		// mullah on e5 flies there and White is blocked. Black has 25 moves.
		Name: "zamma win in one", V: zamma.Zamma, Pos: "9/9/9/9/4B4/9/9/8w/3b3b1 b 0", Depth: 1,
		Want: []string{"e5-i1"}, Mate: 1,
	},
	{
		// Black's last man on h2 may step to g3, h3 or i3. The white mullah
		// on i5 takes it on i3 down the file and on g3 down the diagonal;
		// h3 is a star point, off both lines.
		Name: "zamma must defend", V: zamma.Zamma, Pos: "9/9/9/9/3w4W/9/9/7b1/9 b 0", Depth: 2,
		Want: []string{"h2-h3"},
	},
	{
		// Black's mullah must take e7 (captures are compulsory) and may land
		// on d6, c5, b4 or a3. White's mullah on i7 then takes the man on f4
		// and flies on to take the mullah in the same move, unless it
		// landed on a3, out of reach.
		Name: "zamma must defend by capturing", V: zamma.Zamma, Pos: "6B2/9/4w3W/9/9/5b3/9/9/9 b 0", Depth: 2,
		Want: []string{"g9xa3"},
	},
	{
		// White's neutral step C5-C4 is the second neutral ply in a row, so
		// Black may not answer with a neutral, and none of its discs can
		// jump: Black has no legal move and loses.
		Name: "zodiac win in one", V: zodiac.Zodiac, Pos: "bwbwbw/..n.n. w c2c3 1", Depth: 1,
		Want: []string{"C5-C4"}, Mate: 1,
	},
	{
		// From the start, each of Black's four neutral steps lets White
		// make the second neutral ply in a row, after which Black has no
		// legal move. Black must move a disc.
		Name: "zodiac must defend", V: zodiac.Zodiac, Pos: "bwbwbw/.n..n. b - 0", Depth: 2,
		Want: []string{"T3-C1", "T5-C6"},
	},
	{
		Name: "chess mate in one", V: zonal.Chess, Pos: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", Depth: 1,
		Want: []string{"Ra8#"}, Mate: 1,
	},
	{
		// Black threatens Re1#: White must give its king air or keep
		// guarding the back rank.
		Name: "chess must defend", V: zonal.Chess, Pos: "4r1k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - 0 1", Depth: 2,
		Want: []string{"Rb8", "Rc1", "Rd1", "Rf1", "Ra1", "Kh1", "Kf1", "f3", "f4", "g3", "g4", "h3", "h4"},
	},
	{
		// The queen reaches d1 only by turning at b3 in the zone.
		Name: "zonal mate in one", V: zonal.Zonal, Pos: "---5k4---/--12--/-14-/1q14/16/-1n12-/--1PPP8--/---1KB7--- b - - 0 1", Depth: 1,
		Want: []string{"Qd1#"}, Mate: 1,
	},
	{
		// Black threatens Qb5-b3-c2-d1#, the knight guarding d1: f3, which
		// makes room on f2, is White's only defence.
		Name: "zonal must defend", V: zonal.Zonal, Pos: "---5k4---/--5ppp4--/-14-/1q14/5N10/-1n12-/--1PPP3PPP2--/---1KB1R5--- w - - 0 1", Depth: 2,
		Want: []string{"f3"},
	},
}
