package think

import (
	"context"
	"runtime"
	"sync"
)

// laneNice is the nice value of a Lane's threads: below the bot's
// handlers (0), above the AI (aiNice).
const laneNice = 5

// Lane runs work that people read but that no game waits for (the web's
// pages of finished games, its leaderboards and pictures) on a few OS
// threads of lowered priority, laneNice: whenever several want a core,
// the kernel runs the bot's handlers first, then the lane, then the AI.
// Its threads start with its first work and end with its context. Make
// one with NewLane; it is safe for concurrent use.
type Lane struct {
	ctx   context.Context
	n     int
	start sync.Once
	jobs  chan func()
}

// NewLane returns a lane of n threads (1 at least) that ends with ctx.
func NewLane(ctx context.Context, n int) *Lane {
	return &Lane{ctx: ctx, n: max(n, 1), jobs: make(chan func())}
}

// Do runs f on one of the lane's threads and returns once it has; a
// panic in f is raised again in the caller. It returns ctx's error, or the
// lane's, without running f if either ends before a thread is free.
func (l *Lane) Do(ctx context.Context, f func()) error {
	if err := l.ctx.Err(); err != nil {
		return err
	}
	l.start.Do(func() {
		for range l.n {
			go l.serve()
		}
	})
	done := make(chan any, 1)
	job := func() {
		defer func() { done <- recover() }()
		f()
	}
	select {
	case l.jobs <- job:
	case <-ctx.Done():
		return ctx.Err()
	case <-l.ctx.Done():
		return l.ctx.Err()
	}
	if p := <-done; p != nil {
		panic(p)
	}
	return nil
}

// serve runs the lane's work on an OS thread of its own, at laneNice,
// until the lane ends.
func (l *Lane) serve() {
	runtime.LockOSThread()  // never unlocked: the thread ends with the goroutine
	lowerPriority(laneNice) // where it fails, the work runs at the process's priority
	for {
		select {
		case f := <-l.jobs:
			f()
		case <-l.ctx.Done():
			return
		}
	}
}
