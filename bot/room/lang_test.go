package room_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// A user's answers speak one language (issue 23): their own /lang choice,
// else their client's, else the chat's; what the group reads speaks the
// chat's.
func TestAnswersSpeakTheUsersLanguageAndTheGroupTheChats(t *testing.T) {
	h := newHarness(t, 5)
	ask := func(user, client, name string, args ...string) (bot.Reply, string) {
		t.Helper()
		r, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "group", User: user, UserName: user, Lang: client, Name: name, Args: args})
		if err != nil {
			return r, bot.Translate(err, "xx") // the adapter's guess loses to the room's choice
		}
		return r, r.Text
	}
	h.must("admin", "/newtable nlhe 1/2")
	for _, tc := range []struct {
		name, user, client, want string
	}{
		{"a Spanish client in an English chat", "ana", bot.Spanish, "no es un número de fichas"},
		{"no client language: the chat's", "ben", "", "is not a number of chips"},
	} {
		if _, text := ask(tc.user, tc.client, "join", "x", "y", "z"); !strings.Contains(text, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, text, tc.want)
		}
	}
	if _, text := ask("ana", bot.Spanish, "help"); !strings.Contains(text, "Cómo jugar") && !strings.Contains(text, "comandos") {
		t.Errorf("ana's /help is not in Spanish: %q", text)
	}
	// Her own choice beats her client's.
	if r, text := ask("ana", bot.Spanish, "lang", "en"); !r.Private || !strings.Contains(text, "English") {
		t.Fatalf("/lang en: %+v", r)
	}
	if _, text := ask("ana", bot.Spanish, "join", "x", "y", "z"); !strings.Contains(text, "is not a number of chips") {
		t.Errorf("after /lang en: %q", text)
	}
	// A Spanish chat answers a console user (no client language) in
	// Spanish; the chat's language is the admins'.
	if _, text := ask("ben", "", "lang", "chat", "es"); !strings.Contains(text, "Only a chat admin") && !strings.Contains(text, "Solo un administrador") {
		t.Errorf("a member's /lang chat: %q", text)
	}
	h.must("admin", "/lang chat es")
	if _, text := ask("ben", "", "join", "x", "y", "z"); !strings.Contains(text, "no es un número de fichas") {
		t.Errorf("a console user in a Spanish chat: %q", text)
	}
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	if tb := h.table().Text; !strings.Contains(tb, "Bote") && !strings.Contains(tb, "mano") {
		t.Errorf("the group's table message is not in the chat's Spanish:\n%s", tb)
	}
}

// What is said to a player alone speaks their own language (README
// "Languages": errors, /help, /wallet, anything said to you alone): after
// /lang es in an English chat, ana's hole cards, her turn's reminder,
// /cards, /history, /stats and an operator's /audit and /adminlog are in
// Spanish, while what the group reads stays in the chat's English.
func TestPrivateAnswersSpeakThePlayersOwnLanguage(t *testing.T) {
	h := newHarness(t, 5)
	h.owners = []string{"console:ana"}
	h.restart()
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/lang es")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	spanish := func(what, text, want string) {
		t.Helper()
		if !strings.Contains(text, want) {
			t.Errorf("ana's %s is not in her Spanish (want %q):\n%s", what, want, text)
		}
	}
	last := func(user string) string {
		t.Helper()
		p := h.private(user)
		if len(p) == 0 {
			t.Fatalf("nothing was said to %s", user)
		}
		return p[len(p)-1]
	}
	joined := func(user string) string { return strings.Join(h.private(user), "\n") }
	spanish("hole cards", joined("ana"), "tus cartas")
	if !strings.Contains(joined("ben"), "your cards") {
		t.Errorf("ben's cards are not in the chat's English:\n%s", joined("ben"))
	}
	r := h.must("ana", "/cards")
	spanish("/cards", r.Text, "tus cartas")
	// ana lets her timer run to the reminder (the hand she acts first in).
	for hand := 0; h.toAct() != "ana"; hand++ {
		if hand == 3 {
			t.Fatalf("ana is never first to act:\n%s", h.table().Text)
		}
		h.must(h.toAct(), "/fold")
	}
	h.sleep(25 * time.Second)
	spanish("reminder", last("ana"), "Tu turno")
	h.must("ana", "/fold")
	if tb := h.table().Text; !strings.Contains(tb, "Pot") && !strings.Contains(tb, "Waiting") {
		t.Errorf("the group's table message is not in the chat's English:\n%s", tb)
	}
	r = h.must("ana", "/history")
	spanish("/history", r.Text, "Asientos")
	// Spanish contracts "de el" to "del": "ana gana 2 del bote".
	spanish("/history's award", r.Text, " del bote")
	if strings.Contains(r.Text, "de el") {
		t.Errorf("ana's /history says \"de el\":\n%s", r.Text)
	}
	r = h.must("ana", "/stats")
	spanish("/stats", r.Text, "Estadísticas")
	r = h.must("ben", "/stats")
	if !strings.Contains(r.Text, "Statistics") {
		t.Errorf("ben's /stats is not in the chat's English:\n%s", r.Text)
	}
	r = h.must("ana", "/audit")
	spanish("/audit", r.Text, "cada ficha")
	r = h.must("ana", "/adminlog")
	spanish("/adminlog", r.Text, "administración")
}

// A seated player's /lang reaches the tables they sit at at once: the
// next hand's hole cards and the turn's reminder speak the new language,
// also when the player sends no table command in between (the table kept
// the language of their last table command).
func TestLangWhileSeatedReachesTheTableAtOnce(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("ana", "/lang es")
	for hand := 0; h.toAct() != "ana"; hand++ {
		if hand == 3 {
			t.Fatalf("ana is never first to act:\n%s", h.table().Text)
		}
		h.must(h.toAct(), "/fold")
	}
	h.sleep(25 * time.Second)
	p := h.private("ana")
	if len(p) == 0 || !strings.Contains(p[len(p)-1], "Tu turno") {
		t.Errorf("ana's reminder after /lang es is not in Spanish:\n%s", strings.Join(p, "\n"))
	}
	if !strings.Contains(strings.Join(p, "\n"), "tus cartas") {
		t.Errorf("ana's cards after /lang es are not in Spanish:\n%s", strings.Join(p, "\n"))
	}
}
