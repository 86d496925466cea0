package tourney

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

var t0 = time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)

func newTourney(t *testing.T, mutate func(*Config)) *Tournament {
	t.Helper()
	cfg := Config{
		Name: "test", Kind: Scheduled, StartAt: t0, TableSize: 9, MinPlayers: 2,
		BuyIn: BuyIn{Prize: 10, Fee: 1}, Structure: MultiTablePreset(Normal),
		Payout: PayoutRule{Kind: Proportional},
	}
	if mutate != nil {
		mutate(&cfg)
	}
	tr, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.OpenRegistration(); err != nil {
		t.Fatal(err)
	}
	return tr
}

func register(t *testing.T, tr *Tournament, n int) {
	t.Helper()
	for i := 1; i <= n; i++ {
		p := PlayerID(fmt.Sprintf("p%d", i))
		if _, err := tr.Register(p, string(p), Payment{}, testRand(uint64(i))); err != nil {
			t.Fatalf("register %s: %v", p, err)
		}
	}
}

// R-TRN-1
func TestScheduledEventUnderMinimumIsCancelledAndRefunded(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.MinPlayers = 10 })
	register(t, tr, 8)
	_, _ = tr.Register("tix", "Tix", Payment{Ticket: "T-300"}, testRand(1))
	if err := tr.Start(t0.Add(-time.Minute), testRand(1)); !errors.Is(err, ErrTooEarly) {
		t.Errorf("start before the time: %v", err)
	}
	if tr.ShouldStart(t0.Add(-time.Second)) || !tr.ShouldStart(t0) {
		t.Errorf("ShouldStart around the start time")
	}
	if err := tr.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if tr.State() != Cancelled {
		t.Fatalf("state %v, want cancelled", tr.State())
	}
	refunds := tr.Refunds()
	if len(refunds) != 9 {
		t.Fatalf("%d refunds", len(refunds))
	}
	for _, r := range refunds {
		if r.Player == "tix" {
			if r.Ticket != "T-300" || r.Chips != 0 {
				t.Errorf("ticket entry refund %+v", r)
			}
		} else if r.Chips != 11 {
			t.Errorf("refund %+v, want the full 11", r)
		}
	}
	if _, err := tr.Register("late", "Late", Payment{}, testRand(1)); !errors.Is(err, ErrWrongState) {
		t.Errorf("register after cancel: %v", err)
	}
}

// R-TRN-1
func TestSitAndGoStartsWhenFull(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.Kind, c.MaxPlayers, c.Structure = SitAndGo, 6, SitAndGoPreset(Turbo) })
	register(t, tr, 5)
	if tr.ShouldStart(t0) {
		t.Errorf("should not start with 5 of 6")
	}
	if err := tr.Start(t0, testRand(1)); !errors.Is(err, ErrNotFull) {
		t.Errorf("start when not full: %v", err)
	}
	register(t, tr, 0)
	if _, err := tr.Register("p6", "p6", Payment{}, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Register("p7", "p7", Payment{}, testRand(1)); !errors.Is(err, ErrFull) {
		t.Errorf("seventh player: %v", err)
	}
	if !tr.ShouldStart(t0) {
		t.Fatalf("full sit-and-go should start")
	}
	if err := tr.Start(t0, testRand(2)); err != nil {
		t.Fatal(err)
	}
	if tr.State() != FinalTable || len(tr.Seating().Tables) != 1 {
		t.Errorf("a one-table sit-and-go plays its final table: %v", tr.State())
	}
}

