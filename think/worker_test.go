package think

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/store"
)

// TestWorkerServesEachReplyOnce runs a Worker on a store whose queue holds
// the replies of six games, the AI to move in each: each reply is played
// once, thought on the pool (two at a time at the most) and recorded,
// its claim ended; the worker is heard from while it runs, and gone once
// it has stopped.
func TestWorkerServesEachReplyOnce(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "zugbot.db"), store.Options{Variants: []*engine.Variant{zola.Zola}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var ids []int64
	for i := range 6 {
		p := store.Player{ID: fmt.Sprint(100 + i), Name: fmt.Sprint("p", i)}
		g, err := st.CreateGame(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{AI: 1}, {Player: p}}, ChannelID: "c"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}

	pool := New(Config{Workers: 2})
	var mu sync.Mutex
	replies := map[int64]int{}
	running, most := 0, 0
	// The reply as the table plays it: the AI's move thought on the pool,
	// then recorded at the game's ply.
	reply := func(ctx context.Context, game int64, asked time.Time) error {
		mu.Lock()
		replies[game]++
		running++
		most = max(most, running)
		mu.Unlock()
		defer func() { mu.Lock(); running--; mu.Unlock() }()
		s, err := st.Load(ctx, game)
		if err != nil {
			return err
		}
		var m engine.Move
		err = pool.Think(ctx, Job{Game: game, Asked: asked}, func(ctx context.Context, ws *ai.Workspace, d time.Duration) error {
			pl, err := ws.Level(zola.Zola, 1, d, rand.New(rand.NewPCG(uint64(game), 1)))
			if err != nil {
				return err
			}
			m, _, err = pl.Best(ctx, s.Position.Clone())
			return err
		})
		if err != nil {
			return err
		}
		_, err = st.RecordMove(ctx, game, s.Game.Ply, s.Position.FormatMove(m), store.End{})
		return err
	}
	w := Worker{Name: "w1", Store: st, Workers: pool.Workers(), Reply: reply}
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()

	until(t, "every game's reply", func() bool {
		for _, id := range ids {
			if g, err := st.Game(ctx, id); err != nil || g.Ply != 1 {
				return false
			}
		}
		return true
	})
	if n, err := st.WorkersAlive(ctx, Silence); err != nil || n != 1 {
		t.Errorf("workers heard from while one runs: %d, %v; want 1", n, err)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n, err := st.WorkersAlive(ctx, Silence); err != nil || n != 0 {
		t.Errorf("workers heard from once it stopped: %d, %v; want 0", n, err)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, id := range ids {
		if replies[id] != 1 {
			t.Errorf("game %d: %d replies, want 1", id, replies[id])
		}
	}
	if most > pool.Workers() {
		t.Errorf("%d replies at once on %d workers", most, pool.Workers())
	}
	if left, err := st.ClaimReplies(ctx, 10, Lease); err != nil || len(left) != 0 {
		t.Errorf("replies left in the queue: %v, %v; want none", left, err)
	}
}
