package store

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// TestRedacted: the password of a PostgreSQL address is masked whatever
// it holds and whether or not the URL parses; the user name, host and
// database stay visible where it can tell them apart, and where it cannot,
// more is masked, never less.
func TestRedacted(t *testing.T) {
	tests := []struct {
		name, addr, want string
		secrets          []string // none of which may be in the result
	}{
		{"a file", "zugbot.db", "zugbot.db", nil},
		{"a path", "/var/lib/zugbot/zugbot.db", "/var/lib/zugbot/zugbot.db", nil},
		{"a file with a colon", "zugbot:test.db", "zugbot:test.db", nil},
		{"no password", "postgres://zugbot@db/zugbot?sslmode=disable", "postgres://zugbot@db/zugbot?sslmode=disable", nil},
		{"no user", "postgres://db:5432/zugbot", "postgres://db:5432/zugbot", nil},
		{"a password", "postgres://zugbot:s3cret@db/zugbot", "postgres://zugbot:xxxxx@db/zugbot", []string{"s3cret"}},
		{"postgresql://", "postgresql://zugbot:s3cret@db:5432/zugbot?sslmode=disable", "postgresql://zugbot:xxxxx@db:5432/zugbot?sslmode=disable", []string{"s3cret"}},
		{"an empty password", "postgres://zugbot:@db/zugbot", "postgres://zugbot:xxxxx@db/zugbot", nil},
		{"the trial's /", "postgres://zugbot:s3cr/et+x=@127.0.0.1:1/zugbot", "postgres://zugbot:xxxxx@127.0.0.1:1/zugbot", []string{"s3cr", "et+x="}},
		{"an @", "postgres://zugbot:s3c@ret@db/zugbot", "postgres://zugbot:xxxxx@db/zugbot", []string{"s3c", "ret"}},
		{"a :", "postgres://zugbot:s3c:ret@db/zugbot", "postgres://zugbot:xxxxx@db/zugbot", []string{"s3c", "ret"}},
		{"a #", "postgres://zugbot:s3c#ret@db/zugbot", "postgres://zugbot:xxxxx@db/zugbot", []string{"s3c", "ret"}},
		{"a ?", "postgres://zugbot:s3c?ret@db/zugbot", "postgres://zugbot:xxxxx@db/zugbot", []string{"s3c", "ret"}},
		{"all of them", "postgres://zugbot:a/b@c:d#e?f@db:5432/zugbot", "postgres://zugbot:xxxxx@db:5432/zugbot", []string{"a/b", "c:d", "e?f"}},
		{"escapes", "postgres://zugbot:s3cr%2Fet%40@db/zugbot", "postgres://zugbot:xxxxx@db/zugbot", []string{"s3cr", "%2F"}},
		{"a bad escape", "postgres://zugbot:ab%zzcd@db/zugbot", "postgres://zugbot:xxxxx@db/zugbot", []string{"ab%zzcd"}},
		{"invalid UTF-8", "postgres://zugbot:\xff\xfeok@db/zugbot", "postgres://zugbot:xxxxx@db/zugbot", []string{"\xff", "\xfe"}},
		{"the query's password", "postgres://zugbot@db/zugbot?sslmode=disable&password=s3cret", "postgres://zugbot@db/zugbot?sslmode=disable&password=xxxxx", []string{"s3cret"}},
		{"the query's password first", "postgres://db/zugbot?password=s3c/r@t&sslmode=disable", "postgres://db/zugbot?password=xxxxx&sslmode=disable", []string{"s3c", "r@t"}},
		{"sslpassword", "postgres://zugbot@db/zugbot?sslpassword=k3y", "postgres://zugbot@db/zugbot?sslpassword=xxxxx", []string{"k3y"}},
		{"an encoded key", "postgres://db/zugbot?pass%77ord=s3cret", "postgres://db/zugbot?pass%77ord=xxxxx", []string{"s3cret"}},
		{"a key in capitals", "postgres://db/zugbot?PASSWORD=s3cret", "postgres://db/zugbot?PASSWORD=xxxxx", []string{"s3cret"}},
		{"both", "postgres://zugbot:one@db/zugbot?password=two", "postgres://zugbot:xxxxx@db/zugbot?password=xxxxx", []string{"one", "two"}},
		{"an @ in the query", "postgres://zugbot@db/zugbot?application_name=me@home", "postgres://zugbot@db/zugbot?application_name=me@home", nil},
		// A port and an @ further on: the port might be the start of a
		// password, so it is masked with what follows.
		{"a port and an @ in the query", "postgres://zugbot@db:5432/zugbot?application_name=me@home", "postgres://zugbot@db:xxxxx@home", nil},
		{"a password holding a query", "postgres://zugbot:a?password=b@db/zugbot", "postgres://zugbot:xxxxx", []string{"a?", "b@"}},
		{"several hosts", "postgres://zugbot:s3cret@h1:5432,h2:5433/zugbot", "postgres://zugbot:xxxxx@h1:5432,h2:5433/zugbot", []string{"s3cret"}},
		{"IPv6", "postgres://zugbot:s3cret@[::1]:5432/zugbot", "postgres://zugbot:xxxxx@[::1]:5432/zugbot", []string{"s3cret"}},
		{"an @ in the user name", "postgres://me@srv:s3cret@srv.example.com/zugbot", "postgres://me@srv:xxxxx@srv.example.com/zugbot", []string{"s3cret"}},
		{"a mistyped scheme", "postgre://zugbot:s3cret@db/zugbot", "postgre://zugbot:xxxxx@db/zugbot", []string{"s3cret"}},
		{"a scheme in capitals", "POSTGRES://zugbot:s3cret@db/zugbot", "POSTGRES://zugbot:xxxxx@db/zugbot", []string{"s3cret"}},
		{"no //", "postgres:zugbot:s3cret@db/zugbot", "postgres:zugbot:xxxxx@db/zugbot", []string{"s3cret"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Redacted(tt.addr)
			if got != tt.want {
				t.Errorf("Redacted(%q) = %q; want %q", tt.addr, got, tt.want)
			}
			for _, s := range tt.secrets {
				if strings.Contains(got, s) {
					t.Errorf("Redacted(%q) = %q holds %q", tt.addr, got, s)
				}
			}
		})
	}
}

