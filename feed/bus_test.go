package feed_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/zugbot/zugbot/feed"
)

// wait is how long a test waits for what must come: generous, as it only
// bounds a failure.
const wait = 30 * time.Second

// receive returns the next change on s, failing the test after wait.
func receive(t *testing.T, s *feed.Subscription) feed.Change {
	t.Helper()
	select {
	case c, ok := <-s.C:
		if !ok {
			t.Fatal("the subscription was closed")
		}
		return c
	case <-time.After(wait):
		t.Fatalf("no change after %v", wait)
	}
	panic("unreachable")
}

// drain returns the changes in s's buffer, which no one is publishing to.
func drain(s *feed.Subscription) []feed.Change {
	var l []feed.Change
	for {
		select {
		case c := <-s.C:
			l = append(l, c)
		default:
			return l
		}
	}
}

// stream checks what a subscriber received of the games' changes, each
// game's published with plies 1, 2, … up to last: each game's plies
// increase, and a ply missed (before one received, or at the end) is
// followed by a Resync, before the game's next change if any. It returns
// the Resyncs received.
func stream(t *testing.T, name string, got []feed.Change, games []int64, last int) (resyncs int) {
	t.Helper()
	ply := map[int64]int{}  // the last ply received, by game
	seen := map[int64]int{} // where it was received, by game
	resync := -1            // where the last Resync was received
	for _, g := range games {
		seen[g] = -1
	}
	for i, c := range got {
		if c.Kind == feed.Resync {
			resyncs++
			resync = i
			continue
		}
		p, ok := ply[c.Game]
		if _, mine := seen[c.Game]; !mine {
			t.Fatalf("%s: received %v", name, c)
		}
		switch {
		case ok && c.Ply <= p:
			t.Fatalf("%s: game %d: ply %d after %d", name, c.Game, c.Ply, p)
		case c.Ply > p+1 && resync < seen[c.Game]:
			t.Fatalf("%s: game %d: plies %d to %d missed without a Resync", name, c.Game, p+1, c.Ply-1)
		}
		ply[c.Game], seen[c.Game] = c.Ply, i
	}
	for _, g := range games {
		if ply[g] != last && resync < seen[g] {
			t.Fatalf("%s: game %d ends at ply %d of %d without a Resync", name, g, ply[g], last)
		}
	}
	return resyncs
}

// TestBusOrder publishes the changes of several games from as many
// goroutines at once, to subscribers of everything and of each game that
// read as they come: each receives each game's changes in order, all of
// them when its buffer holds them all, or with a Resync after any it
// missed when its buffer is small.
func TestBusOrder(t *testing.T) {
	const games, plies = 8, 500
	for _, buffer := range []int{games * plies, 4} {
		t.Run(fmt.Sprintf("buffer %d", buffer), func(t *testing.T) {
			bus := feed.NewBus(buffer)
			type sub struct {
				name  string
				s     *feed.Subscription
				games []int64
				got   []feed.Change
			}
			var subs []*sub
			var ids []int64
			for g := int64(1); g <= games; g++ {
				ids = append(ids, g)
				subs = append(subs, &sub{name: fmt.Sprintf("game %d", g), s: bus.Subscribe(feed.Filter{Game: g}), games: []int64{g}})
			}
			for i := range 3 {
				subs = append(subs, &sub{name: fmt.Sprintf("all %d", i), s: bus.Subscribe(feed.Filter{}), games: ids})
			}
			var readers sync.WaitGroup
			for _, s := range subs {
				readers.Go(func() {
					for c := range s.s.C {
						s.got = append(s.got, c)
					}
				})
			}
			var publishers sync.WaitGroup
			for g := int64(1); g <= games; g++ {
				publishers.Go(func() {
					for p := 1; p <= plies; p++ {
						bus.Publish(feed.Change{Game: g, Ply: p, Kind: feed.Moved})
					}
				})
			}
			publishers.Wait()
			for _, s := range subs {
				s.s.Close()
			}
			readers.Wait()
			for _, s := range subs {
				r := stream(t, s.name, s.got, s.games, plies)
				t.Logf("%s: %d changes, %d Resyncs", s.name, len(s.got)-r, r)
				if buffer >= games*plies && (r != 0 || len(s.got) != len(s.games)*plies) {
					t.Errorf("%s: %d changes and %d Resyncs, with room for all %d", s.name, len(s.got)-r, r, len(s.games)*plies)
				}
			}
		})
	}
}

