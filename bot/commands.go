package bot

import (
	"time"

	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/rules"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// command is one slash command: its definition, the handler that answers
// it and its line in /help. The list of commands (commandList) is the one
// place a command is declared: the registration, the dispatch and /help
// are derived from it.
type command struct {
	def *discordgo.ApplicationCommand
	run func(*request) error
	// section and help are the command's place and words in /help: "play"
	// or "look up", and what it does after its usage.
	section, help string
	// private says the command always answers the user alone, so that an
	// answer deferred for being late is deferred privately (see late.go).
	private bool
}

// The sections of /help, in order.
var helpSections = []string{"Play", "Learn", "Look up"}

// usage is how /help writes a command: its name, required options bare
// and optional ones in brackets.
func (c *command) usage() string {
	words := []string{"/" + c.def.Name}
	for _, o := range c.def.Options {
		if o.Type == discordgo.ApplicationCommandOptionSubCommand {
			continue
		}
		if o.Required {
			words = append(words, o.Name)
		} else {
			words = append(words, "["+o.Name+"]")
		}
	}
	return strings.Join(words, " ")
}

// commandList returns zugbot's slash commands, offering the variants of
// menu as game choices, in its order.
func commandList(menu []*engine.Variant) []command {
	var games []*discordgo.ApplicationCommandOptionChoice
	for _, v := range menu {
		games = append(games, &discordgo.ApplicationCommandOptionChoice{Name: v.Name, Value: v.ID})
	}
	one := 1.0
	game := func(desc string, required bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: desc,
			Required: required, Choices: games,
		}
	}
	gameRef := func(desc string, required bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionInteger, Name: "game", Description: desc,
			Required: required, Autocomplete: true, MinValue: &one,
		}
	}
	user := func(name, desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: name, Description: desc}
	}
	color := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "color",
		Description: "Move first or second (default: random)",
		Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "first", Value: "first"}, {Name: "second", Value: "second"}, {Name: "random", Value: "random"},
		},
	}
	var presets []string
	for _, c := range table.LiveClocks() {
		presets = append(presets, c.String())
	}
	clockOpt := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "clock", MaxLength: 20,
		Description: fmt.Sprintf("A live game on a clock: minutes+seconds added per move, e.g. %s (default: none)", strings.Join(presets, ", ")),
	}
	var levels []string
	for l := ai.MinLevel; l <= ai.MaxLevel; l++ {
		levels = append(levels, fmt.Sprintf("%d %s", l, ai.LevelName(l)))
	}
	minLevel := float64(ai.MinLevel)
	var days []*discordgo.ApplicationCommandOptionChoice
	for _, d := range rules.DaysPerMove() {
		days = append(days, &discordgo.ApplicationCommandOptionChoice{Name: plural(d, "day"), Value: d})
	}
	guildOnly := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	guildAndDM := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	manageServer := int64(discordgo.PermissionManageGuild)
	drawHelp := "offer a draw"
	var counted []string
	for _, v := range menu {
		if v.Agreement == engine.AgreedCount && !slices.Contains(counted, v.Game) {
			counted = append(counted, v.Game)
			drawHelp += fmt.Sprintf(" (in %s: end the game by %s)", v.Game, v.Counting)
		}
	}

	return []command{
		{
			def: &discordgo.ApplicationCommand{
				Name: "play", Description: "Play a casual game against zugbot's AI", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{
					game("The game to play", true),
					{
						Type: discordgo.ApplicationCommandOptionInteger, Name: "level",
						Description: fmt.Sprintf("%s (default %d)", strings.Join(levels, ", "), table.DefaultLevel),
						MinValue:    &minLevel, MaxValue: ai.MaxLevel,
					},
					color,
					clockOpt,
				},
			},
			run: (*request).play, section: "Play",
			help: fmt.Sprintf("a casual game against zugbot (levels %s to %s)", levels[0], levels[len(levels)-1]),
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "challenge", Description: "Challenge someone to a game, or anyone in this channel", Contexts: guildOnly,
				Options: []*discordgo.ApplicationCommandOption{
					game("The game to play", true),
					user("opponent", "Who to challenge (default: open to anyone here)"),
					{Type: discordgo.ApplicationCommandOptionBoolean, Name: "rated", Description: "Whether the game counts for ratings (default: yes)"},
					color,
					{
						Type: discordgo.ApplicationCommandOptionInteger, Name: "days",
						Description: fmt.Sprintf("Days per move (default %d)", table.DefaultDays), Choices: days,
					},
					clockOpt,
				},
			},
			run: (*request).challenge, section: "Play", help: "challenge someone, or anyone here",
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "move", Description: "Play a move in one of your games", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{
					{
						Type: discordgo.ApplicationCommandOptionString, Name: "move", Description: "The move, in the game's notation",
						Required: true, Autocomplete: true, // no max_length: zugbot says itself what is too long
					},
					gameRef("The game (needed when you have several here)", false),
				},
			},
			run: (*request).moveCommand, section: "Play", private: true,
			help: `play a move (the board's menus and "Type a move" button work too)`,
		},
		{
			def: &discordgo.ApplicationCommand{Name: "board", Description: "Show a game's board with its controls, or its live board in your browser", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{
					gameRef("The game (default: your game here)", false),
					{Type: discordgo.ApplicationCommandOptionBoolean, Name: "live", Description: "A private link to the live board instead: play (or watch) in your browser"},
				}},
			run: (*request).boardCommand, section: "Play",
			help: "show a board with its controls; with `live`, a private link to play it in your browser (anyone else may watch)",
		},
		{
			def: &discordgo.ApplicationCommand{Name: "resign", Description: "Resign a game", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{gameRef("The game (default: your game here)", false)}},
			run: (*request).resignCommand, section: "Play", help: "resign, after a confirmation",
		},
		{
			def: &discordgo.ApplicationCommand{Name: "draw", Description: "Offer a draw (or your game's agreed ending)", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{gameRef("The game (default: your game here)", false)}},
			run: (*request).drawCommand, section: "Play", help: drawHelp,
		},
		{
			def: &discordgo.ApplicationCommand{Name: "takeback", Description: "Ask to take back your last move (casual and AI games)", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{gameRef("The game (default: your game here)", false)}},
			run: (*request).takebackCommand, section: "Play", help: "take back your last move (casual games and games against zugbot)",
		},
		{
			def: &discordgo.ApplicationCommand{Name: "hint", Description: "The AI's suggestion for your move (casual games against zugbot)", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{gameRef("The game (default: your game here)", false)}},
			run: (*request).hintCommand, section: "Play",
			help: fmt.Sprintf("zugbot suggests your move, privately (casual games against zugbot, %d a game)", table.MaxHints),
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "tournament", Description: "A tournament in this channel: Swiss or round robin, with standings", Contexts: guildOnly,
				Options: tournamentOptions(game("The game to play", true), days, &one),
			},
			run: (*request).tournamentCommand, section: "Play",
			help: "a tournament here: `create` it, players `join` with a button, its creator `start`s it; rounds, boards and standings come in its thread (also `leave`, `pause`, `resume`, `cancel`, `standings`)",
		},
		{
			def: &discordgo.ApplicationCommand{Name: "games", Description: "List active games", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{user("user", "Whose games (default: yours)")}},
			run: (*request).gamesCommand, section: "Look up", help: "games going",
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "leaderboard", Description: "The best rated players of a game", Contexts: guildOnly,
				Options: []*discordgo.ApplicationCommandOption{
					game("The game", true),
					{
						Type: discordgo.ApplicationCommandOptionString, Name: "scope", Description: "This server or everyone (default: this server)",
						Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "server", Value: "server"}, {Name: "global", Value: "global"}},
					},
					{
						Type: discordgo.ApplicationCommandOptionString, Name: "speed", Description: "Correspondence or live games' ratings (default: correspondence)",
						Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "correspondence", Value: "correspondence"}, {Name: "live", Value: "live"}},
					},
				},
			},
			run: (*request).leaderboardCommand, section: "Look up", help: "the best rated players here or everywhere",
		},
		{
			def: &discordgo.ApplicationCommand{Name: "profile", Description: "Ratings and record of a player", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{user("user", "Whose profile (default: yours)")}},
			run: (*request).profileCommand, section: "Look up", help: "ratings and record",
		},
		{
			def: &discordgo.ApplicationCommand{Name: "history", Description: "Finished games of a player", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{user("user", "Whose games (default: yours)"), game("Only this game", false)}},
			run: (*request).historyCommand, section: "Look up", help: "finished games",
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "export", Description: "A game's moves as text and its replay as a GIF", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionInteger, Name: "game", Description: "The game number", Required: true, MinValue: &one},
				},
			},
			run: (*request).exportCommand, section: "Look up", help: "a game's moves and replay",
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "analyse", Description: "zugbot's analysis of a finished game: who was winning, the mistakes, the better moves", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionInteger, Name: "game", Description: "The game number (default: your last finished game here)", MinValue: &one},
				},
			},
			run: (*request).analyseCommand, section: "Look up",
			help: "a finished game's analysis: a graph of who was winning, each player's mistakes and the better moves (players of the game)",
		},
		{
			def: &discordgo.ApplicationCommand{Name: "rules", Description: "How a game is played", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{game("The game", true)}},
			run: (*request).rulesCommand, section: "Look up", help: "how a game is played",
		},
		{
			def: &discordgo.ApplicationCommand{Name: "puzzle", Description: "A puzzle from real games: find the one winning move", Contexts: guildAndDM,
				Options: []*discordgo.ApplicationCommandOption{game("The game", true)}},
			run: (*request).puzzleCommand, section: "Learn", private: true, help: "a puzzle on a private board: find the winning move; your puzzle rating moves with each first try",
		},
		{
			def: &discordgo.ApplicationCommand{Name: "help", Description: "What zugbot does and how to use it", Contexts: guildAndDM},
			run: (*request).helpCommand,
		},
		{
			def: &discordgo.ApplicationCommand{
				Name: "admin", Description: "Server moderation of zugbot: abort a game; the daily puzzle", Contexts: guildOnly,
				DefaultMemberPermissions: &manageServer,
				Options: []*discordgo.ApplicationCommandOption{
					{
						Type: discordgo.ApplicationCommandOptionSubCommand, Name: "abort", Description: "Abort a game (unrated; recorded with your name)",
						Options: []*discordgo.ApplicationCommandOption{
							{Type: discordgo.ApplicationCommandOptionInteger, Name: "game", Description: "The game number", Required: true, MinValue: &one},
						},
					},
					{
						Type: discordgo.ApplicationCommandOptionSubCommand, Name: "daily-puzzle",
						Description: fmt.Sprintf("Post a puzzle in a channel every day at %02d:00 UTC; members solve it privately", table.DailyHour),
						Options: []*discordgo.ApplicationCommandOption{
							{
								Type: discordgo.ApplicationCommandOptionChannel, Name: "channel", Description: "Where to post it", Required: true,
								ChannelTypes: []discordgo.ChannelType{discordgo.ChannelTypeGuildText, discordgo.ChannelTypeGuildNews},
							},
							game("Only this game's puzzles (default: every game in turn)", false),
						},
					},
					{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "daily-puzzle-off", Description: "Stop posting the daily puzzle"},
				},
			},
			run: (*request).adminCommand,
		},
	}
}

