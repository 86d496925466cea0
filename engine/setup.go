package engine

// Setup is everything one hand starts from: the table's rules, the players
// dealt in with their stacks, the button, the deck in dealing order, and the
// inputs that belong to this hand only. A live table stores it with the
// hand; Resume(setup, events) rebuilds the hand from what the store holds.
// It marshals to JSON (cards and enums as words).
type Setup struct {
	// Rules are the table's rules (game, betting, stakes, rake, options).
	Rules Config `json:"rules"`
	// Seats are the players dealt in, clockwise.
	Seats []Seat `json:"seats"`
	// Button indexes Seats.
	Button int `json:"button"`
	// Deck is dealt from its start (see ArrangeDeck for the order).
	Deck []Card `json:"deck"`

	// CarriedPot is the five-card draw pot carried from the previous hand
	// when everybody checked before the draw (Result.CarryOver).
	CarriedPot int64 `json:"carried_pot,omitempty"`
	// NoSmallBlind skips the small blind this hand (dead small blind under
	// the dead-button rule, R-SEAT-2).
	NoSmallBlind bool `json:"no_small_blind,omitempty"`
	// ReshuffleSeed shuffles the draw's discards when the stub runs out
	// (seed 004); zero hands them out in the order thrown.
	ReshuffleSeed uint64 `json:"reshuffle_seed,omitempty"`
	// TwoPlayersLeft lifts the fixed-limit cap in a tournament when only two
	// players remain in the whole event (TDA 48).
	TwoPlayersLeft bool `json:"two_players_left,omitempty"`
	// Tag is the caller's own data kept with the hand (the room's map of
	// table seats); the engine ignores it.
	Tag string `json:"tag,omitempty"`
}

// StartReplay is Start playing by the given replay conventions (see
// ReplayRules): for replaying other programs' hand histories, never for play.
func StartReplay(s Setup, r ReplayRules) (*Hand, error) {
	h := new(Hand)
	if err := h.RecycleReplay(s, r); err != nil {
		return nil, err
	}
	return h, nil
}
