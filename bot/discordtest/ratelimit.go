package discordtest

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Rate limits, as https://discord.com/developers/docs/topics/rate-limits
// describes them: per-route buckets, keyed by the route and its top-level
// resource (channel, guild, webhook ID and token), reported on every
// response in X-RateLimit-* headers; a 429 with Retry-After past a bucket's
// limit; and the global limit of 50 requests a second, which interaction
// endpoints are exempt from.

// RouteLimit is a per-route rate limit: at most Requests requests in each
// Window, counted per bucket from the bucket's first request.
type RouteLimit struct {
	Requests int
	Window   time.Duration
}

// DefaultRouteLimit is the per-route limit of every bucket unless the
// Config or SetRouteLimit says otherwise. Discord does not document its
// per-route numbers ("rate limits should not be hard coded into your
// app"); 5 requests a bucket is what its documentation's header example
// and the limit commonly seen on message routes show, so discordgo sees
// Remaining count down to 0 and waits for the reset as it does on Discord.
// The window is 200 ms, not the 1 s of the documentation's example or the
// 5 s Discord often uses for channel messages: zugbot's tests play whole
// games as fast as they can, editing one board several times a second,
// and a longer window made its suite take 35 s instead of 20. A test about
// Discord's pace sets Config.RouteRateLimit or SetRouteLimit (5 per 5 s).
var DefaultRouteLimit = RouteLimit{Requests: 5, Window: 200 * time.Millisecond}

// bucket is one per-route rate limit bucket.
type bucket struct {
	reset time.Time // end of the current window
	used  int       // requests in it
}

// bucketState is what a response's rate limit headers report.
type bucketState struct {
	name      string
	limit     int
	remaining int
	reset     time.Time
}