// R-TRN-1
func TestLifecycleRunsToFinished(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.LateRegistration = true })
	register(t, tr, 20)
	if err := tr.Start(t0, testRand(3)); err != nil {
		t.Fatal(err)
	}
	if tr.State() != LateRegistration {
		t.Fatalf("state %v", tr.State())
	}
	if err := tr.CloseLateRegistration(); err != nil || tr.State() != Running {
		t.Fatalf("close late registration: %v %v", err, tr.State())
	}
	for e := EntryID(1); e <= 10; e++ {
		if err := tr.Eliminate([]Bust{{Entry: e, StartStack: 1000}}); err != nil {
			t.Fatal(err)
		}
		_, _ = tr.Seating().Rebalance(testRand(uint64(e)))
	}
	if tr.State() != FinalTable {
		t.Fatalf("10 left of a 9-max event: %v, want final table", tr.State())
	}
	for e := EntryID(11); e <= 19; e++ {
		_ = tr.Eliminate([]Bust{{Entry: e, StartStack: 1000}})
	}
	if tr.State() != Finished {
		t.Fatalf("state %v", tr.State())
	}
	if err := tr.Cancel(); !errors.Is(err, ErrWrongState) {
		t.Errorf("cancel after finish: %v", err)
	}
	res, err := tr.Results()
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Entry != 20 || res[0].Place != 1 || res[len(res)-1].Entry != 1 || res[len(res)-1].Place != 20 {
		t.Errorf("results %+v", res)
	}
	var paid Chips
	for _, r := range res {
		paid += r.Prize
	}
	if paid != tr.PrizePool().Total || paid != 200 {
		t.Errorf("paid %d of %d", paid, tr.PrizePool().Total)
	}
}

// R-TRN-2
func TestRegistrationInOrderTicketsFreerollsAndRefusal(t *testing.T) {
	tr := newTourney(t, nil)
	_, _ = tr.Register("b", "Bea", Payment{}, testRand(1))
	_, _ = tr.Register("a", "Ana", Payment{Ticket: "T1"}, testRand(1))
	tr.Refuse("z")
	if _, err := tr.Register("z", "Zed", Payment{}, testRand(1)); !errors.Is(err, ErrRefused) {
		t.Errorf("refused player registered: %v", err)
	}
	if _, err := tr.Register("b", "Bea", Payment{}, testRand(1)); !errors.Is(err, ErrAlreadyRegistered) {
		t.Errorf("double registration: %v", err)
	}
	es := tr.Entries()
	if len(es) != 2 || es[0].Player != "b" || es[1].Player != "a" || es[1].Ticket != "T1" {
		t.Errorf("entries %+v, want Bea then Ana (order of request)", es)
	}
	if pp := tr.PrizePool(); pp.Collected != 20 {
		t.Errorf("a ticket entry counts in the pool: %+v", pp)
	}
	// Refusing a registered player cancels their entry with a refund.
	tr.Refuse("b")
	if len(tr.Entries()) != 1 || len(tr.Refunds()) != 1 || tr.Refunds()[0].Chips != 11 {
		t.Errorf("after refusal: %+v %+v", tr.Entries(), tr.Refunds())
	}
	free := newTourney(t, func(c *Config) { c.BuyIn = BuyIn{} })
	register(t, free, 3)
	if free.PrizePool().Collected != 0 {
		t.Errorf("freeroll pool %+v", free.PrizePool())
	}
	if _, err := New(Config{TableSize: 7, Structure: SitAndGoPreset(Normal)}); !errors.Is(err, ErrBadTableSize) {
		t.Errorf("7-max: %v", err)
	}
	if _, err := New(Config{TableSize: 9, Structure: SitAndGoPreset(Normal), Rebuys: RebuyRules{Limit: 100}}); !errors.Is(err, ErrBadRebuyLimit) {
		t.Errorf("rebuy limit 100: %v", err)
	}
}

// R-TRN-3
func TestReEntryNamesAndLimit(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.LateRegistration, c.MaxEntries = true, 3 })
	register(t, tr, 12)
	if _, err := tr.Register("ana", "Ana", Payment{}, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if err := tr.Start(t0, testRand(4)); err != nil {
		t.Fatal(err)
	}
	var names []string
	for k := 0; k < 2; k++ {
		var id EntryID
		for _, e := range tr.Entries() {
			if e.Player == "ana" && !e.Out {
				id = e.ID
			}
		}
		if k == 0 {
			if _, err := tr.Register("ana", "Ana", Payment{}, testRand(5)); !errors.Is(err, ErrAlreadyRegistered) {
				t.Errorf("re-entry while still in: %v", err)
			}
		}
		if err := tr.Eliminate([]Bust{{Entry: id, StartStack: 500}}); err != nil {
			t.Fatal(err)
		}
		reg, err := tr.Register("ana", "Ana", Payment{}, testRand(uint64(6+k)))
		if err != nil {
			t.Fatal(err)
		}
		if reg.Chips != tr.Config().Structure.StartingStack || reg.Seat.Table == 0 {
			t.Errorf("re-entry gets a full stack and a new seat: %+v", reg)
		}
		names = append(names, reg.Entry.Name)
	}
	if names[0] != "Ana [2]" || names[1] != "Ana [3]" {
		t.Errorf("names %v", names)
	}
	for _, e := range tr.Entries() {
		if e.Player == "ana" && !e.Out {
			_ = tr.Eliminate([]Bust{{Entry: e.ID, StartStack: 1}})
		}
	}
	if _, err := tr.Register("ana", "Ana", Payment{}, testRand(9)); !errors.Is(err, ErrReentryLimit) {
		t.Errorf("fourth entry: %v", err)
	}
	if pp := tr.PrizePool(); pp.Collected != 15*10 {
		t.Errorf("every entry pays: pool %+v", pp)
	}
	_ = tr.CloseLateRegistration()
	if _, err := tr.Register("bob", "Bob", Payment{}, testRand(9)); !errors.Is(err, ErrWrongState) {
		t.Errorf("registration after late registration: %v", err)
	}
}

