package tourney

import "testing"

// R-TRN-11
func TestSeatingStaysBalancedThroughRandomBusts(t *testing.T) {
	for _, size := range []int{2, 4, 6, 9, 10} {
		rng := testRand(uint64(size))
		n := 20 + rng.IntN(120)
		s, err := Draw(ids(n), size, rng)
		if err != nil {
			t.Fatal(err)
		}
		alive := ids(n)
		for len(alive) > 1 {
			// Play a hand at every table so positions exist, then bust
			// one to three players.
			for _, tb := range s.Tables {
				if tb.Count() >= 2 {
					if _, err := tb.StartHand(); err != nil {
						t.Fatal(err)
					}
				}
			}
			k := min(1+rng.IntN(3), len(alive)-1)
			for range k {
				i := rng.IntN(len(alive))
				if err := s.Remove(alive[i]); err != nil {
					t.Fatal(err)
				}
				alive = append(alive[:i], alive[i+1:]...)
			}
			s.Rebalance(rng)
			checkSeating(t, s, len(alive))
			need := (len(alive) + size - 1) / size
			if len(alive) <= s.FinalSize {
				need = 1
			}
			if len(s.Tables) != need {
				t.Fatalf("%d-max: %d players at %d tables, want %d", size, len(alive), len(s.Tables), need)
			}
		}
	}
}

// R-TRN-14
func TestProgressiveBountiesAreConservedOverRandomKnockouts(t *testing.T) {
	rng := testRand(14)
	for round := 0; round < 50; round++ {
		n := 2 + rng.IntN(40)
		b := NewBounties(ProgressiveKnockout)
		alive := ids(n)
		for _, e := range alive {
			_ = b.Add(e, Chips(1+rng.IntN(999)))
		}
		total := b.Outstanding()
		var paid Chips
		for len(alive) > 1 {
			vi := rng.IntN(len(alive))
			victim := alive[vi]
			alive = append(alive[:vi], alive[vi+1:]...)
			var winners []PotWinner
			for _, e := range alive {
				if rng.IntN(3) == 0 || len(winners) == 0 {
					winners = append(winners, PotWinner{Entry: e, StartStack: 100})
				}
			}
			pay, err := b.Knockout(victim, 100, winners)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range pay {
				paid += p.Cash
			}
		}
		own, _ := b.CollectOwn(alive[0])
		paid += own
		if paid != total || b.Outstanding() != 0 {
			t.Fatalf("round %d: paid %d of %d", round, paid, total)
		}
	}
}

// R-TRN-18
func TestDealSharesAlwaysSumToThePrizesDealt(t *testing.T) {
	rng := testRand(18)
	for k := 0; k < 300; k++ {
		n := 2 + rng.IntN(8)
		var rem []StackOf
		var parties []PlayerID
		for i := 0; i < n; i++ {
			p := PlayerID(rune('a' + i))
			rem = append(rem, StackOf{Player: p, Stack: Chips(1 + rng.IntN(100000))})
			parties = append(parties, p)
		}
		pool := Chips(n + rng.IntN(1_000_000))
		amounts, _ := PayoutRule{Kind: TopN, Places: n}.Payouts(n, pool)
		prizes := chipPrizes(amounts...)
		for _, m := range []DealMethod{ICMDeal, ChipChop} {
			d, err := MakeDeal(DealInput{Method: m, Remaining: rem, Parties: parties, Prizes: prizes})
			if err != nil {
				t.Fatal(err)
			}
			if s := sum(d.Shares); s != sum(amounts) {
				t.Fatalf("method %d: shares %v sum %d, want %d", m, d.Shares, s, sum(amounts))
			}
			for _, x := range d.Shares {
				if x < amounts[len(amounts)-1] {
					t.Fatalf("method %d: a share %d below the last payout %d", m, x, amounts[len(amounts)-1])
				}
			}
		}
	}
}
