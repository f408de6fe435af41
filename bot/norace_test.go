//go:build !race

package bot_test

// raceFactor stretches the fake Discord's interaction deadline; without the
// race detector the bot gets Discord's own.
const raceFactor = 1
