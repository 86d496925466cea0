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

// With DEFAULT_LANG=es the console's own lines speak Spanish too: its
// greeting, the newcomer's welcome at the table, help and status (they
// stayed English while the table spoke Spanish); a user's /lang en
// brings them back to English (found by an outside review).
func TestDefaultLangIsTheConsolesLanguage(t *testing.T) {
	env, _ := tempDB(t)
	env["DEFAULT_LANG"] = "es"
	r := runMain(t, context.Background(), env, strings.NewReader("help\nfoo\nstatus\n/lang en\nhelp\nquit\n"))
	if r.code != exitOK {
		t.Fatalf("exit status %d, stderr:\n%s", r.code, r.stderr)
	}
	first, later, ok := strings.Cut(r.stdout, "From now on I answer you in English")
	if !ok {
		t.Fatalf("no /lang en answer:\n%s", r.stdout)
	}
	for _, want := range []string{
		"consola de pokerroom",                           // the greeting
		"Estás en una mesa con tres rivales de práctica", // the welcome
		"comandos de la consola:",                        // help
		`comando desconocido "foo"`,
		"versión del esquema:", // status
	} {
		if !strings.Contains(first, want) {
			t.Errorf("before /lang en, the console does not say %q:\n%s", want, first)
		}
	}
	for _, english := range []string{"type help for the commands", "three practice opponents", "console commands:"} {
		if strings.Contains(first, english) {
			t.Errorf("before /lang en, the console still says %q in English", english)
		}
	}
	if !strings.Contains(later, "console commands:") {
		t.Errorf("after /lang en, help is not in English:\n%s", later)
	}
}
