package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
)

// PostgreSQL: the store's queries are written once, in the SQL both
// databases take (ON CONFLICT, FILTER, CASE; integer columns for flags and
// times), with SQLite's placeholders, which rebind numbers for PostgreSQL.
// Its schema has its own migrations (migrations/postgres), step for step
// the same as SQLite's. Writes are serializable transactions, run again
// when PostgreSQL refuses one that clashed with another: the same outcome
// as SQLite's one writer at a time, with several processes on one server.

// openPostgres opens the server at url with a pool of up to conns
// connections, and applies the migrations ms.
func (s *Store) openPostgres(ctx context.Context, url string, conns int, ms []migration) error {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return err
	}
	// Unlike SQLite's single writer, PostgreSQL takes writes side by side:
	// enough connections for the bot's handlers in flight, not so many
	// that several processes exhaust the server's max_connections (see
	// pgConns).
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return err
	}
	if err := migrate(ctx, db, true, s.now, ms); err != nil {
		db.Close()
		return err
	}
	p := newPool(db)
	p.pg, p.pgSQL = true, map[string]string{}
	s.writes, s.reads = p, p
	u, err := sql.Open("pgx", url) // connects when first used: a worker never does
	if err != nil {
		db.Close()
		return err
	}
	u.SetMaxOpenConns(urgentConns)
	u.SetMaxIdleConns(urgentConns)
	s.urgent = newPool(u)
	s.urgent.pg, s.urgent.pgSQL = true, map[string]string{}
	return nil
}

// pgConns is the connections a bot's store keeps to a PostgreSQL server,
// by default, besides its urgentConns. Every process on the server takes
// its share of the server's max_connections (100 by default, 3 kept for
// superusers): a bot its pgConns, urgentConns and one for its feed's
// LISTEN, a zugbot worker its AI workers and 4 (workerConns in
// cmd/zugbot) and one to LISTEN. So a default server takes three bots and
// three workers of 2 AI workers (96); beyond that, raise max_connections
// (docs/self-hosting.md, "AI workers"). More connections would not make
// one bot faster on a small server: PostgreSQL runs as many queries at
// once as it has cores, and a board drawn reads none of its own
// (Game.Ratings).
const pgConns = 22

// rebind numbers a query's placeholders as PostgreSQL wants them: "?" is
// the next number, "?3" is "$3". Text in quotes is left alone.
func rebind(query string) string {
	var b strings.Builder
	n := 0
	quoted := false
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'':
			quoted = !quoted
		case c == '?' && !quoted:
			j := i + 1
			for j < len(query) && query[j] >= '0' && query[j] <= '9' {
				j++
			}
			if j > i+1 {
				b.WriteString("$" + query[i+1:j])
			} else {
				n++
				b.WriteString("$" + strconv.Itoa(n))
			}
			i = j - 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// serializationFailure reports whether PostgreSQL refused a transaction
// for clashing with another (serialization failure, deadlock): running it
// again can succeed.
func serializationFailure(err error) bool {
	var e *pgconn.PgError
	return errors.As(err, &e) && (e.Code == "40001" || e.Code == "40P01")
}

// isPostgresError reports whether err came from PostgreSQL or from the
// connection to it.
func isPostgresError(err error) bool {
	var e *pgconn.PgError
	var c *pgconn.ConnectError
	return errors.As(err, &e) || errors.As(err, &c) || pgconn.Timeout(err)
}
