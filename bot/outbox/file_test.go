package outbox_test

import (
	"errors"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/bot/outbox"
)

// A file goes to one player as a new message each time: two files queued
// for the same player are both delivered, in order, never coalesced; a
// file to a chat or with a Key is refused.
func TestOutboxDeliversEveryFilePrivatelyAndRefusesOthers(t *testing.T) {
	c := bottest.NewClock(t0)
	f := &fakeSender{clock: c}
	o := outbox.New(f, telegramLimits, c, nil)
	user := bot.Destination{Platform: "telegram", User: "42"}
	file := func(name string) bot.View {
		return bot.View{Kind: bot.ViewFile, Text: name, File: &bot.File{Name: name, Data: []byte("x")}}
	}
	for _, tc := range []struct {
		name string
		m    bot.Outgoing
		want error
	}{
		{"first file", bot.Outgoing{To: user, Priority: bot.PriorityPrivate, Body: file("a.txt")}, nil},
		{"second file", bot.Outgoing{To: user, Priority: bot.PriorityPrivate, Body: file("b.txt")}, nil},
		{"to a group", bot.Outgoing{To: group, Body: file("c.txt")}, bot.ErrFileNotPrivate},
		{"with a key", bot.Outgoing{To: user, Key: "k", Body: file("d.txt")}, bot.ErrFileNotPrivate},
		{"a file view without its file", bot.Outgoing{To: user, Body: bot.View{Kind: bot.ViewFile}}, bot.ErrFileNotPrivate},
	} {
		if err := o.Enqueue(tc.m); !errors.Is(err, tc.want) {
			t.Errorf("%s: Enqueue = %v, want %v", tc.name, err, tc.want)
		}
	}
	drain(t, o, c)
	if len(f.got) != 2 {
		t.Fatalf("%d deliveries, want the 2 private files", len(f.got))
	}
	for i, want := range []string{"a.txt", "b.txt"} {
		if v := f.got[i].m.Body.(bot.View); v.File.Name != want || f.got[i].edit != "" {
			t.Errorf("delivery %d: %s (edit %q), want %s as a new message", i, v.File.Name, f.got[i].edit, want)
		}
	}
}
