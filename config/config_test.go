package config

import (
	"bytes"
	"errors"
	"flag"
	"log/slog"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/store/dburl"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadDefaults(t *testing.T) {
	cfg, rest, err := Load("run", nil, env(nil), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rest) != 0 {
		t.Errorf("rest = %q", rest)
	}
	if cfg.Database.Backend != dburl.SQLite || !strings.HasSuffix(cfg.Database.Path, dburl.DefaultSQLiteFile) {
		t.Errorf("database = %v %q, want the SQLite file %s", cfg.Database.Backend, cfg.Database.Path, dburl.DefaultSQLiteFile)
	}
	if cfg.TelegramAPIEndpoint != DefaultTelegramAPIEndpoint || cfg.HTTPAddr != "" ||
		cfg.LogLevel != slog.LevelInfo || cfg.LogFormat != "text" || cfg.DefaultLang != "en" {
		t.Errorf("defaults = %+v", cfg)
	}
}

func TestValidValuesAreKept(t *testing.T) {
	cfg, _, err := Load("run", nil, env(map[string]string{
		"DATABASE_URL":            "postgres://bot:pw@db:5432/pokerroom?sslmode=disable",
		"TELEGRAM_TOKEN":          "123456:ABC-def_ghi",
		"TELEGRAM_API_ENDPOINT":   "http://127.0.0.1:8081/bot%s/%s",
		"TELEGRAM_WEBHOOK_URL":    "https://bot.example.org/hook",
		"TELEGRAM_WEBHOOK_LISTEN": ":8443",
		"DISCORD_TOKEN":           "MTA.abc-def_ghi",
		"DISCORD_API_URL":         "http://127.0.0.1:9000/api",
		"DISCORD_GUILDS":          "123, 456",
		"DISCORD_SHARD_ID":        "1",
		"DISCORD_SHARD_COUNT":     "4",
		"DISCORD_ADMIN_ROLE":      "789",
		"DISCORD_DM_CARDS":        "on",
		"HTTP_ADDR":               "0.0.0.0:8080",
		"LOG_LEVEL":               "DEBUG",
		"LOG_FORMAT":              "json",
		"DEFAULT_LANG":            "es",
	}), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Database.Backend != dburl.Postgres || cfg.TelegramToken != "123456:ABC-def_ghi" ||
		cfg.TelegramAPIEndpoint != "http://127.0.0.1:8081/bot%s/%s" || cfg.TelegramWebhookListen != ":8443" ||
		cfg.DiscordToken != "MTA.abc-def_ghi" || cfg.HTTPAddr != "0.0.0.0:8080" ||
		strings.Join(cfg.DiscordGuilds, ",") != "123,456" || cfg.DiscordShardID != 1 || cfg.DiscordShardCount != 4 ||
		cfg.DiscordAdminRole != "789" || !cfg.DiscordDMCards ||
		cfg.LogLevel != slog.LevelDebug || cfg.LogFormat != "json" || cfg.DefaultLang != "es" {
		t.Errorf("cfg = %+v", cfg)
	}
}

// OWNER_IDS names the operators by platform and user id.
func TestOwnerIDsAreRead(t *testing.T) {
	cfg, _, err := Load("run", nil, env(map[string]string{"OWNER_IDS": " telegram:123 ,discord:456,, console:you"}), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cfg.Owners, " "); got != "telegram:123 discord:456 console:you" {
		t.Errorf("owners %q", got)
	}
}

// USER_COMMAND_RATE and USER_COMMAND_BURST set each user's command limit;
// off turns it off; unset leaves the room's defaults (0).
func TestUserCommandLimitIsRead(t *testing.T) {
	for _, tc := range []struct {
		rate, burst string
		wantRate    float64
		wantBurst   int
	}{{"", "", 0, 0}, {"0.5", "4", 0.5, 4}, {"off", "", -1, 0}, {"OFF", "12", -1, 12}} {
		cfg, _, err := Load("run", nil, env(map[string]string{"USER_COMMAND_RATE": tc.rate, "USER_COMMAND_BURST": tc.burst}), &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		if cfg.CommandRate != tc.wantRate || cfg.CommandBurst != tc.wantBurst {
			t.Errorf("rate %q burst %q: got %v, %d", tc.rate, tc.burst, cfg.CommandRate, cfg.CommandBurst)
		}
	}
}

// ROOM_TZ is the room's time zone: UTC unless set.
func TestRoomTimeZoneIsRead(t *testing.T) {
	for _, tc := range []struct{ tz, want string }{{"", "UTC"}, {"UTC", "UTC"}, {"Europe/Madrid", "Europe/Madrid"}} {
		cfg, _, err := Load("run", nil, env(map[string]string{"ROOM_TZ": tc.tz}), &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Location == nil || cfg.Location.String() != tc.want {
			t.Errorf("ROOM_TZ %q: %v, want %s", tc.tz, cfg.Location, tc.want)
		}
	}
}

func TestFlagWinsOverEnvironment(t *testing.T) {
	cfg, rest, err := Load("run", []string{"-log-level", "error", "-default-lang=es", "extra"},
		env(map[string]string{"LOG_LEVEL": "debug", "DEFAULT_LANG": "en"}), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.LogLevel != slog.LevelError || cfg.DefaultLang != "es" {
		t.Errorf("level %v lang %q, want the flags' error and es", cfg.LogLevel, cfg.DefaultLang)
	}
	if len(rest) != 1 || rest[0] != "extra" {
		t.Errorf("rest = %q, want [extra]", rest)
	}
}

func TestInvalidValueIsAnErrorNamingTheVariable(t *testing.T) {
	for _, tc := range []struct {
		name   string
		env    map[string]string
		args   []string
		want   string // prefix of the message
		secret string // must not appear
	}{
		{"unknown database scheme", map[string]string{"DATABASE_URL": "bogus://x"}, nil, `DATABASE_URL: unsupported scheme "bogus" in "bogus://x" (accepted: `, ""},
		{"database password hidden", map[string]string{"DATABASE_URL": "mysql://u:hunter2@h/db"}, nil, `DATABASE_URL: unsupported scheme "mysql"`, "hunter2"},
		{"empty sqlite path", map[string]string{"DATABASE_URL": "sqlite:"}, nil, `DATABASE_URL: empty SQLite path`, ""},
		{"telegram token", map[string]string{"TELEGRAM_TOKEN": "hunter2 with spaces"}, nil, `TELEGRAM_TOKEN: invalid token (hidden, 19 characters)`, "hunter2"},
		{"endpoint with one verb", map[string]string{"TELEGRAM_API_ENDPOINT": "https://api.telegram.org/bot%s"}, nil, `TELEGRAM_API_ENDPOINT: invalid endpoint "https://api.telegram.org/bot%s"`, ""},
		{"endpoint with another verb", map[string]string{"TELEGRAM_API_ENDPOINT": "https://x/bot%d/%s"}, nil, `TELEGRAM_API_ENDPOINT: invalid endpoint`, ""},
		{"endpoint not http", map[string]string{"TELEGRAM_API_ENDPOINT": "ftp://x/bot%s/%s"}, nil, `TELEGRAM_API_ENDPOINT: invalid endpoint`, ""},
		{"webhook URL", map[string]string{"TELEGRAM_WEBHOOK_URL": "bot.example.org/hunter2", "TELEGRAM_WEBHOOK_LISTEN": ":8443"}, nil, `TELEGRAM_WEBHOOK_URL: invalid URL (hidden`, "hunter2"},
		{"webhook listen address", map[string]string{"TELEGRAM_WEBHOOK_URL": "https://x/h", "TELEGRAM_WEBHOOK_LISTEN": "8443"}, nil, `TELEGRAM_WEBHOOK_LISTEN: invalid address "8443"`, ""},
		{"webhook URL without listen", map[string]string{"TELEGRAM_WEBHOOK_URL": "https://x/h"}, nil, `TELEGRAM_WEBHOOK_LISTEN: empty, but TELEGRAM_WEBHOOK_URL is set`, ""},
		{"webhook listen without URL", map[string]string{"TELEGRAM_WEBHOOK_LISTEN": ":8443"}, nil, `TELEGRAM_WEBHOOK_LISTEN: set to ":8443", but TELEGRAM_WEBHOOK_URL is empty`, ""},
		{"discord token with Bot prefix", map[string]string{"DISCORD_TOKEN": "Bot hunter2"}, nil, `DISCORD_TOKEN: invalid token (hidden, 11 characters): starts with "Bot "`, "hunter2"},
		{"discord token with spaces", map[string]string{"DISCORD_TOKEN": "hunter2 x"}, nil, `DISCORD_TOKEN: invalid token (hidden`, "hunter2"},
		{"discord API URL", map[string]string{"DISCORD_API_URL": "localhost:9000"}, nil, `DISCORD_API_URL: invalid URL "localhost:9000"`, ""},
		{"discord API URL in the clear", map[string]string{"DISCORD_API_URL": "http://proxy.example.org"}, nil, `DISCORD_API_URL: plain http to another machine`, ""},
		{"discord guild", map[string]string{"DISCORD_GUILDS": "123,poker"}, nil, `DISCORD_GUILDS: invalid guild id "poker"`, ""},
		{"discord shard count", map[string]string{"DISCORD_SHARD_COUNT": "0"}, nil, `DISCORD_SHARD_COUNT: invalid value "0"`, ""},
		{"discord shard id", map[string]string{"DISCORD_SHARD_ID": "2", "DISCORD_SHARD_COUNT": "2"}, nil, `DISCORD_SHARD_ID: shard 2 of 2`, ""},
		{"discord admin role", map[string]string{"DISCORD_ADMIN_ROLE": "@admins"}, nil, `DISCORD_ADMIN_ROLE: invalid role id "@admins"`, ""},
		{"discord DM cards", map[string]string{"DISCORD_DM_CARDS": "yes"}, nil, `DISCORD_DM_CARDS: invalid value "yes"`, ""},
		{"HTTP address without port", map[string]string{"HTTP_ADDR": "8080"}, nil, `HTTP_ADDR: invalid address "8080"`, ""},
		{"HTTP port out of range", map[string]string{"HTTP_ADDR": ":99999"}, nil, `HTTP_ADDR: invalid address ":99999"`, ""},
		{"log level", map[string]string{"LOG_LEVEL": "loud"}, nil, `LOG_LEVEL: invalid level "loud" (accepted: debug, info, warn, error)`, ""},
		{"log format", map[string]string{"LOG_FORMAT": "xml"}, nil, `LOG_FORMAT: invalid format "xml" (accepted: text, json)`, ""},
		{"default language", map[string]string{"DEFAULT_LANG": "fr"}, nil, `DEFAULT_LANG: invalid language "fr" (accepted: en, es)`, ""},
		{"operator without a platform", map[string]string{"OWNER_IDS": "telegram:1, 42"}, nil, `OWNER_IDS: invalid operator "42": write platform:user id`, ""},
		{"operator of another platform", map[string]string{"OWNER_IDS": "slack:42"}, nil, `OWNER_IDS: invalid operator "slack:42": the platform is telegram, discord or console`, ""},
		{"grant cap with separators", map[string]string{"GRANT_MAX": "50,000"}, nil, `GRANT_MAX: invalid cap "50,000" (accepted: a whole number of chips`, ""},
		{"grant cap of zero", map[string]string{"GRANT_DAY_MAX": "0"}, nil, `GRANT_DAY_MAX: invalid cap "0"`, ""},
		{"grant cap above the day's", map[string]string{"GRANT_MAX": "500", "GRANT_DAY_MAX": "100"}, nil, `GRANT_MAX: a grant of at most 500 is above the day's cap GRANT_DAY_MAX=100`, ""},
		{"command rate zero", map[string]string{"USER_COMMAND_RATE": "0"}, nil, `USER_COMMAND_RATE: invalid rate "0" (accepted: `, ""},
		{"command rate not a number", map[string]string{"USER_COMMAND_RATE": "fast"}, nil, `USER_COMMAND_RATE: invalid rate "fast"`, ""},
		{"command burst zero", map[string]string{"USER_COMMAND_BURST": "0"}, nil, `USER_COMMAND_BURST: invalid value "0" (accepted: a whole number from 1 to 1000)`, ""},
		{"an unknown time zone", map[string]string{"ROOM_TZ": "Mars/Olympus"}, nil, `ROOM_TZ: invalid time zone "Mars/Olympus" (accepted: UTC or an IANA name`, ""},
		{"the machine's zone", map[string]string{"ROOM_TZ": "Local"}, nil, `ROOM_TZ: invalid time zone "Local"`, ""},
		{"from a flag", nil, []string{"-log-format=yaml"}, `LOG_FORMAT (flag -log-format): invalid format "yaml"`, ""},
		{"flag wins even when invalid", map[string]string{"LOG_LEVEL": "info"}, []string{"-log-level", "shout"}, `LOG_LEVEL (flag -log-level): invalid level "shout"`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Load("run", tc.args, env(tc.env), &bytes.Buffer{})
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want *config.Error", err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, tc.want) {
				t.Errorf("message\n  %s\nwant prefix\n  %s", msg, tc.want)
			}
			if !strings.Contains(msg, "accepted") {
				t.Errorf("message does not say what is accepted: %s", msg)
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("message is not one line: %q", msg)
			}
			if tc.secret != "" && strings.Contains(msg, tc.secret) {
				t.Errorf("message shows the secret: %s", msg)
			}
		})
	}
}

func TestHelpListsEveryVariable(t *testing.T) {
	var out bytes.Buffer
	_, _, err := Load("run", []string{"-h"}, env(nil), &out)
	if !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("err = %v, want flag.ErrHelp", err)
	}
	for _, v := range Vars {
		if !strings.Contains(out.String(), "$"+v.Env) || !strings.Contains(out.String(), "-"+v.Flag) {
			t.Errorf("help does not mention %s / -%s", v.Env, v.Flag)
		}
	}
}

func TestUnknownFlagIsAnError(t *testing.T) {
	if _, _, err := Load("run", []string{"-nope"}, env(nil), &bytes.Buffer{}); err == nil || errors.Is(err, flag.ErrHelp) {
		t.Errorf("err = %v, want a flag error", err)
	}
}

func TestLogValueHidesSecrets(t *testing.T) {
	cfg, _, err := Load("run", nil, env(map[string]string{
		"DATABASE_URL":            "postgres://bot:hunter2@db/pokerroom?password=hunter3",
		"TELEGRAM_TOKEN":          "123:hunter4",
		"TELEGRAM_WEBHOOK_URL":    "https://x/hunter5",
		"TELEGRAM_WEBHOOK_LISTEN": ":8443",
		"DISCORD_TOKEN":           "hunter6",
	}), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"text", "json"} {
		var buf bytes.Buffer
		var h slog.Handler = slog.NewTextHandler(&buf, nil)
		if format == "json" {
			h = slog.NewJSONHandler(&buf, nil)
		}
		slog.New(h).Info("configuration", "config", cfg)
		out := buf.String()
		for _, secret := range []string{"hunter2", "hunter3", "hunter4", "hunter5", "hunter6"} {
			if strings.Contains(out, secret) {
				t.Errorf("%s log shows %s: %s", format, secret, out)
			}
		}
		if !strings.Contains(out, "telegram_token") || !strings.Contains(out, "set") || !strings.Contains(out, "db/pokerroom") {
			t.Errorf("%s log lacks the configuration: %s", format, out)
		}
	}
}