// R-TRN-4
func TestRebuysAddOnAndFreezeout(t *testing.T) {
	tr := newTourney(t, func(c *Config) {
		c.Rebuys = RebuyRules{Limit: 2, Price: 10}
		c.AddOn = AddOnRules{Price: 10, Stack: 20000}
	})
	register(t, tr, 10)
	if _, err := tr.Rebuy(1, 0); !errors.Is(err, ErrRebuyClosed) {
		t.Errorf("rebuy before the start: %v", err)
	}
	_ = tr.Start(t0, testRand(1))
	start := tr.Config().Structure.StartingStack
	if _, err := tr.Rebuy(1, start+1); !errors.Is(err, ErrRebuyStackTooHigh) {
		t.Errorf("rebuy above the starting stack: %v", err)
	}
	for k := 0; k < 2; k++ {
		got, err := tr.Rebuy(1, start)
		if err != nil || got != start {
			t.Fatalf("rebuy %d: %d %v", k+1, got, err)
		}
	}
	if _, err := tr.Rebuy(1, 0); !errors.Is(err, ErrRebuyLimit) {
		t.Errorf("third rebuy with limit 2: %v", err)
	}
	if _, err := tr.AddOn(1); !errors.Is(err, ErrAddOnClosed) {
		t.Errorf("add-on during the rebuy period: %v", err)
	}
	_ = tr.EndRebuyPeriod()
	if _, err := tr.Rebuy(2, 0); !errors.Is(err, ErrRebuyClosed) {
		t.Errorf("rebuy after the period: %v", err)
	}
	if got, err := tr.AddOn(1); err != nil || got != 20000 {
		t.Fatalf("add-on %d %v", got, err)
	}
	if _, err := tr.AddOn(1); !errors.Is(err, ErrAddOnTaken) {
		t.Errorf("second add-on: %v", err)
	}
	if pp := tr.PrizePool(); pp.Collected != 100+20+10 || pp.Final {
		t.Errorf("pool %+v", pp)
	}
	tr.CloseAddOn()
	if !tr.PrizePool().Final {
		t.Errorf("pool should be final once the add-on closes")
	}
	// 99 means unlimited.
	un := newTourney(t, func(c *Config) { c.Rebuys = RebuyRules{Limit: Unlimited, Price: 5, Stack: 500} })
	register(t, un, 2)
	_ = un.Start(t0, testRand(1))
	for k := 0; k < 150; k++ {
		if got, err := un.Rebuy(1, 0); err != nil || got != 500 {
			t.Fatalf("unlimited rebuy %d: %v", k+1, err)
		}
	}
	// Freezeout: neither.
	fz := newTourney(t, nil)
	register(t, fz, 2)
	_ = fz.Start(t0, testRand(1))
	if _, err := fz.Rebuy(1, 0); !errors.Is(err, ErrNoRebuys) {
		t.Errorf("freezeout rebuy: %v", err)
	}
	if _, err := fz.AddOn(1); !errors.Is(err, ErrNoAddOn) {
		t.Errorf("freezeout add-on: %v", err)
	}
}

