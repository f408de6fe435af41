package feed_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver

	"github.com/zugbot/zugbot/feed"
)

// logs is a slog.Handler that keeps what is logged, for a test to read
// and to wait for.
type logs struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	msgs   []string
	logged chan struct{} // signalled when a message is logged
}

// newLogs returns a handler whose log is shown if the test fails.
func newLogs(t *testing.T) *logs {
	l := &logs{logged: make(chan struct{}, 1)}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the log:\n%s", l)
		}
	})
	return l
}

func (l *logs) Enabled(context.Context, slog.Level) bool { return true }

func (l *logs) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	fmt.Fprintf(&l.buf, "%v %s", r.Level, r.Message)
	r.Attrs(func(a slog.Attr) bool {
		fmt.Fprintf(&l.buf, " %v", a)
		return true
	})
	l.buf.WriteByte('\n')
	l.msgs = append(l.msgs, r.Message)
	l.mu.Unlock()
	select {
	case l.logged <- struct{}{}:
	default:
	}
	return nil
}

func (l *logs) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logs) WithGroup(string) slog.Handler      { return l }

func (l *logs) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// count returns the messages logged that start with prefix.
func (l *logs) count(prefix string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, m := range l.msgs {
		if strings.HasPrefix(m, prefix) {
			n++
		}
	}
	return n
}

// waitFor waits until n messages that start with prefix have been logged.
func (l *logs) waitFor(t *testing.T, prefix string, n int) {
	t.Helper()
	deadline := time.After(wait)
	for l.count(prefix) < n {
		select {
		case <-l.logged:
		case <-deadline:
			t.Fatalf("%d of %d %q logged after %v", l.count(prefix), n, prefix, wait)
		}
	}
}

// run runs l until the test ends (or stop is called), and checks that it
// ends cleanly when told to.
func run(t *testing.T, l *feed.Listener) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx) }()
	stop = sync.OnceFunc(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("the listener ended with %v", err)
			}
		case <-time.After(wait):
			t.Errorf("the listener did not end %v after its context", wait)
		}
	})
	t.Cleanup(stop)
	return stop
}

// expect receives the changes want on s, in that order.
func expect(t *testing.T, s *feed.Subscription, want ...feed.Change) {
	t.Helper()
	for _, w := range want {
		if c := receive(t, s); c != w {
			t.Fatalf("received %v, want %v", c, w)
		}
	}
}

// open opens the database at url.
func open(t *testing.T, url string) *sql.DB {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func moved(g int64, ply int) feed.Change { return feed.Change{Game: g, Ply: ply, Kind: feed.Moved} }

// notify relays c from origin.
func notify(t *testing.T, ex feed.Execer, origin feed.Origin, c feed.Change) {
	t.Helper()
	if err := feed.Notify(context.Background(), ex, origin, c); err != nil {
		t.Fatal(err)
	}
}

// TestRelay relays changes through a real PostgreSQL: a Listener
// publishes a Resync once it listens, then the changes others notify, in
// order; it skips its own process's; a change notified in a transaction
// arrives when it commits, and never if it rolls back; a payload that is
// not a change is logged and skipped; anyone can send a Resync; and the
// Listener ends with its context.
func TestRelay(t *testing.T) {
	url := postgres(t)
	db := open(t, url)
	ctx := context.Background()
	bus := feed.NewBus(100)
	s := bus.Subscribe(feed.Filter{})
	defer s.Close()
	log := newLogs(t)
	const me, other = feed.Origin("me"), feed.Origin("other")
	stop := run(t, &feed.Listener{URL: url, Bus: bus, Origin: me, Logger: slog.New(log), MinBackoff: 10 * time.Millisecond})
	expect(t, s, feed.Change{Kind: feed.Resync})

	notify(t, db, other, moved(1, 1))
	expect(t, s, moved(1, 1))

	// This process's own change is not relayed: its bus has it.
	notify(t, db, me, moved(1, 2))
	notify(t, db, other, moved(1, 3))
	expect(t, s, moved(1, 3))

	// In a transaction: on its commit, after what was committed before.
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	started := feed.Change{Game: 2, Tournament: 9, Kind: feed.Started}
	notify(t, tx, other, started)
	notify(t, db, other, moved(3, 1))
	expect(t, s, moved(3, 1))
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	expect(t, s, started)
	// Rolled back: never.
	tx, err = db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	notify(t, tx, other, moved(4, 1))
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	round := feed.Change{Tournament: 9, Kind: feed.Round}
	notify(t, db, other, round)
	expect(t, s, round)

	// Payloads that are not changes: logged, skipped.
	bad := []string{`not json`, `{"game":1,"ply":1,"kind":"Jumped"}`, `{"ply":1,"kind":"Moved"}`, `{"game":1,"ply":-1,"kind":"Moved"}`, `{"game":1,"kind":3}`, `[]`}
	for _, p := range bad {
		if _, err := db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, feed.Channel, p); err != nil {
			t.Fatal(err)
		}
	}
	notify(t, db, other, moved(5, 1))
	expect(t, s, moved(5, 1))
	if n := log.count("feed: skipped a notification"); n != len(bad) {
		t.Errorf("%d bad payloads logged, want %d", n, len(bad))
	}

	// An operator's Resync, from psql.
	if _, err := db.ExecContext(ctx, `SELECT pg_notify('zugbot_feed', '{"kind":"Resync"}')`); err != nil {
		t.Fatal(err)
	}
	expect(t, s, feed.Change{Kind: feed.Resync})

	stop()
	if len(s.C) != 0 {
		t.Errorf("more changes than were sent: %v", drain(s))
	}
}

