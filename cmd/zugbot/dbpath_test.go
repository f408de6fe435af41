package main

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestDBPathErrors: a database path that cannot work is explained before
// anything is opened.
func TestDBPathErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct{ path, want string }{
		{dir, "is a directory; give a file path inside it, such as " + filepath.Join(dir, "zugbot.db")},
		{filepath.Join(dir, "missing", "zugbot.db"), "the folder " + filepath.Join(dir, "missing") + " does not exist"},
	} {
		// A usage error: exit status 2, which systemd does not restart.
		if err := checkDBPath(tt.path); !errors.As(err, new(usageError)) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("checkDBPath(%s) = %v; want a usage error saying %q", tt.path, err, tt.want)
		}
	}
	if err := checkDBPath(filepath.Join(dir, "zugbot.db")); err != nil {
		t.Errorf("checkDBPath of a new file in a writable folder: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".zugbot-write-check-*")); len(left) != 0 {
		t.Errorf("the write check left %v behind", left)
	}
}

// TestOneBotPerDatabase: a second zugbot on the same database refuses to
// start, naming the first one's process; once the first stops, it may.
func TestOneBotPerDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "zugbot.db")
	unlock, err := lockDB(db)
	if err != nil {
		t.Fatal(err)
	}
	_, err = lockDB(db)
	if want := "is in use by process " + strconv.Itoa(os.Getpid()); !errors.As(err, new(usageError)) || !strings.Contains(err.Error(), want) {
		t.Errorf("a second lock: %v; want a usage error (exit 2) saying %q", err, want)
	}
	unlock()
	again, err := lockDB(db)
	if err != nil {
		t.Fatalf("the lock after the first was released: %v", err)
	}
	again()
}

// TestRunRefusesBadDB runs the bot's command on a directory: it stops with
// the explanation, before connecting anywhere.
func TestRunRefusesBadDB(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "abc.def")
	t.Setenv("ZUGBOT_DB", t.TempDir())
	code, _, errOut := zugbot(t, "run")
	if code != 2 || !strings.Contains(errOut, "is a directory") {
		t.Errorf("zugbot run on a directory: exit %d, %q; want exit 2 (zugbot.service's RestartPreventExitStatus) and the explanation", code, errOut)
	}
}

// TestMetricsAddrInUse: a metrics address already in use stops the bot
// before the database is created.
func TestMetricsAddrInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	db := filepath.Join(t.TempDir(), "zugbot.db")
	t.Setenv("DISCORD_TOKEN", "abc.def")
	t.Setenv("ZUGBOT_DB", db)
	t.Setenv("ZUGBOT_METRICS_ADDR", ln.Addr().String())
	code, _, errOut := zugbot(t, "run")
	if code == 0 || !strings.Contains(errOut, "ZUGBOT_METRICS_ADDR "+ln.Addr().String()) {
		t.Errorf("zugbot run with its metrics address in use: exit %d, %q", code, errOut)
	}
	if _, err := os.Stat(db); err == nil {
		t.Errorf("the database was created before the metrics address was checked")
	}
}
