package room_test

import (
	"context"
	"sync"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// seatCounter counts the table writes that end a hand, and those that
// rewrite the seats.
type seatCounter struct {
	bot.Storage
	mu           sync.Mutex
	ends, seated int
}

func (c *seatCounter) CommitTables(ctx context.Context, writes []*bot.TableWrite) error {
	c.mu.Lock()
	for _, w := range writes {
		if w.EndHand {
			c.ends++
		}
		if w.SaveSeats {
			c.seated++
		}
	}
	c.mu.Unlock()
	return c.Storage.CommitTables(ctx, writes)
}

// A table writes its seats when they changed, not at every hand's start
// and end: hands of three players who only check and call, with no
// top-up, sitting out or leaving between them, rewrite the seats at each
// end (the stacks moved) but not at the next start. The seats stored
// still balance the table's account (the harness checks the books).
func TestSeatsWrittenOnlyWhenChanged(t *testing.T) {
	h := newHarness(t, 5)
	c := &seatCounter{Storage: h.store}
	h.room.Close()
	h.reopenWith(c)
	h.must("admin", "/newtable nlhe 1/2")
	for _, u := range []string{"ana", "ben", "cy"} {
		h.must(u, "/join 100")
	}
	c.mu.Lock()
	c.ends, c.seated = 0, 0
	c.mu.Unlock()
	for range 5 {
		h.playToEnd(60)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ends < 5 || c.seated > c.ends+1 {
		t.Fatalf("%d hands ended, %d writes of the seats: want one a hand", c.ends, c.seated)
	}
}
