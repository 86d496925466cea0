package console

import (
	"context"
	"errors"
	"slices"

	"github.com/pokerroom/pokerroom/bot"
)

// Lobby is what the welcome needs of the room besides playing commands:
// where a user sits and the chat's tables.
type Lobby interface {
	Room
	// SeatedAt returns the ids of the tables the user sits at.
	SeatedAt(ctx context.Context, platform, user string) ([]int64, error)
	// TablesIn lists the chat's open tables, oldest first.
	TablesIn(platform, chat string) []bot.TableChoice
}

// Welcome returns the Console.Welcome of an interactive console: it seats
// a newcomer at a 6-max no-limit Hold'em table with practice opponents,
// dealt in at once. On a later start the user is back at the table they
// sit at (a tournament's too), or seated again at the console's first cash
// table with a free seat. It never stops the room from starting (it
// always returns nil): what it cannot do is said on the console, with
// what to type instead.
func Welcome(rm Lobby) func(ctx context.Context, c *Console) error {
	return func(ctx context.Context, c *Console) error {
		do := func(name string, args ...string) bool {
			reply, err := rm.Handle(ctx, bot.Command{Platform: Platform, Chat: Chat, ChatTitle: "console",
				User: c.User, UserName: c.User, Name: name, Args: args})
			var e *bot.Error
			switch {
			case errors.As(err, &e) && (e.Key == "join.already" || e.Key == "addbot.full"):
				return true
			case err != nil:
				c.Sink.Print("console", c.text(ctx, c.User, "w_failed", name, bot.Translate(err, c.lang(ctx, c.User))))
				return false
			case reply.Text != "":
				c.Sink.Print("group", reply.Text)
			}
			return true
		}
		seated, err := rm.SeatedAt(ctx, Platform, c.User)
		if err != nil {
			c.Sink.Print("console", c.text(ctx, c.User, "w_seats", bot.Translate(err, c.lang(ctx, c.User))))
			return nil
		}
		var cash []bot.TableChoice
		for _, tc := range rm.TablesIn(Platform, Chat) {
			if slices.Contains(seated, tc.ID) { // a cash table, or a tournament's they play
				c.Sink.Print("console", c.text(ctx, c.User, "w_back", tc.Label, tc.Title))
				return nil
			}
			if !tc.Tourney {
				cash = append(cash, tc)
			}
		}
		if len(cash) == 0 {
			if do("newtable", "nlhe", "1/2", "seats=6") && do("join") && do("addbot", "3") {
				c.Sink.Print("console", c.text(ctx, c.User, "w_new"))
			}
			return nil
		}
		for _, tc := range cash {
			if tc.Seated < tc.Seats {
				do("join", tc.Label)
				return nil
			}
		}
		c.Sink.Print("console", c.text(ctx, c.User, "w_full"))
		return nil
	}
}
