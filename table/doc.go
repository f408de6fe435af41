// Package table is zugbot's game service, free of Discord. It starts
// games, against a person or the AI; plays the players' moves and the AI's
// replies; handles draw and takeback offers, resignations, aborts and
// time-outs; makes, accepts, declines, withdraws and expires challenges,
// and rematches; runs tournaments from the sign-up through their rounds to
// the standings, with their administration (start, pause, resume, cancel,
// by their creator or a manager of the server: Director); gives hints
// while learning and the analyses of finished games. Each call says what
// happened (an Update and its Event, a Hint, an analysis), so that an
// adapter over it (the Discord bot, package bot, and the terminal game,
// zugbot play) only has to show it.
//
// Every call that changes a game holds that game's lock for its duration
// and records the change in one store transaction; the store's ply check
// refuses a stale action. A refusal meant for the player is a *Refusal:
// nothing was changed, its text can be shown as it is, and its Reason
// (TooManyGames, NotYours, ChallengeClosed, …) lets an adapter tell
// refusals apart without reading their text.
//
// The AI thinks on a fixed number of workers shared by the replies, the
// hints and the analyses; the doc of aiPool (pool.go) says how they share
// their time, so that a reply comes within its level's budget.
package table