// R-TRN-5
func TestLateRegistrationFullStackRandomSeat(t *testing.T) {
	seats := map[Placement]bool{}
	for seed := uint64(1); seed <= 8; seed++ {
		tr := newTourney(t, func(c *Config) { c.LateRegistration = true })
		register(t, tr, 15)
		_ = tr.Start(t0, testRand(seed))
		reg, err := tr.Register("late", "Late", Payment{}, testRand(seed+100))
		if err != nil {
			t.Fatal(err)
		}
		if reg.Chips != 10000 {
			t.Errorf("late stack %d", reg.Chips)
		}
		if p, ok := tr.Seating().Where(reg.Entry.ID); !ok || p != reg.Seat {
			t.Errorf("seat %v not recorded", reg.Seat)
		}
		seats[reg.Seat] = true
	}
	if len(seats) < 3 {
		t.Errorf("late seats not random: %v", seats)
	}
}

// R-TRN-6
func TestPrizePoolRegularAndGuaranteed(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.Guarantee = 500; c.LateRegistration = true })
	register(t, tr, 30)
	pp := tr.PrizePool()
	if pp.Collected != 300 || pp.Overlay != 200 || pp.Total != 500 {
		t.Errorf("guaranteed with overlay %+v", pp)
	}
	register(t, tr, 0)
	for i := 31; i <= 60; i++ {
		_, _ = tr.Register(PlayerID(fmt.Sprint("q", i)), "Q", Payment{}, testRand(1))
	}
	_ = tr.Start(t0, testRand(1))
	for i := 61; i <= 70; i++ {
		_, _ = tr.Register(PlayerID(fmt.Sprint("q", i)), "Q", Payment{}, testRand(uint64(i)))
	}
	pp = tr.PrizePool()
	if pp.Collected != 700 || pp.Overlay != 0 || pp.Total != 700 || pp.Final {
		t.Errorf("pool past the guarantee during late registration %+v", pp)
	}
	_ = tr.CloseLateRegistration()
	if !tr.PrizePool().Final {
		t.Errorf("pool fixed when late registration closes")
	}
	kb := newTourney(t, func(c *Config) { c.BuyIn = BuyIn{Prize: 20, Bounty: 5, Fee: 2}; c.Bounty = Knockout })
	register(t, kb, 4)
	_ = kb.Start(t0, testRand(1))
	if pp := kb.PrizePool(); pp.Total != 80 || pp.Bounties != 20 || kb.Bounties().Outstanding() != 20 {
		t.Errorf("knockout pool %+v", pp)
	}
}

// R-TRN-7
func TestSameHandBustsRankedByStartingStacksAndTiesShare(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.Payout = PayoutRule{Kind: TopN, Weights: []int64{50, 30, 20}} })
	register(t, tr, 6) // pool 60: 30/18/12
	_ = tr.Start(t0, testRand(1))
	// 6 and 5 bust in one hand: 5 started with more, so 6 is sixth.
	if err := tr.Eliminate([]Bust{{Entry: 5, StartStack: 900}, {Entry: 6, StartStack: 300}}); err != nil {
		t.Fatal(err)
	}
	// 3 and 4 bust together with equal stacks: they tie for third.
	_ = tr.Eliminate([]Bust{{Entry: 3, StartStack: 700}, {Entry: 4, StartStack: 700}})
	_ = tr.Eliminate([]Bust{{Entry: 2, StartStack: 100}})
	res, err := tr.Results()
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		e     EntryID
		place int
		prize Chips
	}{{1, 1, 30}, {2, 2, 18}, {3, 3, 6}, {4, 3, 6}, {5, 5, 0}, {6, 6, 0}}
	for i, w := range want {
		r := res[i]
		if r.Entry != w.e || r.Place != w.place || r.Prize != w.prize {
			t.Errorf("result %d = %+v, want entry %d place %d prize %d", i, r, w.e, w.place, w.prize)
		}
	}
	if err := tr.Eliminate([]Bust{{Entry: 1}}); !errors.Is(err, ErrWrongState) {
		t.Errorf("eliminate after finish: %v", err)
	}
}

