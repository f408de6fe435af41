package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/zugbot/zugbot/store"
)

func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var out, dir *string
	cfg, err := loadConfigFor("backup", "write a consistent copy of the database, safe while the bot runs: of a SQLite file, a copy of the file; "+
		"of PostgreSQL, pg_dump's custom format (pg_dump -Fc), which pg_restore restores",
		[]string{"db", "db-password", "db-password-file"}, func(fs *flag.FlagSet) {
			out = fs.String("o", "", `the file to write the copy to, which must not exist, or "-" for standard output (this or -dir is required)`)
			dir = fs.String("dir", "", "a folder to write a dated copy into: zugbot-2026-11-23-0330.db of a SQLite file, zugbot-2026-11-23-0330.dump of PostgreSQL")
		}, args, getenv, stdout)
	if err != nil {
		return err
	}
	db := cfg.DB
	switch {
	case *out == "" && *dir == "":
		return usagef("-o or -dir is required: the file to write the copy to, or the folder for a dated copy")
	case *out != "" && *dir != "":
		return usagef("-o and -dir are both given: give one")
	case *dir != "":
		ext := ".db"
		if store.IsPostgres(db) {
			ext = ".dump"
		}
		*out = filepath.Join(*dir, "zugbot-"+time.Now().Format("2006-01-02-1504")+ext)
	}
	if store.IsPostgres(db) {
		return pgDump(ctx, db, *out, stdout, stderr)
	}
	if fi, err := os.Stat(db); err != nil || fi.IsDir() {
		return usagef("ZUGBOT_DB %s is not a database file: %v", db, cmp.Or(err, error(errors.New("it is a folder"))))
	}
	if *out == "-" {
		return backupToStdout(ctx, db, stdout, stderr)
	}
	if err := checkOutput("-o", *out, "", false); err != nil {
		return err
	}
	if err := store.BackupFile(ctx, db, *out); err != nil {
		return hideTemp(err, "back up "+db+" to "+*out)
	}
	fi, err := os.Stat(*out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s (%d bytes)\n", db, *out, fi.Size())
	return nil
}

// libpqParams are the settings of a PostgreSQL URL that pg_dump (libpq)
// reads. zugbot's URL may hold others, which concern its own connections
// (pgx's pool settings, run-time parameters such as search_path): pg_dump
// refuses them, and a dump of the whole database needs none of them.
var libpqParams = []string{"host", "hostaddr", "port", "dbname", "user", "passfile", "channel_binding",
	"connect_timeout", "client_encoding", "options", "application_name", "fallback_application_name",
	"keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout",
	"gssencmode", "sslmode", "requiressl", "sslcompression", "sslcert", "sslkey", "sslpassword",
	"sslcertmode", "sslrootcert", "sslcrl", "sslcrldir", "sslsni", "sslnegotiation", "requirepeer",
	"require_auth", "ssl_min_protocol_version", "ssl_max_protocol_version", "krbsrvname", "gsslib",
	"gssdelegation", "service", "target_session_attrs", "load_balance_hosts"}

