package main

import (
	"context"
	"strings"
	"testing"
)

// DEFAULT_LANG=es is the language of new chats: a newcomer's first table
// in the console speaks Spanish (the setting was read, checked and then
// used nowhere: every new chat spoke English).
func TestDefaultLangIsTheLanguageOfANewChat(t *testing.T) {
	env, _ := tempDB(t)
	env["DEFAULT_LANG"] = "es"
	r := runMain(t, context.Background(), env, strings.NewReader("/tables\nquit\n"))
	if r.code != exitOK {
		t.Fatalf("exit status %d, stderr:\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, "Mesa #1") {
		t.Errorf("the new chat does not speak Spanish:\n%s", r.stdout)
	}
}
