package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

// The readers of TestLoad (-load.readers): people reading the live
// board's pages of finished games (a replay: its page, its moves, and the
// pieces at one of its plies, which the page draws) and the server's
// leaderboard, beside the games going on. Each opens a page, reads it for
// 1 to 9 s, and opens another.

// readSeed is what the readers read: finished games and a leaderboard.
type readSeed struct {
	games       []string // the finished games' public ids
	plies       []int    // their lengths
	leaderboard string   // the server's leaderboards' page id
}

// seedReading writes, before the bot starts, 200 finished rated games of
// Zola 6×6 between 40 players of the fleet's server, 20 plies each, so
// that every player has 10 rated games and is on its leaderboard.
func (f *fleet) seedReading() readSeed {
	f.t.Helper()
	ctx := context.Background()
	s, err := store.Open(ctx, f.db, store.Options{Variants: games.All()})
	if err != nil {
		f.t.Fatal(err)
	}
	defer s.Close()
	var seed readSeed
	rng := rand.New(rand.NewPCG(47, 47))
	for i := range 200 {
		a := store.Player{ID: fmt.Sprintf("reader-seat-%d", i%40), Name: fmt.Sprintf("Reader %d", i%40)}
		b := store.Player{ID: fmt.Sprintf("reader-seat-%d", (i+1+i/40)%40), Name: fmt.Sprintf("Reader %d", (i+1+i/40)%40)}
		if a.ID == b.ID {
			b = store.Player{ID: "reader-seat-x", Name: "Reader X"}
		}
		g, err := s.CreateGame(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: a}, {Player: b}}, GuildID: f.guild, ChannelID: f.channel, Rated: true})
		if err != nil {
			f.t.Fatal(err)
		}
		p := zola.Zola.Start()
		ply := 0
		for ; ply < 20 && !p.Outcome().Over(); ply++ {
			legal := p.Moves(nil)
			m := legal[rng.IntN(len(legal))]
			q := p.Clone()
			q.Do(m)
			end := store.End{}
			if o := q.Outcome(); o.Over() {
				end = store.EndOf(o)
			}
			if _, err := s.RecordMove(ctx, g.ID, ply, p.FormatMove(m), end); err != nil {
				f.t.Fatal(err)
			}
			p.Do(m)
		}
		if !p.Outcome().Over() {
			if _, err := s.Finish(ctx, g.ID, ply, store.End{Result: store.Win, Winner: 0, Reason: store.ReasonResignation, By: b.ID}); err != nil {
				f.t.Fatal(err)
			}
		}
		seed.games, seed.plies = append(seed.games, g.PublicID), append(seed.plies, ply)
	}
	if seed.leaderboard, err = s.PageID(ctx, store.ServerPage, f.guild); err != nil {
		f.t.Fatal(err)
	}
	return seed
}

// readers is what the readers measured.
type readers struct {
	views  latencies    // a page view: its page, then its data, then its board
	errors atomic.Int64 // requests that failed or were refused
}

// read runs n readers of seed on the live board at base until r.end.
func (r *loadRun) read(base string, seed readSeed, n int, rd *readers) {
	c := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: n}}
	get := func(path string) bool {
		resp, err := c.Get(base + path)
		if err != nil {
			rd.errors.Add(1)
			return false
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			rd.errors.Add(1)
			return false
		}
		return true
	}
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := r.rng()
			time.Sleep(time.Duration(rng.Int64N(int64(5 * time.Second)))) // not all at once
			for time.Now().Before(r.end) {
				start := time.Now()
				ok := true
				if rng.IntN(5) == 0 { // a leaderboard
					ok = get("/leaderboards/"+seed.leaderboard) && get("/api/leaderboards/"+seed.leaderboard+"?rating=zola")
				} else { // a replay, at its end or stepped to a ply: the page draws the ply's pieces
					i := rng.IntN(len(seed.games))
					pid, ply := seed.games[i], seed.plies[i]
					if rng.IntN(2) == 0 {
						ply = rng.IntN(seed.plies[i] + 1)
					}
					ok = get("/games/"+pid) && get("/api/games/"+pid+"/replay") && get("/api/games/"+pid+"/plies/"+strconv.Itoa(ply))
				}
				if ok {
					rd.views.add(time.Since(start))
				}
				time.Sleep(time.Second + time.Duration(rng.Int64N(int64(8*time.Second))))
			}
		}()
	}
	wg.Wait()
}
