// Package store keeps everything zugbot knows in one database, a SQLite
// file or a PostgreSQL server (Open takes either): players, games and
// their moves, challenges, Elo ratings per variant (elo.go holds the
// rating rules), tournaments, analyses, and the timers (move deadlines,
// reminders, challenge expiry, tournaments' steps, overdue AI replies) as
// rows with a due time that the processes sharing the database claim
// (Claim). It also copies and backs up databases and checks their
// addresses.
//
// The store knows variants only by ID and moves only by their notation; a
// game's position is rebuilt by replaying its moves through the engine
// (Replay, Store.Load). Every change to a game checks the ply the caller saw
// (an optimistic version check), so a stale or duplicate click is refused
// with ErrStalePly and nothing is half-written. The queries are written
// once for both databases (postgres.go). With SQLite, writes go through
// one connection in immediate transactions, so they never fail with
// SQLITE_BUSY inside one process, and reads use a separate pool of
// read-only connections that see consistent snapshots (WAL). With
// PostgreSQL, one pool serves both, and a write is a serializable
// transaction run again when it clashed with another, so that several
// processes may share the server.
//
// Times come from Options.Now, so tests can drive deadlines and expiry.
package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/feed"

	"modernc.org/sqlite" // also registers the "sqlite" database/sql driver
)

// Errors a caller can test with errors.Is. Their text is fit to show to a
// person; the errors the store returns wrap them with context.
var (
	// ErrNotFound means that no game, challenge or player has the given id.
	ErrNotFound = errors.New("not found")
	// ErrStalePly means that the game has changed since the caller saw it:
	// a move, a takeback or an end arrived first.
	ErrStalePly = errors.New("the game has moved on since that board was shown")
	// ErrGameOver means that the game has already ended.
	ErrGameOver = errors.New("the game is over")
	// ErrNoOffer means that there is no pending offer of that kind to answer.
	ErrNoOffer = errors.New("there is no such offer pending")
	// ErrChallengeClosed means that the challenge was already accepted,
	// declined, cancelled or has expired.
	ErrChallengeClosed = errors.New("the challenge is no longer open")
	// ErrNotYours means that the person may not do this: answer a challenge
	// addressed to someone else, cancel another's challenge.
	ErrNotYours = errors.New("that is not yours to answer")
	// ErrTooManyGames means that a player already has the most active games
	// allowed (Options.MaxActiveGames).
	ErrTooManyGames = errors.New("too many active games")
	// ErrRematchExists means that the game already has a rematch.
	ErrRematchExists = errors.New("a rematch of that game already exists")
	// ErrFlagFell means that a move came after its player's time ran out
	// in a live game: it is not recorded, and the game is lost on time.
	ErrFlagFell = errors.New("the player's time ran out")
	// ErrNoHints means that a game's hints are used up.
	ErrNoHints = errors.New("no hints are left in this game")
	// ErrUnknownVariant means that the variant is not one of Options.Variants.
	ErrUnknownVariant = errors.New("unknown game variant")
	// ErrTournamentState means that the tournament is not in a state that
	// allows the change: joining one that has started, starting one that
	// is finished.
	ErrTournamentState = errors.New("the tournament does not allow that now")
	// ErrEntered means that the player is already in the tournament, and
	// ErrNotEntered that they are not (or have left it).
	ErrEntered    = errors.New("already in the tournament")
	ErrNotEntered = errors.New("not in the tournament")
	// ErrTournamentFull means that the tournament has MaxTournamentPlayers.
	ErrTournamentFull = errors.New("the tournament is full")
	// ErrInvalid means that a request makes no sense: a rated game against
	// the AI, a player challenging themselves, a bad AI level.
	ErrInvalid = errors.New("invalid request")
)

// IsDatabaseError reports whether err, or an error it wraps, came from
// the database itself (a SQLite file locked by another process for longer
// than Options.BusyTimeout, a full disk, a corrupt file, a PostgreSQL
// server gone) rather than from the
// store's rules, such as ErrNotFound or ErrStalePly.
func IsDatabaseError(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) || isPostgresError(err)
}

