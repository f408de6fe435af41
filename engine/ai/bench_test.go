package ai

import (
	"context"
	"runtime"
	"testing"

	"github.com/zugbot/zugbot/engine/enginetest"
)

// BenchmarkSearch measures search speed in nodes per second from the
// middle of a game, for each game.
func BenchmarkSearch(b *testing.B) { benchSearch(b, Config{Nodes: 200_000}) }

// BenchmarkSearchDepth measures the time a search to a fixed depth takes
// from the middle of a game, for each game: the same tree each run, so that
// a change that makes the search cheaper without changing what it visits
// shows as time alone.
func BenchmarkSearchDepth(b *testing.B) { benchSearch(b, Config{Depth: 8}) }

// benchSearch runs a search with cfg from the middle of each game,
// reporting the nodes a second and a search, and the CPU time a search
// takes on its thread (cpu-ns/op; on Linux): on a machine loaded by
// others, wall time counts the waits for a core as well.
func benchSearch(b *testing.B, cfg Config) {
	for _, vc := range variants {
		b.Run(vc.v.ID, func(b *testing.B) {
			p := enginetest.MustParse(b, vc.v, vc.mid)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var nodes, cpu int64
			for b.Loop() {
				s := NewSearcher(cfg, newRand(1))
				start := threadCPU()
				_, info, _ := s.Best(context.Background(), p)
				cpu += threadCPU() - start
				nodes += info.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			if cpu > 0 {
				b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// BenchmarkMCTS measures playouts per second from the middle of a game.
func BenchmarkMCTS(b *testing.B) {
	for _, vc := range variants {
		b.Run(vc.v.ID, func(b *testing.B) {
			p := enginetest.MustParse(b, vc.v, vc.mid)
			var n int64
			for b.Loop() {
				_, info, _ := NewMCTS(MCTSConfig{Playouts: 2000}, newRand(1)).Best(context.Background(), p)
				n += info.Nodes
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}
