package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
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
	st, sess, err := s.game(r)
	if !s.found(w, r, err) {
		return
	}
	id := st.Game.ID
	if sess != nil {
		defer s.watchers.watch(id, sess.user)()
	}
	s.stream(w, r, feed.Filter{Game: id})
}

// Watching reports whether user has game's live board open as its player
// here: a page of theirs, on the web or in the Activity, holds the game's
// live stream open on this server (another process's pages are not
// known). The Discord bot leaves such a player unpinged: the page shows
// them the move.
func (s *Server) Watching(game int64, user string) bool {
	return s.watchers.watching(game, user)
}

// watchers counts the live streams open by the players of each game.
type watchers struct {
	mu sync.Mutex
	n  map[watcher]int
}

// watcher is a player of a game.
type watcher struct {
	game int64
	user string
}

// watch counts a stream of user's on game, until the function it returns
// is called.
func (ws *watchers) watch(game int64, user string) (done func()) {
	k := watcher{game, user}
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if ws.n == nil {
		ws.n = map[watcher]int{}
	}
	ws.n[k]++
	return func() {
		ws.mu.Lock()
		defer ws.mu.Unlock()
		if ws.n[k]--; ws.n[k] <= 0 {
			delete(ws.n, k)
		}
	}
}

func (ws *watchers) watching(game int64, user string) bool {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	return ws.n[watcher{game, user}] > 0
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
		case <-s.streamsCtx.Done():
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
