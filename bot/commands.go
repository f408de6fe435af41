package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/engine"
)

// Commands returns the slash commands the bot registers, offering the
// variants of menu as game choices, in its order.
func Commands(menu []*engine.Variant) []*discordgo.ApplicationCommand {
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
	minLevel := 1.0
	guildOnly := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	guildAndDM := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	manageServer := int64(discordgo.PermissionManageGuild)

	cmds := []*discordgo.ApplicationCommand{
		{
			Name: "play", Description: "Play a casual game against zugbot's AI", Contexts: guildAndDM,
			Options: []*discordgo.ApplicationCommandOption{
				game("The game to play", true),
				{
					Type: discordgo.ApplicationCommandOptionInteger, Name: "level",
					Description: "1 beginner, 2 casual, 3 club, 4 expert, 5 master (default 2)",
					MinValue:    &minLevel, MaxValue: 5,
				},
				color,
			},
		},
		{
			Name: "challenge", Description: "Challenge someone to a game, or anyone in this channel", Contexts: guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				game("The game to play", true),
				user("opponent", "Who to challenge (default: open to anyone here)"),
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "rated", Description: "Whether the game counts for ratings (default: yes)"},
				color,
				{
					Type: discordgo.ApplicationCommandOptionInteger, Name: "days", Description: "Days per move (default 3)",
					Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "1 day", Value: 1}, {Name: "3 days", Value: 3}, {Name: "7 days", Value: 7}},
				},
			},
		},
		{
			Name: "move", Description: "Play a move in one of your games", Contexts: guildAndDM,
			Options: []*discordgo.ApplicationCommandOption{
				{
					Type: discordgo.ApplicationCommandOptionString, Name: "move", Description: "The move, in the game's notation",
					Required: true, Autocomplete: true, // no max_length: zugbot says itself what is too long
				},
				gameRef("The game (needed when you have several here)", false),
			},
		},
		{Name: "board", Description: "Show a game's board with its controls", Contexts: guildAndDM,
			Options: []*discordgo.ApplicationCommandOption{gameRef("The game (default: your game here)", false)}},
		{Name: "resign", Description: "Resign a game", Contexts: guildAndDM,
			Options: []*discordgo.ApplicationCommandOption{gameRef("The game (default: your game here)", false)}},
		{Name: "draw", Description: "Offer a draw (or your game's agreed ending)", Contexts: guildAndDM,
			Options: []*discordgo.ApplicationCommandOption{gameRef("The game (default: your game here)", false)}},
		{Name: "takeback", Description: "Ask to take back your last move (casual and AI games)", Contexts: guildAndDM,
			Options: []*discordgo.ApplicationCommandOption{gameRef("The game (default: your game here)", false)}},
		{Name: "games", Description: "List active games", Contexts: guildAndDM,
			Options: []*discordgo.ApplicationCommandOption{user("user", "Whose games (default: yours)")}},
		{
			Name: "leaderboard", Description: "The best rated players of a game", Contexts: guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				game("The game", true),
				{
					Type: discordgo.ApplicationCommandOptionString, Name: "scope", Description: "This server or everyone (default: this server)",
					Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "server", Value: "server"}, {Name: "global", Value: "global"}},
				},
			},
		},
		{Name: "profile", Description: "Ratings and record of a player", Contexts: guildAndDM,
			Options: []*discordgo.ApplicationCommandOption{user("user", "Whose profile (default: yours)")}},
		{Name: "history", Description: "Finished games of a player", Contexts: guildAndDM,
			Options: []*discordgo.ApplicationCommandOption{user("user", "Whose games (default: yours)"), game("Only this game", false)}},
		{
			Name: "export", Description: "A game's moves as text and its replay as a GIF", Contexts: guildAndDM,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "game", Description: "The game number", Required: true, MinValue: &one},
			},
		},
		{Name: "rules", Description: "How a game is played", Contexts: guildAndDM,
			Options: []*discordgo.ApplicationCommandOption{game("The game", true)}},
		{Name: "help", Description: "What zugbot does and how to use it", Contexts: guildAndDM},
		{
			Name: "admin", Description: "Server moderation of zugbot games", Contexts: guildOnly,
			DefaultMemberPermissions: &manageServer,
			Options: []*discordgo.ApplicationCommandOption{{
				Type: discordgo.ApplicationCommandOptionSubCommand, Name: "abort", Description: "Abort a game (unrated; recorded with your name)",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionInteger, Name: "game", Description: "The game number", Required: true, MinValue: &one},
				},
			}},
		},
	}
	return cmds
}