// write sets the headers of
// https://discord.com/developers/docs/topics/rate-limits#header-format.
func (b *bucketState) write(h http.Header) {
	after := time.Until(b.reset)
	if after < 0 {
		after = 0
	}
	// Rounded up to the millisecond, so that discordgo, which counts from
	// when it reads the header, never wakes before the reset.
	after = (after + time.Millisecond - 1).Truncate(time.Millisecond)
	h.Set("X-RateLimit-Limit", strconv.Itoa(b.limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(b.remaining))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(b.reset.Add(time.Millisecond-1).UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(after.Seconds(), 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", b.name)
}

// bucketName is the X-RateLimit-Bucket of a route: "a unique string
// denoting the rate limit being encountered (non-inclusive of top-level
// resources in the path)".
func bucketName(route string) string {
	h := fnv.New64a()
	h.Write([]byte(route))
	return fmt.Sprintf("%016x", h.Sum64())
}

// topLevel returns the top-level resource of a request, which makes its
// bucket separate from the same route's on other resources: "Top-level
// resources are currently limited to channels (channel_id), guilds
// (guild_id), and webhooks (webhook_id or webhook_id + webhook_token)."
// An interaction callback counts per interaction.
func topLevel(r *http.Request) string {
	switch {
	case r.PathValue("channel") != "":
		return "channel " + r.PathValue("channel")
	case r.PathValue("guild") != "":
		return "guild " + r.PathValue("guild")
	case strings.HasPrefix(r.Pattern, r.Method+" "+APIPrefix+"/webhooks/"):
		return "webhook " + r.PathValue("app") + "/" + r.PathValue("token")
	case r.PathValue("interaction") != "":
		return "interaction " + r.PathValue("interaction")
	}
	return ""
}

// SetRouteLimit sets the per-route rate limit of route (a Route constant)
// to requests per window in each bucket, from the next window on. Use it to
// make one route as tight as Discord's (5 per 5 s for channel messages, as
// commonly seen) or tighter.
func (s *Server) SetRouteLimit(route string, requests int, window time.Duration) {
	if !s.routes[route] {
		s.t.Fatalf("discordtest: unknown route %q; use a Route constant", route)
	}
	if requests < 1 || window <= 0 {
		s.t.Fatalf("discordtest: SetRouteLimit(%d, %v): want at least 1 request in a positive window", requests, window)
	}
	s.mu.Lock()
	s.routeLimits[route] = RouteLimit{requests, window}
	s.mu.Unlock()
}

// limitOf returns the route's limit; call with s.mu held.
func (s *Server) limitOf(route string) RouteLimit {
	if l, ok := s.routeLimits[route]; ok {
		return l
	}
	return s.cfg.RouteRateLimit
}

// routeLimit counts rec in its bucket, setting *st to the state its headers
// report. Past the bucket's limit it answers 429 as Discord does, and
// reports that it did. Requests outside the API (attachments) and to routes
// the fake does not implement have no bucket.
func (s *Server) routeLimit(w http.ResponseWriter, r *http.Request, rec *Request, st **bucketState) bool {
	if !s.routes[r.Pattern] || !strings.HasPrefix(r.URL.Path, APIPrefix+"/") {
		return false
	}
	now := time.Now()
	s.mu.Lock()
	lim := s.limitOf(r.Pattern)
	if lim.Requests < 0 {
		s.mu.Unlock()
		return false
	}
	key := r.Pattern + " " + topLevel(r)
	b := s.buckets[key]
	if b == nil || !now.Before(b.reset) {
		b = &bucket{reset: now.Add(lim.Window)}
		s.buckets[key] = b
	}
	*st = &bucketState{name: bucketName(r.Pattern), limit: lim.Requests, reset: b.reset}
	over := b.used >= lim.Requests
	if !over {
		b.used++
		(*st).remaining = lim.Requests - b.used
	}
	s.mu.Unlock()
	if !over {
		return false
	}
	rec.Injected = true
	s.writeRateLimit(w, rec, *st, time.Until(b.reset), false)
	return true
}

// fault is an injected failure or delay of a route.
type fault struct {
	route      string
	times      int
	status     int
	retryAfter time.Duration
	delay      time.Duration
}

// RateLimit makes the next times requests to route (a Route constant)
// answer 429 Too Many Requests with the given Retry-After, as a per-route
// rate limit does, with the route's X-RateLimit-* headers (Remaining 0,
// resetting after retryAfter). They are not carried out; discordgo waits
// and retries.
func (s *Server) RateLimit(route string, times int, retryAfter time.Duration) {
	s.addFault(&fault{route: route, times: times, status: http.StatusTooManyRequests, retryAfter: retryAfter})
}

// FailRequests makes the next times requests to route (a Route constant)
// answer the server error status (500, 502, 503, 504...) without being
// carried out. discordgo v0.29.0 retries 502s by itself and returns the
// others as errors.
func (s *Server) FailRequests(route string, times int, status int) {
	if status < 500 || status > 599 {
		s.t.Fatalf("discordtest: FailRequests: status %d is not a server error", status)
	}
	s.addFault(&fault{route: route, times: times, status: status})
}

// SlowRoute makes the next times requests to route (a Route constant) take
// d longer: each is held d before it is carried out and answered, as by a
// slow network or an overloaded Discord. Time spent there counts against
// an interaction's 3 s deadline like any other. A client that gives up
// first (its http.Client timeout) gets no answer, and the request is not
// carried out.
func (s *Server) SlowRoute(route string, d time.Duration, times int) {
	if d <= 0 {
		s.t.Fatalf("discordtest: SlowRoute: delay %v is not positive", d)
	}
	s.addFault(&fault{route: route, times: times, delay: d})
}

func (s *Server) addFault(f *fault) {
	if !s.routes[f.route] {
		s.t.Fatalf("discordtest: unknown route %q; use a Route constant", f.route)
	}
	s.mu.Lock()
	if f.delay > 0 {
		s.slow = append(s.slow, f)
	} else {
		s.faults = append(s.faults, f)
	}
	s.mu.Unlock()
}

// take returns a pending fault of route from list and counts it down;
// call with s.mu held.
func take(list []*fault, route string) *fault {
	for _, x := range list {
		if x.route == route && x.times > 0 {
			x.times--
			return x
		}
	}
	return nil
}

// Held returns how many requests to route (a Route constant) SlowRoute
// holds now: a test can act while a request it slowed is on its way.
func (s *Server) Held(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.holding[route]
}

// slowdown holds rec for a pending SlowRoute delay of its route. It
// reports false if the client went away meanwhile.
func (s *Server) slowdown(r *http.Request, rec *Request) bool {
	s.mu.Lock()
	f := take(s.slow, rec.Route)
	s.mu.Unlock()
	if f == nil {
		return true
	}
	s.mu.Lock()
	if s.holding == nil {
		s.holding = map[string]int{}
	}
	s.holding[rec.Route]++
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.holding[rec.Route]--
		s.mu.Unlock()
	}()
	t := time.NewTimer(f.delay)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

// inject answers rec with a pending fault of its route and reports whether
// it did.
func (s *Server) inject(w http.ResponseWriter, rec *Request) bool {
	s.mu.Lock()
	f := take(s.faults, rec.Route)
	var st *bucketState
	if f != nil && f.status == http.StatusTooManyRequests {
		lim := s.limitOf(rec.Route)
		st = &bucketState{name: bucketName(rec.Route), limit: max(lim.Requests, 1), reset: time.Now().Add(f.retryAfter)}
	}
	s.mu.Unlock()
	if f == nil {
		return false
	}
	rec.Injected = true
	if st != nil {
		s.writeRateLimit(w, rec, st, f.retryAfter, false)
		return true
	}
	rec.Status = f.status
	if f.status == http.StatusBadGateway {
		rec.Response = []byte("<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>cloudflare</center></body></html>")
		w.Header().Set("Content-Type", "text/html")
	} else {
		rec.Response = []byte(fmt.Sprintf(`{"message": "%d: %s", "code": 0}`, f.status, http.StatusText(f.status)))
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(rec.Status)
	w.Write(rec.Response)
	return true
}

// globalLimit answers rec with a global 429 if the bot is over its global
// rate limit, and reports whether it did.
func (s *Server) globalLimit(w http.ResponseWriter, rec *Request) bool {
	limit := s.cfg.GlobalRateLimit
	now := time.Now()
	s.mu.Lock()
	i := 0
	for i < len(s.recent) && now.Sub(s.recent[i]) >= time.Second {
		i++
	}
	s.recent = s.recent[i:]
	var wait time.Duration
	switch {
	case now.Before(s.globalUntil): // HoldGlobal
		wait = s.globalUntil.Sub(now)
	case limit < 0:
	case len(s.recent) >= limit:
		wait = time.Second - now.Sub(s.recent[0])
	default:
		s.recent = append(s.recent, now)
	}
	s.mu.Unlock()
	if wait <= 0 {
		return false
	}
	rec.Injected = true
	s.writeRateLimit(w, rec, nil, wait, true)
	return true
}

// writeRateLimit answers 429 as
// https://discord.com/developers/docs/topics/rate-limits#exceeding-a-rate-limit
// shows: Retry-After, the JSON body with retry_after, and for a per-route
// limit the bucket's headers with X-RateLimit-Scope user.
func (s *Server) writeRateLimit(w http.ResponseWriter, rec *Request, st *bucketState, after time.Duration, global bool) {
	// In whole milliseconds, rounded up, so that a client waiting this long
	// finds the bucket reset.
	secs := float64((after+time.Millisecond-1)/time.Millisecond) / 1000
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
	if global {
		h.Set("X-RateLimit-Global", "true")
		h.Set("X-RateLimit-Scope", "global")
	} else {
		st.remaining = 0
		st.write(h)
		h.Set("X-RateLimit-Scope", "user")
	}
	rec.Status = http.StatusTooManyRequests
	rec.Response, _ = json.Marshal(map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": global})
	w.WriteHeader(rec.Status)
	w.Write(rec.Response)
}
