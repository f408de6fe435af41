package main

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// dockerStage is one stage of the Dockerfile: its FROM line's image and
// name, and its instructions.
type dockerStage struct {
	from, name string
	lines      []string
}

// dockerStages splits the Dockerfile into its stages, continuation lines
// joined.
func dockerStages(dockerfile string) []dockerStage {
	var stages []dockerStage
	joined := strings.ReplaceAll(dockerfile, "\\\n", " ")
	from := regexp.MustCompile(`^FROM (?:--platform=\S+ )?(\S+)(?: AS (\S+))?$`)
	for _, line := range strings.Split(joined, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if m := from.FindStringSubmatch(line); m != nil {
			stages = append(stages, dockerStage{from: m[1], name: m[2]})
		} else if len(stages) > 0 {
			stages[len(stages)-1].lines = append(stages[len(stages)-1].lines, line)
		}
	}
	return stages
}

// checkDockerStages checks the Dockerfile's stages: docker build's image
// (the last stage, the default target) and GoReleaser's ("release") share
// one runtime stage and differ only in where the binary comes from, the
// build's or the one GoReleaser puts in its build context; every COPY
// --from names an earlier stage.
func checkDockerStages(t *testing.T, dockerfile string) {
	t.Helper()
	stages := dockerStages(dockerfile)
	if len(stages) < 2 {
		t.Fatalf("the Dockerfile has %d stages", len(stages))
	}
	seen := map[string]bool{}
	var release *dockerStage
	for i, s := range stages {
		for _, l := range s.lines {
			if m := regexp.MustCompile(`^COPY .*--from=(\S+)`).FindStringSubmatch(l); m != nil && !seen[m[1]] {
				t.Errorf("the Dockerfile's stage %d copies from %q, no stage before it", i, m[1])
			}
		}
		if s.name == "release" {
			release = &stages[i]
		}
		seen[s.name] = true
	}
	last := stages[len(stages)-1]
	if last.name != "" || !slices.Contains(last.lines, "COPY --from=build /out/zugbot /usr/local/bin/zugbot") {
		t.Errorf("the Dockerfile's last stage (docker build's image) is %+v; want it unnamed, with the binary of the build stage", last)
	}
	if release == nil {
		t.Fatalf("the Dockerfile has no stage \"release\" for GoReleaser")
	}
	if !slices.Contains(release.lines, "ARG TARGETPLATFORM") || !slices.Contains(release.lines, "COPY $TARGETPLATFORM/zugbot /usr/local/bin/zugbot") {
		t.Errorf("the release stage does not copy the binary from GoReleaser's context, linux/<arch>/zugbot: %v", release.lines)
	}
	if release.from != last.from || len(release.lines) != 2 || len(last.lines) != 1 {
		t.Errorf("the release stage (FROM %s, %d lines) and the last one (FROM %s, %d lines) must differ only in the binary they copy",
			release.from, len(release.lines), last.from, len(last.lines))
	}
}