// R-TRN-13
func TestAnonymousTournamentShowsPseudonymsThenRealNames(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.Anonymous = true; c.Payout = PayoutRule{Kind: WinnerTakesAll} })
	_, _ = tr.Register("a", "Ana", Payment{}, testRand(1))
	_, _ = tr.Register("b", "Bea", Payment{}, testRand(1))
	_, _ = tr.Register("c", "Cai", Payment{}, testRand(1))
	_ = tr.Start(t0, testRand(2))
	aliases := map[string]bool{}
	for id := EntryID(1); id <= 3; id++ {
		n, _ := tr.DisplayName(id)
		if n == "Ana" || n == "Bea" || n == "Cai" || len(n) < len("Anonymous 1") {
			t.Errorf("entry %d shown as %q during play", id, n)
		}
		aliases[n] = true
	}
	if len(aliases) != 3 {
		t.Errorf("pseudonyms not distinct: %v", aliases)
	}
	_ = tr.Eliminate([]Bust{{Entry: 2, StartStack: 10}})
	if n, _ := tr.DisplayName(2); n != "Bea" {
		t.Errorf("busted player shown as %q, want the real name", n)
	}
	_ = tr.Eliminate([]Bust{{Entry: 3, StartStack: 10}})
	res, _ := tr.Results()
	if res[0].Name != "Ana" || res[1].Name != "Cai" || res[2].Name != "Bea" {
		t.Errorf("final results use real names: %+v", res)
	}
}

// R-TRN-20
func TestDisqualificationRemovesChipsFromPlay(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.Payout = PayoutRule{Kind: TopN, Weights: []int64{60, 40}} })
	register(t, tr, 4)
	_ = tr.Start(t0, testRand(1))
	removed, err := tr.Disqualify(2, 7300)
	if err != nil || removed != 7300 || tr.RemovedChips() != 7300 {
		t.Fatalf("disqualify: %d %v", removed, err)
	}
	if _, ok := tr.Seating().Where(2); ok {
		t.Errorf("disqualified player still seated")
	}
	if tr.Active() != 3 {
		t.Errorf("active %d", tr.Active())
	}
	if _, err := tr.Disqualify(2, 1); !errors.Is(err, ErrAlreadyOut) {
		t.Errorf("disqualified twice: %v", err)
	}
	_ = tr.Eliminate([]Bust{{Entry: 4, StartStack: 1}})
	_ = tr.Eliminate([]Bust{{Entry: 3, StartStack: 1}})
	res, _ := tr.Results()
	for _, r := range res {
		if r.Entry == 2 {
			t.Errorf("disqualified entry placed: %+v", r)
		}
	}
	if res[0].Entry != 1 || res[0].Prize != 24 || res[1].Entry != 3 || res[1].Prize != 16 {
		t.Errorf("results %+v", res)
	}
}

// R-TRN-12
func TestFinishByChipsRanksTheRemainingStacks(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.Payout = PayoutRule{Kind: TopN, Weights: []int64{50, 30, 20}} })
	register(t, tr, 5)
	_ = tr.Start(t0, testRand(1))
	_ = tr.Eliminate([]Bust{{Entry: 5, StartStack: 10}})
	if err := tr.FinishByChips(map[EntryID]Chips{1: 100, 2: 900, 3: 400}); !errors.Is(err, ErrUnknownEntry) {
		t.Errorf("missing stack: %v", err)
	}
	if err := tr.FinishByChips(map[EntryID]Chips{1: 100, 2: 900, 3: 400, 4: 400}); err != nil {
		t.Fatal(err)
	}
	st := tr.Standings()
	if st[0].Entry != 2 || st[0].Place != 1 || st[1].Place != 2 || st[1].Tied != 2 || st[3].Entry != 1 || st[4].Entry != 5 {
		t.Errorf("standings %+v", st)
	}
}

// R-TRN-14
func TestBountiesFollowEntriesAfterWithdrawals(t *testing.T) {
	tr := newTourney(t, func(c *Config) {
		c.BuyIn, c.Bounty, c.LateRegistration = BuyIn{Prize: 10, Bounty: 10, Fee: 1}, ProgressiveKnockout, true
	})
	register(t, tr, 4)
	if err := tr.Unregister("p2"); err != nil {
		t.Fatal(err)
	}
	if err := tr.Unregister("p2"); !errors.Is(err, ErrNotRegistered) {
		t.Errorf("unregister twice: %v", err)
	}
	_ = tr.Start(t0, testRand(1))
	_, _ = tr.Register("late", "Late", Payment{}, testRand(2))
	b := tr.Bounties()
	if b.Outstanding() != 40 {
		t.Errorf("bounties %d, want 4 entries x 10", b.Outstanding())
	}
	for _, e := range tr.Entries() {
		if b.Of(e.ID) != 10 {
			t.Errorf("entry %d bounty %d", e.ID, b.Of(e.ID))
		}
	}
	if c := tr.Clock(); !c.Start.Equal(t0) {
		t.Errorf("clock starts %v", c.Start)
	}
	if _, n, ok := tr.Clock().LevelForNextHand(t0.Add(13 * time.Minute)); !ok || n != 2 {
		t.Errorf("level %d at +13m", n)
	}
}

