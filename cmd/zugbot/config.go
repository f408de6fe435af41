package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/zugbot/zugbot/bot"
	"github.com/zugbot/zugbot/store"
)

// config is how the bot is run: environment variables, each of which a
// flag of the same meaning overrides.
type config struct {
	Token       string     // DISCORD_TOKEN, -token
	DB          string     // ZUGBOT_DB, -db; with ZUGBOT_DB_PASSWORD(_FILE) put in
	Guild       string     // ZUGBOT_GUILD, -guild
	APIURL      string     // DISCORD_API_URL, -api-url
	MetricsAddr string     // ZUGBOT_METRICS_ADDR, -metrics-addr
	LogLevel    slog.Level // ZUGBOT_LOG_LEVEL, -log-level
	LogJSON     bool       // ZUGBOT_LOG_FORMAT=json, -log-format json
	Shards      int        // ZUGBOT_SHARDS, -shards; bot.AutoShards for "auto"
	ShardIDs    []int      // ZUGBOT_SHARD_IDS, -shard-ids: this process's shards; nil for all
	AIWorkers   int        // ZUGBOT_AI_WORKERS, -ai-workers; 0: the number of CPUs
	WebAddr     string     // ZUGBOT_WEB_ADDR, -web-addr: the live board's listener; "" for none
	PublicURL   string     // ZUGBOT_PUBLIC_URL, -public-url: the live board's address for players
	// ClientSecret is ZUGBOT_CLIENT_SECRET(_FILE), -client-secret(-file):
	// the application's OAuth2 secret, which serves the live board inside
	// Discord as an Activity; "" for none.
	ClientSecret string
	// only is the flags of the settings the command reads (nil: all), the
	// ones its log line shows.
	only []string
}

// setting is one configuration value: its variable, its flag and its check.
// A setting named X_FILE (flag -x-file) names a file that holds the value
// of setting X instead, a secret kept off the environment and the command
// line, such as a Docker or systemd credential.
type setting struct {
	env, flag, def, usage string
	dst                   *string
}

// readSecret returns what the file name holds, without a final line break.
func readSecret(name string) (string, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return "", err
	}
	v := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
	if v == "" {
		return "", fmt.Errorf("%s is empty", name)
	}
	return v, nil
}

// loadConfig reads the configuration from getenv and the command line
// args. Every invalid value is reported by its variable's name, before the
// bot connects anywhere.
func loadConfig(args []string, getenv func(string) string, usage io.Writer) (config, error) {
	return loadConfigFor("run", "run the Discord bot", nil, nil, args, getenv, usage)
}

