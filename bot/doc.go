// Package bot is zugbot on Discord: slash commands, buttons, select menus
// and modals become moves, challenges and queries, checked by the game
// engines, answered with boards drawn by package render, and kept in the
// store. It talks to Discord through discordgo.
package bot
