// Package tourneycheck checks a multi-table tournament played through
// the room against the table rules (issue 21): after every hand, each
// table's button and blinds follow the dead-button rule (R-SEAT-1..3,
// TDA 31-33); every balancing move took the player due to post the big
// blind next to the worst position at the short table (R-TRN-11, TDA
// 10); between clock steps the table sizes differ by at most one, a move
// the director waits for (a table about to break or be balanced) made
// within a few steps; hand for hand is announced to the group and the
// spectator channel before the bubble bursts (TDA 12).
//
// A Checker sees what a player or a floor person could: the hands the
// tables start (through a Storage wrapper), the news (through an
// Enqueuer wrapper, or fed with News) and the answers of /tourney
// balance (Balance). The acceptance test and `pokerroom sim --tourney`
// both use it.
package tourneycheck

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/tourney"
)

// Hand is a hand as a table started it.
type Hand struct {
	Table int64
	// Order are the table seats dealt in (0..n-1), the engine's button
	// first; Names their players, by engine seat.
	Order []int
	Names []string
	// Pos is a tournament hand's button and blinds (seats 1..n); a hand
	// stored without them gets those the engine dealt (see Positions).
	Pos          *tourney.Positions
	NoSmallBlind bool
	// Seq orders the hand among the hands stored and the news sent to a
	// Checker (0 from a Recorder alone).
	Seq int64
}

// Seats maps the seats dealt in (1..n) to their players.
func (h Hand) Seats() map[int]string {
	out := make(map[int]string, len(h.Order))
	for k, s := range h.Order {
		if k < len(h.Names) {
			out[s+1] = h.Names[k]
		}
	}
	return out
}

// Positions are the hand's button and blinds: its stored positions, or
// for a hand stored without them the engine's (its button, then the
// blinds in order; heads-up the button posts the small blind).
func (h Hand) Positions() tourney.Positions {
	if h.Pos != nil || len(h.Order) < 2 {
		if h.Pos == nil {
			return tourney.Positions{}
		}
		return *h.Pos
	}
	n := len(h.Order)
	p := tourney.Positions{Button: tourney.Seat(h.Order[0] + 1), SmallBlind: tourney.Seat(h.Order[1%n] + 1), BigBlind: tourney.Seat(h.Order[2%n] + 1), HeadsUp: n == 2}
	if p.HeadsUp {
		p.SmallBlind, p.BigBlind = p.Button, tourney.Seat(h.Order[1]+1)
	}
	return p
}

// handTag is the room's part of a hand's setup (engine.Setup.Tag) that
// the checks read.
type handTag struct {
	Order []int              `json:"order"`
	Names []string           `json:"names"`
	Pos   *tourney.Positions `json:"pos"`
}

// Recorder is a bot.Storage that keeps every hand a table starts, once
// it is stored.
type Recorder struct {
	bot.Storage
	mu    sync.Mutex
	hands []Hand
	seq   *atomic.Int64 // a Checker's sequence, or nil
}

// NewRecorder wraps s.
func NewRecorder(s bot.Storage) *Recorder { return &Recorder{Storage: s} }

// CommitTables stores the writes and keeps the hands they start.
func (r *Recorder) CommitTables(ctx context.Context, writes []*bot.TableWrite) error {
	if err := r.Storage.CommitTables(ctx, writes); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, w := range writes {
		if w.NewHand == nil {
			continue
		}
		var tag handTag
		_ = json.Unmarshal([]byte(w.NewHand.Tag), &tag) // a hand without a tag still counts, with no seats
		h := Hand{Table: w.TableID, Order: tag.Order, Names: tag.Names, Pos: tag.Pos, NoSmallBlind: w.NewHand.NoSmallBlind}
		if r.seq != nil {
			h.Seq = r.seq.Add(1)
		}
		r.hands = append(r.hands, h)
	}
	return nil
}

// Hands returns the hands kept so far, in the order they were stored.
func (r *Recorder) Hands() []Hand {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Hand(nil), r.hands...)
}

// ByTable groups hands by table, each table's in order, and lists the
// tables in the order they first dealt.
func ByTable(hands []Hand) (map[int64][]Hand, []int64) {
	out := map[int64][]Hand{}
	var ids []int64
	for _, h := range hands {
		if _, ok := out[h.Table]; !ok {
			ids = append(ids, h.Table)
		}
		out[h.Table] = append(out[h.Table], h)
	}
	return out, ids
}

