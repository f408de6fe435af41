// Package tournament pairs and ranks the players of a tournament, free of
// Discord and of any game: Swiss rounds (Dutch-style: players meet others
// on the same score, no pair meets twice, colours are balanced and nobody
// has the same colour three times in a row, byes go round), round robins
// (Berger tables; a double round robin swaps colours), and standings with
// their tie-breaks.
package tournament

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// A Colour is the side a player has in a game: White moves first.
type Colour int8

// The colours.
const (
	White Colour = 1
	Black Colour = -1
)

// Player is a player of a tournament.
type Player struct {
	ID     string
	Rating int // for the order within a score group
}

// Game is a pairing of a round, and its result once played. A bye has no
// Black; it counts as a win for White.
type Game struct {
	White, Black string
	// Result is White's score: 1, 0.5 or 0; Played is false until the game
	// has a result (and for a bye, which scores without one).
	Result float64
	Played bool
	// Forfeit marks a game not played because a player had left: its
	// result counts for points only.
	Forfeit bool
}

// Bye reports whether g is a bye.
func (g Game) Bye() bool { return g.Black == "" }

// Round is the games of one round.
type Round []Game

// ByeScore is what a bye is worth.
const ByeScore = 1.0

// record is what pairing needs to know of one player.
type record struct {
	Player
	score     float64
	colours   []Colour // in the order played
	opponents map[string]bool
	byes      int
	rank      int
}

// records gathers the records of players from rounds.
func records(players []Player, rounds []Round) map[string]*record {
	rs := map[string]*record{}
	for _, p := range players {
		rs[p.ID] = &record{Player: p, opponents: map[string]bool{}}
	}
	get := func(id string) *record {
		if r, ok := rs[id]; ok {
			return r
		}
		r := &record{Player: Player{ID: id}, opponents: map[string]bool{}} // withdrawn since
		rs[id] = r
		return r
	}
	for _, round := range rounds {
		for _, g := range round {
			w := get(g.White)
			if g.Bye() {
				w.byes++
				w.score += ByeScore
				continue
			}
			b := get(g.Black)
			w.opponents[b.ID], b.opponents[w.ID] = true, true
			w.colours = append(w.colours, White)
			b.colours = append(b.colours, Black)
			if g.Played {
				w.score += g.Result
				b.score += 1 - g.Result
			}
		}
	}
	return rs
}

// balance is a player's whites less blacks.
func (r *record) balance() int {
	n := 0
	for _, c := range r.colours {
		n += int(c)
	}
	return n
}

// forbidden returns the colour r may not have next: the one it had in its
// last two games, if they were the same; 0 if none.
func (r *record) forbidden() Colour {
	n := len(r.colours)
	if n >= 2 && r.colours[n-1] == r.colours[n-2] {
		return r.colours[n-1]
	}
	return 0
}

// ErrNoPairing means that the players cannot all be paired without a
// repeated game or a third colour in a row: the tournament has more
// rounds than its players allow.
var ErrNoPairing = errors.New("tournament: no pairing without a rematch or a third colour in a row")

// maxSteps bounds the search for a pairing.
const maxSteps = 2_000_000

