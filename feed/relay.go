package feed

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
)

// Channel is the PostgreSQL notification channel the changes are relayed
// on. Channels belong to a database, not to a schema.
const Channel = "zugbot_feed"

// ApplicationName is the application_name a Listener's connection gives
// PostgreSQL (unless its URL sets one), to find it in pg_stat_activity.
const ApplicationName = "zugbot feed listener"

// Origin names a process in the notifications it sends, so that its own
// Listener can skip them: its local Bus has delivered them already.
type Origin string

// NewOrigin returns an origin for this process: its process id and
// random letters, unique among the processes on one database.
func NewOrigin() Origin {
	return Origin(strconv.Itoa(os.Getpid()) + "-" + crand.Text()[:12])
}

// Execer runs a statement: a *sql.DB, a *sql.Conn or a *sql.Tx.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Notify relays c, published by origin, to the Listeners of the other
// processes on the same PostgreSQL database (the database ex is
// connected to). In a transaction (ex a *sql.Tx), the notification is
// sent when it commits, and never if it rolls back: call it in the
// transaction that records the change, and the change is relayed if and
// only if it happened, whatever becomes of the process after the commit.
// Notify refuses a change that is not valid (a kind that is none, a
// game's change without its game, a Round without its tournament).
//
// Notify does not publish c on this process's Bus: the caller does, once
// the change is committed.
func Notify(ctx context.Context, ex Execer, origin Origin, c Change) error {
	p, err := encode(origin, c)
	if err != nil {
		return err
	}
	if _, err := ex.ExecContext(ctx, `SELECT pg_notify($1, $2)`, Channel, p); err != nil {
		return fmt.Errorf("feed: notify %v: %w", c, err)
	}
	return nil
}

// Listener relays the changes other processes Notify into a local Bus. It
// holds one connection of its own to PostgreSQL, which listens on Channel.
// Set its fields, then call Run, once.
type Listener struct {
	// URL is the PostgreSQL database's URL (or key=value connection
	// string), the same as the store's.
	URL string
	// Bus receives the changes.
	Bus *Bus
	// Origin is this process's: the changes it notified are skipped, as
	// its Bus has them already. "" skips none.
	Origin Origin
	// Logger logs the connection's losses and the notifications skipped
	// for being unreadable; slog.Default() when nil.
	Logger *slog.Logger
	// MinBackoff and MaxBackoff bound the pause before connecting again
	// after a failure: it starts at MinBackoff (100 ms if 0), doubles with
	// each failure in a row up to MaxBackoff (30 s if 0), and is jittered
	// down by up to half, so that several processes do not all come back
	// at once.
	MinBackoff, MaxBackoff time.Duration
	// Ping is how long the connection may be idle before the Listener
	// checks that it still works (a notification is not sent to a
	// connection that is lost without a word); 30 s if 0. The check is
	// given Ping, and 10 s at least, to answer.
	Ping time.Duration
}

func (l *Listener) logger() *slog.Logger {
	if l.Logger == nil {
		return slog.Default()
	}
	return l.Logger
}

// orDefault returns d, or def if d is not positive.
func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// Run listens until ctx is done, then closes its connection and returns
// nil. It connects, LISTENs, and publishes a Resync for everyone on the
// Bus (changes notified while it was not listening are lost to it: its
// subscribers must reload what they show), then publishes each change
// notified by another process. When the connection fails or is lost, it
// logs it and connects again after a pause, which grows with each failure
// in a row. It returns an error only for a Listener that cannot work: no
// Bus, a URL that does not parse.
func (l *Listener) Run(ctx context.Context) error {
	if l.Bus == nil {
		return errors.New("feed: a Listener without a Bus")
	}
	cfg, err := pgx.ParseConfig(l.URL)
	if err != nil {
		return fmt.Errorf("feed: the listener's database URL: %w", err)
	}
	if _, ok := cfg.RuntimeParams["application_name"]; !ok {
		cfg.RuntimeParams["application_name"] = ApplicationName
	}
	log := l.logger()
	lo := orDefault(l.MinBackoff, 100*time.Millisecond)
	hi := max(lo, orDefault(l.MaxBackoff, 30*time.Second))
	pause := lo
	for {
		listened, err := l.listen(ctx, cfg.Copy(), log)
		if ctx.Err() != nil {
			return nil
		}
		if listened {
			pause = lo
		}
		wait := pause/2 + rand.N(pause/2+1)
		log.Warn("feed: not listening to PostgreSQL; connecting again after a pause", "err", err, "pause", wait)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
		pause = min(2*pause, hi)
	}
}

// pingTimeout is the least time a check of an idle connection is given.
const pingTimeout = 10 * time.Second

// listen runs one connection until it fails or ctx is done, and says
// whether it got as far as listening.
func (l *Listener) listen(ctx context.Context, cfg *pgx.ConnConfig, log *slog.Logger) (listened bool, err error) {
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return false, fmt.Errorf("connect: %w", err)
	}
	defer func() {
		// A second at most to say goodbye, even once ctx is done.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		conn.Close(cctx)
		cancel()
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{Channel}.Sanitize()); err != nil {
		return false, fmt.Errorf("listen: %w", err)
	}
	log.Info("feed: listening to PostgreSQL for other processes' changes", "channel", Channel)
	l.Bus.Publish(Change{Kind: Resync})
	ping := orDefault(l.Ping, 30*time.Second)
	for {
		wctx, cancel := context.WithTimeout(ctx, ping)
		n, err := conn.WaitForNotification(wctx)
		idle := wctx.Err() != nil
		cancel()
		if n != nil {
			l.receive(n.Payload, log)
		}
		switch {
		case err == nil:
		case ctx.Err() != nil:
			return true, ctx.Err()
		case idle && !conn.IsClosed():
			// A wait that timed out leaves the connection usable: check
			// that the server is still there.
			pctx, cancel := context.WithTimeout(ctx, max(ping, pingTimeout))
			err := conn.Ping(pctx)
			cancel()
			if err != nil {
				return true, fmt.Errorf("ping: %w", err)
			}
			log.Debug("feed: the idle connection to PostgreSQL works")
		default:
			return true, fmt.Errorf("wait for a notification: %w", err)
		}
	}
}

// receive publishes a notification's change, unless it is this process's
// own or cannot be read.
func (l *Listener) receive(payload string, log *slog.Logger) {
	origin, c, err := decode(payload)
	if err != nil {
		log.Warn("feed: skipped a notification that is not a change", "payload", truncate(payload, 200), "err", err)
		return
	}
	if l.Origin != "" && origin == l.Origin {
		return
	}
	l.Bus.Publish(c)
}

// truncate returns s's first n bytes at most, for a log.
func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
