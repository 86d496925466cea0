package tourney

import (
	"errors"
	"testing"
)

// R-TRN-14
func TestKnockoutPaysTheWholeBountyToTheEliminator(t *testing.T) {
	b := NewBounties(Knockout)
	for e := EntryID(1); e <= 3; e++ {
		_ = b.Add(e, 5)
	}
	pay, err := b.Knockout(3, 1000, []PotWinner{{1, 4000}})
	if err != nil || len(pay) != 1 || pay[0].Cash != 5 || pay[0].Added != 0 {
		t.Fatalf("knockout %v %v", pay, err)
	}
	if b.Of(1) != 5 {
		t.Errorf("a plain knockout does not grow the eliminator's bounty: %d", b.Of(1))
	}
}

// R-TRN-14
func TestProgressiveKnockoutHalfCashHalfOnOwnHead(t *testing.T) {
	b := NewBounties(ProgressiveKnockout)
	for e := EntryID(1); e <= 4; e++ {
		_ = b.Add(e, 100)
	}
	total := b.Outstanding()
	var paid Chips
	pay, _ := b.Knockout(4, 500, []PotWinner{{1, 900}})
	if pay[0].Cash != 50 || pay[0].Added != 50 || b.Of(1) != 150 {
		t.Fatalf("first knockout %+v, bounty %d", pay, b.Of(1))
	}
	paid += pay[0].Cash
	// Player 1 (bounty 150) busted by 2: 75 cash, 75 added -> 175.
	pay, _ = b.Knockout(1, 1400, []PotWinner{{2, 1500}})
	if pay[0].Cash != 75 || b.Of(2) != 175 {
		t.Fatalf("second knockout %+v, bounty %d", pay, b.Of(2))
	}
	paid += pay[0].Cash
	// Odd amounts: 175 -> 88 cash (the odd chip), 87 added.
	pay, _ = b.Knockout(2, 2900, []PotWinner{{3, 3000}})
	if pay[0].Cash != 88 || pay[0].Added != 87 {
		t.Fatalf("odd knockout %+v", pay)
	}
	paid += pay[0].Cash
	// The winner collects their own bounty; nothing is created or lost.
	own, err := b.CollectOwn(3)
	if err != nil || own != 187 {
		t.Fatalf("winner's own bounty %d %v", own, err)
	}
	paid += own
	if paid != total || b.Outstanding() != 0 {
		t.Errorf("paid %d of %d, outstanding %d", paid, total, b.Outstanding())
	}
	if _, err := b.CollectOwn(3); !errors.Is(err, ErrBountyCollected) {
		t.Errorf("collected twice: %v", err)
	}
}

// R-TRN-14
func TestBountyGoesOnlyToCoveringPotWinnersSplitOddChipEarliest(t *testing.T) {
	b := NewBounties(Knockout)
	for e := EntryID(1); e <= 4; e++ {
		_ = b.Add(e, 11)
	}
	// Entry 4 (1000 chips) busts; the pot holding their last chips is split
	// between 2 (1000, covers exactly) and 3 (2000); 1 (500) won a smaller
	// side pot's share but did not cover.
	pay, err := b.Knockout(4, 1000, []PotWinner{{1, 500}, {2, 1000}, {3, 2000}})
	if err != nil {
		t.Fatal(err)
	}
	if len(pay) != 2 || pay[0].Entry != 2 || pay[0].Cash != 6 || pay[1].Entry != 3 || pay[1].Cash != 5 {
		t.Errorf("split bounty %+v, want 6 to entry 2 (earliest) and 5 to 3", pay)
	}
	if _, err := b.Knockout(1, 500, []PotWinner{{2, 100}}); !errors.Is(err, ErrNoCoveringWinner) {
		t.Errorf("winner who did not cover: %v", err)
	}
	if b.Of(1) != 11 {
		t.Errorf("a refused knockout must keep the bounty")
	}
	if _, err := NewBounties(NoBounty).Knockout(1, 1, nil); !errors.Is(err, ErrNotBountyEvent) {
		t.Errorf("no-bounty event: %v", err)
	}
}
