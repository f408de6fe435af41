package keylock

import (
	"sync"
	"testing"
)

// TestLocks checks that a key's lock is held by one at a time, that other
// keys are not held up by it, and that a key's lock is forgotten once
// nobody holds it or waits for it.
func TestLocks(t *testing.T) {
	var l Locks
	var wg sync.WaitGroup
	var counts [4]int // each element guarded by its key's lock alone
	var mu sync.Mutex
	inside := map[int64]int{}
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := int64(i % 4)
			unlock := l.Lock(id)
			mu.Lock()
			inside[id]++
			if inside[id] > 1 {
				t.Errorf("key %d held by %d at once", id, inside[id])
			}
			mu.Unlock()
			counts[id]++
			mu.Lock()
			inside[id]--
			mu.Unlock()
			unlock()
		}()
	}
	wg.Wait()
	for id, n := range counts {
		if n != 50 {
			t.Errorf("key %d: %d increments, want 50", id, n)
		}
	}
	// Another key is free while one is held.
	unlock := l.Lock(1)
	l.Lock(2)()
	unlock()
	if n := len(l.locks); n != 0 {
		t.Errorf("%d locks kept after every one was released, want 0", n)
	}
}
