// Package config reads pokerroom's configuration from environment
// variables and command-line flags of the same meaning (a flag wins over
// its variable), and validates every value. An invalid value is an
// [*Error] naming the variable, the value (hidden for secrets) and what is
// accepted; it is never replaced by a silent default.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/store/dburl"
)

// DefaultTelegramAPIEndpoint is the official Bot API, as a format string
// taking the token and the method name.
const DefaultTelegramAPIEndpoint = "https://api.telegram.org/bot%s/%s"

// Config is the validated configuration.
type Config struct {
	DatabaseURL           string         // as given ("" for the default)
	Database              dburl.Location // parsed DatabaseURL
	TelegramToken         string         // secret
	TelegramAPIEndpoint   string
	TelegramWebhookURL    string // may hold a secret path
	TelegramWebhookListen string
	DiscordToken          string // secret
	DiscordAPIURL         string
	DiscordGuilds         []string // register commands in these guilds; global when empty
	DiscordShardID        int
	DiscordShardCount     int
	DiscordAdminRole      string
	DiscordDMCards        bool
	HTTPAddr              string // "" serves no HTTP
	LogLevel              slog.Level
	LogFormat             string // "text" or "json"
	DefaultLang           string // "en" or "es"
	// Owners are the operators' "platform:user id"s (OWNER_IDS).
	Owners []string
	// GrantMax and GrantDayMax cap a community admin's /grant, at once and
	// in a day per community (GRANT_MAX, GRANT_DAY_MAX; 0: the room's
	// defaults).
	GrantMax, GrantDayMax int64
	// CommandRate and CommandBurst are each user's command limit
	// (USER_COMMAND_RATE a second, USER_COMMAND_BURST at once): 0 for the
	// room's defaults; CommandRate < 0 turns the limit off.
	CommandRate  float64
	CommandBurst int
	// Location is the room's time zone (ROOM_TZ; UTC by default): where
	// /export today's day begins and the times its hands are written in.
	Location *time.Location
	// Console runs the terminal chat: on by default when no platform token
	// is set.
	Console bool
}

// Var describes one setting.
type Var struct {
	Env     string // environment variable
	Flag    string // flag name, without the dash
	Default string // shown in help; "" for none
	Usage   string
	Secret  bool // never printed
}

// Vars lists every setting, in the order of the README.
var Vars = []Var{
	{"DATABASE_URL", "database-url", dburl.DefaultSQLiteFile, "database: a SQLite file path (file:..., sqlite:...) or postgres://user:password@host/db", true},
	{"TELEGRAM_TOKEN", "telegram-token", "", "Telegram bot token from @BotFather (prefer the variable: flags show in ps)", true},
	{"TELEGRAM_API_ENDPOINT", "telegram-api-endpoint", DefaultTelegramAPIEndpoint, "Telegram Bot API endpoint format, with %s for the token and %s for the method", false},
	{"TELEGRAM_WEBHOOK_URL", "telegram-webhook-url", "", "public https URL for Telegram webhooks; long polling when empty", true},
	{"TELEGRAM_WEBHOOK_LISTEN", "telegram-webhook-listen", "", "host:port the webhook server listens on; required with TELEGRAM_WEBHOOK_URL", false},
	{"DISCORD_TOKEN", "discord-token", "", "Discord bot token from the developer portal (prefer the variable)", true},
	{"DISCORD_API_URL", "discord-api-url", "", "Discord API base URL, for REST and gateway discovery (a proxy, a test fake)", false},
	{"DISCORD_GUILDS", "discord-guilds", "", "comma-separated server (guild) ids to register the commands in at once; global registration when empty", false},
	{"DISCORD_SHARD_ID", "discord-shard-id", "0", "this process's shard, from 0 (large bots)", false},
	{"DISCORD_SHARD_COUNT", "discord-shard-count", "1", "the number of shards (large bots)", false},
	{"DISCORD_ADMIN_ROLE", "discord-admin-role", "", "a role id whose members are room admins, besides Manage Server", false},
	{"DISCORD_DM_CARDS", "discord-dm-cards", "off", "also send each hand's hole cards by direct message: on or off", false},
	{"CONSOLE", "console", "auto", "the terminal chat: auto (on when no platform token is set), on or off", false},
	{"HTTP_ADDR", "http-addr", "", "host:port for /healthz and /metrics; off when empty", false},
	{"LOG_LEVEL", "log-level", "info", "debug, info, warn or error", false},
	{"LOG_FORMAT", "log-format", "text", "text or json", false},
	{"DEFAULT_LANG", "default-lang", "en", "language of new chats: en or es", false},
	{"OWNER_IDS", "owner-ids", "", "the bot's operators, comma-separated platform:user ids (telegram:123, discord:456, console:you): they act in every community, uncapped, and ban users", false},
	{"GRANT_MAX", "grant-max", "50000", "the most a community admin's /grant gives at once (a community may lower it)", false},
	{"GRANT_DAY_MAX", "grant-day-max", "200000", "the most a community's admins grant in a day, UTC (a community may lower it)", false},
	{"USER_COMMAND_RATE", "user-command-rate", "1", "commands (and button presses) a second each user may send over time, or off; over it the first is answered \"slow down\", the rest ignored", false},
	{"USER_COMMAND_BURST", "user-command-burst", "8", "commands each user may send at once before USER_COMMAND_RATE applies", false},
	{"ROOM_TZ", "room-tz", "UTC", "the room's time zone, an IANA name such as Europe/Madrid: where /export today's day begins, and its hands' times", false},
}