// loadConfigFor is loadConfig for a subcommand, described as desc in
// its usage, which reads only the settings whose flags only names (all of
// them when only is nil): its usage lists those alone, and the others are
// neither read nor checked. extra, if not nil, defines the subcommand's
// own flags besides.
func loadConfigFor(command, desc string, only []string, extra func(*flag.FlagSet), args []string, getenv func(string) string, usage io.Writer) (config, error) {
	c := config{only: only}
	var level, format, shards, workers, shardIDs, dbPassword, dbPasswordFile, clientSecretFile string
	settings := []setting{
		{"DISCORD_TOKEN", "token", "", "the bot's token (required; see README, \"Run your own bot\")", &c.Token},
		{"ZUGBOT_DB", "db", "zugbot.db", "the database: a SQLite file, or a PostgreSQL URL (postgres://user:password@host/db)", &c.DB},
		{"ZUGBOT_GUILD", "guild", "", "a server (guild) ID to register the commands to, instantly (for testing); default: global", &c.Guild},
		{"DISCORD_API_URL", "api-url", "", "base URL of Discord's REST API, e.g. a rate-limit proxy (default: Discord's own)", &c.APIURL},
		{"ZUGBOT_METRICS_ADDR", "metrics-addr", "", "address to serve /healthz, /metrics and Go's profiles on, e.g. 127.0.0.1:9090, this machine only: keep it off the internet (default: off)", &c.MetricsAddr},
		{"ZUGBOT_LOG_LEVEL", "log-level", "info", "log level: debug, info, warn or error", &level},
		{"ZUGBOT_LOG_FORMAT", "log-format", "text", "log format: text or json", &format},
		{"ZUGBOT_SHARDS", "shards", "1", "gateway shards to run: a number, or auto for as many as Discord recommends (needed past 2,500 servers)", &shards},
		{"ZUGBOT_AI_WORKERS", "ai-workers", "", "AI moves thought at once; more wait in a queue (default: the number of CPUs)", &workers},
		{"ZUGBOT_SHARD_IDS", "shard-ids", "", "the shards of ZUGBOT_SHARDS this process runs, e.g. 0,2, when several processes share a PostgreSQL database (default: all)", &shardIDs},
		{"ZUGBOT_DB_PASSWORD", "db-password", "", "the password of ZUGBOT_DB's PostgreSQL user, when its URL has none: any characters, which zugbot encodes into the URL", &dbPassword},
		{"ZUGBOT_DB_PASSWORD_FILE", "db-password-file", "", "a file holding ZUGBOT_DB_PASSWORD (a final line break is left out), such as a Docker or systemd secret", &dbPasswordFile},
		{"ZUGBOT_WEB_ADDR", "web-addr", "", "address to serve the live board on, e.g. 127.0.0.1:8080 behind an HTTPS proxy (default: off)", &c.WebAddr},
		{"ZUGBOT_PUBLIC_URL", "public-url", "", "the live board's address as players reach it, e.g. https://zugbot.example.org (default: http:// and ZUGBOT_WEB_ADDR)", &c.PublicURL},
		{"ZUGBOT_CLIENT_SECRET", "client-secret", "", "the application's OAuth2 client secret, which serves the live board inside Discord as an Activity (docs/activity.md); needs ZUGBOT_WEB_ADDR and an https ZUGBOT_PUBLIC_URL (default: no Activity)", &c.ClientSecret},
		{"ZUGBOT_CLIENT_SECRET_FILE", "client-secret-file", "", "a file holding ZUGBOT_CLIENT_SECRET (a final line break is left out), such as a Docker or systemd secret", &clientSecretFile},
	}
	fs := newFlags(command, desc+". Each flag may instead be given by the environment variable named in its description", usage)
	// used reports whether the command reads setting i.
	used := func(i int) bool { return only == nil || slices.Contains(only, settings[i].flag) }
	for i, s := range settings {
		if !used(i) {
			*s.dst = s.def
			continue
		}
		def := s.def
		if v := getenv(s.env); v != "" {
			def = v
		}
		fs.StringVar(s.dst, s.flag, def, fmt.Sprintf("%s [%s]", s.usage, s.env))
	}
	if extra != nil {
		extra(fs)
	}
	if err := parseFlags(fs, args); err != nil {
		return c, err
	}
	// name says which setting a value came from: its flag if given, else its variable.
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	name := func(s setting) string {
		if given[s.flag] {
			return "-" + s.flag
		}
		return s.env
	}
	var problems []string
	bad := func(i int, format string, args ...any) {
		problems = append(problems, name(settings[i])+" "+fmt.Sprintf(format, args...))
	}
	// Read the X_FILE settings into X; source names where a value came from.
	fromFile := map[int]int{} // setting -> the one naming the file it was read from
	for i, s := range settings {
		target, ok := strings.CutSuffix(s.env, "_FILE")
		if !ok || *s.dst == "" || !used(i) {
			continue
		}
		j := slices.IndexFunc(settings, func(t setting) bool { return t.env == target })
		if *settings[j].dst != "" {
			bad(j, "and %s are both set: give one", name(s))
			continue
		}
		v, err := readSecret(*s.dst)
		if err != nil {
			bad(i, "%v", err)
			continue
		}
		*settings[j].dst, fromFile[j] = v, i
	}
	source := func(i int) string {
		if f, ok := fromFile[i]; ok {
			return name(settings[f])
		}
		return name(settings[i])
	}
	c.Token = strings.TrimSpace(c.Token)
	switch {
	case !used(0):
	case c.Token == "":
		bad(0, "is not set: zugbot needs its bot token (README, \"Run your own bot\", says where to get one)")
	case strings.ContainsAny(c.Token, " \t\n"):
		bad(0, "contains white space: copy the token alone")
	}
	if !used(1) {
		c.DB = ""
	} else if c.DB == "" {
		bad(1, "is empty: give a file path such as zugbot.db")
	} else if err := store.CheckAddress(c.DB); err != nil {
		hint := ""
		if store.IsPostgres(c.DB) {
			hint = ", or leave the password out of the URL and give it as it is in " + settings[10].env
		}
		bad(1, "%s %v%s", store.Redacted(c.DB), err, hint)
	} else if dbPassword != "" {
		if !store.IsPostgres(c.DB) {
			problems = append(problems, fmt.Sprintf("%s is set, but %s %s is a SQLite file, which has no password: set it with a PostgreSQL URL only", source(10), name(settings[1]), c.DB))
		} else if db, err := store.WithPassword(c.DB, dbPassword); err != nil {
			problems = append(problems, fmt.Sprintf("%s is set, but %s %s %v", source(10), name(settings[1]), store.Redacted(c.DB), err))
		} else {
			c.DB = db
		}
	}
	if used(2) && c.Guild != "" && !isSnowflake(c.Guild) {
		bad(2, "%q is not a server ID (a number of 17 to 20 digits; enable Developer Mode and use Copy Server ID)", c.Guild)
	}
	if used(3) && c.APIURL != "" {
		if u, err := url.Parse(c.APIURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad(3, "%q is not an http(s) URL such as https://discord.com/api/v9", c.APIURL)
		}
		c.APIURL = strings.TrimSuffix(c.APIURL, "/")
	}
	if i := slices.IndexFunc(settings, func(s setting) bool { return s.dst == &c.WebAddr }); used(i) && c.WebAddr != "" {
		if _, port, err := net.SplitHostPort(c.WebAddr); err != nil || port == "" {
			bad(i, "%q is not a listen address such as 127.0.0.1:8080", c.WebAddr)
		}
	}
	if i := slices.IndexFunc(settings, func(s setting) bool { return s.dst == &c.PublicURL }); used(i) && c.PublicURL != "" {
		if u, err := url.Parse(c.PublicURL); err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
			bad(i, "%q is not an http:// or https:// address such as https://zugbot.example.org", c.PublicURL)
		}
		c.PublicURL = strings.TrimSuffix(c.PublicURL, "/")
	}
	if i := slices.IndexFunc(settings, func(s setting) bool { return s.dst == &c.ClientSecret }); used(i) && c.ClientSecret != "" {
		if c.WebAddr == "" || !strings.HasPrefix(c.PublicURL, "https://") {
			problems = append(problems, fmt.Sprintf("%s is set, but the Activity needs the live board served (ZUGBOT_WEB_ADDR) at a public https:// address (ZUGBOT_PUBLIC_URL): Discord reaches it through its proxy", source(i)))
		}
	}
	if used(4) && c.MetricsAddr != "" {
		if _, port, err := net.SplitHostPort(c.MetricsAddr); err != nil || port == "" {
			bad(4, "%q is not a listen address such as 127.0.0.1:9090 (this machine only) or :9090 (every interface)", c.MetricsAddr)
		}
	}
	if err := c.LogLevel.UnmarshalText([]byte(level)); err != nil {
		bad(5, "%q is not a log level: want debug, info, warn or error", level)
	}
	switch strings.ToLower(format) {
	case "text":
	case "json":
		c.LogJSON = true
	default:
		bad(6, "%q is not a log format: want text or json", format)
	}
	if strings.EqualFold(shards, "auto") {
		c.Shards = bot.AutoShards
	} else if n, err := strconv.Atoi(shards); err != nil || n < 1 {
		bad(7, "%q is not a number of shards: want 1 or more, or auto", shards)
	} else {
		c.Shards = n
	}
	if workers != "" {
		n, err := strconv.Atoi(workers)
		if err != nil || n < 1 || n > 1024 {
			bad(8, "%q is not a number of AI workers from 1 to 1024", workers)
		}
		c.AIWorkers = n
	}
	if shardIDs != "" {
		c.ShardIDs, problems = parseShardIDs(shardIDs, c.Shards, c.DB, name(settings[9]), problems)
	}
	if len(problems) > 0 {
		return c, usageError{strings.Join(problems, "; ")}
	}
	return c, nil
}

