package tourney

import (
	"errors"
	"testing"
	"time"
)

// R-TRN-17
func TestWindfallDistributionIsPublishedAndSumsToOne(t *testing.T) {
	total := 0
	ev := 0.0
	prev := int64(0)
	for _, o := range WindfallDistribution {
		if o.Multiplier <= prev || o.PerMillion <= 0 {
			t.Errorf("bad row %+v", o)
		}
		prev = o.Multiplier
		total += o.PerMillion
		ev += float64(o.Multiplier) * float64(o.PerMillion) / 1e6
	}
	if total != 1000000 {
		t.Errorf("chances sum to %d per million", total)
	}
	if WindfallDistribution[0].Multiplier != 2 || prev != 2000 {
		t.Errorf("range %dx..%dx, want 2x..2000x", WindfallDistribution[0].Multiplier, prev)
	}
	if ev >= WindfallPlayers {
		t.Errorf("expected multiplier %.3f returns more than the three prize parts", ev)
	}
}

// R-TRN-17
func TestWindfallDrawFollowsTheDistribution(t *testing.T) {
	const n = 300000
	rng := testRand(17)
	counts := map[int64]int{}
	b := BuyIn{Prize: 5, Fee: 0}
	for range n {
		o, err := DrawWindfall(b, rng)
		if err != nil {
			t.Fatal(err)
		}
		if o.Pool != o.Multiplier*5 || sum(o.Payouts) != o.Pool {
			t.Fatalf("outcome %+v", o)
		}
		if (o.Multiplier >= 100) != (len(o.Payouts) == 3) {
			t.Fatalf("payouts %v for %dx", o.Payouts, o.Multiplier)
		}
		counts[o.Multiplier]++
	}
	// Chi-square, merging the rarest rows until every bin expects >= 5.
	var chi float64
	bins := 0
	var obs, exp float64
	for i, o := range WindfallDistribution {
		obs += float64(counts[o.Multiplier])
		exp += float64(o.PerMillion) * n / 1e6
		if exp < 5 && i < len(WindfallDistribution)-1 {
			continue
		}
		chi += (obs - exp) * (obs - exp) / exp
		bins++
		obs, exp = 0, 0
	}
	// 99.9% critical values by degrees of freedom.
	crit := map[int]float64{1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12}
	df := bins - 1
	c, ok := crit[df]
	if !ok {
		t.Fatalf("%d degrees of freedom", df)
	}
	if chi > c {
		t.Errorf("chi-square %.2f with %d df exceeds %.2f", chi, df, c)
	}
}

// R-TRN-16
func TestStagedFinalCarriesChipsAndStartsOneLevelLater(t *testing.T) {
	s := MultiTablePreset(Normal)
	flights := []FlightResult{
		{EndedLevel: 8, Qualifiers: []StackOf{{"ana", 54000}, {"bea", 31000}}},
		{EndedLevel: 8, Qualifiers: []StackOf{{"cai", 47000}, {"ana", 60000}}},
	}
	f, err := StageFinal(s, flights)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Entrants) != 3 || f.Entrants[0] != (StackOf{"ana", 60000}) || f.Entrants[1].Stack != 31000 {
		t.Errorf("entrants %+v", f.Entrants)
	}
	if f.StartLevel != 9 {
		t.Errorf("final starts at level %d, want 9", f.StartLevel)
	}
	// Level 9 sits after the break that follows level 6.
	if l := s.Levels[f.StartIndex]; l.Break || l.SmallBlind != 175 {
		t.Errorf("start level %v", l)
	}
	c := Clock{Start: t0, Structure: s, FromIndex: f.StartIndex}
	if _, n, ok := c.LevelForNextHand(t0); !ok || n != 9 {
		t.Errorf("final's first hand plays level %d", n)
	}
	if !f.MayRegister("bea") || f.MayRegister("dan") {
		t.Errorf("the final is closed to non-qualifiers")
	}
	if _, err := StageFinal(s, []FlightResult{{EndedLevel: 99}}); !errors.Is(err, ErrLevelNotFound) {
		t.Errorf("no level after 99: %v", err)
	}
	// Multi-day events redraw seats each day.
	seat, _ := Draw(ids(30), 9, testRand(1))
	before, _ := seat.Where(1)
	moved := false
	for k := uint64(2); k < 6 && !moved; k++ {
		_ = seat.Redraw(testRand(k))
		after, _ := seat.Where(1)
		moved = after != before
	}
	checkSeating(t, seat, 30)
	if !moved {
		t.Errorf("redraw never moved entry 1")
	}
}

// R-TRN-19
func TestPairsAlternateByLevelAfterTheCurrentHand(t *testing.T) {
	p := Pair{Member1: "ana", Member2: "bea"}
	for level, want := range map[int]PlayerID{1: "ana", 2: "bea", 3: "ana", 10: "bea"} {
		if got := p.PlayerForLevel(level); got != want {
			t.Errorf("level %d played by %s", level, got)
		}
	}
	c := Clock{Start: t0, Structure: SitAndGoPreset(Normal)}
	handStart := t0.Add(9 * time.Minute)
	who, _ := p.PlayerForNextHand(c, handStart)
	if who != "ana" {
		t.Errorf("level 1 hand played by %s", who)
	}
	// The level changes during the hand: ana finishes it, bea plays next.
	if c.LevelChangedSince(handStart, t0.Add(10*time.Minute+5*time.Second)) {
		if who, _ := p.PlayerForNextHand(c, t0.Add(10*time.Minute+5*time.Second)); who != "bea" {
			t.Errorf("after the change, next hand by %s", who)
		}
	} else {
		t.Errorf("level should have changed")
	}
	if MergePairStacks(1800, 2600) != 4400 || MergePairStacks(0, 2600) != 2600 {
		t.Errorf("merge")
	}
	cons := NewConsultations(4)
	if _, err := cons.Use(1); !errors.Is(err, ErrNotFinalTable) {
		t.Errorf("consultation before the final table: %v", err)
	}
	cons.ReachFinalTable()
	if d, err := cons.Use(1); err != nil || d != time.Minute {
		t.Errorf("consultation %v %v", d, err)
	}
	if _, err := cons.Use(1); !errors.Is(err, ErrNoConsultation) {
		t.Errorf("second consultation: %v", err)
	}
	if _, err := cons.Use(2); err != nil {
		t.Errorf("each pair has its own token: %v", err)
	}
	if _, err := cons.Use(5); !errors.Is(err, ErrUnknownPair) {
		t.Errorf("pair 5: %v", err)
	}
	// R-LGE-2: pairs at the final table score the pairs table.
	if Points(PairsFinal, 1) != 26 || Points(PairsFinal, 10) != 1 || Points(PairsFinal, 11) != 0 {
		t.Errorf("pairs points")
	}
}

