package ai

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
	"github.com/zugbot/zugbot/engine/zonal"
)

var (
	selfplayGames = flag.Int("selfplay.games", 0, "play this many games for TestTechniqueGain (0: skip)")
	selfplayTime  = flag.Duration("selfplay.time", 50*time.Millisecond, "time per move in TestTechniqueGain")
	selfplayGame  = flag.String("selfplay.game", "", "play only this game (chess or zonal) in TestTechniqueGain")
	selfplayWhat  = flag.String("selfplay.technique", "nullmove", "the technique TestTechniqueGain measures: "+strings.Join(slices.Sorted(maps.Keys(techniques)), ", "))
)

// techniques turn each measured technique off in a Config.
var techniques = map[string]func(*Config){
	"nullmove":  func(c *Config) { c.NoNullMove = true },
	"lmr":       func(c *Config) { c.NoLMR = true },
	"futility":  func(c *Config) { c.NoFutility = true },
	"rfp":       func(c *Config) { c.NoReverseFutility = true },
	"lmp":       func(c *Config) { c.NoLMP = true },
	"iir":       func(c *Config) { c.NoIIR = true },
	"malus":     func(c *Config) { c.NoHistoryMalus = true },
	"see":       func(c *Config) { c.NoSEE = true },
	"timeman":   func(c *Config) { c.NoTimeManagement = true },
	"cont":      func(c *Config) { c.NoContinuation = true },
	"improving": func(c *Config) { c.NoImproving = true },
	"lmrtuning": func(c *Config) { c.NoReductionTuning = true },
	"seeprune":  func(c *Config) { c.NoSEEPruning = true },
	"singular":  func(c *Config) { c.NoSingular = true },
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
		if *selfplayGame != "" && *selfplayGame != v.ID {
			continue
		}
		// The time each side spent and its moves.
		var spent [2]atomic.Int64
		var moves [2]atomic.Int64
		searcher := func(cfg Config, seed uint64, side int) func(int) enginetest.Chooser {
			return func(g int) enginetest.Chooser {
				s := NewSearcher(cfg, rand.New(rand.NewPCG(uint64(g), seed)))
				return func(p engine.Position) (engine.Move, int) {
					m, info, err := s.Best(context.Background(), p)
					if err != nil {
						panic(fmt.Sprint("selfplay: ", err))
					}
					spent[side].Add(int64(info.Elapsed))
					moves[side].Add(1)
					return m, info.Score
				}
			}
		}
		tally := enginetest.Match(v, *selfplayGames, 300, searcher(with, 1, 0), searcher(without, 2, 1))
		mean := func(side int) time.Duration {
			return time.Duration(spent[side].Load() / max(moves[side].Load(), 1)).Round(100 * time.Microsecond)
		}
		t.Logf("%s, %v a move, with %s against without: %v; mean time a move %v against %v",
			v.ID, *selfplayTime, *selfplayWhat, tally, mean(0), mean(1))
	}
}
