package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"image"
	_ "image/gif"
	_ "image/png"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot"
	"github.com/zugbot/zugbot/bot/discordtest"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/rules"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// readmeCommand is a command line found in README.md (or another Markdown
// file): in a code block, or in an inline code span that starts like a
// command.
type readmeCommand struct {
	file    string // the Markdown file, from the repository's root
	line    int    // line number in the file
	text    string // the command as written, without its comment
	comment string // the text after " # ", if any
	block   bool   // in a code block (not inline)
	ci      bool   // in the ci:begin/ci:end block that .ci/run runs
}

// where names the command's file and line, for messages.
func (c readmeCommand) where() string { return fmt.Sprintf("%s line %d", c.file, c.line) }

// fields splits the command into words as a POSIX shell would for the
// simple commands a README holds: white space separates, and single or
// double quotes group.
func (c readmeCommand) fields() ([]string, error) {
	var out []string
	var cur strings.Builder
	in, quote := false, rune(0)
	for _, r := range c.text {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quote != 0 {
		return nil, errors.New("unbalanced quote")
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}

// inlineCommand matches an inline code span that is a command line.
var inlineCommand = regexp.MustCompile(`^(go |docker |zugbot( |$)|[A-Z_]+=\S* )`)

// readmeDocs are README.md and the pages its measurements and its
// developer's notes moved to, from the repository's root: their commands
// are run, or checked, as the README's.
var readmeDocs = []string{"README.md", "docs/strength.md", "docs/load.md", "docs/development.md"}

// readmeCommands returns the commands of README.md and the pages of
// readmeDocs, splitting "a && b" in two.
func readmeCommands(t *testing.T) []readmeCommand {
	var out []readmeCommand
	for _, doc := range readmeDocs {
		cmds := docCommands(t, filepath.Join("../..", doc))
		if len(cmds) == 0 {
			t.Errorf("found no commands in %s; the parser is broken, or the page lost its commands", doc)
		}
		out = append(out, cmds...)
	}
	return out
}

// docCommands returns the commands of a Markdown file, as readmeCommands
// does for README.md.
func docCommands(t *testing.T, path string) []readmeCommand {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	file := strings.TrimPrefix(filepath.ToSlash(path), "../../")
	var out []readmeCommand
	add := func(line int, text string, block, ci bool) {
		comment := ""
		if i := strings.Index(text, " # "); i >= 0 {
			text, comment = text[:i], strings.TrimSpace(text[i+3:])
		}
		for _, part := range strings.Split(text, " && ") {
			if part = strings.TrimSpace(part); part != "" {
				out = append(out, readmeCommand{file: file, line: line, text: part, comment: comment, block: block, ci: ci})
			}
		}
	}
	sc := bufio.NewScanner(f)
	inBlock, ci := false, false
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "<!-- ci:begin"):
			ci = true
		case strings.HasPrefix(trimmed, "<!-- ci:end"):
			ci = false
		case strings.HasPrefix(trimmed, "```"):
			inBlock = !inBlock
		case inBlock:
			if trimmed != "" && !strings.HasPrefix(trimmed, "#") {
				add(n, trimmed, true, ci)
			}
		default:
			for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(line, -1) {
				if inlineCommand.MatchString(m[1]) {
					add(n, m[1], false, false)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// readmeException is a README command this test does not run as written,
// with the reason and what it checks instead.
type readmeException struct {
	reason string
	check  func(t *testing.T, c readmeCommand, words []string)
}

// readmeExceptions are the commands of the README and its pages
// (readmeDocs) that cannot run here. Every other command must run, or the
// test fails: add a new one here only with a reason.
func readmeExceptions() map[string]readmeException {
	dockerfile := readmeException{
		reason: "needs a Docker engine; the Dockerfile, the volume path, the image name and the environment are checked instead, and the bot the image runs is run by TestReadmeRunBot",
		check:  checkDockerCommand,
	}
	mention := readmeException{
		reason: "a mention of the subcommand (and of its flags); a code block near it, or in the self-hosting guide, runs the full command",
		check:  checkMention,
	}
	envFile := readmeException{
		reason: "makes the env file the docker run command reads; the example it copies, and that the copy stays out of git and of the image, are checked instead",
		check:  checkEnvFile,
	}
	// The PostgreSQL backup: the host's commands are played for real against a
	// throwaway server, the dump's flags kept for the restore that follows it;
	// those in the Compose file's container are checked against that file.
	var dumpWords []string
	pgHost := readmeException{
		reason: "needs a PostgreSQL server at localhost with a zugbot role; the check dumps a zugbot database of a throwaway server with these flags and restores it",
		check: func(t *testing.T, c readmeCommand, words []string) {
			switch words[0] {
			case "pg_dump":
				dumpWords = words
			case "pg_restore":
				if dumpWords == nil {
					t.Fatalf("%s: %q restores before the README says how to dump", c.where(), c.text)
				}
				checkPostgresBackup(t, c, dumpWords, words)
			}
		},
	}
	pgCompose := readmeException{
		reason: "needs a Docker engine; the services, user and database it names are checked against deploy/compose-postgres.yaml, and the pg_dump and pg_restore flags against the README's own commands, which the check plays",
		check:  checkComposePostgresBackup,
	}
	ci := readmeException{reason: "run by .ci/run (the ci:begin block)"}
	// The release's steps (docs/development.md, "Releasing"): the notes
	// file the awk command writes is the one GoReleaser is given.
	var notes string
	goreleaser := readmeException{
		reason: "downloads and builds GoReleaser (minutes), and a release publishes; .goreleaser.yaml is checked against the repository by TestReleaseConfig, its ldflags by TestVersionStamped and its builds by TestReleaseBuilds",
		check: func(t *testing.T, c readmeCommand, words []string) {
			checkGoreleaserCommand(t, c, words)
			if i := slices.Index(words, "--release-notes"); i >= 0 && (notes == "" || words[i+1] != notes) {
				t.Errorf("%s: %q: the release notes are not the file the awk command before it writes (%q)", c.where(), c.text, notes)
			}
		},
	}
	releaseTag := readmeException{
		reason: "tags and pushes a release; the check wants the version to be one of CHANGELOG.md's",
		check:  checkReleaseTag,
	}
	loadRun := readmeException{
		reason: "a load benchmark run of minutes on both cores; TestLoad and every -load flag it is given are checked instead",
		check:  checkLoadRun,
	}
	profiles := readmeException{
		reason: "reads the profiles of the load run before it; the files it names are checked to be those TestLoad -load.profile writes (or the command before, sched.pprof)",
		check:  checkProfileFiles,
	}
	return map[string]readmeException{
		"docker build " + dockerBuildArgs + " -t zugbot .":                                                                                 dockerfile,
		"docker run -d --name zugbot --restart unless-stopped --env-file deploy/zugbot.env -v zugbot-data:/data zugbot":                    dockerfile,
		"docker exec zugbot zugbot backup -o /data/backup.db":                                                                              dockerfile,
		"cp deploy/zugbot.env.example deploy/zugbot.env":                                                                                   envFile,
		"chmod 600 deploy/zugbot.env":                                                                                                      envFile,
		"nano deploy/zugbot.env":                                                                                                           envFile,
		"pg_dump -Fc -h localhost -U zugbot -d zugbot -f zugbot.dump":                                                                      pgHost,
		"pg_restore --clean --if-exists -h localhost -U zugbot -d zugbot zugbot.dump":                                                      pgHost,
		"docker compose -f deploy/compose-postgres.yaml exec -T postgres pg_dump -Fc -U zugbot -d zugbot > zugbot.dump":                    pgCompose,
		"docker compose -f deploy/compose-postgres.yaml stop zugbot-0 zugbot-1 zugbot-worker":                                              pgCompose,
		"docker compose -f deploy/compose-postgres.yaml exec -T postgres pg_restore --clean --if-exists -U zugbot -d zugbot < zugbot.dump": pgCompose,
		"docker compose -f deploy/compose-postgres.yaml start zugbot-0 zugbot-1 zugbot-worker":                                             pgCompose,
		"go version": {
			reason: "prints the reader's Go version; the versions the README and the guide ask for are checked against go.mod by TestReadmeGoVersion",
		},
		"DISCORD_TOKEN=your-token go run ./cmd/zugbot": {
			reason: "connects to Discord with a real token; TestReadmeRunBot runs this command line against the fake Discord",
		},
		"zugbot": {
			reason: "runs the bot (a mention of the bare command); TestReadmeRunBot runs it against the fake Discord",
		},
		"DISCORD_TOKEN=your-token ZUGBOT_GUILD=SERVER_ID go run ./cmd/zugbot unregister": {
			reason: "talks to Discord with a real token; the check runs it against the fake Discord",
			check:  checkUnregister,
		},
		"zugbot backup":      mention,
		"zugbot match":       mention,
		"zugbot admin":       mention,
		"zugbot admin -user": mention,
		"zugbot worker":      mention,
		".ci/run": {
			reason: "the set-up and test command itself: it runs the commands of the README's ci:begin block, each of which this test lists as run by CI",
			check: func(t *testing.T, c readmeCommand, _ []string) {
				script, err := os.ReadFile("../../.ci/run")
				if err != nil || !strings.Contains(string(script), "sed -n '/<!-- ci:begin -->/,/<!-- ci:end -->/p' README.md") {
					t.Errorf("%s: %q does not run the README's ci:begin block: %v", c.where(), c.text, err)
				}
			},
		},
		"go test ./engine/zola/": {
			reason: "one package's tests, a part of go test ./..., which CI runs; the package and its tests are checked instead",
			check:  checkGoTest("func Test"),
		},
		"go mod download": ci,
		"ls /usr/lib/postgresql/*/bin/pg_ctl /usr/games/stockfish /usr/bin/chromium >/dev/null 2>&1 || { $(command -v sudo) apt-get update; $(command -v sudo) apt-get install -y postgresql stockfish chromium; }": ci,
		`test -z "$(gofmt -l .)"`:    ci,
		"go mod tidy -diff":          ci,
		"go vet ./...":               ci,
		"go test -timeout 30m ./...": ci,
		"go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...": ci,
		"go test -race -timeout 30m ./...":                       ci,
		"go test ./...": {
			reason: "the everyday test run: the block's, without the longer time limit that an empty build cache on a loaded machine needs",
			check: func(t *testing.T, c readmeCommand, _ []string) {
				if !strings.Contains(readDoc(t, "README.md"), "go vet ./... && go test -timeout 30m ./...") {
					t.Errorf("%s: %q is not the test run of the README's Develop block", c.where(), c.text)
				}
			},
		},
		"go mod tidy": {
			reason: "rewrites go.mod and go.sum; the CI block checks with -diff that it would change nothing",
		},
		"go test -run XXX -bench . -count 5 ./engine/zola/": {
			reason: "a benchmark run of minutes; the package and its benchmarks are checked instead",
			check:  checkGoTest("func Benchmark"),
		},
		"go test -run XXX -fuzz FuzzParse -fuzztime 30s ./engine/zola/": {
			reason: "a 30 s fuzzing run; the package and its FuzzParse target are checked instead",
			check:  checkGoTest("func FuzzParse("),
		},
		"go run ./cmd/zugbot web": {
			reason: "serves the home page until it is stopped; TestWebCommandHome starts it, opens the address it prints and starts a game there",
			check:  checkGoTest("func TestWebCommandHome("),
		},
		"go run ./cmd/zugbot web -game zola -level 2": {
			reason: "serves the live board until it is stopped; TestWebCommand starts it with these flags, follows the link it prints and plays",
			check:  checkGoTest("func TestWebCommand("),
		},
		"go test ./render -bench PNG": {
			reason: "a benchmark run of a minute; the package and its BenchmarkPNG are checked instead",
			check:  checkGoTest("func BenchmarkPNG("),
		},
		"go test ./render -run XXX -bench 'PNG$' -count 6": {
			reason: "a benchmark run of a minute; the package and its BenchmarkPNG are checked instead",
			check:  checkGoTest("func BenchmarkPNG("),
		},
		"go test ./store -run XXX -bench Load -count 5": {
			reason: "a benchmark run of a minute; the package and its BenchmarkLoad are checked instead",
			check:  checkGoTest("func BenchmarkLoad("),
		},
		"go test ./bot -run XXX -bench Click -benchtime 100x": {
			reason: "a benchmark run of a minute on the fake Discord; the package and its BenchmarkClick are checked instead",
			check:  checkGoTest("func BenchmarkClick("),
		},
		"go test ./bot -run XXX -bench RoundAtDiscordPace -benchtime 1x -count 3": {
			reason: "three tournament rounds posted at Discord's pace, 15 s each; the package and its benchmark are checked instead",
			check:  checkGoTest("func BenchmarkRoundAtDiscordPace("),
		},
		"go test ./cmd/zugbot -run TestLoad -load -v -timeout 20m": {
			reason: "the load benchmark, about 4 minutes of both cores; the package and its TestLoad are checked instead",
			check:  checkGoTest("func TestLoad("),
		},
		"go test ./cmd/zugbot -run TestLoad -load -v -timeout 20m -load.games 150 -load.ai 50 -load.duration 80s -load.profile /tmp/prof":                                loadRun,
		"go test ./cmd/zugbot -run TestLoad -load -v -timeout 20m -load.db postgres":                                                                                     loadRun,
		"go test ./cmd/zugbot -run TestLoad -load -v -timeout 40m -load.games 1000 -load.ai 333 -load.channels 334 -load.db postgres -load.workers 2 -load.duration 90s": loadRun,
		"go test ./cmd/zugbot -run TestLoad -load -v -timeout 40m -load.games 1000 -load.ai 333 -load.channels 334 -load.duration 90s":                                   loadRun,
		"go tool pprof -top -cum /tmp/prof/profile.pprof":                                                                                                                profiles,
		"go tool pprof -top -cum -focus 'bot.\\(\\*Bot\\).handle$' /tmp/prof/block.pprof":                                                                                profiles,
		"go tool trace -pprof=sched /tmp/prof/trace.out > /tmp/prof/sched.pprof":                                                                                         profiles,
		"go tool pprof -top -cum -focus 'bot.\\(\\*Bot\\).handle$' /tmp/prof/sched.pprof":                                                                                profiles,
		"go test ./cmd/zugbot -run TestCrash -crash.kills 20 -crash.terms 3 -v": {
			reason: "the long form of the crash test (about 30 s); its short form runs in go test ./...",
			check:  checkGoTest("func TestCrash("),
		},
		"go test ./cmd/zugbot -run TestFeaturesCrash -crash.each 4 -v": {
			reason: "the long form of the features' crash test (about 2 minutes); its short form runs in go test ./...",
			check:  checkGoTest("func TestFeaturesCrash("),
		},
		"go test ./table -run XXX -bench MoveWhileAIThinks -benchtime 3000x -count 3": {
			reason: "a benchmark run of seconds on both cores; the package and its benchmark are checked instead",
			check:  checkGoTest("func BenchmarkMoveWhileAIThinks("),
		},
		"go test -run XXX -bench AnalyseWhileServing -count 3 -benchtime 1x ./table/": {
			reason: "a benchmark run of seconds on both cores; the package and its benchmark are checked instead",
			check:  checkGoTest("func BenchmarkAnalyseWhileServing("),
		},
		"zugbot migrate-db -from zugbot.db -to postgres://zugbot:secret@localhost/zugbot": {
			reason: "needs a PostgreSQL server at that address; TestMigrateDB runs the command against a throwaway one",
			check: func(t *testing.T, c readmeCommand, words []string) {
				if !hasCommand(words[1]) {
					t.Errorf("%s: %q: no such subcommand", c.where(), c.text)
				}
				checkGoTest("func TestMigrateDB(")(t, c, []string{"./cmd/zugbot"})
			},
		},
		"docker compose -f deploy/compose-postgres.yaml up -d --build": {
			reason: "needs a Docker engine; the compose file is checked against the bot's configuration instead, and TestTwoProcesses runs two processes so",
			check:  func(t *testing.T, c readmeCommand, _ []string) { checkComposePostgres(t) },
		},
		"go test ./bot -run TestSwissTournament -docs": {
			reason: "it rewrites docs/tournament.png in the checkout; the test it runs is part of the README's test command",
			check:  checkGoTest("func TestSwissTournament("),
		},
		"go test ./engine/ai -run TechniqueGain -selfplay.games 160 -selfplay.technique rfp -v -timeout 60m": {
			reason: "a self-play measurement of minutes on both cores; the package and its test are checked instead",
			check:  checkGoTest("func TestTechniqueGain("),
		},
		"go run ./cmd/zugbot match -game chess -a 5@1s -b stockfish:2000@1s -games 40 -adjudicate": {
			reason: "a measurement of about 20 minutes on both cores; TestMatchStockfish plays a short match against Stockfish instead",
			check: func(t *testing.T, c readmeCommand, words []string) {
				checkLadderCommand(t, c, words[3:]) // after "go run ./cmd/zugbot"
				checkGoTest("func TestMatchStockfish(")(t, c, []string{"./cmd/zugbot"})
			},
		},
		"go test ./engine/ai -run TechniqueGain -selfplay.games 200 -v -timeout 30m": {
			reason: "a self-play measurement of minutes on both cores; the package and its test are checked instead",
			check:  checkGoTest("func TestTechniqueGain("),
		},
		"go test ./engine/zonal -run EvalGain -evalgain.games 100 -v -timeout 60m": {
			reason: "a self-play measurement of minutes on both cores; the package and its test are checked instead",
			check:  checkGoTest("func TestEvalGain("),
		},
		"go test ./engine/zonal -run EvalGain -evalgain.games 100 -evalgain.against filing -evalgain.time 1s -v -timeout 300m": {
			reason: "a self-play measurement of about 90 minutes on both cores; the package and its test are checked instead",
			check:  checkGoTest("func TestEvalGain("),
		},
		"go test ./engine/zonal -run Tune -tune.games 400 -tune.dir /tmp/tune -v -timeout 120m": {
			reason: "plays 800 games and fits the weights, about 15 minutes of both cores; the package and its test are checked instead",
			check:  checkGoTest("func TestTune("),
		},
		"go test ./engine/zonal -run 'Tune$' -tune.games 400 -tune.stockfish 20ms -tune.match 160 -tune.dir /tmp/tune -v -timeout 120m": {
			reason: "plays 400 games, has Stockfish judge their positions, fits the weights and plays 160 games, about 25 minutes of both cores; the package and its test are checked instead",
			check:  checkGoTest("func TestTune("),
		},
		"go test ./engine/zonal -run 'Tune$' -tune.games 800 -tune.stockfish 15ms -tune.ridge 1e-8 -tune.match 160 -tune.dir /tmp/tune -v -timeout 120m": {
			reason: "plays 800 games, has Stockfish judge their positions, fits the weights and plays 320 games, about 40 minutes of both cores; the package and its test are checked instead",
			check:  checkGoTest("func TestTune("),
		},
		"go test ./engine/zonal -run EvalGain -evalgain.games 160 -evalgain.against hand -v -timeout 60m": {
			reason: "a self-play measurement of minutes on both cores; the package and its test are checked instead",
			check:  checkGoTest("func TestEvalGain("),
		},
		"go test -run XXX -bench SearchDepth -benchtime 3x -count 8 ./engine/ai/": {
			reason: "a benchmark run of minutes; the package and its benchmark are checked instead",
			check:  checkGoTest("func BenchmarkSearchDepth("),
		},
		"go test -run XXX -bench Search -benchtime 5x -count 6 ./engine/ai/": {
			reason: "a benchmark run of a minute; the package and its benchmark are checked instead",
			check:  checkGoTest("func BenchmarkSearch("),
		},
		"go test -run XXX -bench Game -count 3 -benchtime 1x ./analysis/": {
			reason: "a benchmark run of a minute; the package and its benchmark are checked instead",
			check:  checkGoTest("func BenchmarkGame("),
		},
		"go run github.com/goreleaser/goreleaser/v2@v2.16.0 check":                                            goreleaser,
		"go run github.com/goreleaser/goreleaser/v2@v2.16.0 release --snapshot --clean --skip=docker,publish": goreleaser,
		"go run github.com/goreleaser/goreleaser/v2@v2.16.0 release --clean --release-notes /tmp/notes.md":    goreleaser,
		`git tag -a v0.1.0 -m "zugbot v0.1.0"`:                                                                releaseTag,
		"git push origin v0.1.0":                                                                              releaseTag,
		"docker buildx create --use": {
			reason: "needs a Docker engine; it makes the buildx builder that GoReleaser's image build uses",
		},
		`awk '/^## \[0\.1\.0\]/ {on = 1; next} /^(## |\[)/ {on = 0} on' CHANGELOG.md > /tmp/notes.md`: {
			reason: "writes the release notes into /tmp; the check runs the awk program on CHANGELOG.md and compares what it prints with the version's section",
			check: func(t *testing.T, c readmeCommand, words []string) {
				checkReleaseNotes(t, c, words)
				notes = words[len(words)-1]
			},
		},
		"go run golang.org/x/perf/cmd/benchstat@latest old.txt new.txt": {
			reason: "downloads benchstat and needs two benchmark result files",
		},
		// docs/strength.md's instruction count of the search: valgrind's
		// callgrind over the engine's benchmark binary, minutes a run.
		"go test -c -o /tmp/ai.test ./engine/ai": callgrind,
		"cd engine/ai":                           callgrind,
		`GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \`: callgrind,
		"/tmp/ai.test -test.run XXX -test.bench 'SearchDepth/chess' -test.benchtime 1x":                       callgrind,
		"callgrind_annotate --inclusive=yes /tmp/cg.out | grep 'Searcher).Best '":                             callgrind,
		"/tmp/ai.test -test.run XXX -test.bench 'SearchDepth/(chess|zonal)' -test.benchtime 5x":               callgrind,
	}
}

// callgrind is the exception of docs/strength.md's commands that count
// the search's instructions.
var callgrind = readmeException{reason: "counts the search's instructions under valgrind (callgrind), minutes a run; engine/ai's TestSearchSignature keeps the tree they are counted on"}

func hasCommand(name string) bool {
	for _, c := range commands() {
		if c.name == name {
			return true
		}
	}
	return false
}

// checkGoTest checks that a go test command's package exists and has a
// test file containing want.
func checkGoTest(want string) func(t *testing.T, c readmeCommand, words []string) {
	return func(t *testing.T, c readmeCommand, words []string) {
		pkg := words[len(words)-1]
		for _, w := range words {
			if strings.HasPrefix(w, "./") { // the package list comes before the test's own flags
				pkg = w
				break
			}
		}
		dir := filepath.Join("../..", pkg)
		files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		for _, f := range files {
			if b, err := os.ReadFile(f); err == nil && strings.Contains(string(b), want) {
				return
			}
		}
		t.Errorf("%s: %q: no %q in %s's tests", c.where(), c.text, want, dir)
	}
}

// checkLoadRun checks a run of the load benchmark: TestLoad is there,
// and it has each -load flag given.
func checkLoadRun(t *testing.T, c readmeCommand, words []string) {
	checkGoTest("func TestLoad(")(t, c, words)
	src, err := os.ReadFile("load_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range words {
		if name, ok := strings.CutPrefix(w, "-load."); ok && !strings.Contains(string(src), `"load.`+name+`"`) {
			t.Errorf("%s: %q: TestLoad has no flag -load.%s", c.where(), c.text, name)
		}
	}
}

// checkProfileFiles checks that the profiles a command reads are those
// TestLoad -load.profile writes, or sched.pprof, which go tool trace
// makes from its trace.
func checkProfileFiles(t *testing.T, c readmeCommand, words []string) {
	src, err := os.ReadFile("load_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range words {
		name, ok := strings.CutPrefix(w, "/tmp/prof/")
		if !ok || name == "sched.pprof" {
			continue
		}
		if base := strings.TrimSuffix(name, ".pprof"); !strings.Contains(string(src), `"`+base+`"`) && !strings.Contains(string(src), `"`+name+`"`) {
			t.Errorf("%s: %q: TestLoad -load.profile writes no %s", c.where(), c.text, name)
		}
	}
}

// checkDockerCommand checks a docker command of the README against the
// Dockerfile and the bot's configuration.
func checkDockerCommand(t *testing.T, c readmeCommand, words []string) {
	df, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatalf("%s: %q, but: %v", c.where(), c.text, err)
	}
	dockerfile := string(df)
	switch words[1] {
	case "build":
		if words[len(words)-1] != "." || !slices.Contains(words, "-t") || !strings.Contains(c.text, " "+dockerBuildArgs+" ") {
			t.Errorf("%s: %q: want a tagged build of the repository root, given its version and commit (%s)", c.where(), c.text, dockerBuildArgs)
		}
	case "run":
		var env, envFiles []string
		for i, w := range words {
			switch w {
			case "-e":
				env = append(env, strings.SplitN(words[i+1], "=", 2)[0])
			case "--env-file":
				envFiles = append(envFiles, words[i+1])
			case "-v":
				target := strings.SplitN(words[i+1], ":", 2)[1]
				if !strings.Contains(dockerfile, `VOLUME ["`+target+`"]`) || !strings.Contains(dockerfile, "ZUGBOT_DB="+target+"/") {
					t.Errorf("%s: the volume is mounted on %s, but the Dockerfile's VOLUME or ZUGBOT_DB is elsewhere", c.where(), target)
				}
			}
		}
		if image := words[len(words)-1]; image != "zugbot" && image != releaseImage(t) {
			t.Errorf("%s: runs image %q; docker build tags zugbot, and the newest release's image is %s", c.where(), image, releaseImage(t))
		}
		for _, e := range env {
			if !isSetting(e) {
				t.Errorf("%s: -e %s is not a setting of zugbot run", c.where(), e)
			}
			if e == "DISCORD_TOKEN" {
				t.Errorf("%s: the token is on the command line, where ps and the shell's history show it; read it from --env-file", c.where())
			}
		}
		if len(envFiles) == 0 {
			t.Errorf("%s: no --env-file: where does the container get its token?", c.where())
		}
		for _, f := range envFiles {
			checkTokenFile(t, c, f)
		}
	case "exec":
		// docker exec CONTAINER zugbot SUBCOMMAND FLAGS: the binary must be on
		// the image's PATH, and the subcommand and flags must parse.
		if !strings.Contains(dockerfile, "/usr/local/bin/zugbot") {
			t.Errorf("%s: the image does not put zugbot in /usr/local/bin", c.where())
		}
		if words[3] != "zugbot" || !hasCommand(words[4]) {
			t.Errorf("%s: %q does not run a zugbot subcommand", c.where(), c.text)
			return
		}
		// Run the subcommand as the container would: ZUGBOT_DB from the
		// Dockerfile, paths under the volume moved to a temporary directory.
		vol := t.TempDir()
		m := regexp.MustCompile(`ZUGBOT_DB=(/\S+)`).FindStringSubmatch(dockerfile)
		if m == nil {
			t.Fatalf("the Dockerfile sets no ZUGBOT_DB")
		}
		db := filepath.Join(vol, m[1])
		os.MkdirAll(filepath.Dir(db), 0o755)
		st, err := store.Open(context.Background(), db, store.Options{Variants: games.All()})
		if err != nil {
			t.Fatal(err)
		}
		st.Close()
		t.Setenv("ZUGBOT_DB", db)
		args := slices.Clone(words[4:])
		for i, a := range args {
			if strings.HasPrefix(a, "/") {
				args[i] = filepath.Join(vol, a)
			}
		}
		var stdout, stderr strings.Builder
		code := run(context.Background(), args, &stdout, &stderr)
		if code != 0 || args[0] == "backup" && !strings.Contains(stdout.String(), "backed up "+db) {
			t.Errorf("%s: %q in the container: exit %d, %q %q; want it to succeed (a backup: the volume's database backed up)", c.where(), c.text, code, stdout.String(), stderr.String())
		}
	default:
		t.Errorf("%s: unexpected docker command %q", c.where(), c.text)
	}
}

// isSetting reports whether name is an environment variable zugbot run reads.
func isSetting(name string) bool {
	var usage strings.Builder
	loadConfig([]string{"-h"}, func(string) string { return "" }, &usage)
	return strings.Contains(usage.String(), "["+name+"]")
}

// cleanEnv is the test's environment without zugbot's settings.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ZUGBOT_") && !strings.HasPrefix(kv, "DISCORD_") {
			env = append(env, kv)
		}
	}
	return env
}

// TestReadmeCommands runs every command of README.md, and of the pages its
// measurements and developer's notes moved to (readmeDocs), against the
// built binary, in a temporary directory holding a database, and checks
// what their comments say they print. Commands that cannot run here are
// listed in readmeExceptions with the reason and checked otherwise.
func TestReadmeCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	cmds := readmeCommands(t)
	if len(cmds) < 10 {
		t.Fatalf("found %d commands in README.md and its pages; the parser is broken", len(cmds))
	}
	bin := buildZugbot(t)
	work := workDir(t)
	exceptions := readmeExceptions()
	used := map[string]bool{}
	inCI := map[string]bool{} // the commands of the ci:begin block, which the README may also name elsewhere
	for _, c := range cmds {
		inCI[c.text] = inCI[c.text] || c.ci
	}
	for _, c := range cmds {
		words, err := c.fields()
		if err != nil || len(words) == 0 {
			t.Errorf("%s: %q: %v", c.where(), c.text, err)
			continue
		}
		if ex, ok := exceptions[c.text]; ok {
			used[c.text] = true
			if c.ci && ex.check == nil && !strings.Contains(ex.reason, ".ci/run") {
				t.Errorf("%s: %q is in the CI block but excepted for another reason", c.where(), c.text)
			}
			if !inCI[c.text] && strings.Contains(ex.reason, ".ci/run") {
				t.Errorf("%s: %q is said to be run by .ci/run but is not in its block", c.where(), c.text)
			}
			if ex.check != nil {
				t.Run("checked: "+c.text, func(t *testing.T) { ex.check(t, c, words) })
			}
			continue
		}
		if len(words) > 2 && words[0] == "zugbot" && words[1] == "match" {
			checkLadderCommand(t, c, words[1:])
			continue
		}
		var env, args []string
		for len(words) > 0 && regexp.MustCompile(`^[A-Z_]+=`).MatchString(words[0]) {
			env, words = append(env, words[0]), words[1:]
		}
		switch {
		case len(words) >= 3 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/zugbot":
			args = words[3:]
		case words[0] == "zugbot":
			args = words[1:]
		default:
			t.Errorf("%s: %q is neither a zugbot command nor a listed exception; run it here or add it to readmeExceptions with a reason", c.where(), c.text)
			continue
		}
		t.Run(strings.Join(args, " "), func(t *testing.T) { runReadmeCommand(t, bin, work, c, env, args) })
	}
	for text := range exceptions {
		if !used[text] {
			t.Errorf("readmeExceptions lists %q, which neither README.md nor its pages (%s) have", text, strings.Join(readmeDocs[1:], ", "))
		}
	}
}

// workDir returns a temporary directory holding an empty zugbot.db, where
// documented commands run.
func workDir(t *testing.T) string {
	t.Helper()
	work := t.TempDir()
	st, err := store.Open(context.Background(), filepath.Join(work, "zugbot.db"), store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	return work
}

// checkLadderCommand checks a strength-ladder row of the README: such a
// match plays for minutes or hours, so it is started with its context
// already cancelled. It must then stop for that reason alone, with every
// flag, the game and both players accepted.
func checkLadderCommand(t *testing.T, c readmeCommand, args []string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errs bytes.Buffer
	if code := run(ctx, args, &out, &errs); code != 1 || !strings.Contains(errs.String(), "context canceled") {
		t.Errorf("%s: %q: exit %d, %s; want it accepted and stopped by the cancellation", c.where(), c.text, code, strings.TrimSpace(errs.String()))
	}
}

// readmeTimeout bounds one README command.
const readmeTimeout = 60 * time.Second

// runReadmeCommand runs one zugbot command of the README and checks it.
func runReadmeCommand(t *testing.T, bin, work string, c readmeCommand, env, args []string) {
	ctx, cancel := context.WithTimeout(context.Background(), readmeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = work
	cmd.Env = append(cleanEnv(), env...)
	if len(args) > 0 && args[0] == "play" {
		cmd.Stdin = strings.NewReader("moves\nquit\n")
	}
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s: %q did not finish within %v", c.where(), c.text, readmeTimeout)
	}
	if err != nil {
		t.Fatalf("%s: %q: %v\nstdout:\n%.2000s\nstderr:\n%.2000s", c.where(), c.text, err, stdout.String(), stderr.String())
	}
	if want, ok := strings.CutPrefix(c.comment, "prints "); ok {
		if got := lastLine(stdout.String()); got != want {
			t.Errorf("%s: %q printed %q last; the README says %s", c.where(), c.text, got, want)
		}
	}
	// Files the command was told to write must be there, and images decode.
	for i, a := range args {
		if (a == "-o" || a == "-gif") && i+1 < len(args) {
			f, err := os.Open(filepath.Join(work, args[i+1]))
			if err != nil {
				t.Errorf("%s: %q wrote no %s: %v", c.where(), c.text, args[i+1], err)
				continue
			}
			if ext := filepath.Ext(args[i+1]); ext == ".png" || ext == ".gif" {
				if _, _, err := image.Decode(f); err != nil {
					t.Errorf("%s: %s: %v", c.where(), args[i+1], err)
				}
			}
			f.Close()
		}
	}
}

// TestReadmeRunBot runs the README's "start it with Go" command line, and
// the command the Docker image runs, against the fake Discord: the token
// the README shows is the one the fake accepts, DISCORD_API_URL points at
// the fake, and the bot must register its commands and stop cleanly on
// SIGTERM.
func TestReadmeRunBot(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildZugbot(t)
	srv := discordtest.NewWithConfig(t, discordtest.Config{Token: "your-token"})
	guild := srv.NewGuild("Zug Club")
	for _, tt := range []struct {
		name string
		args []string
		env  []string
	}{
		{"go run ./cmd/zugbot", nil, nil},
		// The image: ENTRYPOINT zugbot, CMD run, ZUGBOT_DB on the volume.
		{"docker image", []string{"run"}, []string{"ZUGBOT_DB=" + filepath.Join(t.TempDir(), "data", "zugbot.db")}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "docker image" {
				os.MkdirAll(filepath.Dir(strings.TrimPrefix(tt.env[0], "ZUGBOT_DB=")), 0o755)
			}
			before := srv.GatewayStats().Identifies
			cmd := exec.Command(bin, tt.args...)
			cmd.Dir = t.TempDir()
			cmd.Env = append(cleanEnv(), append(tt.env, "DISCORD_TOKEN=your-token", "DISCORD_API_URL="+srv.URL()+"/api/v9", "ZUGBOT_GUILD="+guild)...)
			var logs syncBuffer
			cmd.Stdout, cmd.Stderr = io.Discard, &logs
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
			srv.WaitGateway(t, 20*time.Second, func(s discordtest.GatewayStats) bool { return s.Identifies > before })
			deadline := time.Now().Add(20 * time.Second)
			for !strings.Contains(logs.String(), "zugbot is ready") {
				if time.Now().After(deadline) {
					t.Fatalf("zugbot did not become ready; its log:\n%s", logs.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			if n := len(srv.Commands(guild)); n != len(bot.Commands(games.Listed())) {
				t.Errorf("%d commands registered; want %d", n, len(bot.Commands(games.Listed())))
			}
			stopZugbot(t, cmd, &logs)
			if _, err := os.Stat(filepath.Join(cmd.Dir, "zugbot.db")); (tt.env == nil) != (err == nil) {
				t.Errorf("database in the working directory: %v; want it there only without ZUGBOT_DB", err)
			}
		})
	}
}

// readmeSection returns the lines of README.md's section with the given
// "## " heading.
func readmeSection(t *testing.T, heading string) []string {
	t.Helper()
	return docSection(t, "README.md", heading)
}

// docSection returns the lines of the section with the given "## " heading
// of a Markdown file of the repository.
func docSection(t *testing.T, doc, heading string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../..", doc))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "## ") {
			in = line == "## "+heading
			continue
		}
		if in {
			out = append(out, line)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s has no section %q", doc, heading)
	}
	return out
}

// tableRows returns the cells of the rows of the Markdown tables in lines,
// header and separator rows left out.
func tableRows(lines []string) [][]string {
	var rows [][]string
	header := true
	for _, line := range lines {
		if !strings.HasPrefix(line, "|") {
			header = true
			continue
		}
		if header {
			header = false // the header row; the separator follows
			continue
		}
		if strings.HasPrefix(line, "|---") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, cells)
	}
	return rows
}

// TestReadmeConfiguration checks the README's configuration table against
// zugbot run's settings: the same variables, flags and defaults, both ways.
func TestReadmeConfiguration(t *testing.T) {
	var usage strings.Builder
	loadConfig([]string{"-h"}, func(string) string { return "" }, &usage)
	flags := map[string]string{} // flag -> its usage text with the default
	var last string
	for _, line := range strings.Split(usage.String(), "\n") {
		if f, ok := strings.CutPrefix(strings.TrimSpace(line), "-"); ok && strings.HasPrefix(line, "  -") {
			last = strings.Fields(f)[0]
			flags[last] = ""
		} else if last != "" {
			flags[last] += line
		}
	}
	rows := tableRows(readmeSection(t, "Configuration"))
	if len(rows) != len(flags) {
		t.Errorf("README lists %d settings; zugbot run has %d flags", len(rows), len(flags))
	}
	for _, r := range rows {
		env, flag, def := strings.Trim(r[0], "`"), strings.TrimPrefix(strings.Trim(r[1], "`"), "-"), r[2]
		u, ok := flags[flag]
		if !ok {
			t.Errorf("README: setting -%s does not exist", flag)
			continue
		}
		if !strings.Contains(u, "["+env+"]") {
			t.Errorf("README: -%s is read from %s, but its usage says %q", flag, env, u)
		}
		if strings.HasPrefix(def, "`") {
			if want := "(default " + strconv.Quote(strings.Trim(def, "`")) + ")"; !strings.Contains(u, want) {
				t.Errorf("README: -%s defaults to %s, but its usage says %q", flag, def, u)
			}
		} else if strings.Contains(u, "(default \"") {
			t.Errorf("README: -%s has no default (%s), but its usage says %q", flag, def, u)
		}
	}
	if !strings.Contains(strings.Join(readmeSection(t, "Configuration"), " "), "up to "+strconv.Itoa(int(drainTime/time.Second))+" s") {
		t.Errorf("README does not give the drain time, %v", drainTime)
	}
}

// TestReadmeCommandReference checks the README's command table against the
// slash commands the bot registers: every command listed with its options
// in order, required ones bare and optional ones in brackets.
func TestReadmeCommandReference(t *testing.T) {
	registered := map[string]*discordgo.ApplicationCommand{}
	for _, c := range bot.Commands(games.Listed()) {
		registered[c.Name] = c
	}
	listed := map[string]bool{}
	span := regexp.MustCompile("`(/[^`]+)`")
	for _, row := range tableRows(readmeSection(t, "Commands")) {
		for _, m := range span.FindAllStringSubmatch(row[0], -1) {
			words := strings.Fields(m[1])
			name := strings.TrimPrefix(words[0], "/")
			c := registered[name]
			if c == nil {
				t.Errorf("README lists /%s, which the bot does not register", name)
				continue
			}
			listed[name] = true
			opts := c.Options
			words = words[1:]
			if len(opts) > 0 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
				var sub *discordgo.ApplicationCommandOption
				for _, o := range opts {
					if len(words) > 0 && o.Name == words[0] {
						sub = o
					}
				}
				if sub == nil {
					t.Errorf("README: %s names no subcommand of /%s", m[1], name)
					continue
				}
				opts, words = sub.Options, words[1:]
			}
			var want []string
			for _, o := range opts {
				if o.Required {
					want = append(want, o.Name)
				} else {
					want = append(want, "["+o.Name+"]")
				}
			}
			if got := strings.Join(words, " "); got != strings.Join(want, " ") {
				t.Errorf("README: /%s %s; the bot registers /%s %s", name, got, name, strings.Join(want, " "))
			}
		}
	}
	for name := range registered {
		if !listed[name] {
			t.Errorf("README's command table lacks /%s", name)
		}
	}
}

// TestReadmeClaims checks facts the README states: the invite URL's
// permissions and the games' credits (TestReadmePolicies checks the
// numbers of the rules).
func TestReadmeClaims(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	perms := int64(bot.Permissions)
	url := regexp.MustCompile(`https://discord\.com/oauth2/authorize\?client_id=APP_ID&scope=bot\+applications\.commands&permissions=(\d+)`).FindStringSubmatch(readme)
	if url == nil {
		t.Fatalf("README has no invite URL with the scopes bot and applications.commands")
	}
	if url[1] != strconv.FormatInt(perms, 10) || !strings.Contains(readme, "("+url[1]+")") {
		t.Errorf("invite URL asks for permissions %s; the bot needs %d (bot.Permissions)", url[1], perms)
	}
	for _, row := range tableRows(readmeSection(t, "The games")) {
		ids := regexp.MustCompile("`([a-z0-9]+)`").FindAllStringSubmatch(row[1], -1)
		for _, id := range ids {
			v, err := findVariant(id[1])
			if err != nil {
				t.Errorf("README's games table names %q, which zugbot does not know", id[1])
				continue
			}
			if !strings.Contains(row[0], v.Game) {
				t.Errorf("README lists %s under %s", id[1], row[0])
			}
			if strings.Contains(row[1], "for tests") {
				continue // tools only, not on Discord
			}
			if row[2] != v.Credit {
				t.Errorf("README credits %s to %q; the game says %q", id[1], row[2], v.Credit)
			}
		}
	}
}

// TestReadmePolicies checks the numbers of zugbot's rules that the README
// and docs/ state against the constants that set them. Each phrase is
// built from its constants, so that a changed constant, or a changed
// phrase, fails here; the message gives the phrase wanted.
func TestReadmePolicies(t *testing.T) {
	var presets []string
	for _, c := range table.LiveClocks() {
		presets = append(presets, c.String())
	}
	var levels []string
	for l := ai.MinLevel; l <= ai.MaxLevel; l++ {
		levels = append(levels, fmt.Sprintf("%d %s", l, ai.LevelName(l)))
	}
	var days []string
	for _, d := range rules.DaysPerMove() {
		days = append(days, strconv.Itoa(d))
	}
	// budget is the most a timed level thinks on a move, in any game.
	budget := func(level int) string {
		var most time.Duration
		for _, v := range games.All() {
			if d, timed := ai.LevelBudget(v, level); timed {
				most = max(most, d)
			}
		}
		return fmt.Sprintf("%g s", most.Seconds())
	}
	strong, strongest := ai.MaxLevel-1, ai.MaxLevel
	levelList := fmt.Sprintf("at %s levels: %s.", numberWord(t, len(levels)), wordList(levels, "and"))
	for _, c := range []struct {
		doc, phrase, what string
	}{
		{"README.md", "level " + strings.Join(levels, ", ") + ";", "the AI's levels (ai.LevelName)"},
		{"README.md", levelList, "the AI's levels (ai.LevelName)"},
		{"docs/strength.md", levelList, "the AI's levels (ai.LevelName)"},
		{"README.md", fmt.Sprintf("level %d thinks for up to %s a move and level %d for up to %s.", strong, budget(strong), strongest, budget(strongest)),
			"the time of the timed levels (ai.LevelBudget)"},
		{"docs/strength.md", fmt.Sprintf("Level %d thinks for up to %s per move and level %d for up to %s.", strong, budget(strong), strongest, budget(strongest)),
			"the time of the timed levels (ai.LevelBudget)"},
		{"README.md", "per move: " + strings.Join(presets, ", ") + " or any other)", "the clock presets (table.LiveClocks)"},
		{"README.md", fmt.Sprintf("a live `clock` (default %s)", table.DefaultTournamentClock()), "a tournament's clock (table.DefaultTournamentClock)"},
		{"README.md", fmt.Sprintf("%s days per move (default %d)", wordList(days, "or"), table.DefaultDays), "the days per move (rules.DaysPerMove, table.DefaultDays)"},
		{"README.md", "the challenge expires after " + table.DurationText(store.DefaultChallengeTTL) + ".", "a challenge's lifetime (store.DefaultChallengeTTL)"},
		{"README.md", "Challenges expire after " + table.DurationText(store.DefaultChallengeTTL) + ";", "a challenge's lifetime (store.DefaultChallengeTTL)"},
		{"README.md", fmt.Sprintf("a player may have %d games going at once.", store.DefaultMaxActiveGames), "the games at once (store.DefaultMaxActiveGames)"},
		{"README.md", fmt.Sprintf("A reminder comes when a %s of the time is left.", fractionWord(t, rules.ReminderFraction)), "the reminder (rules.ReminderFraction)"},
		{"README.md", fmt.Sprintf("against zugbot, %d a game", table.MaxHints), "the hints (table.MaxHints)"},
		{"README.md", fmt.Sprintf("(at least %d rated games)", store.DefaultMinRatedGames), "the leaderboards (store.DefaultMinRatedGames)"},
		{"README.md", fmt.Sprintf("`swiss` (%d rounds unless", table.DefaultSwissRounds), "a Swiss tournament's rounds (table.DefaultSwissRounds)"},
		{"README.md", fmt.Sprintf("(twice, colours swapped, with %d players or fewer)", table.DoubleRoundRobin), "the double round robin (table.DoubleRoundRobin)"},
		{"README.md", fmt.Sprintf("everyone starts at %d, K is %d for a player's first %d rated games", rules.InitialRating, rules.ProvisionalK, rules.ProvisionalGames),
			"the ratings (rules.InitialRating, rules.ProvisionalK, rules.ProvisionalGames)"},
		{"README.md", fmt.Sprintf("%d after, %d from %d up.", rules.StandardK, rules.MasterK, rules.MasterRating), "the K factors (rules.StandardK, rules.MasterK, rules.MasterRating)"},
		{"docs/self-hosting.md", fmt.Sprintf("the players start again from %d,", rules.InitialRating), "the first rating (rules.InitialRating)"},
		{"README.md", fmt.Sprintf("rated games count for ratings only %s times in any %s.", numberWord(t, rules.RatedCap), table.DurationText(rules.RatedCapWindow)),
			"the farming cap (rules.RatedCap, rules.RatedCapWindow)"},
	} {
		if !strings.Contains(readDoc(t, c.doc), c.phrase) {
			t.Errorf("%s does not state %s as the code has it: want %q", c.doc, c.what, c.phrase)
		}
	}
	// The K factors, as KFactor applies them.
	if rules.KFactor(rules.InitialRating, 0) != rules.ProvisionalK || rules.KFactor(rules.MasterRating-1, rules.ProvisionalGames) != rules.StandardK ||
		rules.KFactor(rules.MasterRating, rules.ProvisionalGames) != rules.MasterK {
		t.Errorf("rules.KFactor does not apply ProvisionalK, StandardK and MasterK as the README says")
	}
}

// wordList writes items as a list in words: "a, b or c".
func wordList(items []string, conj string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}

// numberWord writes n as the README does, in words.
func numberWord(t *testing.T, n int) string {
	t.Helper()
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n < 0 || n >= len(words) {
		t.Fatalf("no word for %d", n)
	}
	return words[n]
}

// fractionWord names the fraction 1/n in words: "fifth" for 5.
func fractionWord(t *testing.T, n int) string {
	t.Helper()
	words := map[int]string{2: "half", 3: "third", 4: "quarter", 5: "fifth", 6: "sixth", 8: "eighth", 10: "tenth"}
	if words[n] == "" {
		t.Fatalf("no word for 1/%d", n)
	}
	return words[n]
}

// TestDockerfile checks what can be checked of the image without a Docker
// engine: the Go version against go.mod, a static non-root build, and a
// build context (after .dockerignore) that holds every file the build
// embeds.
func TestDockerfile(t *testing.T) {
	df, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	dockerfile := string(df)
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(string(gomod))
	image := regexp.MustCompile(`FROM (?:--platform=\S+ )?golang:(\d+\.\d+)\S* AS build`).FindStringSubmatch(dockerfile)
	if goVersion == nil || image == nil || image[1] != goVersion[1] {
		t.Errorf("the build image's Go (%v) is not go.mod's (%v)", image, goVersion)
	}
	for _, want := range []string{"CGO_ENABLED=0", "./cmd/zugbot", "USER nonroot", `ENTRYPOINT ["/usr/local/bin/zugbot"]`, `CMD ["run"]`,
		// The version and commit, as build arguments, into the binary's
		// stamp (TestVersionStamped builds with these ldflags).
		"ARG TARGETOS TARGETARCH VERSION COMMIT\n", "-X main.version=${VERSION} -X main.commit=${COMMIT}",
		"#   docker build " + dockerBuildArgs + " -t zugbot .\n"} {
		if !strings.Contains(dockerfile, want) {
			t.Errorf("the Dockerfile lacks %s", want)
		}
	}
	checkDockerStages(t, dockerfile)
	ignored := dockerIgnored(t)
	// The files the build reads: go.mod, go.sum, the Go sources and what
	// they embed.
	need := buildSources(t)
	for _, f := range need {
		if ignored(f) {
			t.Errorf(".dockerignore leaves %s out of the build context, which the build needs", f)
		}
	}
}

// TestReadmeGames checks that the README's table of games has a row for
// every game in the list, naming each of its variants, and no other.
func TestReadmeGames(t *testing.T) {
	rows := map[string]string{} // game name to its variants' cell
	for _, row := range tableRows(readmeSection(t, "The games")) {
		if len(row) >= 2 {
			rows[strings.Trim(row[0], "* ")] = row[1]
		}
	}
	seen := map[string]bool{}
	for _, v := range games.All() {
		seen[v.Game] = true
		if cell, ok := rows[v.Game]; !ok {
			t.Errorf("README: the table of games has no row for %s", v.Game)
		} else if !strings.Contains(cell, "`"+v.ID+"`") {
			t.Errorf("README: the row of %s does not name the variant `%s`: %q", v.Game, v.ID, cell)
		}
	}
	for name := range rows {
		if !seen[name] {
			t.Errorf("README: the table of games has a row for %s, which the list of games lacks", name)
		}
	}
}

// checkUnregister runs the README's unregister command against the fake
// Discord, for a server whose commands were registered: they are gone.
func checkUnregister(t *testing.T, c readmeCommand, words []string) {
	srv := discordtest.NewWithConfig(t, discordtest.Config{Token: "your-token"})
	guild := srv.NewGuild("Zug Club")
	cmds := bot.Commands(games.Listed())
	for _, c := range cmds {
		c.Contexts = nil // guild commands set none
	}
	if _, err := srv.Session().ApplicationCommandBulkOverwrite(srv.AppID(), guild, cmds); err != nil {
		t.Fatal(err)
	}
	var args []string
	for _, w := range words {
		switch {
		case w == "ZUGBOT_GUILD=SERVER_ID":
			t.Setenv("ZUGBOT_GUILD", guild)
		case strings.HasPrefix(w, "DISCORD_TOKEN="):
			t.Setenv("DISCORD_TOKEN", strings.TrimPrefix(w, "DISCORD_TOKEN="))
		case w == "go" || w == "run" || w == "./cmd/zugbot":
		default:
			args = append(args, w)
		}
	}
	t.Setenv("DISCORD_API_URL", srv.URL()+"/api/v9")
	var out, errs bytes.Buffer
	if code := run(context.Background(), args, &out, &errs); code != 0 {
		t.Fatalf("%s: %q: exit %d: %s", c.where(), c.text, code, errs.String())
	}
	if n := len(srv.Commands(guild)); n != 0 {
		t.Errorf("%s: %q left %d commands on the server", c.where(), c.text, n)
	}
	if !strings.Contains(out.String(), "removed zugbot's commands from server "+guild) {
		t.Errorf("%s: %q printed %q", c.where(), c.text, out.String())
	}
}

// checkMention checks a mention of a subcommand in the text, `zugbot SUB
// [-FLAG…]`: the subcommand exists, and so does every flag it names (for
// admin, a flag of one of its commands).
func checkMention(t *testing.T, c readmeCommand, words []string) {
	if len(words) < 2 || !hasCommand(words[1]) {
		t.Errorf("%s: %q: no such subcommand", c.where(), c.text)
		return
	}
	usage := commandUsage(words[1])
	for _, w := range words[2:] {
		if !strings.HasPrefix(w, "-") {
			t.Errorf("%s: %q: a mention names a subcommand and its flags only; run a full command in a code block", c.where(), c.text)
			continue
		}
		if !regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(w) + `\b`).MatchString(usage) {
			t.Errorf("%s: %q: zugbot %s has no flag %s", c.where(), c.text, words[1], w)
		}
	}
}

// commandUsage returns what "zugbot SUB -h" prints, and for admin what each
// of its commands' -h prints too.
func commandUsage(sub string) string {
	var out strings.Builder
	calls := [][]string{{sub, "-h"}}
	if sub == "admin" {
		for _, a := range adminCommands() {
			calls = append(calls, []string{"admin", a.name, "-h"})
		}
	}
	for _, args := range calls {
		run(context.Background(), args, &out, io.Discard)
	}
	return out.String()
}

// envExample is the example of the file that holds the token, which the
// README and the self-hosting guide copy.
const envExample = "deploy/zugbot.env.example"

// checkEnvFile checks a command that makes the env file of the README's
// docker run: it copies the example, and the file it makes holds the token.
func checkEnvFile(t *testing.T, c readmeCommand, words []string) {
	if words[0] == "cp" && (len(words) != 3 || words[1] != envExample) {
		t.Errorf("%s: %q: want a copy of %s", c.where(), c.text, envExample)
	}
	checkTokenFile(t, c, words[len(words)-1])
}

// checkTokenFile checks a file the README puts the token in: the example it
// is copied from sets DISCORD_TOKEN and only zugbot's settings, and the file
// is kept out of git and out of Docker's build context (COPY . . would put
// the token in the build's layers).
func checkTokenFile(t *testing.T, c readmeCommand, name string) {
	if name+".example" != envExample {
		t.Errorf("%s: %q: the token file %s is not the copy of %s", c.where(), c.text, name, envExample)
	}
	b, err := os.ReadFile(filepath.Join("../..", envExample))
	if err != nil {
		t.Fatalf("%s: %q: %v", c.where(), c.text, err)
	}
	if !strings.Contains("\n"+string(b), "\nDISCORD_TOKEN=") {
		t.Errorf("%s has no DISCORD_TOKEN= line to put the token on", envExample)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, _, ok := strings.Cut(line, "="); ok && !strings.HasPrefix(line, "#") && !isSetting(k) {
			t.Errorf("%s sets %s, which is not a setting of zugbot run", envExample, k)
		}
	}
	if !dockerIgnored(t)(name) {
		t.Errorf("%s: %q: .dockerignore lets %s, which holds the token, into the image's build context", c.where(), c.text, name)
	}
	out, err := exec.Command("git", "-C", "../..", "check-ignore", "-q", "--no-index", name).CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil: // ignored
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		t.Errorf("%s: %q: .gitignore lets %s, which holds the token, be committed", c.where(), c.text, name)
	default:
		t.Logf("git check-ignore could not tell whether %s is ignored (no git or no repository?): %v %s", name, err, out)
	}
}