// DeadButton checks every hand of every table against the dead-button
// rule (R-SEAT-1..3, TDA 31-33) and returns what breaks it: seat 1 (or
// the first player after it) has a table's first button; then the big
// blind moves to the next player dealt in after the last big blind, the
// small blind is the seat that was big blind (dead when empty), the
// button the seat that was small blind; heads-up the button posts the
// small blind and nobody posts the big blind twice in a row. The engine
// must deal the blinds there.
func DeadButton(hands []Hand) []string {
	const size = 10 // the largest tournament table (R-TRN-10): seats beyond a table's are never dealt
	var bad []string
	byT, ids := ByTable(hands)
	for _, id := range ids {
		hs := byT[id]
		var prev tourney.Positions
		var prevSeats map[int]string
		for i, h := range hs {
			p := h.Positions()
			seats := h.Seats()
			if len(h.Order) < 2 || p.BigBlind == 0 {
				bad = append(bad, fmt.Sprintf("table %d hand %d: dealt to %d players, positions %+v", id, i+1, len(h.Order), p))
				continue
			}
			seat := func(k int) int { return h.Order[k%len(h.Order)] + 1 }
			dealt := func(s tourney.Seat) bool { _, ok := seats[int(s)]; return ok }
			// What the engine was told matches the positions.
			switch {
			case p.HeadsUp:
				if len(h.Order) != 2 || seat(0) != int(p.Button) || p.Button != p.SmallBlind || seat(1) != int(p.BigBlind) {
					bad = append(bad, fmt.Sprintf("table %d hand %d heads-up: order %v, %+v", id, i+1, h.Order, p))
				}
			case p.SmallBlindDead:
				if !h.NoSmallBlind || seat(1) != int(p.BigBlind) || dealt(p.SmallBlind) {
					bad = append(bad, fmt.Sprintf("table %d hand %d dead small blind: order %v, %+v, engine's no small blind %v", id, i+1, h.Order, p, h.NoSmallBlind))
				}
			default:
				if h.NoSmallBlind || seat(1) != int(p.SmallBlind) || seat(2) != int(p.BigBlind) {
					bad = append(bad, fmt.Sprintf("table %d hand %d: order %v, %+v", id, i+1, h.Order, p))
				}
			}
			if i == 0 {
				first := slices.Min(h.Order) + 1
				if int(p.Button) != first {
					bad = append(bad, fmt.Sprintf("table %d's first button on seat %d, want %d (R-SEAT-1)", id, p.Button, first))
				}
			} else {
				q := prev
				if !p.HeadsUp && (p.Button != q.SmallBlind || p.SmallBlind != q.BigBlind) {
					bad = append(bad, fmt.Sprintf("table %d hand %d: button %d small blind %d after %+v (TDA 31)", id, i+1, p.Button, p.SmallBlind, q))
				}
				for s := int(q.BigBlind)%size + 1; s != int(p.BigBlind) && s != int(q.BigBlind); s = s%size + 1 {
					if dealt(tourney.Seat(s)) {
						bad = append(bad, fmt.Sprintf("table %d hand %d: big blind %d skips seat %d after %d (TDA 31)", id, i+1, p.BigBlind, s, q.BigBlind))
						break
					}
				}
				if prevSeats[int(q.BigBlind)] == seats[int(p.BigBlind)] {
					bad = append(bad, fmt.Sprintf("table %d hand %d: %s posts the big blind twice in a row (TDA 33)", id, i+1, seats[int(p.BigBlind)]))
				}
			}
			prev, prevSeats = p, seats
		}
	}
	return bad
}

// Move is a player moved to balance the tables, as the hands show it:
// from their last hand at one table (which played on) to their first
// hand at another; From and To index the hands.
type Move struct {
	Name     string
	From, To int
}

// Moves finds the players who moved from a table that played on to
// another table.
func Moves(all []Hand) []Move {
	byT, _ := ByTable(all)
	k := make([]int, len(all)) // a hand's index at its table
	seen := map[int64]int{}
	for i, h := range all {
		k[i] = seen[h.Table]
		seen[h.Table]++
	}
	last := map[string]int{} // name -> index of their last hand
	var moves []Move
	for i, h := range all {
		for _, n := range h.Names {
			if j, ok := last[n]; ok && all[j].Table != h.Table && k[j]+1 < len(byT[all[j].Table]) {
				moves = append(moves, Move{Name: n, From: j, To: i})
			}
			last[n] = i
		}
	}
	return moves
}

