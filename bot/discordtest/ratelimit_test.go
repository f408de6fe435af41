package discordtest_test

import (
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/zugbot/zugbot/bot/discordtest"
)

// headerLog is a RoundTripper that keeps the response headers of every
// request, by path.
type headerLog struct {
	next http.RoundTripper
	mu   sync.Mutex
	got  []http.Header
}

func (l *headerLog) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := l.next.RoundTrip(r)
	if err == nil {
		l.mu.Lock()
		l.got = append(l.got, resp.Header.Clone())
		l.mu.Unlock()
	}
	return resp, err
}

func (l *headerLog) last() http.Header {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.got[len(l.got)-1]
}

// TestRateLimitHeaders: every REST response, successes, errors and
// interaction endpoints included, carries the bucket's X-RateLimit-*
// headers; buckets count per route and top-level resource.
func TestRateLimitHeaders(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewWithConfig(t, discordtest.Config{RouteRateLimit: discordtest.RouteLimit{Requests: 5, Window: 5 * time.Second}})
	guild := srv.NewGuild("g")
	c1, c2 := srv.NewChannel(guild, "a"), srv.NewChannel(guild, "b")
	ds := srv.Session()
	log := &headerLog{next: srv.Transport()}
	ds.Client = &http.Client{Transport: log}

	check := func(what string, remaining int) string {
		t.Helper()
		h := log.last()
		if h.Get("X-RateLimit-Limit") != "5" || h.Get("X-RateLimit-Remaining") != strconv.Itoa(remaining) || h.Get("X-RateLimit-Bucket") == "" {
			t.Errorf("%s: headers %v, want limit 5, remaining %d and a bucket", what, h, remaining)
		}
		after, err := strconv.ParseFloat(h.Get("X-RateLimit-Reset-After"), 64)
		if err != nil || after <= 0 || after > 5 {
			t.Errorf("%s: Reset-After %q", what, h.Get("X-RateLimit-Reset-After"))
		}
		reset, err := strconv.ParseFloat(h.Get("X-RateLimit-Reset"), 64)
		if d := time.Until(time.UnixMilli(int64(reset * 1000))); err != nil || d <= 0 || d > 5*time.Second+10*time.Millisecond {
			t.Errorf("%s: Reset %q is not within the window", what, h.Get("X-RateLimit-Reset"))
		}
		return h.Get("X-RateLimit-Bucket")
	}
	for i := range 3 {
		if _, err := ds.ChannelMessageSend(c1, "x"); err != nil {
			t.Fatal(err)
		}
		check("send in a", 4-i)
	}
	b1 := log.last().Get("X-RateLimit-Bucket")
	if _, err := ds.ChannelMessageSend(c2, "x"); err != nil {
		t.Fatal(err)
	}
	if b2 := check("send in b", 4); b2 != b1 {
		t.Errorf("bucket %s in b, %s in a: the bucket names the route, not the channel", b2, b1)
	}
	// Another route of the same channel has its own bucket.
	if _, err := ds.ChannelMessages(c1, 1, "", "", ""); err != nil {
		t.Fatal(err)
	}
	if b := check("list in a", 4); b == b1 {
		t.Error("list and send share a bucket name")
	}
	// Refused requests count, and carry headers too.
	if _, err := ds.ChannelMessageSend(c1, ""); err == nil {
		t.Fatal("empty message accepted")
	}
	check("refused send in a", 1)
	srv.TakeViolations()

	// Interaction callbacks and webhooks too.
	ds.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := s.InteractionRespond(ic.Interaction, message("hi")); err != nil {
			t.Error(err)
		}
		check("callback", 4)
		if _, err := s.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{Content: "more"}); err != nil {
			t.Error(err)
		}
		check("follow-up", 4)
	})
	if err := ds.Open(); err != nil {
		t.Fatal(err)
	}
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.AppID(), guild, testCommands()); err != nil {
		t.Fatal(err)
	}
	ix := srv.SlashCommand(t, srv.NewUser("alice"), c1, "ratings me")
	ix.WaitFollowups(t, 1, wait)
}