// dockerIgnored returns whether .dockerignore leaves a path of the
// repository (relative, with slashes) out of the build context.
func dockerIgnored(t *testing.T) func(rel string) bool {
	t.Helper()
	ignore, err := os.ReadFile("../../.dockerignore")
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, line := range strings.Split(string(ignore), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.ContainsAny(line, "!") || strings.Contains(line, "**") {
			t.Fatalf(".dockerignore pattern %q: this test does not know ! or **; teach it", line)
		}
		patterns = append(patterns, strings.Trim(line, "/"))
	}
	return func(rel string) bool {
		for p := rel; p != "."; p = filepath.Dir(p) {
			for _, pat := range patterns {
				if ok, _ := filepath.Match(pat, p); ok {
					return true
				}
			}
		}
		return false
	}
}

// pgProgram returns the path of one of PostgreSQL's client programs, as
// zugbot backup finds pg_dump.
func pgProgram(t *testing.T, name string) string {
	t.Helper()
	p, err := pgProgramPath(name)
	if err != nil {
		t.Fatalf("%v (the README's Develop section installs Debian's postgresql package)", err)
	}
	return p
}

// pgArgs returns a pg_dump or pg_restore command line of the README with
// the connection flags (-h, -U, -d) replaced by the URL conn and the dump
// file (-f, or pg_restore's argument) by file: the flags that decide what
// is dumped and how it is restored stay as the README writes them.
func pgArgs(t *testing.T, c readmeCommand, words []string, conn, file string) []string {
	var args []string
	for i := 1; i < len(words); i++ {
		switch w := words[i]; {
		case w == "-h" || w == "-U":
			i++
		case w == "-d":
			args, i = append(args, "-d", conn), i+1
		case w == "-f":
			args, i = append(args, "-f", file), i+1
		case !strings.HasPrefix(w, "-"):
			args = append(args, file)
		default:
			args = append(args, w)
		}
	}
	if !slices.Contains(args, conn) || !slices.Contains(args, file) {
		t.Fatalf("%s: %q: want the database with -d and the dump file", c.where(), c.text)
	}
	return args
}