// R-TRN-15
func TestSatelliteTournamentPaysSeatsAndTiesShareAsTournamentMoney(t *testing.T) {
	tr := newTourney(t, func(c *Config) {
		c.BuyIn = BuyIn{Prize: 30, Fee: 3}
		c.Tickets = &TicketRule{SeatValue: 300, Leftover: LeftoverInDoubleBuyIns, SatelliteBuyIn: 30}
	})
	register(t, tr, 25)
	_ = tr.Start(t0, testRand(1))
	for e := EntryID(25); e >= 6; e-- {
		_ = tr.Eliminate([]Bust{{Entry: e, StartStack: 100}})
	}
	// 5th and 4th... : entries 4 and 5 tie for 4th (60 + 30 = 90: 45 each).
	_ = tr.Eliminate([]Bust{{Entry: 4, StartStack: 50}, {Entry: 5, StartStack: 50}})
	// Entries 2 and 3 bust together with equal stacks: they tie for 2nd,
	// covering a seat and 60 chips: 180 each as tournament money.
	_ = tr.Eliminate([]Bust{{Entry: 2, StartStack: 70}, {Entry: 3, StartStack: 70}})
	res, err := tr.Results()
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		kind  PrizeKind
		prize Chips
	}{{SeatPrize, 300}, {TournamentMoney, 180}, {TournamentMoney, 180}, {ChipPrize, 45}, {ChipPrize, 45}, {ChipPrize, 0}}
	for i, w := range want {
		if res[i].Kind != w.kind || res[i].Prize != w.prize {
			t.Errorf("place %d: %v %d, want %v %d", res[i].Place, res[i].Kind, res[i].Prize, w.kind, w.prize)
		}
	}
	var total Chips
	for _, r := range res {
		total += r.Prize
	}
	if total != 750 {
		t.Errorf("paid %d of 750", total)
	}
}

// R-TRN-20, R-TRN-3
func TestDisqualifiedPlayerCannotReEnter(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.LateRegistration, c.MaxEntries = true, 3 })
	register(t, tr, 6)
	if err := tr.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Disqualify(2, 5000); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Register("p2", "p2", Payment{}, testRand(2)); !errors.Is(err, ErrDisqualified) {
		t.Errorf("re-entry after disqualification: %v, want %v", err, ErrDisqualified)
	}
	// A busted (not disqualified) player may still re-enter.
	if err := tr.Eliminate([]Bust{{Entry: 3, StartStack: 10}}); err != nil {
		t.Fatal(err)
	}
	if reg, err := tr.Register("p3", "p3", Payment{}, testRand(3)); err != nil || reg.Entry.Name != "p3 [2]" {
		t.Errorf("re-entry after a bust: %+v, %v", reg, err)
	}
}

// R-TRN-4: with no rebuys the add-on comes when late registration ends
// (seed 000); with neither there is no moment to offer it.
func TestAddOnWithoutRebuysIsOfferedWhenLateRegistrationCloses(t *testing.T) {
	tr := newTourney(t, func(c *Config) {
		c.LateRegistration = true
		c.AddOn = AddOnRules{Price: 10, Stack: 15000}
	})
	register(t, tr, 4)
	if err := tr.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.AddOn(1); !errors.Is(err, ErrAddOnClosed) {
		t.Errorf("add-on during late registration: %v", err)
	}
	if err := tr.CloseLateRegistration(); err != nil {
		t.Fatal(err)
	}
	if got, err := tr.AddOn(1); err != nil || got != 15000 {
		t.Fatalf("add-on after late registration: %d, %v", got, err)
	}
	if _, err := tr.AddOn(1); !errors.Is(err, ErrAddOnTaken) {
		t.Errorf("second add-on: %v", err)
	}
	if pp := tr.PrizePool(); pp.Final || pp.Collected != 4*10+10 {
		t.Errorf("pool while the add-on is open: %+v", pp)
	}
	tr.CloseAddOn()
	if !tr.PrizePool().Final {
		t.Errorf("pool not final after the add-on")
	}

	cfg := Config{Kind: Scheduled, TableSize: 9, Structure: SitAndGoPreset(Normal), AddOn: AddOnRules{Price: 10, Stack: 15000}}
	if _, err := New(cfg); !errors.Is(err, ErrAddOnNoPeriod) {
		t.Errorf("add-on with neither rebuys nor late registration: %v", err)
	}
}