// TestNotifyRefuses refuses to send what is not a change, or what NOTIFY
// would refuse, and says why.
func TestNotifyRefuses(t *testing.T) {
	db := open(t, postgres(t))
	ctx := context.Background()
	for _, c := range []struct {
		origin feed.Origin
		change feed.Change
	}{
		{"p", feed.Change{Game: 1}},
		{"p", feed.Change{Game: 1, Kind: feed.Resync + 1}},
		{"p", feed.Change{Ply: 1, Kind: feed.Moved}},
		{"p", feed.Change{Game: 1, Kind: feed.Round}},
		{"p", feed.Change{Game: -1, Kind: feed.Moved}},
		{feed.Origin(strings.Repeat("x", feed.MaxPayload)), moved(1, 1)},
	} {
		if err := feed.Notify(ctx, db, c.origin, c.change); err == nil {
			t.Errorf("%.20s: %v notified", c.origin, c.change)
		} else if !strings.HasPrefix(err.Error(), "feed: ") {
			t.Errorf("%v: the error does not say where it comes from: %v", c.change, err)
		}
	}
	// The database's own refusal is passed on.
	db.Close()
	if err := feed.Notify(ctx, db, "p", moved(1, 1)); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("notified on a closed database: %v", err)
	}
}

// The helper process's environment: the database's URL, and the changes
// to notify (plies from, to).
const (
	helperURL  = "ZUGBOT_FEED_HELPER_URL"
	helperFrom = "ZUGBOT_FEED_HELPER_FROM"
	helperTo   = "ZUGBOT_FEED_HELPER_TO"
)

// helperChange is the change the helper process notifies for i: the
// moves of three games, in turn.
func helperChange(i int) feed.Change { return moved(int64(i%3+1), i) }

// TestHelperProcess is not a test: it is the second process of
// TestTwoProcesses, which runs the test binary again with it alone. It
// connects to the database and notifies changes, one by one or two in a
// transaction, as a process of its own.
func TestHelperProcess(t *testing.T) {
	url := os.Getenv(helperURL)
	if url == "" {
		t.Skip("the second process of TestTwoProcesses")
	}
	from, err1 := strconv.Atoi(os.Getenv(helperFrom))
	to, err2 := strconv.Atoi(os.Getenv(helperTo))
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	db := open(t, url)
	ctx := context.Background()
	origin := feed.NewOrigin()
	for i := from; i <= to; i++ {
		if i%5 != 0 || i == to {
			notify(t, db, origin, helperChange(i))
			continue
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		notify(t, tx, origin, helperChange(i))
		notify(t, tx, origin, helperChange(i+1))
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		i++
	}
}

// helper runs the second process, which notifies the changes of plies
// from to to.
func helper(t *testing.T, url string, from, to int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperURL+"="+url, helperFrom+"="+strconv.Itoa(from), helperTo+"="+strconv.Itoa(to))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the second process: %v\n%s", err, out)
	}
}