// checkPostgresBackup plays the README's PostgreSQL backup and restore on a
// throwaway server: a zugbot database holding a game is dumped with the
// README's pg_dump flags, then lost (its schema dropped), then restored with
// the README's pg_restore flags, and zugbot opens it with the game in it.
func checkPostgresBackup(t *testing.T, c readmeCommand, dump, restore []string) {
	u := postgres(t) // a schema of its own on the server's database
	game := newGameDB(t, u)
	conn, _ := libpqURL(t, u)
	file := filepath.Join(t.TempDir(), "zugbot.dump")
	args := pgArgs(t, c, dump, conn, file)
	if out, err := exec.Command(pgProgram(t, "pg_dump"), args...).CombinedOutput(); err != nil {
		t.Fatalf("%s: pg_dump %s: %v\n%s", c.where(), strings.Join(args, " "), err, out)
	}
	restorePostgres(t, c, restore, u, file)
	st, err := store.Open(context.Background(), u, store.Options{Variants: games.All()})
	if err != nil {
		t.Fatalf("%s: the restored database: %v", c.where(), err)
	}
	defer st.Close()
	if _, err := st.Load(context.Background(), game); err != nil {
		t.Errorf("%s: game #%d is not in the restored database: %v", c.where(), game, err)
	}
}

