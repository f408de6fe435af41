package puzzle

import (
	"math"
	"strconv"
)

// Rating is a Glicko-2 rating: a puzzle's or a player's puzzle rating in
// one game. docs/puzzles.md writes the rule down with its first figures.
type Rating struct {
	R   float64 // the rating
	RD  float64 // its deviation: how uncertain it is
	Vol float64 // its volatility: how much it swings
}

// The rule's numbers, as Lichess has them (lila's Glicko.scala and
// scalachess's glicko model).
const (
	tau         = 0.75     // how fast volatility changes
	glickoScale = 173.7178 // from the Glicko scale to Glicko-2's
	minR, maxR  = 400, 4000
	minRD       = 45
	maxRD       = 500
	maxVol      = 0.1
	// MaxPuzzleDelta is the most a puzzle's rating moves in one attempt.
	MaxPuzzleDelta = 700
	// Provisional is the deviation from which a rating is shown with a
	// "?": it is still a guess.
	Provisional = 110
	// Clueless is the deviation from which a player's attempts do not
	// move the puzzle's rating: their own rating means too little yet.
	Clueless = 230
	// seedRD is the deviation of a puzzle's seeded rating: it is a
	// guess from the search, firmer than a newcomer's 500.
	seedRD = 300
)

// NewPlayer is the puzzle rating a player starts with in each game.
var NewPlayer = Rating{R: 1500, RD: maxRD, Vol: 0.09}

// Seeded returns the rating a puzzle starts with, from its Seed.
func (pz Puzzle) Seeded() Rating { return Rating{R: float64(pz.Seed), RD: seedRD, Vol: 0.09} }

// Provisional reports whether r is still a guess (shown with a "?").
func (r Rating) Provisional() bool { return r.RD >= Provisional }

// String returns the rating as it is shown: rounded, with a "?" while
// provisional ("1750?").
func (r Rating) String() string {
	s := strconv.FormatFloat(r.R, 'f', 0, 64)
	if r.Provisional() {
		s += "?"
	}
	return s
}

// Attempt returns the new ratings of a player and a puzzle after the
// player's first attempt at it: one Glicko-2 rating period, one game,
// which the player wins when solved is true. A clueless player's attempt
// (RD at least Clueless) leaves the puzzle's rating as it was, and a puzzle
// moves at most MaxPuzzleDelta.
func Attempt(player, pz Rating, solved bool) (Rating, Rating) {
	s := 0.0
	if solved {
		s = 1
	}
	np := update(player, pz, s)
	nz := pz
	if player.RD < Clueless {
		nz = update(pz, player, 1-s)
		nz.R = max(pz.R-MaxPuzzleDelta, min(pz.R+MaxPuzzleDelta, nz.R))
	}
	return np, nz
}

// update is one Glicko-2 rating period of r against opponent o with score
// s (1 a win, 0 a loss), clamped to the rule's bounds.
func update(r, o Rating, s float64) Rating {
	mu, phi := (r.R-1500)/glickoScale, r.RD/glickoScale
	muj, phij := (o.R-1500)/glickoScale, o.RD/glickoScale
	g := 1 / math.Sqrt(1+3*phij*phij/(math.Pi*math.Pi))
	e := 1 / (1 + math.Exp(-g*(mu-muj)))
	v := 1 / (g * g * e * (1 - e))
	delta := v * g * (s - e)
	sigma := volatility(phi, v, delta, r.Vol)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*g*(s-e)
	return Rating{
		R:   max(minR, min(maxR, 1500+glickoScale*muNew)),
		RD:  max(minRD, min(maxRD, glickoScale*phiNew)),
		Vol: min(maxVol, sigma),
	}
}

// volatility is step 5 of Glickman's Glicko-2 paper: the new volatility,
// by the Illinois algorithm.
func volatility(phi, v, delta, vol float64) float64 {
	a := math.Log(vol * vol)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > 1e-6 && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
