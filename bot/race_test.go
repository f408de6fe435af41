//go:build race

package bot_test

// raceFactor stretches the fake Discord's interaction deadline: the race
// detector slows the bot several times over, and on a loaded machine a
// handler that renders a board before its first response would miss
// Discord's 3 s although it answers in time without the detector.
const raceFactor = 5
