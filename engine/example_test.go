package engine_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
)

// Every variant plays through the same Position contract. RandomGame plays
// a random game and takes it back; a seeded generator makes it repeatable.
func ExampleRandomGame() {
	v := zola.Zola
	p := v.Start()
	r := rand.New(rand.NewPCG(1, 2))
	plies, o, _ := engine.RandomGame(p, r, v.MaxPlies, nil)
	if o.Status == engine.Win {
		fmt.Printf("%s: %s wins after %d plies: %s\n", v.Name, v.Sides[o.Winner], plies, o.Reason)
	}
	fmt.Println("back at the start:", engine.String(p) == engine.String(v.Start()))
	// Output:
	// Zola 6×6: Red wins after 51 plies: captured every enemy checker
	// back at the start: true
}

// Perft counts the leaves of the game tree, the standard check of a move
// generator. Orthodox chess, which runs on Zonal Chess's engine, has
// well-known counts.
func ExamplePerft() {
	for _, v := range []*engine.Variant{zonal.Chess, zola.Zola} {
		p := v.Start()
		fmt.Print(v.Name, ":")
		for depth := 1; depth <= 3; depth++ {
			fmt.Print(" ", engine.Perft(p, depth))
		}
		fmt.Println()
	}
	// Output:
	// Chess: 20 400 8902
	// Zola 6×6: 36 1296 46472
}
