package table

import (
	"slices"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/tourney"
)

// A five-card draw pot nobody opened (seed 004: "si todos los jugadores
// pasan, los envites que hay en la mesa quedan como bote para la jugada
// siguiente") stays on the table for the next hand. It is the players'
// who put it in: the table keeps their shares with it (State.CarryBy),
// and a table that closes before a hand takes the pot gives each their
// share back (closeNow).

// CarryShare is what one player put into the pot carried over: their
// player id, the wallet the chips came from, the amount.
type CarryShare struct {
	Player  int64 `json:"player"`
	Account int64 `json:"account"`
	Amount  int64 `json:"amount"`
}

// noteCarry keeps the shares of the pot carry the hand that just ended
// leaves carried (won: what each engine seat won): what each
// player dealt in put in (a carried hand pays nobody: -won), added to
// the shares already carried; none when the pot was won.
func (t *Table) noteCarry(carry int64, won []int64) {
	if carry <= 0 {
		t.carryBy = nil
		return
	}
	for k, amt := range won {
		s := t.Seats[t.order[k]]
		if s == nil || amt >= 0 {
			continue
		}
		j := 0
		for j < len(t.carryBy) && t.carryBy[j].Player != s.Player.ID {
			j++
		}
		if j == len(t.carryBy) {
			t.carryBy = append(t.carryBy, CarryShare{Player: s.Player.ID, Account: s.Account})
		}
		t.carryBy[j].Amount -= amt
	}
}

// splitCarry divides carry among shares in proportion to what each put
// in: exactly their shares when they add up to it; else (a pot carried
// from before the shares were kept) rounded down, the chips left one
// each to the largest remainders first (then the largest shares), as a
// chip chop rounds (tourney.SplitByWeight). nil
// with no share.
func splitCarry(carry int64, shares []CarryShare) []CarryShare {
	weights := make([]int64, len(shares))
	var sum int64
	for i, s := range shares {
		weights[i] = s.Amount
		sum += s.Amount
	}
	if carry <= 0 || sum <= 0 {
		return nil
	}
	out := slices.Clone(shares)
	for i, amt := range tourney.SplitByWeight(weights, carry) {
		out[i].Amount = amt
	}
	return out
}

// carryMoves are the moves that give a closing table's carried pot back
// to who put it in (splitCarry). A pot whose shares are not known (carried
// before they were kept) goes to the house, as it did then.
func (t *Table) carryMoves() []bot.Move {
	if t.carry <= 0 {
		return nil
	}
	split := splitCarry(t.carry, t.carryBy)
	if split == nil {
		return []bot.Move{{From: t.account, To: t.house, Amount: t.carry, Reason: "carried pot of a closed table", Reference: t.ref()}}
	}
	var moves []bot.Move
	for _, s := range split {
		if s.Amount > 0 {
			moves = append(moves, bot.Move{From: t.account, To: s.Account, Amount: s.Amount, Reason: "carried pot returned", Reference: t.ref()})
		}
	}
	return moves
}