// R-TRN-20, R-TRN-7: disqualified entries take no place; when they leave
// fewer finishers than paid places the pool is still paid in full.
func TestDisqualificationsNeverLeaveThePoolUnpaid(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.Payout = PayoutRule{Kind: TopN, Weights: []int64{50, 30, 20}} })
	register(t, tr, 4)
	if err := tr.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	for _, id := range []EntryID{2, 3} {
		if _, err := tr.Disqualify(id, 100); err != nil {
			t.Fatal(err)
		}
	}
	if err := tr.Eliminate([]Bust{{Entry: 4, StartStack: 10}}); err != nil {
		t.Fatal(err)
	}
	res, err := tr.Results()
	if err != nil {
		t.Fatal(err)
	}
	pool := tr.PrizePool().Total
	if len(res) != 2 || res[0].Entry != 1 || res[1].Entry != 4 {
		t.Fatalf("results %+v, want entries 1 and 4", res)
	}
	if res[0].Prize+res[1].Prize != pool || res[0].Prize != 28 || res[1].Prize != 12 {
		t.Errorf("paid %d + %d of a pool of %d, want 28 (first and the unreached third) + 12", res[0].Prize, res[1].Prize, pool)
	}
}

// An unregistration never makes a stored entry ID point at another player:
// IDs are never renumbered nor reused.
func TestEntryIDsAreStable(t *testing.T) {
	tr := newTourney(t, nil)
	register(t, tr, 4)
	before := map[EntryID]PlayerID{}
	for _, e := range tr.Entries() {
		before[e.ID] = e.Player
	}
	if err := tr.Unregister("p2"); err != nil {
		t.Fatal(err)
	}
	reg, err := tr.Register("p9", "P9", Payment{}, testRand(1))
	if err != nil {
		t.Fatal(err)
	}
	for id, p := range before {
		e, err := tr.Entry(id)
		switch {
		case p == "p2":
			if err == nil {
				t.Errorf("the withdrawn entry %d now belongs to %s", id, e.Player)
			}
		case err != nil || e.Player != p:
			t.Errorf("entry %d: %v %v, want %s", id, e.Player, err, p)
		}
	}
	if _, ok := before[reg.Entry.ID]; ok {
		t.Errorf("the new entry reuses ID %d", reg.Entry.ID)
	}
}

// A cancelled event refunds its entries and takes no more rebuys or
// add-ons (chips were paid after the refunds).
func TestCancelledEventRefusesRebuysAndAddOns(t *testing.T) {
	tr := newTourney(t, func(c *Config) {
		c.Rebuys = RebuyRules{Limit: Unlimited, Price: 10}
		c.AddOn = AddOnRules{Stack: 1000, Price: 10}
	})
	register(t, tr, 4)
	if err := tr.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	id := tr.Entries()[0].ID
	if _, err := tr.Rebuy(id, 0); err != nil {
		t.Fatalf("rebuy while running: %v", err)
	}
	if err := tr.Cancel(); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Rebuy(id, 0); !errors.Is(err, ErrWrongState) {
		t.Errorf("rebuy after cancel: %v", err)
	}
	if _, err := tr.AddOn(id); !errors.Is(err, ErrWrongState) {
		t.Errorf("add-on after cancel: %v", err)
	}
}