// pgDump backs up the PostgreSQL database at the URL db with pg_dump -Fc
// into the file out, which must not exist ("-" for standard output): the
// format the README's pg_restore restores. The password goes to pg_dump in
// its environment, never on its command line, where ps shows it.
func pgDump(ctx context.Context, db, out string, stdout, stderr io.Writer) error {
	u, err := url.Parse(db)
	if err != nil {
		return usagef("ZUGBOT_DB %s: %v", store.Redacted(db), err)
	}
	env := os.Environ()
	if pw, ok := u.User.Password(); ok {
		env = append(env, "PGPASSWORD="+pw)
		u.User = url.User(u.User.Username())
	}
	q := u.Query()
	for k := range q {
		if !slices.Contains(libpqParams, k) {
			q.Del(k)
		}
	}
	u.RawQuery = q.Encode()
	prog, err := pgProgramPath("pg_dump")
	if err != nil {
		return err
	}
	args := []string{"-Fc", "-d", u.String()}
	var file string // where pg_dump writes, linked to out when it is done
	if out != "-" {
		if err := checkOutput("-o", out, "", false); err != nil {
			return err
		}
		f, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*.tmp")
		if err != nil {
			return fmt.Errorf("back up to %s: %w", out, errors.Unwrap(err))
		}
		f.Close()
		file = f.Name()
		defer os.Remove(file)
		args = append(args, "-f", file)
	}
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Env = env
	var errs strings.Builder
	cmd.Stderr = &errs
	if out == "-" {
		cmd.Stdout = stdout
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("back up %s: pg_dump: %v: %s", store.Redacted(db), err, strings.TrimSpace(errs.String()))
	}
	if out == "-" {
		fmt.Fprintf(stderr, "backed up %s to standard output (pg_dump -Fc: restore it with pg_restore)\n", store.Redacted(db))
		return nil
	}
	if err := os.Link(file, out); err != nil { // never over a file made meanwhile
		return hideTemp(err, "back up to "+out)
	}
	fi, err := os.Stat(out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s (%d bytes, pg_dump -Fc: restore it with pg_restore)\n", store.Redacted(db), out, fi.Size())
	return nil
}

// pgProgramPath finds one of PostgreSQL's client programs: on the PATH, or
// where Debian puts them (/usr/lib/postgresql/<version>/bin), the newest
// first.
func pgProgramPath(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	for i := len(dirs) - 1; i >= 0; i-- {
		if p := filepath.Join(dirs[i], name); fileExists(p) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s is not installed: zugbot backs up PostgreSQL with it; install PostgreSQL's client programs (Debian's postgresql-client package), of the server's version or newer", name)
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// backupToStdout writes a consistent copy of the database at db to stdout
// (for "docker exec zugbot zugbot backup -o - > backup.db"), by way of a
// temporary file, and says what it wrote on stderr.
func backupToStdout(ctx context.Context, db string, stdout, stderr io.Writer) error {
	dir, err := os.MkdirTemp("", "zugbot-backup-")
	if err != nil {
		return fmt.Errorf("back up: %w", err)
	}
	defer os.RemoveAll(dir)
	tmp := filepath.Join(dir, "backup.db")
	if err := store.BackupFile(ctx, db, tmp); err != nil {
		return err
	}
	f, err := os.Open(tmp)
	if err != nil {
		return fmt.Errorf("back up: %w", err)
	}
	defer f.Close()
	n, err := io.Copy(stdout, f)
	if err != nil {
		return fmt.Errorf("back up to standard output: %w", err)
	}
	fmt.Fprintf(stderr, "backed up %s to standard output (%d bytes)\n", db, n)
	return nil
}

// checkOutput explains, before anything is made, why the file that flag
// names cannot be written: its folder is missing, is not a folder or
// cannot be written in, or the file exists and the command was not told
// to overwrite it (by its flag force, if it has one, which overwrite says
// was given). It names the file as the person gave it, never a temporary
// file.
func checkOutput(flag, name, force string, overwrite bool) error {
	if fi, err := os.Stat(name); err == nil {
		switch {
		case fi.IsDir():
			return usagef("%s %s is a folder; give a file name inside it", flag, name)
		case !overwrite && force != "":
			return usagef("%s %s already exists: give %s to overwrite it", flag, name, force)
		case !overwrite:
			return usagef("%s %s already exists: give another name", flag, name)
		}
	}
	dir := filepath.Dir(name)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usagef("%s %s: the folder %s does not exist; create it first", flag, name, dir)
	case err != nil:
		return usagef("%s %s: %v", flag, name, err)
	case !fi.IsDir():
		return usagef("%s %s: %s is not a folder", flag, name, dir)
	}
	probe, err := os.CreateTemp(dir, ".zugbot-write-check-*")
	if err != nil {
		return usagef("%s %s: cannot write in the folder %s: %v", flag, name, dir, errors.Unwrap(err))
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// hideTemp returns err, or, when err is about a temporary file beside the
// output (".NAME.*.tmp", where the store writes a copy before linking it
// into place), the same failure told of what: the person never named the
// temporary file.
func hideTemp(err error, what string) error {
	isTemp := func(path string) bool {
		b := filepath.Base(path)
		return strings.HasPrefix(b, ".") && strings.HasSuffix(b, ".tmp")
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && isTemp(pe.Path) {
		return fmt.Errorf("%s: %v", what, pe.Err)
	}
	var le *os.LinkError
	if errors.As(err, &le) && (isTemp(le.Old) || isTemp(le.New)) {
		return fmt.Errorf("%s: %v", what, le.Err)
	}
	return err
}