// parseShardIDs reads the shard IDs of list ("0,2"): distinct, each below
// the number of shards, on a shared database.
func parseShardIDs(list string, shards int, db, name string, problems []string) ([]int, []string) {
	var ids []int
	for _, f := range strings.Split(list, ",") {
		id, err := strconv.Atoi(strings.TrimSpace(f))
		switch {
		case err != nil || id < 0:
			return nil, append(problems, fmt.Sprintf("%s %q is not a list of shard numbers such as 0,2", name, list))
		case shards < 1:
			return nil, append(problems, fmt.Sprintf("%s needs ZUGBOT_SHARDS to be a number, the shards of all the processes together", name))
		case id >= shards:
			return nil, append(problems, fmt.Sprintf("%s: shard %d is not one of the %d shards of ZUGBOT_SHARDS (0 to %d)", name, id, shards, shards-1))
		case slices.Contains(ids, id):
			return nil, append(problems, fmt.Sprintf("%s names shard %d twice", name, id))
		}
		ids = append(ids, id)
	}
	if len(ids) < shards && !store.IsPostgres(db) {
		return nil, append(problems, fmt.Sprintf("%s: a process that runs only some shards shares its database with the others' processes, which takes PostgreSQL (ZUGBOT_DB=postgres://…); a SQLite file serves one process", name))
	}
	return ids, problems
}

// isSnowflake reports whether s looks like a Discord ID.
func isSnowflake(s string) bool {
	if len(s) < 17 || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// LogValue keeps the token out of logs: a config logs without it, and
// with only the settings its command reads; ai_workers is the number the
// bot runs, the number of CPUs when it is not set.
func (c config) LogValue() slog.Value {
	attrs := []struct {
		flag string
		attr slog.Attr
	}{
		{"db", slog.String("db", store.Redacted(c.DB))},
		{"guild", slog.String("guild", c.Guild)},
		{"api-url", slog.String("api_url", c.APIURL)},
		{"metrics-addr", slog.String("metrics_addr", c.MetricsAddr)},
		{"log-level", slog.String("log_level", c.LogLevel.String())},
		{"log-format", slog.Bool("log_json", c.LogJSON)},
		{"ai-workers", slog.Int("ai_workers", cmp.Or(c.AIWorkers, runtime.NumCPU()))},
		{"token", slog.Bool("token_set", c.Token != "")},
	}
	var out []slog.Attr
	for _, a := range attrs {
		if c.only == nil || slices.Contains(c.only, a.flag) {
			out = append(out, a.attr)
		}
	}
	return slog.GroupValue(out...)
}
