package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

func TestBackupCommand(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	s, err := store.Open(context.Background(), db, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SeePlayer(context.Background(), store.Player{ID: "1", Name: "Ada"}); err != nil {
		t.Fatal(err)
	}
	defer s.Close() // the bot keeps running meanwhile

	out := filepath.Join(dir, "copy.db")
	code, stdout, stderr := zugbot(t, "backup", "-db", db, "-o", out)
	if code != 0 || !strings.HasPrefix(stdout, "backed up "+db+" to "+out) {
		t.Fatalf("backup: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	c, err := store.Open(context.Background(), out, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if p, err := c.Player(context.Background(), "1"); err != nil || p.Name != "Ada" {
		t.Errorf("player in the copy: %+v, %v", p, err)
	}

	// "-o -": the copy on standard output, the report on standard error.
	code, stdout, stderr = zugbot(t, "backup", "-db", db, "-o", "-")
	if code != 0 || !strings.HasPrefix(stdout, "SQLite format 3\x00") || !strings.Contains(stderr, "to standard output") {
		t.Fatalf("backup -o -: exit %d, stdout %.20q, stderr %q", code, stdout, stderr)
	}
	piped := filepath.Join(dir, "piped.db")
	if err := os.WriteFile(piped, []byte(stdout), 0o600); err != nil {
		t.Fatal(err)
	}
	pc, err := store.Open(context.Background(), piped, store.Options{})
	if err != nil {
		t.Fatalf("the copy written to standard output does not open: %v", err)
	}
	defer pc.Close()
	if p, err := pc.Player(context.Background(), "1"); err != nil || p.Name != "Ada" {
		t.Errorf("player in the piped copy: %+v, %v", p, err)
	}

	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"backup", "-db", db, "-o", out}, 2, "already exists"},
		{[]string{"backup", "-db", db}, 2, "-o or -dir is required"},
		{[]string{"backup", "-db", db, "-o", out, "-dir", dir}, 2, "give one"},
		{[]string{"backup", "-db", filepath.Join(dir, "none.db"), "-o", filepath.Join(dir, "x.db")}, 2, "no such file"},
		{[]string{"backup", "-db", dir, "-o", filepath.Join(dir, "x.db")}, 2, "it is a folder"},
		{[]string{"backup", "-o", out, "extra"}, 2, "unexpected argument"},
		// The file named, never the temporary file the copy is made in.
		{[]string{"backup", "-db", db, "-o", filepath.Join(dir, "none", "b.db")}, 2, "-o " + filepath.Join(dir, "none", "b.db") + ": the folder " + filepath.Join(dir, "none") + " does not exist"},
		{[]string{"backup", "-db", db, "-o", dir}, 2, "-o " + dir + " is a folder"},
	}
	for _, tt := range tests {
		code, _, stderr := zugbot(t, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) || strings.Contains(stderr, ".tmp") {
			t.Errorf("zugbot %s: exit %d, stderr %q; want exit %d and %q", strings.Join(tt.args, " "), code, stderr, tt.code, tt.want)
		}
	}
}

// TestHideTemp: an error about the temporary file a copy is made in is
// told of the files the person named.
func TestHideTemp(t *testing.T) {
	err := hideTemp(fmt.Errorf("back up: %w", &fs.PathError{Op: "open", Path: "/x/.b.db.123.tmp", Err: syscall.EACCES}), "back up a.db to /x/b.db")
	if got := err.Error(); got != "back up a.db to /x/b.db: permission denied" {
		t.Errorf("hideTemp: %q", got)
	}
	err = hideTemp(&os.LinkError{Op: "link", Old: "/x/.b.db.1.tmp", New: "/x/b.db", Err: syscall.EEXIST}, "back up a.db to /x/b.db")
	if got := err.Error(); got != "back up a.db to /x/b.db: file exists" {
		t.Errorf("hideTemp: %q", got)
	}
	other := &fs.PathError{Op: "open", Path: "a.db", Err: syscall.ENOENT}
	if got := hideTemp(other, "back up"); got != other {
		t.Errorf("hideTemp changed an error about the database: %v", got)
	}
}

