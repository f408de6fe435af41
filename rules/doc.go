// Package rules holds the rules of play that are not a game's own: Elo and
// its K factors, the live clock's arithmetic and limits, the time to move
// and its reminder, the takeback rules, the limit of games at once and
// the rules for creating a game. They are pure functions, which the game
// service (package table) and the store (which writes their results in the
// same transaction as the move) both use.
package rules
