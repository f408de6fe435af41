package main

import (
	"bytes"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"
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