// TestBusFilter sends each subscription the changes its filter selects:
// everything, a game's, a tournament's (its games' and its own), and a
// Resync for everyone to all of them.
func TestBusFilter(t *testing.T) {
	bus := feed.NewBus(100)
	all := bus.Subscribe(feed.Filter{})
	g1 := bus.Subscribe(feed.Filter{Game: 1})
	g2 := bus.Subscribe(feed.Filter{Game: 2})
	g1t := bus.Subscribe(feed.Filter{Game: 1, Tournament: 7}) // the game wins
	t7 := bus.Subscribe(feed.Filter{Tournament: 7})
	t8 := bus.Subscribe(feed.Filter{Tournament: 8})
	changes := []feed.Change{
		{Game: 1, Ply: 1, Kind: feed.Moved},
		{Game: 2, Ply: 0, Kind: feed.Started},
		{Game: 3, Tournament: 7, Ply: 0, Kind: feed.Started},
		{Game: 1, Ply: 1, Kind: feed.Offered},
		{Tournament: 7, Kind: feed.Round},
		{Kind: feed.Resync},
		{Game: 3, Tournament: 7, Ply: 1, Kind: feed.Resigned},
		{Game: 2, Kind: feed.Resync},
		{Tournament: 8, Kind: feed.Round},
	}
	for _, c := range changes {
		bus.Publish(c)
	}
	want := map[*feed.Subscription][]feed.Change{
		all: changes,
		g1:  {changes[0], changes[3], changes[5]},
		g2:  {changes[1], changes[5], changes[7]},
		g1t: {changes[0], changes[3], changes[5]},
		t7:  {changes[2], changes[4], changes[5], changes[6]},
		t8:  {changes[5], changes[8]},
	}
	names := map[*feed.Subscription]string{all: "all", g1: "game 1", g2: "game 2", g1t: "game 1 (tournament 7)", t7: "tournament 7", t8: "tournament 8"}
	for s, w := range want {
		if got := drain(s); fmt.Sprint(got) != fmt.Sprint(w) {
			t.Errorf("%s received\n%v\nwant\n%v", names[s], got, w)
		}
	}
}

// TestBusSlowSubscriber publishes to a subscriber that does not read: its
// buffer holds the first changes and one Resync, the rest are dropped
// without Publish waiting, and a subscriber of another game gets all of
// its own. Once it has read, it gets new changes again, after the Resync,
// and falling behind again brings one more Resync.
func TestBusSlowSubscriber(t *testing.T) {
	const buffer = 4
	bus := feed.NewBus(buffer)
	slow := bus.Subscribe(feed.Filter{Game: 1})
	other := bus.Subscribe(feed.Filter{Game: 2})
	defer slow.Close()
	defer other.Close()
	if cap(slow.C) != buffer+1 {
		t.Fatalf("a subscription's capacity is %d, want %d", cap(slow.C), buffer+1)
	}
	for p := 1; p <= 10000; p++ {
		bus.Publish(feed.Change{Game: 1, Ply: p, Kind: feed.Moved})
		if p%2500 == 0 {
			bus.Publish(feed.Change{Game: 2, Ply: p / 2500, Kind: feed.Moved})
		}
		if len(slow.C) > buffer+1 {
			t.Fatalf("after ply %d, %d changes held", p, len(slow.C))
		}
	}
	moved := func(g int64, p int) feed.Change { return feed.Change{Game: g, Ply: p, Kind: feed.Moved} }
	resync := feed.Change{Game: 1, Kind: feed.Resync}
	want := []feed.Change{moved(1, 1), moved(1, 2), moved(1, 3), moved(1, 4), resync}
	if got := drain(slow); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the slow subscriber received\n%v\nwant\n%v", got, want)
	}
	var others []feed.Change
	for p := 1; p <= 4; p++ {
		others = append(others, moved(2, p))
	}
	if got := drain(other); fmt.Sprint(got) != fmt.Sprint(others) {
		t.Errorf("the other subscriber received\n%v\nwant\n%v", got, others)
	}

	// Read part of a full buffer: the changes that fit come after the
	// Resync, and when the buffer is full again, a second Resync covers
	// those that do not.
	for p := 10001; p <= 10010; p++ {
		bus.Publish(moved(1, p))
	}
	if c := receive(t, slow); c != moved(1, 10001) {
		t.Fatalf("received %v, want %v", c, moved(1, 10001))
	}
	if c := receive(t, slow); c != moved(1, 10002) {
		t.Fatalf("received %v, want %v", c, moved(1, 10002))
	}
	for p := 10011; p <= 10013; p++ {
		bus.Publish(moved(1, p))
	}
	want = []feed.Change{moved(1, 10003), moved(1, 10004), resync, moved(1, 10011), resync}
	if got := drain(slow); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the slow subscriber received\n%v\nwant\n%v", got, want)
	}
	// Caught up: nothing missed, no Resync.
	bus.Publish(moved(1, 10014))
	if got := drain(slow); fmt.Sprint(got) != fmt.Sprint([]feed.Change{moved(1, 10014)}) {
		t.Errorf("the caught-up subscriber received %v", got)
	}
}

