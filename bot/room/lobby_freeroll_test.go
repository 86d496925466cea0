package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-6, R-TRN-7: a freeroll without a guarantee has a prize pool of
// nothing: its lobby names no places paid ("Paid: 1 place" promised a
// prize of 0); the same freeroll with a guarantee pays its places.
func TestAFreerollWithoutAGuaranteeNamesNoPlacesPaid(t *testing.T) {
	for _, tc := range []struct {
		name, create string
		paid         bool
	}{
		{"no guarantee", "/tourney create Free start=+1m seats=6 min=2 bots=on", false},
		{"a guarantee", "/tourney create Free guarantee=300 start=+1m seats=6 min=2 bots=on", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarnessWith(t, t.TempDir()+"/room.db", 9, time.Second)
			h.must("admin", tc.create)
			h.must("alice", "/register")
			h.must("admin", "/tourney bots 5")
			text := h.lobby().Text
			if !strings.Contains(text, "Freeroll") && !strings.Contains(text, "freeroll") {
				t.Fatalf("not a freeroll's lobby:\n%s", text)
			}
			if got := strings.Contains(text, "\nPaid: "); got != tc.paid {
				t.Errorf("the lobby names places paid: %v, want %v:\n%s", got, tc.paid, text)
			}
		})
	}
}
