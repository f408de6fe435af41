//go:build race

package analysis

// raceDetector is true when the race detector is on: it slows the search
// tenfold, and the long tests then play fewer plies (the analysis runs on
// one goroutine, so they would find nothing more).
const raceDetector = true
