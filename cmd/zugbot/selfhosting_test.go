package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
)

// guidePath is the self-hosting guide.
const guidePath = "../../docs/self-hosting.md"

// deployFile reads a file of deploy/.
func deployFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../../deploy", name))
	if err != nil {
		t.Fatalf("deploy/%s: %v", name, err)
	}
	return string(b)
}

// unitValue returns the value of key in a systemd unit (the first one).
func unitValue(unit, key string) string {
	m := regexp.MustCompile(`(?m)^` + key + `=(.*)$`).FindStringSubmatch(unit)
	if m == nil {
		return ""
	}
	return m[1]
}

// guideRule is a kind of command of the guide, and how the test checks it:
// run it for real where it is a zugbot command, else check that what it
// relies on is true of the files it names.
type guideRule struct {
	match *regexp.Regexp
	check func(t *testing.T, c readmeCommand, words []string)
}

// TestSelfHostingGuide checks every command of docs/self-hosting.md: each
// must be of a kind this test knows, and holds for what the repository
// ships (deploy/*, the Dockerfile, the configuration), and the zugbot
// commands run.
func TestSelfHostingGuide(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	cmds := docCommands(t, guidePath)
	if len(cmds) < 20 {
		t.Fatalf("found %d commands in the guide; the parser is broken", len(cmds))
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil || !strings.Contains(string(readme), "(docs/self-hosting.md)") {
		t.Errorf("README.md does not link to docs/self-hosting.md")
	}
	unit := deployFile(t, "zugbot.service")
	compose := deployFile(t, "compose.yaml")
	dockerfile, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	db := unitValue(unit, "Environment=ZUGBOT_DB")
	if db == "" || !strings.HasPrefix(db, "/var/lib/"+unitValue(unit, "StateDirectory")+"/") {
		t.Errorf("zugbot.service keeps its database at %q, outside its StateDirectory", db)
	}
	bin := buildZugbot(t)
	work := workDir(t)

	// seeded returns a database holding the person the guide's admin
	// commands name, with a finished rated game and a rating.
	top := t // its temporary directories outlive the subtests
	seeded := func(t *testing.T, user string) string {
		path := filepath.Join(top.TempDir(), "zugbot.db")
		s, err := store.Open(context.Background(), path, store.Options{Variants: games.All()})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		g, err := s.CreateGame(context.Background(), store.NewGame{Variant: "zola", Rated: true,
			Seats: [2]store.Seat{{Player: store.Player{ID: user, Name: "Ada"}}, {Player: store.Player{ID: "1", Name: "Bea"}}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Finish(context.Background(), g.ID, 0, store.End{Result: store.Win, Winner: 1, Reason: "resignation"}); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// runAt runs zugbot args with the database at path and wants exit 0.
	runAt := func(t *testing.T, c readmeCommand, path string, args []string) {
		t.Setenv("ZUGBOT_DB", path)
		var out, errOut strings.Builder
		if code := run(context.Background(), args, &out, &errOut); code != 0 {
			t.Errorf("guide line %d: %q: exit %d, %s", c.line, c.text, code, errOut.String())
		}
	}
	var adminDB string // the admin commands run one after the other on one database
	fileExists := func(t *testing.T, c readmeCommand, name string) {
		if _, err := os.Stat(filepath.Join("../..", name)); err != nil {
			t.Errorf("guide line %d: %q: %v", c.line, c.text, err)
		}
	}
	requires := func(t *testing.T, c readmeCommand, text, what, want string) {
		if !strings.Contains(text, want) {
			t.Errorf("guide line %d: %q relies on %s having %q", c.line, c.text, what, want)
		}
	}
	rules := []guideRule{
		{regexp.MustCompile(`^zugbot (\S+)$`), func(t *testing.T, c readmeCommand, w []string) {
			if c.block {
				runReadmeCommand(t, bin, work, c, nil, w[1:])
			} else if !hasCommand(w[1]) {
				t.Errorf("guide line %d: no subcommand %q", c.line, w[1])
			}
		}},
		{regexp.MustCompile(`^sudo -u zugbot zugbot admin `), func(t *testing.T, c readmeCommand, w []string) {
			requires(t, c, unit, "zugbot.service", "User=zugbot")
			args := slices.Clone(w[4:]) // after "sudo -u zugbot zugbot"
			i := slices.Index(args, "-db")
			if i < 0 || args[i+1] != db {
				t.Errorf("guide line %d: %q does not name the service's database %s", c.line, c.text, db)
				return
			}
			if adminDB == "" {
				adminDB = seeded(t, args[slices.Index(args, "-user")+1])
			}
			args[i+1] = adminDB
			runAt(t, c, adminDB, args)
		}},
		{regexp.MustCompile(`^docker compose -f deploy/compose.yaml `), func(t *testing.T, c readmeCommand, w []string) {
			checkCompose(t, compose, string(dockerfile))
			switch w[4] {
			case "exec": // docker compose -f F exec zugbot zugbot ARGS: inside the container
				if w[5] != "zugbot" || w[6] != "zugbot" {
					t.Errorf("guide line %d: %q runs no zugbot subcommand", c.line, c.text)
					return
				}
				args := w[7:]
				path := filepath.Join(t.TempDir(), "zugbot.db")
				if i := slices.Index(args, "-user"); i >= 0 {
					path = seeded(t, args[i+1])
				}
				runAt(t, c, path, args)
			case "build": // the image, given the checkout's version and commit
				if !strings.HasSuffix(c.text, " build "+dockerBuildArgs) {
					t.Errorf("guide line %d: %q: want the build given its version and commit, %s", c.line, c.text, dockerBuildArgs)
				}
			case "cp": // docker compose -f F cp -a SRC zugbot:/data/zugbot.db
				target := w[len(w)-1]
				m := regexp.MustCompile(`ZUGBOT_DB=(/\S+)`).FindStringSubmatch(string(dockerfile))
				if m == nil || target != "zugbot:"+m[1] || !slices.Contains(w, "-a") {
					t.Errorf("guide line %d: %q: want the archive copy onto the image's database %v", c.line, c.text, m)
				}
			case "up", "logs", "stop", "start":
			default:
				t.Errorf("guide line %d: unexpected compose command %q", c.line, c.text)
			}
		}},
		{regexp.MustCompile(`^(curl -fLO https://github\.com/\S+|sha256sum \S+.*|tar -xzf \S+|cd \S+)$`), func(t *testing.T, c readmeCommand, w []string) {
			checkReleaseDownload(t, c, w)
		}},
		// The release image in place of the README's build: the same
		// docker run line, the image's name aside.
		{regexp.MustCompile(`^docker (pull|stop|rm|run|exec) `), func(t *testing.T, c readmeCommand, w []string) {
			readmeRun := ""
			for _, rc := range docCommands(t, "../../README.md") {
				if strings.HasPrefix(rc.text, "docker run ") {
					readmeRun = rc.text
				}
			}
			switch w[1] {
			case "pull":
				if w[2] != releaseImage(t) {
					t.Errorf("guide line %d: %q; want the newest release's image, %s", c.line, c.text, releaseImage(t))
				}
			case "stop", "rm":
				if len(w) != 3 || !strings.Contains(readmeRun, " --name "+w[2]+" ") {
					t.Errorf("guide line %d: %q: not the container of the README's %q", c.line, c.text, readmeRun)
				}
			case "run":
				if strings.TrimSuffix(c.text, releaseImage(t)) != strings.TrimSuffix(readmeRun, "zugbot") {
					t.Errorf("guide line %d: %q is not the README's %q with the release image, %s", c.line, c.text, readmeRun, releaseImage(t))
				}
				checkDockerCommand(t, c, w)
			case "exec":
				checkDockerCommand(t, c, w)
			}
		}},
		{regexp.MustCompile(`^go build -o zugbot \./cmd/zugbot$`), func(*testing.T, readmeCommand, []string) {}}, // buildZugbot above
		{regexp.MustCompile(`^go install github\.com/zugbot/zugbot/cmd/zugbot@latest$`), func(t *testing.T, c readmeCommand, _ []string) {
			mod, _ := os.ReadFile("../../go.mod")
			requires(t, c, string(mod), "go.mod", "module github.com/zugbot/zugbot\n")
		}},
		{regexp.MustCompile(`^sudo install -m 755 zugbot /usr/local/bin/zugbot$`), func(t *testing.T, c readmeCommand, _ []string) {
			requires(t, c, unit, "zugbot.service", "ExecStart=/usr/local/bin/zugbot run")
		}},
		{regexp.MustCompile(`^sudo useradd --system .* zugbot$`), func(t *testing.T, c readmeCommand, w []string) {
			requires(t, c, unit, "zugbot.service", "User=zugbot")
			requires(t, c, c.text, "the command", "--home-dir /var/lib/"+unitValue(unit, "StateDirectory")+" ")
		}},
		{regexp.MustCompile(`^sudo (install -d -m 700 /etc/zugbot|install -m 600 deploy/zugbot\.env\.example /etc/zugbot/env|nano /etc/zugbot/env)$`), func(t *testing.T, c readmeCommand, _ []string) {
			requires(t, c, unit, "zugbot.service", "EnvironmentFile=/etc/zugbot/env")
			requires(t, c, deployFile(t, "zugbot.env.example"), "zugbot.env.example", "\nDISCORD_TOKEN=")
		}},
		{regexp.MustCompile(`^(cp deploy/zugbot\.env\.example deploy/zugbot\.env|chmod 600 deploy/zugbot\.env|nano deploy/zugbot\.env)$`), func(t *testing.T, c readmeCommand, _ []string) {
			requires(t, c, compose, "compose.yaml", "env_file: zugbot.env")
		}},
		{regexp.MustCompile(`^sudo cp (deploy/\S+ )+/etc/systemd/system/$`), func(t *testing.T, c readmeCommand, w []string) {
			for _, f := range w[2 : len(w)-1] {
				fileExists(t, c, f)
			}
			verifyUnits(t, bin, w[2:len(w)-1])
		}},
		{regexp.MustCompile(`^(sudo systemctl (daemon-reload|(enable --now|start|stop|restart) \S+( \S+)?)|journalctl -u zugbot -f)$`), func(t *testing.T, c readmeCommand, w []string) {
			for _, name := range w[2:] {
				if strings.HasSuffix(name, ".service") || strings.HasSuffix(name, ".timer") {
					fileExists(t, c, "deploy/"+name)
				} else if name == "zugbot" {
					fileExists(t, c, "deploy/zugbot.service")
				}
			}
		}},
		{regexp.MustCompile(`^curl -s http://127\.0\.0\.1:9090/healthz$`), func(t *testing.T, c readmeCommand, _ []string) {
			requires(t, c, unit, "zugbot.service", "Environment=ZUGBOT_METRICS_ADDR=127.0.0.1:9090")
			requires(t, c, compose, "compose.yaml", `"127.0.0.1:9090:9090"`)
		}},
		{regexp.MustCompile(`^deploy/docker-backup \S+$`), func(t *testing.T, c readmeCommand, _ []string) {
			fi, err := os.Stat("../../deploy/docker-backup")
			if err != nil || fi.Mode()&0o111 == 0 {
				t.Errorf("guide line %d: deploy/docker-backup is not an executable file: %v", c.line, err)
				return
			}
			if out, err := exec.Command("sh", "-n", "../../deploy/docker-backup").CombinedOutput(); err != nil {
				t.Errorf("deploy/docker-backup: %v %s", err, out)
			}
			requires(t, c, deployFile(t, "docker-backup"), "docker-backup", "exec -T zugbot zugbot backup -o - >")
		}},
		{regexp.MustCompile(`^sudo (rm -f \S+-wal \S+-shm|install -o zugbot -g zugbot -m 600 \S+ \S+)$`), func(t *testing.T, c readmeCommand, w []string) {
			requires(t, c, c.text, "the command", " "+db)
		}},
		{regexp.MustCompile(`^git pull$`), func(*testing.T, readmeCommand, []string) {}},
		{regexp.MustCompile(`^zugbot$`), func(t *testing.T, c readmeCommand, _ []string) { // the user's name
			requires(t, c, unit, "zugbot.service", "User=zugbot")
		}},
		{regexp.MustCompile(`^(curl -fLO https://go\.dev/dl/\S+|sudo rm -rf /usr/local/go|sudo tar -C /usr/local -xzf \S+|export PATH=/usr/local/go/bin:\$PATH)$`), func(t *testing.T, c readmeCommand, _ []string) {
			// Go's own archive, of go.mod's version, into /usr/local/go, the
			// Go that .ci/run also looks for.
			if m := regexp.MustCompile(`go\.dev/dl/|-xzf `).FindStringIndex(c.text); m != nil {
				if want := "go" + goModVersion(t) + ".linux-amd64.tar.gz"; c.text[m[1]:] != want {
					t.Errorf("guide line %d: %q: want go.mod's Go, %s", c.line, c.text, want)
				}
			}
			ci, err := os.ReadFile("../../.ci/run")
			if err != nil {
				t.Fatal(err)
			}
			requires(t, c, string(ci), ".ci/run", "/usr/local/go/bin")
		}},
		{regexp.MustCompile(`^go (version|env GOTOOLCHAIN|env -w GOTOOLCHAIN=auto)$`), func(t *testing.T, c readmeCommand, _ []string) {
			// Not run (-w would change this machine's Go settings): the
			// setting it names is Go's.
			if out, err := exec.Command("go", "env", "GOTOOLCHAIN").Output(); err != nil || len(strings.TrimSpace(string(out))) == 0 {
				t.Errorf("guide line %d: %q: go env GOTOOLCHAIN: %v %q", c.line, c.text, err, out)
			}
		}},
		{regexp.MustCompile(`^sudo chown 65532:65532 \S+$`), func(t *testing.T, c readmeCommand, _ []string) {
			requires(t, c, string(dockerfile), "the Dockerfile", "--chown=65532:65532 /out/data /data")
		}},
	}
	for _, c := range cmds {
		words, err := c.fields()
		if err != nil {
			t.Errorf("guide line %d: %q: %v", c.line, c.text, err)
			continue
		}
		var rule *guideRule
		for i := range rules {
			if rules[i].match.MatchString(c.text) {
				rule = &rules[i]
				break
			}
		}
		if rule == nil {
			t.Errorf("guide line %d: %q is of no kind this test checks; check it here", c.line, c.text)
			continue
		}
		t.Run(c.text, func(t *testing.T) { rule.check(t, c, words) })
	}
}

// checkCompose checks deploy/compose.yaml against the Dockerfile: the
// volume on the image's data directory, the token from the env file, the
// metrics published on this machine only.
func checkCompose(t *testing.T, compose, dockerfile string) {
	t.Helper()
	for _, want := range []string{"build: ..", "env_file: zugbot.env", `ZUGBOT_METRICS_ADDR: ":9090"`, `- "127.0.0.1:9090:9090"`, "- zugbot-data:/data", "restart: unless-stopped"} {
		if !strings.Contains(compose, want) {
			t.Errorf("deploy/compose.yaml lacks %q", want)
		}
	}
	if !strings.Contains(dockerfile, `VOLUME ["/data"]`) {
		t.Errorf("the Dockerfile's volume is not /data, where compose.yaml mounts zugbot-data")
	}
	if strings.Contains(compose, "\t") {
		t.Errorf("deploy/compose.yaml has a tab; YAML indents with spaces")
	}
}

// checkComposePostgres checks deploy/compose-postgres.yaml: PostgreSQL,
// healthy before two zugbot processes start on it, each with one of two
// shards, the database's URL, its password apart and the token's env
// file, and every setting one that zugbot run takes.
func checkComposePostgres(t *testing.T) {
	t.Helper()
	compose := deployFile(t, "compose-postgres.yaml")
	for _, want := range []string{"image: postgres:", "pg_isready", "condition: service_healthy", "build: ..", "env_file: zugbot.env",
		`ZUGBOT_SHARDS: "2"`, `ZUGBOT_SHARD_IDS: "0"`, `ZUGBOT_SHARD_IDS: "1"`, "ZUGBOT_DB: postgres://zugbot@postgres/zugbot",
		"POSTGRES_PASSWORD: ${POSTGRES_PASSWORD", "ZUGBOT_DB_PASSWORD: ${POSTGRES_PASSWORD}"} {
		if !strings.Contains(compose, want) {
			t.Errorf("deploy/compose-postgres.yaml lacks %q", want)
		}
	}
	checkComposePassword(t, compose)
	if strings.Contains(compose, "\t") {
		t.Errorf("deploy/compose-postgres.yaml has a tab; YAML indents with spaces")
	}
	for _, m := range regexp.MustCompile(`(?m)^\s+(ZUGBOT_[A-Z_]+):`).FindAllStringSubmatch(compose, -1) {
		env := map[string]string{"DISCORD_TOKEN": "t", "ZUGBOT_DB": "postgres://zugbot@db/zugbot", "ZUGBOT_SHARDS": "2", m[1]: "1"}
		if m[1] == "ZUGBOT_METRICS_ADDR" {
			env[m[1]] = ":9090"
		}
		if _, err := loadConfig(nil, func(k string) string { return env[k] }, io.Discard); err != nil {
			t.Errorf("deploy/compose-postgres.yaml sets %s: %v", m[1], err)
		}
	}
}

// checkComposePassword gives deploy/compose-postgres.yaml's zugbot
// settings, as Compose would with a password that holds every character
// a URL gives a meaning to, to zugbot run's configuration, and checks
// that the driver gets that password whole.
func checkComposePassword(t *testing.T, compose string) {
	t.Helper()
	const pw = `p/a@s:s#w?o%r&d= x`
	env := map[string]string{"DISCORD_TOKEN": "t"}
	for _, m := range regexp.MustCompile(`(?m)^\s+(ZUGBOT_[A-Z_]+): (.*)$`).FindAllStringSubmatch(compose, -1) {
		if _, seen := env[m[1]]; !seen { // zugbot-0's
			v := strings.ReplaceAll(m[2], "${POSTGRES_PASSWORD}", pw)
			if u, err := strconv.Unquote(v); err == nil {
				v = u
			}
			env[m[1]] = v
		}
	}
	c, err := loadConfig(nil, func(k string) string { return env[k] }, io.Discard)
	if err != nil {
		t.Fatalf("deploy/compose-postgres.yaml, with the password %q: %v", pw, err)
	}
	if cfg, err := pgconn.ParseConfig(c.DB); err != nil || cfg.Password != pw || cfg.Host != "postgres" {
		t.Errorf("deploy/compose-postgres.yaml, with the password %q: ZUGBOT_DB %s gives the driver %+v, %v", pw, store.Redacted(c.DB), cfg, err)
	}
}

// verifyUnits checks the systemd units with systemd-analyze verify, the
// binary path pointed at the test's build (the real one is installed by
// the guide's commands), when systemd-analyze is there; otherwise it
// checks that each has its sections.
func verifyUnits(t *testing.T, bin string, files []string) {
	t.Helper()
	dir := t.TempDir()
	var units []string
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join("../..", f))
		if err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(string(b), "/usr/local/bin/zugbot", bin)
		for _, section := range []string{"[Unit]", "[Install]"} {
			if !strings.Contains(text, section) && !(section == "[Install]" && strings.HasSuffix(f, "-backup.service")) {
				t.Errorf("%s has no %s section", f, section)
			}
		}
		path := filepath.Join(dir, filepath.Base(f))
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		units = append(units, path)
	}
	if _, err := exec.LookPath("systemd-analyze"); err != nil {
		t.Logf("no systemd-analyze here: the units' sections were checked, not their settings")
		return
	}
	out, err := exec.Command("systemd-analyze", append([]string{"verify", "--man=no"}, units...)...).CombinedOutput()
	if err != nil || len(strings.TrimSpace(string(out))) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}
