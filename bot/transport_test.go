package bot

import (
	"context"
	"net/http"
	"testing"
)

// blockingTransport holds every request but callbacks until release is
// closed, and tells started of each request it holds.
type blockingTransport struct {
	started chan string
	release chan struct{}
}

func (b *blockingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !isCallback(req.URL.Path) {
		b.started <- req.URL.Path
		<-b.release
	}
	return &http.Response{StatusCode: http.StatusNoContent, Body: http.NoBody, Request: req}, nil
}

// TestAnswersFirst checks that an interaction's initial response goes to
// Discord while the bot's other requests fill every slot and more wait,
// and that the others go otherRequests at a time.
func TestAnswersFirst(t *testing.T) {
	next := &blockingTransport{started: make(chan string, 2*otherRequests), release: make(chan struct{})}
	tr := newAnswersFirst(next)
	send := func(path string) error {
		req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, "http://discord.test"+path, nil)
		if err != nil {
			return err
		}
		resp, err := tr.RoundTrip(req)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	done := make(chan error, 2*otherRequests)
	for range otherRequests + 5 {
		go func() { done <- send("/api/v9/webhooks/1/tok/messages/@original") }()
	}
	for range otherRequests {
		<-next.started
	}
	// Every slot is taken and 5 wait: a callback still goes through.
	if err := send("/api/v9/interactions/123/tok/callback"); err != nil {
		t.Fatal(err)
	}
	if n := len(next.started); n != 0 {
		t.Errorf("%d requests beyond the %d slots reached Discord", n, otherRequests)
	}
	close(next.release)
	for range otherRequests + 5 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

func TestIsCallback(t *testing.T) {
	for path, want := range map[string]bool{
		"/api/v9/interactions/123/tok/callback":       true,
		"/api/v10/interactions/123/a.b-c_d/callback":  true,
		"/api/v9/webhooks/1/tok/messages/@original":   false,
		"/api/v9/webhooks/1/tok":                      false,
		"/api/v9/channels/5/messages/callback":        false,
		"/api/v9/interactions/123/callback":           false,
		"/api/v9/interactions/123/tok/extra/callback": false,
	} {
		if got := isCallback(path); got != want {
			t.Errorf("isCallback(%q) = %v; want %v", path, got, want)
		}
	}
}
