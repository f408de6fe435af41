package bot

import (
	"math/rand/v2"
	"net/http"
	"strings"
	"time"
)

// retryTransport repeats a request that is safe to repeat (GET, HEAD, PUT,
// PATCH, DELETE) when Discord answers 500, 503 or 504, a few times with
// jittered, growing waits. discordgo v0.29.0 retries only 502 by itself
// (restapi.go), and Discord's 5xx answers are transient. A POST is never
// repeated: it could post a message twice.
type retryTransport struct {
	next  http.RoundTripper
	tries int           // attempts in all
	wait  time.Duration // the first wait; each next one doubles
}

// transientStatus reports whether an answer with this status may succeed
// if asked again.
func transientStatus(code int) bool {
	return code == http.StatusInternalServerError || code == http.StatusServiceUnavailable || code == http.StatusGatewayTimeout
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	switch req.Method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodPatch, http.MethodDelete:
	default:
		return t.next.RoundTrip(req)
	}
	if req.Body != nil && req.GetBody == nil {
		return t.next.RoundTrip(req) // the body cannot be sent again
	}
	wait := t.wait
	for try := 1; ; try++ {
		resp, err := t.next.RoundTrip(req)
		if err != nil || !transientStatus(resp.StatusCode) || try == t.tries {
			return resp, err
		}
		resp.Body.Close()
		// Wait between half and one and a half times wait.
		d := wait/2 + time.Duration(rand.Int64N(int64(wait)+1))
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(d):
		}
		wait *= 2
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			req = req.Clone(req.Context())
			req.Body = body
		}
	}
}

// otherRequests is how many of the bot's requests to Discord other than
// interactions' initial responses are on their way at once.
const otherRequests = 32

// answersFirst sends an interaction's initial response (its callback) to
// Discord at once, and the bot's other requests (edits, follow-ups, boards
// in channels) at most otherRequests at a time, the rest waiting their
// turn in the bot. Under a crowd, hundreds of edits in flight made the
// initial responses, which Discord wants within 3 s, wait behind them at
// the other end; now they never queue behind more than otherRequests.
type answersFirst struct {
	next   http.RoundTripper
	others chan struct{} // a slot per request of the others on its way
}

func newAnswersFirst(next http.RoundTripper) *answersFirst {
	return &answersFirst{next: next, others: make(chan struct{}, otherRequests)}
}

func (t *answersFirst) RoundTrip(req *http.Request) (*http.Response, error) {
	if isCallback(req.URL.Path) {
		return t.next.RoundTrip(req)
	}
	select {
	case t.others <- struct{}{}:
	case <-req.Context().Done():
		return nil, req.Context().Err()
	}
	defer func() { <-t.others }()
	return t.next.RoundTrip(req)
}

// isCallback reports whether path is that of an interaction's initial
// response: POST /interactions/{id}/{token}/callback
// (https://discord.com/developers/docs/interactions/receiving-and-responding#create-interaction-response).
func isCallback(path string) bool {
	rest, ok := strings.CutSuffix(path, "/callback")
	if !ok {
		return false
	}
	i := strings.LastIndex(rest, "/interactions/")
	return i >= 0 && strings.Count(rest[i+len("/interactions/"):], "/") == 1
}
