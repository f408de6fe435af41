package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
)

// publicIDBytes is the random bytes of a public id: 64 bits, as many as
// lichess's game ids have and more, so that guessing one is hopeless.
const publicIDBytes = 8

// newPublicID returns a fresh public id: 16 lowercase hex digits drawn
// from crypto/rand.
func newPublicID() string {
	b := make([]byte, publicIDBytes)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b)
}

// ValidPublicID reports whether s has the form of a public id: exactly
// 16 lowercase hex digits. Anything else (upper case, padding, another
// length) names nothing, so that one id has one spelling.
func ValidPublicID(s string) bool {
	if len(s) != 2*publicIDBytes {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// GameByPublicID returns the id of the game whose public id is pid;
// ErrNotFound when none has it, or when pid has not the form of one.
func (s *Store) GameByPublicID(ctx context.Context, pid string) (int64, error) {
	return s.byPublicID(ctx, "games", pid)
}

// TournamentByPublicID returns the id of the tournament whose public id
// is pid; ErrNotFound when none has it, or when pid has not the form of
// one.
func (s *Store) TournamentByPublicID(ctx context.Context, pid string) (int64, error) {
	return s.byPublicID(ctx, "tournaments", pid)
}

// byPublicID looks pid up in table (games or tournaments).
func (s *Store) byPublicID(ctx context.Context, table, pid string) (int64, error) {
	if !ValidPublicID(pid) {
		return 0, fmt.Errorf("%s %q: %w", table, pid, ErrNotFound)
	}
	var id int64
	err := s.readers(ctx).QueryRowContext(ctx, `SELECT id FROM `+table+` WHERE public_id = ?`, pid).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("%s %s: %w", table, pid, ErrNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("%s %s: %w", table, pid, err)
	}
	return id, nil
}