// TestReleaseConfig checks .goreleaser.yaml against the repository: the
// build (no cgo, linux on amd64 and arm64, the ldflags that
// TestVersionStamped builds with), the archives' files, the image built
// from the Dockerfile's release stage with its build arguments.
func TestReleaseConfig(t *testing.T) {
	cfg := readRepoFile(t, ".goreleaser.yaml")
	dockerfile := readRepoFile(t, "Dockerfile")
	if strings.Contains(cfg, "\t") {
		t.Errorf(".goreleaser.yaml has a tab; YAML indents with spaces")
	}
	for _, want := range []string{"\nversion: 2\n", "main: ./cmd/zugbot\n", "binary: zugbot\n", "- CGO_ENABLED=0\n",
		"goos:\n      - linux\n", "goarch:\n      - amd64\n      - arm64\n", "- -trimpath\n",
		"platforms:\n      - linux/amd64\n      - linux/arm64\n", "- --target=release\n",
		`name_template: "{{ .ProjectName }}_{{ .Version }}_{{ .Os }}_{{ .Arch }}"`,
		`name_template: "{{ .ProjectName }}_{{ .Version }}_checksums.txt"`} {
		if !strings.Contains(cfg, want) {
			t.Errorf(".goreleaser.yaml lacks %q", want)
		}
	}
	for _, v := range []string{"version", "commit", "date"} {
		if !strings.Contains(goreleaserLdflags(t), "-X main."+v+"=") {
			t.Errorf(".goreleaser.yaml's ldflags do not stamp main.%s", v)
		}
	}
	// The build arguments are the Dockerfile's.
	args := regexp.MustCompile(`(?m)^ARG (.+)$`).FindAllStringSubmatch(dockerfile, -1)
	var declared []string
	for _, a := range args {
		declared = append(declared, strings.Fields(a[1])...)
	}
	m := regexp.MustCompile(`(?s)build_args:\n((?:      \S+: .*?\n)+)`).FindStringSubmatch(cfg)
	if m == nil {
		t.Fatalf(".goreleaser.yaml's image has no build_args")
	}
	for _, l := range strings.Split(strings.TrimSpace(m[1]), "\n") {
		if name, _, _ := strings.Cut(strings.TrimSpace(l), ":"); !slices.Contains(declared, name) {
			t.Errorf(".goreleaser.yaml passes the build argument %s, which the Dockerfile does not declare (%v)", name, declared)
		}
	}
	// The archives' files exist, deploy/'s are named one by one (never
	// deploy/zugbot.env, which holds a token), and every unit the guide
	// installs is there.
	files := regexp.MustCompile(`(?s)\n    files:\n((?:      - \S+\n)+)`).FindStringSubmatch(cfg)
	if files == nil {
		t.Fatalf(".goreleaser.yaml's archive lists no files")
	}
	var listed []string
	for _, l := range strings.Split(strings.TrimSpace(files[1]), "\n") {
		f := strings.TrimPrefix(strings.TrimSpace(l), "- ")
		listed = append(listed, f)
		switch m, _ := filepath.Glob(filepath.Join("../..", f)); {
		case strings.ContainsAny(f, "*?[") && !strings.HasPrefix(f, "docs/"):
			t.Errorf(".goreleaser.yaml's archive takes %s; name each file outside docs/, so that nothing unmeant (deploy/zugbot.env) is packed", f)
		case len(m) == 0:
			t.Errorf(".goreleaser.yaml's archive takes %s, which is no file", f)
		}
	}
	packed := func(f string) bool {
		return slices.ContainsFunc(listed, func(pat string) bool { ok, _ := filepath.Match(pat, f); return ok })
	}
	for _, f := range []string{"README.md", "CHANGELOG.md", "docs/self-hosting.md", "LICENSE", "THIRD_PARTY_NOTICES"} {
		if !packed(f) {
			t.Errorf(".goreleaser.yaml's archive lacks %s", f)
		}
	}
	// The README's links work in the unpacked archive: every file it
	// links to is packed (a folder: its files).
	for _, m := range regexp.MustCompile(`\]\(([^)#:]+)[)#]`).FindAllStringSubmatch(readRepoFile(t, "README.md"), -1) {
		target := m[1]
		files := []string{target}
		if fi, err := os.Stat(filepath.Join("../..", target)); err == nil && fi.IsDir() {
			files, _ = filepath.Glob(filepath.Join("../..", target, "*"))
			for i := range files {
				files[i], _ = filepath.Rel("../..", files[i])
			}
		}
		for _, f := range files {
			if !packed(filepath.ToSlash(f)) {
				t.Errorf("the README links to %s, which the release archive lacks", f)
			}
		}
	}
	// The image carries the licence and the notices too: the Dockerfile's
	// runtime stage, which both images share, copies them from the build
	// context, which GoReleaser's extra_files fill.
	if !strings.Contains(cfg, "    extra_files:\n      - LICENSE\n      - THIRD_PARTY_NOTICES\n") {
		t.Errorf(".goreleaser.yaml's image does not put LICENSE and THIRD_PARTY_NOTICES in its build context (extra_files)")
	}
	if !regexp.MustCompile(`(?m)^COPY LICENSE THIRD_PARTY_NOTICES /usr/share/doc/zugbot/$`).MatchString(dockerfile) {
		t.Errorf("the Dockerfile does not copy LICENSE and THIRD_PARTY_NOTICES into the image")
	}
	for _, c := range docCommands(t, guidePath) {
		if w := strings.Fields(c.text); len(w) > 2 && w[0] == "sudo" && (w[1] == "cp" || w[1] == "install") {
			for _, f := range w[2:] {
				if strings.HasPrefix(f, "deploy/") && !slices.Contains(listed, f) {
					t.Errorf("the guide's %q (line %d) needs %s, which the release archive lacks", c.text, c.line, f)
				}
			}
		}
	}
}

