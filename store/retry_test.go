package store

import (
	"context"
	"sync"
	"testing"
)

// TestWriteRetries: writes that clash on PostgreSQL (here, all of them
// reading and changing one player's row) are run again until they pass;
// none fails, and none is lost.
func TestWriteRetries(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{MaxActiveGames: -1})
	if err := s.SeePlayer(ctx, Player{ID: "1", Name: "n"}); err != nil {
		t.Fatal(err)
	}
	var before int
	if err := s.reads.QueryRowContext(ctx, `SELECT created_at FROM players WHERE id = '1'`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			err := s.write(ctx, func(tx querier) error {
				var n int
				if err := tx.QueryRowContext(ctx, `SELECT created_at FROM players WHERE id = '1'`).Scan(&n); err != nil {
					return err
				}
				_, err := tx.ExecContext(ctx, `UPDATE players SET created_at = ? WHERE id = '1'`, n+1)
				return err
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	var n int
	if err := s.reads.QueryRowContext(ctx, `SELECT created_at FROM players WHERE id = '1'`).Scan(&n); err != nil || n != before+16 {
		t.Errorf("after 16 increments: %d, %v", n, err)
	}
	t.Logf("retries: %d", s.WriteRetries())
}
