package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// stamp sets the build-time variables for one test.
func stamp(t *testing.T, v, c, d string) {
	t.Helper()
	old := [3]string{version, commit, date}
	version, commit, date = v, c, d
	t.Cleanup(func() { version, commit, date = old[0], old[1], old[2] })
}

// TestVersionLine: a stamp wins over what Go recorded, and each part that
// was not stamped is taken from the build info.
func TestVersionLine(t *testing.T) {
	const rev = "0123456789abcdef0123456789abcdef01234567"
	vcs := func(modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev},
			{Key: "vcs.time", Value: "2026-11-27T12:00:00Z"}, {Key: "vcs.modified", Value: modified}}
	}
	info := func(v string, s []debug.BuildSetting) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Path: "github.com/zugbot/zugbot", Version: v}, Settings: s}
	}
	g := runtime.Version()
	for _, tt := range []struct {
		name    string
		stamped [3]string
		info    *debug.BuildInfo
		want    string
	}{
		{"release", [3]string{"v0.1.0", "fedcba9876543210fedcba9876543210fedcba98", "2026-11-20T08:00:00Z"}, info("v0.0.0-20261127120000-0123456789ab", vcs("true")),
			"zugbot v0.1.0 (commit fedcba987654 of 2026-11-20T08:00:00Z, " + g + ")"},
		{"docker build with its arguments", [3]string{"v0.1.0-3-gabc6ad5", rev, ""}, info("(devel)", nil),
			"zugbot v0.1.0-3-gabc6ad5 (commit 0123456789ab, " + g + ")"},
		{"git checkout", [3]string{}, info("v0.0.0-20261127120000-0123456789ab", vcs("false")),
			"zugbot v0.0.0-20261127120000-0123456789ab (commit 0123456789ab of 2026-11-27T12:00:00Z, " + g + ")"},
		{"git checkout, changed", [3]string{}, info("v0.1.0+dirty", vcs("true")),
			"zugbot v0.1.0+dirty (commit 0123456789ab-modified of 2026-11-27T12:00:00Z, " + g + ")"},
		{"version stamped alone", [3]string{"v0.1.0", "", ""}, info("(devel)", vcs("false")),
			"zugbot v0.1.0 (commit 0123456789ab of 2026-11-27T12:00:00Z, " + g + ")"},
		{"go install @v0.1.0", [3]string{}, info("v0.1.0", nil), "zugbot v0.1.0 (unknown commit, " + g + ")"},
		{"nothing known", [3]string{}, info("(devel)", nil), "zugbot dev (unknown commit, " + g + ")"},
		{"no build info", [3]string{}, nil, "zugbot dev (unknown commit, " + g + ")"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			stamp(t, tt.stamped[0], tt.stamped[1], tt.stamped[2])
			if got := readBuild(tt.info, tt.info != nil).String(); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// releaseEnv is the environment of the release builds the tests make: no
// cgo, as .goreleaser.yaml and the Dockerfile build, and no GOFLAGS of
// the machine's (such as -buildvcs=false).
func releaseEnv(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOFLAGS=") && !strings.HasPrefix(kv, "CGO_ENABLED=") && !strings.HasPrefix(kv, "GOOS=") && !strings.HasPrefix(kv, "GOARCH=") {
			env = append(env, kv)
		}
	}
	return append(append(env, "CGO_ENABLED=0", "GOFLAGS="), extra...)
}

// goBuild builds ./cmd/zugbot of the module at root as the release does
// (-trimpath, so that builds from other directories share the build
// cache), with extra flags, and returns the binary's path.
func goBuild(t *testing.T, root string, env []string, flags ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "zugbot")
	args := append(append([]string{"build", "-trimpath"}, flags...), "-o", bin, "./cmd/zugbot")
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Env = root, env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return bin
}

// versionOf runs zugbot version.
func versionOf(t *testing.T, bin string) string {
	t.Helper()
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatalf("%s version: %v", bin, err)
	}
	return strings.TrimSpace(string(out))
}

// goreleaserLdflags returns the ldflags of .goreleaser.yaml's build.
func goreleaserLdflags(t *testing.T) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^\s+ldflags:\n\s+- (.+)$`).FindStringSubmatch(readRepoFile(t, ".goreleaser.yaml"))
	if m == nil {
		t.Fatal(".goreleaser.yaml has no ldflags")
	}
	return m[1]
}

// dockerLdflags returns the ldflags of the Dockerfile's go build.
func dockerLdflags(t *testing.T) string {
	t.Helper()
	m := regexp.MustCompile(`-ldflags="([^"]*)"`).FindStringSubmatch(readRepoFile(t, "Dockerfile"))
	if m == nil {
		t.Fatal("the Dockerfile's go build has no -ldflags")
	}
	return m[1]
}

