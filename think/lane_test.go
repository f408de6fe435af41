package think

import (
	"context"
	"runtime"
	"testing"
)

// TestLane: a lane's work runs below the caller's priority and above the
// AI's, a panic in it reaches the caller (as it would in a handler), and a
// lane that has ended runs nothing.
func TestLane(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only Linux gives a thread a priority of its own")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	mine, err := threadNice()
	if err != nil {
		t.Fatal(err)
	}
	if mine >= laneNice {
		t.Skipf("the test runs at nice %d already", mine)
	}
	ctx, cancel := context.WithCancel(context.Background())
	l := NewLane(ctx, 2)
	var nice int
	if err := l.Do(context.Background(), func() { nice, _ = threadNice() }); err != nil {
		t.Fatal(err)
	}
	if nice != laneNice || nice <= mine || nice >= aiNice {
		t.Errorf("the lane's work ran at nice %d; want %d, between the handlers' %d and the AI's %d", nice, laneNice, mine, aiNice)
	}
	if after, _ := threadNice(); after != mine {
		t.Errorf("the caller's thread went from nice %d to %d", mine, after)
	}
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("a panic in the lane's work reached the caller as %v; want boom", r)
			}
		}()
		_ = l.Do(context.Background(), func() { panic("boom") })
	}()
	cancel()
	ran := false
	if err := l.Do(context.Background(), func() { ran = true }); err == nil || ran {
		t.Errorf("after the lane ended: ran %v, err %v; want nothing run and an error", ran, err)
	}
}
