package room_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// limitedHarness is a harness whose room limits each user to burst
// commands at once, then one a second, and keeps at most users of them.
func limitedHarness(t *testing.T, burst, users int) *harness {
	h := newHarness(t, 1)
	h.commandRate, h.commandBurst, h.maxUsers = 1, burst, users
	h.restart()
	return h
}

func TestRoomTellsAFlooderToSlowDownOnceThenSilencesThem(t *testing.T) {
	h := limitedHarness(t, 3, 0)
	for i := range 3 {
		if r := h.must("alice", "/wallet"); !strings.Contains(r.Text, "10,000") {
			t.Fatalf("command %d: %q", i+1, r.Text)
		}
	}
	e := h.fails("alice", "/wallet", bot.KeySlowDown)
	if e.Code != bot.ELimited || !strings.Contains(e.Message(bot.English), "1 s") {
		t.Fatalf("slow-down answer %v: %q", e.Code, e.Message(bot.English))
	}
	for range 5 {
		if _, err := h.do("alice", "/tables"); !bot.IsSilenced(err) {
			t.Fatalf("after the slow-down: %v, want silence", err)
		}
	}
	// A button press counts too.
	if _, err := h.press("alice", "forged"); !bot.IsSilenced(err) {
		t.Fatalf("a press while silenced: %v, want silence", err)
	}
	// Another user is not limited by alice's flood.
	if r := h.must("bob", "/wallet"); !strings.Contains(r.Text, "10,000") {
		t.Fatalf("bob: %q", r.Text)
	}
	// The bucket refills: alice is answered again.
	h.clock.Advance(time.Second)
	if r := h.must("alice", "/wallet"); !strings.Contains(r.Text, "10,000") {
		t.Fatalf("after a second: %q", r.Text)
	}
	if n := h.room.Metrics().Limited.Load(); n != 7 {
		t.Fatalf("%d commands counted as limited, want 7", n)
	}
}

func TestRoomForgetsPlayersBeyondItsBoundAndWelcomesThemOnce(t *testing.T) {
	h := newHarness(t, 1)
	h.maxUsers, h.owners = 10, []string{"console:op"}
	h.restart()
	for i := range 50 {
		h.must(fmt.Sprint("user", i), "/wallet")
	}
	if n := h.room.PlayersCached(); n > 10 {
		t.Fatalf("%d players cached, want at most 10", n)
	}
	// user0 was forgotten: read again from the store, welcomed once only.
	if r := h.must("user0", "/wallet"); !strings.Contains(r.Text, "10,000") {
		t.Fatalf("a forgotten player's wallet: %q", r.Text)
	}
	// /grant finds a cached player by name.
	h.must("op", "/grant user49 5")
	if r := h.must("user49", "/wallet"); !strings.Contains(r.Text, "10,005") {
		t.Fatalf("after the grant: %q", r.Text)
	}
	if n := h.room.PlayersCached(); n > 10 {
		t.Fatalf("%d players cached, want at most 10", n)
	}
}

func TestRoomKeepsAtMostMaxUsersCommandBuckets(t *testing.T) {
	h := limitedHarness(t, 8, 10)
	for i := range 50 {
		h.must(fmt.Sprint("user", i), "/wallet")
	}
	if n := h.room.BucketsKept(); n > 10 || n == 0 {
		t.Fatalf("%d command buckets kept, want 1 to 10", n)
	}
}

// The answer to a command over the user's limit speaks the room's
// language (DEFAULT_LANG), or the user's client's: it came before the
// user was looked up, without a language, and every adapter told it in
// English to a room set to Spanish.
func TestSlowDownSpeaksTheRoomsLanguage(t *testing.T) {
	h := newHarness(t, 1)
	h.commandRate, h.commandBurst, h.defaultLang = 1, 1, bot.Spanish
	h.restart()
	h.must("alice", "/wallet")
	_, err := h.do("alice", "/wallet")
	if got := bot.Translate(err, bot.English); !strings.Contains(got, "demasiado rápido") {
		t.Errorf("slow-down in a Spanish room: %q", got)
	}
	h.clock.Advance(time.Minute)
	h.must("bob", "/wallet")
	_, err = h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "group", User: "bob", UserName: "bob", Name: "wallet", Lang: bot.English})
	if got := bot.Translate(err, bot.Spanish); !strings.Contains(got, "too fast") {
		t.Errorf("slow-down for a client in English: %q", got)
	}
}

// The slow-down answer follows the one rule of a user's language
// (bot.LangFor): their own /lang choice first, then their client's, then
// the chat's. It took the client's, else the room's default: a player who
// chose Spanish on an English client, or who writes in a chat set to
// Spanish, was told to slow down in English.
func TestSlowDownSpeaksThePlayersOwnLanguageElseTheChats(t *testing.T) {
	for _, tc := range []struct {
		name   string
		setup  []string // commands before the flood (burst 1: the clock moves on after each)
		client string   // the flooder's client language
		want   string
	}{
		{"own /lang es on an English client", []string{"/lang es"}, bot.English, "demasiado rápido"},
		{"a chat set to Spanish, no client language", []string{"/lang chat es"}, "", "demasiado rápido"},
		{"own /lang en in a chat set to Spanish", []string{"/lang chat es", "/lang en"}, "", "too fast"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, 1)
			h.commandRate, h.commandBurst = 1, 1
			h.restart()
			for _, line := range tc.setup {
				h.must("admin", line)
				h.clock.Advance(time.Minute)
			}
			flood := func() error {
				_, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "group", User: "admin", UserName: "admin", Name: "wallet", Lang: tc.client})
				return err
			}
			if err := flood(); err != nil {
				t.Fatal(err)
			}
			err := flood()
			if bot.ErrorCode(err) != bot.ELimited {
				t.Fatalf("second command: %v, want the slow-down", err)
			}
			if got := bot.Translate(err, ""); !strings.Contains(got, tc.want) {
				t.Errorf("slow-down: %q, want %q", got, tc.want)
			}
		})
	}
}

// Telling a flooder's language never changes the room's shared silence
// (bot.ErrSilenced, one value for every user): the answer was written
// into it, a data race between two users silenced at once, and the first
// silenced user's language stuck to it for everyone.
func TestSilencingAFlooderLeavesTheSharedSilenceAlone(t *testing.T) {
	h := limitedHarness(t, 1, 0)
	h.must("alice", "/wallet")
	h.fails("alice", "/wallet", bot.KeySlowDown)
	if _, err := h.do("alice", "/wallet"); !bot.IsSilenced(err) {
		t.Fatalf("third command: %v, want silence", err)
	}
	if bot.ErrSilenced.Lang != "" {
		t.Errorf("bot.ErrSilenced was given the language %q of one user", bot.ErrSilenced.Lang)
	}
}
