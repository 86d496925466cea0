package room

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

type refuser struct{}

func (refuser) Enqueue(bot.Outgoing) error { return bot.ErrOutboxFull }

type stillClock struct{ now time.Time }

func (c *stillClock) Now() time.Time                            { return c.now }
func (c *stillClock) AfterFunc(time.Duration, func()) bot.Timer { return nil }

// A chat whose outbox is full loses messages; each is counted, and the
// log gets one line a minute per chat with the count, not one per message.
func TestDroppedMessagesAreLoggedOnceAMinute(t *testing.T) {
	var buf bytes.Buffer
	c := &stillClock{now: time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)}
	r := &Room{clock: c, log: slog.New(slog.NewTextHandler(&buf, nil)), metrics: bot.NewMetrics(), drops: map[string]dropCount{},
		cfg: Config{Outboxes: map[string]bot.Enqueuer{"x": refuser{}}}}
	m := bot.Outgoing{To: bot.Destination{Platform: "x", Chat: "c1"}}
	for range 100 {
		r.send(m)
	}
	c.now = c.now.Add(time.Minute)
	for range 5 {
		r.send(m)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "count=1 ") || !strings.Contains(lines[1], "count=100 ") {
		t.Fatalf("log:\n%s", buf.String())
	}
	if got := r.metrics.Dropped.Load(); got != 105 {
		t.Errorf("%d drops counted, want 105", got)
	}
}
