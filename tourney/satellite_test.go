package tourney

import (
	"errors"
	"math"
	"testing"
	"time"
)

// R-TRN-15
func TestSatelliteSeatsAndLeftover(t *testing.T) {
	// GGPoker: a 30 satellite for 300 seats with 25 entrants pays 2 seats,
	// then 60, 60, 30.
	got, err := SatellitePrizes(25*30, 300, 30, LeftoverInDoubleBuyIns)
	if err != nil {
		t.Fatal(err)
	}
	want := []Prize{{1, SeatPrize, 300}, {2, SeatPrize, 300}, {3, ChipPrize, 60}, {4, ChipPrize, 60}, {5, ChipPrize, 30}}
	checkEach(t, "place", got, want)
	// DD Poker and seed 000: the leftover goes to the next place. Seed
	// 000's example: 20 satellite, 200 seats, 10 players = 1 seat, 20
	// players = 2 seats.
	for _, c := range []struct {
		pool  Chips
		seats int
		left  Chips
	}{{200, 1, 0}, {400, 2, 0}, {750, 3, 150}, {150, 0, 150}} {
		got, _ := SatellitePrizes(c.pool, 200, 20, LeftoverToNext)
		seats := 0
		var total Chips
		for _, p := range got {
			if p.Kind == SeatPrize {
				seats++
			}
			total += p.Chips
		}
		if seats != c.seats || total != c.pool {
			t.Errorf("pool %d: %v", c.pool, got)
		}
		if c.left > 0 && (got[len(got)-1].Kind != ChipPrize || got[len(got)-1].Chips != c.left) {
			t.Errorf("pool %d: leftover %v, want %d to the next place", c.pool, got[len(got)-1], c.left)
		}
	}
	if _, err := SatellitePrizes(100, 0, 10, LeftoverToNext); err != ErrBadSeatValue {
		t.Errorf("zero seat value: %v", err)
	}
}

// R-TRN-7
func TestTicketPrizesRemainderInChipsToNextPlace(t *testing.T) {
	got, _ := TicketPrizes(1000, 330)
	if len(got) != 4 || got[2].Kind != SeatPrize || got[3].Kind != ChipPrize || got[3].Chips != 10 || got[3].Place != 4 {
		t.Errorf("1000 in tickets of 330 = %v, want 3 tickets and 10 chips to 4th", got)
	}
}

// R-TRN-15
func TestSatelliteWinnerMayTakeTournamentMoney(t *testing.T) {
	prizes, _ := SatellitePrizes(750, 300, 30, LeftoverInDoubleBuyIns)
	finishers := []PlayerID{"ana", "bea", "cai", "dan", "eva"}
	holds := func(p PlayerID) bool { return p == "bea" }
	wants := func(p PlayerID) bool { return p == "ana" }
	aw := SatelliteAwards(prizes, finishers, holds, wants)
	if aw[0].Prize.Kind != TournamentMoney || aw[0].Prize.Chips != 300 {
		t.Errorf("ana asked for money: %+v", aw[0])
	}
	if aw[1].Prize.Kind != TournamentMoney {
		t.Errorf("bea already holds a seat: %+v", aw[1])
	}
	if aw[2].Prize.Kind != ChipPrize || aw[2].Prize.Chips != 60 {
		t.Errorf("cai: %+v", aw[2])
	}
	unchanged := SatelliteAwards(prizes, finishers, nil, nil)
	if unchanged[0].Prize.Kind != SeatPrize {
		t.Errorf("seat converted without reason")
	}
}

// R-TRN-15: a satellite whose seat is worth less than its own entry, or a
// pool that would buy an absurd number of seats, is refused with a specific
// error instead of building one prize per seat.
func TestSatelliteRefusesSeatValuesThatMakeNoSense(t *testing.T) {
	cfg := Config{Kind: Scheduled, TableSize: 9, Structure: SitAndGoPreset(Normal),
		BuyIn: BuyIn{Prize: 30, Fee: 3}, Tickets: &TicketRule{SeatValue: 20}}
	if _, err := New(cfg); !errors.Is(err, ErrSeatBelowBuyIn) {
		t.Errorf("seat of 20 for a 30+3 satellite: New = %v, want ErrSeatBelowBuyIn", err)
	}
	cfg.Tickets.SeatValue = 300
	if _, err := New(cfg); err != nil {
		t.Errorf("seat of 300 for a 30+3 satellite: New = %v, want nil", err)
	}
	if _, err := SatellitePrizes(1_000_000_000, 1, 0, LeftoverToNext); !errors.Is(err, ErrTooManySeats) {
		t.Errorf("a pool of 1e9 with seats worth 1: %v, want ErrTooManySeats", err)
	}
	got, err := SatellitePrizes(MaxSeats*10+7, 10, 0, LeftoverToNext)
	if err != nil || len(got) != MaxSeats+1 || got[MaxSeats].Chips != 7 {
		t.Errorf("exactly MaxSeats seats: %d prizes, %v", len(got), err)
	}
}

