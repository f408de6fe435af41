package feed

import (
	"slices"
	"sync"
)

// DefaultBuffer is the changes a subscription holds when NewBus is given
// no size: a subscriber that is more than that many changes behind gets a
// Resync instead of the rest.
const DefaultBuffer = 32

// Bus fans changes out to the subscribers of this process. It is safe for
// concurrent use. Publish never waits for a subscriber: each subscription
// has a buffer of its own, and one that is full misses the changes that
// do not fit and gets one Resync in their place, after those it holds.
// Memory is therefore bounded by the subscriptions times their buffers,
// and a slow subscriber slows no one else.
//
// Subscriptions are indexed by game and by tournament, so that Publish
// costs in proportion to the subscribers of the change's game and
// tournament (and those of everything), not to all of them.
//
// Publish, Subscribe and Close take one lock, so every subscriber receives
// the changes in one order, the order of the Publish calls: changes
// published one after the other (the game service publishes under its
// game's lock) are received in that order by each subscriber.
type Bus struct {
	buffer int

	mu    sync.Mutex
	all   []*Subscription           // the subscriptions to everything
	games map[int64][]*Subscription // by game
	tours map[int64][]*Subscription // by tournament
}

// NewBus returns a bus whose subscriptions hold up to buffer changes each;
// DefaultBuffer if buffer is less than 1.
func NewBus(buffer int) *Bus {
	if buffer < 1 {
		buffer = DefaultBuffer
	}
	return &Bus{buffer: buffer, games: map[int64][]*Subscription{}, tours: map[int64][]*Subscription{}}
}

// Filter says which changes a subscription receives. The zero Filter
// receives all of them.
type Filter struct {
	// Game, if not 0, receives the changes of that game only.
	Game int64
	// Tournament, if not 0 and Game is 0, receives the changes of that
	// tournament: its own (Round) and its games' (those that name it).
	Tournament int64
}

// Subscription receives the changes that its filter selects, on C, and
// also every Resync meant for everyone (a Listener's, after it connects).
type Subscription struct {
	// C delivers the changes, in order. It is closed by Close.
	C <-chan Change

	ch     chan Change // C; its capacity is the bus's buffer and one for a Resync
	bus    *Bus
	filter Filter
	// resynced is whether the last change sent on ch was a Resync; it and
	// closed are guarded by bus.mu.
	resynced bool
	closed   bool
}

// Subscribe returns a subscription to the changes f selects. Its owner
// must call Close when done with it.
func (b *Bus) Subscribe(f Filter) *Subscription {
	if f.Game != 0 {
		f.Tournament = 0
	}
	ch := make(chan Change, b.buffer+1)
	s := &Subscription{C: ch, ch: ch, bus: b, filter: f}
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case f.Game != 0:
		b.games[f.Game] = append(b.games[f.Game], s)
	case f.Tournament != 0:
		b.tours[f.Tournament] = append(b.tours[f.Tournament], s)
	default:
		b.all = append(b.all, s)
	}
	return s
}

// Close ends the subscription: no change is sent to it after, and C is
// closed (the changes in it can still be received). It may be called more
// than once, and at the same time as Publish.
func (s *Subscription) Close() {
	b := s.bus
	b.mu.Lock()
	defer b.mu.Unlock()
	if s.closed {
		return
	}
	s.closed = true
	switch f := s.filter; {
	case f.Game != 0:
		b.games[f.Game] = remove(b.games, f.Game, s)
	case f.Tournament != 0:
		b.tours[f.Tournament] = remove(b.tours, f.Tournament, s)
	default:
		b.all = slices.DeleteFunc(b.all, func(x *Subscription) bool { return x == s })
	}
	close(s.ch)
}

// remove takes s out of m's list for id, and the list out of m once
// empty; it returns what m[id] must be set to (nil deletes it below).
func remove(m map[int64][]*Subscription, id int64, s *Subscription) []*Subscription {
	l := slices.DeleteFunc(m[id], func(x *Subscription) bool { return x == s })
	if len(l) == 0 {
		delete(m, id)
		return nil
	}
	return l
}

// Publish sends c to the subscriptions that select it: those to
// everything, to c's game and to c's tournament; a Resync with neither a
// game nor a tournament goes to every subscription. It never waits: a
// subscription whose buffer is full misses c and gets a Resync. Publish
// does not check c.
func (b *Bus) Publish(c Change) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, s := range b.all {
		s.send(c, b.buffer)
	}
	if c.Kind == Resync && c.Game == 0 && c.Tournament == 0 {
		for _, l := range b.games {
			for _, s := range l {
				s.send(c, b.buffer)
			}
		}
		for _, l := range b.tours {
			for _, s := range l {
				s.send(c, b.buffer)
			}
		}
		return
	}
	if c.Game != 0 {
		for _, s := range b.games[c.Game] {
			s.send(c, b.buffer)
		}
	}
	if c.Tournament != 0 {
		for _, s := range b.tours[c.Tournament] {
			s.send(c, b.buffer)
		}
	}
}

// send puts c in s's buffer, which holds up to buffer changes and one
// Resync more (the capacity of s.ch). When the buffer is full, c is
// dropped and a Resync is queued in its place unless the last change
// queued is a Resync already: that one has not been received yet (were it
// received, the buffer would be empty, as nothing was queued after it),
// so it comes after c's drop and covers it. So a subscriber receives, in
// order, the changes its buffer held, one Resync, then changes published
// once it has made room. Called with s.bus.mu held; s.ch never blocks, as
// only send sends on it and it sends only when there is room.
func (s *Subscription) send(c Change, buffer int) {
	if len(s.ch) < buffer {
		s.ch <- c
		s.resynced = c.Kind == Resync
		return
	}
	if !s.resynced {
		s.ch <- Change{Kind: Resync, Game: s.filter.Game, Tournament: s.filter.Tournament}
		s.resynced = true
	}
}
