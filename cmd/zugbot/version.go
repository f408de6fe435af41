package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version is zugbot's version, set at build time with
// -ldflags "-X main.version=v1.2.3"; "dev" otherwise.
var version = "dev"

// versionLine says which zugbot this is: its version, the commit it was
// built from (as Go records it when building in a git checkout, with
// "-modified" for uncommitted changes), and the Go version.
func versionLine() string {
	commit := "unknown commit"
	if info, ok := debug.ReadBuildInfo(); ok {
		var rev, modified string
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					modified = "-modified"
				}
			}
		}
		if rev != "" {
			commit = "commit " + rev[:min(12, len(rev))] + modified
		}
	}
	return fmt.Sprintf("zugbot %s (%s, %s)", version, commit, runtime.Version())
}

// runVersion prints the version line.
func runVersion(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("version", "print zugbot's version, the commit it was built from and the Go version", stdout)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	fmt.Fprintln(stdout, versionLine())
	return nil
}
