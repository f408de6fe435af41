package discordtest_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/zugbot/zugbot/bot/discordtest"
)

// statuses returns the statuses of the requests to route, in order.
func statuses(srv *discordtest.Server, route string) []int {
	var out []int
	for _, r := range srv.Requests() {
		if r.Route == route {
			out = append(out, r.Status)
		}
	}
	return out
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestRateLimitRetried(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	h.srv.RateLimit(discordtest.RouteCallback, 2, 50*time.Millisecond)
	limited := make(chan *discordgo.RateLimit, 4)
	h.ds.AddHandler(func(_ *discordgo.Session, rl *discordgo.RateLimit) { limited <- rl })
	ix, i := h.slash(t)
	if err := h.ds.InteractionRespond(i, message("after waiting")); err != nil {
		t.Fatalf("discordgo did not get through the rate limit: %v", err)
	}
	ix.WaitResponse(t, wait)
	if got, want := statuses(h.srv, discordtest.RouteCallback), []int{429, 429, 204}; !equal(got, want) {
		t.Errorf("callback statuses %v, want %v", got, want)
	}
	select {
	case rl := <-limited:
		if rl.RetryAfter != 50*time.Millisecond {
			t.Errorf("discordgo read Retry-After %v, want 50ms", rl.RetryAfter)
		}
	case <-time.After(wait):
		t.Error("discordgo emitted no RateLimit event")
	}
	if v := h.srv.Violations(); len(v) != 0 {
		t.Errorf("injected faults recorded as violations: %v", v)
	}
}

func TestServerErrors(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	channel := srv.NewChannel(srv.NewGuild("g"), "c")
	ds := srv.Session()

	// discordgo retries 502s by itself.
	srv.FailRequests(discordtest.RouteMessageCreate, 2, http.StatusBadGateway)
	m, err := ds.ChannelMessageSend(channel, "through")
	if err != nil {
		t.Fatalf("ChannelMessageSend through two 502s: %v", err)
	}
	if got, want := statuses(srv, discordtest.RouteMessageCreate), []int{502, 502, 200}; !equal(got, want) {
		t.Errorf("statuses %v, want %v", got, want)
	}

	// Other server errors reach the bot, and nothing is posted.
	srv.FailRequests(discordtest.RouteMessageCreate, 1, http.StatusInternalServerError)
	if _, err := ds.ChannelMessageSend(channel, "lost"); err == nil {
		t.Error("ChannelMessageSend succeeded through a 500")
	}
	if ms := srv.Messages(channel); len(ms) != 1 || ms[0].ID != m.ID {
		t.Errorf("%d messages stored, want only the first", len(ms))
	}
	if v := srv.Violations(); len(v) != 0 {
		t.Errorf("injected faults recorded as violations: %v", v)
	}
}

func TestGlobalRateLimit(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewWithConfig(t, discordtest.Config{GlobalRateLimit: 3})
	channel := srv.NewChannel(srv.NewGuild("g"), "c")
	ds := srv.Session()
	for i := range 5 {
		if _, err := ds.ChannelMessageSend(channel, "spam"); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
	if got := len(srv.Messages(channel)); got != 5 {
		t.Errorf("%d messages, want 5", got)
	}
	limited := 0
	for _, r := range srv.Requests() {
		if r.Status == http.StatusTooManyRequests && r.Header.Get("Authorization") != "" {
			limited++
		}
	}
	if limited == 0 {
		t.Error("no request got a global 429 past 3 requests per second")
	}
}

func TestRedelivered(t *testing.T) {
	t.Parallel()
	h := start(t, discordtest.Config{})
	ix, i := h.slash(t)
	if err := h.ds.InteractionRespond(i, message("once")); err != nil {
		t.Fatal(err)
	}
	ix.Redeliver(t)
	again := h.next(t)
	if again.ID != i.ID || again.Token != i.Token {
		t.Fatalf("redelivered %s, want %s again", again.ID, i.ID)
	}
	// A bot that does not deduplicate answers twice, which Discord refuses.
	err := h.ds.InteractionRespond(again, message("twice"))
	if got := restCode(t, err); got != 40060 {
		t.Errorf("second answer: code %d, want 40060", got)
	}
	if got := takeCodes(h.srv); len(got) != 1 || got[0] != 40060 {
		t.Errorf("violations %v, want [40060]", got)
	}
}
