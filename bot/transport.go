package bot

import (
	"math/rand/v2"
	"net/http"
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
