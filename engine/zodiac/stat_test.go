package zodiac

import "testing"

func TestRingStats(t *testing.T) {
	tb := Solve()
	n := len(tb.boards)
	multi, classes, mixed := 0, 0, 0
	for i := 0; i < n; i++ {
		if tb.same[i] == int32(i) {
			classes++
			continue
		}
		// count class once at its minimum index
		min := int32(i)
		loss := 0
		for j := tb.same[i]; j != int32(i); j = tb.same[j] {
			if j < min {
				min = j
			}
		}
		if min != int32(i) {
			continue
		}
		classes++
		multi++
		k := int32(i)
		res := map[Result]bool{}
		for {
			res[tb.result[k]] = true
			if tb.result[k] == Loss {
				loss++
			}
			k = tb.same[k]
			if k == int32(i) {
				break
			}
		}
		if len(res) > 1 || loss > 1 {
			mixed++
		}
	}
	t.Logf("states %d, positions %d, positions with several states %d, of which mixed/multi-loss %d", n, classes, multi, mixed)
}
