package bot

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// The vocabulary of outgoing messages: what a table or the room hands to an
// Enqueuer (an outbox, bot/outbox), and the Sender an adapter implements to
// deliver it.

// Destination is where an outgoing message goes: a chat (a group, a
// channel), or one user privately.
type Destination struct {
	Platform string
	Chat     string // the chat; "" for a private message
	User     string // the user of a private message
}

// Private reports whether the destination is one user.
func (d Destination) Private() bool { return d.Chat == "" }

func (d Destination) String() string {
	if d.Private() {
		return d.Platform + ":user:" + d.User
	}
	return d.Platform + ":chat:" + d.Chat
}

// Priority orders what an outbox sends first: turn prompts and private
// cards before table updates, summaries last.
type Priority int

// Priorities, most urgent first.
const (
	PriorityPrompt  Priority = iota // the acting player's buttons
	PriorityPrivate                 // hole cards and private answers
	PriorityTable                   // the table message
	PrioritySummary                 // hand summaries, spectator news
)

// Outgoing is one message for an outbox.
type Outgoing struct {
	To       Destination
	Priority Priority
	// Key names an editable message (the table message of a hand): messages
	// with the same key are versions of one message, edited in place, and
	// only the latest queued version is sent. "" is a new message each time.
	Key string
	// Version orders the versions of a keyed message: a version older than
	// the last one queued or sent is dropped, never sent over a newer one.
	Version int64
	// Body is the rendered view (a View), for the adapter; or a *Deferred
	// view, rendered when the message is sent: a Sender is only ever
	// handed the View (Resolved).
	Body any
	// Thread is the place within the chat the message goes to (a forum
	// topic in Telegram, a thread in Discord: a tournament's table); ""
	// for the chat itself. It shares the chat's limits.
	Thread string
	// Origin is the chat whose command caused the message (an answer, an
	// error, a notice), as the adapter names it: the messages of one
	// origin share the global limit fairly with every other origin's, so
	// that a flood of commands in one chat does not hold up the answers in
	// others. "" (the room's own messages: tables, cards, summaries) keeps
	// the order messages were queued in.
	Origin string
	// Source is the actor that sent it: "table:<id>", "tourney:<id>", or
	// "" for the room's own answers. Actors run at once, so messages of
	// different sources may arrive in any order; a deterministic
	// transcript (the console's scripts) groups them by source.
	Source string
	// Fallback, on a private notice that tells nothing secret (a turn
	// reminder, a tournament's seat or rebuy offer), is what to show
	// instead when the platform cannot reach the player privately (a
	// Telegram member who never started the bot, a Discord member with no
	// live interaction and no direct messages): a notice naming them in
	// the chat of the table or tournament, rather than nothing. nil:
	// nothing is. Never set on anything holding cards.
	Fallback *Outgoing
}

// Deferred is a message body rendered when the message is sent rather
// than when it is queued: a table queues its message at every action, and
// an outbox that coalesces the versions of a keyed message (bot/outbox)
// renders only the versions it sends. Its render function must use only
// what it captured, a copy that nobody changes afterwards (never an
// actor's state): it runs once, on whichever goroutine asks first.
type Deferred struct {
	render func() View
	once   sync.Once
	done   atomic.Bool
	view   View
}

// Defer returns a body that render renders when it is first asked for.
func Defer(render func() View) *Deferred { return &Deferred{render: render} }

// DeferPlain returns a body of rich content r, its plain text (View.Text)
// made when it is first asked for: a message queued behind a chat's rate
// limit holds its content once, not twice. Nobody may change r afterwards.
func DeferPlain(kind ViewKind, r *Rich) *Deferred {
	return Defer(func() View { return View{Kind: kind, Text: r.Plain(), Rich: r} })
}

// Ready returns a Deferred body already rendered: v.
func Ready(v View) *Deferred {
	d := &Deferred{view: v}
	d.once.Do(func() {})
	d.done.Store(true)
	return d
}

// View renders the body, the first time, and returns it.
func (d *Deferred) View() View {
	d.once.Do(func() {
		d.view, d.render = d.render(), nil
		d.done.Store(true)
	})
	return d.view
}

// Rendered reports whether the body has been rendered (View was called).
func (d *Deferred) Rendered() bool { return d.done.Load() }