// R-TRN-1: a scheduled event needs 10 players by default (seed 001) and is
// cancelled under them; a sit-and-go starts only when full.
func TestDefaultMinimumPlayers(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.MinPlayers = 0 })
	register(t, tr, 9)
	if err := tr.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if tr.State() != Cancelled || len(tr.Refunds()) != 9 {
		t.Fatalf("9 players: state %v, %d refunds; want cancelled with 9", tr.State(), len(tr.Refunds()))
	}
	tr = newTourney(t, func(c *Config) { c.MinPlayers = 0 })
	register(t, tr, 10)
	if err := tr.Start(t0, testRand(1)); err != nil || tr.State() == Cancelled {
		t.Fatalf("10 players: %v, state %v", err, tr.State())
	}
	sng := newTourney(t, func(c *Config) { c.Kind, c.MinPlayers, c.MaxPlayers = SitAndGo, 0, 6 })
	register(t, sng, 5)
	if sng.ShouldStart(t0) {
		t.Fatal("a sit-and-go with 5 of 6 seats wants to start")
	}
	if err := sng.Start(t0, testRand(1)); !errors.Is(err, ErrNotFull) {
		t.Fatalf("start with 5 of 6: %v", err)
	}
	if _, err := sng.Register("p6", "p6", Payment{}, testRand(6)); err != nil {
		t.Fatal(err)
	}
	if !sng.ShouldStart(t0) {
		t.Fatal("a full sit-and-go does not want to start")
	}
}

// R-TRN-4: once the add-on's level is over, /addon says so: it answered
// "only offered at the end of the rebuy period", as before that period,
// to a player who had just missed it.
func TestAddOnAfterItsLevelSaysItIsOver(t *testing.T) {
	tr := newTourney(t, func(c *Config) {
		c.Rebuys = RebuyRules{Limit: 2, Price: 10}
		c.AddOn = AddOnRules{Price: 10, Stack: 20000}
	})
	register(t, tr, 10)
	_ = tr.Start(t0, testRand(1))
	if _, err := tr.AddOn(1); !errors.Is(err, ErrAddOnClosed) {
		t.Errorf("add-on during the rebuy period: %v, want %v", err, ErrAddOnClosed)
	}
	_ = tr.EndRebuyPeriod()
	tr.CloseAddOn()
	if _, err := tr.AddOn(1); !errors.Is(err, ErrAddOnOver) {
		t.Errorf("add-on after its level: %v, want %v", err, ErrAddOnOver)
	}
}

// R-TRN-3: the entries a player may still buy are the limit less those
// bought (one when the event has no re-entry); none once disqualified or
// refused.
func TestEntriesLeftCountsDownToTheLimit(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.LateRegistration, c.MaxEntries = true, 3 })
	register(t, tr, 3)
	if err := tr.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if got := tr.EntriesLeft("p1"); got != 2 {
		t.Fatalf("p1 with one entry of three: %d left", got)
	}
	if got := tr.EntriesLeft("nobody"); got != 3 {
		t.Fatalf("a player with no entry: %d left, want 3", got)
	}
	for want := 1; want >= 0; want-- {
		id := tr.Entries()[len(tr.Entries())-1].ID
		if p := tr.Entries()[len(tr.Entries())-1].Player; p != "p3" {
			t.Fatalf("last entry %s", p)
		}
		if err := tr.Eliminate([]Bust{{Entry: id, StartStack: 1}}); err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Register("p3", "p3", Payment{}, testRand(7)); err != nil {
			t.Fatal(err)
		}
		if got := tr.EntriesLeft("p3"); got != want {
			t.Errorf("p3 after %d re-entries: %d left, want %d", 2-want, got, want)
		}
	}
	if _, err := tr.Disqualify(tr.Entries()[0].ID, 0); err != nil {
		t.Fatal(err)
	}
	tr.Refuse("p2")
	if a, b := tr.EntriesLeft("p1"), tr.EntriesLeft("p2"); a != 0 || b != 0 {
		t.Errorf("disqualified p1 has %d left, refused p2 %d", a, b)
	}
	if got := newTourneyNoReentry(t).EntriesLeft("p1"); got != 0 {
		t.Errorf("an event with no re-entry: p1 has %d left after their entry", got)
	}
}

func newTourneyNoReentry(t *testing.T) *Tournament {
	tr := newTourney(t, func(c *Config) { c.LateRegistration = true })
	register(t, tr, 2)
	return tr
}
