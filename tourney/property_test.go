package tourney

import (
	"fmt"
	"testing"
	"time"
)

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
			if _, err := s.Rebalance(rng); err != nil {
				t.Fatal(err)
			}
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

// R-TRN-1, R-TRN-3, R-TRN-4, R-TRN-7, R-TRN-11, R-TRN-20: random
// configurations driven by random calls (registrations, starts, busts,
// rebuys, add-ons, disqualifications, withdrawals, knockouts) never panic;
// between hands every player still in sits exactly once at tables within
// one player of each other; and a finished tournament places every
// entry that was not disqualified and pays exactly its prizes.
func TestRandomOperationsKeepTheTournamentConsistent(t *testing.T) {
	sizes := []int{2, 4, 6, 9, 10}
	finished := 0
	for seed := uint64(0); seed < 1500; seed++ {
		rng := testRand(seed)
		cfg := Config{
			Kind: Kind(rng.IntN(2)), StartAt: t0, TableSize: sizes[rng.IntN(len(sizes))],
			BuyIn:      BuyIn{Prize: Chips(rng.IntN(50)), Bounty: Chips(rng.IntN(3)), Fee: 1},
			Structure:  SitAndGoPreset(Speed(rng.IntN(3))),
			Payout:     PayoutRule{Kind: PayoutKind(rng.IntN(3)), Places: 1 + rng.IntN(5), Unit: Chips(rng.IntN(3))},
			MinPlayers: rng.IntN(5), MaxPlayers: rng.IntN(30), Guarantee: Chips(rng.IntN(500)),
			LateRegistration: rng.IntN(2) == 0, MaxEntries: rng.IntN(4),
			Rebuys: RebuyRules{Limit: rng.IntN(3), Price: 10}, Anonymous: rng.IntN(2) == 0,
			Bounty: BountyMode(rng.IntN(3)), LeagueShare: rng.IntN(1000),
		}
		if rng.IntN(4) == 0 {
			cfg.AddOn = AddOnRules{Price: 5, Stack: 1000}
		}
		if rng.IntN(5) == 0 {
			cfg.Tickets = &TicketRule{SeatValue: Chips(1 + rng.IntN(200)), Leftover: LeftoverRule(rng.IntN(2)), SatelliteBuyIn: Chips(1 + rng.IntN(20))}
		}
		tr, err := New(cfg)
		if err != nil {
			continue // a configuration Validate refuses
		}
		_ = tr.OpenRegistration()
		entry := func() EntryID { return EntryID(1 + rng.IntN(len(tr.Entries())+1)) }
		for step := 0; step < 400 && tr.State() != Finished && tr.State() != Cancelled; step++ {
			p := PlayerID(fmt.Sprint("p", rng.IntN(40)))
			switch rng.IntN(12) {
			case 0, 1:
				_, _ = tr.Register(p, string(p), Payment{}, rng)
			case 2:
				_ = tr.Start(t0.Add(time.Duration(rng.IntN(3)-1)*time.Hour), rng)
			case 3, 4, 5:
				var hand []Bust
				for range 1 + rng.IntN(3) {
					hand = append(hand, Bust{Entry: entry(), StartStack: Chips(rng.IntN(3))})
				}
				_ = tr.Eliminate(hand)
			case 6:
				_, _ = tr.Rebuy(entry(), Chips(rng.IntN(3000)))
			case 7:
				_ = tr.EndRebuyPeriod()
				_, _ = tr.AddOn(entry())
			case 8:
				_ = tr.CloseLateRegistration()
			case 9:
				_, _ = tr.Disqualify(entry(), 100)
			case 10:
				_ = tr.Unregister(p)
				tr.Refuse(PlayerID(fmt.Sprint("p", rng.IntN(80))))
			case 11:
				if b := tr.Bounties(); b != nil {
					_, _ = b.Knockout(entry(), 5, []PotWinner{{entry(), Chips(rng.IntN(10))}})
				}
			}
			_, _ = tr.Prizes()
			if s := tr.Seating(); s != nil {
				for _, tb := range s.Tables {
					if tb.Count() >= 2 {
						_, _ = tb.StartHand()
					}
				}
				if _, err := s.Rebalance(rng); err != nil {
					t.Fatal(err)
				}
				if st := tr.State(); st == LateRegistration || st == Running || st == FinalTable {
					checkSeating(t, s, tr.Active())
				}
			}
		}
		if tr.State() != Finished {
			continue
		}
		finished++
		res, err := tr.Results()
		if err != nil {
			t.Fatalf("seed %d: results: %v", seed, err)
		}
		prizes, _ := tr.Prizes()
		var want, got Chips
		for _, x := range prizes {
			want += x.Chips
		}
		for _, r := range res {
			got += r.Prize
		}
		if (len(res) >= len(prizes) || cfg.Tickets == nil) && got != want {
			t.Fatalf("seed %d: results pay %d, prizes are %d", seed, got, want)
		}
		placed := 0
		for _, e := range tr.Entries() {
			if !e.Disqualified {
				placed++
			}
		}
		if len(res) != placed {
			t.Fatalf("seed %d: %d results for %d entries not disqualified", seed, len(res), placed)
		}
	}
	t.Logf("%d random tournaments finished", finished)
	if finished < 100 {
		t.Errorf("only %d random tournaments finished: the test drives too little", finished)
	}
}
