package engine

import "fmt"

// The adjudication rules of Stockfish's testing framework (cutechess-cli's
// -resign movecount=3 score=600 twosided=true and -draw movenumber=34
// movecount=8 score=20), in plies.
const (
	resignScore = 600    // a lead, in centipawns, that both players see ...
	resignPlies = 2 * 3  // ... for three moves each, wins the game
	drawPlies   = 2 * 8  // ... for eight moves each ...
	drawAfter   = 2 * 34 // ... from the 34th move on, draw the game
)

// DrawScore is the most, in centipawns (a hundredth of the game's typical
// piece), by which a score counts as level: the draw rule of the
// adjudication below, which draws a game when both players keep their
// scores within ±DrawScore. The AI agrees to a draw only when it sees
// itself ahead by no more (see ai.DrawMargin).
const DrawScore = 20

// Adjudicator ends a game between engines early, as engine tournaments do,
// from the scores the players give for their moves (their evaluations,
// from the mover's view, in centipawns as chess's and Zonal Chess's
// searches give them): a game is won by a side that both players see ahead
// by 600 or more for three moves each, and drawn when both players' scores
// stay within ±20 for eight moves each, from move 34 on. The zero value is
// ready; it is not safe for concurrent use.
type Adjudicator struct {
	ahead [2]int // the plies in a row on which each side was seen ahead
	level int    // the plies in a row with a level score
}

// AdjudicationRules describes the rules by which an Adjudicator ends a
// game, for a command's help.
func AdjudicationRules() string {
	return fmt.Sprintf("won when both players see one side %d centipawns or more ahead for %d moves each, "+
		"drawn when both see it within ±%d for %d moves each from move %d on",
		resignScore, resignPlies/2, DrawScore, drawPlies/2, drawAfter/2)
}

// Record notes the score that the player to move at the game's ply (0 for
// the game's first) gave for its move, from its own view, and returns the
// adjudicated outcome when the game is to end there (Ongoing otherwise).
func (a *Adjudicator) Record(ply int, mover Side, score int) Outcome {
	for s := range a.ahead {
		lead := score
		if Side(s) != mover {
			lead = -score
		}
		if lead >= resignScore {
			a.ahead[s]++
		} else {
			a.ahead[s] = 0
		}
	}
	if -DrawScore <= score && score <= DrawScore {
		a.level++
	} else {
		a.level = 0
	}
	for s, n := range a.ahead {
		if n >= resignPlies {
			return Outcome{Status: Win, Winner: Side(s), Reason: "adjudication",
				Detail: fmt.Sprintf("both players saw a lead of %d or more for %d moves each", resignScore, resignPlies/2)}
		}
	}
	if a.level >= drawPlies && ply+1 >= drawAfter {
		return Outcome{Status: Draw, Reason: "adjudication",
			Detail: fmt.Sprintf("both players' scores stayed within ±%d for %d moves each", DrawScore, drawPlies/2)}
	}
	return Outcome{}
}
