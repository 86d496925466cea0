package outbox_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/bot/outbox"
)

var t0 = time.Date(2026, 11, 23, 21, 0, 0, 0, time.UTC)

// telegramLimits are Telegram's figures (adapters/telegram.Limits, where
// they live and are sourced): the outbox's tests need a platform's shape of
// limits (per chat, per group, in all), and the core imports no adapter.
var telegramLimits = bot.Limits{PerChat: 1, PerChatBurst: 1, PerGroupMin: 20, Global: 30, GlobalBurst: 30}

// fakeSender records deliveries with the fake time, and answers 429 when
// told to.
type fakeSender struct {
	mu     sync.Mutex
	clock  *bottest.Clock
	got    []delivery
	limitN int // the next limitN deliveries answer 429
	retry  time.Duration
	nextID int
}

type delivery struct {
	at   time.Time
	m    bot.Outgoing
	edit string
}

func (f *fakeSender) Deliver(_ context.Context, m bot.Outgoing, id string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.limitN > 0 {
		f.limitN--
		return "", &bot.RateLimitError{RetryAfter: f.retry}
	}
	f.got = append(f.got, delivery{at: f.clock.Now(), m: m, edit: id})
	if id != "" {
		return id, nil
	}
	f.nextID++
	return fmt.Sprint(f.nextID), nil
}

// drain delivers everything, advancing the fake clock as the outbox asks.
func drain(t *testing.T, o *outbox.Outbox, c *bottest.Clock) {
	t.Helper()
	ctx := context.Background()
	for i := 0; i < 100000; i++ {
		sent, wait, err := o.Step(ctx, func(m bot.Outgoing, err error) { t.Errorf("deliver %+v: %v", m, err) })
		if err != nil {
			t.Fatal(err)
		}
		if sent {
			continue
		}
		if o.Queued() == 0 {
			return
		}
		if wait <= 0 {
			t.Fatalf("%d queued, nothing sendable and no wait", o.Queued())
		}
		c.Advance(wait)
	}
	t.Fatalf("%d messages never delivered", o.Queued())
}

