package web

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/zugbot/zugbot/store"
)

// session is a player's standing on one game's page, after a private
// link.
type session struct {
	user    string
	game    int64
	csrf    string
	expires time.Time

	moves bucket // the moves the rate limit allows
}

// bucket is a rate limit: tokens, taken one an action, topped up at a
// rate up to a burst.
type bucket struct {
	mu     sync.Mutex
	tokens float64   // the actions allowed now
	last   time.Time // when tokens was last topped up
}

// take takes a token, reporting false when there is none; the bucket
// holds burst at most and gains rate a second.
func (b *bucket) take(now time.Time, burst, rate float64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.last.IsZero() {
		b.tokens = burst
	} else {
		b.tokens = min(burst, b.tokens+now.Sub(b.last).Seconds()*rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// Rate limit of moves per session: a burst of moveBurst, refilled at
// moveRate a second.
const (
	moveBurst = 10
	moveRate  = 10
)

// allow takes one move from the session's bucket, reporting false when it
// is empty.
func (s *session) allow(now time.Time) bool { return s.moves.take(now, moveBurst, moveRate) }

// SessionStore keeps the players' sessions where a restart of the server
// finds them, by their id's hash: *store.Store.
type SessionStore interface {
	AddWebSession(ctx context.Context, ws store.WebSession) error
	WebSession(ctx context.Context, idHash string) (store.WebSession, error)
}

// sessions are the sessions of a Server met since it started, by their
// id's hash: a cache of the SessionStore's, which also holds their rate
// limits.
type sessions struct {
	mu     sync.Mutex
	byHash map[string]*session
}

// put caches s under hash, and forgets the expired sessions.
func (ss *sessions) put(hash string, s *session, now time.Time) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.byHash == nil {
		ss.byHash = map[string]*session{}
	}
	for k, x := range ss.byHash {
		if !now.Before(x.expires) {
			delete(ss.byHash, k)
		}
	}
	ss.byHash[hash] = s
}

// get returns the cached session under hash, if it has not expired.
func (ss *sessions) get(hash string, now time.Time) *session {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	s := ss.byHash[hash]
	if s == nil || !now.Before(s.expires) {
		return nil
	}
	return s
}

// hashID returns the hash a session's id is kept under.
func hashID(id string) string {
	h := sha256.Sum256([]byte(id))
	return hex.EncodeToString(h[:])
}

// startSession begins a session of user in game, kept in the
// SessionStore, and returns its id, the cookie's value.
func (s *Server) startSession(ctx context.Context, user string, game int64) (string, *session, error) {
	now := s.now()
	id := randomHex(32)
	sess := &session{user: user, game: game, csrf: randomHex(16), expires: now.Add(s.cfg.SessionTTL)}
	hash := hashID(id)
	err := s.cfg.Sessions.AddWebSession(ctx, store.WebSession{IDHash: hash, User: user, Game: game, CSRF: sess.csrf, Expires: sess.expires})
	if err != nil {
		return "", nil, err
	}
	s.sessions.put(hash, sess, now)
	return id, sess, nil
}

// cookieName is the name of the session cookie of a game: one per game,
// so that a player can keep several games open.
func cookieName(game int64) string { return "zugbot_g" + strconv.FormatInt(game, 10) }

// sessionOf returns the session of request r for game, or nil: from the
// cache, or else from the SessionStore (a session begun before a restart,
// or by another process on the same database).
func (s *Server) sessionOf(r *http.Request, game int64) *session {
	c, err := r.Cookie(cookieName(game))
	if err != nil || len(c.Value) != 64 {
		return nil
	}
	now := s.now()
	hash := hashID(c.Value)
	sess := s.sessions.get(hash, now)
	if sess == nil {
		ws, err := s.cfg.Sessions.WebSession(r.Context(), hash)
		if err != nil {
			if !errors.Is(err, store.ErrNotFound) {
				s.cfg.Log.Error("web: reading a session", "err", err)
			}
			return nil
		}
		sess = &session{user: ws.User, game: ws.Game, csrf: ws.CSRF, expires: ws.Expires}
		if !now.Before(sess.expires) {
			return nil
		}
		s.sessions.put(hash, sess, now)
	}
	if sess.game != game {
		return nil
	}
	return sess
}

// csrfOK reports whether r carries a session's CSRF value, csrf, and, when
// it says where it comes from, comes from this site: served directly, or
// through Discord's proxy of the Activity,
// https://{application id}.discordsays.com.
func (s *Server) csrfOK(r *http.Request, csrf string) bool {
	h := r.Header.Get(csrfHeader)
	if h == "" || subtle.ConstantTimeCompare([]byte(h), []byte(csrf)) != 1 {
		return false
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" {
		return false
	}
	if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host && o != "https://"+r.Host && (s.discord == nil || o != s.discord.origin()) {
		return false
	}
	return true
}

// csrfHeader is the header a changing request carries its session's CSRF
// value in.
const csrfHeader = "X-Zugbot-CSRF"
