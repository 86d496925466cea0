package outbox

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
	m := bot.NewMetrics()
	rt := NewRouter(map[string]bot.Enqueuer{"x": refuser{}}, c, slog.New(slog.NewTextHandler(&buf, nil)), m)
	out := bot.Outgoing{To: bot.Destination{Platform: "x", Chat: "c1"}}
	for range 100 {
		rt.Send(out)
	}
	c.now = c.now.Add(time.Minute)
	for range 5 {
		rt.Send(out)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "count=1 ") || !strings.Contains(lines[1], "count=100 ") {
		t.Fatalf("log:\n%s", buf.String())
	}
	if got := m.Dropped.Load(); got != 105 {
		t.Errorf("%d drops counted, want 105", got)
	}
}

// A message reaches its own platform's outbox, resolved for an outbox
// that renders as it queues; one for a platform without an outbox is
// neither queued nor counted as dropped.
func TestTheRouterQueuesOnTheMessagesPlatform(t *testing.T) {
	a, b := &recorder{}, &recorder{}
	m := bot.NewMetrics()
	rt := NewRouter(map[string]bot.Enqueuer{"a": a, "b": b}, &stillClock{}, slog.New(slog.DiscardHandler), m)
	rt.Send(bot.Outgoing{To: bot.Destination{Platform: "b", Chat: "1"}})
	rt.Send(bot.Outgoing{To: bot.Destination{Platform: "b", Chat: "2"}})
	rt.Send(bot.Outgoing{To: bot.Destination{Platform: "a", Chat: "3"}})
	rt.Send(bot.Outgoing{To: bot.Destination{Platform: "z", Chat: "4"}})
	if len(a.got) != 1 || len(b.got) != 2 || a.got[0].To.Chat != "3" || b.got[1].To.Chat != "2" {
		t.Fatalf("a got %v, b got %v", a.got, b.got)
	}
	if q, d := m.Queued.Load(), m.Dropped.Load(); q != 3 || d != 0 {
		t.Errorf("queued %d dropped %d, want 3 and 0", q, d)
	}
}

type recorder struct{ got []bot.Outgoing }

func (r *recorder) Enqueue(m bot.Outgoing) error { r.got = append(r.got, m); return nil }
