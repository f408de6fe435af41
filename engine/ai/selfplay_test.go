package ai

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zonal"
)

var (
	selfplayGames = flag.Int("selfplay.games", 0, "play this many games for TestTechniqueGain (0: skip)")
	selfplayTime  = flag.Duration("selfplay.time", 50*time.Millisecond, "time per move in TestTechniqueGain")
	selfplayWhat  = flag.String("selfplay.technique", "nullmove", "the technique TestTechniqueGain measures: "+strings.Join(slices.Sorted(maps.Keys(techniques)), ", "))
)

// techniques turn each measured technique off in a Config.
var techniques = map[string]func(*Config){
	"nullmove": func(c *Config) { c.NoNullMove = true },
	"lmr":      func(c *Config) { c.NoLMR = true },
	"futility": func(c *Config) { c.NoFutility = true },
	"see":      func(c *Config) { c.NoSEE = true },
}

// TestTechniqueGain measures what a search technique is worth
// (-selfplay.technique): games of the searcher with it against the same
// without it, in pairs from random
// four-ply openings with colours swapped, for chess and Zonal Chess. It
// logs the score and an Elo estimate with its 95% interval. It runs only
// with -selfplay.games (minutes of both cores):
//
//	go test ./engine/ai -run TechniqueGain -selfplay.games 100 -v
func TestTechniqueGain(t *testing.T) {
	if *selfplayGames == 0 {
		t.Skip("a measurement: run with -selfplay.games N")
	}
	off, ok := techniques[*selfplayWhat]
	if !ok {
		t.Fatalf("-selfplay.technique %q: want one of %v", *selfplayWhat, slices.Sorted(maps.Keys(techniques)))
	}
	with := Config{Time: *selfplayTime, TTBits: 18}
	without := with
	off(&without)
	for _, v := range []*engine.Variant{zonal.Chess, zonal.Zonal} {
		var mu sync.Mutex
		var wins, draws, losses int
		var wg sync.WaitGroup
		sem := make(chan struct{}, 2)
		for g := range *selfplayGames {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				r := rand.New(rand.NewPCG(uint64(g/2), 99))
				p := v.Start()
				for range 4 {
					ms := p.Moves(nil)
					p.Do(ms[r.IntN(len(ms))])
				}
				a, b := NewSearcher(with, rand.New(rand.NewPCG(uint64(g), 1))), NewSearcher(without, rand.New(rand.NewPCG(uint64(g), 2)))
				res := selfplay(p, g%2 == 0, a, b, 300)
				mu.Lock()
				defer mu.Unlock()
				switch res {
				case 1:
					wins++
				case 0:
					draws++
				default:
					losses++
				}
			}()
		}
		wg.Wait()
		n := float64(wins + draws + losses)
		score := (float64(wins) + float64(draws)/2) / n
		elo := func(s float64) float64 { return -400 * math.Log10(1/min(max(s, 0.001), 0.999)-1) }
		// The interval from the per-game standard deviation of the score.
		mean := score
		var sq float64
		sq += float64(wins) * (1 - mean) * (1 - mean)
		sq += float64(draws) * (0.5 - mean) * (0.5 - mean)
		sq += float64(losses) * mean * mean
		se := math.Sqrt(sq/n) / math.Sqrt(n)
		t.Logf("%s, %v a move, with %s against without: +%d =%d -%d, score %.1f%%, Elo %+.0f (95%%: %+.0f to %+.0f)",
			v.ID, *selfplayTime, *selfplayWhat, wins, draws, losses, 100*score, elo(score), elo(score-1.96*se), elo(score+1.96*se))
	}
}

// selfplay plays a game from p between a and b, a moving first when
// aFirst, and returns a's result: 1, 0 or -1; a game longer than maxPlies
// is a draw.
func selfplay(p engine.Position, aFirst bool, a, b Player, maxPlies int) int {
	players := [2]Player{b, a}
	aSide := p.Turn() ^ 1
	if aFirst {
		players = [2]Player{a, b}
		aSide = p.Turn()
	}
	if p.Turn() == 1 {
		players[0], players[1] = players[1], players[0]
	}
	for plies := 0; !p.Outcome().Over(); plies++ {
		if plies >= maxPlies {
			return 0
		}
		m, _, err := players[p.Turn()].Best(context.Background(), p)
		if err != nil {
			panic(fmt.Sprint("selfplay: ", err))
		}
		p.Do(m)
	}
	switch o := p.Outcome(); {
	case o.Status != engine.Win:
		return 0
	case o.Winner == aSide:
		return 1
	}
	return -1
}
