package bot

import (
	"context"
	"time"
)

// The records and the port of players' statistics (issue 24): counters
// kept per community, player, kind of game and day, added to when a hand
// ends (in the transaction that ends it) and summed over a period when
// read. bot/stats computes one hand's counters; the README defines each
// statistic.

// StatsKind is the kind of hands counted: cash tables' or tournaments'.
type StatsKind string

// The kinds of hands.
const (
	StatsCash    StatsKind = "cash"
	StatsTourney StatsKind = "tourney"
)

// HandStats are the counters of a player's hands, from which every
// statistic is a ratio (see bot/stats for each one's definition).
type HandStats struct {
	Hands int64 // hands dealt in
	VPIP  int64 // hands with money put in voluntarily preflop
	PFR   int64 // hands with a raise (or the opening bet) preflop
	// ThreeBetChances are the hands in which the player acted preflop
	// facing exactly one raise; ThreeBets those in which they re-raised.
	ThreeBetChances, ThreeBets int64
	SawFlop                    int64 // hands that saw the flop (the draw, in draw)
	WentToShowdown             int64 // of those, hands that went to showdown
	WonAtShowdown              int64 // of those, hands that won chips at showdown
	// Aggressive (bets and raises) and Calls after the first betting round.
	Aggressive, Calls int64
	Net               int64 // chips won less chips put in
	// NetCentiBB is the net in hundredths of the hand's big blind, summed
	// over hands (big blinds per 100 hands = NetCentiBB / Hands).
	NetCentiBB int64
	BiggestPot int64 // the most chips collected in one hand
}

// Add adds o's counters to s (the biggest pot is the larger one).
func (s *HandStats) Add(o HandStats) {
	s.Hands += o.Hands
	s.VPIP += o.VPIP
	s.PFR += o.PFR
	s.ThreeBetChances += o.ThreeBetChances
	s.ThreeBets += o.ThreeBets
	s.SawFlop += o.SawFlop
	s.WentToShowdown += o.WentToShowdown
	s.WonAtShowdown += o.WonAtShowdown
	s.Aggressive += o.Aggressive
	s.Calls += o.Calls
	s.Net += o.Net
	s.NetCentiBB += o.NetCentiBB
	s.BiggestPot = max(s.BiggestPot, o.BiggestPot)
}

// StatsRow is one player's counters over a period, for a leaderboard.
type StatsRow struct {
	PlayerID int64
	Name     string // the player's display name
	HandStats
}

// Stats reads players' statistics. The counters are written by
// Committer.CommitTables with the write that ends a hand (a voided hand
// counts for nothing; practice opponents never have counters).
type Stats interface {
	// PlayerStats sums a player's counters of kind in a community over
	// the days from since (zero: all); zero counters when none.
	PlayerStats(ctx context.Context, communityID, playerID int64, kind StatsKind, since time.Time) (HandStats, error)
	// Leaderboard returns the community's players with hands of kind since
	// then (zero: all), by net chips won, most first (ties by id), at most
	// limit of them.
	Leaderboard(ctx context.Context, communityID int64, kind StatsKind, since time.Time, limit int) ([]StatsRow, error)
}
