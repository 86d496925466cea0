package discord_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/adapters/discord"
	"github.com/pokerroom/pokerroom/adapters/discord/discordtest"
	"github.com/pokerroom/pokerroom/bot"
)

// internalText is how the room says "internal error" in English.
const internalText = "Something went wrong on our side"

// panicRoom is the room with bugs: /tables panics, and so does the list
// of tables an autocomplete asks for.
type panicRoom struct{ *room.Room }

func (r panicRoom) TablesIn(string, string) []bot.TableChoice {
	panic("boom: a bug in the tables' list")
}

func (r panicRoom) Handle(ctx context.Context, cmd bot.Command) (bot.Reply, error) {
	if cmd.Name == "tables" {
		panic("boom: a bug in the room")
	}
	return r.Room.Handle(ctx, cmd)
}

// A panic in the room while it handles an interaction does not stop the
// bot: the interaction is answered, ephemerally, as an internal error (an
// autocomplete with no choices), the panic is logged with its id (and no
// token), and the next command works.
func TestRoomPanicIsAnsweredAsInternalError(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"),
		options{wrap: func(r *room.Room) discord.Room { return panicRoom{r} }})
	it := fake.Slash(channel, ben, "tables")
	r := fake.Answer(it, wait)
	if r.Message == nil || !r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), internalText) {
		t.Fatalf("the command that panicked was answered %+v, want an ephemeral internal error", r)
	}
	if r := fake.Answer(fake.Autocomplete(channel, ben, "join", "table", "#"), wait); r.Type != discordtest.CallbackAutocomplete || len(r.Choices) != 0 {
		t.Errorf("the autocomplete that panicked was answered %+v, want no choices", r)
	}
	if r := e.slash(ben, "wallet"); r.Message == nil || !strings.Contains(r.Message.Text(), "10,000") {
		t.Fatalf("after the panic /wallet answered %+v, want the balance", r)
	}
	out := e.logs.String()
	if !strings.Contains(out, "recovered from a panic") || !strings.Contains(out, "interaction="+it.ID) {
		t.Errorf("the panic is not logged with its interaction id %s:\n%s", it.ID, out)
	}
	if strings.Contains(out, token) {
		t.Error("the token reached the log")
	}
}

// Malformed interactions (an option that is null in a slash command and in
// an autocomplete) panicked the process. They are answered (the command
// without the option, the autocomplete with its choices) and the bot goes
// on.
func TestMalformedInteractionsAreAnswered(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	ac := fake.Interact(discordtest.InteractionAutocomplete, channel, ben,
		map[string]any{"id": "cmd-join", "name": "join", "type": 1, "options": []any{nil}})
	if r := fake.Answer(ac, wait); r.Type != discordtest.CallbackAutocomplete {
		t.Errorf("an autocomplete with a null option was answered with type %d, want choices", r.Type)
	}
	sl := fake.Interact(discordtest.InteractionCommand, channel, ben,
		map[string]any{"id": "cmd-tables", "name": "tables", "type": 1, "options": []any{nil}})
	if r := fake.Answer(sl, wait); r.Message == nil || !strings.Contains(r.Message.Text(), "No tables") {
		t.Errorf("/tables with a null option was answered %+v, want the tables", r)
	}
	if r := e.slash(ben, "wallet"); r.Message == nil || !strings.Contains(r.Message.Text(), "10,000") {
		t.Fatalf("afterwards /wallet answered %+v, want the balance", r)
	}
}

// An autocomplete with nothing to offer (no table in the channel) is
// answered with an empty choices array, which Discord shows as "No options
// match your search": choices is a required field of the result, and the
// answer without it failed ("Loading options failed").
func TestAutocompleteWithNoTablesAnswersEmptyChoices(t *testing.T) {
	fake := newFake(t)
	start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	if r := fake.Answer(fake.Autocomplete(channel, ben, "join", "table", "#"), wait); r.Type != discordtest.CallbackAutocomplete || len(r.Choices) != 0 {
		t.Fatalf("an autocomplete with no tables was answered %+v, want no choices", r)
	}
}
