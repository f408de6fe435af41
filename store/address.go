package store

import (
	"cmp"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// A database's address is a SQLite file's path or a PostgreSQL server's
// URL, postgres://user:password@host/db. The URL's password must never be
// shown: Redacted masks it in anything logged or reported, whether or not
// the URL can be parsed, and Open scrubs it from the driver's errors.
//
// Where the password ends is read the two ways a person or a parser may
// mean it. The PostgreSQL driver reads libpq's way: the user name and
// password end at the first "@", unless a "/" comes first, which begins
// the path. A person who put an unencoded "/", "@" or "?" in the password
// meant the last "@". Redacted masks the most either reading takes, and
// CheckAddress refuses an address the readings disagree on, so the
// driver never sees a password split in two.

// mask is what Redacted writes for a password.
const mask = "xxxxx"

// percentEncoding says how to write the characters a URL's password must
// not hold as they are. It ends CheckAddress's errors.
const percentEncoding = "percent-encode the password: / as %2F, @ as %40, : as %3A, # as %23, ? as %3F, % as %25 (pa/ss becomes pa%2Fss)"

// afterScheme returns the index in addr where what follows a URL's scheme
// begins (after "postgres://", or "scheme:" when no "//" follows), and
// whether "//" followed; -1 when addr does not begin with a scheme.
func afterScheme(addr string) (int, bool) {
	for i := 0; i < len(addr); i++ {
		c := addr[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			if strings.HasPrefix(addr[i+1:], "//") {
				return i + 3, true
			}
			return i + 1, false
		default:
			return -1, false
		}
	}
	return -1, false
}

// span is the bytes [from, to) of an address.
type span struct{ from, to int }

// secrets returns where rest, an address after its scheme, may hold a
// password, in order and merged: in the user information, from the first
// ":" to the last "@" (more than the driver takes when the address has
// several "@"), and the value of every query parameter whose name holds
// "password" (password, sslpassword), up to the next "&". A parameter is
// looked for after every "?" and "&", wherever it is.
func secrets(rest string) []span {
	var spans []span
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		if c := strings.IndexByte(rest[:at], ':'); c >= 0 {
			spans = append(spans, span{c + 1, at})
		}
	}
	for i := 0; i < len(rest); i++ {
		if rest[i] != '?' && rest[i] != '&' {
			continue
		}
		param := rest[i+1:]
		if end := strings.IndexByte(param, '&'); end >= 0 {
			param = param[:end]
		}
		if key, _, ok := strings.Cut(param, "="); ok && passwordKey(key) {
			spans = append(spans, span{i + 1 + len(key) + 1, i + 1 + len(param)})
		}
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.from, b.from) })
	merged := spans[:0]
	for _, s := range spans {
		if n := len(merged); n > 0 && s.from <= merged[n-1].to {
			merged[n-1].to = max(merged[n-1].to, s.to)
			continue
		}
		merged = append(merged, s)
	}
	return merged
}

// passwordKey reports whether a query parameter's name may name a
// password: it holds "password" in any case, as written or
// percent-decoded.
func passwordKey(key string) bool {
	decoded := key
	if d, err := url.QueryUnescape(key); err == nil {
		decoded = d
	}
	return strings.Contains(strings.ToLower(key), "password") || strings.Contains(strings.ToLower(decoded), "password")
}

// Redacted returns addr fit to log or show: a file path as it is, and a
// URL (postgres://…, or one of any scheme, mistyped) with its password
// replaced by xxxxx, the user name, host and database left visible. It
// needs no valid URL: the password may hold any bytes ("/", "@", ":",
// "#", "?", "%", invalid UTF-8), and everything that may be part of it is
// masked (see secrets), the password=… and sslpassword=… query parameters
// too.
func Redacted(addr string) string {
	start, _ := afterScheme(addr)
	if start < 0 {
		return addr
	}
	rest := addr[start:]
	spans := secrets(rest)
	if len(spans) == 0 {
		return addr
	}
	var b strings.Builder
	b.WriteString(addr[:start])
	last := 0
	for _, s := range spans {
		b.WriteString(rest[last:s.from])
		b.WriteString(mask)
		last = s.to
	}
	b.WriteString(rest[last:])
	return b.String()
}

