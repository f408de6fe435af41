package think

import "syscall"

// lowerPriority lowers the calling OS thread's scheduling priority to
// aiNice. On Linux the nice value is the thread's own (setpriority(2),
// "BUGS"), so the rest of the process keeps its priority.
func lowerPriority() error {
	return syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), aiNice)
}

// threadNice returns the calling OS thread's nice value.
func threadNice() (int, error) {
	// The kernel returns 20 - nice, so that it is never negative.
	p, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	return 20 - p, err
}
