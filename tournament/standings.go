package tournament

import (
	"cmp"
	"math"
	"slices"
)

// TieBreak is how standings order players on equal points.
type TieBreak uint8

// The tie-breaks.
const (
	// Buchholz is the sum of the opponents' points (Swiss).
	Buchholz TieBreak = iota
	// SonnebornBerger is the sum of the points of the opponents a player
	// beat, and half of those it drew with (round robin).
	SonnebornBerger
)

// Standing is one player's line in the standings.
type Standing struct {
	Rank     int // from 1; players equal on points and tie-break share it
	Player   Player
	Points   float64
	TieBreak float64
	Games    int // games played (byes not counted)
	// Performance is the rating the player's results were worth: the
	// opponents' average rating plus 400 × (wins − losses) / games; 0
	// without games.
	Performance int
}

// Standings ranks players after rounds (only the games played count; a
// forfeit counts for points only), by points, then the tie-break, then
// performance.
func Standings(players []Player, rounds []Round, tb TieBreak) []Standing {
	points := map[string]float64{}
	rating := map[string]int{}
	for _, p := range players {
		points[p.ID] = 0
		rating[p.ID] = p.Rating
	}
	type result struct {
		opp   string
		score float64
	}
	results := map[string][]result{}
	for _, round := range rounds {
		for _, g := range round {
			if g.Bye() {
				points[g.White] += ByeScore
				continue
			}
			if !g.Played {
				continue
			}
			points[g.White] += g.Result
			points[g.Black] += 1 - g.Result
			if g.Forfeit {
				continue
			}
			results[g.White] = append(results[g.White], result{g.Black, g.Result})
			results[g.Black] = append(results[g.Black], result{g.White, 1 - g.Result})
		}
	}
	out := make([]Standing, 0, len(players))
	for _, p := range players {
		s := Standing{Player: p, Points: points[p.ID], Games: len(results[p.ID])}
		var oppRatings, net float64
		for _, r := range results[p.ID] {
			switch tb {
			case Buchholz:
				s.TieBreak += points[r.opp]
			case SonnebornBerger:
				s.TieBreak += r.score * points[r.opp]
			}
			oppRatings += float64(rating[r.opp])
			net += 2*r.score - 1 // a win +1, a draw 0, a loss −1
		}
		if s.Games > 0 {
			n := float64(s.Games)
			s.Performance = int(math.Round(oppRatings/n + 400*net/n))
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		if c := cmp.Compare(b.TieBreak, a.TieBreak); c != 0 {
			return c
		}
		return cmp.Compare(b.Performance, a.Performance)
	})
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Points == out[i-1].Points && out[i].TieBreak == out[i-1].TieBreak {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// Label is the tie-break's short name for a standings table's column:
// "Buchholz" or "S-B" (Sonneborn–Berger).
func (tb TieBreak) Label() string {
	if tb == SonnebornBerger {
		return "S-B"
	}
	return "Buchholz"
}