// Error is an invalid setting.
type Error struct {
	Var  string // environment variable name
	Flag string // flag name when the value came from a flag, else ""
	Msg  string // what is wrong and what is accepted
}

func (e *Error) Error() string {
	if e.Flag != "" {
		return fmt.Sprintf("%s (flag -%s): %s", e.Var, e.Flag, e.Msg)
	}
	return e.Var + ": " + e.Msg
}

// Load builds the configuration from getenv and args, the flags of the
// subcommand named cmd. Help (-h) goes to out and returns [flag.ErrHelp];
// a bad flag returns an error of the flag package; a bad value returns an
// [*Error]. Arguments left after the flags are returned.
func Load(cmd string, args []string, getenv func(string) string, out io.Writer) (Config, []string, error) {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	flags := make([]*string, len(Vars))
	for i, v := range Vars {
		flags[i] = fs.String(v.Flag, "", v.Usage+" ($"+v.Env+")")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			Usage(out, cmd)
		}
		return Config{}, nil, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	values := map[string]value{}
	for i, v := range Vars {
		val := value{v: v}
		switch {
		case set[v.Flag]:
			val.s, val.fromFlag = *flags[i], true
		default:
			val.s = getenv(v.Env)
		}
		values[v.Env] = val
	}
	cfg, err := build(values)
	return cfg, fs.Args(), err
}

type value struct {
	v        Var
	s        string
	fromFlag bool
}

func (val value) fail(format string, args ...any) *Error {
	e := &Error{Var: val.v.Env, Msg: fmt.Sprintf(format, args...)}
	if val.fromFlag {
		e.Flag = val.v.Flag
	}
	return e
}

// shown is how a value appears in an error: quoted, or hidden for secrets.
func (val value) shown() string {
	if val.v.Secret {
		if strings.TrimSpace(val.s) != val.s { // a stray space or line end in .env
			return fmt.Sprintf("(hidden, %d characters, white space at its start or end)", len(val.s))
		}
		return fmt.Sprintf("(hidden, %d characters)", len(val.s))
	}
	return strconv.Quote(val.s)
}

var (
	telegramTokenRE = regexp.MustCompile(`^[0-9]+:[A-Za-z0-9_-]+$`)
	discordTokenRE  = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)
	snowflakeRE     = regexp.MustCompile(`^[0-9]{1,20}$`)
)

