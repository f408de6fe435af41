package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
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
	}
	for _, tt := range tests {
		code, _, stderr := zugbot(t, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("zugbot %s: exit %d, stderr %q; want exit %d and %q", strings.Join(tt.args, " "), code, stderr, tt.code, tt.want)
		}
	}
}
