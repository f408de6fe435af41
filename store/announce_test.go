package store

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/feed"
)

// The process that TestKilledAfterCommit kills plays in the game numbered
// in this variable, on the database in killedDB.
const (
	killedDB   = "ZUGBOT_STORE_KILLED_DB"
	killedGame = "ZUGBOT_STORE_KILLED_GAME"
)

// TestKilledProcess is the process that TestKilledAfterCommit kills: it
// records a move and is killed (SIGKILL, by itself) the moment its commit
// returns, before it does anything more.
func TestKilledProcess(t *testing.T) {
	url := os.Getenv(killedDB)
	if url == "" {
		t.Skip("the process that TestKilledAfterCommit kills")
	}
	id, err := strconv.ParseInt(os.Getenv(killedGame), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(context.Background(), url, Options{Variants: testVariants})
	if err != nil {
		t.Fatal(err)
	}
	s.afterCommit = func() { syscall.Kill(os.Getpid(), syscall.SIGKILL) }
	p := zola.Zola.Start()
	_, err = s.RecordMove(context.Background(), id, 0, p.FormatMove(p.Moves(nil)[0]), End{})
	t.Fatalf("the move was recorded (%v) and the process lives on", err)
}

// TestKilledAfterCommit shows that a change reaches the other processes
// even when the process that made it dies the moment it has committed:
// the notification is sent in the transaction, and PostgreSQL delivers it
// with the commit. A second process (this test binary again) records a
// move and is killed by SIGKILL right after its commit returns, before
// its own feed hears of it; this process's Listener still receives the
// move, with the game's new version.
func TestKilledAfterCommit(t *testing.T) {
	if pg == nil {
		t.Skip("PostgreSQL's notifications: in the run on PostgreSQL")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, err := pg.URL()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(ctx, url, Options{Variants: testVariants})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := mustGame(t, s, alice, bob, false)

	bus := feed.NewBus(0)
	sub := bus.Subscribe(feed.Filter{})
	defer sub.Close()
	done := make(chan error, 1)
	go func() { done <- (&feed.Listener{URL: url, Bus: bus, Origin: s.Origin()}).Run(ctx) }()
	next := func() feed.Change {
		t.Helper()
		select {
		case c := <-sub.C:
			return c
		case <-time.After(10 * time.Second):
			t.Fatal("no change relayed")
		}
		return feed.Change{}
	}
	if c := next(); c.Kind != feed.Resync {
		t.Fatalf("the Listener's first change: %v; want a Resync once it listens", c)
	}

	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), killedDB+"="+url, killedGame+"="+strconv.FormatInt(g.ID, 10))
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || !exit.Sys().(syscall.WaitStatus).Signaled() || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the second process ended with %v, not killed\n%s", err, out)
	}
	now, err := s.Game(ctx, g.ID)
	if err != nil || now.Ply != 1 || now.Version != 2 {
		t.Fatalf("the game after the killed process's move: ply %d, version %d, %v; want its move committed", now.Ply, now.Version, err)
	}
	if c := next(); c != (feed.Change{Game: g.ID, Version: 2, Ply: 1, Kind: feed.Moved}) {
		t.Fatalf("relayed: %v; want the killed process's move", c)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("the Listener: %v", err)
	}
}
