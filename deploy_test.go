package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The Compose file gives the bot only what it needs: no env_file (which
// handed it POSTGRES_PASSWORD), the image's version as a build argument,
// and every setting of the configuration it reads.
func TestComposeGivesTheBotOnlyItsVariables(t *testing.T) {
	data, err := os.ReadFile("deploy/docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "\n  bot:\n")
	if i < 0 {
		t.Fatal("no bot service")
	}
	bot := text[i:]
	if j := regexp.MustCompile(`\n[a-z]`).FindStringIndex(bot[1:]); j != nil {
		bot = bot[:j[0]+1]
	}
	if strings.Contains(bot, "env_file") {
		t.Error("the bot reads the whole .env (POSTGRES_PASSWORD included) through env_file")
	}
	if regexp.MustCompile(`(?m)^\s+POSTGRES_PASSWORD:`).MatchString(bot) {
		t.Error("the bot receives POSTGRES_PASSWORD")
	}
	if !regexp.MustCompile(`(?m)^\s+args:\n(\s+#.*\n)*\s+VERSION:`).MatchString(bot) {
		t.Error("the image's version is not a build argument")
	}
	for _, v := range []string{"DATABASE_URL", "TELEGRAM_TOKEN", "DISCORD_TOKEN", "HTTP_ADDR", "LOG_LEVEL", "DEFAULT_LANG"} {
		if !regexp.MustCompile(`(?m)^\s+` + v + `:`).MatchString(bot) {
			t.Errorf("the bot does not receive %s", v)
		}
	}
	if regexp.MustCompile(`(?m)^name:`).MatchString(text) {
		t.Error("top-level name: needs Compose v2.3+; the file says it needs v2 and leaves the project name to the folder")
	}
}