// CheckAddress reports whether addr, a database's address, can be used
// as it is written: a file path, or a PostgreSQL URL the driver reads as
// the person meant it. Its error, which never holds the password, says
// what is wrong, without the address: the caller names it (Redacted).
//
// A URL whose password holds an unencoded "/" or "@" is refused, since the
// driver would take part of the password for the host, port or database
// (and might show that part in its errors); so is one with a "%" that
// does not begin an escape in its user name or password. An "@" other
// than the one that ends the password must be written %40, wherever it
// is. An address that looks like a URL of another scheme is refused too,
// rather than taken for a file of that name.
func CheckAddress(addr string) error {
	start, slashes := afterScheme(addr)
	if start < 0 {
		return nil
	}
	scheme := strings.ToLower(strings.TrimSuffix(addr[:start], "//"))
	if !IsPostgres(addr) {
		if slashes || scheme == "postgres:" || scheme == "postgresql:" {
			return errors.New("is not a PostgreSQL URL: write it postgres://user@host/db (the scheme in lower case, with //), or give a SQLite file's path")
		}
		return nil // a file whose name has a colon, such as zugbot:test.db
	}
	rest := addr[start:]
	var reason string
	switch ats := strings.Count(rest, "@"); {
	case ats > 1:
		reason = "it holds more than one @, so where the password ends is unclear"
	case ats == 1 && rest[strings.IndexAny(rest, "@/")] == '/':
		reason = "its @ comes after a /, so the user name and password would be read as the host, port and database"
	case ats == 1 && !validEscapes(rest[:strings.IndexByte(rest, '@')]):
		reason = "its user name or password holds a % that does not begin an escape such as %2F"
	default:
		return nil
	}
	return fmt.Errorf("cannot be parsed: %s; %s", reason, percentEncoding)
}

// validEscapes reports whether every "%" of s begins an escape of two hex
// digits.
func validEscapes(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
			return false
		}
	}
	return true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// WithPassword returns the PostgreSQL URL addr with password put in as its
// user's password, percent-encoded so that it may hold any character but
// NUL. It refuses a file path, a URL CheckAddress refuses, and one that
// already holds a password.
func WithPassword(addr, password string) (string, error) {
	if !IsPostgres(addr) {
		return "", errors.New("is not a PostgreSQL URL: a SQLite file has no password")
	}
	if err := CheckAddress(addr); err != nil {
		return "", err
	}
	if strings.IndexByte(password, 0) >= 0 {
		return "", errors.New("the password holds a NUL byte, which PostgreSQL does not allow")
	}
	start, _ := afterScheme(addr)
	rest := addr[start:]
	if len(secrets(rest)) > 0 {
		return "", errors.New("already holds a password: give it in one place only")
	}
	enc := ":" + percentEncode(password)
	if at := strings.IndexByte(rest, '@'); at >= 0 {
		return addr[:start] + rest[:at] + enc + rest[at:], nil
	}
	return addr[:start] + enc + "@" + rest, nil
}

// percentEncode returns s with every byte but a letter, digit, "-", ".",
// "_" or "~" written %XX: what the driver and net/url both decode, and
// what nothing reads as part of a URL's structure. (url.UserPassword
// leaves "&", "=" and "+" as they are, and url.QueryEscape writes a space
// as "+", which the driver does not decode.)
func percentEncode(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '.', c == '_', c == '~':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// scrub returns err with addr's password taken out of its text: addr
// itself replaced by Redacted(addr), then each password it holds, as
// written and percent-decoded. The driver's errors may echo the address.
// The result wraps err, for errors.Is and errors.As.
func scrub(err error, addr string) error {
	if err == nil {
		return nil
	}
	start, _ := afterScheme(addr)
	if start < 0 {
		return err
	}
	rest := addr[start:]
	var words []string
	for _, s := range secrets(rest) {
		raw := rest[s.from:s.to]
		words = append(words, raw)
		if d, err := url.PathUnescape(raw); err == nil {
			words = append(words, d)
		}
		if d, err := url.QueryUnescape(raw); err == nil {
			words = append(words, d)
		}
	}
	msg := strings.ReplaceAll(err.Error(), addr, Redacted(addr))
	slices.SortFunc(words, func(a, b string) int { return cmp.Compare(len(b), len(a)) }) // "ab" before "a"
	for _, w := range words {
		if w != "" {
			msg = strings.ReplaceAll(msg, w, mask)
		}
	}
	if msg == err.Error() {
		return err
	}
	return &scrubbedError{msg: msg, err: err}
}

// scrubbedError is an error whose text had a password taken out.
type scrubbedError struct {
	msg string
	err error
}

func (e *scrubbedError) Error() string { return e.msg }
func (e *scrubbedError) Unwrap() error { return e.err }