// tournamentOptions returns the subcommands of /tournament: create, with
// the game, format, rounds, time control, rating and start; the others
// name the tournament (by default the channel's latest).
func tournamentOptions(game *discordgo.ApplicationCommandOption, days []*discordgo.ApplicationCommandOptionChoice, one *float64) []*discordgo.ApplicationCommandOption {
	maxRounds, maxStart := float64(store.MaxTournamentRounds), float64(table.MaxStartDelay/time.Minute)
	create := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: "create", Description: "Create a tournament here; players join with its button",
		Options: []*discordgo.ApplicationCommandOption{
			game,
			{
				Type: discordgo.ApplicationCommandOptionString, Name: "format", Description: "Swiss (rounds of players on equal scores) or round robin (everyone meets everyone)",
				Required: true, Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "swiss", Value: string(store.Swiss)}, {Name: "round robin", Value: string(store.RoundRobin)},
				},
			},
			{
				Type: discordgo.ApplicationCommandOptionInteger, Name: "rounds", MinValue: one, MaxValue: maxRounds,
				Description: fmt.Sprintf("Swiss: the number of rounds (default %d)", table.DefaultSwissRounds),
			},
			{
				Type: discordgo.ApplicationCommandOptionString, Name: "clock", MaxLength: 20,
				Description: fmt.Sprintf("Live clock, minutes+seconds per move (default %s)", table.DefaultTournamentClock()),
			},
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "days", Description: "Days per move instead of a live clock", Choices: days},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "rated", Description: "Whether its games count for ratings (default: yes)"},
			{
				Type: discordgo.ApplicationCommandOptionInteger, Name: "start", MinValue: one, MaxValue: maxStart,
				Description: "Start by itself in this many minutes (default: when its creator presses Start)",
			},
		},
	}
	opts := []*discordgo.ApplicationCommandOption{create}
	for _, sub := range []struct{ name, desc string }{
		{"join", "Join a tournament before it starts"},
		{"leave", "Leave a tournament (after the start, your remaining games are forfeits)"},
		{"start", "Start a tournament (its creator or a moderator)"},
		{"pause", "Pause a tournament after its round (its creator or a moderator)"},
		{"resume", "Resume a paused tournament (its creator or a moderator)"},
		{"cancel", "Cancel a tournament (its creator or a moderator)"},
		{"standings", "A tournament's standings"},
	} {
		opts = append(opts, &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: sub.name, Description: sub.desc,
			Options: []*discordgo.ApplicationCommandOption{{
				Type: discordgo.ApplicationCommandOptionInteger, Name: "tournament", MinValue: one,
				Description: "The tournament's number (default: this channel's latest)",
			}},
		})
	}
	return opts
}

