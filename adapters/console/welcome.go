package console

import (
	"context"
	"errors"
	"fmt"
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
// sit at, or seated again at the console's first cash table with a free
// seat. It never stops the room from starting (it always returns nil):
// what it cannot do is said on the console, with what to type instead.
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
				c.Sink.Print("console", fmt.Sprintf("Could not /%s at start (%s). Type /tables to see the tables, /join #N to sit at one, or /newtable nlhe 1/2 to open one.", name, bot.Translate(err, bot.English)))
				return false
			case reply.Text != "":
				c.Sink.Print("group", reply.Text)
			}
			return true
		}
		seated, err := rm.SeatedAt(ctx, Platform, c.User)
		if err != nil {
			c.Sink.Print("console", fmt.Sprintf("Could not read your seats at start (%s). Type /tables to see the tables.", bot.Translate(err, bot.English)))
			return nil
		}
		var cash []bot.TableChoice
		for _, tc := range rm.TablesIn(Platform, Chat) {
			if !tc.Tourney {
				cash = append(cash, tc)
			}
		}
		for _, tc := range cash {
			if slices.Contains(seated, tc.ID) {
				c.Sink.Print("console", fmt.Sprintf("You are at table %s (%s). /tables lists every table.", tc.Label, tc.Title))
				return nil
			}
		}
		if len(cash) == 0 {
			if do("newtable", "nlhe", "1/2", "seats=6") && do("join") && do("addbot", "3") {
				c.Sink.Print("console", "You are at a table with three practice opponents. Three things to try first:\n"+
					"  1. play: when it is your turn, type /call, /check, /fold or /raise 10 (/help playing);\n"+
					"  2. a tournament: /tourney create Friday start=sng seats=6 bots=on, then /register and /tourney bots 5 (/help tournaments);\n"+
					"  3. your hands: /history, and /export for a file your tracker reads.\n"+
					"/help lists the rest; /quit leaves.")
			}
			return nil
		}
		for _, tc := range cash {
			if tc.Seated < tc.Seats {
				do("join", tc.Label)
				return nil
			}
		}
		c.Sink.Print("console", "Every table here is full. /tables lists them; /newtable nlhe 1/2 opens another.")
		return nil
	}
}
