package tournament

import (
	"testing"

	"github.com/pokerroom/pokerroom/tourney"
)

// R-LGE-2: the league tier goes by the buy-in, "T1 (buy-in under 50 ...),
// T2 (50 or more ...)". The buy-in is what the entry puts in play, seed
// 001 #12's "compra inicial", which #4 tells apart from the fee ("el
// precio de la inscripción"): the fee never counts; a knockout's bounty
// part does, being part of what the player paid to play (a PKO's buy-in
// is split into prize and bounty).
func TestLeagueTierGoesByTheBuyInWithoutTheFee(t *testing.T) {
	for _, c := range []struct {
		name         string
		buyIn        tourney.BuyIn
		first, other int // points of first and second place
	}{
		{"45+5: buy-in 45, T1", tourney.BuyIn{Prize: 45, Fee: 5}, 25, 20},
		{"49+1: buy-in 49, T1", tourney.BuyIn{Prize: 49, Fee: 1}, 25, 20},
		{"50+5: buy-in 50, T2", tourney.BuyIn{Prize: 50, Fee: 5}, 30, 25},
		{"30+20+5 knockout: buy-in 50, T2", tourney.BuyIn{Prize: 30, Bounty: 20, Fee: 5}, 30, 25},
		{"20+20+10 knockout: buy-in 40, T1", tourney.BuyIn{Prize: 20, Bounty: 20, Fee: 10}, 25, 20},
		{"freeroll: T1", tourney.BuyIn{}, 25, 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr, err := tourney.New(tourney.Config{
				Kind: tourney.SitAndGo, MaxPlayers: 2, TableSize: 2,
				BuyIn:     c.buyIn,
				Structure: tourney.SitAndGoPreset(tourney.Normal),
				Payout:    tourney.PayoutRule{Kind: tourney.WinnerTakesAll},
			})
			if err != nil {
				t.Fatal(err)
			}
			a := &Director{Tourney: tr}
			a.Set.League = "spring"
			got := a.leaguePoints([]tourney.Result{
				{Entry: 1, Player: "1", Name: "Ana", Place: 1},
				{Entry: 2, Player: "2", Name: "Bea", Place: 2},
			})
			if got[1] != c.first || got[2] != c.other {
				t.Errorf("first scored %d, second %d; want %d and %d", got[1], got[2], c.first, c.other)
			}
		})
	}
}
