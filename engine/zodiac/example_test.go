package zodiac_test

import (
	"fmt"

	"github.com/zugbot/zugbot/engine/zodiac"
)

// The first player loses with perfect play; Best plays on as long as it can.
func ExampleTable_Best() {
	sol := zodiac.Solve()
	p := zodiac.StartWith(zodiac.Black)
	fmt.Println(sol.Value(p))
	m, r := sol.Best(p)
	fmt.Println(p.FormatMove(m), r)
	p.Do(m)
	m, r = sol.Best(p)
	fmt.Println(p.FormatMove(m), r)
	// Output:
	// {loss 12}
	// T3-C1 loss
	// T2-C6 win
}
