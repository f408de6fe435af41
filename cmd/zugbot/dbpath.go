package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// checkDBPath explains, before the database is opened, why the database
// file at path cannot be used, in words a self-hoster can act on; it
// returns nil when the file or its folder is fine. SQLite alone would say
// "unable to open database file (14)". Each problem is one of the
// configuration, which starting again will not mend: a usageError, exit
// status 2, which zugbot.service's RestartPreventExitStatus=2 does not
// restart.
func checkDBPath(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return usagef("ZUGBOT_DB %s is a directory; give a file path inside it, such as %s", path, filepath.Join(path, "zugbot.db"))
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usagef("ZUGBOT_DB %s: the folder %s does not exist; create it first", path, dir)
	case err != nil:
		return usagef("ZUGBOT_DB %s: %v", path, err)
	case !fi.IsDir():
		return usagef("ZUGBOT_DB %s: %s is not a folder", path, dir)
	}
	// SQLite needs to create its journal files beside the database.
	probe, err := os.CreateTemp(dir, ".zugbot-write-check-*")
	if err != nil {
		return usagef("ZUGBOT_DB %s: zugbot cannot write in the folder %s (in Docker, the /data volume must belong to the image's user, 65532): %v", path, dir, err)
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// lockDB takes an exclusive lock on path's lock file (path + ".lock"), so
// that a second zugbot on the same database refuses to start, naming the
// first one's process ID, with exit status 2 (a usageError: running two
// bots on one file is a mistake of the configuration, which restarting
// does not mend). The lock ends with the process; the returned function
// releases it earlier.
func lockDB(path string) (func(), error) {
	name := path + ".lock"
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, usagef("ZUGBOT_DB %s: the lock file: %v", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		pid, _ := os.ReadFile(name)
		f.Close()
		other := strings.TrimSpace(string(pid))
		if other == "" {
			other = "another process"
		} else {
			other = "process " + other
		}
		return nil, usagef("ZUGBOT_DB %s is in use by %s (another zugbot on the same database); stop it first, or give this one its own database", path, other)
	}
	f.Truncate(0)
	f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return func() {
		f.Truncate(0)
		f.Close()
	}, nil
}
