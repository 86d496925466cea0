// Package stats turns one finished hand into what it adds to each of its
// players' statistics (bot.HandStats), as hand trackers (PokerTracker,
// Holdem Manager) define them. It is pure: a hand's setup and events in,
// counters out; the store adds them up in the transaction that ends the
// hand, and the room reads the sums.
//
// The counters of one hand, per player dealt in:
//   - Hands: 1.
//   - VPIP: 1 if the player called, bet or raised in the first betting
//     round (posting a blind, a straddle or an ante, or checking the big
//     blind, is not voluntary).
//   - PFR: 1 if the player raised (or made the opening bet, where there
//     are no blinds) in the first betting round.
//   - ThreeBetChances: 1 if the player acted in the first betting round
//     facing exactly one raise (the big blind being the first bet) made by
//     someone else; ThreeBets: 1 if that action was a re-raise.
//   - SawFlop: 1 if the player had not folded when the flop was dealt (in
//     five-card draw: when the draw began).
//   - WentToShowdown: 1 if the player saw the flop (the draw) and had not
//     folded when the hand ended with two or more players left;
//     WonAtShowdown: 1 if such a player won chips from any pot.
//   - Aggressive and Calls: the player's bets and raises, and calls, after
//     the first betting round (aggression factor = Aggressive / Calls).
//   - Net: the player's stack at the end less at the start (rake paid
//     included); NetCentiBB: Net in hundredths of the big blind (the small
//     bet, or the ante, where there is none), truncated.
//   - BiggestPot: the chips the player collected in the hand.
package stats

import (
	"fmt"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// Player is one player's counters of a hand.
type Player = bot.PlayerHandStats

// Hand is what a finished hand adds to its players' statistics: one
// Player per player dealt in (practice opponents, id 0, left out), and
// the kind of hand (a tournament's hand has its positions in the tag).
type Hand struct {
	Kind    bot.StatsKind
	Players []Player
}

// FromHand computes a finished hand's counters from its setup (whose Tag
// is the room's bot.HandTag) and its events, replaying them. An error
// when the tag is not the room's or the events do not replay to a
// finished hand.
func FromHand(setup engine.Setup, events []engine.Event) (Hand, error) {
	if _, err := bot.ParseHandTag(setup.Tag); err != nil {
		return Hand{}, err
	}
	h, err := engine.Resume(setup, events)
	if err != nil {
		return Hand{}, fmt.Errorf("stats: %w", err)
	}
	if !h.Done() {
		return Hand{}, fmt.Errorf("stats: the hand is not finished")
	}
	return Played(setup, events, h.Result().Won)
}

// Played is FromHand for a hand the caller played to its end itself
// (the table that dealt it): its setup, all its events and its net gains
// by seat (engine.Result.Won), with no replay. An error when the tag is
// not the room's.
func Played(setup engine.Setup, events []engine.Event, won []int64) (Hand, error) {
	tag, err := bot.ParseHandTag(setup.Tag)
	if err != nil {
		return Hand{}, err
	}
	out := Hand{Kind: bot.StatsCash}
	if tag.Pos != nil {
		out.Kind = bot.StatsTourney
	}
	seats := Seats(setup, events, won)
	for k, s := range seats {
		if k < len(tag.Players) && tag.Players[k] != 0 {
			out.Players = append(out.Players, Player{PlayerID: tag.Players[k], HandStats: s})
		}
	}
	return out, nil
}

// BigBlind is the unit of a hand's big blinds: the big blind, or the
// small bet, or the ante, or 1.
func BigBlind(c engine.Config) int64 {
	for _, v := range []int64{c.BigBlind, c.SmallBet, c.Ante} {
		if v > 0 {
			return v
		}
	}
	return 1
}

// Seats computes the counters of every engine seat of a finished hand
// whose net gains by seat are won (engine.Result.Won).
func Seats(setup engine.Setup, events []engine.Event, won []int64) []bot.HandStats {
	n := len(setup.Seats)
	out := make([]bot.HandStats, n)
	folded := make([]bool, n)
	chance := make([]bool, n) // a 3-bet chance already counted
	sawFlop, carried := false, false
	raises, lastRaiser := 0, -1
	bb := BigBlind(setup.Rules)
	for k := range out {
		out[k].Hands = 1
		if k < len(won) {
			out[k].Net = won[k]
			out[k].NetCentiBB = won[k] * 100 / bb
		}
	}
	for _, e := range events {
		if !sawFlop && (e.Street == engine.Flop || e.Street == engine.DrawStreet) {
			sawFlop = true
			for k := range out {
				if !folded[k] {
					out[k].SawFlop = 1
				}
			}
		}
		if e.Seat < 0 || e.Seat >= n {
			if e.Kind == engine.EvCarryOver {
				carried = true
			}
			continue
		}
		s := &out[e.Seat]
		if e.Kind == engine.EvAward {
			s.BiggestPot += e.Amount
			continue
		}
		if e.Kind == engine.EvFold {
			folded[e.Seat] = true
		}
		if !e.Kind.IsAction() || e.Kind == engine.EvDiscard {
			continue
		}
		if e.Street != engine.Preflop {
			switch e.Kind {
			case engine.EvBet, engine.EvRaise:
				s.Aggressive++
			case engine.EvCall:
				s.Calls++
			}
			continue
		}
		aggressive := e.Kind == engine.EvBet || e.Kind == engine.EvRaise
		if raises == 1 && lastRaiser != e.Seat && !chance[e.Seat] {
			chance[e.Seat] = true
			s.ThreeBetChances = 1
			if aggressive {
				s.ThreeBets = 1
			}
		}
		switch {
		case aggressive:
			s.VPIP, s.PFR = 1, 1
			raises, lastRaiser = raises+1, e.Seat
		case e.Kind == engine.EvCall:
			s.VPIP = 1
		}
	}
	left := 0
	for k := range folded {
		if !folded[k] {
			left++
		}
	}
	if left < 2 || carried {
		return out
	}
	for k := range out {
		if !folded[k] && out[k].SawFlop == 1 {
			out[k].WentToShowdown = 1
			if out[k].BiggestPot > 0 {
				out[k].WonAtShowdown = 1
			}
		}
	}
	return out
}
