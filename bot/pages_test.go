package bot_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/zugbot/zugbot/bot/discordtest"
)

// TestWebPagesLinked: with the live board served, the end of a game links
// to its replay on the web, and /profile and /leaderboard to their pages,
// which open for anyone holding the link.
func TestWebPagesLinked(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(h *harness) { h.live = true })
	st := h.duel("zola", true)
	h.resignIn(h.alice, h.channel, st.Game.ID)
	board := h.srv.WaitMessage(t, wait, func(m *discordtest.Message) bool {
		return m.ID == h.posted(st.Game.ID).Message && strings.Contains(m.Content, "resign")
	})
	replay := ""
	for _, row := range board.Components {
		for _, c := range row.(*discordgo.ActionsRow).Components {
			if b, ok := c.(*discordgo.Button); ok && b.Style == discordgo.LinkButton {
				replay = b.URL
			}
		}
	}
	if want := h.webURL + "/games/" + st.Game.PublicID; replay != want {
		t.Errorf("the finished board links to %q; want its replay, %s", replay, want)
	}
	open := func(what, url string) {
		t.Helper()
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s, %s: %s", what, url, resp.Status)
		}
	}
	open("the replay", replay)
	_, resp := h.command(h.alice, "profile")
	if u := resp.Data.Embeds[0].URL; !strings.HasPrefix(u, h.webURL+"/players/") {
		t.Errorf("/profile links to %q; want the player's page", u)
	} else {
		open("the player's page", u)
	}
	_, resp = h.command(h.alice, "leaderboard", discordtest.Opt("game", "zola"))
	if u := resp.Data.Embeds[0].URL; !strings.HasPrefix(u, h.webURL+"/leaderboards/") || !strings.HasSuffix(u, "?rating=zola") {
		t.Errorf("/leaderboard links to %q; want the server's leaderboard", u)
	} else {
		open("the leaderboard", u)
	}
}
