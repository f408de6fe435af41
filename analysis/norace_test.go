//go:build !race

package analysis

// raceDetector is true when the race detector is on.
const raceDetector = false