// readRepoFile reads a file of the repository.
func readRepoFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../..", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestVersionStamped builds zugbot with the ldflags of .goreleaser.yaml and
// of the Dockerfile, their templates and build arguments filled in, and
// checks that zugbot version says what they stamped. The build has no VCS
// stamping, as in the Docker build, whose context has no .git.
func TestVersionStamped(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	g := runtime.Version()
	release := strings.NewReplacer("{{ .Version }}", "0.1.0", "{{ .FullCommit }}", rev, "{{ .CommitDate }}", "2026-11-27T12:00:00Z").Replace(goreleaserLdflags(t))
	docker := func(v, c string) string {
		return strings.NewReplacer("${VERSION}", v, "${COMMIT}", c).Replace(dockerLdflags(t))
	}
	for _, tt := range []struct{ name, ldflags, want string }{
		{"goreleaser", release, "zugbot v0.1.0 (commit 0123456789ab of 2026-11-27T12:00:00Z, " + g + ")"},
		{"docker build", docker("v0.1.0-3-gabc6ad5", rev), "zugbot v0.1.0-3-gabc6ad5 (commit 0123456789ab, " + g + ")"},
		{"docker build without its arguments", docker("", ""), "zugbot dev (unknown commit, " + g + ")"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if strings.ContainsAny(tt.ldflags, "{}$") {
				t.Fatalf("ldflags %q: a template or variable this test does not fill in", tt.ldflags)
			}
			bin := goBuild(t, "../..", releaseEnv(), "-buildvcs=false", "-ldflags="+tt.ldflags)
			if got := versionOf(t, bin); got != tt.want {
				t.Errorf("built with -ldflags=%q, zugbot version says\n%q; want\n%q", tt.ldflags, got, tt.want)
			}
		})
	}
}

// buildSources returns the files that building zugbot reads, relative to
// the repository's root: go.mod and go.sum (also those of a module that a
// replace directive names, under third_party), the Go sources that are not
// tests and the files they embed.
func buildSources(t *testing.T) []string {
	t.Helper()
	var need []string
	embed := regexp.MustCompile(`(?m)^//go:embed (.+)$`)
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "dist") {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel("../..", path)
		if !d.IsDir() && (d.Name() == "go.mod" || d.Name() == "go.sum") {
			need = append(need, rel)
			return nil
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		need = append(need, rel)
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range embed.FindAllStringSubmatch(string(src), -1) {
			for _, pat := range strings.Fields(m[1]) {
				files, _ := filepath.Glob(filepath.Join(filepath.Dir(path), pat))
				for _, f := range files {
					// A directory embeds the files under it.
					err := filepath.WalkDir(f, func(p string, d os.DirEntry, err error) error {
						if err == nil && !d.IsDir() {
							r, _ := filepath.Rel("../..", p)
							need = append(need, r)
						}
						return err
					})
					if err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return need
}

// TestVersionFromBuildInfo builds zugbot without a stamp, in a git
// repository of its sources, and checks that zugbot version reads what Go
// recorded: the commit and its time, and the module's version, a
// pseudo-version and then the tag; "-modified" and "+dirty" once the
// checkout has a change; and "dev (unknown commit" with VCS stamping off.
// (A git worktree, whose .git is a file, gets no VCS stamp from Go.)
func TestVersionFromBuildInfo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root := t.TempDir()
	for _, f := range buildSources(t) {
		b, err := os.ReadFile(filepath.Join("../..", f))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(root, filepath.Dir(f)), 0o755)
		if err := os.WriteFile(filepath.Join(root, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const when = "2026-11-27T12:00:00Z"
	gitEnv := append(os.Environ(), "GIT_AUTHOR_DATE="+when, "GIT_COMMITTER_DATE="+when, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=zugbot test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"}, args...)...)
		cmd.Dir, cmd.Env = root, gitEnv
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "zugbot")
	rev := git("rev-parse", "HEAD")[:12]
	g := runtime.Version()
	check := func(name, want string, flags ...string) {
		t.Run(name, func(t *testing.T) {
			if got := versionOf(t, goBuild(t, root, releaseEnv(), flags...)); got != want {
				t.Errorf("zugbot version says\n%q; want\n%q", got, want)
			}
		})
	}
	check("untagged", fmt.Sprintf("zugbot v0.0.0-20261127120000-%s (commit %s of %s, %s)", rev, rev, when, g), "-buildvcs=true")
	git("tag", "v0.1.0")
	check("tagged", fmt.Sprintf("zugbot v0.1.0 (commit %s of %s, %s)", rev, when, g), "-buildvcs=true")
	if err := os.WriteFile(filepath.Join(root, "notes.txt"), []byte("a change\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	check("changed", fmt.Sprintf("zugbot v0.1.0+dirty (commit %s-modified of %s, %s)", rev, when, g), "-buildvcs=true")
	check("no VCS stamping", "zugbot dev (unknown commit, "+g+")", "-buildvcs=false")
}
