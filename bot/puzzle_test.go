package bot_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/puzzle"
)

// shownPuzzle returns the puzzle a /puzzle message shows, by its title.
func shownPuzzle(t *testing.T, m *discordtest.Message) puzzle.Puzzle {
	t.Helper()
	if len(m.Embeds) == 0 {
		t.Fatalf("the puzzle message has no embed: %q", m.Content)
	}
	for _, w := range strings.Fields(m.Embeds[0].Title) {
		if pz, ok := puzzle.ByID(w); ok {
			return pz
		}
	}
	t.Fatalf("no puzzle named in %q", m.Embeds[0].Title)
	return puzzle.Puzzle{}
}

// settled waits until the message of ix, answered at once or deferred and
// edited later (as a slow machine makes it), has an embed whose
// description contains want, and returns it.
func settled(h *harness, ix *discordtest.Interaction, want string) *discordtest.Message {
	h.t.Helper()
	var m *discordtest.Message
	h.eventually("a message saying "+want, func() bool {
		m = ix.Original()
		return m != nil && len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Description, want)
	})
	return m
}

// choose picks move in the puzzle menus of m as alice, in whichever menu
// holds it.
func choose(t *testing.T, h *harness, m *discordtest.Message, move string) *discordtest.Response {
	t.Helper()
	return chooseAs(t, h, h.alice, m, move)
}

// chooseAs is choose as u.
func chooseAs(t testing.TB, h *harness, u *discordgo.User, m *discordtest.Message, move string) *discordtest.Response {
	t.Helper()
	for _, sm := range m.SelectMenus() {
		for _, o := range sm.Options {
			if o.Value == move {
				return h.srv.Select(t, u, m, sm.CustomID, move).WaitResponse(t, wait)
			}
		}
	}
	t.Fatalf("no menu offers %s", move)
	return nil
}

// TestPuzzleCommand solves a puzzle with /puzzle on the fake Discord, then
// fails the next one and gives the third up: the board is private, the
// moves are offered in menus, the opponent's reply is shown, and the
// rating moves up and down.
func TestPuzzleCommand(t *testing.T) {
	h := newHarness(t)
	ix, resp := h.command(h.alice, "puzzle", discordtest.Opt("game", "zodiac"))
	if resp.Data == nil || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("/puzzle answered %+v; want a private board", resp.Data)
	}
	msg := settled(h, ix, "puzzle rating")
	pz := shownPuzzle(t, msg)
	if pz.Variant != "zodiac" || len(msg.SelectMenus()) == 0 || len(msg.Files) != 1 {
		t.Fatalf("puzzle %s: %d menus, %d files", pz.ID, len(msg.SelectMenus()), len(msg.Files))
	}
	if _, err := msg.Images(); err != nil {
		t.Fatalf("the board: %v", err)
	}
	v, _ := games.ByID(pz.Variant)
	start, err := pz.Start(v)
	if err != nil {
		t.Fatal(err)
	}
	opponent := v.Sides[start.Turn().Other()]
	for ply := 0; ply < len(pz.Line); ply += 2 {
		before := msg.Embeds[0].Description
		choose(t, h, msg, pz.Line[ply])
		h.eventually("the answer to "+pz.Line[ply], func() bool {
			msg = ix.Original()
			return len(msg.Embeds) > 0 && msg.Embeds[0].Description != before
		})
		desc := msg.Embeds[0].Description
		if ply+1 < len(pz.Line) {
			want := pz.Line[ply] + "** is right. " + opponent + " answers **" + pz.Line[ply+1] + "**"
			if !strings.Contains(desc, want) {
				t.Fatalf("after %s: %q, want %q", pz.Line[ply], desc, want)
			}
			continue
		}
		if !strings.Contains(desc, "solved!") || !strings.Contains(desc, "Your puzzle rating: 1500? → ") || !strings.Contains(desc, "(+") {
			t.Errorf("solved: %q", desc)
		}
	}
	next := hasSuffix(buttons(msg), "/pnext")
	if next == "" {
		t.Fatalf("no button for another puzzle: %v", buttons(msg))
	}
	h.srv.Click(t, h.alice, msg, next).WaitResponse(t, wait)
	msg = settled(h, ix, "puzzle rating")
	other := shownPuzzle(t, msg)
	if other.ID == pz.ID {
		t.Fatalf("the same puzzle again")
	}
	p, err := other.Start(v)
	if err != nil {
		t.Fatal(err)
	}
	wrong := ""
	for _, m := range p.Moves(nil) {
		if a, err := other.Check(v, 0, p.FormatMove(m)); err == nil && !a.Correct {
			wrong = a.Move
		}
	}
	choose(t, h, msg, wrong)
	desc := settled(h, ix, wrong+" is not it").Embeds[0].Description
	if !strings.Contains(desc, wrong+" is not it.** The answer was **"+other.Line[0]) || !strings.Contains(desc, "(-") {
		t.Errorf("failed: %q", desc)
	}
	// A third, given up: the answer is shown, and it is a miss.
	h.srv.Click(t, h.alice, ix.Original(), hasSuffix(buttons(ix.Original()), "/pnext")).WaitResponse(t, wait)
	third := shownPuzzle(t, settled(h, ix, "puzzle rating"))
	h.srv.Click(t, h.alice, ix.Original(), hasSuffix(buttons(ix.Original()), "/pgive")).WaitResponse(t, wait)
	desc = settled(h, ix, "The answer was").Embeds[0].Description
	if !strings.Contains(desc, "The answer was **"+third.Line[0]+"**.") || !strings.Contains(desc, "(-") {
		t.Errorf("given up: %q", desc)
	}
	if n, _ := h.st.PuzzlesTried(t.Context(), h.alice.ID, "zodiac"); len(n) != 3 {
		t.Errorf("%d attempts recorded, want 3", len(n))
	}
}

// TestRulesOfferTheLesson: with the live board, /rules links to the game's
// lesson page, which serves the lesson.
func TestRulesOfferTheLesson(t *testing.T) {
	h := newHarness(t, func(h *harness) { h.live = true })
	ix, _ := h.command(h.alice, "rules", discordtest.Opt("game", "zamma"))
	var url string
	h.eventually("the rules", func() bool { m := ix.Original(); return m != nil && len(m.Embeds) > 0 })
	for _, b := range ix.Original().Buttons() {
		if b.Style == discordgo.LinkButton && strings.Contains(b.Label, "Learn Zamma") {
			url = b.URL
		}
	}
	if url != h.webURL+"/learn/zamma" {
		t.Fatalf("/rules links to %q, want %s/learn/zamma", url, h.webURL)
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("the lesson page: %s, %s", resp.Status, resp.Header.Get("Content-Type"))
	}
}