// Commands returns the slash commands the bot registers, offering the
// variants of menu as game choices, in its order.
func Commands(menu []*engine.Variant) []*discordgo.ApplicationCommand {
	var defs []*discordgo.ApplicationCommand
	for _, c := range commandList(menu) {
		defs = append(defs, c.def)
	}
	return defs
}

// helpText returns the text of /help for a bot offering the games of menu:
// the games, then each section's commands with their usage and help.
func helpText(menu []*engine.Variant) string {
	var names []string
	for _, v := range menu {
		if !slices.Contains(names, v.Game) {
			names = append(names, v.Game)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**zugbot** plays abstract strategy games nobody else offers: %s.\n", andList(names))
	cmds := commandList(menu)
	var guildOnly []string
	for _, section := range helpSections {
		fmt.Fprintf(&b, "**%s**\n", section)
		for _, c := range cmds {
			if c.section == section {
				fmt.Fprintf(&b, "%s — %s\n", c.usage(), c.help)
			}
		}
	}
	for _, c := range cmds {
		if !slices.Contains(*c.def.Contexts, discordgo.InteractionContextBotDM) {
			guildOnly = append(guildOnly, "/"+c.def.Name)
		}
	}
	fmt.Fprintf(&b, "In a DM with zugbot, everything but %s works too.\n", andList(guildOnly))
	fmt.Fprintf(&b, "Ratings are Elo per game, provisional (marked ?) for the first %d rated games.", rules.ProvisionalGames)
	return b.String()
}

// andList joins words as a list in prose: "a, b and c".
func andList(words []string) string { return list(words, "and") }

func list(words []string, conj string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}

// plural writes n and a noun: "1 day", "3 days", "2 plies".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if stem, ok := strings.CutSuffix(noun, "y"); ok && stem != "" && !strings.ContainsAny(stem[len(stem)-1:], "aeiou") {
		return fmt.Sprintf("%d %sies", n, stem)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
