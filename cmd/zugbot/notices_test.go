package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var updateNotices = flag.Bool("notices.update", false, "rewrite THIRD_PARTY_NOTICES from the module cache and web/activity-src/node_modules")

// moduleLicences is the licence of every module go.mod requires, by
// module path: what THIRD_PARTY_NOTICES says of a module built into zugbot,
// checked against the licence text it carries. A module only the tests
// use is not distributed, and has testOnly here (TestThirdPartyNotices
// checks that the binary does not link it). A module added to go.mod must
// be added here, with its licence, or the test fails.
var moduleLicences = map[string]string{
	"github.com/beorn7/perks":             "MIT",
	"github.com/bwmarrin/discordgo":       "BSD-3-Clause", // the patched copy in third_party/discordgo
	"github.com/cespare/xxhash/v2":        "MIT",
	"github.com/dustin/go-humanize":       "MIT",
	"github.com/fogleman/gg":              "MIT",
	"github.com/golang/freetype":          "FTL", // FreeType License or GPL-2.0+, at our choice: the FreeType License
	"github.com/google/uuid":              "BSD-3-Clause",
	"github.com/gorilla/websocket":        "BSD-2-Clause",
	"github.com/jackc/pgpassfile":         "MIT",
	"github.com/jackc/pgservicefile":      "MIT",
	"github.com/jackc/pgx/v5":             "MIT",
	"github.com/jackc/puddle/v2":          "MIT",
	"github.com/klauspost/compress":       "BSD-3-Clause",
	"github.com/munnerz/goautoneg":        "BSD-3-Clause",
	"github.com/prometheus/client_golang": "Apache-2.0",
	"github.com/prometheus/client_model":  "Apache-2.0",
	"github.com/prometheus/common":        "Apache-2.0",
	"github.com/prometheus/procfs":        "Apache-2.0",
	"github.com/remyoudompheng/bigfft":    "BSD-3-Clause",
	"golang.org/x/crypto":                 "BSD-3-Clause",
	"golang.org/x/image":                  "BSD-3-Clause",
	"golang.org/x/sync":                   "BSD-3-Clause",
	"golang.org/x/sys":                    "BSD-3-Clause",
	"golang.org/x/text":                   "BSD-3-Clause",
	"google.golang.org/protobuf":          "BSD-3-Clause",
	"modernc.org/libc":                    "BSD-3-Clause",
	"modernc.org/mathutil":                "BSD-3-Clause",
	"modernc.org/memory":                  "BSD-3-Clause",
	"modernc.org/sqlite":                  "BSD-3-Clause",

	"github.com/chromedp/cdproto":        testOnly,
	"github.com/chromedp/chromedp":       testOnly,
	"github.com/go-json-experiment/json": testOnly,
	"github.com/kylelemons/godebug":      testOnly,
	"github.com/mattn/go-isatty":         testOnly,
	"github.com/ncruces/go-strftime":     testOnly,
}

// testOnly marks a module of moduleLicences that only zugbot's tests use.
const testOnly = "test only"

// licenceMarks are words every text of a licence holds, to check that a
// module's licence files are the licence moduleLicences names.
var licenceMarks = map[string]string{
	"MIT":          "Permission is hereby granted, free of charge",
	"BSD-3-Clause": "Neither the name",
	"BSD-2-Clause": "Redistributions in binary form must reproduce",
	"Apache-2.0":   "Apache License",
	"FTL":          "The FreeType Project LICENSE",
	"Unlicense":    "This is free and unencumbered software released into the public domain",
}

// licenceFile matches the names of the files that hold a module's licence
// and notices.
var licenceFile = regexp.MustCompile(`(?i)^(licen[cs]e|copying|notice)([-._].*)?$`)

// notice is one entry of THIRD_PARTY_NOTICES.
type notice struct {
	name, version, licence, what string
	text                         string // the licence files, in full
}

// header is the entry's first lines, by which the test finds it.
func (n notice) header() string {
	return fmt.Sprintf("%s\n%s %s\nLicence: %s\nIn zugbot: %s\n%s\n", noticeRule, n.name, n.version, n.licence, n.what, strings.Repeat("-", 80))
}

var noticeRule = strings.Repeat("=", 80)