// TestBackupUnit runs deploy/zugbot-backup.service's command lines as
// systemd would, with the bot's settings (the unit's Environment=, then
// /etc/zugbot/env, which overrides them), on SQLite and on PostgreSQL, and
// restores the copy as the guide (SQLite) and the README (PostgreSQL's
// pg_restore) say. On PostgreSQL, the SQLite file the bot left behind
// after migrate-db is there too, and must not be what is backed up.
func TestBackupUnit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and starts PostgreSQL")
	}
	unit := deployFile(t, "zugbot-backup.service")
	bin := buildZugbot(t)
	for _, kind := range []string{"sqlite", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			root := t.TempDir() // stands for /
			remap := func(s string) string {
				s = strings.ReplaceAll(s, "/usr/local/bin/zugbot", bin)
				for _, d := range []string{"/var/lib/zugbot", "/etc/zugbot"} {
					s = strings.ReplaceAll(s, d, filepath.Join(root, d))
				}
				return s
			}
			env := map[string]string{}
			for _, m := range regexp.MustCompile(`(?m)^Environment=(\w+)=(.*)$`).FindAllStringSubmatch(unit, -1) {
				env[m[1]] = remap(m[2])
			}
			envFile := remap(unitValue(unit, "EnvironmentFile"))
			if envFile == "" || unitValue(unit, "EnvironmentFile") != unitValue(deployFile(t, "zugbot.service"), "EnvironmentFile") {
				t.Fatalf("zugbot-backup.service does not read zugbot.service's EnvironmentFile")
			}
			os.MkdirAll(filepath.Dir(envFile), 0o700)
			os.MkdirAll(filepath.Join(root, "var/lib/zugbot"), 0o700)
			sqlitePath := filepath.Join(root, "var/lib/zugbot/zugbot.db")
			if env["ZUGBOT_DB"] != sqlitePath {
				t.Fatalf("the unit's default ZUGBOT_DB is %q, not the bot's %s", env["ZUGBOT_DB"], sqlitePath)
			}
			// The bot's database, holding a game; on PostgreSQL, set in
			// /etc/zugbot/env with its password apart, as the guide says.
			db, settings := sqlitePath, "DISCORD_TOKEN=t\n"
			stale := newGameDB(t, sqlitePath) // the bot's database, or the one left after migrate-db
			if kind == "postgres" {
				db = postgres(t)
				settings += "ZUGBOT_DB=" + db + "\nZUGBOT_DB_PASSWORD=any\n" // the test's server trusts every password
			}
			if err := os.WriteFile(envFile, []byte(settings), 0o600); err != nil {
				t.Fatal(err)
			}
			game := stale
			if kind == "postgres" {
				game = newGameDB(t, db)
			}
			for _, line := range strings.Split(settings, "\n") {
				if k, v, ok := strings.Cut(line, "="); ok {
					env[k] = v
				}
			}
			environ := cleanEnv()
			for k, v := range env {
				environ = append(environ, k+"="+v)
			}

			// An old copy, which the unit removes, and a recent one it keeps.
			backups := filepath.Join(root, "var/lib/zugbot/backups")
			os.MkdirAll(backups, 0o700)
			old, recent := filepath.Join(backups, "zugbot-2020-01-01-0330.db"), filepath.Join(backups, "zugbot-2020-01-02-0330.dump")
			for _, f := range []string{old, recent} {
				os.WriteFile(f, nil, 0o600)
			}
			os.Chtimes(old, time.Now().AddDate(0, 0, -20), time.Now().AddDate(0, 0, -20))
			for _, key := range []string{"ExecStartPre", "ExecStart", "ExecStartPost"} {
				line := unitValue(unit, key)
				if line == "" || strings.ContainsAny(line, `'"%$\`) {
					t.Fatalf("%s=%q: want a plain command line, which this test runs as systemd does", key, line)
				}
				words := strings.Fields(remap(line))
				cmd := exec.Command(words[0], words[1:]...)
				cmd.Env = environ
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("%s=%s: %v\n%s", key, line, err, out)
				}
			}
			if fileExists(old) || !fileExists(recent) {
				t.Errorf("the unit's clean-up: the 20-day-old copy is there: %v, the recent one: %v", fileExists(old), fileExists(recent))
			}
			made, _ := filepath.Glob(filepath.Join(backups, "zugbot-2*"))
			made = slices.DeleteFunc(made, func(f string) bool { return f == recent })
			ext := map[string]string{"sqlite": ".db", "postgres": ".dump"}[kind]
			if len(made) != 1 || filepath.Ext(made[0]) != ext {
				t.Fatalf("the unit made %v; want one zugbot-<date>%s", made, ext)
			}

			if kind == "postgres" {
				// "-o -": pg_dump's custom format on standard output.
				t.Setenv("ZUGBOT_DB", db)
				code, stdout, stderr := zugbot(t, "backup", "-o", "-")
				if code != 0 || !strings.HasPrefix(stdout, "PGDMP") || !strings.Contains(stderr, "to standard output (pg_dump -Fc") {
					t.Errorf("backup -o - of PostgreSQL: exit %d, stdout %.8q, stderr %q", code, stdout, stderr)
				}
			}

			// The database is lost, and restored from the copy.
			if kind == "sqlite" {
				// The guide's restore: the copy in place of the database file.
				restoreGuideSQLite(t, made[0], sqlitePath)
			} else {
				restoreReadmePostgres(t, db, made[0])
			}
			st, err := store.Open(ctx, db, store.Options{Variants: games.All()})
			if err != nil {
				t.Fatalf("the restored database: %v", err)
			}
			defer st.Close()
			if _, err := st.Load(ctx, game); err != nil {
				t.Errorf("game #%d is not in the restored database: %v", game, err)
			}
		})
	}
}

// newGameDB opens (creating) the database at db and starts a game in it,
// whose number it returns.
func newGameDB(t *testing.T, db string) int64 {
	t.Helper()
	st, err := store.Open(context.Background(), db, store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, err := st.CreateGame(context.Background(), store.NewGame{Variant: "zola", GuildID: "g", ChannelID: "c", DaysPerMove: 3,
		Seats: [2]store.Seat{{Player: store.Player{ID: "1", Name: "Ada"}}, {Player: store.Player{ID: "2", Name: "Bob"}}}})
	if err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// restoreGuideSQLite restores a SQLite copy as the guide's Restoring
// says with systemd: the lost database's -wal and -shm files removed, the
// copy installed in place of the database.
func restoreGuideSQLite(t *testing.T, copyPath, db string) {
	t.Helper()
	var steps int
	for _, c := range docCommands(t, guidePath) {
		w := strings.Fields(c.text)
		switch {
		case len(w) == 5 && w[0] == "sudo" && w[1] == "rm" && w[2] == "-f" && strings.HasSuffix(w[3], ".db-wal"):
			for _, f := range w[3:] {
				os.Remove(strings.Replace(f, "/var/lib/zugbot/zugbot.db", db, 1))
			}
			steps++
		case len(w) == 10 && w[0] == "sudo" && w[1] == "install" && strings.HasPrefix(w[8], "/var/lib/zugbot/backups/") && w[9] == "/var/lib/zugbot/zugbot.db":
			os.Remove(db) // lost
			b, err := os.ReadFile(copyPath)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(db, b, 0o600); err != nil {
				t.Fatal(err)
			}
			steps++
		}
	}
	if steps != 2 {
		t.Fatalf("found %d of the guide's 2 restore steps for systemd (rm the -wal and -shm files, install the copy)", steps)
	}
}

// restoreReadmePostgres loses the PostgreSQL database at db and restores
// the dump with the README's pg_restore command.
func restoreReadmePostgres(t *testing.T, db, dump string) {
	t.Helper()
	for _, c := range docCommands(t, "../../README.md") {
		if w, _ := c.fields(); len(w) > 0 && w[0] == "pg_restore" {
			restorePostgres(t, c, w, db, dump)
			return
		}
	}
	t.Fatal("the README has no pg_restore command")
}
