package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// Stamped at build time by the release build (.goreleaser.yaml) and the
// Dockerfile:
//
//	go build -ldflags "-X main.version=v0.1.0 -X main.commit=$(git rev-parse HEAD) -X main.date=$(git log -1 --format=%cI)" ./cmd/zugbot
//
// Left empty, each is taken from what Go records in the binary instead
// (see readBuild).
var (
	version string // the release, as git describe --tags says it
	commit  string // the commit's full hash
	date    string // the commit's time, RFC 3339 (git log -1 --format=%cI)
)

// build says which zugbot this is.
type build struct {
	version  string // "v0.1.0", a pseudo-version, or "dev" when nothing says
	commit   string // the commit's hash, "" when nothing says
	modified bool   // built from a checkout with uncommitted changes
	date     string // the commit's time, "" when nothing says
	goVer    string
}

// buildInfo says which zugbot this binary is (see readBuild).
func buildInfo() build {
	info, ok := debug.ReadBuildInfo()
	return readBuild(info, ok)
}

// readBuild returns the stamped version, commit and date, and for each
// that was not stamped, what Go recorded in info: the module's version (a
// tag's, with go install …@v0.1.0, or a pseudo-version when built in a
// git checkout), and the commit (vcs.revision, vcs.modified and vcs.time)
// when it was built in a git checkout with VCS stamping on.
func readBuild(info *debug.BuildInfo, ok bool) build {
	b := build{version: version, commit: commit, date: date, goVer: runtime.Version()}
	if b.version == "" && ok {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			b.version = v
		}
	}
	if b.version == "" {
		b.version = "dev"
	}
	if b.commit == "" && ok {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				b.commit = s.Value
			case "vcs.modified":
				b.modified = s.Value == "true"
			case "vcs.time":
				if b.date == "" {
					b.date = s.Value
				}
			}
		}
	}
	return b
}

// String is the version line: the version, the commit (its first 12
// digits, "-modified" for uncommitted changes, and its time when known),
// and the Go version:
//
//	zugbot v0.1.0 (commit 0123456789ab of 2026-11-27T12:00:00Z, go1.26.8)
func (b build) String() string {
	commit := "unknown commit"
	if b.commit != "" {
		commit = "commit " + b.commit[:min(12, len(b.commit))]
		if b.modified {
			commit += "-modified"
		}
		if b.date != "" {
			commit += " of " + b.date
		}
	}
	return fmt.Sprintf("zugbot %s (%s, %s)", b.version, commit, b.goVer)
}

// versionLine says which zugbot this is, as buildInfo finds it.
func versionLine() string { return buildInfo().String() }

// runVersion prints the version line.
func runVersion(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("version", "print zugbot's version, the commit it was built from and the Go version", stdout)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	fmt.Fprintln(stdout, versionLine())
	return nil
}