// libpqURL returns a store/pgtest database's URL as libpq's programs
// (pg_dump, pg_restore) take it, without the schema it names, and that
// schema.
func libpqURL(t *testing.T, u string) (conn, schema string) {
	t.Helper()
	parsed, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	q := parsed.Query()
	schema = q.Get("search_path")
	q.Del("search_path") // libpq's programs do not take it
	parsed.RawQuery = q.Encode()
	return parsed.String(), schema
}

// restorePostgres loses the store/pgtest database u (its schema dropped)
// and restores the dump file into it with the pg_restore command words,
// a command of the README.
func restorePostgres(t *testing.T, c readmeCommand, words []string, u, dump string) {
	t.Helper()
	conn, schema := libpqURL(t, u)
	db, err := sql.Open("pgx", conn)
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec("DROP SCHEMA " + schema + " CASCADE")
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	args := pgArgs(t, c, words, conn, dump)
	if out, err := exec.Command(pgProgram(t, "pg_restore"), args...).CombinedOutput(); err != nil {
		t.Fatalf("%s: pg_restore %s: %v\n%s", c.where(), strings.Join(args, " "), err, out)
	}
}

// checkComposePostgresBackup checks the README's PostgreSQL backup with
// deploy/compose-postgres.yaml: pg_dump and pg_restore run in its postgres
// service as its user, on its database, with the flags of the README's own
// commands (which checkPostgresBackup plays); stop and start name every
// zugbot service of the file.
func checkComposePostgresBackup(t *testing.T, c readmeCommand, words []string) {
	compose := deployFile(t, "compose-postgres.yaml")
	services := regexp.MustCompile(`(?m)^  ([a-z0-9-]+):$`).FindAllStringSubmatch(compose, -1)
	var zugbots []string
	for _, s := range services {
		if strings.HasPrefix(s[1], "zugbot") {
			zugbots = append(zugbots, s[1])
		}
	}
	switch words[4] {
	case "stop", "start":
		if !slices.Equal(words[5:], zugbots) {
			t.Errorf("%s: %q: the file's zugbot services are %v", c.where(), c.text, zugbots)
		}
	case "exec":
		if len(words) < 8 || words[5] != "-T" || words[6] != "postgres" || !strings.Contains(compose, "\n  postgres:\n") {
			t.Errorf("%s: %q: want exec -T in the postgres service", c.where(), c.text)
			return
		}
		prog, rest := words[7], words[8:]
		var flags []string
		for i := 0; i < len(rest); i++ {
			switch rest[i] {
			case "-U":
				i++
				requires := "POSTGRES_USER: " + rest[i] + "\n"
				if !strings.Contains(compose, requires) {
					t.Errorf("%s: %q: compose-postgres.yaml has no %q", c.where(), c.text, requires)
				}
			case "-d":
				i++
				if !strings.Contains(compose, "POSTGRES_DB: "+rest[i]+"\n") {
					t.Errorf("%s: %q: compose-postgres.yaml's database is not %s", c.where(), c.text, rest[i])
				}
			case ">", "<":
				if want := map[string]string{"pg_dump": ">", "pg_restore": "<"}[prog]; rest[i] != want || i+2 != len(rest) {
					t.Errorf("%s: %q: want %s to %s the dump file last", c.where(), c.text, prog, want)
				}
				i++
			default:
				flags = append(flags, rest[i])
			}
		}
		// The README's command of the host for the same program, without
		// its connection flags and its file.
		var host []string
		for _, h := range docCommands(t, "../../README.md") {
			if w, _ := h.fields(); len(w) > 0 && w[0] == prog {
				host = pgArgs(t, h, w, "DB", "FILE")
			}
		}
		host = slices.DeleteFunc(host, func(w string) bool { return w == "-d" || w == "-f" || w == "DB" || w == "FILE" })
		if host == nil || !slices.Equal(flags, host) {
			t.Errorf("%s: %q: its flags %v are not those of the README's %s for a server of your own, %v", c.where(), c.text, flags, prog, host)
		}
	default:
		t.Errorf("%s: unexpected compose command %q", c.where(), c.text)
	}
}

