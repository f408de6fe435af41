package puzzle

import (
	"math"
	"testing"
)

// TestGlickoOneGame follows the steps of Glickman's Glicko-2 paper by hand
// for the first game of its example as a rating period of its own: a
// player rated 1500 (RD 200, volatility 0.06) beats a 1400 (RD 30), so
// E = 0.639, v = 4.374, phi' = 1.0097 and mu' = 0.3664.
func TestGlickoOneGame(t *testing.T) {
	r := update(Rating{1500, 200, 0.06}, Rating{1400, 30, 0.06}, 1)
	// One win against 1400/30: mu' = mu + phi'^2 g (1 - E).
	if math.Abs(r.R-1563.56) > 0.5 || math.Abs(r.RD-175.4) > 0.5 || math.Abs(r.Vol-0.06) > 0.0005 {
		t.Errorf("update = %+v, want about 1563.6 / 175.4 / 0.06", r)
	}
}

// TestAttempt: a solve lifts the player and lowers the puzzle, a failure
// the other way; a clueless player moves no puzzle; bounds hold.
func TestAttempt(t *testing.T) {
	player := Rating{1500, 100, 0.06}
	pz := Rating{1500, 100, 0.06}
	p1, z1 := Attempt(player, pz, true)
	if p1.R <= player.R || z1.R >= pz.R || p1.RD >= player.RD {
		t.Errorf("solved: player %+v, puzzle %+v", p1, z1)
	}
	p2, z2 := Attempt(player, pz, false)
	if p2.R >= player.R || z2.R <= pz.R {
		t.Errorf("failed: player %+v, puzzle %+v", p2, z2)
	}
	if math.Abs((p1.R-player.R)+(p2.R-player.R)) > 1e-6 {
		t.Errorf("an even game moves a solve and a failure by %v and %v", p1.R-player.R, p2.R-player.R)
	}
	_, z3 := Attempt(NewPlayer, pz, false)
	if z3 != pz {
		t.Errorf("a newcomer's attempt moved the puzzle to %+v", z3)
	}
	// Far below a hard puzzle, many failures: the rating stays in bounds.
	r := Rating{450, 50, 0.09}
	for range 50 {
		r, _ = Attempt(r, Rating{3000, 45, 0.06}, false)
	}
	if r.R < minR || r.RD < minRD || r.Vol > maxVol {
		t.Errorf("after 50 failures: %+v, out of bounds", r)
	}
}
