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
