package console_test

import (
	"context"
	"errors"
	"testing"

	"github.com/pokerroom/pokerroom/adapters/console"
	"github.com/pokerroom/pokerroom/bot"
)

// The console takes its own spectator chat only: any other name (a chat
// it does not know, its group itself) is refused as no chat it knows.
func TestConsoleSpectatorsKnowsItsOwnChats(t *testing.T) {
	ctx := context.Background()
	if id, err := console.Spectators.SpectatorChat(ctx, console.Chat, "ana", console.SpectatorChat); err != nil || id != console.SpectatorChat {
		t.Errorf("the spectator chat: %q, %v", id, err)
	}
	for _, target := range []string{"nowhere", "-100999888", "@my_summaries", ""} {
		if _, err := console.Spectators.SpectatorChat(ctx, console.Chat, "ana", target); !errors.Is(err, bot.ErrSpectateNoChat) {
			t.Errorf("%q: %v, want ErrSpectateNoChat", target, err)
		}
	}
}