// readDoc returns a Markdown file of the repository with its lines joined
// and its white space collapsed, so that a phrase broken over two lines is
// found whole.
func readDoc(t *testing.T, doc string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../..", doc))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(b)), " ")
}

// eloFit matches a fit of level 5 on Stockfish's scale, as the runs against
// Stockfish give it: "**2064 (95%: 2002 to 2128)**".
var eloFit = regexp.MustCompile(`\*\*(\d{4}) \(95%: (\d{4}) to (\d{4})\)\*\*`)

// TestReadmeSummary checks the README's summary of the AI's strength and
// speed against the pages it sums up: every figure it sets in bold is on
// docs/strength.md or docs/load.md; its rating is the last fit of the runs
// against Stockfish, over as many games; its lowest score of a level against
// the level below is the ladder's; and its load figures are the load
// benchmark's (the first table, SQLite's).
func TestReadmeSummary(t *testing.T) {
	strength, load := readDoc(t, "docs/strength.md"), readDoc(t, "docs/load.md")
	summary := strings.Join(strings.Fields(strings.Join(append(readmeSection(t, "The AI"), readmeSection(t, "After the game: analysis and hints")...), " ")), " ")
	for _, m := range regexp.MustCompile(`\*\*([^*]*\d[^*]*)\*\*`).FindAllStringSubmatch(summary, -1) {
		if !strings.Contains(strength, m[1]) && !strings.Contains(load, m[1]) {
			t.Errorf("README: the summary's figure %q is on neither docs/strength.md nor docs/load.md", m[1])
		}
	}

	fits := eloFit.FindAllStringSubmatchIndex(strength, -1)
	got := eloFit.FindAllStringSubmatch(summary, -1)
	if len(fits) == 0 || len(got) != 1 {
		t.Fatalf("want one rating on Stockfish's scale in the README's summary (%d) and some in docs/strength.md (%d)", len(got), len(fits))
	}
	last := fits[len(fits)-1]
	if want := strength[last[0]:last[1]]; "**"+got[0][1]+" (95%: "+got[0][2]+" to "+got[0][3]+")**" != want {
		t.Errorf("README: level 5 at %s on Stockfish's scale; the last fit of docs/strength.md is %s", got[0][0], want)
	}
	if m := regexp.MustCompile(`\((\d+) games at 1 s a move\)`).FindStringSubmatch(summary); m == nil {
		t.Errorf("README: the summary does not say how many games the rating comes from")
	} else if before := strength[max(0, last[0]-300):last[0]]; !strings.Contains(before, "over "+m[1]+" games") {
		t.Errorf("README: the rating is from %s games; docs/strength.md's last fit says otherwise: %q", m[1], before)
	}

	lowest := 101.0
	vs := regexp.MustCompile(`^(\d) vs (\d)\b`)
	for _, row := range tableRows(docSection(t, "docs/strength.md", "The levels and the ladder")) {
		m := vs.FindStringSubmatch(row[0])
		if m == nil || m[1][0] != m[2][0]+1 {
			continue // not a level against the one below
		}
		score, err := strconv.ParseFloat(strings.TrimSuffix(row[3], "%"), 64)
		if err != nil {
			t.Fatalf("docs/strength.md: the ladder's row %q has no score: %v", row[0], err)
		}
		lowest = min(lowest, score)
	}
	if m := regexp.MustCompile(`at least \*\*([\d.]+)%\*\* against the one below`).FindStringSubmatch(summary); m == nil {
		t.Errorf("README: the summary does not give the lowest score of a level against the one below")
	} else if v, _ := strconv.ParseFloat(m[1], 64); v != lowest {
		t.Errorf("README: each level scored at least %s%% against the one below; the ladder's lowest is %v%%", m[1], lowest)
	}

	// The load benchmark's first table is SQLite's.
	first := func(re string) []string {
		m := regexp.MustCompile(re).FindStringSubmatch(load)
		if m == nil {
			t.Fatalf("docs/load.md has no %s", re)
		}
		return m
	}
	if m := regexp.MustCompile(`With (\d+) games at once`).FindStringSubmatch(summary); m == nil || m[1] != first(`\| games at once \| (\d+) `)[1] {
		t.Errorf("README: the summary's games at once, %v, are not the load benchmark's", m)
	}
	if strings.Contains(summary, "no interaction was answered after") && first(`\| answered after 3 s \| (\d+) \|`)[1] != "0" {
		t.Errorf("README: no interaction answered late, says the summary; the load benchmark says otherwise")
	}
	m := regexp.MustCompile(`level (\d)'s reply took \*\*([\d.]+ ms)\*\* at the median and \*\*([\d.]+ ms)\*\*`).FindStringSubmatch(summary)
	if m == nil {
		t.Fatalf("README: the summary gives no reply time of a level")
	}
	if row := first(`\| AI level ` + m[1] + ` reply p50 / p99 \(\d+ replies\) \| ([\d.]+ ms) / ([\d.]+ ms) \|`); row[1] != m[2] || row[2] != m[3] {
		t.Errorf("README: level %s replies in %s / %s (p50 / p99); the load benchmark says %s / %s", m[1], m[2], m[3], row[1], row[2])
	}
}