// TestBucketWait: discordgo sees Remaining 0 and waits for the reset
// before its next request, so it gets no 429; a client that ignores the
// headers gets one.
func TestBucketWait(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	channel := srv.NewChannel(srv.NewGuild("g"), "c")
	srv.SetRouteLimit(discordtest.RouteMessageCreate, 2, 300*time.Millisecond)
	ds := srv.Session()
	start := time.Now()
	for i := range 5 {
		if _, err := ds.ChannelMessageSend(channel, "x"); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
	// Windows: messages 1-2, 3-4, 5.
	if d := time.Since(start); d < 600*time.Millisecond {
		t.Errorf("5 messages at 2 per 300 ms took %v; discordgo did not wait for the bucket", d)
	}
	if got := statuses(srv, discordtest.RouteMessageCreate); !equal(got, []int{200, 200, 200, 200, 200}) {
		t.Errorf("statuses %v, want five 200s and no 429", got)
	}

	// Ignoring the headers: 429 with Retry-After, scope user, not a
	// violation (discordgo waits and retries such 429s).
	srv.SetRouteLimit(discordtest.RouteUser, 1, time.Minute)
	get := func() *http.Response {
		req, _ := http.NewRequest("GET", srv.URL()+discordtest.APIPrefix+"/users/@me", nil)
		req.Header.Set("Authorization", "Bot "+srv.Token())
		req.Header.Set("User-Agent", "DiscordBot (https://example.org, 1)")
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if resp := get(); resp.StatusCode != 200 || resp.Header.Get("X-RateLimit-Remaining") != "0" {
		t.Fatalf("first GET: %d, remaining %q", resp.StatusCode, resp.Header.Get("X-RateLimit-Remaining"))
	}
	resp := get()
	if resp.StatusCode != 429 || resp.Header.Get("X-RateLimit-Scope") != "user" || resp.Header.Get("Retry-After") == "" || resp.Header.Get("X-RateLimit-Bucket") == "" {
		t.Errorf("second GET: %d, headers %v; want a per-route 429", resp.StatusCode, resp.Header)
	}
	if v := srv.Violations(); len(v) != 0 {
		t.Errorf("violations %v", v)
	}
}

// TestInjectedRateLimitHeaders: RateLimit's 429 carries the route's bucket.
func TestInjectedRateLimitHeaders(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	channel := srv.NewChannel(srv.NewGuild("g"), "c")
	ds := srv.Session()
	log := &headerLog{next: srv.Transport()}
	ds.Client = &http.Client{Transport: log}
	srv.RateLimit(discordtest.RouteMessageCreate, 1, 100*time.Millisecond)
	if _, err := ds.ChannelMessageSend(channel, "x"); err != nil {
		t.Fatal(err)
	}
	first, second := log.got[0], log.got[1]
	if first.Get("X-RateLimit-Remaining") != "0" || first.Get("X-RateLimit-Bucket") != second.Get("X-RateLimit-Bucket") {
		t.Errorf("429 headers %v, then %v; want remaining 0 and the route's bucket", first, second)
	}
}

// TestServerErrorsNotRetried: discordgo v0.29.0 retries only 502; 500, 503
// and 504 reach the caller.
func TestServerErrorsNotRetried(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	channel := srv.NewChannel(srv.NewGuild("g"), "c")
	ds := srv.Session()
	for _, status := range []int{500, 503, 504} {
		srv.FailRequests(discordtest.RouteMessageCreate, 1, status)
		_, err := ds.ChannelMessageSend(channel, "x")
		if s, _ := restStatus(t, err); s != status {
			t.Errorf("status %d, want %d", s, status)
		}
	}
	if got := statuses(srv, discordtest.RouteMessageCreate); !equal(got, []int{500, 503, 504}) {
		t.Errorf("statuses %v", got)
	}
}
