package room_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// loseAfterEnd wraps the store: once armed, the first write after a
// hand's end (a leaver's standing up) is lost.
type loseAfterEnd struct {
	bot.Storage
	armed atomic.Bool
	ended atomic.Bool
	hit   atomic.Bool
}

func (c *loseAfterEnd) CommitTables(ctx context.Context, ws []*bot.TableWrite) error {
	if c.armed.Load() && !c.hit.Load() {
		ends := false
		for _, w := range ws {
			ends = ends || w.EndHand
		}
		if ends {
			c.ended.Store(true)
		} else if c.ended.Load() {
			c.hit.Store(true)
			return errors.New("lost (injected)")
		}
	}
	return c.Storage.CommitTables(ctx, ws)
}

// A player who asked to leave during a hand (/leave: "You stand up when
// this hand ends") stands up, their chips to their wallet, also when the
// write that stood them up at the hand's end was lost (the table reloads
// what the store holds: the seat still marked leaving). Before, the mark
// stayed: the player was never dealt in again nor stood up, their chips
// held at the table until they typed /leave again.
func TestALeaveSurvivesALostWriteAtTheHandsEnd(t *testing.T) {
	h := newHarness(t, 16)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cy", "/join 100 post")
	h.playToEnd(40)
	c := &loseAfterEnd{Storage: h.store}
	h.room.Close()
	h.reopenWith(c)
	var leaver string
	for _, u := range []string{"ana", "ben", "cy"} {
		if u != h.toAct() {
			leaver = u
			break
		}
	}
	if r := h.must(leaver, "/leave"); !strings.Contains(r.Text, "when this hand ends") {
		t.Fatalf("%s's /leave: %q", leaver, r.Text)
	}
	c.armed.Store(true)
	for range 40 {
		if h.toAct() == "" || !strings.Contains(h.table().Text, " "+leaver+" ") {
			break
		}
		h.must(h.toAct(), "/fold")
	}
	h.sleep(10 * time.Second)
	if !c.hit.Load() {
		t.Fatal("no write lost after the hand's end")
	}
	if v := h.table().Text; strings.Contains(v, " "+leaver+" ") {
		t.Fatalf("%s, who asked to leave, is still seated:\n%s", leaver, v)
	}
	h.checkBooks()
}