// Defaults for the zero values of Options.
const (
	DefaultMinRatedGames  = 10
	DefaultMaxActiveGames = 20
	DefaultBusyTimeout    = 5 * time.Second
	DefaultChallengeTTL   = 24 * time.Hour
)

// Options configure a Store. The zero value is usable.
type Options struct {
	// Now returns the current time; time.Now when nil.
	Now func() time.Time
	// Variants are the variants games may use. Load needs a
	// game's variant here; new games and challenges are checked against
	// them when the list is not empty.
	Variants []*engine.Variant
	// MinRatedGames is how many rated games of a variant a player needs to
	// appear on its leaderboards; DefaultMinRatedGames when zero.
	MinRatedGames int
	// MaxActiveGames is how many games a player may have going at once;
	// DefaultMaxActiveGames when zero, no limit when negative.
	MaxActiveGames int
	// BusyTimeout is how long a connection waits for a lock held by another
	// process (a backup, the sqlite3 shell); DefaultBusyTimeout when zero.
	BusyTimeout time.Duration
	// Readers is the size of the read connection pool; the number of CPUs
	// (at least 2) when zero. On PostgreSQL, where reads and writes share
	// one pool, it is that pool's size, pgConns when zero. Either way the
	// store keeps urgentConns more for Urgent reads, opened when first used.
	Readers int
}

// Store is a zugbot database. Its methods are safe for concurrent use.
type Store struct {
	path string
	pg   bool // a PostgreSQL server, not a SQLite file
	// writes is the pool of the connections that write (SQLite: one), and
	// reads that of those that only read (SQLite: read-only ones); with
	// PostgreSQL both are the same pool.
	writes, reads *pool
	// urgent is a few connections of their own for the reads of work that
	// must be answered at once (Urgent).
	urgent   *pool
	now      func() time.Time
	variants map[string]*engine.Variant
	minRated int
	maxGames int
	retries  atomic.Int64 // PostgreSQL writes run again after a clash
	replays  replays      // the positions of the games loaded last
	feed     *feed.Bus    // where the changes are published (see Feed)
	origin   feed.Origin  // this store's, in the changes it relays
	// afterCommit, when set (by tests), is called after each write's
	// commit, before its changes are published on feed.
	afterCommit func()
}

// WriteRetries returns how many times a write was run again because
// PostgreSQL refused it for clashing with another (0 on SQLite).
func (s *Store) WriteRetries() int64 { return s.retries.Load() }

// Open opens the database at path, a SQLite file (created if need be) or
// a PostgreSQL server's URL (postgres://…), and brings its schema up to
// date. The caller must Close it. A URL CheckAddress refuses is not
// opened, and no error names the URL's password (see Redacted).
func Open(ctx context.Context, path string, o Options) (*Store, error) {
	if err := CheckAddress(path); err != nil {
		return nil, fmt.Errorf("open database %s: %w", Redacted(path), err)
	}
	ms := sqliteMigrations
	if IsPostgres(path) {
		ms = postgresMigrations
	}
	s, err := open(ctx, path, o, ms)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", Redacted(path), scrub(err, path))
	}
	return s, nil
}

// IsPostgres reports whether path is a PostgreSQL URL rather than a file.
func IsPostgres(path string) bool {
	return strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://")
}