// TestCheckAddress: an address the driver would read otherwise than it
// was meant is refused, with the way to write it and without its password.
func TestCheckAddress(t *testing.T) {
	for _, addr := range []string{
		"zugbot.db", "/data/zugbot.db", "zugbot:test.db", "C:zugbot.db",
		"postgres://zugbot:s3cret@db/zugbot", "postgresql://zugbot@db:5432/zugbot?sslmode=disable",
		"postgres://db/zugbot", "postgres://zugbot:s3cr%2Fet%40@db/zugbot",
		"postgres://zugbot:s3c?ret@db/zugbot", "postgres://zugbot:s3c#ret@db/zugbot", "postgres://zugbot:a:b@db/zugbot",
		"postgres://zugbot:s3cret@h1:5432,h2/zugbot", // several hosts, which net/url refuses
	} {
		if err := CheckAddress(addr); err != nil {
			t.Errorf("CheckAddress(%q) = %v; want nil", addr, err)
		}
	}
	for _, tt := range []struct{ addr, want string }{
		{"postgres://zugbot:s3cr/et+x=@127.0.0.1:1/zugbot", "its @ comes after a /"},
		{"postgres://zugbot:s3c@ret@db/zugbot", "more than one @"},
		{"postgres://db/zugbot?application_name=me@home&password=s3cret", "its @ comes after a /"},
		{"postgres://zugbot:s3c%zzret@db/zugbot", "a % that does not begin an escape"},
		{"postgres://zugbot:s3cret%@db/zugbot", "a % that does not begin an escape"},
		{"postgre://zugbot:s3cret@db/zugbot", "is not a PostgreSQL URL"},
		{"POSTGRES://zugbot:s3cret@db/zugbot", "is not a PostgreSQL URL"},
		{"postgres:zugbot:s3cret@db/zugbot", "is not a PostgreSQL URL"},
		{"file:///data/zugbot.db", "is not a PostgreSQL URL"},
	} {
		err := CheckAddress(tt.addr)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CheckAddress(%q) = %v; want %q", tt.addr, err, tt.want)
			continue
		}
		if strings.Contains(err.Error(), "s3c") {
			t.Errorf("CheckAddress(%q) = %v, which holds the password", tt.addr, err)
		}
		if IsPostgres(tt.addr) && !strings.Contains(err.Error(), "/ as %2F") {
			t.Errorf("CheckAddress(%q) = %v; want it to say how to encode the password", tt.addr, err)
		}
	}
}

