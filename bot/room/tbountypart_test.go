package room_test

import "testing"

// R-TRN-2, R-TRN-14: a buy-in written prize+bounty+fee ("20+5+2") in a
// tournament that is not a knockout is refused: its bounty part was
// taken from every entrant and never paid to anyone (it went to the
// house as "unclaimed bounties" at the end).
func TestBountyPartNeedsAKnockout(t *testing.T) {
	h := newHarness(t, 7)
	for _, tc := range []struct{ opts, refused string }{
		{"buyin=20+5+2 start=sng players=2 seats=2", "tourney.bounty_part_off"},
		{"buyin=20+5+2 bounty=off start=+1h", "tourney.bounty_part_off"},
		{"buyin=20+5+2 bounty=ko start=sng players=2 seats=2", ""},
		{"buyin=20+5+2 bounty=pko start=+1h", ""},
		{"buyin=20+0+2 start=+1h", ""},
	} {
		line := "/tourney create Heads " + tc.opts
		if tc.refused != "" {
			h.fails("admin", line, tc.refused)
			continue
		}
		h.must("admin", line)
	}
}