// open opens the database and applies the migrations ms.
func open(ctx context.Context, path string, o Options, ms []migration) (*Store, error) {
	if path == "" {
		return nil, errors.New("no database path")
	}
	s := &Store{path: path, pg: IsPostgres(path), now: o.Now, minRated: o.MinRatedGames, maxGames: o.MaxActiveGames, variants: map[string]*engine.Variant{},
		feed: feed.NewBus(0), origin: feed.NewOrigin()}
	if s.now == nil {
		s.now = time.Now
	}
	if s.minRated == 0 {
		s.minRated = DefaultMinRatedGames
	}
	if s.maxGames == 0 {
		s.maxGames = DefaultMaxActiveGames
	}
	for _, v := range o.Variants {
		s.variants[v.ID] = v
	}
	busy := o.BusyTimeout
	if busy <= 0 {
		busy = DefaultBusyTimeout
	}
	if s.pg {
		return s, s.openPostgres(ctx, path, cmp.Or(max(o.Readers, 0), pgConns), ms)
	}
	readers := o.Readers
	if readers <= 0 {
		readers = max(2, runtime.NumCPU())
	}

	w, err := sql.Open("sqlite", dsn(path, busy, writer))
	if err != nil {
		return nil, err
	}
	// One writer connection: writers queue in database/sql instead of
	// fighting over the SQLite lock.
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, err
	}
	if err := migrate(ctx, w, false, s.now, ms); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", dsn(path, busy, reader))
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(readers)
	r.SetMaxIdleConns(readers)
	r.SetConnMaxIdleTime(0)
	u, err := sql.Open("sqlite", dsn(path, busy, reader))
	if err != nil {
		w.Close()
		r.Close()
		return nil, err
	}
	u.SetMaxOpenConns(urgentConns)
	u.SetMaxIdleConns(urgentConns)
	u.SetConnMaxIdleTime(0)
	s.writes, s.reads, s.urgent = newPool(w), newPool(r), newPool(u)
	return s, nil
}

// urgentConns is the connections kept for urgent reads (Urgent), beside
// the pools of the other reads and the writes.
const urgentConns = 2

type urgentKey struct{}

// Urgent returns a context whose reads go through connections kept for
// them, not in line behind every other reader: for answers that Discord
// lets a bot give only at once, within its 3 seconds, and not defer (an
// autocomplete's suggestions, a form). Under load hundreds of handlers
// wait for the pool's connections, and database/sql hands a freed one to
// any of them, not the first.
func Urgent(ctx context.Context) context.Context {
	return context.WithValue(ctx, urgentKey{}, true)
}

// readers returns the pool for ctx's reads: the urgent one for an Urgent
// context.
func (s *Store) readers(ctx context.Context) *pool {
	if ctx.Value(urgentKey{}) != nil {
		return s.urgent
	}
	return s.reads
}

// Connection modes for dsn.
const (
	writer = iota // the one connection that writes
	reader        // read-only connections of the pool
	copier        // a read-only connection for VACUUM INTO
)

// dsn returns the driver's data source name for the file at path, for a
// connection in the given mode.
func dsn(path string, busy time.Duration, mode int) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout("+strconv.FormatInt(busy.Milliseconds(), 10)+")")
	switch mode {
	case writer:
		q.Add("_pragma", "foreign_keys(1)")
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous(NORMAL)")
		q.Set("_txlock", "immediate")
	case reader:
		q.Add("_pragma", "query_only(1)")
	case copier:
		// query_only would refuse to write the copy; the file is opened
		// read-only instead.
		q.Set("mode", "ro")
	}
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// MaxActiveGames returns how many games a player may have going at once,
// as the store was opened with; negative means no limit.
func (s *Store) MaxActiveGames() int { return s.maxGames }

// MinRatedGames returns how many rated games of a variant a player needs
// to appear on its leaderboards, as the store was opened with.
func (s *Store) MinRatedGames() int { return s.minRated }

// Close closes the database.
func (s *Store) Close() error {
	// The readers first and the writer last: on SQLite the last connection
	// to close checkpoints the WAL and removes it.
	errs := []error{s.urgent.Close()}
	if s.reads != s.writes {
		errs = append(errs, s.reads.Close())
	}
	return errors.Join(append(errs, s.writes.Close())...)
}

// variant returns the variant of Options.Variants with the given ID, or
// ErrUnknownVariant.
func (s *Store) variant(id string) (*engine.Variant, error) {
	if v, ok := s.variants[id]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("%w %q", ErrUnknownVariant, id)
}