// BalanceMoves checks that every balancing move took the players due to
// post the big blind next at the table they left (TDA 10-A, R-TRN-11):
// after a hand whose big blind was seat b, the movers are the first
// players still in clockwise after b; they take the first open seats
// after the short table's last big blind (the worst position, never the
// small blind). size is the tables' size. It returns the number of moves
// and what breaks the rule.
func BalanceMoves(all []Hand, size int) (int, []string) {
	var bad []string
	moves := Moves(all)
	k := make([]int, len(all))
	byT := map[int64][]int{} // table -> indexes of its hands
	for i, h := range all {
		k[i] = len(byT[h.Table])
		byT[h.Table] = append(byT[h.Table], i)
	}
	alive := map[string]int{} // name -> index of their last hand
	for i, h := range all {
		for _, n := range h.Names {
			alive[n] = i
		}
	}
	groups := map[int][]string{} // the hand left -> its movers
	var froms []int
	for _, m := range moves {
		if _, ok := groups[m.From]; !ok {
			froms = append(froms, m.From)
		}
		groups[m.From] = append(groups[m.From], m.Name)
	}
	slices.Sort(froms)
	for _, from := range froms {
		names := groups[from]
		h := all[from]
		bb := int(h.Positions().BigBlind)
		seats := h.Seats()
		// The players of that hand still in afterwards, clockwise from the
		// seat after its big blind.
		var due []string
		for j := 1; j <= size; j++ {
			s := (bb-1+j)%size + 1
			if n, ok := seats[s]; ok && alive[n] > from {
				due = append(due, n)
			}
		}
		for j, n := range due[:min(len(names), len(due))] {
			if !slices.Contains(names, n) {
				bad = append(bad, fmt.Sprintf("table %d after its hand %d (big blind seat %d): moved %v, but %s (number %d due to post the big blind) stayed (TDA 10)",
					h.Table, k[from]+1, bb, names, n, j+1))
			}
		}
	}
	// The seats they take: the first open seats after the short table's
	// last big blind (the worst position: the big blind next, never the
	// small blind).
	into := map[int][]string{}
	var tos []int
	for _, m := range moves {
		if _, ok := into[m.To]; !ok {
			tos = append(tos, m.To)
		}
		into[m.To] = append(into[m.To], m.Name)
	}
	slices.Sort(tos)
	for _, to := range tos {
		names := into[to]
		if k[to] == 0 {
			continue // a table's first hand
		}
		h, prev := all[to], all[byT[all[to].Table][k[to]-1]]
		pbb := int(prev.Positions().BigBlind)
		seats := h.Seats()
		var open []int
		for j := 1; j <= size && len(open) < len(names); j++ {
			s := (pbb-1+j)%size + 1
			if n, ok := seats[s]; ok && !slices.Contains(names, n) {
				continue
			}
			if s == pbb {
				continue
			}
			open = append(open, s)
		}
		for _, n := range names {
			s := 0
			for seat, who := range seats {
				if who == n {
					s = seat
				}
			}
			if !slices.Contains(open, s) {
				bad = append(bad, fmt.Sprintf("table %d hand %d: %s moved in to seat %d, want one of %v after the big blind on seat %d (TDA 10)", h.Table, k[to]+1, n, s, open, pbb))
			}
		}
	}
	return len(moves), bad
}

// Sizes follows the answers of /tourney balance between clock steps
// (R-TRN-11): when the director has no move waiting, the tables' sizes
// differ by at most one; a move it waits for (balancing, or a table
// about to break, when sizes may differ by two) is made within
// MaxWaits steps.
type Sizes struct {
	// MaxWaits is how many steps in a row a move may wait; 0 means 3.
	MaxWaits int
	waiting  int
	steps    int
	bad      []string
}

var (
	balanceLine = regexp.MustCompile(`: (\d+) of \d+ seats`)
	pendingText = "as soon as the hands in progress end"
)

// Step takes one answer of /tourney balance (in English).
func (z *Sizes) Step(answer string) {
	z.steps++
	lo, hi := -1, -1
	for _, m := range balanceLine.FindAllStringSubmatch(answer, -1) {
		n, _ := strconv.Atoi(m[1])
		if lo < 0 || n < lo {
			lo = n
		}
		hi = max(hi, n)
	}
	most := z.MaxWaits
	if most <= 0 {
		most = 3
	}
	if strings.Contains(answer, pendingText) {
		if z.waiting++; z.waiting == most+1 {
			z.bad = append(z.bad, fmt.Sprintf("step %d: a balancing move waited for %d clock steps:\n%s", z.steps, most, answer))
		}
		return
	}
	z.waiting = 0
	if hi-lo > 1 {
		z.bad = append(z.bad, fmt.Sprintf("step %d: table sizes differ by %d:\n%s", z.steps, hi-lo, answer))
	}
}

