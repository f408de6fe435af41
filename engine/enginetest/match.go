package enginetest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/zugbot/zugbot/engine"
)

// A Chooser picks a move in a position whose game is not over, and gives
// its score from the mover's view (a search's, as ai.Info.Score).
type Chooser func(engine.Position) (engine.Move, int)

// Tally is a match's result from one player's side.
type Tally struct{ Wins, Draws, Losses int }

// String gives the result, the score and an Elo estimate with its 95%
// interval, from the per-game standard deviation of the score.
func (t Tally) String() string {
	n := float64(t.Wins + t.Draws + t.Losses)
	score := (float64(t.Wins) + float64(t.Draws)/2) / n
	elo := func(s float64) float64 { return -400 * math.Log10(1/min(max(s, 0.001), 0.999)-1) }
	sq := float64(t.Wins)*(1-score)*(1-score) + float64(t.Draws)*(0.5-score)*(0.5-score) + float64(t.Losses)*score*score
	se := math.Sqrt(sq/n) / math.Sqrt(n)
	return fmt.Sprintf("+%d =%d -%d, score %.1f%%, Elo %+.0f (95%%: %+.0f to %+.0f)",
		t.Wins, t.Draws, t.Losses, 100*score, elo(score), elo(score-1.96*se), elo(score+1.96*se))
}

// Match plays games of v between the players that a and b make for each
// game (given its number), two at a time, in pairs from the same random
// four-ply opening with colours swapped, and returns a's tally. A game
// longer than maxPlies is a draw, and the players' scores adjudicate games
// as engine.Adjudicator does, so they must be centipawns.
func Match(v *engine.Variant, games, maxPlies int, a, b func(game int) Chooser) Tally {
	var mu sync.Mutex
	var t Tally
	Parallel(games, func(g int) {
		r := rand.New(rand.NewPCG(uint64(g/2), 99))
		p := v.Start()
		for range 4 {
			ms := p.Moves(nil)
			p.Do(ms[r.IntN(len(ms))])
		}
		res := PlayGame(p, g%2 == 0, a(g), b(g), maxPlies)
		mu.Lock()
		defer mu.Unlock()
		switch res {
		case 1:
			t.Wins++
		case 0:
			t.Draws++
		default:
			t.Losses++
		}
	})
	return t
}

// Parallel calls f(0) to f(n-1), two at a time (the measurements' machine
// has two cores), and returns when all have returned.
func Parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i := range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			f(i)
		})
	}
	wg.Wait()
}

// PlayGame plays a game from p between a and b, a moving first when aFirst,
// and returns a's result: 1, 0 or -1; a game longer than maxPlies is a
// draw, and the players' scores adjudicate it as engine.Adjudicator does.
func PlayGame(p engine.Position, aFirst bool, a, b Chooser, maxPlies int) int {
	players := [2]Chooser{b, a}
	aSide := p.Turn() ^ 1
	if aFirst {
		players = [2]Chooser{a, b}
		aSide = p.Turn()
	}
	if p.Turn() == 1 {
		players[0], players[1] = players[1], players[0]
	}
	var adj engine.Adjudicator
	o := p.Outcome()
	for plies := 0; !o.Over(); plies++ {
		if plies >= maxPlies {
			return 0
		}
		mover := p.Turn()
		m, score := players[mover](p)
		p.Do(m)
		if o = p.Outcome(); !o.Over() {
			o = adj.Record(plies, mover, score)
		}
	}
	switch {
	case o.Status != engine.Win:
		return 0
	case o.Winner == aSide:
		return 1
	}
	return -1
}
