package main

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/adapters/telegram/telegramtest"
)

// The line a refused token stops run with names the platform once, as
// README quotes it ("telegram: the bot token was refused ..."), not
// "telegram: telegram: ...": the adapters' errors already say whose they
// are, and supervise named the part again.
func TestARefusedTokenIsReportedWithThePlatformNamedOnce(t *testing.T) {
	fake := telegramtest.NewServer(t, "1:right", "room_bot")
	env, _ := tempDB(t)
	env["TELEGRAM_TOKEN"] = "123456:hunter2hunter2"
	env["TELEGRAM_API_ENDPOINT"] = fake.Endpoint()
	r := runMain(t, context.Background(), env, nil)
	if r.code != exitFail || !strings.Contains(r.stderr, `err="telegram: the bot token was refused`) {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
}

// supervise names the part whose error stopped the program, once.
func TestSuperviseNamesTheFailingPartOnce(t *testing.T) {
	for _, tc := range []struct {
		err, want string
	}{
		{"telegram: the bot token was refused", "telegram: the bot token was refused"},
		{"connection reset", "telegram: connection reset"},
		{"telegrammer: odd", "telegram: telegrammer: odd"},
	} {
		err := supervise(context.Background(), []part{{name: "telegram", run: func(context.Context) error { return errors.New(tc.err) }}})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: got %v, want %q", tc.err, err, tc.want)
		}
	}
}
