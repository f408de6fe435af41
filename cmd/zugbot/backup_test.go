package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

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
		{[]string{"backup", "-db", db, "-o", out}, 1, "already exists"},
		{[]string{"backup", "-db", db}, 2, "-o is required"},
		{[]string{"backup", "-db", filepath.Join(dir, "none.db"), "-o", filepath.Join(dir, "x.db")}, 1, "no such file"},
		{[]string{"backup", "-o", out, "extra"}, 2, "unexpected argument"},
		// The file named, never the temporary file the copy is made in.
		{[]string{"backup", "-db", db, "-o", filepath.Join(dir, "none", "b.db")}, 1, "-o " + filepath.Join(dir, "none", "b.db") + ": the folder " + filepath.Join(dir, "none") + " does not exist"},
		{[]string{"backup", "-db", db, "-o", dir}, 1, "-o " + dir + " is a folder"},
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