// build validates the settings, one after the other in the order of
// .env.example, a function by group. On an error the Config holds the
// settings read before it.
func build(vals map[string]value) (Config, error) {
	var cfg Config
	get := func(env string) value { return vals[env] }
	for _, group := range []func(*Config, func(string) value) error{
		buildDatabase, buildTelegram, buildDiscord, buildProcess, buildRoom,
	} {
		if err := group(&cfg, get); err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}

// buildDatabase validates the database's setting, DATABASE_URL.
func buildDatabase(cfg *Config, get func(string) value) error {
	v := get("DATABASE_URL")
	loc, err := dburl.Parse(v.s)
	if err != nil {
		return v.fail("%v", err)
	}
	cfg.DatabaseURL, cfg.Database = v.s, loc
	return nil
}

// buildTelegram validates the Telegram settings: the token, the API
// endpoint and the webhook.
func buildTelegram(cfg *Config, get func(string) value) error {
	var v value
	if v = get("TELEGRAM_TOKEN"); v.s != "" && !telegramTokenRE.MatchString(v.s) {
		return v.fail("invalid token %s (accepted: the token from @BotFather, digits, a colon and letters, digits, _ or -, like 123456:ABC-DEF1234ghIkl)", v.shown())
	}
	cfg.TelegramToken = v.s

	v = get("TELEGRAM_API_ENDPOINT")
	if v.s == "" {
		v.s = DefaultTelegramAPIEndpoint
	}
	if !validEndpoint(v.s) {
		return v.fail("invalid endpoint %s (accepted: an http or https URL with exactly two %%s, for the token and the method, like %s)", v.shown(), DefaultTelegramAPIEndpoint)
	}
	cfg.TelegramAPIEndpoint = v.s

	if v = get("TELEGRAM_WEBHOOK_URL"); v.s != "" && !validURL(v.s) {
		return v.fail("invalid URL %s (accepted: an absolute https:// or http:// URL with a host)", v.shown())
	}
	cfg.TelegramWebhookURL = v.s

	v = get("TELEGRAM_WEBHOOK_LISTEN")
	switch {
	case v.s != "" && !validAddr(v.s):
		return v.fail("invalid address %s (accepted: host:port or :port, port 0-65535)", v.shown())
	case v.s == "" && cfg.TelegramWebhookURL != "":
		return v.fail("empty, but TELEGRAM_WEBHOOK_URL is set (accepted: host:port or :port for the webhook server)")
	case v.s != "" && cfg.TelegramWebhookURL == "":
		return v.fail("set to %s, but TELEGRAM_WEBHOOK_URL is empty (accepted: empty for long polling, or set both)", v.shown())
	}
	cfg.TelegramWebhookListen = v.s
	return nil
}

// buildDiscord validates the Discord settings: the token, the API URL,
// the guilds, the shards, the admin role and the cards by DM.
func buildDiscord(cfg *Config, get func(string) value) error {
	var v value
	v = get("DISCORD_TOKEN")
	if v.s != "" {
		if strings.HasPrefix(v.s, "Bot ") {
			return v.fail("invalid token %s: starts with \"Bot \" (accepted: the bare token from the developer portal, without the Bot prefix)", v.shown())
		}
		if !discordTokenRE.MatchString(v.s) {
			return v.fail("invalid token %s (accepted: the token from the developer portal: letters, digits, '.', '_' and '-')", v.shown())
		}
	}
	cfg.DiscordToken = v.s

	if v = get("DISCORD_API_URL"); v.s != "" && !validURL(v.s) {
		return v.fail("invalid URL %s (accepted: an absolute https:// or http:// URL with a host)", v.shown())
	}
	if u, err := url.Parse(v.s); v.s != "" && err == nil && u.Scheme == "http" && !loopbackHost(u.Hostname()) {
		return v.fail("plain http to another machine %s would send the bot token in the clear (accepted: https://, or http:// to localhost, 127.0.0.1 or ::1)", v.shown())
	}
	cfg.DiscordAPIURL = v.s

	v = get("DISCORD_GUILDS")
	for _, g := range strings.Split(v.s, ",") {
		if g = strings.TrimSpace(g); g == "" {
			continue
		}
		if !snowflakeRE.MatchString(g) {
			return v.fail("invalid guild id %q (accepted: server ids, digits only, separated by commas)", g)
		}
		cfg.DiscordGuilds = append(cfg.DiscordGuilds, g)
	}
	for _, sh := range []struct {
		env string
		to  *int
		def int
	}{{"DISCORD_SHARD_ID", &cfg.DiscordShardID, 0}, {"DISCORD_SHARD_COUNT", &cfg.DiscordShardCount, 1}} {
		v = get(sh.env)
		*sh.to = sh.def
		if v.s != "" {
			n, err := strconv.Atoi(v.s)
			if err != nil || n < 0 || (sh.def == 1 && n < 1) {
				return v.fail("invalid value %s (accepted: a whole number, at least %d)", v.shown(), sh.def)
			}
			*sh.to = n
		}
	}
	if cfg.DiscordShardID >= cfg.DiscordShardCount {
		return get("DISCORD_SHARD_ID").fail("shard %d of %d (accepted: a shard id from 0 to DISCORD_SHARD_COUNT-1)", cfg.DiscordShardID, cfg.DiscordShardCount)
	}
	v = get("DISCORD_ADMIN_ROLE")
	if v.s != "" && !snowflakeRE.MatchString(v.s) {
		return v.fail("invalid role id %s (accepted: a role id, digits only: Server Settings > Roles > Copy Role ID)", v.shown())
	}
	cfg.DiscordAdminRole = v.s
	v = get("DISCORD_DM_CARDS")
	switch strings.ToLower(v.s) {
	case "", "off", "false", "0":
	case "on", "true", "1":
		cfg.DiscordDMCards = true
	default:
		return v.fail("invalid value %s (accepted: on, off)", v.shown())
	}
	return nil
}

// buildProcess validates the process's settings: the console, the HTTP
// server and the logs.
func buildProcess(cfg *Config, get func(string) value) error {
	var v value
	v = get("CONSOLE")
	switch strings.ToLower(v.s) {
	case "", "auto":
		cfg.Console = cfg.TelegramToken == "" && cfg.DiscordToken == ""
	case "on", "true", "1":
		cfg.Console = true
	case "off", "false", "0":
		cfg.Console = false
	default:
		return v.fail("invalid value %s (accepted: auto, on, off)", v.shown())
	}

	if v = get("HTTP_ADDR"); v.s != "" && !validAddr(v.s) {
		return v.fail("invalid address %s (accepted: empty for off, or host:port or :port, port 0-65535)", v.shown())
	}
	cfg.HTTPAddr = v.s

	v = get("LOG_LEVEL")
	switch strings.ToLower(v.s) {
	case "debug":
		cfg.LogLevel = slog.LevelDebug
	case "", "info":
		cfg.LogLevel = slog.LevelInfo
	case "warn":
		cfg.LogLevel = slog.LevelWarn
	case "error":
		cfg.LogLevel = slog.LevelError
	default:
		return v.fail("invalid level %s (accepted: debug, info, warn, error)", v.shown())
	}

	v = get("LOG_FORMAT")
	switch f := strings.ToLower(v.s); f {
	case "", "text":
		cfg.LogFormat = "text"
	case "json":
		cfg.LogFormat = "json"
	default:
		return v.fail("invalid format %s (accepted: text, json)", v.shown())
	}
	return nil
}

// ParseLang reads a DEFAULT_LANG value: "en" or "es" in any case, "en"
// when empty; ok false for any other.
func ParseLang(v string) (lang string, ok bool) {
	switch l := strings.ToLower(v); l {
	case "":
		return "en", true
	case "en", "es":
		return l, true
	}
	return "", false
}

// ParseOwners reads OWNER_IDS: the operators' "platform:user id"s, comma
// separated; msg says what is wrong with one that is invalid ("" when
// none is).
func ParseOwners(v string) (owners []string, msg string) {
	for _, o := range strings.Split(v, ",") {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		platform, user, ok := strings.Cut(o, ":")
		switch {
		case !ok || user == "" || strings.ContainsAny(user, " \t:"):
			return nil, fmt.Sprintf("invalid operator %q: write platform:user id (accepted: telegram:123, discord:456, console:you)", o)
		case platform != "telegram" && platform != "discord" && platform != "console":
			return nil, fmt.Sprintf("invalid operator %q: the platform is telegram, discord or console (accepted: telegram:123, discord:456, console:you)", o)
		case platform != "console" && !snowflakeRE.MatchString(user):
			// A username or a chat's id would match nobody.
			return nil, fmt.Sprintf("invalid operator %q: a %s operator is named by their numeric user id, not a name (accepted: telegram:123, discord:456, console:you)", o, platform)
		}
		owners = append(owners, platform+":"+user)
	}
	return owners, ""
}

// buildRoom validates the room's settings: the default language, the
// operators, the grant caps and the per-user command rate.
func buildRoom(cfg *Config, get func(string) value) error {
	var v value
	v = get("DEFAULT_LANG")
	l, ok := ParseLang(v.s)
	if !ok {
		return v.fail("invalid language %s (accepted: en, es)", v.shown())
	}
	cfg.DefaultLang = l

	v = get("OWNER_IDS")
	owners, msg := ParseOwners(v.s)
	if msg != "" {
		return v.fail("%s", msg)
	}
	cfg.Owners = owners
	for _, c := range []struct {
		env string
		to  *int64
	}{{"GRANT_MAX", &cfg.GrantMax}, {"GRANT_DAY_MAX", &cfg.GrantDayMax}} {
		v = get(c.env)
		if v.s == "" {
			continue
		}
		n, err := strconv.ParseInt(v.s, 10, 64)
		if err != nil || n < 1 || n > maxGrant {
			return v.fail("invalid cap %s (accepted: a whole number of chips from 1 to %d, no separators)", v.shown(), maxGrant)
		}
		*c.to = n
	}
	if cfg.GrantMax > 0 && cfg.GrantDayMax > 0 && cfg.GrantMax > cfg.GrantDayMax {
		return get("GRANT_MAX").fail("a grant of at most %d is above the day's cap GRANT_DAY_MAX=%d (accepted: at most the day's cap)", cfg.GrantMax, cfg.GrantDayMax)
	}

	v = get("USER_COMMAND_RATE")
	switch strings.ToLower(v.s) {
	case "":
	case "off":
		cfg.CommandRate = -1
	default:
		r, err := strconv.ParseFloat(v.s, 64)
		if err != nil || !(r > 0) || r > 1000 {
			return v.fail("invalid rate %s (accepted: commands a second per user, a number above 0 up to 1000 such as 1 or 0.5, or off)", v.shown())
		}
		cfg.CommandRate = r
	}
	if v = get("USER_COMMAND_BURST"); v.s != "" {
		n, err := strconv.Atoi(v.s)
		if err != nil || n < 1 || n > 1000 {
			return v.fail("invalid value %s (accepted: a whole number from 1 to 1000)", v.shown())
		}
		cfg.CommandBurst = n
	}
	cfg.Location = time.UTC
	if v = get("ROOM_TZ"); v.s != "" {
		loc, err := time.LoadLocation(v.s)
		if err != nil || strings.EqualFold(v.s, "local") {
			return v.fail("invalid time zone %s (accepted: UTC or an IANA name such as Europe/Madrid)", v.shown())
		}
		cfg.Location = loc
	}
	return nil
}

// maxGrant bounds the grant caps: a trillion chips.
const maxGrant = 1_000_000_000_000

func loopbackHost(h string) bool {
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

func validURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

func validEndpoint(s string) bool {
	// Exactly two verbs, both %s.
	if strings.Count(s, "%") != 2 || strings.Count(s, "%s") != 2 {
		return false
	}
	return validURL(fmt.Sprintf(s, "123:token", "getMe"))
}

func validAddr(s string) bool {
	_, port, err := net.SplitHostPort(s)
	if err != nil {
		return false
	}
	n, err := strconv.Atoi(port)
	return err == nil && n >= 0 && n <= 65535
}

// LogValue shows the configuration without secrets.
func (c Config) LogValue() slog.Value {
	isSet := func(s string) string {
		if s == "" {
			return "unset"
		}
		return "set"
	}
	httpAddr := c.HTTPAddr
	if httpAddr == "" {
		httpAddr = "off"
	}
	return slog.GroupValue(
		slog.String("database", string(c.Database.Backend)+" "+c.Database.String()),
		slog.String("telegram_token", isSet(c.TelegramToken)),
		slog.String("telegram_api_endpoint", c.TelegramAPIEndpoint),
		slog.String("telegram_webhook_url", isSet(c.TelegramWebhookURL)),
		slog.String("telegram_webhook_listen", c.TelegramWebhookListen),
		slog.String("discord_token", isSet(c.DiscordToken)),
		slog.String("discord_api_url", c.DiscordAPIURL),
		slog.String("discord_guilds", strings.Join(c.DiscordGuilds, ",")),
		slog.String("discord_shard", fmt.Sprintf("%d/%d", c.DiscordShardID, c.DiscordShardCount)),
		slog.String("discord_admin_role", c.DiscordAdminRole),
		slog.Bool("discord_dm_cards", c.DiscordDMCards),
		slog.Bool("console", c.Console),
		slog.String("http_addr", httpAddr),
		slog.String("log_level", strings.ToLower(c.LogLevel.String())),
		slog.String("log_format", c.LogFormat),
		slog.String("default_lang", c.DefaultLang),
		slog.String("owner_ids", strings.Join(c.Owners, ",")),
		slog.Int64("grant_max", c.GrantMax), slog.Int64("grant_day_max", c.GrantDayMax),
		slog.Float64("user_command_rate", c.CommandRate),
		slog.Int("user_command_burst", c.CommandBurst),
		slog.String("room_tz", c.Location.String()),
	)
}

// Usage writes the settings, their flags and defaults.
func Usage(w io.Writer, cmd string) {
	fmt.Fprintf(w, "Usage: pokerroom %s [flags]\n\nEvery flag has an environment variable of the same meaning; the flag wins.\n\n", cmd)
	for _, v := range Vars {
		def := ""
		if v.Default != "" {
			def = " (default " + v.Default + ")"
		}
		fmt.Fprintf(w, "  -%s, $%s%s\n      %s\n", v.Flag, v.Env, def, v.Usage)
	}
}
