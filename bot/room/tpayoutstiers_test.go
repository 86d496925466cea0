package room_test

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// R-TRN-7 (REFERENCE.md: places below the final table are paid in tiers,
// "10-12: 2.2 each"): /tourney payouts lists a tier of equal prizes as one
// line. It listed every place: 450 lines for 3,000 entries, about 1,500
// for the 10,000 an event may take, past Telegram's 4,096 characters, so
// that the message lost its tail, the minimum cash with it.
func TestPayoutsListTiersOfEqualPrizesAsOneLine(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney create Big buyin=10 start=+1h players=5000 min=2 bots=on")
	h.must("admin", "/tourney bots 200") // 36 places paid

	text := h.must("alice", "/tourney payouts").Text
	if lines := strings.Count(text, "\n"); lines != 9+5 { // nine places, then 10-12, 13-15, 16-18, 19-27, 28-36
		t.Errorf("payouts of 200 entries: %d lines, %d characters:\n%s", lines, utf8.RuneCountInString(text), text)
	}
	for _, want := range []string{"\n1. ", "\n9. ", "\n10–12. ", "\n28–36. ", " each"} {
		if !strings.Contains(text, want) {
			t.Errorf("payouts lack %q:\n%s", want, text)
		}
	}
}
