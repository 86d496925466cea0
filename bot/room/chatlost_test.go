package room_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
)

// A chat the bot was removed from (room.ChatLost): its cash tables close
// after the hand in progress and its running tournament pauses, so no hand
// is dealt where nobody sees it.
func TestChatLostClosesCashTablesAndPausesTournaments(t *testing.T) {
	h := newHarness(t, 11)
	h.must("admin", "/tourney create Duel start=sng players=2 seats=2")
	h.must("ana", "/register")
	h.must("ben", "/register")
	h.sleep(2 * time.Second)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("cy", "/join #2 100")
	h.must("dee", "/join #2 100")
	if err := h.room.ChatLost(context.Background(), "console", "group", "test: the bot was removed"); err != nil {
		t.Fatal(err)
	}
	h.sleep(5 * time.Minute)
	for _, c := range h.room.TablesIn("console", "group") {
		if !c.Tourney {
			t.Errorf("the cash table %s is still open", c.Label)
		}
	}
	h.fails("admin", "/tourney pause", "tourney.not_pausable") // paused already
	// The tournament's news went to the lost chat: its players are told
	// privately, each once.
	for _, p := range []string{"ana", "ben"} {
		if n := h.privateWith(p, "the bot lost its chat"); n != 1 {
			t.Errorf("%s was told %d times why the tournament paused, want once: %q", p, n, h.private(p))
		}
	}
	h.must("admin", "/tourney resume")
}

// A Discord server's oldest channel may have the server's own id (its
// first #general did): deleting that channel (ChatLost of the channel's
// id) stops what runs in it, not the tables of the server's other
// channels; the server removing the bot (ChatLost of "guild:<id>") stops
// them all.
func TestADeletedChannelWithTheServersIDStopsOnlyItself(t *testing.T) {
	h := newHarness(t, 11)
	ctx := context.Background()
	do := func(user, line string) {
		t.Helper()
		name, args, _ := bot.ParseCommand(line)
		if _, err := h.room.Handle(ctx, bot.Command{Platform: "discord", Chat: "200", Guild: "100", User: user, UserName: user, Name: name, Args: args}); err != nil {
			t.Fatalf("%s: %s: %v", user, line, err)
		}
		h.settle()
	}
	do("admin", "/newtable nlhe 1/2")
	do("cy", "/join 100")
	if err := h.room.ChatLost(ctx, "discord", "100", "test: the channel was deleted"); err != nil {
		t.Fatal(err)
	}
	h.sleep(5 * time.Minute)
	if n := len(h.room.TablesIn("discord", "200")); n != 1 {
		t.Fatalf("channel 100 deleted: %d tables left in channel 200 of server 100, want 1", n)
	}
	if err := h.room.ChatLost(ctx, "discord", "guild:100", "test: the bot was removed from the server"); err != nil {
		t.Fatal(err)
	}
	h.sleep(5 * time.Minute)
	if n := len(h.room.TablesIn("discord", "200")); n != 0 {
		t.Fatalf("server 100 lost: %d tables left in its channel 200, want 0", n)
	}
	h.checkBooks()
}

// A tournament not started yet in a chat the bot lost is cancelled, its
// entries refunded: it started at its time all the same, dealing its
// registered players hands nobody could see or act on (each blinded away
// by the timer) in a chat the room no longer reaches.
func TestChatLostCancelsATournamentNotStarted(t *testing.T) {
	h := newHarness(t, 11)
	h.must("admin", "/tourney create Main buyin=10 start=+10m seats=6 min=2")
	h.must("ana", "/register")
	h.must("ben", "/register")
	if err := h.room.ChatLost(context.Background(), "console", "group", "test: the bot was removed"); err != nil {
		t.Fatal(err)
	}
	h.sleep(20 * time.Minute)
	for _, c := range h.room.TablesIn("console", "group") {
		t.Errorf("the tournament not started when the chat was lost deals at %s", c.Label)
	}
	h.checkBooks()
}

// hangPoolsRead wraps the store: once armed, a read of the pools' list
// answers only when its context ends (a database that stopped answering).
type hangPoolsRead struct {
	bot.Storage
	armed atomic.Bool
}

func (s *hangPoolsRead) Value(ctx context.Context, key string) (string, error) {
	if s.armed.Load() && key == "pool:list" {
		<-ctx.Done()
		return "", ctx.Err()
	}
	return s.Storage.Value(ctx, key)
}

// ChatLost is bounded as a command is (table.OpTimeout): a database that
// stops answering while it closes a pool made it wait for ever, holding
// the pools' lock, so that no /newpool or /closepool was answered again
// (the adapters call it with their run's context, which has no end).
func TestChatLostGivesUpOnADatabaseThatDoesNotAnswer(t *testing.T) {
	h := newHarness(t, 11)
	h.must("admin", "/newpool nlhe 1/2")
	st := &hangPoolsRead{Storage: h.store}
	h.room.Close()
	h.reopenWith(st)
	st.armed.Store(true)
	done := make(chan error, 1)
	go func() { done <- h.room.ChatLost(context.Background(), "console", "group", "test: the bot was removed") }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("ChatLost reported its pool closed though the database did not answer")
		}
	case <-time.After(3 * table.OpTimeout):
		t.Fatal("ChatLost still waits for a database that does not answer")
	}
}
