package web

import (
	"crypto/subtle"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// session is a player's standing on one game's page, after a private
// link.
type session struct {
	user    string
	game    int64
	csrf    string
	expires time.Time
	// origin is one more Origin its requests may come from: for the
	// Activity's sessions, Discord's proxy of the page,
	// https://{application id}.discordsays.com.
	origin string

	mu     sync.Mutex
	tokens float64   // the moves the rate limit allows now
	last   time.Time // when tokens was last topped up
}

// Rate limit of moves per session: a burst of moveBurst, refilled at
// moveRate a second.
const (
	moveBurst = 10
	moveRate  = 10
)

// allow takes one move from the session's bucket, reporting false when it
// is empty.
func (s *session) allow(now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last.IsZero() {
		s.tokens = moveBurst
	} else {
		s.tokens = min(moveBurst, s.tokens+now.Sub(s.last).Seconds()*moveRate)
	}
	s.last = now
	if s.tokens < 1 {
		return false
	}
	s.tokens--
	return true
}

// sessions are the sessions of a Server, by id.
type sessions struct {
	mu   sync.Mutex
	byID map[string]*session
}

// add stores s under a new id, which it returns, and forgets expired
// sessions.
func (ss *sessions) add(s *session, now time.Time) string {
	id := randomHex(32)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.byID == nil {
		ss.byID = map[string]*session{}
	}
	for k, x := range ss.byID {
		if !now.Before(x.expires) {
			delete(ss.byID, k)
		}
	}
	ss.byID[id] = s
	return id
}

// get returns the session with id, if it exists and has not expired.
func (ss *sessions) get(id string, now time.Time) *session {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	s := ss.byID[id]
	if s == nil || !now.Before(s.expires) {
		return nil
	}
	return s
}

// cookieName is the name of the session cookie of a game: one per game,
// so that a player can keep several games open.
func cookieName(game int64) string { return "zugbot_g" + strconv.FormatInt(game, 10) }

// sessionOf returns the session of request r for game, or nil.
func (s *Server) sessionOf(r *http.Request, game int64) *session {
	c, err := r.Cookie(cookieName(game))
	if err != nil {
		return nil
	}
	sess := s.sessions.get(c.Value, s.now())
	if sess == nil || sess.game != game {
		return nil
	}
	return sess
}

// csrfOK reports whether r carries the session's CSRF value and, when it
// says where it comes from, comes from this site.
func csrfOK(r *http.Request, sess *session) bool {
	h := r.Header.Get(csrfHeader)
	if h == "" || subtle.ConstantTimeCompare([]byte(h), []byte(sess.csrf)) != 1 {
		return false
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" {
		return false
	}
	if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host && o != "https://"+r.Host && (sess.origin == "" || o != sess.origin) {
		return false
	}
	return true
}

// csrfHeader is the header a changing request carries its session's CSRF
// value in.
const csrfHeader = "X-Zugbot-CSRF"
