// Package bot is zugbot's Discord adapter over the game service, package
// table: slash commands, buttons, select menus and modals become calls to
// the table (moves, challenges, offers, tournaments, hints, analyses) or
// queries of the store, and what comes back becomes messages, with boards
// drawn by package render; a table.Refusal is shown privately to the one
// who asked. The bot also runs the timers the store keeps (deadlines,
// reminders, expiries, tournaments' rounds, overdue AI replies) and edits
// the board messages as games change. It talks to Discord through
// discordgo.
package bot
