package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/adapters/discord/discordtest"
	"github.com/pokerroom/pokerroom/adapters/telegram/telegramtest"
)

// `pokerroom run` with DISCORD_TOKEN serves Discord through the server
// DISCORD_API_URL names, commands registered in DISCORD_GUILDS; with
// TELEGRAM_TOKEN too, one process and one database serve both platforms.
func TestRunServesDiscordAndTelegramTogether(t *testing.T) {
	const dtoken, ttoken = "MTA.hunter2.discord", "123456:hunter2hunter2"
	dfake := discordtest.NewServer(t, dtoken, discordtest.User{ID: "900", Username: "room"})
	dfake.AddGuild("500", "Poker night", "600")
	dfake.AddMember("500", discordtest.User{ID: "7", Username: "Ana"}, discordtest.PermManageGuild)
	tfake := telegramtest.NewServer(t, ttoken, "room_bot")
	tfake.Scale = 50
	tfake.AddUser(telegramtest.User{ID: 7, FirstName: "Ana"})
	tfake.AddGroup(-42, "Friday poker", 7)
	env, _ := tempDB(t)
	env["DISCORD_TOKEN"], env["DISCORD_API_URL"], env["DISCORD_GUILDS"] = dtoken, dfake.URL(), "500"
	env["TELEGRAM_TOKEN"], env["TELEGRAM_API_ENDPOINT"] = ttoken, tfake.Endpoint()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan result, 1)
	go func() { done <- runMain(t, ctx, env, nil) }()
	dfake.Wait(20*time.Second, "the commands registered", func() bool { return dfake.Connected() && len(dfake.Commands("500")) > 0 })
	r := dfake.Answer(dfake.Slash("600", "7", "newtable", discordtest.Option{Name: "variant", Type: 3, Value: "nlhe"},
		discordtest.Option{Name: "stakes", Type: 3, Value: "1/2"}), 20*time.Second)
	if r.Message == nil || !strings.Contains(r.Message.Text(), "Table #1 opened") {
		t.Fatalf("/newtable on Discord answered %+v", r.Message)
	}
	tfake.Say(-42, 7, "/newtable nlhe 2/4")
	tfake.Wait(20*time.Second, "the Telegram table to open", func() bool { return tfake.CountText(-42, "Table #2 opened") > 0 })
	cancel()
	var res result
	select {
	case res = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("run did not stop within 20 s of Ctrl-C")
	}
	if res.code != exitOK {
		t.Errorf("exit status %d:\n%s", res.code, res.stderr)
	}
	if strings.Contains(res.stderr+res.stdout, "hunter2") {
		t.Error("a token reached the output")
	}
}

// A token Discord refuses stops run with status 1 and a clear line,
// without the token.
func TestRunWithARefusedDiscordTokenFails(t *testing.T) {
	fake := discordtest.NewServer(t, "right", discordtest.User{ID: "900", Username: "room"})
	env, _ := tempDB(t)
	env["DISCORD_TOKEN"], env["DISCORD_API_URL"] = "MTA.hunter2.discord", fake.URL()
	r := runMain(t, context.Background(), env, nil)
	if r.code != exitFail || !strings.Contains(r.stderr, "DISCORD_TOKEN") {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	if strings.Contains(r.stderr+r.stdout, "hunter2") {
		t.Error("the token reached the output")
	}
}