// noticesIntro opens THIRD_PARTY_NOTICES.
const noticesIntro = `Third-party notices for zugbot

zugbot's own code is under the MIT licence (LICENSE). A zugbot binary, its
release archives and its image also carry the software below: Go's runtime
and standard library, the Go modules linked into the binary (with the patched
copy of discordgo in third_party/discordgo), the fonts the boards are drawn
with, and the Discord Embedded App SDK with its dependencies, bundled into
web/static/activity.js (built from web/activity-src) and served by the live
board. Their licences ask that their notices come with it; here each is in
full.

This file is checked by TestThirdPartyNotices (cmd/zugbot/notices_test.go)
against go.mod, the module cache and web/activity-src/package-lock.json.
After a change to the modules, or to the bundle's packages, rewrite it with
  (cd web/activity-src && npm ci)   # only when the bundle's packages changed
  go test ./cmd/zugbot -run TestThirdPartyNotices -notices.update
`

// TestThirdPartyNotices checks THIRD_PARTY_NOTICES: every module go.mod
// requires has its licence in moduleLicences; every module the zugbot
// binary links has its licence files there in full, as the module cache
// holds them; Go's, the fonts' and the Activity bundle's packages' notices
// are there too; and nothing else is.
func TestThirdPartyNotices(t *testing.T) {
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	required := goModRequires(string(gomod))
	for _, m := range required {
		if _, ok := moduleLicences[m]; !ok {
			t.Errorf("go.mod requires %s, whose licence is not in moduleLicences (cmd/zugbot/notices_test.go): add it, and its notice with -notices.update", m)
		}
	}
	for m := range moduleLicences {
		if !slices.Contains(required, m) {
			t.Errorf("moduleLicences lists %s, which go.mod does not require: remove it", m)
		}
	}

	current, err := os.ReadFile("../../THIRD_PARTY_NOTICES")
	if err != nil && !*updateNotices {
		t.Fatalf("%v: write it with go test ./cmd/zugbot -run TestThirdPartyNotices -notices.update", err)
	}
	var want []notice
	goroot := goCommand(t, "env", "GOROOT")
	want = append(want, notice{name: "Go", version: "(the toolchain that builds zugbot)", licence: "BSD-3-Clause",
		what: "the runtime and standard library compiled into the binary", text: readFile(t, filepath.Join(goroot, "LICENSE"))})
	for _, m := range binaryModules(t) {
		lic := moduleLicences[m.Path]
		switch lic {
		case "":
			t.Errorf("the zugbot binary links %s, which is not in moduleLicences", m.Path)
			continue
		case testOnly:
			t.Errorf("moduleLicences says only the tests use %s, but the zugbot binary links it", m.Path)
			continue
		}
		n := notice{name: m.Path, version: m.Version, licence: lic, what: "linked into the binary", text: licenceFiles(t, m.Dir)}
		if m.Path == "github.com/bwmarrin/discordgo" {
			n.what = "linked into the binary, patched (third_party/discordgo/PATCHED.md)"
		}
		if m.Path == "github.com/golang/freetype" {
			// The FreeType License asks for this credit in the documentation.
			n.text += "\n--- licenses/ftl.txt\nPortions of this software are copyright © 2017 The FreeType Project (www.freetype.org). All rights reserved.\n\n" +
				readFile(t, filepath.Join(m.Dir, "licenses", "ftl.txt"))
		}
		if !strings.Contains(n.text, licenceMarks[lic]) {
			t.Errorf("%s's licence files do not read as %s, as moduleLicences says", m.Path, lic)
		}
		want = append(want, n)
		if m.Path == "golang.org/x/image" {
			want = append(want, notice{name: "Go fonts (Go Regular, Go Bold)", version: "of " + m.Path + " " + m.Version, licence: "BSD-3-Clause",
				what: "embedded in the binary, to draw the boards' text", text: readFile(t, filepath.Join(m.Dir, "font", "gofont", "ttfs", "README"))})
		}
	}
	want = append(want, notice{name: "DejaVu Sans", version: "2.37", licence: "Bitstream Vera and public domain",
		what: "embedded in the binary (render/font), to draw the chess pieces", text: readFile(t, "../../render/font/LICENSE")})
	want = append(want, bundleNotices(t, string(current))...)

	var b strings.Builder
	b.WriteString(noticesIntro)
	for _, n := range want {
		b.WriteString("\n" + n.header() + "\n" + strings.TrimRight(n.text, "\n") + "\n")
	}
	if *updateNotices {
		if err := os.WriteFile("../../THIRD_PARTY_NOTICES", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got := string(current); got != b.String() {
		for _, n := range want {
			if !strings.Contains(got, n.header()) {
				t.Errorf("THIRD_PARTY_NOTICES has no notice of %s %s", n.name, n.version)
			}
		}
		t.Errorf("THIRD_PARTY_NOTICES is not what zugbot carries (%d bytes, want %d): rewrite it with go test ./cmd/zugbot -run TestThirdPartyNotices -notices.update", len(got), b.Len())
	}
}

// goModRequires returns the module paths of go.mod's require directives.
func goModRequires(gomod string) []string {
	var out []string
	in := false
	for _, line := range strings.Split(gomod, "\n") {
		line, _, _ = strings.Cut(line, "//")
		f := strings.Fields(line)
		switch {
		case len(f) == 2 && f[0] == "require" && f[1] == "(":
			in = true
		case in && len(f) == 1 && f[0] == ")":
			in = false
		case in && len(f) == 2:
			out = append(out, f[0])
		case len(f) == 3 && f[0] == "require":
			out = append(out, f[1])
		}
	}
	return out
}

// goModule is a module as go list describes it.
type goModule struct{ Path, Version, Dir string }

// binaryModules returns the modules the zugbot binary links, but zugbot's
// own, sorted by path.
func binaryModules(t *testing.T) []goModule {
	out := goCommand(t, "list", "-deps", "-f", `{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}} {{.Dir}}{{end}}{{end}}`, ".")
	var mods []goModule
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && !slices.ContainsFunc(mods, func(m goModule) bool { return m.Path == f[0] }) {
			mods = append(mods, goModule{f[0], f[1], f[2]})
		}
	}
	slices.SortFunc(mods, func(a, b goModule) int { return strings.Compare(a.Path, b.Path) })
	if len(mods) < 10 {
		t.Fatalf("go list found %d modules in the binary: %q", len(mods), out)
	}
	return mods
}

// goCommand runs the go command and returns its output, trimmed.
func goCommand(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return strings.TrimSpace(string(out))
}

// licenceFiles returns the licence and notice files at the top of a
// module's directory, each under its name.
func licenceFiles(t *testing.T, dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range entries {
		if !e.IsDir() && licenceFile.MatchString(e.Name()) {
			fmt.Fprintf(&b, "--- %s\n%s\n", e.Name(), strings.TrimRight(readFile(t, filepath.Join(dir, e.Name())), "\n"))
		}
	}
	if b.Len() == 0 {
		t.Errorf("%s holds no licence file", dir)
	}
	return b.String()
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// bundleNotices returns the notices of the npm packages bundled into
// web/static/activity.js: every package of web/activity-src's lock file
// but the build's tools (dev) and TypeScript's types, which esbuild leaves
// out. Their licence files are read from web/activity-src/node_modules
// after npm ci; without it, from the current THIRD_PARTY_NOTICES, which
// must then hold each package at its locked version.
func bundleNotices(t *testing.T, current string) []notice {
	var lock struct {
		Packages map[string]struct {
			Version string `json:"version"`
			License string `json:"license"`
			Dev     bool   `json:"dev"`
		} `json:"packages"`
	}
	if err := json.Unmarshal([]byte(readFile(t, "../../web/activity-src/package-lock.json")), &lock); err != nil {
		t.Fatal(err)
	}
	var out []notice
	for key, p := range lock.Packages {
		name, ok := strings.CutPrefix(key, "node_modules/")
		if !ok || p.Dev || strings.HasPrefix(name, "@types/") {
			continue
		}
		n := notice{name: name, version: p.Version, licence: p.License, what: "bundled into web/static/activity.js (the Activity's page)"}
		if dir := filepath.Join("../../web/activity-src/node_modules", name); fileExists(dir) {
			n.text = licenceFiles(t, dir)
		} else if _, rest, ok := strings.Cut(current, n.header()+"\n"); ok {
			n.text, _, _ = strings.Cut(rest, "\n"+noticeRule+"\n")
		} else {
			t.Errorf("no licence text for %s %s, which the Activity's bundle holds: run npm ci in web/activity-src, then -notices.update", name, p.Version)
			continue
		}
		if mark, ok := licenceMarks[p.License]; !ok || !strings.Contains(n.text, mark) {
			t.Errorf("%s %s: its licence text does not read as %s, the lock file's", name, p.Version, p.License)
		}
		out = append(out, n)
	}
	slices.SortFunc(out, func(a, b notice) int { return strings.Compare(a.name, b.name) })
	if len(out) == 0 {
		t.Error("found no packages of the Activity's bundle in web/activity-src/package-lock.json")
	}
	return out
}
