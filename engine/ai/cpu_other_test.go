//go:build !linux

package ai

// threadCPU returns 0 where the thread's CPU time is not measured (see the
// Linux version).
func threadCPU() int64 { return 0 }
