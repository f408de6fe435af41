package tournament

import "testing"

func TestPoints(t *testing.T) {
	for p, want := range map[float64]string{0: "0", 0.5: "½", 2.5: "2½", 3: "3", 12.25: "12.25"} {
		if got := Points(p); got != want {
			t.Errorf("Points(%g) = %q, want %q", p, got, want)
		}
	}
	for p, want := range map[float64]string{1: "1–0", 0.5: "½–½", 0: "0–1"} {
		if got := Score(p); got != want {
			t.Errorf("Score(%g) = %q, want %q", p, got, want)
		}
	}
}