// markdownDocs are the Markdown files whose links TestReadmeLinks checks:
// the README and the pages of docs/.
func markdownDocs(t *testing.T) []string {
	docs, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	out := []string{"README.md"}
	for _, d := range docs {
		out = append(out, strings.TrimPrefix(filepath.ToSlash(d), "../../"))
	}
	return out
}

// headingSlugs returns the anchors GitHub gives a Markdown file's headings:
// lower case, punctuation dropped, spaces as hyphens, a repeated one
// numbered.
func headingSlugs(t *testing.T, doc string) map[string]bool {
	b, err := os.ReadFile(filepath.Join("../..", doc))
	if err != nil {
		t.Fatal(err)
	}
	slugs := map[string]bool{}
	seen := map[string]int{}
	inBlock := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inBlock = !inBlock
		}
		if inBlock || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimSpace(strings.TrimLeft(line, "#"))
		slug := strings.Map(func(r rune) rune {
			switch {
			case r == ' ':
				return '-'
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				return unicode.ToLower(r)
			}
			return -1
		}, text)
		if n := seen[slug]; n > 0 {
			slugs[slug+"-"+strconv.Itoa(n)] = true
		} else {
			slugs[slug] = true
		}
		seen[slug]++
		slugs["heading:"+text] = true
	}
	return slugs
}