// checkVariant checks a variant and start position for a new game or
// challenge against Options.Variants, when there are any.
func (s *Store) checkVariant(id, start string) error {
	if id == "" {
		return fmt.Errorf("%w: no variant", ErrInvalid)
	}
	if len(s.variants) == 0 {
		return nil
	}
	v, err := s.variant(id)
	if err != nil {
		return err
	}
	if start != "" {
		if _, err := v.Parse(start); err != nil {
			return fmt.Errorf("%w: start position for %s: %v", ErrInvalid, id, err)
		}
	}
	return nil
}

// write runs f in an immediate transaction on the writer connection and
// commits it if f returns nil.
func (s *Store) write(ctx context.Context, f func(tx querier) error) error {
	if !s.pg {
		return s.writeOnce(ctx, nil, f)
	}
	// PostgreSQL runs writes side by side, each as if alone (serializable);
	// one that clashes with another is refused at once and run again.
	for try := 1; ; try++ {
		err := s.writeOnce(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable}, f)
		if !serializationFailure(err) || try == maxWriteTries {
			return err
		}
		s.retries.Add(1)
		// Back off, at random so that the clashing writes spread out:
		// up to 1 ms, then 2, 4… up to 64 ms.
		wait := time.Duration(rand.Int64N(int64(time.Millisecond) << min(try-1, 6)))
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
	}
}

// maxWriteTries bounds the runs of a PostgreSQL write that keeps clashing
// (with the back-off, about 2 s in all).
const maxWriteTries = 40

func (s *Store) writeOnce(ctx context.Context, opts *sql.TxOptions, f func(tx querier) error) error {
	tx, err := s.writes.BeginTx(ctx, opts)
	if err != nil {
		return err
	}
	t := &txn{tx: tx, p: s.writes}
	if err := f(t); err != nil {
		tx.Rollback()
		return err
	}
	if err := s.notify(ctx, t); err != nil {
		tx.Rollback()
		return err
	}
	err = tx.Commit()
	s.writes.prepare(ctx, t.missed)
	if err != nil {
		return err
	}
	if s.afterCommit != nil {
		s.afterCommit()
	}
	for _, c := range t.changes {
		s.feed.Publish(c)
	}
	return nil
}

// read runs f in a read transaction: it sees one snapshot of the database.
func (s *Store) read(ctx context.Context, f func(tx querier) error) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if s.pg {
		opts.Isolation = sql.LevelRepeatableRead
	}
	p := s.readers(ctx)
	tx, err := p.BeginTx(ctx, opts)
	if err != nil {
		return err
	}
	t := &txn{tx: tx, p: p}
	err = f(t)
	tx.Rollback()
	p.prepare(ctx, t.missed)
	return err
}

// querier runs queries: a pool or a transaction.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// pool is a database handle that keeps its statements prepared, by query
// text: SQLite takes longer to prepare most of the store's statements than
// to run them. The queries are constants or built from a few fixed parts,
// so the cache stays small.
type pool struct {
	*sql.DB
	// pg: the queries are PostgreSQL's (see rebind) and the driver keeps
	// them prepared itself.
	pg    bool
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
	pgSQL map[string]string // rebound queries
}

func newPool(db *sql.DB) *pool {
	return &pool{DB: db, stmts: map[string]*sql.Stmt{}}
}

// pgQuery returns query and args as PostgreSQL takes them: placeholders
// numbered, booleans as the 0 and 1 its integer flag columns hold.
func (p *pool) pgQuery(query string, args []any) (string, []any) {
	p.mu.Lock()
	q, ok := p.pgSQL[query]
	if !ok {
		q = rebind(query)
		p.pgSQL[query] = q
	}
	p.mu.Unlock()
	for i, a := range args {
		if b, ok := a.(bool); ok {
			args[i] = map[bool]int64{false: 0, true: 1}[b]
		}
	}
	return q, args
}

// cached returns the prepared statement for query, if there is one.
func (p *pool) cached(query string) *sql.Stmt {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stmts[query]
}

