package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/adapters/telegram/telegramtest"
)

// `pokerroom run` with TELEGRAM_TOKEN serves Telegram: a group's command is
// answered through the Bot API the endpoint names, the console stays off,
// and Ctrl-C stops it cleanly.
func TestRunServesTelegram(t *testing.T) {
	const token = "123456:hunter2hunter2"
	fake := telegramtest.NewServer(t, token, "room_bot")
	fake.Scale = 50
	fake.AddUser(telegramtest.User{ID: 7, FirstName: "Ana"})
	fake.AddGroup(-42, "Friday poker", 7)
	env, _ := tempDB(t)
	env["TELEGRAM_TOKEN"] = token
	env["TELEGRAM_API_ENDPOINT"] = fake.Endpoint()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan result, 1)
	go func() { done <- runMain(t, ctx, env, strings.NewReader("/tables\n")) }()
	fake.Say(-42, 7, "/newtable nlhe 1/2")
	fake.Wait(20*time.Second, "the table to open", func() bool { return fake.CountText(-42, "Table #1 opened") > 0 })
	cancel()
	var r result
	select {
	case r = <-done:
	case <-time.After(15 * time.Second):
		t.Fatal("run did not stop within 15 s of Ctrl-C")
	}
	if r.code != exitOK {
		t.Errorf("exit status %d:\n%s", r.code, r.stderr)
	}
	if strings.Contains(r.stdout, "Table #1") || strings.Contains(r.stdout, "[group]") {
		t.Errorf("the console ran although a token is set:\n%s", r.stdout)
	}
	if strings.Contains(r.stderr+r.stdout, "hunter2") {
		t.Error("the token reached the output")
	}
}

// A token Telegram refuses stops run with status 1 and a clear line,
// without the token.
func TestRunWithARefusedTelegramTokenFails(t *testing.T) {
	fake := telegramtest.NewServer(t, "1:right", "room_bot")
	env, _ := tempDB(t)
	env["TELEGRAM_TOKEN"] = "123456:hunter2hunter2"
	env["TELEGRAM_API_ENDPOINT"] = fake.Endpoint()
	r := runMain(t, context.Background(), env, nil)
	if r.code != exitFail || !strings.Contains(r.stderr, "@BotFather") {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	if strings.Contains(r.stderr+r.stdout, "hunter2") {
		t.Error("the token reached the output")
	}
}