// changelogRelease is a version heading of CHANGELOG.md.
var changelogRelease = regexp.MustCompile(`^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d\d-\d\d)$`)

// latestRelease returns the newest version CHANGELOG.md gives, such as
// "0.1.0".
func latestRelease(t *testing.T) string {
	t.Helper()
	for _, line := range strings.Split(readRepoFile(t, "CHANGELOG.md"), "\n") {
		if m := changelogRelease.FindStringSubmatch(line); m != nil {
			return m[1]
		}
	}
	t.Fatal("CHANGELOG.md gives no release")
	return ""
}

// TestReleaseChangelog checks CHANGELOG.md's form (Keep a Changelog): an
// Unreleased section first, then the releases newest first, each with its
// date, sections of the kinds that format names, and a link.
func TestReleaseChangelog(t *testing.T) {
	text := readRepoFile(t, "CHANGELOG.md")
	lines := strings.Split(text, "\n")
	if lines[0] != "# Changelog" || !strings.Contains(text, "keepachangelog.com") || !strings.Contains(text, "semver.org") {
		t.Errorf("CHANGELOG.md does not start as Keep a Changelog does")
	}
	var versions []string
	var prev time.Time
	for i, line := range lines {
		switch {
		case line == "## [Unreleased]":
			if len(versions) > 0 {
				t.Errorf("CHANGELOG.md line %d: Unreleased after a release", i+1)
			}
			versions = append(versions, "Unreleased")
		case strings.HasPrefix(line, "## "):
			m := changelogRelease.FindStringSubmatch(line)
			if m == nil {
				t.Errorf("CHANGELOG.md line %d: %q; want ## [X.Y.Z] - YYYY-MM-DD", i+1, line)
				continue
			}
			d, err := time.Parse("2006-01-02", m[2])
			if err != nil || !prev.IsZero() && d.After(prev) {
				t.Errorf("CHANGELOG.md line %d: %q: a bad date, or not newest first", i+1, line)
			}
			prev = d
			versions = append(versions, m[1])
		case strings.HasPrefix(line, "### "):
			if !slices.Contains([]string{"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}, line[4:]) {
				t.Errorf("CHANGELOG.md line %d: %q is none of Keep a Changelog's kinds of change", i+1, line)
			}
		}
	}
	if len(versions) < 2 || versions[0] != "Unreleased" {
		t.Fatalf("CHANGELOG.md's sections: %v; want Unreleased, then the releases", versions)
	}
	for i, v := range versions {
		want := "[" + v + "]: https://github.com/zugbot/zugbot/releases/tag/v" + v
		if i == 0 {
			want = "[Unreleased]: https://github.com/zugbot/zugbot/compare/v" + versions[1] + "...HEAD"
		} else if i+1 < len(versions) {
			want = "[" + v + "]: https://github.com/zugbot/zugbot/compare/v" + versions[i+1] + "...v" + v
		}
		if !strings.Contains(text, "\n"+want+"\n") {
			t.Errorf("CHANGELOG.md lacks the link %s", want)
		}
	}
}

// TestReleaseBuilds cross-compiles zugbot for each architecture of
// .goreleaser.yaml without cgo, as the release does, and checks that each
// binary is a static ELF executable for that machine.
func TestReleaseBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-compiles the binary (about a minute per architecture on an empty build cache)")
	}
	machine := map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}
	m := regexp.MustCompile(`goarch:\n((?:      - \S+\n)+)`).FindStringSubmatch(readRepoFile(t, ".goreleaser.yaml"))
	if m == nil {
		t.Fatal(".goreleaser.yaml names no goarch")
	}
	for _, l := range strings.Split(strings.TrimSpace(m[1]), "\n") {
		arch := strings.TrimPrefix(strings.TrimSpace(l), "- ")
		t.Run(arch, func(t *testing.T) {
			want, ok := machine[arch]
			if !ok {
				t.Fatalf("no ELF machine known for %s; add it here", arch)
			}
			bin := goBuild(t, "../..", releaseEnv("GOOS=linux", "GOARCH="+arch), "-buildvcs=false", "-ldflags=-s -w")
			f, err := elf.Open(bin)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if f.Machine != want || f.Type != elf.ET_EXEC {
				t.Errorf("linux/%s: an ELF %v %v; want an executable for %v", arch, f.Type, f.Machine, want)
			}
			for _, p := range f.Progs {
				if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
					t.Errorf("linux/%s: dynamically linked (%v); want a static binary", arch, p.Type)
				}
			}
		})
	}
}

