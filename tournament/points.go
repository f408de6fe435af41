package tournament

import (
	"math"
	"strconv"
)

// Points writes a score as chess players do: 2½, ½, 3.
func Points(p float64) string {
	whole, frac := math.Modf(p)
	switch {
	case frac == 0:
		return strconv.Itoa(int(whole))
	case frac == 0.5 && whole == 0:
		return "½"
	case frac == 0.5:
		return strconv.Itoa(int(whole)) + "½"
	}
	return strconv.FormatFloat(p, 'f', 2, 64)
}

// Score writes a pairing's result, the first player's points first, as
// chess players do: "1–0", "½–½", "0–1".
func Score(first float64) string { return Points(first) + "–" + Points(1-first) }
