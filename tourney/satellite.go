package tourney

import (
	"errors"
	"fmt"
)

// PrizeKind is what a place wins.
type PrizeKind int

const (
	// ChipPrize is an amount of the community's chips.
	ChipPrize PrizeKind = iota
	// SeatPrize is a ticket: an entry to a target event worth Chips.
	SeatPrize
	// TournamentMoney is credit for other tournaments' entries, given
	// instead of a seat (R-TRN-15).
	TournamentMoney
)

func (k PrizeKind) String() string {
	switch k {
	case ChipPrize:
		return "chips"
	case SeatPrize:
		return "seat"
	case TournamentMoney:
		return "tournament money"
	}
	return "prize"
}

// Prize is the prize of one place; Chips is the amount, or a seat's value.
type Prize struct {
	Place int
	Kind  PrizeKind
	Chips Chips
}

// LeftoverRule says how a satellite pays what is left after its seats.
type LeftoverRule int

const (
	// LeftoverToNext gives the whole leftover to the next place (DD Poker,
	// and seed 000's rule for ticket prizes).
	LeftoverToNext LeftoverRule = iota
	// LeftoverInDoubleBuyIns pays the leftover to the next places in
	// multiples of twice the satellite buy-in, the final remainder to the
	// place after (GGPoker).
	LeftoverInDoubleBuyIns
)

// Errors about satellites and ticket prizes.
var (
	ErrBadSeatValue    = errors.New("seat value must be positive")
	ErrBadSatBuyIn     = errors.New("satellite buy-in must be positive for this leftover rule")
	ErrNoSeatToConvert = errors.New("place did not win a seat")
	ErrSeatBelowBuyIn  = errors.New("a satellite seat must be worth at least the satellite's own prize part")
	ErrTooManySeats    = fmt.Errorf("the pool buys more than %d seats: raise the seat value", MaxSeats)
)

// MaxSeats bounds the seats (or tickets) one pool may buy: more means a
// seat value far below the pool, almost certainly a mistake, and would
// build one prize per seat.
const MaxSeats = 100_000

// TicketPrizes pays a pool as tickets worth ticketValue each, as many as
// the pool buys, the remainder in chips to the next place (R-TRN-7).
func TicketPrizes(pool, ticketValue Chips) ([]Prize, error) {
	return SatellitePrizes(pool, ticketValue, 0, LeftoverToNext)
}

// SatellitePrizes pays a satellite's pool: seats = floor(pool / seat
// value) to the top places, the leftover by rule (R-TRN-15). The prizes
// sum exactly to the pool.
func SatellitePrizes(pool, seatValue, satelliteBuyIn Chips, rule LeftoverRule) ([]Prize, error) {
	if pool < 0 {
		return nil, ErrNegativePool
	}
	if seatValue <= 0 {
		return nil, ErrBadSeatValue
	}
	if rule == LeftoverInDoubleBuyIns && satelliteBuyIn <= 0 {
		return nil, ErrBadSatBuyIn
	}
	for _, v := range []Chips{pool, seatValue, satelliteBuyIn} {
		if v > MaxChips {
			return nil, fmt.Errorf("%w: %d", ErrAmountTooLarge, v)
		}
	}
	if rule != LeftoverToNext && rule != LeftoverInDoubleBuyIns {
		return nil, fmt.Errorf("%w: leftover rule %d", ErrUnknownValue, rule)
	}
	seats := pool / seatValue
	left := pool % seatValue
	var chunk, chunks Chips
	if rule == LeftoverInDoubleBuyIns {
		chunk = 2 * satelliteBuyIn // both at most MaxChips: no overflow
		chunks = left / chunk
	}
	// Every place paid counts against the cap: the seats, and the
	// leftover's double buy-ins (a huge seat value leaves a huge leftover).
	if seats+chunks > MaxSeats {
		return nil, ErrTooManySeats
	}
	out := make([]Prize, 0, seats+chunks+1)
	for i := Chips(0); i < seats; i++ {
		out = append(out, Prize{Place: len(out) + 1, Kind: SeatPrize, Chips: seatValue})
	}
	for i := Chips(0); i < chunks; i++ {
		out = append(out, Prize{Place: len(out) + 1, Kind: ChipPrize, Chips: chunk})
		left -= chunk
	}
	if left > 0 {
		out = append(out, Prize{Place: len(out) + 1, Kind: ChipPrize, Chips: left})
	}
	return out, nil
}

// Award is a prize given to a finisher.
type Award struct {
	Player PlayerID
	Prize  Prize
}

// SatelliteAwards gives prizes to finishers (finishers[i] took place i+1).
// A seat won by a player who already holds one for the target event
// (holdsSeat), or who asked for money instead (wantsMoney), becomes
// tournament money of the same value (R-TRN-15, PokerStars' rule).
func SatelliteAwards(prizes []Prize, finishers []PlayerID, holdsSeat, wantsMoney func(PlayerID) bool) []Award {
	var out []Award
	for i, p := range prizes {
		if i >= len(finishers) {
			break
		}
		who := finishers[i]
		if p.Kind == SeatPrize && ((holdsSeat != nil && holdsSeat(who)) || (wantsMoney != nil && wantsMoney(who))) {
			p.Kind = TournamentMoney
		}
		out = append(out, Award{Player: who, Prize: p})
	}
	return out
}

// SeatsDecided reports whether a satellite's seats are decided (R-TRN-15):
// play is on with a final pool (late registration, rebuys and the add-on
// over), and the players left are no more than the seats it buys, so each
// of them wins one; playing on would decide nothing. The caller ends the
// satellite there, its places by chips (FinishByChips).
func (t *Tournament) SeatsDecided() bool {
	if t.cfg.Tickets == nil || (t.state != Running && t.state != FinalTable) || t.rebuys || t.addOn {
		return false
	}
	prizes, err := t.Prizes()
	if err != nil {
		return false
	}
	n := t.active()
	return n > 1 && n <= seatPrizes(prizes)
}

// seatPrizes counts the seats at the top of a satellite's prizes.
func seatPrizes(prizes []Prize) int {
	seats := 0
	for _, p := range prizes {
		if p.Kind != SeatPrize {
			break
		}
		seats++
	}
	return seats
}
