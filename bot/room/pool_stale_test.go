package room_test

import (
	"context"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// R-CASH-7: a pool deals each entry a new hand, at another table, as soon
// as it folds. A typed /fold or /fastfold that reaches the pool long after
// it was sent (the bot was down, Telegram kept the message: its date is
// bot.Command.Sent) answered a hand before: played on the hand now dealt,
// it folded cards the player never saw. As a late /call at a cash table
// (the turn's start, action.stale), it is not played (action.stale_hand) when sent before the
// player's hand was dealt; sent since, it folds as ever.
func TestAPoolFoldSentBeforeTheHandWasDealtIsNotPlayed(t *testing.T) {
	for _, c := range []struct {
		name, cmd string
		sentAgo   time.Duration
		wantKey   string // "" when played
	}{
		{"a /fastfold typed before the hand", "fastfold", time.Minute, "action.stale_hand"},
		{"a /fold typed before the hand", "fold", time.Minute, "action.stale_hand"},
		{"a /fastfold typed during the hand", "fastfold", 0, ""},
		{"a /fold typed during the hand", "fold", 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := startSixHanded(t, 12)
			label := h.playingPoolTable()
			toAct, sb, _ := h.blinds(tableID(label))
			if c.cmd == "fold" {
				sb = toAct // /fold in turn; /fastfold out of turn too (the small blind, the button acting)
			}
			before := h.wallet(sb)
			_, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "group", User: sb, UserName: sb,
				Name: c.cmd, Sent: h.clock.Now().Add(-c.sentAgo).Truncate(time.Second)})
			h.settle()
			if got := errKey(err); got != c.wantKey {
				t.Fatalf("%s's /%s sent %v before now: %v (key %q), want %q", sb, c.cmd, c.sentAgo, err, got, c.wantKey)
			}
			if c.wantKey != "" && h.wallet(sb) != before {
				t.Fatalf("a refused stale /%s moved chips: %d -> %d", c.cmd, before, h.wallet(sb))
			}
			if c.wantKey == "" && h.wallet(sb) == before {
				t.Fatalf("/%s sent during the hand did not fold fast", c.cmd)
			}
		})
	}
}
