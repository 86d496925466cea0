package bot_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// handSpy is a store that keeps every hand a table starts: the seats
// dealt in, their players and the button and blinds.
type handSpy struct {
	bot.Storage
	mu    sync.Mutex
	hands []spyHand
}

type spyPos struct {
	Button, SmallBlind, BigBlind int
	SmallBlindDead, HeadsUp      bool
}

type spyHand struct {
	Table int64
	Order []int    // table seats 0..n-1, the engine's button first
	Names []string // by engine seat
	Pos   *spyPos  // seats 1..n
	NoSB  bool
}

func (s *handSpy) CommitTables(ctx context.Context, writes []*bot.TableWrite) error {
	err := s.Storage.CommitTables(ctx, writes)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, w := range writes {
		if w.NewHand == nil {
			continue
		}
		h := spyHand{Table: w.TableID, NoSB: w.NewHand.NoSmallBlind}
		_ = json.Unmarshal([]byte(w.NewHand.Tag), &h)
		s.hands = append(s.hands, h)
	}
	return nil
}

func (s *handSpy) all() []spyHand {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]spyHand(nil), s.hands...)
}

// spyOn restarts the harness's room on a store that records the hands.
func spyOn(h *harness) *handSpy {
	h.room.Close()
	spy := &handSpy{Storage: h.store}
	h.reopenWith(spy)
	return spy
}

// tableHand is a hand as one table dealt it: seat (1..n) to player.
type tableHand struct {
	spyHand
	seats map[int]string
}

func byTable(hands []spyHand) (map[int64][]tableHand, []int64) {
	out := map[int64][]tableHand{}
	var ids []int64
	for _, h := range hands {
		th := tableHand{spyHand: h, seats: map[int]string{}}
		if th.Pos == nil && len(h.Order) > 1 { // a hand dealt without positions: as the engine dealt it
			p := spyPos{Button: h.Order[0] + 1, SmallBlind: h.Order[1%len(h.Order)] + 1, HeadsUp: len(h.Order) == 2}
			p.BigBlind = h.Order[2%len(h.Order)] + 1
			if p.HeadsUp {
				p.SmallBlind, p.BigBlind = p.Button, h.Order[1]+1
			}
			th.Pos = &p
		}
		for k, s := range h.Order {
			th.seats[s+1] = h.Names[k]
		}
		if _, ok := out[h.Table]; !ok {
			ids = append(ids, h.Table)
		}
		out[h.Table] = append(out[h.Table], th)
	}
	return out, ids
}

// checkDeadButton checks every tournament hand of every table against
// the dead-button rule (R-SEAT-1..3, TDA 31-33): seat 1 (or the first
// player after it) has the first button; then the big blind moves to the
// next player dealt in after the last big blind, the small blind is the
// seat that was big blind (dead when empty), the button the seat that was
// small blind; heads-up the button posts the small blind and nobody
// posts the big blind twice in a row. The engine deals the blinds there.
func checkDeadButton(t *testing.T, hands map[int64][]tableHand) {
	t.Helper()
	for id, hs := range hands {
		for i, h := range hs {
			p := h.Pos
			if p == nil {
				t.Fatalf("table %d hand %d has no positions", id, i+1)
			}
			seat := func(k int) int { return h.Order[k] + 1 }
			dealt := func(s int) bool { _, ok := h.seats[s]; return ok }
			// What the engine was told matches the positions.
			switch {
			case p.HeadsUp:
				if len(h.Order) != 2 || seat(0) != p.Button || p.Button != p.SmallBlind || seat(1) != p.BigBlind {
					t.Errorf("table %d hand %d heads-up: order %v, %+v", id, i+1, h.Order, *p)
				}
			case p.SmallBlindDead:
				if !h.NoSB || seat(1) != p.BigBlind || dealt(p.SmallBlind) {
					t.Errorf("table %d hand %d dead small blind: order %v, %+v, engine's no small blind %v", id, i+1, h.Order, *p, h.NoSB)
				}
			default:
				if h.NoSB || seat(1) != p.SmallBlind || seat(2) != p.BigBlind {
					t.Errorf("table %d hand %d: order %v, %+v", id, i+1, h.Order, *p)
				}
			}
			n := 10
			if i == 0 {
				first := 1
				for !dealt(first) {
					first++
				}
				if p.Button != first {
					t.Errorf("table %d's first button on seat %d, want %d (R-SEAT-1)", id, p.Button, first)
				}
				continue
			}
			q := hs[i-1].Pos
			if !p.HeadsUp && (p.Button != q.SmallBlind || p.SmallBlind != q.BigBlind) {
				t.Errorf("table %d hand %d: button %d small blind %d after %+v (TDA 31)", id, i+1, p.Button, p.SmallBlind, *q)
			}
			for s := q.BigBlind%n + 1; s != p.BigBlind; s = s%n + 1 {
				if dealt(s) {
					t.Errorf("table %d hand %d: big blind %d skips seat %d after %d (TDA 31)", id, i+1, p.BigBlind, s, q.BigBlind)
					break
				}
			}
			if hs[i-1].seats[q.BigBlind] == h.seats[p.BigBlind] {
				t.Errorf("table %d hand %d: %s posts the big blind twice in a row (TDA 33)", id, i+1, h.seats[p.BigBlind])
			}
		}
	}
}

// R-SEAT-1, R-SEAT-2, R-SEAT-3 (TDA 31-33): a multi-table tournament's
// tables put the first button on seat 1 and then play a dead button,
// table by table, to the end.
func TestTourneyTablesPlayADeadButton(t *testing.T) {
	h := newHarness(t, 21)
	spy := spyOn(h)
	h.must("admin", "/tourney create Dead Button start=sng players=27 seats=9 speed=hyper bots=on")
	h.must("admin", "/tourney bots 27")
	h.playTourney(time.Minute, 600)
	hands, ids := byTable(spy.all())
	if len(ids) < 4 {
		t.Fatalf("tables played: %d", len(ids))
	}
	checkDeadButton(t, hands)
	dead := 0
	for _, hs := range hands {
		for _, x := range hs {
			if x.Pos.SmallBlindDead || (!x.Pos.HeadsUp && x.Order[0]+1 != x.Pos.Button) {
				dead++
			}
		}
	}
	if dead == 0 {
		t.Errorf("no hand with a dead button or small blind: the rule was never put to the test")
	}
}
