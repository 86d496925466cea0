package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/pokerroom/pokerroom/adapters/console"
	"github.com/pokerroom/pokerroom/bot"
)

// handPause is the pause between hands in a chat: time to read the
// summary.
const handPause = 2 * time.Second

// botDelay is how long practice opponents think in a chat (on average).
const botDelay = 1200 * time.Millisecond

// welcome seats a newcomer at the console: a 6-max no-limit Hold'em table
// with practice opponents, dealt in at once. On a later start the table is
// there already, and the user is seated again if they had left.
func welcome(room *bot.Room) func(ctx context.Context, c *console.Console) error {
	return func(ctx context.Context, c *console.Console) error {
		do := func(name string, args ...string) error {
			reply, err := room.Handle(ctx, bot.Command{Platform: console.Platform, Chat: console.Chat, ChatTitle: "console",
				User: c.User, UserName: c.User, Name: name, Args: args})
			var e *bot.Error
			switch {
			case errors.As(err, &e) && (e.Key == "join.already" || e.Key == "addbot.full"):
				return nil
			case err != nil:
				return fmt.Errorf("console welcome: /%s: %w", name, err)
			case reply.Text != "":
				c.Sink.Print("group", reply.Text)
			}
			return nil
		}
		fresh := len(room.Tables()) == 0
		if fresh {
			if err := do("newtable", "nlhe", "1/2", "seats=6"); err != nil {
				return err
			}
		}
		if err := do("join"); err != nil {
			return err
		}
		if fresh {
			if err := do("addbot", "3"); err != nil {
				return err
			}
			c.Sink.Print("console", "You are at table #1 with three practice opponents. When it is your turn, type /call, /check, /fold or /raise 10 (help lists everything).")
		}
		return nil
	}
}
