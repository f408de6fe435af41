package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/store"
)

// dbSecrets are the parts of the passwords the tests of this file give:
// none of them may be in anything zugbot says.
var dbSecrets = []string{"s3c", "r3t", "x=y"}

// checkNoSecret fails the test if out holds a part of a password.
func checkNoSecret(t *testing.T, what, out string) {
	t.Helper()
	for _, s := range dbSecrets {
		if strings.Contains(out, s) {
			t.Errorf("%s shows %q, part of the password:\n%s", what, s, out)
		}
	}
}

// TestRunHidesTheDBPassword runs zugbot run as a person would, on a
// PostgreSQL server that is not there (port 1): its configuration, its
// log line and the error of opening the database name the URL with the
// password masked, however the password was given; a URL that cannot be
// parsed is refused before anything is logged, saying how to write it.
func TestRunHidesTheDBPassword(t *testing.T) {
	pwFile := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(pwFile, []byte("s3c/r3t@x=y\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const down = "127.0.0.1:1/zugbot?sslmode=disable&connect_timeout=5"
	for _, tt := range []struct {
		name           string
		db, pw, pwFile string
		format         string
		code           int
		want, wantNot  []string
	}{
		{name: "the trial's URL", db: "postgres://zugbot:s3c/r3t+x=y@127.0.0.1:1/zugbot", code: 2,
			want:    []string{"ZUGBOT_DB postgres://zugbot:xxxxx@127.0.0.1:1/zugbot cannot be parsed", "/ as %2F", "ZUGBOT_DB_PASSWORD"},
			wantNot: []string{"invalid port", "starting zugbot"}},
		{name: "an @ in the password", db: "postgres://zugbot:s3c@r3t@" + down, code: 2,
			want: []string{"cannot be parsed: it holds more than one @", "@ as %40"}},
		{name: "encoded", db: "postgres://zugbot:s3c%2Fr3t%40x=y@" + down, code: 1,
			want: []string{`config.db="postgres://zugbot:xxxxx@` + down + `"`, "open database postgres://zugbot:xxxxx@127.0.0.1:1/zugbot", "connect"}},
		{name: "ZUGBOT_DB_PASSWORD", db: "postgres://zugbot@" + down, pw: "s3c/r3t@x=y", code: 1,
			want: []string{`config.db="postgres://zugbot:xxxxx@` + down + `"`, "open database postgres://zugbot:xxxxx@127.0.0.1:1/zugbot", "connect"}},
		{name: "ZUGBOT_DB_PASSWORD_FILE, JSON logs", db: "postgres://zugbot@" + down, pwFile: pwFile, format: "json", code: 1,
			want: []string{`"db":"postgres://zugbot:xxxxx@` + down + `"`, "open database postgres://zugbot:xxxxx@127.0.0.1:1/zugbot"}},
		{name: "the query's password", db: "postgres://zugbot@" + down + "&password=s3c/r3t", code: 1,
			want: []string{"password=xxxxx", "open database postgres://zugbot@127.0.0.1:1/zugbot"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for k, v := range map[string]string{"DISCORD_TOKEN": "abc", "ZUGBOT_DB": tt.db, "ZUGBOT_DB_PASSWORD": tt.pw,
				"ZUGBOT_DB_PASSWORD_FILE": tt.pwFile, "ZUGBOT_LOG_FORMAT": tt.format, "ZUGBOT_METRICS_ADDR": "", "ZUGBOT_SHARD_IDS": ""} {
				t.Setenv(k, v)
			}
			code, stdout, stderr := zugbot(t, "run")
			out := stdout + stderr
			if code != tt.code {
				t.Errorf("zugbot run: exit %d; want %d\n%s", code, tt.code, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("zugbot run does not say %q:\n%s", w, out)
				}
			}
			for _, w := range tt.wantNot {
				if strings.Contains(out, w) {
					t.Errorf("zugbot run says %q:\n%s", w, out)
				}
			}
			checkNoSecret(t, "zugbot run", out)
		})
	}
}

// TestCommandsHideTheDBPassword: the other commands that take a database
// never show a URL's password either: admin and migrate-db refuse a URL
// that cannot be parsed, saying how to write it, backup's pg_dump is
// told no password on its command line and its failure shows none, and
// store.Open's own errors hold no password.
func TestCommandsHideTheDBPassword(t *testing.T) {
	t.Setenv("ZUGBOT_DB", "")
	sqlite := filepath.Join(t.TempDir(), "zugbot.db")
	s, err := store.Open(context.Background(), sqlite, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	const bad = "postgres://zugbot:s3c/r3t+x=y@127.0.0.1:1/zugbot"
	const down = "postgres://zugbot:s3c%2Fr3t@127.0.0.1:1/zugbot?sslmode=disable&connect_timeout=5"
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"admin", "export-user", "-db", bad, "-user", "1"}, 2, "-db postgres://zugbot:xxxxx@127.0.0.1:1/zugbot cannot be parsed: its @ comes after a /"},
		{[]string{"admin", "export-user", "-db", down, "-user", "1"}, 1, "open database postgres://zugbot:xxxxx@127.0.0.1:1/zugbot"},
		{[]string{"admin", "export-user", "-db", "postgre://zugbot:s3c@db/zugbot", "-user", "1"}, 2, "is not a PostgreSQL URL"},
		{[]string{"migrate-db", "-from", sqlite, "-to", bad}, 2, "-to postgres://zugbot:xxxxx@127.0.0.1:1/zugbot cannot be parsed"},
		{[]string{"migrate-db", "-from", sqlite, "-to", down}, 1, "open database postgres://zugbot:xxxxx@127.0.0.1:1/zugbot"},
		{[]string{"migrate-db", "-from", sqlite, "-to", "postgre://zugbot:s3c@db/zugbot"}, 2, "-to postgre://zugbot:xxxxx@db/zugbot is not a PostgreSQL URL"},
		{[]string{"migrate-db", "-from", "postgre://zugbot:s3c@db/zugbot", "-to", down}, 2, "-from postgre://zugbot:xxxxx@db/zugbot is not a PostgreSQL URL"},
		{[]string{"backup", "-db", bad, "-o", "x.db"}, 2, "-db postgres://zugbot:xxxxx@127.0.0.1:1/zugbot cannot be parsed"},
		{[]string{"backup", "-db", down, "-o", filepath.Join(t.TempDir(), "x.dump")}, 1, "back up postgres://zugbot:xxxxx@127.0.0.1:1/zugbot?sslmode=disable&connect_timeout=5: pg_dump: "},
		{[]string{"backup", "-db", "postgre://zugbot:s3c@db/zugbot", "-o", "x.db"}, 2, "is not a PostgreSQL URL"},
	} {
		code, stdout, stderr := zugbot(t, tt.args...)
		out := stdout + stderr
		if code != tt.code || !strings.Contains(out, tt.want) {
			t.Errorf("zugbot %q: exit %d, %s; want exit %d saying %q", tt.args, code, out, tt.code, tt.want)
		}
		checkNoSecret(t, strings.Join(tt.args[:1], " "), out)
	}

	_, err = store.Open(context.Background(), bad, store.Options{})
	if err == nil || !strings.Contains(err.Error(), "cannot be parsed") {
		t.Errorf("store.Open(%q) = %v; want an error saying it cannot be parsed", bad, err)
	} else {
		checkNoSecret(t, "store.Open", err.Error())
	}
}
