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

// The kinds of hands. StatsAnon are the hands of anonymous cash tables
// (R-CASH-6), StatsAnonTourney those of anonymous tournaments (R-TRN-13):
// counted apart, shown to the player alone, never on the leaderboard nor
// in statistics made public, which would tell, hand by hand, who sat
// behind a pseudonym.
const (
	StatsCash        StatsKind = "cash"
	StatsTourney     StatsKind = "tourney"
	StatsAnon        StatsKind = "anon"
	StatsAnonTourney StatsKind = "anontourney"
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

// PlayerHandStats are one player's counters of one hand.
type PlayerHandStats struct {
	PlayerID int64
	HandStats
}

// EndedHandStats are what a finished hand adds to its players'
// statistics (bot/stats computes them), in the community and kind of
// hands they count for.
type EndedHandStats struct {
	Community int64
	Kind      StatsKind
	Players   []PlayerHandStats
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
	// TourneyStats sums a player's tournament counters in a community over
	// the days from since (zero: all); zero counters when none.
	TourneyStats(ctx context.Context, communityID, playerID int64, since time.Time) (TourneyStats, error)
	// TourneyLeaderboard returns the community's players with tournaments
	// finished since then (zero: all), by net prize money (won less
	// spent), most first (ties by id), at most limit of them.
	TourneyLeaderboard(ctx context.Context, communityID int64, since time.Time, limit int) ([]TourneyStatsRow, error)
}

// TourneyStats are the counters of a player's finished tournaments (the
// README defines each one), added to when a tournament finishes, in the
// write of its finish op (TableWrite.TourneyStats).
type TourneyStats struct {
	Tourneys int64 // tournaments finished with at least one entry of theirs
	Entries  int64 // entries: the registration and every re-entry
	// Spent is the money paid in: buy-ins (prize, bounty and fee parts;
	// a ticket's entry at the buy-in's value), rebuys and add-ons. Won is
	// the money paid out: prizes (a deal's or a timed end's shares, a
	// windfall's prize, a satellite seat's value), bounties collected
	// and their own bounty.
	Spent, Won int64
	Cashes     int64 // tournaments in which they finished in the money (a prize above 0)
	Knockouts  int64 // players they eliminated (see the README)
	BestFinish int64 // the best (lowest) place; 0 for none
}

// Add adds o's counters to s (the best finish is the lower place).
func (s *TourneyStats) Add(o TourneyStats) {
	s.Tourneys += o.Tourneys
	s.Entries += o.Entries
	s.Spent += o.Spent
	s.Won += o.Won
	s.Cashes += o.Cashes
	s.Knockouts += o.Knockouts
	if o.BestFinish > 0 && (s.BestFinish == 0 || o.BestFinish < s.BestFinish) {
		s.BestFinish = o.BestFinish
	}
}

// Net is the prize money won less the money spent.
func (s TourneyStats) Net() int64 { return s.Won - s.Spent }

// TourneyResult is what one finished tournament adds to a real player's
// tournament counters of the day it finished in its community.
type TourneyResult struct {
	CommunityID, PlayerID int64
	TourneyStats
}

// TourneyStatsRow is one player's tournament counters over a period, for
// a leaderboard.
type TourneyStatsRow struct {
	PlayerID int64
	Name     string // the player's display name
	TourneyStats
}