// prepare prepares the queries that are not yet. It must not be called
// inside a transaction: preparing takes a connection of the pool, and the
// writer pool has only one. A query that fails to prepare is left out; it
// runs unprepared and reports its error then.
func (p *pool) prepare(ctx context.Context, queries []string) {
	for _, q := range queries {
		if p.cached(q) != nil {
			continue
		}
		st, err := p.DB.PrepareContext(ctx, q)
		if err != nil {
			continue
		}
		p.mu.Lock()
		if p.stmts[q] == nil {
			p.stmts[q], st = st, nil
		}
		p.mu.Unlock()
		if st != nil {
			st.Close()
		}
	}
}

// stmt returns the prepared statement for query, preparing it if need be.
func (p *pool) stmt(ctx context.Context, query string) *sql.Stmt {
	if st := p.cached(query); st != nil {
		return st
	}
	p.prepare(ctx, []string{query})
	return p.cached(query)
}

// ExecContext runs query as a prepared statement.
func (p *pool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if p.pg {
		query, args = p.pgQuery(query, args)
		return p.DB.ExecContext(ctx, query, args...)
	}
	if st := p.stmt(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return p.DB.ExecContext(ctx, query, args...)
}

// QueryContext runs query as a prepared statement.
func (p *pool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if p.pg {
		query, args = p.pgQuery(query, args)
		return p.DB.QueryContext(ctx, query, args...)
	}
	if st := p.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return p.DB.QueryContext(ctx, query, args...)
}

// QueryRowContext runs query as a prepared statement.
func (p *pool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if p.pg {
		query, args = p.pgQuery(query, args)
		return p.DB.QueryRowContext(ctx, query, args...)
	}
	if st := p.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return p.DB.QueryRowContext(ctx, query, args...)
}

// Close closes the statements and the database.
func (p *pool) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var errs []error
	for _, st := range p.stmts {
		errs = append(errs, st.Close())
	}
	return errors.Join(append(errs, p.DB.Close())...)
}

// txn is a transaction on a pool that uses the pool's prepared statements.
// A query that has none runs unprepared and is noted in missed, for the
// pool to prepare once the transaction has released its connection.
type txn struct {
	tx      *sql.Tx
	p       *pool
	missed  []string
	changes []feed.Change // the changes it makes (see changed)
	cause   string        // the cause they are published under (see RecordMove)
}

// stmt returns the transaction's form of the prepared statement for query,
// or nil.
func (t *txn) stmt(ctx context.Context, query string) *sql.Stmt {
	st := t.p.cached(query)
	if st == nil {
		t.missed = append(t.missed, query)
		return nil
	}
	return t.tx.StmtContext(ctx, st)
}

// ExecContext runs query in the transaction.
func (t *txn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if t.p.pg {
		query, args = t.p.pgQuery(query, args)
		return t.tx.ExecContext(ctx, query, args...)
	}
	if st := t.stmt(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, query, args...)
}

// QueryContext runs query in the transaction.
func (t *txn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if t.p.pg {
		query, args = t.p.pgQuery(query, args)
		return t.tx.QueryContext(ctx, query, args...)
	}
	if st := t.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, query, args...)
}

// QueryRowContext runs query in the transaction.
func (t *txn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if t.p.pg {
		query, args = t.p.pgQuery(query, args)
		return t.tx.QueryRowContext(ctx, query, args...)
	}
	if st := t.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return t.tx.QueryRowContext(ctx, query, args...)
}

// millis converts a time to the database's Unix milliseconds.
func millis(t time.Time) int64 { return t.UnixMilli() }

// stamp returns t as the database keeps it: UTC, to the millisecond.
func stamp(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()).UTC() }

// fromMillis converts Unix milliseconds from the database to a UTC time; a
// NULL is the zero time.
func fromMillis(ms sql.NullInt64) time.Time {
	if !ms.Valid {
		return time.Time{}
	}
	return time.UnixMilli(ms.Int64).UTC()
}

// nullMillis converts a time to Unix milliseconds, the zero time to NULL.
func nullMillis(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixMilli(), Valid: true}
}
