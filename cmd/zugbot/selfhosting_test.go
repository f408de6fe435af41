package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

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
		if _, err := s.Finish(context.Background(), g.ID, 0, store.End{Result: store.Win, Winner: 1, Reason: store.ReasonResignation}); err != nil {
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
			case "build": // the image, given the checkout's version and commit: the rule below
				t.Errorf("guide line %d: %q: want the build given its version and commit, %sdocker compose … build", c.line, c.text, composeBuildEnv)
			case "cp": // docker compose -f F cp -a SRC zugbot:/data/zugbot.db
				target := w[len(w)-1]
				m := regexp.MustCompile(`ZUGBOT_DB=(/\S+)`).FindStringSubmatch(string(dockerfile))
				if m == nil || target != "zugbot:"+m[1] || !slices.Contains(w, "-a") {
					t.Errorf("guide line %d: %q: want the archive copy onto the image's database %v", c.line, c.text, m)
				}
			case "down": // the container goes, the database's volume stays
				if slices.Contains(w, "-v") || slices.Contains(w, "--volumes") {
					t.Errorf("guide line %d: %q removes the database's volume", c.line, c.text)
				}
			case "up", "logs", "stop", "start":
			default:
				t.Errorf("guide line %d: unexpected compose command %q", c.line, c.text)
			}
		}},
		// A build, by build or by up --build, given the checkout's version
		// and commit in the environment, which the compose files pass on.
		{regexp.MustCompile(`^VERSION=.* docker compose -f deploy/(compose|compose-postgres)\.yaml (build|up -d --build)$`), func(t *testing.T, c readmeCommand, w []string) {
			if !strings.HasPrefix(c.text, composeBuildEnv+"docker compose ") {
				t.Errorf("guide line %d: %q: want the build given its version and commit, %s", c.line, c.text, composeBuildEnv)
			}
			name := strings.TrimPrefix(w[slices.Index(w, "-f")+1], "deploy/")
			checkBuildArgs(t, name, deployFile(t, name), string(dockerfile))
		}},
		{regexp.MustCompile(`^docker compose -f deploy/compose-postgres\.yaml (run|up|logs) `), func(t *testing.T, c readmeCommand, w []string) {
			checkComposePostgres(t)
			pg := deployFile(t, "compose-postgres.yaml")
			switch w[4] {
			case "run":
				checkMigrateService(t, c, w, compose, pg, string(dockerfile))
			case "up":
				if c.text != "docker compose -f deploy/compose-postgres.yaml up -d" {
					t.Errorf("guide line %d: unexpected compose command %q", c.line, c.text)
				}
			case "logs":
				if len(w) != 7 || w[5] != "-f" || !strings.Contains(pg, "\n  "+w[6]+":\n") {
					t.Errorf("guide line %d: %q: compose-postgres.yaml has no service %s", c.line, c.text, w[len(w)-1])
				}
			}
		}},
		{regexp.MustCompile(`^(nano deploy/\.env|chmod 600 deploy/\.env)$`), func(t *testing.T, c readmeCommand, _ []string) {
			// Compose reads .env from the project's folder, the compose file's.
			requires(t, c, deployFile(t, "compose-postgres.yaml"), "compose-postgres.yaml", "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in deploy/.env}")
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
		{regexp.MustCompile(`^deploy/docker-backup (--postgres )?\S+$`), func(t *testing.T, c readmeCommand, w []string) {
			fi, err := os.Stat("../../deploy/docker-backup")
			if err != nil || fi.Mode()&0o111 == 0 {
				t.Errorf("guide line %d: deploy/docker-backup is not an executable file: %v", c.line, err)
				return
			}
			if out, err := exec.Command("sh", "-n", "../../deploy/docker-backup").CombinedOutput(); err != nil {
				t.Errorf("deploy/docker-backup: %v %s", err, out)
			}
			checkDockerBackup(t, c, w[1:len(w)-1])
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
	checkBuildArgs(t, "compose.yaml", compose, dockerfile)
	for _, want := range []string{"env_file: zugbot.env", `ZUGBOT_METRICS_ADDR: ":9090"`, `- "127.0.0.1:9090:9090"`, "- zugbot-data:/data", "restart: unless-stopped"} {
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
	dockerfile, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	checkBuildArgs(t, "compose-postgres.yaml", compose, string(dockerfile))
	for _, want := range []string{"image: postgres:", "pg_isready", "condition: service_healthy", "env_file: zugbot.env",
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

// composeBuildEnv is dockerBuildArgs as the environment of a docker
// compose command, whose compose files pass VERSION and COMMIT on to the
// build.
var composeBuildEnv = strings.ReplaceAll(dockerBuildArgs, "--build-arg ", "") + " "

// checkBuildArgs checks that every service of a compose file that builds
// the image gives the Dockerfile the environment's VERSION and COMMIT
// (empty when unset: the binary then says "dev (unknown commit)"), which
// the Dockerfile stamps into the binary.
func checkBuildArgs(t *testing.T, name, compose, dockerfile string) {
	t.Helper()
	const block = "    build:\n      context: ..\n      args:\n        VERSION: ${VERSION:-}\n        COMMIT: ${COMMIT:-}\n"
	if n := strings.Count(compose, "\n    build:"); n == 0 || strings.Count(compose, block) != n {
		t.Errorf("deploy/%s: not every build is given the environment's version and commit:\n%s", name, block)
	}
	if !regexp.MustCompile(`(?m)^ARG .*\bVERSION\b.*\bCOMMIT\b`).MatchString(dockerfile) ||
		!strings.Contains(dockerfile, "-X main.version=${VERSION} -X main.commit=${COMMIT}") {
		t.Errorf("the Dockerfile takes no VERSION and COMMIT arguments into the binary, which deploy/%s passes", name)
	}
	for _, v := range []string{"VERSION=", "COMMIT="} {
		if !strings.Contains(composeBuildEnv, v) {
			t.Errorf("the build's environment %q sets no %s", composeBuildEnv, v)
		}
	}
}

// composeService returns the lines of a compose file's service, from its
// name to the next line indented as little as it.
func composeService(compose, name string) string {
	_, rest, ok := strings.Cut(compose, "\n  "+name+":\n")
	if !ok {
		return ""
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(rest, "\n") {
		if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "    ") {
			break
		}
		b.WriteString(line)
	}
	return b.String()
}

// checkMigrateService checks the guide's move of compose.yaml's SQLite bot
// to compose-postgres.yaml, docker compose -f deploy/compose-postgres.yaml
// run --rm -v VOLUME:DIR SERVICE: the service is a one-off kept out of
// up, on the image that file builds, after PostgreSQL is healthy; VOLUME
// is compose.yaml's database volume under the project name Compose gives
// both files (their folder's, deploy); its command copies DIR's database,
// named as the image names it, into the postgres service's database, the
// password in PGPASSWORD, which the driver reads as it is. Then the
// command runs, on a SQLite database and a PostgreSQL server of the test.
func checkMigrateService(t *testing.T, c readmeCommand, w []string, compose, pg, dockerfile string) {
	t.Helper()
	if len(w) != 9 || w[5] != "--rm" || w[6] != "-v" {
		t.Errorf("guide line %d: %q: want run --rm -v VOLUME:DIR SERVICE", c.line, c.text)
		return
	}
	volume, dir, _ := strings.Cut(w[7], ":")
	svc := composeService(pg, w[8])
	for _, want := range []string{"    image: zugbot\n", "    profiles: [", "      PGPASSWORD: ${POSTGRES_PASSWORD}\n", "        condition: service_healthy\n"} {
		if !strings.Contains(svc, want) {
			t.Errorf("guide line %d: %q: compose-postgres.yaml's service %s lacks %q", c.line, c.text, w[8], want)
		}
	}
	if zb := composeService(pg, "zugbot-0"); !strings.Contains(zb, "    image: zugbot\n") || !strings.Contains(zb, "    build:") {
		t.Errorf("compose-postgres.yaml's zugbot-0 does not build the image zugbot, which %s runs", w[8])
	}
	m := regexp.MustCompile(`(?m)^      - (\S+):/data$`).FindStringSubmatch(compose)
	if abs, _ := filepath.Abs("../../deploy"); m == nil || volume != filepath.Base(abs)+"_"+m[1] {
		t.Errorf("guide line %d: %q: compose.yaml's database volume, under its project's name, is not %s (%v)", c.line, c.text, volume, m)
	}
	cm := regexp.MustCompile(`(?m)^    command: (\[.*\])$`).FindStringSubmatch(svc)
	var args []string
	if cm == nil || json.Unmarshal([]byte(cm[1]), &args) != nil || len(args) != 5 || args[0] != "migrate-db" || args[1] != "-from" || args[3] != "-to" {
		t.Fatalf("compose-postgres.yaml's %s: want command: [\"migrate-db\", \"-from\", FILE, \"-to\", URL], have %v", w[8], cm)
	}
	db := regexp.MustCompile(`ENV ZUGBOT_DB=(/\S+)`).FindStringSubmatch(dockerfile)
	if db == nil || args[2] != dir+"/"+filepath.Base(db[1]) {
		t.Errorf("guide line %d: %q: %s copies %s, not the database the image keeps in the volume mounted on %s (%v)", c.line, c.text, w[8], args[2], dir, db)
	}
	u, err := url.Parse(args[4])
	if err != nil {
		t.Fatal(err)
	}
	if _, has := u.User.Password(); has || u.Host != "postgres" || composeService(pg, u.Host) == "" ||
		!strings.Contains(pg, "POSTGRES_USER: "+u.User.Username()+"\n") || !strings.Contains(pg, "POSTGRES_DB: "+strings.TrimPrefix(u.Path, "/")+"\n") {
		t.Errorf("compose-postgres.yaml's %s copies into %s, not the postgres service's database without a password in the URL", w[8], args[4])
	}
	const pw = `p/a@s:s#w?o%r&d= x`
	t.Setenv("PGPASSWORD", pw)
	if cfg, err := pgconn.ParseConfig(args[4]); err != nil || cfg.Password != pw {
		t.Errorf("PGPASSWORD=%q does not give the driver the password of %s: %+v, %v", pw, args[4], cfg, err)
	}

	// The copy, from a database with a finished game, into a server of the
	// test (whose URL has no password either).
	from := filepath.Join(t.TempDir(), filepath.Base(args[2]))
	s, err := store.Open(context.Background(), from, store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.CreateGame(context.Background(), store.NewGame{Variant: "zola",
		Seats: [2]store.Seat{{Player: store.Player{ID: "1", Name: "Ada"}}, {Player: store.Player{ID: "2", Name: "Bea"}}}})
	if err == nil {
		_, err = s.Finish(context.Background(), g.ID, 0, store.End{Result: store.Win, Winner: 1, Reason: store.ReasonResignation})
	}
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	if code := run(context.Background(), []string{args[0], args[1], from, args[3], postgres(t)}, &out, &errOut); code != 0 || !strings.Contains(out.String(), " replayed to the same position") {
		t.Errorf("guide line %d: %q: migrate-db: exit %d\n%s%s", c.line, c.text, code, out.String(), errOut.String())
	}
}

// checkDockerBackup runs deploy/docker-backup with opts (none, or
// --postgres) against a stand-in for docker that records its arguments,
// and checks what it ran against the compose file it names: zugbot backup
// in compose.yaml's zugbot service, whose -o - writes the copy to standard
// output, or pg_dump in compose-postgres.yaml's postgres service as the
// README's Backups says; the copy dated under its own name, and copies
// older than 14 days removed.
func checkDockerBackup(t *testing.T, c readmeCommand, opts []string) {
	t.Helper()
	bin, dir := t.TempDir(), t.TempDir()
	argsFile := filepath.Join(bin, "args")
	fake := "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + argsFile + "\nprintf 'the copy'\n"
	if err := os.WriteFile(filepath.Join(bin, "docker"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-20 * 24 * time.Hour)
	for _, name := range []string{"zugbot-2000-01-01-0330.db", "zugbot-2000-01-01-0330.dump", "notes.txt"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, old, old)
	}
	cmd := exec.Command("../../deploy/docker-backup", append(slices.Clone(opts), dir)...)
	cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("guide line %d: %q: %v\n%s", c.line, c.text, err, out)
	}
	b, err := os.ReadFile(argsFile)
	if err != nil {
		t.Fatal(err)
	}
	ran := strings.Fields(string(b))
	if len(ran) < 4 || ran[0] != "compose" || ran[1] != "-f" || filepath.Clean(filepath.Dir(ran[2])) != filepath.Clean("../../deploy") {
		t.Fatalf("guide line %d: %q ran docker %v", c.line, c.text, ran)
	}
	words := append([]string{"docker", "compose", "-f", "deploy/" + filepath.Base(ran[2])}, ran[3:]...)
	ext := ".db"
	if slices.Equal(opts, []string{"--postgres"}) {
		ext = ".dump"
		if words[3] != "deploy/compose-postgres.yaml" {
			t.Errorf("guide line %d: %q backs up %s", c.line, c.text, words[3])
		}
		checkComposePostgresBackup(t, c, append(words, ">", "zugbot.dump"))
	} else if len(opts) > 0 || !slices.Equal(words[3:], []string{"deploy/compose.yaml", "exec", "-T", "zugbot", "zugbot", "backup", "-o", "-"}) || composeService(deployFile(t, "compose.yaml"), "zugbot") == "" {
		t.Errorf("guide line %d: %q ran %v", c.line, c.text, words)
	} else {
		path := filepath.Join(t.TempDir(), "zugbot.db")
		s, err := store.Open(context.Background(), path, store.Options{Variants: games.All()})
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		t.Setenv("ZUGBOT_DB", path)
		var out, errOut strings.Builder
		if code := run(context.Background(), ran[7:], &out, &errOut); code != 0 || !strings.HasPrefix(out.String(), "SQLite format 3\x00") {
			t.Errorf("%v: exit %d, %.20q %s", ran[7:], code, out.String(), errOut.String())
		}
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	for i := range names {
		names[i] = filepath.Base(names[i])
	}
	if len(names) != 2 || names[0] != "notes.txt" || !regexp.MustCompile(`^zugbot-\d{4}-\d\d-\d\d-\d{4}\`+ext+`$`).MatchString(names[1]) {
		t.Errorf("guide line %d: %q left %v; want notes.txt and today's zugbot-…%s", c.line, c.text, names, ext)
	} else if b, _ := os.ReadFile(filepath.Join(dir, names[1])); string(b) != "the copy" {
		t.Errorf("guide line %d: %q: the copy holds %q", c.line, c.text, b)
	}
}

// TestExitStatusEveryCommand checks every zugbot command against the
// guide's table of exit statuses (section 9): -h is 0; an unknown flag
// and each command's own mistakes on the command line (an unknown game, a
// file it reads that is missing, a file it writes that exists) are 2; a
// failure that is not one of the command line is 1. A command added to
// zugbot without its cases here fails the test.
func TestExitStatusEveryCommand(t *testing.T) {
	dir := t.TempDir()
	exists := filepath.Join(dir, "exists.png")
	if err := os.WriteFile(exists, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "zugbot.db")
	newGameDB(t, db)
	missing := filepath.Join(dir, "missing.db")
	busy, err := net.Listen("tcp", "127.0.0.1:0") // an address in use: a failure that may pass
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	t.Setenv("DISCORD_TOKEN", "")
	t.Setenv("ZUGBOT_DB", db)
	type exit struct {
		args []string
		want int
	}
	cases := map[string][]exit{
		"run": {{[]string{"-shards", "abc"}, exitUsage}, {[]string{"-db", filepath.Join(missing, "x.db")}, exitUsage}},
		"perft": {{[]string{"-game", "nosuch"}, exitUsage}, {[]string{"-game", "zola", "-depth", "0"}, exitUsage},
			{[]string{"-game", "zola4", "-depth", "1"}, 0}},
		"moves":  {{[]string{"-game", "zola", "-position", "garbage"}, exitUsage}, {[]string{"-game", "zola"}, 0}},
		"render": {{[]string{"-game", "zola", "-o", exists}, exitUsage}, {[]string{"-game", "zola", "-moves", "zz", "-o", filepath.Join(dir, "r.png")}, exitUsage}},
		"analyse": {{[]string{"-game", "zola", "-moves", "a1xb1", "-o", exists}, exitUsage},
			{[]string{"-game", "zola", "-moves", "bogus"}, exitUsage}},
		"match": {{[]string{"-game", "nosuch"}, exitUsage}, {[]string{"-game", "zola"}, exitUsage}},
		"play":  {{[]string{"-game", "zola", "-level", "9"}, exitUsage}, {[]string{"-game", "nosuch"}, exitUsage}},
		"web": {{[]string{"-game", "nosuch"}, exitUsage}, {[]string{"-addr", "nonsense"}, exitUsage},
			{[]string{"-addr", busy.Addr().String(), "-db", filepath.Join(dir, "web.db")}, exitFailure}},
		"worker":     {{[]string{"-db", db}, exitUsage}},
		"backup":     {{[]string{"-o", exists}, exitUsage}, {[]string{"-db", missing, "-o", filepath.Join(dir, "b.db")}, exitUsage}, {[]string{"-o", filepath.Join(dir, "b.db")}, 0}},
		"migrate-db": {{[]string{"-from", missing, "-to", "postgres://zugbot@localhost/zugbot"}, exitUsage}, {[]string{"-from", db}, exitUsage}},
		"admin": {{nil, exitUsage}, {[]string{"export-user", "-db", missing, "-user", "123456789012345678"}, exitUsage},
			{[]string{"export-user", "-user", "123456789012345678"}, exitFailure}},
		"unregister": {{nil, exitUsage}, {[]string{"-token", "t", "-guild", "x"}, exitUsage}},
		"version":    {{[]string{"extra"}, exitUsage}, {nil, 0}},
		"puzzle":     {{[]string{"-game", "nosuch"}, exitUsage}, {[]string{"-bogus"}, exitUsage}},
		"mine-puzzles": {{[]string{"-game", "nosuch"}, exitUsage}, {[]string{"-bogus"}, exitUsage},
			{[]string{"-game", "zola", "-db", missing, "-out", filepath.Join(dir, "p.txt")}, exitUsage}},
	}
	for _, c := range commands() {
		if len(cases[c.name]) == 0 {
			t.Errorf("zugbot %s has no exit-status cases in TestExitStatusEveryCommand: add them", c.name)
		}
		all := append([]exit{{[]string{"-h"}, 0}, {[]string{"-no-such-flag"}, exitUsage}}, cases[c.name]...)
		if c.name == "admin" {
			all = all[1:] // admin's -h is each subcommand's
		}
		for _, e := range all {
			args := append([]string{c.name}, e.args...)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			var stderr strings.Builder
			got := run(ctx, args, io.Discard, &stderr)
			cancel()
			if got != e.want {
				t.Errorf("zugbot %s: exit %d (%q); the guide's table says %d", strings.Join(args, " "), got, strings.TrimSpace(stderr.String()), e.want)
			}
		}
	}
	for name := range cases {
		if !hasCommand(name) {
			t.Errorf("TestExitStatusEveryCommand has cases for %q, which is no zugbot command", name)
		}
	}
}

// TestSelfHostingExitStatuses checks the guide's table of exit statuses
// against zugbot's: the statuses it lists, zugbot.service's
// RestartPreventExitStatus, and the commands it gives as examples.
func TestSelfHostingExitStatuses(t *testing.T) {
	guide, err := os.ReadFile(guidePath)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(guide), "\n## 9. Exit statuses\n")
	if !ok {
		t.Fatal("the guide has no section 9. Exit statuses")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var listed []int
	for _, m := range regexp.MustCompile(`(?m)^\| ([0-9, ]+) \|`).FindAllStringSubmatch(section, -1) {
		for _, f := range strings.Split(m[1], ",") {
			n, _ := strconv.Atoi(strings.TrimSpace(f))
			listed = append(listed, n)
		}
	}
	want := []int{0, exitFailure, exitUsage, exitInterrupted, 128 + int(syscall.SIGTERM)}
	if !slices.Equal(listed, want) {
		t.Errorf("the guide's exit statuses are %v; zugbot's are %v", listed, want)
	}
	unit := deployFile(t, "zugbot.service")
	if v := unitValue(unit, "RestartPreventExitStatus"); v != strconv.Itoa(exitUsage) || !strings.Contains(section, "`RestartPreventExitStatus="+v+"`") {
		t.Errorf("zugbot.service has RestartPreventExitStatus=%s; the guide and exitUsage say %d", v, exitUsage)
	}
	if unitValue(unit, "Restart") != "on-failure" || unitValue(unit, "RestartSec") != "10s" || !strings.Contains(section, "`zugbot.service` after 10 s") {
		t.Errorf("zugbot.service does not restart a failure after 10 s, as the guide says")
	}

	// The examples.
	status := func(env map[string]string, args ...string) int {
		for k, v := range env {
			t.Setenv(k, v)
		}
		return run(context.Background(), args, io.Discard, io.Discard)
	}
	db := filepath.Join(t.TempDir(), "zugbot.db")
	newGameDB(t, db) // a database that holds nothing about the person
	for _, tc := range []struct {
		env  map[string]string
		args []string
		want int
	}{
		{nil, []string{"admin", "export-user", "-db", db, "-user", "123456789012345678"}, exitFailure},
		{nil, []string{"admin", "delete-user", "-db", db, "-user", "123456789012345678"}, exitFailure},
		{nil, []string{"moves", "-game", "nosuchgame"}, exitUsage},
		{nil, []string{"no-such-command"}, exitUsage},
		{map[string]string{"DISCORD_TOKEN": "t", "ZUGBOT_DB": filepath.Join(t.TempDir(), "missing", "zugbot.db")}, []string{"run"}, exitUsage},
		{map[string]string{"DISCORD_TOKEN": "t", "ZUGBOT_DB": t.TempDir()}, []string{"run"}, exitUsage},
	} {
		if got := status(tc.env, tc.args...); got != tc.want {
			t.Errorf("zugbot %v (%v): exit %d, the guide says %d", tc.args, tc.env, got, tc.want)
		}
	}
	for sig, want := range map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143} {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(signalled{sig})
		if got, ok := interrupted(ctx, errInterrupted); !ok || got != want || !strings.Contains(section, strconv.Itoa(want)) {
			t.Errorf("a tool interrupted by %v exits %d, the guide says %d", sig, got, want)
		}
		if _, ok := interrupted(ctx, nil); ok {
			t.Errorf("the bot, stopped by %v, does not exit 0", sig)
		}
	}
}