// A staged final's pool is the money its flights carry in, counted with
// its own entries; it can only be carried before the start (R-TRN-16).
func TestCarryAddsFlightMoneyToThePool(t *testing.T) {
	c := Config{Name: "Final", Kind: Scheduled, StartAt: time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC), TableSize: 9, MinPlayers: 2,
		Structure: MultiTablePreset(Turbo)}
	tr, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Carry(-1); err == nil {
		t.Fatal("a negative carry was taken")
	}
	if err := tr.Carry(600); err != nil {
		t.Fatal(err)
	}
	if err := tr.Carry(MaxChips); err == nil {
		t.Fatal("a carry past MaxChips was taken")
	}
	if err := tr.OpenRegistration(); err != nil {
		t.Fatal(err)
	}
	if err := tr.Carry(400); err != nil {
		t.Fatal(err)
	}
	if p := tr.PrizePool(); p.Collected != 1000 || p.Total != 1000 {
		t.Fatalf("pool %+v, want 1000 carried", p)
	}
	for _, p := range []PlayerID{"a", "b"} {
		if _, err := tr.Register(p, string(p), Payment{Ticket: "T2"}, testRand(1)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tr.Start(c.StartAt, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if err := tr.Carry(1); !errors.Is(err, ErrWrongState) {
		t.Fatalf("a carry after the start: %v", err)
	}
	prizes, err := tr.Prizes()
	if err != nil {
		t.Fatal(err)
	}
	var sum Chips
	for _, p := range prizes {
		sum += p.Chips
	}
	if sum != 1000 {
		t.Fatalf("prizes %v sum to %d, want the 1000 carried", prizes, sum)
	}
}

// A pairs tournament's members play apart, then one stack per pair: the
// merged member leaves play with no place, and the payout table counts
// the pair once (R-TRN-19).
func TestMergeIntoJoinsAPairAndCountsItOnce(t *testing.T) {
	c := Config{Name: "Pairs", Kind: Scheduled, StartAt: time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC), TableSize: 9, MinPlayers: 2,
		Structure: MultiTablePreset(Turbo), BuyIn: BuyIn{Prize: 100}, LateRegistration: true}
	tr, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.OpenRegistration(); err != nil {
		t.Fatal(err)
	}
	ids := map[PlayerID]EntryID{}
	for i, p := range []PlayerID{"a1", "a2", "b1", "b2", "c1", "c2"} {
		reg, err := tr.Register(p, string(p), Payment{}, testRand(uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		ids[p] = reg.Entry.ID
	}
	if err := tr.MergeInto(ids["a1"], ids["a2"]); err == nil {
		t.Fatal("a merge before the start")
	}
	if err := tr.Start(c.StartAt, testRand(9)); err != nil {
		t.Fatal(err)
	}
	if err := tr.CloseLateRegistration(); err != nil {
		t.Fatal(err)
	}
	if err := tr.MergeInto(ids["a1"], ids["a1"]); err == nil {
		t.Fatal("an entry merged into itself")
	}
	for _, p := range []string{"a", "b", "c"} {
		if err := tr.MergeInto(ids[PlayerID(p+"1")], ids[PlayerID(p+"2")]); err != nil {
			t.Fatal(err)
		}
	}
	if err := tr.MergeInto(ids["a1"], ids["a2"]); !errors.Is(err, ErrAlreadyOut) {
		t.Fatalf("a second merge: %v", err)
	}
	if n := tr.Active(); n != 3 {
		t.Fatalf("%d in play after the merge, want the 3 pairs", n)
	}
	if _, ok := tr.Seating().Where(ids["b2"]); ok {
		t.Fatal("a merged member keeps a seat")
	}
	if err := tr.Eliminate([]Bust{{Entry: ids["c1"], StartStack: 100}}); err != nil {
		t.Fatal(err)
	}
	if err := tr.Eliminate([]Bust{{Entry: ids["b1"], StartStack: 100}}); err != nil {
		t.Fatal(err)
	}
	res, err := tr.Results()
	if err != nil {
		t.Fatal(err)
	}
	places := map[EntryID]int{}
	var paid Chips
	for _, r := range res {
		places[r.Entry] = r.Place
		paid += r.Prize
	}
	if len(res) != 3 || places[ids["a1"]] != 1 || places[ids["b1"]] != 2 || places[ids["c1"]] != 3 || paid != 600 {
		t.Fatalf("results %+v", res)
	}
	want, _ := c.Payout.Payouts(3, 600)
	if res[0].Prize != want[0] {
		t.Fatalf("first place %d, the table for 3 entries pays %d", res[0].Prize, want[0])
	}
}
