package feed_test

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/zugbot/zugbot/store/pgtest"
)

// server is the PostgreSQL server the relay's tests share, started by the
// first of them. They take turns on it: notification channels belong to a
// database, not to a test's schema.
var server struct {
	once sync.Once
	s    *pgtest.Server
	err  error
}

// postgres returns the URL of a new schema on the tests' PostgreSQL
// server, starting it for the first test; without PostgreSQL, the test
// fails and says how to install it.
func postgres(t *testing.T) string {
	t.Helper()
	server.once.Do(func() { server.s, server.err = pgtest.Start() })
	if server.err != nil {
		t.Fatal(server.err)
	}
	u, err := server.s.URL()
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestMain stops the PostgreSQL server once the tests are done.
func TestMain(m *testing.M) {
	code := m.Run()
	if server.s != nil {
		if err := server.s.Stop(); err != nil {
			fmt.Fprintf(os.Stderr, "stopping PostgreSQL: %v\n", err)
		}
	}
	os.Exit(code)
}
