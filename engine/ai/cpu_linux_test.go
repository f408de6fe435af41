package ai

import "syscall"

// threadCPU returns the CPU time the calling thread has used, in
// nanoseconds: on a machine that others load, the time a search costs,
// which its wall time is not.
func threadCPU() int64 {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime)
}
