package bot_test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/table"
)

// TestTournamentPostsOnce: a tournament's round is announced and its
// boards posted, but the records of both are lost, as when the process
// dies between Discord's taking a post and its record. The step taken
// again posts nothing twice: each post carries a nonce that Discord
// enforces (enforce_nonce), and gets back the message it made before.
func TestTournamentPostsOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	players := append([]*discordgo.User{h.alice, h.bob}, h.srv.NewUser("cyd"), h.srv.NewUser("dora"))
	h.command(h.alice, "tournament create", discordtest.Opt("game", "zola"), discordtest.Opt("format", "swiss"), discordtest.Opt("rounds", 2))
	h.eventually("the sign-up message recorded", func() bool { return h.shown(1).Message != "" })
	signup := func() *discordtest.Message { return h.srv.Message(h.channel, h.shown(1).Message) }
	for _, u := range players {
		h.srv.Click(t, u, signup(), hasSuffix(buttons(signup()), "/join")).WaitResponse(t, wait)
	}
	h.srv.Click(t, h.alice, signup(), hasSuffix(buttons(signup()), "/start")).WaitResponse(t, wait)
	tr := h.roundPosted(1, 1)
	first := tr.RoundPairings(1)[0].GameID
	board := h.posted(first).Message

	db, err := sql.Open("sqlite", "file:"+h.dbPath+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{`UPDATE discord_posts SET announced = 0 WHERE kind = 'tournament' AND id = 1`,
		fmt.Sprintf(`UPDATE discord_posts SET message_id = '' WHERE kind = 'game' AND id = %d`, first)} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.bot.Stepped(context.Background(), table.Step{Tournament: h.tournament(1)}); err != nil {
		t.Fatalf("the step taken again: %v", err)
	}
	if got := h.shown(1).Announced; got != 1 {
		t.Errorf("round 1 recorded announced: %d; want 1", got)
	}
	if got := h.posted(first).Message; got != board {
		t.Errorf("game %d's board recorded as message %s; want the one posted before, %s", first, got, board)
	}
	announced, boards := 0, 0
	for _, ch := range []string{h.channel, h.shown(1).Thread} {
		for _, m := range h.srv.Messages(ch) {
			if strings.HasPrefix(m.Content, "**Round 1 of 2** of tournament #1.") {
				announced++
			}
			if len(m.Embeds) > 0 && strings.HasPrefix(m.Embeds[0].Title, fmt.Sprintf("Game #%d · ", first)) {
				boards++
			}
		}
	}
	if announced != 1 || boards != 1 {
		t.Errorf("round 1 announced %d times and game %d's board posted %d times; want once each", announced, first, boards)
	}
}
