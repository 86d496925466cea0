package telegram_test

import (
	"testing"

	"github.com/pokerroom/pokerroom/adapters/telegram"
	"github.com/pokerroom/pokerroom/bot"
)

// The room queues on the adapter itself (a bot.Enqueuer): the message
// waits in the adapter's own outbox, and Config.Metrics, when set, counts
// it with the room's; without Metrics the outbox works uncounted.
func TestTheAdapterQueuesOnItsOwnOutboxCountedByMetrics(t *testing.T) {
	for _, c := range []struct {
		name    string
		metrics *bot.Metrics
	}{
		{"with metrics", bot.NewMetrics()},
		{"without metrics", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			ad, err := telegram.New(telegram.Config{Token: token, Metrics: c.metrics})
			if err != nil {
				t.Fatal(err)
			}
			var room bot.Enqueuer = ad
			m := bot.Outgoing{To: bot.Destination{Platform: telegram.Platform, Chat: "-100"}, Priority: bot.PrioritySummary,
				Body: bot.View{Kind: bot.ViewSummary, Text: "news"}}
			if err := room.Enqueue(m); err != nil {
				t.Fatal(err)
			}
			if n := ad.Outbox().Queued(); n != 1 {
				t.Errorf("the adapter's outbox holds %d messages, want the one queued", n)
			}
			if c.metrics != nil {
				if queued, _, _ := c.metrics.OutboxStats(); queued != 1 {
					t.Errorf("the metrics count %d messages queued, want the one queued", queued)
				}
			}
		})
	}
}