// TestBusResyncCoalesced publishes many Resyncs for everyone, as a
// Listener does after each reconnection, to a subscriber that does not
// read: it holds them up to its buffer and misses no change without a
// Resync after it.
func TestBusResyncCoalesced(t *testing.T) {
	bus := feed.NewBus(3)
	s := bus.Subscribe(feed.Filter{})
	defer s.Close()
	bus.Publish(feed.Change{Game: 5, Ply: 1, Kind: feed.Moved})
	for range 100 {
		bus.Publish(feed.Change{Kind: feed.Resync})
		bus.Publish(feed.Change{Game: 5, Ply: 2, Kind: feed.Moved})
	}
	got := drain(s)
	if len(got) != 4 || got[3].Kind != feed.Resync {
		t.Fatalf("received %v, want 3 changes and a Resync", got)
	}
}

// TestBusClose closes subscriptions while changes are published: C is
// closed, nothing more is sent, the others go on receiving, and Close may
// be called twice.
func TestBusClose(t *testing.T) {
	bus := feed.NewBus(10)
	keep := bus.Subscribe(feed.Filter{Game: 1})
	defer keep.Close()
	var publishers sync.WaitGroup
	stop := make(chan struct{})
	for g := int64(1); g <= 2; g++ {
		publishers.Go(func() {
			for p := 1; ; p++ {
				select {
				case <-stop:
					return
				default:
				}
				bus.Publish(feed.Change{Game: g, Ply: p, Kind: feed.Moved})
				bus.Publish(feed.Change{Game: g, Tournament: 3, Ply: p, Kind: feed.Offered})
			}
		})
	}
	var subscribers sync.WaitGroup
	for i := range 50 {
		subscribers.Go(func() {
			s := bus.Subscribe([]feed.Filter{{}, {Game: 2}, {Tournament: 3}}[i%3])
			for range 3 {
				receive(t, s)
			}
			s.Close()
			for range s.C { // what was in the buffer, then the end
			}
			s.Close()
		})
	}
	subscribers.Wait()
	close(stop)
	publishers.Wait()
	if c := receive(t, keep); c.Game != 1 {
		t.Errorf("the subscription kept received %v", c)
	}
}

// BenchmarkPublish publishes moves of 100 games, with 10 subscribers each
// (1,000 in all): read by a goroutine each, and not read at all (every
// change dropped).
func BenchmarkPublish(b *testing.B) {
	const games, perGame = 100, 10
	for _, read := range []bool{true, false} {
		name := map[bool]string{true: "reading", false: "stalled"}[read]
		b.Run(name, func(b *testing.B) {
			bus := feed.NewBus(0)
			var readers sync.WaitGroup
			for g := int64(1); g <= games; g++ {
				for range perGame {
					s := bus.Subscribe(feed.Filter{Game: g})
					defer s.Close()
					if read {
						readers.Go(func() {
							for range s.C {
							}
						})
					}
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			p := 0
			for b.Loop() {
				p++
				bus.Publish(feed.Change{Game: int64(p%games) + 1, Ply: p, Kind: feed.Moved})
			}
			b.StopTimer()
		})
	}
}
