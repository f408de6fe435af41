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
// The AI's replies are the service's own: a move, an answer, a takeback or
// a start that leaves the AI to move starts its reply on the table's
// runner (runner.go), one per game at a time, with its retries, and on a
// zugbot worker process when one runs (RunWorker); RunTimers, at its start
// and through the Reply timer, takes over what a dead process left. An
// adapter never asks for a reply: it awaits one in the call that caused
// it (PlayOptions.AwaitReply), or shows it when it comes on the feed, and
// Awaited tells the two apart by the reply's cause. Close stops the
// runner; whoever makes a Table closes it, after the adapters that use it.
//
// The AI thinks on a fixed number of workers shared by the replies, the
// hints and the analyses: the Config's Thinker, a think.Pool, whose doc
// says how they share their time, so that a reply comes within its
// level's budget.
package table
