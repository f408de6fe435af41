package web_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/zugbot/zugbot/web"
)

// TestBrowserHomeToReplay goes, in a real browser, from the home page to
// a new game against the AI in each of the four games (two on a desktop
// window, two on a 360-px phone), plays it on the board page until the
// player resigns, and then, on the game's page, now its replay, steps back
// and forth by the arrow keys and by taps on the moves; it opens the
// player's page from the home page, the leaderboard, and starts a rematch.
// No page reports an error. With -shots, it leaves the screenshots of the
// home, replay, player and leaderboard pages (web-PAGE-desktop.png,
// web-PAGE-phone.png).
func TestBrowserHomeToReplay(t *testing.T) {
	for i, variant := range []string{"zola", "zamma", "zonal", "zodiac"} {
		onPhone := i%2 == 1
		name := variant + "/desktop"
		if onPhone {
			name = variant + "/phone"
		}
		t.Run(name, func(t *testing.T) { homeToReplay(t, variant, onPhone, i < 2) })
	}
}

// eval runs js in ctx's page and returns its value.
func eval[T any](ctx context.Context, t *testing.T, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// waitJS waits until js is true in ctx's page.
func waitJS(ctx context.Context, t *testing.T, what, js string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !eval[bool](ctx, t, "(() => { try { return !!("+js+"); } catch (e) { return false; } })()") { // false while a page loads
		if time.Now().After(deadline) {
			t.Fatalf("never %s (%s)", what, js)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func homeToReplay(t *testing.T, variant string, onPhone, shots bool) {
	f := newServerFixture(t)
	ctx, errs := browser(t)
	size := "desktop"
	if onPhone {
		phone(ctx, t)
		size = "phone"
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(f.ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "showed the games", `document.querySelectorAll('#games img').length === 4 && [...document.querySelectorAll('#games img')].every((i) => i.complete && i.naturalWidth > 0)`)
	if shots {
		shot(ctx, t, "web-home-"+size+".png")
	}
	eval[bool](ctx, t, fmt.Sprintf(`document.querySelector('input[name=variant][value=%q]').click(); document.getElementById('level').value = '1';
		document.getElementById('name').value = 'Ada'; true`, variant))
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#play-ai"))); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "opened the game", `/^\/games\/[0-9a-f]{16}$/.test(location.pathname) && document.body.dataset.ply === '0'`)
	page := eval[string](ctx, t, `location.pathname`)
	var st web.State
	f.getJSON(http.DefaultClient, "/api"+page, &st)
	if st.Variant.ID != variant || st.Players[0].Name != "Ada" || st.Players[1].Level != 1 {
		t.Fatalf("the game started: %s, players %+v", st.Variant.ID, st.Players)
	}
	// A move typed, the AI's reply, then the player resigns.
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#move-input"), st.Moves[0].Notation+"\r")); err != nil {
		t.Fatal(err)
	}
	waitPly(ctx, t, 2)
	for range 2 { // the second click confirms
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#resign"))); err != nil {
			t.Fatal(err)
		}
	}
	waitJS(ctx, t, "showed the end", `!document.getElementById('after').hidden`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#replay-link"))); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "showed the replay", `document.querySelectorAll('#moves button').length === 2 && `+plyShown(2))
	if got := eval[string](ctx, t, `document.getElementById('result').textContent`); !strings.Contains(got, "resign") {
		t.Errorf("the replay's result: %q", got)
	}
	key := func(k string, wantPly int) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
		waitJS(ctx, t, fmt.Sprintf("showed ply %d", wantPly), plyShown(wantPly))
	}
	key(kb.ArrowLeft, 1)
	key(kb.ArrowLeft, 0)
	key(kb.ArrowLeft, 0) // no further back than the start
	key(kb.ArrowRight, 1)
	key(kb.End, 2)
	key(kb.Home, 0)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#moves button[data-ply="2"]`))); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "showed ply 2 on a tap", plyShown(2)+` && document.querySelector('#moves button[data-ply="2"]').getAttribute('aria-current') === 'true'`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#moves button[data-ply="1"]`))); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "showed ply 1 on a tap", plyShown(1))
	if shots {
		shot(ctx, t, "web-replay-"+size+".png")
	}
	// The player's page, from the home page.
	if err := chromedp.Do(ctx, chromedp.Navigate(f.ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "linked the player's page", `!document.getElementById('you-page').hidden`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#you-page"))); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "showed the player", `document.getElementById('name').textContent === 'Ada' && document.querySelectorAll('#recent a').length === 1`)
	if got := eval[string](ctx, t, `document.querySelector('#recent a').getAttribute('href')`); got != page {
		t.Errorf("the player's recent game links to %q, want %q", got, page)
	}
	if shots {
		shot(ctx, t, "web-player-"+size+".png")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(f.ts.URL+"/leaderboard")); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "showed the leaderboard", `document.getElementById('note').textContent !== ''`)
	if shots {
		shot(ctx, t, "web-leaderboard-"+size+".png")
	}
	// A rematch from the replay: a new game, colours swapped.
	if err := chromedp.Do(ctx, chromedp.Navigate(f.ts.URL+page)); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "offered a rematch", `!document.getElementById('rematch').hidden`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#rematch"))); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, "opened the rematch", fmt.Sprintf(`/^\/games\/[0-9a-f]{16}$/.test(location.pathname) && location.pathname !== %q && document.body.dataset.ply !== undefined`, page))
	var re web.State
	f.getJSON(http.DefaultClient, "/api"+eval[string](ctx, t, `location.pathname`), &re)
	if re.Players[1].Name != "Ada" || re.Players[0].Level != 1 || re.Variant.ID != variant {
		t.Errorf("the rematch: %s, players %+v; want Ada on the second side", re.Variant.ID, re.Players)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("the pages reported errors: %q", e)
	}
}

// TestBrowserFriendsGame: two people, each in their own browser context,
// play a game through an invitation's link, with no Discord: one invites,
// the other opens the link and takes it up, and both play on the live
// board until one resigns; both pages follow each move and show the end.
func TestBrowserFriendsGame(t *testing.T) {
	f := newServerFixture(t)
	ada, adaErrs := browser(t)
	bea, beaErrs := otherBrowser(t, ada)
	phone(bea, t)
	if err := chromedp.Do(ada, chromedp.Navigate(f.ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitJS(ada, t, "loaded the home page", `document.querySelectorAll('input[name=variant]').length > 0`)
	eval[bool](ada, t, `document.querySelector('input[name=variant][value=zola]').click(); document.getElementById('side').value = 'second';
		document.getElementById('clock').value = '5+3'; document.getElementById('name').value = 'Ada'; true`)
	if err := chromedp.Do(ada, chromedp.Click(chromedp.CSS("#invite"))); err != nil {
		t.Fatal(err)
	}
	waitJS(ada, t, "showed the link to send", `!document.getElementById('share').hidden && document.getElementById('link').value !== ''`)
	link := eval[string](ada, t, `document.getElementById('link').value`)
	shot(ada, t, "web-invite-desktop.png")
	if err := chromedp.Do(bea, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	waitJS(bea, t, "showed the invitation", `!document.getElementById('take').hidden`)
	if got := eval[string](bea, t, `document.getElementById('what').textContent`); !strings.Contains(got, "Ada invites you to Zola") || !strings.Contains(got, "5+3") {
		t.Errorf("the invitation says %q", got)
	}
	shot(bea, t, "web-invite-phone.png")
	eval[bool](bea, t, `document.getElementById('name').value = 'Bea'; true`)
	if err := chromedp.Do(bea, chromedp.Click(chromedp.CSS("#accept"))); err != nil {
		t.Fatal(err)
	}
	waitJS(bea, t, "opened the game", `document.body.dataset.ply === '0'`)
	waitJS(ada, t, "followed her friend into the game", `document.body.dataset.ply === '0'`)
	page := eval[string](bea, t, `location.pathname`)
	if got := eval[string](ada, t, `location.pathname`); got != page {
		t.Fatalf("Ada is at %s, Bea at %s", got, page)
	}
	players := map[int]context.Context{0: bea, 1: ada}
	for ply := 0; ply < 6; ply++ {
		var st web.State
		f.getJSON(http.DefaultClient, "/api"+page, &st)
		if st.Clock == nil || !st.Clock.Live {
			t.Fatalf("the game has no live clock: %+v", st.Clock)
		}
		ctx := players[st.Turn]
		if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#move-input"), st.Moves[0].Notation+"\r")); err != nil {
			t.Fatal(err)
		}
		waitPly(ada, t, ply+1)
		waitPly(bea, t, ply+1)
	}
	for range 2 {
		if err := chromedp.Do(ada, chromedp.Click(chromedp.CSS("#resign"))); err != nil {
			t.Fatal(err)
		}
	}
	for who, ctx := range map[string]context.Context{"Ada": ada, "Bea": bea} {
		waitJS(ctx, t, who+"'s page showed the end", `!document.getElementById('after').hidden && document.getElementById('status').textContent.includes('resign')`)
	}
	if e := append(adaErrs(), beaErrs()...); len(e) > 0 {
		t.Errorf("the pages reported errors: %q", e)
	}
}
