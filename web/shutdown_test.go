package web_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestShutdown opens live streams on a server's own http.Server and stops
// it with Shutdown: the streams end first, so the stop does not wait for
// them; the http.Server is shut down; and a request that reaches the
// handler afterwards (through another server) is refused with 503.
func TestShutdown(t *testing.T) {
	f := newFixture(t, "zola")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := f.srv.HTTPServer(ln.Addr().String())
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	live := fmt.Sprintf("http://%s%s/live", ln.Addr(), f.api())
	var bodies []io.ReadCloser
	for range 10 {
		resp, err := http.Get(live)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if _, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, resp.Body)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := f.srv.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if ctx.Err() != nil {
		t.Fatal("Shutdown waited for the live streams until its deadline")
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		t.Errorf("Serve returned %v; want http.ErrServerClosed", err)
	}
	for i, b := range bodies {
		if _, err := io.ReadAll(b); err != nil {
			t.Errorf("stream %d: %v; want its end", i, err)
		}
	}
	w := httptest.NewRecorder()
	f.srv.ServeHTTP(w, httptest.NewRequest("GET", f.api(), nil))
	if w.Code != http.StatusServiceUnavailable {
		t.Errorf("a request after Shutdown: %d; want 503", w.Code)
	}
}