// dockerBuildArgs are the build arguments of every docker build the
// README and the guide give: the checkout's version and commit, which the
// Dockerfile stamps into the binary.
const dockerBuildArgs = "--build-arg VERSION=$(git describe --tags --always) --build-arg COMMIT=$(git rev-parse HEAD)"

// releaseImage is the newest release's image, as .goreleaser.yaml names
// and tags it.
func releaseImage(t *testing.T) string {
	t.Helper()
	cfg := readRepoFile(t, ".goreleaser.yaml")
	if !strings.Contains(cfg, "images:\n      - ghcr.io/zugbot/zugbot\n") || !strings.Contains(cfg, "tags:\n      - \"v{{ .Version }}\"\n") {
		t.Errorf(".goreleaser.yaml does not push ghcr.io/zugbot/zugbot tagged v{{ .Version }}")
	}
	return "ghcr.io/zugbot/zugbot:v" + latestRelease(t)
}

// releaseDownload returns the names of the newest release's linux/amd64
// archive, of its checksums and of the directory the archive unpacks
// into, from .goreleaser.yaml's templates, and the URL they are
// downloaded from.
func releaseDownload(t *testing.T) (archive, checksums, dir, url string) {
	t.Helper()
	cfg := readRepoFile(t, ".goreleaser.yaml")
	v := latestRelease(t)
	tpl := regexp.MustCompile(`(?m)^ +name_template: "(.+)"$`).FindAllStringSubmatch(cfg, -1)
	if len(tpl) != 2 || !strings.Contains(cfg, "wrap_in_directory: true\n") || !strings.Contains(cfg, "formats:\n      - tar.gz\n") ||
		!strings.Contains(cfg, "github:\n    owner: zugbot\n    name: zugbot\n") {
		t.Fatalf(".goreleaser.yaml: want an archive's and a checksum's name_template, tar.gz archives wrapped in a directory, released on github.com/zugbot/zugbot")
	}
	fill := strings.NewReplacer("{{ .ProjectName }}", "zugbot", "{{ .Version }}", v, "{{ .Os }}", "linux", "{{ .Arch }}", "amd64")
	dir = fill.Replace(tpl[0][1])
	return dir + ".tar.gz", fill.Replace(tpl[1][1]), dir, "https://github.com/zugbot/zugbot/releases/download/v" + v + "/"
}

// checkReleaseDownload checks a command of the guide's download of a
// release: the newest release's files, as GoReleaser names them, checked
// against the checksums' list, unpacked, and the directory entered.
func checkReleaseDownload(t *testing.T, c readmeCommand, words []string) {
	archive, checksums, dir, url := releaseDownload(t)
	var want []string
	switch words[0] {
	case "curl":
		want = []string{"curl", "-fLO", url + archive}
		if strings.HasSuffix(words[2], "_checksums.txt") {
			want[2] = url + checksums
		}
	case "sha256sum":
		want = []string{"sha256sum", "--check", "--ignore-missing", checksums}
	case "tar":
		want = []string{"tar", "-xzf", archive}
	case "cd":
		want = []string{"cd", dir}
	}
	if !slices.Equal(words, want) {
		t.Errorf("guide line %d: %q; want %q", c.line, c.text, strings.Join(want, " "))
	}
}

