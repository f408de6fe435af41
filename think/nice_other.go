//go:build !linux

package think

import "errors"

// lowerPriority would lower the calling thread's priority: only Linux
// gives a thread a priority of its own, so elsewhere the AI thinks at the
// process's priority.
func lowerPriority() error { return errors.New("no thread priority on this system") }

// threadNice returns 0: the thread's priority is the process's.
func threadNice() (int, error) { return 0, nil }
