package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/zugbot/zugbot/feed"
)

// heartbeat is how often a quiet live stream sends a comment, so that
// proxies keep it open and a dead client is found.
const heartbeat = 25 * time.Second

// maxStreams bounds the live streams a server holds open at once.
const maxStreams = 2000

// live serves GET /api/games/{id}/live: a Server-Sent Events stream of the
// game's changes (feed.Change as JSON, event "change"). The page refetches
// the state on each, and on a Resync, and whenever the stream reconnects.
func (s *Server) live(w http.ResponseWriter, r *http.Request) {
	id, err := gameID(r)
	if err != nil {
		refuse(w, http.StatusNotFound, "There is no such game.")
		return
	}
	if _, err := s.tab.Load(r.Context(), id); !s.found(w, r, err) {
		return
	}
	s.stream(w, r, feed.Filter{Game: id})
}

// stream serves a Server-Sent Events stream of the feed's changes that f
// selects (feed.Change as JSON, event "change"), with a heartbeat, until
// the client or the server goes.
func (s *Server) stream(w http.ResponseWriter, r *http.Request, f feed.Filter) {
	if n := s.streams.Add(1); n > maxStreams {
		s.streams.Add(-1)
		w.Header().Set("Retry-After", "10")
		refuse(w, http.StatusServiceUnavailable, "Too many people are watching: try again soon.")
		return
	}
	defer s.streams.Add(-1)
	sub := s.tab.Feed().Subscribe(f)
	defer sub.Close()
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{}) // a stream outlives the server's write timeout
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if _, err := fmt.Fprint(w, "retry: 2000\n: live\n\n"); err != nil {
		return
	}
	if err := rc.Flush(); err != nil {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		var msg string
		select {
		case <-r.Context().Done():
			return
		case <-s.ctx.Done():
			return
		case <-tick.C:
			msg = ": ping\n\n"
		case c, ok := <-sub.C:
			if !ok {
				return
			}
			b, err := json.Marshal(c)
			if err != nil {
				s.cfg.Log.Error("web: encode change", "change", c, "err", err)
				continue
			}
			msg = "event: change\ndata: " + string(b) + "\n\n"
		}
		if _, err := fmt.Fprint(w, msg); err != nil {
			return
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}
