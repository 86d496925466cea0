package stats

import "github.com/pokerroom/pokerroom/bot"

// Ratios are the statistics of a player's summed counters, as trackers
// show them: percentages (0..100), the aggression factor and big blinds
// won per 100 hands.
type Ratios struct {
	VPIP, PFR float64 // of hands
	ThreeBet  float64 // of 3-bet chances
	WTSD      float64 // of hands that saw the flop (the draw)
	WSD       float64 // W$SD: of hands that went to showdown
	// AF is Aggressive / Calls; Aggressive when there were no calls.
	AF       float64
	BBPer100 float64
}

// Of computes the ratios of s; a ratio of nothing is 0.
func Of(s bot.HandStats) Ratios {
	r := Ratios{
		VPIP:     percent(s.VPIP, s.Hands),
		PFR:      percent(s.PFR, s.Hands),
		ThreeBet: percent(s.ThreeBets, s.ThreeBetChances),
		WTSD:     percent(s.WentToShowdown, s.SawFlop),
		WSD:      percent(s.WonAtShowdown, s.WentToShowdown),
		AF:       float64(s.Aggressive),
	}
	if s.Calls > 0 {
		r.AF = float64(s.Aggressive) / float64(s.Calls)
	}
	if s.Hands > 0 {
		r.BBPer100 = float64(s.NetCentiBB) / float64(s.Hands)
	}
	return r
}

func percent(n, of int64) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}
