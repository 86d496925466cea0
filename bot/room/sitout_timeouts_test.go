package room_test

import (
	"regexp"
	"testing"
	"time"
)

// R-CASH-4, seed 003 #18 ("una vez al día, hasta un máximo de dos
// jugadores por mesa, podrán hacer uso de 20 minutos de libre
// disponibilidad"): the limit of two at once is on the time away players
// ask for. Two players sat out by their timeouts (R-TIME-2) did not take
// it: a third who asks for it is not refused because of them.
func TestPlayersSatOutByTimeoutsDoNotCountTowardsTwoAtOnce(t *testing.T) {
	h := newHarness(t, 10)
	h.must("admin", "/newtable nlhe 1/2 seats=4")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cy", "/join 100 post")
	h.must("dee", "/join 100 post")
	h.playToEnd(40)
	satOut := func(u string) bool {
		return regexp.MustCompile(`(?m)^[▶ ] \d+  ` + u + `  \d+.*sitting out`).MatchString(h.table().Text)
	}
	for range 200 {
		if satOut("ben") && satOut("cy") {
			break
		}
		switch who := h.toAct(); who {
		case "":
			h.sleep(5 * time.Second)
		case "ben", "cy":
			h.sleep(3 * time.Minute) // times out (R-TIME-2)
		default:
			if _, err := h.do(who, "/check"); err != nil {
				h.must(who, "/fold")
			}
		}
	}
	if !satOut("ben") || !satOut("cy") {
		t.Fatalf("ben and cy not sat out by their timeouts:\n%s", h.table().Text)
	}
	h.must("ana", "/sitout")
	h.checkBooks()
}