// TestWithPassword: a password given apart goes into the URL encoded, so
// that the driver reads it back byte for byte, whatever it holds.
func TestWithPassword(t *testing.T) {
	for _, pw := range []string{"s3cret", "s3cr/et+x=", "p@ss:w#rd?&password=x", "100%", " spaced out ", "\xff\xfe", "ünï"} {
		for _, addr := range []string{"postgres://zugbot@db/zugbot?sslmode=disable", "postgresql://zugbot@db:5432/zugbot", "postgres://db/zugbot?sslmode=disable"} {
			got, err := WithPassword(addr, pw)
			if err != nil {
				t.Errorf("WithPassword(%q, %q): %v", addr, pw, err)
				continue
			}
			if err := CheckAddress(got); err != nil {
				t.Errorf("WithPassword(%q, %q) = %q, which CheckAddress refuses: %v", addr, pw, got, err)
			}
			want := strings.Replace(addr, "zugbot@", "zugbot:xxxxx@", 1)
			if !strings.Contains(addr, "zugbot@") {
				want = strings.Replace(addr, "://", "://:xxxxx@", 1)
			}
			if r := Redacted(got); r != want {
				t.Errorf("Redacted(%q) = %q; want %q", got, r, want)
			}
			cfg, err := pgconn.ParseConfig(got)
			if err != nil {
				t.Errorf("WithPassword(%q, %q) = %q, which the driver refuses: %v", addr, pw, got, err)
				continue
			}
			if cfg.Password != pw || cfg.Host != "db" || cfg.Database != "zugbot" {
				t.Errorf("WithPassword(%q, %q) = %q, which the driver reads as password %q, host %q, database %q", addr, pw, got, cfg.Password, cfg.Host, cfg.Database)
			}
			if u, err := url.Parse(got); err != nil {
				t.Errorf("WithPassword(%q, %q) = %q, which net/url refuses: %v", addr, pw, got, err)
			} else if p, _ := u.User.Password(); p != pw {
				t.Errorf("WithPassword(%q, %q) = %q, which net/url reads as password %q", addr, pw, got, p)
			}
		}
	}
	for _, tt := range []struct{ addr, pw, want string }{
		{"zugbot.db", "s3cret", "a SQLite file has no password"},
		{"postgres://zugbot:other@db/zugbot", "s3cret", "already holds a password"},
		{"postgres://zugbot:@db/zugbot", "s3cret", "already holds a password"},
		{"postgres://zugbot@db/zugbot?password=other", "s3cret", "already holds a password"},
		{"postgres://zugbot:a/b@db/zugbot", "s3cret", "cannot be parsed"},
		{"postgres://zugbot@db/zugbot", "s3c\x00ret", "NUL"},
	} {
		if got, err := WithPassword(tt.addr, tt.pw); err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "s3c") {
			t.Errorf("WithPassword(%q, %q) = %q, %v; want an error saying %q", tt.addr, tt.pw, got, err, tt.want)
		}
	}
}

