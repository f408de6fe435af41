package store

import (
	"context"

	"github.com/zugbot/zugbot/feed"
)

// Announce relays change c, committed by this process (origin), to the
// other processes on the same database: on PostgreSQL by NOTIFY (see
// package feed), on SQLite, whose file serves one process, not at all.
func (s *Store) Announce(ctx context.Context, origin feed.Origin, c feed.Change) error {
	if !s.pg {
		return nil
	}
	return feed.Notify(ctx, s.writes.DB, origin, c)
}

// URL returns the address the store was opened with: a SQLite file, or a
// PostgreSQL URL with its password (never log it; see Redacted).
func (s *Store) URL() string { return s.path }
