// Package pgtest runs a throwaway PostgreSQL server for tests: Debian's
// postgresql package's initdb and pg_ctl, on a temporary directory and a
// free port, with durability off (a test's data is thrown away). Each test
// gets a schema of its own on it.
package pgtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"sync/atomic"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// Install says how to install PostgreSQL where it is missing.
const Install = "PostgreSQL is not installed: install Debian's postgresql package (sudo apt-get install -y postgresql), as the README's set-up command does"

// Server is a running PostgreSQL server.
type Server struct {
	dir   string
	port  int
	bin   string   // the directory of initdb and pg_ctl
	as    []string // the command prefix that runs them as the server's user
	admin *sql.DB
	n     atomic.Int64
}

// bin finds the directory of PostgreSQL's programs: on the PATH, or where
// Debian puts them (/usr/lib/postgresql/<version>/bin).
func bin() (string, error) {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if p, err = filepath.EvalSymlinks(p); err == nil {
			return filepath.Dir(p), nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	for i := len(dirs) - 1; i >= 0; i-- { // the newest version first
		if _, err := os.Stat(filepath.Join(dirs[i], "pg_ctl")); err == nil {
			return dirs[i], nil
		}
	}
	return "", errors.New(Install)
}

// Start starts a server. PostgreSQL refuses to run as root: as root, it
// runs as the postgres user the package creates.
func Start() (*Server, error) {
	b, err := bin()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "zugbot-pg-")
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir, bin: b}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root, PostgreSQL needs its own user, postgres: %w (%s)", err, Install)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		s.as = []string{"runuser", "-u", "postgres", "--"}
	}
	data := filepath.Join(dir, "data")
	if err := s.run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s.port = l.Addr().(*net.TCPAddr).Port
	l.Close()
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300", s.port, dir)
	if err := s.run("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		os.RemoveAll(dir)
		return nil, fmt.Errorf("%w\n%s", err, log)
	}
	s.admin, err = sql.Open("pgx", s.url("postgres", ""))
	if err == nil {
		err = s.admin.PingContext(context.Background())
	}
	if err != nil {
		s.Stop()
		return nil, err
	}
	return s, nil
}

// run runs one of PostgreSQL's programs.
func (s *Server) run(name string, args ...string) error {
	argv := append(append(append([]string{}, s.as...), filepath.Join(s.bin, name)), args...)
	out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %w\n%s", name, err, out)
	}
	return nil
}

func (s *Server) url(db, schema string) string {
	u := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.port, db)
	if schema != "" {
		u += "&search_path=" + schema
	}
	return u
}

// URL returns the URL of a new, empty schema of the server's database: a
// database of its own for one test.
func (s *Server) URL() (string, error) {
	name := fmt.Sprintf("t%d", s.n.Add(1))
	if _, err := s.admin.Exec(`CREATE SCHEMA ` + name); err != nil {
		return "", fmt.Errorf("create schema %s: %w", name, err)
	}
	return s.url("postgres", name), nil
}

// Stop stops the server and removes its files.
func (s *Server) Stop() error {
	if s.admin != nil {
		s.admin.Close()
	}
	err := s.run("pg_ctl", "-D", filepath.Join(s.dir, "data"), "-m", "immediate", "-w", "stop")
	return errors.Join(err, os.RemoveAll(s.dir))
}
