package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestConfigDefaultsAndOverrides(t *testing.T) {
	c, err := loadConfig(nil, env(map[string]string{"DISCORD_TOKEN": "abc.def", "ZUGBOT_GUILD": "123456789012345678"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Token != "abc.def" || c.DB != "zugbot.db" || c.Guild != "123456789012345678" || c.LogLevel != slog.LevelInfo || c.LogJSON {
		t.Errorf("config = %+v; want the token and guild from the environment and the defaults", c)
	}
	c, err = loadConfig([]string{"-db", "/data/z.db", "-log-format", "json", "-log-level", "debug", "-api-url", "http://127.0.0.1:8080/api/v9/"},
		env(map[string]string{"DISCORD_TOKEN": "abc", "ZUGBOT_DB": "env.db"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.DB != "/data/z.db" || !c.LogJSON || c.LogLevel != slog.LevelDebug || c.APIURL != "http://127.0.0.1:8080/api/v9" {
		t.Errorf("config = %+v; want the flags to override the environment", c)
	}
}

func TestConfigErrorsNameTheSetting(t *testing.T) {
	tests := []struct {
		env  map[string]string
		args []string
		want string
	}{
		{nil, nil, "DISCORD_TOKEN is not set"},
		{map[string]string{"DISCORD_TOKEN": "a b"}, nil, "DISCORD_TOKEN contains white space"},
		{map[string]string{"DISCORD_TOKEN": "t", "ZUGBOT_GUILD": "my-server"}, nil, `ZUGBOT_GUILD "my-server" is not a server ID`},
		{map[string]string{"DISCORD_TOKEN": "t"}, []string{"-guild", "12"}, `-guild "12" is not a server ID`},
		{map[string]string{"DISCORD_TOKEN": "t", "DISCORD_API_URL": "discord.com"}, nil, "DISCORD_API_URL"},
		{map[string]string{"DISCORD_TOKEN": "t", "ZUGBOT_METRICS_ADDR": "9090"}, nil, `ZUGBOT_METRICS_ADDR "9090" is not a listen address`},
		{map[string]string{"DISCORD_TOKEN": "t", "ZUGBOT_WEB_ADDR": "8080"}, nil, `ZUGBOT_WEB_ADDR "8080" is not a listen address such as 127.0.0.1:8080`},
		{map[string]string{"DISCORD_TOKEN": "t", "ZUGBOT_PUBLIC_URL": "zugbot.example.org"}, nil, `ZUGBOT_PUBLIC_URL "zugbot.example.org" is not an http:// or https:// address`},
		{map[string]string{"DISCORD_TOKEN": "t", "ZUGBOT_LOG_LEVEL": "loud"}, nil, `ZUGBOT_LOG_LEVEL "loud" is not a log level`},
		{map[string]string{"DISCORD_TOKEN": "t", "ZUGBOT_LOG_FORMAT": "xml"}, nil, `ZUGBOT_LOG_FORMAT "xml" is not a log format`},
		{map[string]string{"DISCORD_TOKEN": "t"}, []string{"-db", ""}, "-db is empty"},
	}
	for _, tt := range tests {
		_, err := loadConfig(tt.args, env(tt.env), io.Discard)
		if _, ok := err.(usageError); !ok || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("loadConfig(%v, %v) = %v; want a usage error saying %q", tt.args, tt.env, err, tt.want)
		}
	}
}

func TestConfigNeverLogsTheToken(t *testing.T) {
	c, err := loadConfig(nil, env(map[string]string{"DISCORD_TOKEN": "s3cr3t-t0ken"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("starting", "config", c)
	if strings.Contains(buf.String(), "s3cr3t") || !strings.Contains(buf.String(), `"token_set":true`) {
		t.Errorf("log line %q: want no token, only that it is set", buf.String())
	}
}

// TestConfigLogLine: the start's log line shows the number of AI workers
// the bot runs (the CPUs' when unset), and a worker's shows only the
// settings a worker reads.
func TestConfigLogLine(t *testing.T) {
	logged := func(c config) map[string]any {
		var buf bytes.Buffer
		slog.New(slog.NewJSONHandler(&buf, nil)).Info("starting", "config", c)
		var line struct{ Config map[string]any }
		if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
			t.Fatal(err)
		}
		return line.Config
	}
	c, err := loadConfig(nil, env(map[string]string{"DISCORD_TOKEN": "abc"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got := logged(c)["ai_workers"]; got != float64(runtime.NumCPU()) {
		t.Errorf("the bot logs ai_workers=%v; it runs %d (the number of CPUs)", got, runtime.NumCPU())
	}
	w, err := loadConfigFor("worker", "", workerSettings, nil, nil, env(map[string]string{"ZUGBOT_DB": "postgres://u@h/d", "ZUGBOT_GUILD": "123456789012345678"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	got := logged(w)
	for _, k := range []string{"guild", "api_url", "token_set"} {
		if _, ok := got[k]; ok {
			t.Errorf("a worker logs %s=%v, which it does not use: %v", k, got[k], got)
		}
	}
	for _, k := range []string{"db", "ai_workers", "metrics_addr", "log_level"} {
		if _, ok := got[k]; !ok {
			t.Errorf("a worker's log line lacks %s: %v", k, got)
		}
	}
}

func TestConfigAIWorkers(t *testing.T) {
	c, err := loadConfig(nil, env(map[string]string{"DISCORD_TOKEN": "abc"}), io.Discard)
	if err != nil || c.AIWorkers != 0 {
		t.Fatalf("AIWorkers = %d, %v; want 0 (the number of CPUs) by default", c.AIWorkers, err)
	}
	c, err = loadConfig([]string{"-ai-workers", "3"}, env(map[string]string{"DISCORD_TOKEN": "abc", "ZUGBOT_AI_WORKERS": "8"}), io.Discard)
	if err != nil || c.AIWorkers != 3 {
		t.Fatalf("AIWorkers = %d, %v; want the flag's 3", c.AIWorkers, err)
	}
	for _, bad := range []string{"0", "-1", "two", "2000"} {
		_, err := loadConfig(nil, env(map[string]string{"DISCORD_TOKEN": "abc", "ZUGBOT_AI_WORKERS": bad}), io.Discard)
		if err == nil || !strings.Contains(err.Error(), "ZUGBOT_AI_WORKERS") {
			t.Errorf("ZUGBOT_AI_WORKERS=%s: %v, want an error naming it", bad, err)
		}
	}
}

// TestConfigShardIDs: a process may run some of the shards, on a shared
// PostgreSQL database; each mistake is named.
func TestConfigShardIDs(t *testing.T) {
	pg := "postgres://zugbot@db/zugbot"
	c, err := loadConfig(nil, env(map[string]string{"DISCORD_TOKEN": "abc", "ZUGBOT_DB": pg, "ZUGBOT_SHARDS": "4", "ZUGBOT_SHARD_IDS": "0, 2"}), io.Discard)
	if err != nil || c.Shards != 4 || !slices.Equal(c.ShardIDs, []int{0, 2}) {
		t.Fatalf("shards %d, ids %v, %v; want 4 and [0 2]", c.Shards, c.ShardIDs, err)
	}
	for _, tt := range []struct{ db, shards, ids, want string }{
		{pg, "4", "0,4", "shard 4 is not one of the 4 shards of ZUGBOT_SHARDS (0 to 3)"},
		{pg, "4", "1,1", "names shard 1 twice"},
		{pg, "4", "a", `"a" is not a list of shard numbers`},
		{pg, "auto", "0", "needs ZUGBOT_SHARDS to be a number"},
		{"zugbot.db", "2", "1", "takes PostgreSQL"},
	} {
		_, err := loadConfig(nil, env(map[string]string{"DISCORD_TOKEN": "abc", "ZUGBOT_DB": tt.db, "ZUGBOT_SHARDS": tt.shards, "ZUGBOT_SHARD_IDS": tt.ids}), io.Discard)
		if err == nil || !strings.Contains(err.Error(), "ZUGBOT_SHARD_IDS") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ZUGBOT_SHARDS=%s ZUGBOT_SHARD_IDS=%s on %s: %v, want %q", tt.shards, tt.ids, tt.db, err, tt.want)
		}
	}
	// All the shards in one process: any database.
	if c, err := loadConfig(nil, env(map[string]string{"DISCORD_TOKEN": "abc", "ZUGBOT_SHARDS": "2", "ZUGBOT_SHARD_IDS": "1,0"}), io.Discard); err != nil || len(c.ShardIDs) != 2 {
		t.Errorf("both shards of 2 on SQLite: %v, %v", c.ShardIDs, err)
	}
}

// TestConfigDBPassword: the PostgreSQL password may be given apart from
// the URL, as it is or in a file, and goes into the URL encoded so that
// the driver reads it back whatever it holds; every way of giving it
// wrongly is named, and no message or log line shows it.
func TestConfigDBPassword(t *testing.T) {
	const pw = "s3c/r3t@x=y #%?:"
	const db = "postgres://zugbot@db/zugbot?sslmode=disable"
	dir := t.TempDir()
	file := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, tt := range []struct {
		name string
		env  map[string]string
		args []string
	}{
		{"variable", map[string]string{"ZUGBOT_DB": db, "ZUGBOT_DB_PASSWORD": pw}, nil},
		{"flag", map[string]string{"ZUGBOT_DB": db}, []string{"-db-password", pw}},
		{"file", map[string]string{"ZUGBOT_DB": db, "ZUGBOT_DB_PASSWORD_FILE": file("pw", pw+"\n")}, nil},
		{"file with CRLF", map[string]string{"ZUGBOT_DB": db, "ZUGBOT_DB_PASSWORD_FILE": file("crlf", pw+"\r\n")}, nil},
		{"file flag", map[string]string{"ZUGBOT_DB": db}, []string{"-db-password-file", file("flag", pw)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.env["DISCORD_TOKEN"] = "abc"
			c, err := loadConfig(tt.args, env(tt.env), io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := pgconn.ParseConfig(c.DB)
			if err != nil || cfg.Password != pw || cfg.User != "zugbot" || cfg.Host != "db" || cfg.Database != "zugbot" {
				t.Fatalf("ZUGBOT_DB is %q, which the driver reads as %+v, %v; want the password %q", c.DB, cfg, err, pw)
			}
			var buf bytes.Buffer
			slog.New(slog.NewTextHandler(&buf, nil)).Info("starting", "config", c)
			if strings.Contains(buf.String(), "s3c") || !strings.Contains(buf.String(), "postgres://zugbot:xxxxx@db/zugbot?sslmode=disable") {
				t.Errorf("log line %q: want the URL with its password masked", buf.String())
			}
		})
	}

	for _, tt := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{map[string]string{"ZUGBOT_DB": db, "ZUGBOT_DB_PASSWORD": pw, "ZUGBOT_DB_PASSWORD_FILE": file("both", pw)}, nil,
			"ZUGBOT_DB_PASSWORD and ZUGBOT_DB_PASSWORD_FILE are both set"},
		{map[string]string{"ZUGBOT_DB": db, "ZUGBOT_DB_PASSWORD_FILE": filepath.Join(dir, "missing")}, nil,
			"ZUGBOT_DB_PASSWORD_FILE open " + filepath.Join(dir, "missing") + ": no such file"},
		{map[string]string{"ZUGBOT_DB": db, "ZUGBOT_DB_PASSWORD_FILE": file("empty", "\n")}, nil,
			"ZUGBOT_DB_PASSWORD_FILE " + filepath.Join(dir, "empty") + " is empty"},
		{map[string]string{"ZUGBOT_DB_PASSWORD": pw}, nil,
			"ZUGBOT_DB_PASSWORD is set, but ZUGBOT_DB zugbot.db is a SQLite file, which has no password"},
		{map[string]string{"ZUGBOT_DB_PASSWORD_FILE": file("sqlite", pw)}, []string{"-db", "z.db"},
			"ZUGBOT_DB_PASSWORD_FILE is set, but -db z.db is a SQLite file"},
		{map[string]string{"ZUGBOT_DB": "postgres://zugbot:s3c0nd@db/zugbot", "ZUGBOT_DB_PASSWORD": pw}, nil,
			"ZUGBOT_DB_PASSWORD is set, but ZUGBOT_DB postgres://zugbot:xxxxx@db/zugbot already holds a password"},
		{map[string]string{"ZUGBOT_DB": "postgres://zugbot@db/zugbot?password=s3c0nd", "ZUGBOT_DB_PASSWORD": pw}, nil,
			"ZUGBOT_DB postgres://zugbot@db/zugbot?password=xxxxx already holds a password"},
		{map[string]string{"ZUGBOT_DB": "postgres://zugbot:s3c/r3t+x=y@127.0.0.1:1/zugbot"}, nil,
			"ZUGBOT_DB postgres://zugbot:xxxxx@127.0.0.1:1/zugbot cannot be parsed: its @ comes after a /"},
		{map[string]string{"ZUGBOT_DB": "postgres://zugbot:s3c@r3t@db/zugbot"}, []string{"-db-password", pw},
			"ZUGBOT_DB postgres://zugbot:xxxxx@db/zugbot cannot be parsed: it holds more than one @"},
		{map[string]string{"ZUGBOT_DB": "postgre://zugbot:s3c0nd@db/zugbot"}, nil,
			"ZUGBOT_DB postgre://zugbot:xxxxx@db/zugbot is not a PostgreSQL URL"},
	} {
		tt.env["DISCORD_TOKEN"] = "abc"
		_, err := loadConfig(tt.args, env(tt.env), io.Discard)
		if _, ok := err.(usageError); !ok || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("loadConfig(%q, %q) = %v; want a usage error saying %q", tt.args, tt.env, err, tt.want)
			continue
		}
		for _, secret := range []string{"s3c", "r3t", "x=y"} {
			if strings.Contains(err.Error(), secret) {
				t.Errorf("loadConfig(%q, %q) = %v, which shows the password", tt.args, tt.env, err)
			}
		}
		if strings.Contains(tt.want, "cannot be parsed") && (!strings.Contains(err.Error(), "/ as %2F") || !strings.Contains(err.Error(), "ZUGBOT_DB_PASSWORD")) {
			t.Errorf("loadConfig(%q) = %v; want it to say how to encode the password, or to give it in ZUGBOT_DB_PASSWORD", tt.env, err)
		}
	}
}

// TestMetricsAddrAdvice: the metrics address's usage and error suggest
// this machine only, where pprof is safe, not every interface.
func TestMetricsAddrAdvice(t *testing.T) {
	var usage bytes.Buffer
	loadConfig([]string{"-h"}, env(nil), &usage)
	_, help, _ := strings.Cut(usage.String(), "-metrics-addr")
	help, _, _ = strings.Cut(help, "\n  -")
	if !strings.Contains(help, "e.g. 127.0.0.1:9090") || strings.Contains(help, "e.g. :9090") {
		t.Errorf("-metrics-addr's usage %q; want it to suggest 127.0.0.1:9090, not :9090", help)
	}
	_, err := loadConfig(nil, env(map[string]string{"DISCORD_TOKEN": "t", "ZUGBOT_METRICS_ADDR": "9090"}), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "such as 127.0.0.1:9090 (this machine only)") {
		t.Errorf("a bad metrics address: %v; want the safe address first", err)
	}
}
