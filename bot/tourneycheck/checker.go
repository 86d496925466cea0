package tourneycheck

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pokerroom/pokerroom/bot"
)

// Checker follows one tournament through the room: wrap the room's
// storage with Storage and its outbox with Outbox (or feed News), give it
// each answer of /tourney balance between clock steps, and Check at the
// end.
type Checker struct {
	// Size is the tables' size (seats=).
	Size int
	// Group is the chat of the tournament's news; Channel its spectator
	// channel ("" for none).
	Group, Channel string
	// Sizes follows the balance answers.
	Sizes Sizes

	rec  *Recorder
	mu   sync.Mutex
	news []News
	seq  atomic.Int64 // orders the hands stored and the news sent
}

// New returns a checker of tables of size seats whose news go to group
// and channel.
func New(size int, group, channel string) *Checker {
	return &Checker{Size: size, Group: group, Channel: channel}
}

// Storage wraps the room's storage to see the hands the tables start;
// call it once, before the room starts.
func (c *Checker) Storage(s bot.Storage) bot.Storage {
	c.rec = NewRecorder(s)
	c.rec.seq = &c.seq
	return c.rec
}

// Outbox wraps an outbox to see the news views it is given; a nil e
// takes them and delivers nothing. The news must come this way (not
// with News) for HandForHand to tell a hand dealt before a bust from
// one dealt after it.
func (c *Checker) Outbox(e bot.Enqueuer) bot.Enqueuer { return newsTap{e, c} }

type newsTap struct {
	bot.Enqueuer
	c *Checker
}

func (t newsTap) Enqueue(m bot.Outgoing) error {
	if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewNews {
		t.c.News(m.To.Chat, v.Text)
	}
	if t.Enqueuer == nil {
		return nil
	}
	return t.Enqueuer.Enqueue(m)
}

// News takes a news message sent to chat, now.
func (c *Checker) News(chat, text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.news = append(c.news, News{Chat: chat, Text: text, Seq: c.seq.Add(1)})
}

// Balance takes one answer of /tourney balance, between clock steps.
func (c *Checker) Balance(answer string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.Sizes.Step(answer)
}

// Hands are the hands seen so far.
func (c *Checker) Hands() []Hand {
	if c.rec == nil {
		return nil
	}
	return c.rec.Hands()
}

// Report is what a check found.
type Report struct {
	Hands, Tables, Moves, Steps int
	// HandForHand is what happened at the bubble: Announced, Jumped,
	// AtFinal or NeverBurst ("" when no places are paid).
	HandForHand string
	// Problems are the rules broken, one line each (none: all kept).
	Problems []string
}

// OK reports whether every rule was kept.
func (r Report) OK() bool { return len(r.Problems) == 0 }

// String is the report for a person: the figures, then each problem.
func (r Report) String() string {
	var b strings.Builder
	h4h := r.HandForHand
	if h4h == "" {
		h4h = "not checked (no places paid)"
	}
	fmt.Fprintf(&b, "table rules: %d hands at %d tables, %d balancing moves, %d balance checks, hand for hand %s: ", r.Hands, r.Tables, r.Moves, r.Steps, h4h)
	if r.OK() {
		b.WriteString("all kept")
		return b.String()
	}
	fmt.Fprintf(&b, "%d broken", len(r.Problems))
	for _, p := range r.Problems {
		b.WriteString("\n  " + p)
	}
	return b.String()
}

// Check checks everything seen, for a tournament paying paid places:
// the dead button at every table, the balancing moves, the table sizes
// between clock steps and hand for hand at the bubble (paid 0: no
// bubble to check). A tournament that moved nobody to balance its
// tables did not put the rule to the test, and that is a problem too
// when it played at more than two tables.
func (c *Checker) Check(paid int) Report {
	hands := c.Hands()
	_, ids := ByTable(hands)
	r := Report{Hands: len(hands), Tables: len(ids)}
	r.Problems = append(r.Problems, DeadButton(hands)...)
	moves, bad := BalanceMoves(hands, c.Size)
	r.Moves = moves
	r.Problems = append(r.Problems, bad...)
	if moves == 0 && len(ids) > 2 {
		r.Problems = append(r.Problems, "no player was moved to balance the tables (TDA 10 never put to the test)")
	}
	c.mu.Lock()
	news := append([]News(nil), c.news...)
	r.Steps = c.Sizes.Steps()
	r.Problems = append(r.Problems, c.Sizes.Problems()...)
	c.mu.Unlock()
	switch {
	case paid > 0 && len(ids) == 1:
		r.HandForHand = OneTable
		r.Problems = append(r.Problems, HandForHandAtOneTable(news, c.Group, c.Channel)...)
	case paid > 0:
		var h4h []string
		r.HandForHand, h4h = HandForHand(news, c.Group, c.Channel, paid, dealtBefore(hands))
		r.Problems = append(r.Problems, h4h...)
	}
	return r
}

var payoutLine = regexp.MustCompile(`(?m)^\d+\. (\S+)`)

// PaidPlaces counts the places paid in an answer of /tourney payouts
// (one line "<place>. <prize>" each; a prize of 0, as in a freeroll
// without a pool, pays nothing).
func PaidPlaces(answer string) int {
	n := 0
	for _, m := range payoutLine.FindAllStringSubmatch(answer, -1) {
		if strings.Trim(m[1], "0,.") != "" {
			n++
		}
	}
	return n
}

// dealtBefore tells whether a player's last hand was stored before seq.
func dealtBefore(hands []Hand) func(name string, seq int64) bool {
	last := map[string]int64{}
	for _, h := range hands {
		for _, n := range h.Names {
			last[n] = h.Seq
		}
	}
	return func(name string, seq int64) bool {
		at, ok := last[name]
		return ok && at < seq
	}
}
