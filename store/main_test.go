package store

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"testing"

	"github.com/zugbot/zugbot/store/pgtest"
)

// pg is the PostgreSQL server of the tests' second run; nil in the first,
// on SQLite.
var pg *pgtest.Server

// onPostgres is the environment variable that marks the second run.
const onPostgres = "ZUGBOT_STORE_ON_POSTGRES"

// TestMain runs the store's tests twice: on SQLite files, then, in a
// second process, on a PostgreSQL server of their own (every test its own
// schema). Both must pass; if PostgreSQL cannot be started, the second run
// fails and says how to install it.
func TestMain(m *testing.M) {
	flag.Parse()
	if os.Getenv(onPostgres) != "" {
		s, err := pgtest.Start()
		if err != nil {
			fmt.Fprintf(os.Stderr, "FAIL: the store's tests on PostgreSQL: %v\n", err)
			os.Exit(1)
		}
		pg = s
		code := m.Run()
		if err := s.Stop(); err != nil {
			fmt.Fprintf(os.Stderr, "stopping PostgreSQL: %v\n", err)
		}
		os.Exit(code)
	}
	code := m.Run()
	if code != 0 || flag.Lookup("test.fuzz").Value.String() != "" {
		os.Exit(code)
	}
	fmt.Println("the store's tests again, on PostgreSQL:")
	cmd := exec.Command(os.Args[0], os.Args[1:]...)
	cmd.Env = append(os.Environ(), onPostgres+"=1")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}

// sqliteOnly skips a test of what only a SQLite file has (its pragmas,
// file copies) in the run on PostgreSQL.
func sqliteOnly(t *testing.T) {
	t.Helper()
	if pg != nil {
		t.Skip("a test of SQLite files")
	}
}
