package table

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// A table whose inbox is full answers "busy" at once: the caller (an
// adapter's handler) never blocks on a slow table.
func TestFullInboxAnswersBusyAtOnce(t *testing.T) {
	metrics := bot.NewMetrics()
	tb := &Table{Deps: &Deps{Metrics: metrics}, Inbox: make(chan *Request, 2)}
	tb.Inbox <- &Request{}
	tb.Inbox <- &Request{}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	// A blocked caller would get the context's timeout, not "busy".
	_, err := tb.Do(ctx, Request{Cmd: bot.Command{Name: "call"}})
	if bot.ErrorCode(err) != bot.EBusy || err.(*bot.Error).Key != bot.KeyBusy {
		t.Fatalf("full inbox: %v, want busy", err)
	}
	if metrics.Busy.Load() != 1 {
		t.Fatalf("busy counted %d times", metrics.Busy.Load())
	}
}

// An actor that answers a request and then ends (a /closetable that closes
// an idle table at once) gives its answer, not "no such table": the
// answer was sent before the actor's end, so both are ready when the
// caller looks (CI saw /closetable answered table.no_such under -race).
func TestAnswerSentBeforeTheActorEndedIsTheAnswer(t *testing.T) {
	metrics := bot.NewMetrics()
	for range 200 {
		inbox := make(chan *Request, 1)
		reply := make(chan Response, 1)
		done := make(chan struct{})
		reply <- Response{Reply: bot.Reply{Text: "closed"}}
		close(done)
		r, err := Ask(context.Background(), inbox, &Request{}, reply, done, metrics, bot.KeyBusy, func() error {
			return bot.Errorf(bot.ENotFound, "table.no_such", "#1")
		})
		if err != nil || r.Text != "closed" {
			t.Fatalf("answer %q, %v; want the actor's answer", r.Text, err)
		}
	}
}

// A write that finds the group commit's queue full waits for a place no
// longer than its context allows, and is then not queued: nothing hangs
// on a store that stopped taking writes.
func TestCommitWithTheQueueFullWaitsNoLongerThanItsContext(t *testing.T) {
	g := NewGroupCommit(nil, bot.NewMetrics()) // not running: nothing takes from the queue
	for range cap(g.in) {
		g.in <- &pendingWrite{w: &bot.TableWrite{}, done: make(chan error, 1)}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	err := g.Commit(ctx, &bot.TableWrite{TableID: 1})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("commit with the queue full: %v, want the context's deadline", err)
	}
	if len(g.in) != cap(g.in) {
		t.Fatalf("%d writes queued, want the %d that filled it", len(g.in), cap(g.in))
	}
}

// refusingCommitter refuses, as the store does, any batch holding a write
// of table bad; the others it stores.
type refusingCommitter struct {
	bad    int64
	refuse error // the refusal
	mu     sync.Mutex
	stored []int64
}

func (c *refusingCommitter) CommitTables(ctx context.Context, writes []*bot.TableWrite) error {
	for _, w := range writes {
		if w.TableID == c.bad {
			return fmt.Errorf("table %d: refused: %w", w.TableID, c.refuse)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, w := range writes {
		c.stored = append(c.stored, w.TableID)
	}
	return nil
}

// One table's refused write does not fail the others of its batch: the
// group commit stores each of them alone, and only the refused one gets
// the refusal; so for each refusal the store makes (a seat given twice, a
// malformed write, a balance too low, a row gone).
func TestGroupCommitRefusedWriteFailsOnlyItsTable(t *testing.T) {
	for _, refuse := range []error{bot.ErrDuplicate, bot.ErrMalformed, bot.ErrInsufficientFunds, bot.ErrNotFound} {
		t.Run(refuse.Error(), func(t *testing.T) {
			c := &refusingCommitter{bad: 2, refuse: refuse}
			g := NewGroupCommit(c, bot.NewMetrics())
			// Queued before Run starts: the three writes form one batch.
			errs := make([]chan error, 3)
			for i := range errs {
				errs[i] = make(chan error, 1)
				id := int64(i + 1)
				go func() { errs[id-1] <- g.Commit(context.Background(), &bot.TableWrite{TableID: id}) }()
			}
			for len(g.in) < 3 {
				time.Sleep(time.Millisecond)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go g.Run(ctx)
			for i, ch := range errs {
				err := <-ch
				if bad := int64(i+1) == c.bad; bad != errors.Is(err, refuse) || !bad && err != nil {
					t.Errorf("table %d's write: %v", i+1, err)
				}
			}
			c.mu.Lock()
			defer c.mu.Unlock()
			if want := []int64{1, 3}; !slices.Equal(slices.Sorted(slices.Values(c.stored)), want) {
				t.Errorf("stored tables %v, want %v", c.stored, want)
			}
		})
	}
}
