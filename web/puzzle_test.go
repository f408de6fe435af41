package web_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/store"
)

// TestPuzzleAPIRatesTheWebsPerson: the puzzle page's first request makes
// its reader a person of the web (as the home page does) and gives them
// their CSRF value; their first attempt is rated, for that person, and a
// move without the value, or without the person, is refused and records
// nothing.
func TestPuzzleAPIRatesTheWebsPerson(t *testing.T) {
	f := newServerFixture(t)
	c := f.client()
	resp, err := c.Get(f.ts.URL + "/api/puzzles/zola/next")
	if err != nil {
		t.Fatal(err)
	}
	var step struct {
		ID, Rating, You, CSRF string
		Ply, Tried            int
	}
	err = json.NewDecoder(resp.Body).Decode(&step)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || step.CSRF == "" || step.You != "1500?" || step.Tried != 0 {
		t.Fatalf("the first puzzle: %d %+v, %v", resp.StatusCode, step, err)
	}
	var person string
	for _, ck := range c.Jar.Cookies(resp.Request.URL) {
		if ck.Name == "zugbot_me" {
			person = ck.Value
		}
	}
	if person == "" {
		t.Fatal("the puzzle page made no person of the web")
	}
	move := func(client *http.Client, csrf string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("POST", f.ts.URL+"/api/puzzle/"+step.ID+"/0/answer", strings.NewReader(url.Values{}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if csrf != "" {
			req.Header.Set("X-Zugbot-CSRF", csrf)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	for name, resp := range map[string]*http.Response{
		"without the CSRF value": move(c, ""),
		"with a wrong one":       move(c, strings.Repeat("0", len(step.CSRF))),
		"without the person":     move(http.DefaultClient, step.CSRF),
	} {
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("asking for the answer %s: %s, want 403", name, resp.Status)
		}
	}
	resp = move(c, step.CSRF)
	var ans struct {
		Expected, Before, After string
		Rated                   bool
		Change                  int
	}
	err = json.NewDecoder(resp.Body).Decode(&ans)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || !ans.Rated || ans.Before != "1500?" || ans.Change >= 0 || ans.Expected == "" {
		t.Fatalf("asking for the answer: %s %+v, %v", resp.Status, ans, err)
	}
	// Kept for the person: their id is "web-" and 16 hex digits of their
	// secret's SHA-256 (docs/web.md).
	h := sha256.Sum256([]byte(person))
	g, n, err := f.db.PuzzlePlayer(context.Background(), "web-"+hex.EncodeToString(h[:])[:16], "zola", store.Glicko{})
	if err != nil || n != 1 || g.R >= 1500 {
		t.Errorf("the person's puzzle rating: %+v after %d, %v", g, n, err)
	}
}
