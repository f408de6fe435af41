//go:build race

package puzzle_test

// raceEnabled says the tests run under the race detector.
const raceEnabled = true
