package console

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// fakeLobby is a room for the welcome: its tables and seats are given, its
// commands recorded ("join #2"), and fail refuses the named ones.
type fakeLobby struct {
	tables    []bot.TableChoice
	seated    []int64
	seatedErr error
	fail      map[string]error
	handled   []string
}

func (f *fakeLobby) Handle(_ context.Context, cmd bot.Command) (bot.Reply, error) {
	if cmd.Platform != Platform || cmd.Chat != Chat || cmd.User != "you" {
		return bot.Reply{}, errors.New("a command outside the console's chat or from another user")
	}
	f.handled = append(f.handled, strings.TrimSpace(cmd.Name+" "+strings.Join(cmd.Args, " ")))
	if err := f.fail[cmd.Name]; err != nil {
		return bot.Reply{}, err
	}
	return bot.Reply{Text: "ok /" + cmd.Name}, nil
}

func (f *fakeLobby) Settle(context.Context) error { return nil }

func (f *fakeLobby) SeatedAt(_ context.Context, platform, user string) ([]int64, error) {
	if platform != Platform || user != "you" {
		return nil, errors.New("seats asked for another platform or user")
	}
	return f.seated, f.seatedErr
}

func (f *fakeLobby) TablesIn(platform, chat string) []bot.TableChoice {
	if platform != Platform || chat != Chat {
		return nil
	}
	return f.tables
}

// The console's welcome: a newcomer's own table, a returning user's table,
// a free seat, and what to type when something cannot be done; it never
// stops the console.
func TestWelcome(t *testing.T) {
	cash := func(id int64, label string, seated int) bot.TableChoice {
		return bot.TableChoice{ID: id, Label: label, Title: "No-Limit Hold'em 1/2", Seated: seated, Seats: 6}
	}
	for _, tc := range []struct {
		name     string
		lobby    fakeLobby
		commands string // the commands sent, one per line
		says     string
	}{
		{"a newcomer is dealt in at a table of their own", fakeLobby{},
			"newtable nlhe 1/2 seats=6\njoin\naddbot 3", "You are at a table with three practice opponents."},
		{"a tournament's table is not the console's cash table", fakeLobby{tables: []bot.TableChoice{{ID: 1, Label: "#1", Seated: 2, Seats: 9, Tourney: true}}},
			"newtable nlhe 1/2 seats=6\njoin\naddbot 3", "three practice opponents"},
		{"a returning user is told their table", fakeLobby{tables: []bot.TableChoice{cash(1, "#1", 6), cash(2, "#2", 3)}, seated: []int64{2}},
			"", "You are at table #2 (No-Limit Hold'em 1/2)."},
		{"a user seated nowhere joins the first table with a free seat", fakeLobby{tables: []bot.TableChoice{cash(1, "#1", 6), cash(2, "#2", 3), cash(3, "#3", 0)}},
			"join #2", "[group] ok /join"},
		{"every table full", fakeLobby{tables: []bot.TableChoice{cash(1, "#1", 6)}},
			"", "Every table here is full. /tables lists them; /newtable nlhe 1/2 opens another."},
		{"the seats cannot be read", fakeLobby{seatedErr: bot.ErrNotFound},
			"", "Could not read your seats at start ("},
		{"a refused command is said, with what to type instead", fakeLobby{fail: map[string]error{"newtable": bot.Errorf(bot.EBusy, bot.KeyBusy)}},
			"newtable nlhe 1/2 seats=6", "Could not /newtable at start ("},
		{"already seated or a full table is not a failure", fakeLobby{fail: map[string]error{"join": bot.Errorf(bot.EConflict, "join.already")}},
			"newtable nlhe 1/2 seats=6\njoin\naddbot 3", "three practice opponents"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			c := &Console{User: "you", Sink: NewSink(&out, false)}
			if err := Welcome(&tc.lobby)(context.Background(), c); err != nil {
				t.Fatalf("the welcome stopped the console: %v", err)
			}
			if got := strings.Join(tc.lobby.handled, "\n"); got != tc.commands {
				t.Errorf("commands sent:\n%s\nwant:\n%s", got, tc.commands)
			}
			if !strings.Contains(out.String(), tc.says) {
				t.Errorf("the console shows:\n%s\nwant it to say %q", out.String(), tc.says)
			}
		})
	}
}