// TestOpenHidesThePassword: Open on an address that cannot be parsed says
// so, how to fix it, and never the password; on one that parses, the
// driver's connection error comes without it too.
func TestOpenHidesThePassword(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// The passwords' parts are s3c, r3t and x=y, which nothing else says.
	for _, tt := range []struct{ addr, want string }{
		{"postgres://zugbot:s3c/r3t+x=y@127.0.0.1:1/zugbot", "cannot be parsed: its @ comes after a /"},
		{"postgres://zugbot:s3c@r3t@127.0.0.1:1/zugbot", "cannot be parsed: it holds more than one @"},
		{"postgres://zugbot:s3c%zzr3t@127.0.0.1:1/zugbot", "cannot be parsed: its user name or password holds a %"},
		{"postgres://zugbot:s3c:r3t@127.0.0.1:port/zugbot", "invalid port"}, // the driver's error, which names the address
		{"postgres://zugbot:s3c r3t@127.0.0.1:1/zugbot", "spaces"},
		{"postgres://zugbot:s3c?r3t#x=y@127.0.0.1:1/zugbot?sslmode=disable&connect_timeout=5", "127.0.0.1:1"},
		{"postgres://zugbot@127.0.0.1:1/zugbot?sslmode=disable&password=s3c/r3t@x=y&connect_timeout=5", "cannot be parsed: it holds more than one @"},
		{"postgres://zugbot@127.0.0.1:1/zugbot?sslmode=disable&password=s3c/r3t%40x=y&connect_timeout=5", "127.0.0.1:1"},
		{"postgres://zugbot:s3c%2Fr3t%40x=y@127.0.0.1:1/zugbot?sslmode=disable&connect_timeout=5", "127.0.0.1:1"},
	} {
		s, err := Open(ctx, tt.addr, Options{})
		if err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded; want an error", tt.addr)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tt.want) || !strings.Contains(msg, "open database postgres://zugbot") || !strings.Contains(msg, "xxxxx") {
			t.Errorf("Open(%q) = %v; want it to say %q and name the address with its password masked", tt.addr, err, tt.want)
		}
		for _, part := range []string{"s3c", "r3t", "x=y"} {
			if strings.Contains(msg, part) {
				t.Errorf("Open(%q) = %v, which holds %q, part of the password", tt.addr, err, part)
			}
		}
		if strings.Contains(tt.want, "cannot be parsed") && (!strings.Contains(msg, "/ as %2F") || strings.Contains(msg, "invalid port")) {
			t.Errorf("Open(%q) = %v; want it to say how to encode the password, not blame the port", tt.addr, err)
		}
	}
}

// TestScrub: the driver's error text loses every spelling of the password,
// and still wraps the driver's error.
func TestScrub(t *testing.T) {
	addr := "postgres://zugbot:s3cr%2Fet@db/zugbot?sslpassword=k3y%2B"
	driver := errors.New("cannot parse `" + addr + "`: password s3cr/et for user zugbot; key k3y+ or k3y%2B")
	err := scrub(driver, addr)
	if got := err.Error(); strings.Contains(got, "s3cr") || strings.Contains(got, "k3y") || !strings.Contains(got, "postgres://zugbot:xxxxx@db/zugbot?sslpassword=xxxxx") {
		t.Errorf("scrub: %q", got)
	}
	if !errors.Is(err, driver) {
		t.Errorf("scrub(%v) does not wrap the driver's error", driver)
	}
	if plain := errors.New("connection refused"); scrub(plain, addr) != plain {
		t.Errorf("scrub changed an error without the password")
	}
}

// TestBackupFileRefusesURLs: a backup is of a SQLite file; a PostgreSQL
// URL, or one mistyped, is refused without its password, not looked for
// as a file.
func TestBackupFileRefusesURLs(t *testing.T) {
	out := t.TempDir() + "/backup.db"
	for addr, want := range map[string]string{
		"postgres://zugbot:s3cret@db/zugbot": "pg_dump",
		"postgre://zugbot:s3cret@db/zugbot":  "is not a PostgreSQL URL",
	} {
		err := BackupFile(context.Background(), addr, out)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("BackupFile(%q) = %v; want an error saying %q, without the password", addr, err, want)
		}
	}
}