// checkGoreleaserCommand checks a GoReleaser command of the Releasing
// steps: GoReleaser v2 at a pinned version, one of the commands it has,
// and the configuration it reads there.
func checkGoreleaserCommand(t *testing.T, c readmeCommand, words []string) {
	if len(words) < 4 || !regexp.MustCompile(`^github\.com/goreleaser/goreleaser/v2@v2\.\d+\.\d+$`).MatchString(words[2]) {
		t.Errorf("%s: %q: want go run github.com/goreleaser/goreleaser/v2 at a pinned version", c.where(), c.text)
		return
	}
	if !slices.Contains([]string{"check", "release"}, words[3]) {
		t.Errorf("%s: %q: GoReleaser has no command %q", c.where(), c.text, words[3])
	}
	if words[3] == "release" && !slices.Contains(words, "--clean") {
		t.Errorf("%s: %q: without --clean, a second run fails on dist/", c.where(), c.text)
	}
	if _, err := os.Stat("../../.goreleaser.yaml"); err != nil {
		t.Errorf("%s: %q: %v", c.where(), c.text, err)
	}
}

// checkReleaseTag checks the Releasing steps' tag: an annotated tag of a
// version that CHANGELOG.md gives.
func checkReleaseTag(t *testing.T, c readmeCommand, words []string) {
	tag := words[len(words)-1]
	if words[1] == "tag" {
		tag = words[3]
		if words[2] != "-a" {
			t.Errorf("%s: %q: want an annotated tag (-a), which git describe reads", c.where(), c.text)
		}
	}
	v, ok := strings.CutPrefix(tag, "v")
	if !ok || !regexp.MustCompile(`(?m)^## \[`+regexp.QuoteMeta(v)+`\] - `).MatchString(readRepoFile(t, "CHANGELOG.md")) {
		t.Errorf("%s: %q: the tag %s is no version of CHANGELOG.md", c.where(), c.text, tag)
	}
}

// checkReleaseNotes runs the Releasing steps' awk program on CHANGELOG.md
// and checks that it prints the version's section: the lines between its
// heading and the next heading or the links at the bottom.
func checkReleaseNotes(t *testing.T, c readmeCommand, words []string) {
	if len(words) != 5 || words[0] != "awk" || words[2] != "CHANGELOG.md" || words[3] != ">" {
		t.Fatalf("%s: %q: want awk PROGRAM CHANGELOG.md > FILE", c.where(), c.text)
	}
	if _, err := exec.LookPath("awk"); err != nil {
		t.Skip("no awk here")
	}
	m := regexp.MustCompile(`\\\[([0-9\\.]+)\\\]`).FindStringSubmatch(words[1])
	if m == nil {
		t.Fatalf("%s: %q names no version", c.where(), c.text)
	}
	v := strings.ReplaceAll(m[1], `\`, "")
	var want strings.Builder
	in := false
	for _, line := range strings.SplitAfter(readRepoFile(t, "CHANGELOG.md"), "\n") {
		if strings.HasPrefix(line, "## ") || strings.HasPrefix(line, "[") { // the next section, or the links
			in = strings.HasPrefix(line, "## ["+v+"] - ")
			continue
		}
		if in {
			want.WriteString(line)
		}
	}
	cmd := exec.Command("awk", words[1], words[2])
	cmd.Dir = "../.."
	got, err := cmd.Output()
	if err != nil || string(got) != want.String() || !strings.Contains(string(got), "### ") {
		t.Errorf("%s: %q: %v, printed\n%s\nwant the section of %s:\n%s", c.where(), c.text, err, got, v, want.String())
	}
}
