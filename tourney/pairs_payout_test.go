package tourney

import "testing"

// R-TRN-19: the payout table of a pairs tournament is for its pairs: the
// entries of a pair count once, from registration on (13 members in 7
// pairs, one of a single member, pay as 7 entries do).
func TestPairsCountOnceInThePayoutTable(t *testing.T) {
	tr := newTourney(t, nil)
	register(t, tr, 13)
	for i, e := range tr.Entries() {
		if err := tr.SetPair(e.ID, i/2+1); err != nil { // pairs 1-6, and pair 7 of one member
			t.Fatal(err)
		}
	}
	if n, p := tr.PayoutEntries(), tr.Pairs(); n != 7 || p != 7 {
		t.Fatalf("13 members in 7 pairs: PayoutEntries %d, Pairs %d; want 7 and 7", n, p)
	}
	prizes, err := tr.Prizes()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := PayoutRule{Kind: Proportional}.Payouts(7, tr.PrizePool().Total)
	if len(prizes) != len(want) {
		t.Errorf("%d places paid, want %d (the table for 7 entries)", len(prizes), len(want))
	}
}