// R-TRN-15: satellite leftovers paid in double buy-ins: a buy-in whose
// double overflows, or a huge seat value whose leftover buys millions of
// chunks, is refused instead of looping forever or exhausting memory.
func TestSatelliteLeftoversCannotLoopOrBypassTheCap(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		pool, seat, satBuyIn Chips
		want                 error
	}{
		{"double buy-in overflows", 1000, 300, math.MaxInt64/2 + 1, ErrAmountTooLarge},
		{"huge seat value, tiny buy-in", MaxChips, MaxChips/2 + 1, 1, ErrTooManySeats},
		{"pool too large", MaxChips + 1, 10, 1, ErrAmountTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := SatellitePrizes(tc.pool, tc.seat, tc.satBuyIn, LeftoverInDoubleBuyIns)
				done <- err
			}()
			select {
			case err := <-done:
				if !errors.Is(err, tc.want) {
					t.Fatalf("error %v, want %v", err, tc.want)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("SatellitePrizes does not return")
			}
		})
	}
	if _, err := SatellitePrizes(1000, 300, 10, LeftoverRule(7)); !errors.Is(err, ErrUnknownValue) {
		t.Fatalf("unknown leftover rule: %v", err)
	}
}

// R-TRN-15: three seats, stacks 5000/3000/3000 at the end: the two tied
// players both cover seat places, so all three win seats (not tournament
// money).
func TestTiedPlayersOnSeatPlacesTakeSeats(t *testing.T) {
	tr := newTourney(t, func(c *Config) {
		c.Tickets = &TicketRule{SeatValue: 10}
		c.BuyIn = BuyIn{Prize: 10}
	})
	register(t, tr, 4)
	if err := tr.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	ids := tr.Entries()
	// The fourth busts; the game stops with three left: a satellite ends
	// when the seats are decided.
	if err := tr.Eliminate([]Bust{{Entry: ids[3].ID, StartStack: 1000}}); err != nil {
		t.Fatal(err)
	}
	if err := tr.FinishByChips(map[EntryID]Chips{ids[0].ID: 5000, ids[1].ID: 3000, ids[2].ID: 3000}); err != nil {
		t.Fatal(err)
	}
	res, err := tr.Results()
	if err != nil {
		t.Fatal(err)
	}
	seats := 0
	for _, r := range res {
		if r.Place <= 3 {
			if r.Kind != SeatPrize {
				t.Errorf("%s (place %d) gets %v, want a seat", r.Player, r.Place, r.Kind)
			}
			seats++
		}
	}
	if seats != 3 {
		t.Fatalf("%d seats given: %+v", seats, res)
	}
}

// R-TRN-15: a satellite's seats are decided once the players left are no
// more than the seats: each of them wins one, and playing on (heads-up
// for two equal seats) decides nothing, so the satellite ends there, as
// online rooms end it. A 30 satellite for 300 seats with 25 entrants (two
// seats, then 60, 60, 30) has its seats decided at two players left, not
// at three, and never before play (a scheduled satellite in late
// registration can still grow its pool), and an event without seats
// never is.
func TestSatelliteSeatsAreDecidedWhenThePlayersLeftFitThem(t *testing.T) {
	sat := newTourney(t, func(c *Config) {
		c.BuyIn = BuyIn{Prize: 30, Fee: 3}
		c.Tickets = &TicketRule{SeatValue: 300, Leftover: LeftoverInDoubleBuyIns, SatelliteBuyIn: 30}
	})
	register(t, sat, 25)
	if sat.SeatsDecided() {
		t.Fatal("seats decided before the start")
	}
	if err := sat.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	for e := EntryID(25); e >= 4; e-- {
		if err := sat.Eliminate([]Bust{{Entry: e, StartStack: 100}}); err != nil {
			t.Fatal(err)
		}
	}
	if sat.Active() != 3 || sat.SeatsDecided() {
		t.Fatalf("%d left with two seats: decided %v", sat.Active(), sat.SeatsDecided())
	}
	if err := sat.Eliminate([]Bust{{Entry: 3, StartStack: 100}}); err != nil {
		t.Fatal(err)
	}
	if !sat.SeatsDecided() {
		t.Fatal("two left with two seats: not decided")
	}
	if err := sat.FinishByChips(map[EntryID]Chips{1: 5000, 2: 7500}); err != nil {
		t.Fatal(err)
	}
	res, err := sat.Results()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res[:2] {
		if r.Kind != SeatPrize || r.Prize != 300 {
			t.Errorf("place %d (%s): %v %d, want a seat of 300", r.Place, r.Name, r.Kind, r.Prize)
		}
	}
	if res[2].Place != 3 || res[2].Prize != 60 {
		t.Errorf("third: %+v, want 60", res[2])
	}

	cash := newTourney(t, nil)
	register(t, cash, 3)
	if err := cash.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if err := cash.Eliminate([]Bust{{Entry: 3, StartStack: 100}}); err != nil || cash.SeatsDecided() {
		t.Errorf("an event without seats: decided %v (%v)", cash.SeatsDecided(), err)
	}
}
