package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-CASH-4 (seed 003 #18): the grace to come back runs from the warning
// that the time away is up. When the room was down as the sit-out time
// passed, the warning comes at the restart, and the seat is not freed
// within the same minute, the warning's "/back within 5 min" notwithstanding.
func TestSitOutGraceRunsFromTheWarningAfterDowntime(t *testing.T) {
	h := newHarness(t, 10)
	h.must("admin", "/newtable nlhe 1/2 seats=3 sitout=2m")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cy", "/join 100 post")
	h.playToEnd(40)            // cy is dealt the next hand (seed 003 #19)
	h.must("dee", "/join 100") // the table is full: dee waits
	h.must("cy", "/sitout")
	h.close()
	h.clock.Advance(20 * time.Minute) // down past the sit-out time and its grace
	h.open()
	h.sleep(time.Minute)
	got := strings.Join(h.private("cy"), "\n")
	if !strings.Contains(got, "Your time away from #1 is up: /back within 5 min") {
		t.Fatalf("cy not warned after the restart: %q", got)
	}
	if strings.Contains(got, "is freed") {
		t.Fatalf("cy's seat freed within a minute of the warning that gave 5: %q", got)
	}
	h.must("cy", "/back") // within the grace: the seat is kept
	h.checkBooks()
}
