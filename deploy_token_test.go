package main

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
)

// README's Compose steps end with both services "healthy". Their bot
// started from deploy/.env.example as it stands (a password set, no token)
// has nothing to serve (CONSOLE is off in a container) and exits with
// status 2, which Compose restarts for ever: the steps must have the
// newcomer set a token before `docker compose up`, not "later".
func TestComposeStepsSetATokenBeforeUp(t *testing.T) {
	data, err := os.ReadFile("deploy/.env.example")
	if err != nil {
		t.Fatal(err)
	}
	dotenv := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^([A-Z][A-Z0-9_]*)=(.*)$`).FindAllStringSubmatch(string(data), -1) {
		dotenv[m[1]] = m[2]
	}
	dotenv["POSTGRES_PASSWORD"] = "letters0and0digits"
	env := map[string]string{}
	bot := botService(t, compose(t)).path("environment")
	for _, k := range bot.keys {
		v, err := interpolate(bot.fields[k].scalar, dotenv)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		env[k] = v
	}
	r := runMain(t, context.Background(), env, nil)
	if r.code != exitUsage || !strings.Contains(r.stderr, "no platform token is set") {
		t.Skipf("the bot of .env.example as it stands starts (exit %d): %s", r.code, r.stderr)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "## Running with Docker Compose")
	section, _, _ = strings.Cut(section, "docker compose up")
	if !strings.Contains(section, "TELEGRAM_TOKEN") || !strings.Contains(section, "DISCORD_TOKEN") || strings.Contains(section, "later the tokens") {
		t.Errorf("README's Compose steps reach `docker compose up` without a token set, and that bot exits:\n%s\nREADME before `docker compose up`:\n%s", r.stderr, section)
	}
}
