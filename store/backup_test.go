package store

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestBackupWhileWriting copies the database while games are being played
// into it, from the store itself and from a separate connection as the
// backup command does, and checks that each copy is a complete, consistent
// database.
func TestBackupWhileWriting(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "live.db")
	s, err := Open(ctx, path, Options{Variants: testVariants, MaxActiveGames: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := mustGame(t, s, alice, bob, false)
	mustPlay(t, s, g.ID, 4)

	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // keep writing games while the backups run
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: carol}, {AI: 1}}}); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	outs := []string{filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")}
	errA := s.Backup(ctx, outs[0])
	errB := BackupFile(ctx, path, outs[1])
	close(stop)
	wg.Wait()
	if errA != nil || errB != nil {
		t.Fatalf("backups: %v, %v", errA, errB)
	}

	for _, out := range outs {
		b, err := Open(ctx, out, Options{Variants: testVariants})
		if err != nil {
			t.Fatalf("open backup: %v", err)
		}
		var check string
		if err := b.reads.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
			t.Errorf("integrity_check of %s: %q, %v", out, check, err)
		}
		st, err := b.Load(ctx, g.ID)
		if err != nil || st.Game.Ply != 4 || len(st.Moves) != 4 {
			t.Errorf("game in backup %s: %+v, %v", out, st.Game, err)
		}
		if v, _ := b.Version(ctx); v != latest(sqliteMigrations) {
			t.Errorf("backup version %d, want %d", v, latest(sqliteMigrations))
		}
		b.Close()
	}

	// An existing file is never overwritten, and no temporary file is left.
	if err := s.Backup(ctx, outs[0]); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("backup over an existing file: got %v, want an error", err)
	}
	if err := BackupFile(ctx, filepath.Join(dir, "missing.db"), filepath.Join(dir, "c.db")); err == nil {
		t.Errorf("backup of a missing database: no error")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestBackupClosedDatabase copies a database nobody has open: its WAL files
// are gone, and the read-only connection must still read it. Its name
// has characters that mean something in a URI.
func TestBackupClosedDatabase(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "z #1?%20.db") // the name must survive the URI
	s, err := Open(ctx, path, Options{Variants: testVariants})
	if err != nil {
		t.Fatal(err)
	}
	g := mustPlay(t, s, mustGame(t, s, alice, bob, false).ID, 3)
	s.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the database is not where it was asked to be: %v", err)
	}
	out := filepath.Join(dir, "copy of z.db")
	if err := BackupFile(ctx, path, out); err != nil {
		t.Fatal(err)
	}
	b, err := Open(ctx, out, Options{Variants: testVariants})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if st, err := b.Load(ctx, g.ID); err != nil || len(st.Moves) != 3 {
		t.Errorf("game in the copy: %+v, %v", st.Game, err)
	}
}
