package rules

import (
	"math"
	"time"
)

// The Elo system of zugbot, per variant.
const (
	// InitialRating is every player's rating before their first rated game.
	InitialRating = 1500
	// ProvisionalGames is how many rated games a rating stays provisional
	// for, with the large K factor.
	ProvisionalGames = 20
	// MasterRating is the rating from which the small K factor applies.
	MasterRating = 2400
	// The K factors (see KFactor): while provisional, from MasterRating
	// up, and otherwise.
	ProvisionalK = 40
	MasterK      = 10
	StandardK    = 20
	// RatedCap is how many games between the same two players, in any
	// variants, count for rating in any RatedCapWindow (by the time they
	// ended); later ones are recorded as casual (Game.Capped).
	RatedCap = 3
	// RatedCapWindow is the time in which at most RatedCap games between
	// the same two players count for rating.
	RatedCapWindow = 24 * time.Hour
)

// KFactor returns the development coefficient of a player with the given
// rating and number of rated games played before this one: ProvisionalK
// while provisional, MasterK from MasterRating up, StandardK otherwise.
func KFactor(rating, games int) int {
	switch {
	case games < ProvisionalGames:
		return ProvisionalK
	case rating >= MasterRating:
		return MasterK
	}
	return StandardK
}

// Expected returns the score a player rated a is expected to make against
// one rated b, between 0 and 1.
func Expected(a, b int) float64 {
	return 1 / (1 + math.Pow(10, float64(b-a)/400))
}

// Player is what the Elo rules know of a player in a variant: their rating
// and how many rated games they had played.
type Player struct {
	Rating, Games int
}

// Elo returns the new ratings of a and b after a game between them in which
// a scored score (1 for a win, 0.5 for a draw, 0 for a loss). Each player's
// change is their own K times the difference between score and
// expectation, rounded to the nearest point.
func Elo(a, b Player, score float64) (newA, newB int) {
	ea := Expected(a.Rating, b.Rating)
	da := math.Round(float64(KFactor(a.Rating, a.Games)) * (score - ea))
	db := math.Round(float64(KFactor(b.Rating, b.Games)) * ((1 - score) - (1 - ea)))
	return a.Rating + int(da), b.Rating + int(db)
}