// Resolved is m with a Deferred body rendered: what a Sender is handed,
// and what an Enqueuer that reads bodies as they are queued is.
func Resolved(m Outgoing) Outgoing {
	if d, ok := m.Body.(*Deferred); ok {
		m.Body = d.View()
	}
	return m
}

// DeferringEnqueuer is an Enqueuer that takes Deferred bodies and renders
// them only when it sends them (bot/outbox, and an adapter that hands its
// messages to one unread). The room renders the bodies it queues on any
// other Enqueuer before it queues them.
type DeferringEnqueuer interface {
	Enqueuer
	// RendersWhenSent marks the Enqueuer; it does nothing.
	RendersWhenSent()
}

// RateLimitError is a platform's "slow down" (HTTP 429 with retry_after).
type RateLimitError struct{ RetryAfter time.Duration }

func (e *RateLimitError) Error() string {
	return fmt.Sprintf("rate limited: retry after %v", e.RetryAfter)
}

// Limits are a platform's sending limits. The zero value of a field means
// no limit of that kind.
type Limits struct {
	PerChat      rate.Limit // messages per second to one chat or user
	PerChatBurst int
	PerGroupMin  int // messages per minute to one group chat
	// PerGroupBurst is how many of those may go at once (default
	// PerGroupMin: a minute's worth).
	PerGroupBurst int
	Global        rate.Limit // messages per second in all
	GlobalBurst   int
	// GlobalNewOnly applies Global to new messages only: edits of a sent
	// message are bound by the per-chat limits alone.
	GlobalNewOnly bool
}

// ErrOutboxFull is an Enqueuer's refusal of a message when its
// destination already holds as many messages not sent as it keeps (a chat
// that stopped answering).
var ErrOutboxFull = Errorf(EBusy, KeyBusy)

// ErrFileNotPrivate is an Enqueuer's refusal of a file (a ViewFile view)
// addressed to a chat, or with a Key: a file goes to one player, as a new
// message, and is never coalesced with another.
var ErrFileNotPrivate = errors.New("a file goes to one player, as a new message (no Key)")

// CheckFile says whether m may carry a file: nil for a message without
// one; ErrFileNotPrivate for a file to a chat or with a Key.
func CheckFile(m Outgoing) error {
	v, ok := m.Body.(View)
	if !ok || (v.File == nil && v.Kind != ViewFile) {
		return nil
	}
	if v.File == nil || !m.To.Private() || m.Key != "" {
		return ErrFileNotPrivate
	}
	return nil
}

// CardsKey is the key of the message showing player's hole cards of a
// hand at a table; CardsTable reads the table back from such a key ("" for
// any other key): a platform that shows a player's cards in one message
// edited hand after hand keeps one such message per table.
func CardsKey(table, hand, player int64) string {
	return fmt.Sprintf("cards:%d:%d:%d", table, hand, player)
}

// SeatCardsKey is CardsKey for a seat the player took at the table's hand
// number since: a player seated anew at a table they played earlier (a
// cash player back, a tournament player moved back to it) gets a new
// cards message, not an edit of the one of their earlier seat ("7.12",
// table 7's seat taken at its hand 12, is what CardsTable reads). since 0
// (a seat of an earlier version) is CardsKey.
func SeatCardsKey(table int64, since int, hand, player int64) string {
	if since <= 0 {
		return CardsKey(table, hand, player)
	}
	return fmt.Sprintf("cards:%d.%d:%d:%d", table, since, hand, player)
}

// PoolCardsKey is CardsKey for a fast-fold pool's entry (R-CASH-7), dealt
// at whichever of the pool's tables is free hand after hand: its cards
// keep one message, the entry's, whatever table deals them ("P3.1", pool
// 3's entry 1, is what CardsTable reads).
func PoolCardsKey(pool int64, entry int, hand, player int64) string {
	return fmt.Sprintf("cards:P%d.%d:%d:%d", pool, entry, hand, player)
}

// CardsTable is the table of a CardsKey, "" when key is not one.
func CardsTable(key string) string {
	parts := strings.Split(key, ":")
	if len(parts) != 4 || parts[0] != "cards" {
		return ""
	}
	return parts[1]
}
