package room

import (
	"context"
	"testing"

	"github.com/pokerroom/pokerroom/bot/tournament"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"
)

// Settle waits for its turn in a table's full inbox instead of taking
// "busy" for an answer and sleeping: its request is queued after those
// before it, and Settle returns once the actor answered it.
func TestSettleWaitsForRoomInAFullInbox(t *testing.T) {
	tb := &table.Table{Deps: &table.Deps{Metrics: bot.NewMetrics()}, Inbox: make(chan *table.Request, 2), Done: make(chan struct{})}
	tb.Inbox <- &table.Request{}
	tb.Inbox <- &table.Request{}
	result := make(chan error, 1)
	go func() { result <- tb.SettleNow(context.Background()) }()
	for i := 0; ; i++ {
		select {
		case err := <-result:
			t.Fatalf("settle returned %v before the actor answered it", err)
		case req := <-tb.Inbox:
			if !req.Sync {
				continue // a command queued before it
			}
			if i != 2 {
				t.Fatalf("the settle request came %d-th, want after the 2 queued before it", i+1)
			}
			req.Reply <- table.Response{}
			if err := <-result; err != nil {
				t.Fatalf("settle: %v", err)
			}
			return
		}
	}
}

// A director's answer tells Settle whether it took in reports (its
// tables may have more to do), its turn in a full inbox included.
func TestSettleHearsADirectorTookReports(t *testing.T) {
	for _, c := range []struct {
		name   string
		answer string
		want   bool
	}{
		{"took reports", "busy", true},
		{"idle", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := &tournament.Director{Deps: &tournament.Deps{Metrics: bot.NewMetrics()}, Inbox: make(chan *tournament.Request, 1), Done: make(chan struct{})}
			a.Inbox <- &tournament.Request{}
			type result struct {
				took bool
				err  error
			}
			got := make(chan result, 1)
			go func() {
				took, err := a.SettleNow(context.Background())
				got <- result{took, err}
			}()
			if req := <-a.Inbox; req.Sync {
				t.Fatal("the settle request went before the one queued earlier")
			}
			req := <-a.Inbox
			if !req.Sync {
				t.Fatal("the second request is not the settle request")
			}
			req.Reply <- table.Response{Reply: bot.Reply{Text: c.answer}}
			if r := <-got; r.err != nil || r.took != c.want {
				t.Fatalf("settle: took %v, %v; want %v", r.took, r.err, c.want)
			}
		})
	}
}

// While it waits for room in a full inbox, Settle gives up when its
// context ends (EUnavailable) and finds nothing to do at an actor that
// stopped.
func TestSettleHonoursContextAndStoppedActors(t *testing.T) {
	for _, c := range []struct {
		name     string
		cancel   bool
		stopped  bool
		wantCode bot.Code
	}{
		{"context ended", true, false, bot.EUnavailable},
		{"table stopped", false, true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			tb := &table.Table{Deps: &table.Deps{Metrics: bot.NewMetrics()}, Inbox: make(chan *table.Request, 1), Done: make(chan struct{})}
			tb.Inbox <- &table.Request{}
			a := &tournament.Director{Deps: &tournament.Deps{Metrics: tb.Deps.Metrics}, Inbox: make(chan *tournament.Request, 1), Done: make(chan struct{})}
			a.Inbox <- &tournament.Request{}
			if c.cancel {
				cancel()
			}
			if c.stopped {
				close(tb.Done)
				close(a.Done)
			}
			if err := tb.SettleNow(ctx); bot.ErrorCode(err) != c.wantCode {
				t.Errorf("table: %v, want code %q", err, c.wantCode)
			}
			if took, err := a.SettleNow(ctx); took || bot.ErrorCode(err) != c.wantCode {
				t.Errorf("director: took %v, %v, want code %q", took, err, c.wantCode)
			}
		})
	}
}
