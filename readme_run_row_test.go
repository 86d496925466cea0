package main

import (
	"os"
	"strings"
	"testing"
)

// README's table of subcommands says what run serves: Telegram with
// TELEGRAM_TOKEN, Discord with DISCORD_TOKEN, the console without a token.
// Its row named Telegram and the console only, though run serves Discord
// (and both at once) since the Discord adapter came.
func TestReadmeRunRowNamesEveryPlatform(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var row string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "| `pokerroom` or `pokerroom run` |") {
			row = l
		}
	}
	if row == "" {
		t.Fatal("README has no row for pokerroom run")
	}
	for _, w := range []string{"TELEGRAM_TOKEN", "DISCORD_TOKEN", "CONSOLE=on", "HTTP_ADDR"} {
		if !strings.Contains(row, w) {
			t.Errorf("README's run row does not name %s:\n%s", w, row)
		}
	}
}