// Run delivers with the real loop too, and stops when its context ends.
func TestOutboxRunDeliversAndStops(t *testing.T) {
	c := bottest.NewClock(t0)
	f := &fakeSender{clock: c}
	o := outbox.New(f, bot.Limits{}, c, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- o.Run(ctx, nil) }()
	for i := 0; i < 5; i++ {
		o.Enqueue(bot.Outgoing{To: group, Body: i})
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		if sent, _ := o.Stats(); sent == 5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("Run did not deliver")
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != context.Canceled {
			t.Fatalf("Run returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not stop")
	}
}

var group = bot.Destination{Platform: "telegram", Chat: "-100"}

// Telegram's limits: at most 20 messages a minute to a group, one a second
// to a chat.
func TestOutboxKeepsToTheChatLimits(t *testing.T) {
	c := bottest.NewClock(t0)
	f := &fakeSender{clock: c}
	o := outbox.New(f, telegramLimits, c, nil)
	for i := 0; i < 45; i++ {
		if err := o.Enqueue(bot.Outgoing{To: group, Priority: bot.PrioritySummary, Body: i}); err != nil {
			t.Fatal(err)
		}
	}
	drain(t, o, c)
	if len(f.got) != 45 {
		t.Fatalf("%d delivered", len(f.got))
	}
	for i := range f.got {
		if i > 0 && f.got[i].at.Sub(f.got[i-1].at) < 900*time.Millisecond {
			t.Fatalf("messages %d and %d %v apart: more than one a second", i-1, i, f.got[i].at.Sub(f.got[i-1].at))
		}
		// Any 60 s window holds at most 20 (the burst) plus what the
		// refill allows.
		n := 0
		for j := i; j < len(f.got) && f.got[j].at.Sub(f.got[i].at) < time.Minute; j++ {
			n++
		}
		if n > 40 {
			t.Fatalf("%d messages within a minute from message %d", n, i)
		}
	}
	if span := f.got[44].at.Sub(f.got[0].at); span < time.Minute {
		t.Fatalf("45 group messages in %v: the per-group limit was not applied", span)
	}
}

// Edits of one message are coalesced to the latest version; an older
// version never overwrites a newer one; the edit goes to the message sent.
func TestOutboxCoalescesEditsAndDropsStaleVersions(t *testing.T) {
	c := bottest.NewClock(t0)
	f := &fakeSender{clock: c}
	o := outbox.New(f, telegramLimits, c, nil)
	o.Enqueue(bot.Outgoing{To: group, Key: "hand:1", Version: 1, Body: "v1"})
	drain(t, o, c)
	for v := int64(2); v <= 9; v++ {
		o.Enqueue(bot.Outgoing{To: group, Key: "hand:1", Version: v, Body: fmt.Sprint("v", v)})
	}
	o.Enqueue(bot.Outgoing{To: group, Key: "hand:1", Version: 4, Body: "stale"})
	drain(t, o, c)
	if len(f.got) != 2 || f.got[1].m.Body != "v9" || f.got[1].edit != "1" {
		t.Fatalf("deliveries %+v; want v1 then one edit of message 1 to v9", f.got)
	}
}

// Turn prompts and private cards go before the table and summaries.
func TestOutboxSendsPromptsFirst(t *testing.T) {
	c := bottest.NewClock(t0)
	f := &fakeSender{clock: c}
	o := outbox.New(f, bot.Limits{Global: 1, GlobalBurst: 1}, c, nil)
	o.Enqueue(bot.Outgoing{To: group, Priority: bot.PrioritySummary, Body: "summary"})
	o.Enqueue(bot.Outgoing{To: group, Priority: bot.PriorityTable, Key: "t", Version: 1, Body: "table"})
	o.Enqueue(bot.Outgoing{To: bot.Destination{Platform: "telegram", User: "ana"}, Priority: bot.PriorityPrivate, Body: "cards"})
	o.Enqueue(bot.Outgoing{To: group, Priority: bot.PriorityPrompt, Body: "prompt"})
	drain(t, o, c)
	var order []any
	for _, d := range f.got {
		order = append(order, d.m.Body)
	}
	if fmt.Sprint(order) != "[prompt cards table summary]" {
		t.Fatalf("order %v", order)
	}
}

// A 429 is waited out for its retry_after, then the message goes; nothing
// is lost or sent twice.
func TestOutboxWaitsOutRetryAfter(t *testing.T) {
	c := bottest.NewClock(t0)
	f := &fakeSender{clock: c, limitN: 2, retry: 7 * time.Second}
	o := outbox.New(f, bot.Limits{}, c, nil)
	for i := 0; i < 3; i++ {
		o.Enqueue(bot.Outgoing{To: group, Body: i})
	}
	drain(t, o, c)
	if len(f.got) != 3 || f.got[0].m.Body != 0 || f.got[2].m.Body != 2 {
		t.Fatalf("deliveries %+v", f.got)
	}
	if f.got[0].at.Sub(t0) < 14*time.Second {
		t.Fatalf("first delivery at +%v, want after two 7 s waits", f.got[0].at.Sub(t0))
	}
	if _, limited := o.Stats(); limited != 2 {
		t.Fatalf("%d rate limits counted", limited)
	}
}

// Enqueue never blocks and refuses a destination that stopped draining.
func TestOutboxEnqueueNeverBlocks(t *testing.T) {
	c := bottest.NewClock(t0)
	o := outbox.New(&fakeSender{clock: c}, telegramLimits, c, nil)
	var err error
	for i := 0; i < 1000 && err == nil; i++ {
		err = o.Enqueue(bot.Outgoing{To: group, Body: i})
	}
	if err != bot.ErrOutboxFull {
		t.Fatalf("no refusal after 1000 unsent messages: %v", err)
	}
	if err := o.Enqueue(bot.Outgoing{To: bot.Destination{Platform: "telegram", Chat: "other"}}); err != nil {
		t.Fatalf("another chat refused: %v", err)
	}
}

// A restarted room edits the message it sent before: the id is kept in
// MessageIDs.
func TestOutboxRemembersMessageIDs(t *testing.T) {
	c := bottest.NewClock(t0)
	ids := &memIDs{m: map[string]string{}}
	f := &fakeSender{clock: c}
	o := outbox.New(f, bot.Limits{}, c, ids)
	o.Enqueue(bot.Outgoing{To: group, Key: "hand:9", Version: 1})
	drain(t, o, c)
	again := outbox.New(f, bot.Limits{}, c, ids) // after a restart
	again.Enqueue(bot.Outgoing{To: group, Key: "hand:9", Version: 2})
	drain(t, again, c)
	if len(f.got) != 2 || f.got[1].edit != "1" {
		t.Fatalf("deliveries %+v: the restarted outbox did not edit message 1", f.got)
	}
}

type memIDs struct {
	mu sync.Mutex
	m  map[string]string
}

func (s *memIDs) SetMessageID(_ context.Context, key, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[key] = id
	return nil
}

func (s *memIDs) MessageID(_ context.Context, key string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id, ok := s.m[key]; ok {
		return id, nil
	}
	return "", bot.ErrNotFound
}

// The delivery delay of an edited message counts from its oldest state the
// chat has not seen: coalescing newer versions does not hide staleness.
func TestOutboxDelaysCountFromTheOldestUnseenState(t *testing.T) {
	c := bottest.NewClock(t0)
	f := &fakeSender{clock: c}
	o := outbox.New(f, bot.Limits{}, c, nil)
	f.limitN, f.retry = 1, 3*time.Second
	o.Enqueue(bot.Outgoing{To: group, Key: "t", Version: 1, Body: "v1"})
	if sent, _, _ := o.Step(context.Background(), nil); !sent {
		t.Fatal("nothing tried")
	}
	c.Advance(time.Second)
	o.Enqueue(bot.Outgoing{To: group, Key: "t", Version: 2, Body: "v2"})
	drain(t, o, c)
	if len(f.got) != 1 || f.got[0].m.Body != "v2" {
		t.Fatalf("delivered %+v, want only v2", f.got)
	}
	d := o.Delays()
	if d.Count != 1 || d.Max < 3*time.Second || d.Max > 3200*time.Millisecond {
		t.Fatalf("delays %+v, want one of about 3 s (v1 queued at 0, v2 delivered after the retry_after)", d)
	}
}

// With GlobalNewOnly, edits of sent messages are bound by the per-chat
// limits alone: a saturated global limit does not hold them back.
func TestOutboxGlobalLimitCanSpareEdits(t *testing.T) {
	for _, newOnly := range []bool{false, true} {
		c := bottest.NewClock(t0)
		f := &fakeSender{clock: c}
		o := outbox.New(f, bot.Limits{Global: 1, GlobalBurst: 1, GlobalNewOnly: newOnly}, c, nil)
		// two chats' table messages, sent once each: the global token is spent
		for _, chat := range []string{"a", "b"} {
			o.Enqueue(bot.Outgoing{To: bot.Destination{Platform: "x", Chat: chat}, Key: chat, Version: 1, Body: 1})
		}
		drain(t, o, c)
		start := c.Now()
		// a new message, queued first, waits for the global limit; the
		// edits queued after it need not wait behind it
		o.Enqueue(bot.Outgoing{To: bot.Destination{Platform: "x", Chat: "c"}, Body: "new"})
		for _, chat := range []string{"a", "b"} {
			o.Enqueue(bot.Outgoing{To: bot.Destination{Platform: "x", Chat: chat}, Key: chat, Version: 2, Body: 2})
		}
		drain(t, o, c)
		took := time.Duration(0)
		for _, d := range f.got {
			if d.m.Key != "" && d.edit != "" {
				took = max(took, d.at.Sub(start))
			}
		}
		if newOnly && took != 0 {
			t.Errorf("GlobalNewOnly: two edits took %v behind a new message, want no wait", took)
		}
		if !newOnly && took < 900*time.Millisecond {
			t.Errorf("edits within the global limit took %v, want about 2 s", took)
		}
	}
}

// answerDelay queues flood answers of one origin (one to each of n users,
// at once), then, a second later, one answer of another origin, and
// returns how long that answer waited: with origins, its turn comes among
// the flood's first, not after it.
func answerDelay(t *testing.T, n int, withOrigins bool) time.Duration {
	t.Helper()
	c := bottest.NewClock(t0)
	f := &fakeSender{clock: c}
	o := outbox.New(f, telegramLimits, c, nil)
	origin := func(s string) string {
		if withOrigins {
			return s
		}
		return ""
	}
	for i := range n {
		if err := o.Enqueue(bot.Outgoing{To: bot.Destination{Platform: "telegram", User: fmt.Sprint(i)}, Priority: bot.PriorityPrivate,
			Origin: origin("telegram:chat:flooded"), Body: i}); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	for c.Now().Before(t0.Add(time.Second)) {
		if sent, wait, _ := o.Step(ctx, nil); !sent {
			c.Advance(min(wait, t0.Add(time.Second).Sub(c.Now())))
		}
	}
	asked := c.Now()
	if err := o.Enqueue(bot.Outgoing{To: bot.Destination{Platform: "telegram", User: "other"}, Priority: bot.PriorityPrivate,
		Origin: origin("telegram:user:other"), Body: "answer"}); err != nil {
		t.Fatal(err)
	}
	drain(t, o, c)
	for _, d := range f.got {
		if d.m.Body == "answer" {
			return d.at.Sub(asked)
		}
	}
	t.Fatal("the other origin's answer was never sent")
	return 0
}

func TestAFloodedChatsAnswersDoNotHoldUpAnotherChats(t *testing.T) {
	if d := answerDelay(t, 600, true); d > 200*time.Millisecond {
		t.Errorf("with origins the other chat's answer waited %v, want within a few slots of the 30/s limit", d)
	}
	// Without origins it waits behind the flood (the test can fail).
	if d := answerDelay(t, 600, false); d < 10*time.Second {
		t.Errorf("without origins the answer waited only %v: the flood is not ahead of it", d)
	}
}

func TestOneOriginAloneStillGetsTheWholeGlobalLimit(t *testing.T) {
	c := bottest.NewClock(t0)
	f := &fakeSender{clock: c}
	o := outbox.New(f, telegramLimits, c, nil)
	for i := range 300 {
		_ = o.Enqueue(bot.Outgoing{To: bot.Destination{Platform: "telegram", User: fmt.Sprint(i)}, Origin: "telegram:chat:g", Body: i})
	}
	drain(t, o, c)
	// 30 at once (the burst), then 30 a second: the last of 300 at 9 s.
	if last := f.got[len(f.got)-1].at.Sub(t0); last > 9*time.Second+100*time.Millisecond {
		t.Errorf("300 answers of one origin took %v, want about 9 s (the global limit, not less)", last)
	}
}

func TestOutboxForgetsDestinationsIdleAgain(t *testing.T) {
	c := bottest.NewClock(t0)
	f := &fakeSender{clock: c}
	o := outbox.New(f, telegramLimits, c, nil)
	for round := range 4 {
		for i := range 1500 {
			_ = o.Enqueue(bot.Outgoing{To: bot.Destination{Platform: "telegram", User: fmt.Sprint(round, "-", i)}, Body: i})
		}
		drain(t, o, c)
		c.Advance(2 * time.Second) // every per-chat limiter full again
	}
	if n := o.Destinations(); n > 3000 {
		t.Errorf("%d destinations kept after 6,000 users answered once, want the idle ones forgotten (at most 3,000)", n)
	}
	if len(f.got) != 6000 {
		t.Errorf("%d messages delivered, want 6,000", len(f.got))
	}
}

// A crowd of users, each in their own chat and each owed several answers,
// does not hold up a user who asked once: on the same turn the origin with
// the least queued goes first.
func TestACrowdsAnswersDoNotHoldUpAUserWhoAskedOnce(t *testing.T) {
	c := bottest.NewClock(t0)
	f := &fakeSender{clock: c}
	o := outbox.New(f, telegramLimits, c, nil)
	for round := range 3 {
		for i := range 300 {
			user := fmt.Sprint(i)
			_ = o.Enqueue(bot.Outgoing{To: bot.Destination{Platform: "telegram", User: user}, Priority: bot.PriorityPrivate, Origin: user, Body: round})
		}
	}
	ctx := context.Background()
	for c.Now().Before(t0.Add(2 * time.Second)) {
		if sent, wait, _ := o.Step(ctx, nil); !sent {
			c.Advance(min(wait, t0.Add(2*time.Second).Sub(c.Now())))
		}
	}
	asked := c.Now()
	_ = o.Enqueue(bot.Outgoing{To: bot.Destination{Platform: "telegram", User: "once"}, Priority: bot.PriorityPrivate, Origin: "once", Body: "answer"})
	drain(t, o, c)
	for i, d := range f.got {
		if d.m.Body == "answer" {
			if wait := d.at.Sub(asked); wait > 200*time.Millisecond {
				t.Errorf("the user who asked once waited %v (sent %d of %d), want within a few slots", wait, i+1, len(f.got))
			}
			return
		}
	}
	t.Fatal("never answered")
}

// A body queued unrendered (bot.Deferred) is rendered when its message is
// sent, and the sender gets the view: of ten versions of a table message
// queued while one version a second may go, the two sent are the only
// ones rendered (the first, sent at once, and the last); a rate-limited
// delivery is retried with the view already rendered.
func TestOutboxRendersDeferredBodiesOnlyWhenSent(t *testing.T) {
	c := bottest.NewClock(t0)
	f := &fakeSender{clock: c, limitN: 1, retry: time.Second}
	o := outbox.New(f, telegramLimits, c, nil)
	group := bot.Destination{Platform: "telegram", Chat: "g"}
	var mu sync.Mutex
	rendered := map[int]int{}
	body := func(n int) *bot.Deferred {
		return bot.Defer(func() bot.View {
			mu.Lock()
			defer mu.Unlock()
			rendered[n]++
			return bot.View{Kind: bot.ViewTable, Text: fmt.Sprintf("version %d", n)}
		})
	}
	ctx := context.Background()
	if err := o.Enqueue(bot.Outgoing{To: group, Priority: bot.PriorityTable, Key: "table:1", Version: 1, Body: body(1)}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := o.Step(ctx, nil); err != nil { // 429: back in the queue, rendered
		t.Fatal(err)
	}
	c.Advance(time.Second)
	if sent, _, err := o.Step(ctx, nil); err != nil || !sent {
		t.Fatalf("version 1 not sent: %v", err)
	}
	for n := 2; n <= 10; n++ {
		if err := o.Enqueue(bot.Outgoing{To: group, Priority: bot.PriorityTable, Key: "table:1", Version: int64(n), Body: body(n)}); err != nil {
			t.Fatal(err)
		}
	}
	drain(t, o, c)
	var texts []string
	for _, d := range f.got {
		v, ok := d.m.Body.(bot.View)
		if !ok {
			t.Fatalf("the sender got a %T body", d.m.Body)
		}
		texts = append(texts, v.Text)
	}
	if fmt.Sprint(texts) != "[version 1 version 10]" {
		t.Errorf("sent %q, want versions 1 and 10", texts)
	}
	if fmt.Sprint(rendered) != "map[1:1 10:1]" {
		t.Errorf("rendered (version: times) %v, want versions 1 and 10 once each", rendered)
	}
}