// Swiss pairs the next round of a Swiss tournament among players (those
// still in it), given the rounds so far. Players are ranked by score, then
// rating; each is paired, from the top, with the nearest-ranked player of
// the score group below half its size away (the Dutch system's top half
// against bottom half) that it has not met and that the colour rules allow,
// backtracking when a choice leaves the rest unpairable. With an odd
// number, the lowest-ranked player who has had no bye gets one.
func Swiss(players []Player, rounds []Round) (Round, error) {
	if len(players) < 2 {
		return nil, fmt.Errorf("tournament: %d players; a round needs two", len(players))
	}
	rs := records(players, rounds)
	ranked := make([]*record, 0, len(players))
	for _, p := range players {
		ranked = append(ranked, rs[p.ID])
	}
	slices.SortStableFunc(ranked, func(a, b *record) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	for i, r := range ranked {
		r.rank = i
	}
	// The bye: the lowest-ranked player with the fewest byes, such that
	// the others can be paired.
	var byes []*record
	if len(ranked)%2 == 1 {
		byes = slices.Clone(ranked)
		slices.Reverse(byes)
		slices.SortStableFunc(byes, func(a, b *record) int { return cmp.Compare(a.byes, b.byes) })
	} else {
		byes = []*record{nil}
	}
	steps := 0
	for _, bye := range byes {
		rest := make([]*record, 0, len(ranked))
		for _, r := range ranked {
			if r != bye {
				rest = append(rest, r)
			}
		}
		var out Round
		if pair(rest, make([]bool, len(rest)), &out, &steps) {
			if bye != nil {
				out = append(out, Game{White: bye.ID})
			}
			return out, nil
		}
		if steps > maxSteps {
			break
		}
	}
	return nil, ErrNoPairing
}

// pair pairs the players of rest not yet used, the highest-ranked first,
// appending the games to out; it reports whether all could be paired.
func pair(rest []*record, used []bool, out *Round, steps *int) bool {
	i := slices.Index(used, false)
	if i < 0 {
		return true
	}
	*steps++
	if *steps > maxSteps {
		return false
	}
	p := rest[i]
	used[i] = true
	for _, j := range candidates(rest, used, i) {
		q := rest[j]
		white, black, ok := colours(p, q)
		if !ok || p.opponents[q.ID] {
			continue
		}
		used[j] = true
		*out = append(*out, Game{White: white.ID, Black: black.ID})
		if pair(rest, used, out, steps) {
			return true
		}
		*out = (*out)[:len(*out)-1]
		used[j] = false
	}
	used[i] = false
	return false
}

// candidates returns the unused players of rest after i, in the order p
// = rest[i] should meet them: those of its score group first, from half
// the group below it (the Dutch system's top half against bottom half),
// then the next groups down, then the rest.
func candidates(rest []*record, used []bool, i int) []int {
	p := rest[i]
	var same, others []int
	for j := i + 1; j < len(rest); j++ {
		if used[j] {
			continue
		}
		if rest[j].score == p.score {
			same = append(same, j)
		} else {
			others = append(others, j)
		}
	}
	// Within the group, start half way down and wrap round.
	if n := len(same); n > 1 {
		half := (n + 1) / 2
		same = append(same[half-1:], same[:half-1]...)
	}
	return append(same, others...)
}

// colours gives a and b their colours: each avoids a third of the same in
// a row; the one whose balance leans further to a colour gets the other;
// then each gets the colour it did not have last; then the higher-ranked
// keeps its last colour's opposite. ok is false when the rules cannot
// both be kept.
func colours(a, b *record) (white, black *record, ok bool) {
	fa, fb := a.forbidden(), b.forbidden()
	switch {
	case fa != 0 && fa == fb:
		return nil, nil, false
	case fa == White || fb == Black:
		return b, a, true
	case fa == Black || fb == White:
		return a, b, true
	}
	ba, bb := a.balance(), b.balance()
	switch {
	case ba > bb:
		return b, a, true
	case bb > ba:
		return a, b, true
	}
	la, lb := last(a), last(b)
	switch {
	case la == White && lb != White, lb == Black && la != Black:
		return b, a, true
	case la == Black && lb != Black, lb == White && la != White:
		return a, b, true
	}
	if a.rank <= b.rank { // the higher-ranked alternates from its last, or gets White
		if la == White {
			return b, a, true
		}
		return a, b, true
	}
	if lb == White {
		return a, b, true
	}
	return b, a, true
}

func last(r *record) Colour {
	if len(r.colours) == 0 {
		return 0
	}
	return r.colours[len(r.colours)-1]
}

// RoundRobin returns every round of a round robin among players (the
// circle method of Berger tables: each meets every other once); with
// double, the whole again, colours swapped. An odd number of players gives
// each a bye in turn. Colours are balanced: among an odd number m of
// players, i has White against the (m-1)/2 players after it (counting
// round), so each has as many whites as blacks; with an even number, the
// last player takes the byes' place and alternates colours round by round.
func RoundRobin(players []Player, double bool) []Round {
	ids := make([]string, 0, len(players)+1)
	for _, p := range players {
		ids = append(ids, p.ID)
	}
	m := len(ids) // the players who keep the odd table
	if m%2 == 0 {
		m--
	}
	index := map[string]int{}
	for i, id := range ids {
		index[id] = i
	}
	if len(ids)%2 == 1 {
		ids = append(ids, "") // the bye
	}
	n := len(ids)
	var rounds []Round
	for r := range n - 1 {
		var round Round
		for k := range n / 2 {
			a, b := ids[k], ids[n-1-k]
			switch {
			case a == "":
				round = append(round, Game{White: b})
				continue
			case b == "":
				round = append(round, Game{White: a})
				continue
			}
			i, j := index[a], index[b]
			switch {
			case j == m: // b is the even table's last player
				if r%2 == 0 {
					a, b = b, a
				}
			case i == m:
				if r%2 == 1 {
					a, b = b, a
				}
			case (j-i+m)%m > (m-1)/2:
				a, b = b, a
			}
			round = append(round, Game{White: a, Black: b})
		}
		rounds = append(rounds, round)
		// Rotate all but the first.
		ids = append(ids[:1], append([]string{ids[n-1]}, ids[1:n-1]...)...)
	}
	if double {
		for _, round := range slices.Clone(rounds) {
			var back Round
			for _, g := range round {
				if g.Bye() {
					back = append(back, g)
				} else {
					back = append(back, Game{White: g.Black, Black: g.White})
				}
			}
			rounds = append(rounds, back)
		}
	}
	return rounds
}
