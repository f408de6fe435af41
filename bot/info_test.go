package bot

import (
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine/enginetest/tictactoe"
	"github.com/zugbot/zugbot/games"
)

// TestHelpText checks that /help names the games of the menu, and says
// what /draw does in those whose agreed ending is counted.
func TestHelpText(t *testing.T) {
	text := helpText(games.Listed())
	for _, want := range []string{
		"**zugbot** plays abstract strategy games nobody else offers: Zola, Zamma, Zonal Chess and Zodiac.\n",
		"\n/draw [game] — offer a draw (in Zamma: end the game by counting the counters)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("help text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "%!") {
		t.Errorf("help text has a formatting error:\n%s", text)
	}
	text = helpText(append(games.Listed(), tictactoe.Variant))
	if !strings.Contains(text, "Zonal Chess, Zodiac and Tic-tac-toe.\n") {
		t.Errorf("help text with a fifth game does not name it:\n%s", text)
	}
}

// TestHelpFromCommands checks that /help is derived from the table of
// commands: every command with a section has its usage line, the level
// names come from the AI, and the policy numbers from their sources.
func TestHelpFromCommands(t *testing.T) {
	text := helpText(games.Listed())
	for _, c := range commandList(games.Listed()) {
		if c.section != "" && !strings.Contains(text, "\n"+c.usage()+" — "+c.help+"\n") {
			t.Errorf("help text lacks the line of /%s (%q)", c.def.Name, c.usage())
		}
	}
	for _, want := range []string{
		"levels 1 beginner to 5 master",
		"/challenge game [opponent] [rated] [color] [days]",
		"for the first 20 rated games",
		"everything but /challenge, /tournament, /leaderboard and /admin works too",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("help text lacks %q:\n%s", want, text)
		}
	}
	for _, c := range Commands(games.Listed()) {
		if c.Name == "play" && c.Options[1].Description != "1 beginner, 2 casual, 3 intermediate, 4 expert, 5 master (default 2)" {
			t.Errorf("/play's level option says %q", c.Options[1].Description)
		}
	}
}

func TestPlural(t *testing.T) {
	for _, tt := range []struct {
		n          int
		noun, want string
	}{{1, "day", "1 day"}, {3, "day", "3 days"}, {2, "ply", "2 plies"}, {0, "inaccuracy", "0 inaccuracies"}, {1, "hint", "1 hint"}, {3, "hint", "3 hints"}} {
		if got := plural(tt.n, tt.noun); got != tt.want {
			t.Errorf("plural(%d, %q) = %q, want %q", tt.n, tt.noun, got, tt.want)
		}
	}
}
