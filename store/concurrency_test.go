package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/rules"
)

// TestConcurrentMoveAttempts has many clicks race to play the same ply of
// one game: exactly one wins each time, the others get ErrStalePly.
func TestConcurrentMoveAttempts(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustGame(t, s, alice, bob, false)
	const clicks = 8
	for ply := range 6 {
		st, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		legal := st.Position.Moves(nil)
		var wg sync.WaitGroup
		errs := make([]error, clicks)
		for i := range clicks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				m := legal[i%len(legal)]
				_, errs[i] = s.RecordMove(ctx, g.ID, ply, st.Position.FormatMove(m), End{})
			}()
		}
		wg.Wait()
		won := 0
		for i, err := range errs {
			switch {
			case err == nil:
				won++
			case !errors.Is(err, ErrStalePly):
				t.Errorf("ply %d, click %d: got %v, want nil or ErrStalePly", ply, i, err)
			}
		}
		if won != 1 {
			t.Fatalf("ply %d: %d clicks won, want exactly 1", ply, won)
		}
		ms, err := s.Moves(ctx, g.ID)
		if err != nil || len(ms) != ply+1 {
			t.Fatalf("ply %d: %d moves (%v), want %d", ply, len(ms), err, ply+1)
		}
		if _, err := s.Load(ctx, g.ID); err != nil {
			t.Fatalf("ply %d: the winning move does not replay: %v", ply, err)
		}
	}
}

// TestConcurrentGames plays 8 games at once, each move loaded and recorded
// by its own goroutine while others read leaderboards and game lists: no
// write may fail, SQLITE_BUSY least of all.
func TestConcurrentGames(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{MaxActiveGames: -1})
	const games, plies = 8, 30
	var ids []int64
	for i := range games {
		g, err := s.CreateGame(ctx, NewGame{
			Variant:     "zola8",
			Seats:       [2]Seat{{Player: Player{ID: fmt.Sprint(i), Name: "P"}}, {Player: Player{ID: fmt.Sprint(100 + i), Name: "Q"}}},
			ChannelID:   "c",
			Rated:       true,
			DaysPerMove: 1,
		})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4*games)
	done := make(chan struct{})
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range plies {
				st, err := s.Load(ctx, id)
				if err != nil {
					errs <- err
					return
				}
				ms := st.Position.Moves(nil)
				if len(ms) == 0 {
					break
				}
				if _, err := s.RecordMove(ctx, id, st.Game.Ply, st.Position.FormatMove(ms[0]), End{}); err != nil {
					errs <- err
					return
				}
			}
			if _, err := s.Finish(ctx, id, AnyPly, End{Result: Win, Winner: 0, Reason: ReasonResignation}); err != nil {
				errs <- err
			}
		}()
	}
	var readers sync.WaitGroup
	for range 2 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				if _, err := s.Games(ctx, GameQuery{ChannelID: "c", Status: Active}); err != nil {
					errs <- err
					return
				}
				if _, err := s.Leaderboard(ctx, LeaderboardQuery{Variant: "zola8", MinGames: 1}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(done)
	readers.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("concurrent games: %v", err)
	}
	for _, id := range ids {
		g, err := s.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Result != Win || g.Ply == 0 || len(g.Changes) != 2 {
			t.Errorf("game %d: result %v after %d plies, changes %v", id, g.Result, g.Ply, g.Changes)
		}
	}
	b, _ := s.Leaderboard(ctx, LeaderboardQuery{Variant: "zola8", MinGames: 1, Limit: 100})
	if len(b) != 2*games {
		t.Errorf("%d players rated, want %d", len(b), 2*games)
	}
}

// TestConcurrentEnds has both players resign and a move arrive at once: the
// game ends once, and the ratings change once.
func TestConcurrentEnds(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	for round := range 5 {
		g := mustPlay(t, s, mustGame(t, s, alice, bob, true).ID, 2)
		st, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var errs [3]error
		for side := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[side] = s.Finish(ctx, g.ID, AnyPly, End{Result: Win, Winner: engine.Side(1 - side), Reason: ReasonResignation})
			}()
		}
		move := firstMove(t, st.Position)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[2] = s.RecordMove(ctx, g.ID, 2, move, End{})
		}()
		wg.Wait()
		ended := 0
		for _, err := range errs[:2] {
			switch {
			case err == nil:
				ended++
			case !errors.Is(err, ErrGameOver):
				t.Errorf("round %d: resignation: %v", round, err)
			}
		}
		if ended != 1 {
			t.Errorf("round %d: the game ended %d times", round, ended)
		}
		if errs[2] != nil && !errors.Is(errs[2], ErrGameOver) {
			t.Errorf("round %d: move: %v", round, errs[2])
		}
	}
	ra, _ := s.Rating(ctx, alice.ID, "zola")
	rb, _ := s.Rating(ctx, bob.ID, "zola")
	if ra.Games != rules.RatedCap || rb.Games != rules.RatedCap || ra.Wins+rb.Wins != rules.RatedCap {
		t.Errorf("after 5 games in a day: alice %+v, bob %+v; want %d rated games", ra, rb, rules.RatedCap)
	}
}

// TestConcurrentAccepts has several people accept one open challenge at
// once: one game starts.
func TestConcurrentAccepts(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	ch, err := s.CreateChallenge(ctx, NewChallenge{Challenger: alice, Variant: "zola"})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, errs[i] = s.AcceptChallenge(ctx, ch.ID, Player{ID: fmt.Sprint("acc", i)})
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, ErrChallengeClosed):
			t.Errorf("accept: %v", err)
		}
	}
	if gs, _ := s.Games(ctx, GameQuery{}); won != 1 || len(gs) != 1 {
		t.Errorf("%d accepts won, %d games started; want 1 and 1", won, len(gs))
	}
}
