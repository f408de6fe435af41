package store

import (
	"context"
	"fmt"

	"github.com/zugbot/zugbot/feed"
)

// Feed returns the bus on which the store publishes each change it
// commits (see package feed): a game's start and every change to it, with
// the game's version after it; every step of a tournament; every step of
// a challenge. The changes of one transaction are published in the order
// it made them, once it has committed.
func (s *Store) Feed() *feed.Bus { return s.feed }

// Origin returns the name under which the store relays its changes to
// the other processes on its PostgreSQL database: a Listener on its Feed
// must skip these, which the Feed has delivered already.
func (s *Store) Origin() feed.Origin { return s.origin }

// changed records change c in the write transaction tx, to be relayed to
// the other processes in tx (PostgreSQL's NOTIFY, delivered when and only
// when tx commits) and published on the store's Feed once it has
// committed. Its Source is ctx's (feed.WithSource); its Cause is the
// transaction's: the request that the AI's move it records answers (see
// RecordMove), "" in any other.
func changed(ctx context.Context, tx querier, c feed.Change) {
	t := tx.(*txn)
	c.Source, c.Cause = feed.SourceOf(ctx), t.cause
	t.changes = append(t.changes, c)
}

// gameChanged counts up the version of game g in tx and records change
// kind of it (see changed); g's Version becomes the new one, and its
// TurnVersion too after a change that begins a turn (a start, a move, a
// takeback).
func gameChanged(ctx context.Context, tx querier, g *Game, kind feed.Kind) error {
	turn := 0
	if kind == feed.Started || kind == feed.Moved || kind == feed.TookBack {
		turn = 1
	}
	if err := tx.QueryRowContext(ctx, `UPDATE games SET version = version + 1,
			turn_version = CASE WHEN ? = 1 THEN version + 1 ELSE turn_version END WHERE id = ? RETURNING version, turn_version`,
		turn, g.ID).Scan(&g.Version, &g.TurnVersion); err != nil {
		return fmt.Errorf("count up the version of game %d: %w", g.ID, err)
	}
	changed(ctx, tx, feed.Change{Game: g.ID, Tournament: g.Tournament, Version: g.Version, Ply: g.Ply, Kind: kind})
	return nil
}

// endKind returns the change that ending a game with end is.
func endKind(end End) feed.Kind {
	switch {
	case end.Result == Aborted:
		return feed.Aborted
	case end.Reason == ReasonResignation:
		return feed.Resigned
	case end.Reason == ReasonTimeout:
		return feed.TimedOut
	}
	return feed.Agreed
}

// notify relays the changes of t to the other processes, in t: on
// PostgreSQL by NOTIFY (see package feed), on SQLite, whose file serves
// one process, not at all.
func (s *Store) notify(ctx context.Context, t *txn) error {
	if !s.pg {
		return nil
	}
	for _, c := range t.changes {
		if err := feed.Notify(ctx, t.tx, s.origin, c); err != nil {
			return err
		}
	}
	return nil
}

// URL returns the address the store was opened with: a SQLite file, or a
// PostgreSQL URL with its password (never log it; see Redacted).
func (s *Store) URL() string { return s.path }