// plain reports whether s holds only letters, digits, ".", "-" and "_":
// nothing a URL gives a meaning to.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// FuzzRedacted builds PostgreSQL URLs of a user name, a password and a
// host, the password in the user information or in the query, and checks
// that Redacted never panics and never shows the password:
//
//   - Always: no byte of the password that the URL's other parts
//     (frame, the URL with its password masked) lack is in the result.
//     Redacted only keeps bytes of the address or writes xxxxx, so this
//     cannot fail by chance, whatever the user name and host hold.
//   - With a plain user name and host: the result is the frame exactly
//     (or, when the password itself holds a password=… parameter,
//     masks all that follows the user name), so the password, whole, is
//     never in it unless it is a part of the frame; and CheckAddress
//     refuses the URL only when the password holds "@", or in the user
//     information "/" or a "%" that is no escape, and otherwise the
//     driver reads back the same password, not part of it.
func FuzzRedacted(f *testing.F) {
	for _, seed := range []struct {
		user, password, host string
		query                bool
	}{
		{"zugbot", "s3cr/et+x=", "127.0.0.1:1", false},
		{"zugbot", "p@ss:w#rd?", "db", false},
		{"zugbot", "a%2Fb%zz\xff", "db:5432", false},
		{"zugbot", "x", "db", false},
		{"", "", "", false},
		{"me@srv", "s3cret", "[::1]", false},
		{"zugbot", "a?password=b", "h&x=1", false},
		{"a?password=", "b", "c&d", false},
		{"zugbot", "s3cret", "db", true},
		{"zugbot", "@h:xx", "db:5432", true},
		{"zugbot", "p@ss/w?rd#", "db", true},
	} {
		f.Add(seed.user, seed.password, seed.host, seed.query)
	}
	f.Fuzz(func(t *testing.T, user, password, host string, query bool) {
		addr := "postgres://" + user + ":" + password + "@" + host + "/zugbot"
		frame := "postgres://" + user + ":" + mask + "@" + host + "/zugbot"
		if query {
			if strings.Contains(password, "&") {
				t.Skip("an & ends a query parameter's value, for every reader")
			}
			addr = "postgres://" + user + "@" + host + "/zugbot?sslmode=disable&password=" + password + "&application_name=zugbot"
			frame = "postgres://" + user + "@" + host + "/zugbot?sslmode=disable&password=" + mask + "&application_name=zugbot"
		}
		got := Redacted(addr)
		for i := 0; i < len(password); i++ {
			if b := password[i : i+1]; !strings.Contains(frame, b) && strings.Contains(got, b) {
				t.Fatalf("Redacted(%q) = %q holds %q, a byte of the password", addr, got, b)
			}
		}
		if !plain(user) || !plain(host) {
			return
		}
		if got != frame && (query || got != "postgres://"+user+":"+mask) {
			t.Fatalf("Redacted(%q) = %q; want %q", addr, got, frame)
		}
		if password != "" && !strings.Contains(frame, password) && strings.Contains(got, password) {
			t.Fatalf("Redacted(%q) = %q holds the password", addr, got)
		}
		refuse := strings.ContainsAny(password, "/@") || !validEscapes(password)
		if query {
			refuse = strings.Contains(password, "@") // a second @; the rest is the query's
		}
		err := CheckAddress(addr)
		if refuse != (err != nil) {
			t.Fatalf("CheckAddress(%q) = %v; want an error: %v", addr, err, refuse)
		}
		if err != nil {
			return
		}
		if strings.TrimSpace(password) != password || strings.Contains(password, "%00") {
			return // the driver trims spaces and refuses NUL
		}
		cfg, err := pgconn.ParseConfig(addr)
		if err != nil {
			return
		}
		if want, _ := url.PathUnescape(password); cfg.Password != want {
			t.Fatalf("the driver reads %q as password %q; want %q", addr, cfg.Password, want)
		}
	})
}
