// Package keylock provides a lock per key: Locks.
package keylock

import "sync"

// Locks are a lock per int64 key (a game's, a tournament's, a board
// message's): the zero value is ready for use, and a key's lock exists
// only while it is held or waited for. The game service serialises the
// work on each game with them, so that two clicks at once are handled one
// after the other; the store's ply check then refuses the second. (The
// store alone would already keep the data right; the lock keeps the
// second click from rendering a board first.)
type Locks struct {
	mu    sync.Mutex
	locks map[int64]*keyLock
}

type keyLock struct {
	mu    sync.Mutex
	users int
}

// Lock locks id and returns its unlock function.
func (g *Locks) Lock(id int64) func() {
	g.mu.Lock()
	if g.locks == nil {
		g.locks = map[int64]*keyLock{}
	}
	l := g.locks[id]
	if l == nil {
		l = &keyLock{}
		g.locks[id] = l
	}
	l.users++
	g.mu.Unlock()
	l.mu.Lock()
	return func() {
		l.mu.Unlock()
		g.mu.Lock()
		if l.users--; l.users == 0 {
			delete(g.locks, id)
		}
		g.mu.Unlock()
	}
}