// TestReadmeLinks checks the links of the README and of the pages of docs/,
// which the README's text was split across: every relative link and image
// leads to a file of the repository, and every #anchor to a heading of its
// file. A reference in the text, (see "Heading"), names a heading of the
// README or of one of those pages, and so do the README sections that the
// bot's messages send people to.
func TestReadmeLinks(t *testing.T) {
	docs := markdownDocs(t)
	slugs := map[string]map[string]bool{}
	headings := map[string]bool{}
	for _, d := range docs {
		slugs[d] = headingSlugs(t, d)
		for s := range slugs[d] {
			if text, ok := strings.CutPrefix(s, "heading:"); ok {
				headings[text] = true
			}
		}
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	see := regexp.MustCompile(`see "([^"]+)"`)
	for _, d := range docs {
		b, _ := os.ReadFile(filepath.Join("../..", d))
		text := regexp.MustCompile("(?s)```.*?```").ReplaceAllString(string(b), "") // code blocks hold no links
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			rel := d
			if file != "" {
				rel = filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(d), file)))
				if _, err := os.Stat(filepath.Join("../..", rel)); err != nil {
					t.Errorf("%s: the link %s leads nowhere: %v", d, target, err)
					continue
				}
			}
			if anchor == "" {
				continue
			}
			if _, ok := slugs[rel]; !ok {
				if !strings.HasSuffix(rel, ".md") {
					t.Errorf("%s: the link %s has an anchor in a file that is not Markdown", d, target)
					continue
				}
				slugs[rel] = headingSlugs(t, rel)
			}
			if !slugs[rel][anchor] {
				t.Errorf("%s: the link %s: %s has no heading #%s", d, target, rel, anchor)
			}
		}
		for _, m := range see.FindAllStringSubmatch(text, -1) {
			if !headings[m[1]] {
				t.Errorf("%s: (see %q): no such heading in the README or docs/", d, m[1])
			}
		}
	}
	// The bot sends people to the README's sections by name.
	var sources []string
	for _, dir := range []string{"../../cmd/zugbot", "../../bot"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		sources = append(sources, files...)
	}
	named := regexp.MustCompile(`README, \\?"?([A-Z][A-Za-z ]+)`)
	n := 0
	for _, f := range sources {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, _ := os.ReadFile(f)
		for _, m := range named.FindAllStringSubmatch(string(b), -1) {
			n++
			if !slugs["README.md"]["heading:"+strings.TrimSpace(m[1])] {
				t.Errorf("%s sends people to the README's %q, which has no such heading", f, m[1])
			}
		}
	}
	if n == 0 {
		t.Errorf("found no README section named in the bot's messages; the pattern is broken")
	}
}

// goModVersion returns the Go version of go.mod's go line.
func goModVersion(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindStringSubmatch(string(b))
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	return m[1]
}

// TestReadmeGoVersion checks the Go that the README and the pages of docs/
// ask for ("Go 1.26.8 or newer", the archive of go.dev/dl they install)
// against go.mod's go line.
func TestReadmeGoVersion(t *testing.T) {
	want := goModVersion(t)
	asked := regexp.MustCompile(`\bGo (\d+\.\d+(?:\.\d+)?) or newer|\bgo(\d+\.\d+(?:\.\d+)?)\.linux-`)
	n := 0
	for _, d := range markdownDocs(t) {
		for _, m := range asked.FindAllStringSubmatch(readDoc(t, d), -1) {
			n++
			if v := m[1] + m[2]; v != want {
				t.Errorf("%s asks for Go %s (%q); go.mod's go line is %s", d, v, m[0], want)
			}
		}
	}
	if n < 3 {
		t.Errorf("found %d mentions of the Go to install; want the README's Try it and Develop sections and the guide's archive", n)
	}
}