// TestTwoProcesses relays changes from a second process, which notifies
// them on its own connection: this process's Listener receives them all,
// in order, checking its connection when idle. Then its connection is killed: it connects again, publishes a
// Resync for what it may have missed, and receives the second process's
// next changes.
func TestTwoProcesses(t *testing.T) {
	const n = 200
	url := postgres(t)
	bus := feed.NewBus(2 * n) // room for all: none missed, no Resync but the Listener's
	all := bus.Subscribe(feed.Filter{})
	defer all.Close()
	game2 := bus.Subscribe(feed.Filter{Game: 2})
	defer game2.Close()
	log := newLogs(t)
	// Checking the connection every few milliseconds, it does so between
	// notifications (and, at times, as one arrives) and misses none.
	run(t, &feed.Listener{URL: url, Bus: bus, Origin: feed.NewOrigin(), Logger: slog.New(log), MinBackoff: 10 * time.Millisecond, Ping: 3 * time.Millisecond})
	resync := feed.Change{Kind: feed.Resync}
	expect(t, all, resync)
	expect(t, game2, resync)
	log.waitFor(t, "feed: the idle connection to PostgreSQL works", 1)

	changes := func(from, to int) (all, game2 []feed.Change) {
		for i := from; i <= to; i++ {
			c := helperChange(i)
			all = append(all, c)
			if c.Game == 2 {
				game2 = append(game2, c)
			}
		}
		return all, game2
	}
	helper(t, url, 1, n)
	a, g := changes(1, n)
	expect(t, all, a...)
	expect(t, game2, g...)

	// Kill the Listener's connection, from another.
	admin := open(t, url)
	var killed int
	if err := admin.QueryRow(`SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1`, feed.ApplicationName).Scan(&killed); err != nil {
		t.Fatal(err)
	}
	if killed == 0 {
		t.Fatalf("no listener's connection to kill")
	}
	expect(t, all, resync)
	expect(t, game2, resync)
	if n := log.count("feed: not listening"); n != 1 {
		t.Errorf("%d losses of the connection logged, want 1", n)
	}

	helper(t, url, n+1, 2*n)
	a, g = changes(n+1, 2*n)
	expect(t, all, a...)
	expect(t, game2, g...)
	if len(all.C) != 0 || len(game2.C) != 0 {
		t.Errorf("more changes than were sent: %v %v", drain(all), drain(game2))
	}
}

// TestListenerRetries runs a Listener on a server that is not there: it
// says so and tries again, pausing, publishes nothing, and ends with its
// context. A Listener that cannot work says why at once.
func TestListenerRetries(t *testing.T) {
	bus := feed.NewBus(10)
	s := bus.Subscribe(feed.Filter{})
	defer s.Close()
	log := newLogs(t)
	stop := run(t, &feed.Listener{URL: "postgres://postgres@127.0.0.1:1/none?connect_timeout=5", Bus: bus, Logger: slog.New(log), MinBackoff: time.Millisecond, MaxBackoff: 4 * time.Millisecond})
	log.waitFor(t, "feed: not listening", 5)
	stop()
	if got := drain(s); len(got) != 0 {
		t.Errorf("published %v", got)
	}

	ctx := context.Background()
	if err := (&feed.Listener{URL: "postgres://127.0.0.1:1/x"}).Run(ctx); err == nil {
		t.Error("a Listener without a Bus ran")
	}
	if err := (&feed.Listener{URL: "postgres://127.0.0.1:notaport/x", Bus: bus}).Run(ctx); err == nil {
		t.Error("a Listener with a bad URL ran")
	}
}
