package web

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/zugbot/zugbot/store"
)

// grant is what a private link grants: user may play game until expiry.
// Nonce makes each link single-use.
type grant struct {
	Game    int64  `json:"g"`
	Page    string `json:"p"` // the game's public id, its page's address
	User    string `json:"u"`
	Expires int64  `json:"e"` // Unix seconds
	Nonce   string `json:"n"`
}

// The reasons a token is refused, as the player reads them.
var (
	errTokenForged  = errors.New("this link is not valid: it was not made by this server, or it was altered")
	errTokenExpired = errors.New("this link has expired: ask for a new one")
	errTokenUsed    = errors.New("this link was already used: ask for a new one (a private link opens once)")
)

// sign returns the token for g under key: the grant's JSON and its
// HMAC-SHA256, both base64url.
func sign(key []byte, g grant) (string, error) {
	b, err := json.Marshal(g)
	if err != nil {
		return "", fmt.Errorf("encode grant: %w", err)
	}
	payload := base64.RawURLEncoding.EncodeToString(b)
	return payload + "." + base64.RawURLEncoding.EncodeToString(mac(key, payload)), nil
}

func mac(key []byte, payload string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(payload))
	return h.Sum(nil)
}

// verify returns the grant of token if key signed it and it has not
// expired at now.
func verify(key []byte, token string, now time.Time) (grant, error) {
	payload, sig, ok := strings.Cut(token, ".")
	if !ok || len(token) > 1024 {
		return grant{}, errTokenForged
	}
	// Strict: one signature has one spelling. A lenient decoder ignores
	// the last character's unused low bits, so that other characters
	// there decoded to the same signature and opened the link too.
	got, err := base64.RawURLEncoding.Strict().DecodeString(sig)
	if err != nil || !hmac.Equal(got, mac(key, payload)) {
		return grant{}, errTokenForged
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(payload)
	if err != nil {
		return grant{}, errTokenForged
	}
	var g grant
	if err := json.Unmarshal(b, &g); err != nil || g.Game <= 0 || !store.ValidPublicID(g.Page) || g.User == "" || g.Nonce == "" {
		return grant{}, errTokenForged
	}
	if !now.Before(time.Unix(g.Expires, 0)) {
		return grant{}, errTokenExpired
	}
	return g, nil
}

// randomHex returns n random bytes in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b)
}

// usedTokens remembers the nonces of the tokens used, until they expire,
// so that a link opens once.
type usedTokens struct {
	mu   sync.Mutex
	used map[string]time.Time // nonce → expiry
}

// use records nonce as used until expires, and reports false if it was
// used already.
func (u *usedTokens) use(nonce string, expires, now time.Time) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.used == nil {
		u.used = map[string]time.Time{}
	}
	for n, e := range u.used {
		if !now.Before(e) {
			delete(u.used, n)
		}
	}
	if _, ok := u.used[nonce]; ok {
		return false
	}
	u.used[nonce] = expires
	return true
}

// forget takes nonce off the used ones, so that its link opens again.
func (u *usedTokens) forget(nonce string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	delete(u.used, nonce)
}