// Steps is the number of answers taken.
func (z *Sizes) Steps() int { return z.steps }

// Problems are the steps that broke the rule.
func (z *Sizes) Problems() []string { return append([]string(nil), z.bad...) }

// News is one news message and the chat it went to; Seq orders it among
// the hands and news a Checker saw.
type News struct {
	Chat, Text string
	Seq        int64
}

// Hand-for-hand outcomes of HandForHand.
const (
	Announced  = "announced"
	InProgress = "not needed (the bubble burst in a hand dealt before the field was down to one more than the places paid)"
	AtFinal    = "not needed (the bubble came at the final table)"
	OneTable   = "not needed (one table throughout)"
	NeverBurst = "the bubble never burst"
)

var outIn = regexp.MustCompile(`(?:🏆 )?(.+) is out in place (\d+)\b`)

// HandForHand checks the news of one tournament whose prizes pay paid
// places (TDA 12): "hand for hand: <paid+1> left, <paid> paid" is
// announced in group before "the bubble has burst", and the spectator
// channel (when not "") is told the same number of times. Hand for hand
// is not needed when the final table was set before the bubble, or when
// the player out in place paid+1 went out in a hand dealt before the
// news of place paid+2 (dealtBefore tells, by name and news order):
// players out in one hand across the bubble, or hands in progress at
// other tables when the field came down to paid+1. It returns which of
// Announced, InProgress, AtFinal or NeverBurst happened and what breaks
// the rule.
func HandForHand(news []News, group, channel string, paid int, dealtBefore func(name string, seq int64) bool) (string, []string) {
	var texts []News
	for _, n := range news {
		if n.Chat == group {
			texts = append(texts, n)
		}
	}
	want := fmt.Sprintf("hand for hand: %d left, %d paid", paid+1, paid)
	h4h, burst, final := -1, -1, -1
	type bust struct {
		name string
		seq  int64
		at   int
	}
	out := map[int]bust{} // place -> the first player out in it
	for i, n := range texts {
		switch {
		case strings.Contains(n.Text, want) && h4h < 0:
			h4h = i
		case strings.Contains(n.Text, "the bubble has burst"):
			burst = i
		case strings.Contains(n.Text, "the final table is set") && final < 0:
			final = i
		}
		if m := outIn.FindStringSubmatch(n.Text); m != nil && burst < 0 {
			place, _ := strconv.Atoi(m[2])
			if _, ok := out[place]; !ok {
				out[place] = bust{m[1], n.Seq, i}
			}
		}
	}
	status := Announced
	var bad []string
	above, at := out[paid+2], out[paid+1]
	switch {
	case burst < 0:
		return NeverBurst, []string{NeverBurst}
	case h4h >= 0 && h4h < burst:
	case final >= 0 && at.name != "" && final < at.at:
		status = AtFinal
	case above.name != "" && at.name != "" && dealtBefore(at.name, above.seq):
		status = InProgress
	default:
		bad = append(bad, fmt.Sprintf("%q at news %d, the bubble burst at news %d (TDA 12)", want, h4h, burst))
	}
	if channel != "" {
		told := 0
		for _, n := range news {
			if n.Chat == channel && strings.Contains(n.Text, "hand for hand: ") {
				told++
			}
		}
		if want := map[bool]int{true: 1, false: 0}[status == Announced]; told != want {
			bad = append(bad, fmt.Sprintf("the spectator channel was told hand for hand %d times, want %d", told, want))
		}
	}
	return status, bad
}

// HandForHandAtOneTable checks the news of a tournament played at one
// table throughout (a sit-and-go): its every hand is dealt alone, so hand
// for hand is never announced, to the group or the channel.
func HandForHandAtOneTable(news []News, group, channel string) []string {
	var bad []string
	for _, n := range news {
		if (n.Chat == group || n.Chat == channel) && strings.Contains(n.Text, "hand for hand: ") {
			bad = append(bad, fmt.Sprintf("hand for hand announced at a one-table tournament (to %s): %q", n.Chat, n.Text))
		}
	}
	return bad
}
