package engine

// EventKind says what happened.
type EventKind uint8

// The events of a hand, in the order they can happen.
const (
	EvPostAnte         EventKind = iota // Seat posts Amount as an ante (dead money)
	EvPostSmallBlind                    // Seat posts Amount as the small blind
	EvPostBigBlind                      // Seat posts Amount as the big blind
	EvPostStraddle                      // Seat posts Amount as a live straddle
	EvPostBigBlindAnte                  // Seat (the big blind) posts Amount as the table's ante
	EvDealHole                          // Seat receives Cards
	EvDealBoard                         // Cards go on board Board (0, or 1 for the second run)
	EvFold                              // Seat folds
	EvCheck                             // Seat checks
	EvCall                              // Seat calls, adding Amount chips (AllIn when it is every chip)
	EvBet                               // Seat bets to Amount (a total for the round)
	EvRaise                             // Seat raises to Amount
	EvDiscard                           // Seat throws Cards (none: stands pat)
	EvDrawCards                         // Seat receives Cards for the ones thrown
	EvReturnUncalled                    // Amount of Seat's uncalled bet goes back to the stack
	EvShow                              // Seat shows Cards
	EvMuck                              // Seat mucks without showing
	EvRake                              // the house takes Amount from pot Pot
	EvAward                             // Seat wins Amount from pot Pot (on board Board; Low for the low half)
	EvCarryOver                         // nobody opened: Amount is carried to the next hand
	// EvDeclareAllIn: Seat, out of time with all-in protection, is declared
	// all in for the Amount it has in the pot (antes included); it keeps the
	// rest of its stack and contests only the pots it matched (R-TIME-2).
	// Last of the kinds so that the stored kinds before it keep their values.
	EvDeclareAllIn
	numEventKinds
)

var eventNames = [numEventKinds]string{
	"post_ante", "post_small_blind", "post_big_blind", "post_straddle", "post_big_blind_ante",
	"deal_hole", "deal_board", "fold", "check", "call", "bet", "raise", "discard", "draw_cards",
	"return_uncalled", "show", "muck", "rake", "award", "carry_over", "declare_all_in",
}

// String returns the event's word ("post_big_blind", "raise", "award", ...).
func (k EventKind) String() string { return enumString(k, eventNames[:], "EventKind") }

// MarshalText implements encoding.TextMarshaler.
func (k EventKind) MarshalText() ([]byte, error) { return enumMarshal(k, eventNames[:], "event kind") }

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *EventKind) UnmarshalText(b []byte) error {
	return enumUnmarshal(k, eventNames[:], "event kind", b)
}

// IsAction reports whether the event records a player's decision (the
// events Resume replays).
func (k EventKind) IsAction() bool {
	switch k {
	case EvFold, EvCheck, EvCall, EvBet, EvRaise, EvDiscard, EvDeclareAllIn:
		return true
	}
	return false
}

// Street is a stage of the hand.
type Street uint8

// The streets. Five-card draw uses Preflop for the first betting round, Draw
// for the draw and River for the betting after it.
const (
	Preflop Street = iota
	Flop
	Turn
	River
	DrawStreet
	Showdown
	numStreets
)

var streetNames = [numStreets]string{"preflop", "flop", "turn", "river", "draw", "showdown"}

// String returns the street's name.
func (s Street) String() string { return enumString(s, streetNames[:], "Street") }

// MarshalText implements encoding.TextMarshaler.
func (s Street) MarshalText() ([]byte, error) { return enumMarshal(s, streetNames[:], "street") }

// UnmarshalText implements encoding.TextUnmarshaler.
func (s *Street) UnmarshalText(b []byte) error {
	return enumUnmarshal(s, streetNames[:], "street", b)
}

// Event is one step of a hand's history: a plain value that serialises to
// JSON. The events of a hand, with its configuration, seats, button and deck,
// are all it takes to rebuild it (Resume).
type Event struct {
	Seq    int       `json:"seq"`
	Kind   EventKind `json:"kind"`
	Street Street    `json:"street"`
	Seat   int       `json:"seat"` // -1 when no seat's event
	Amount int64     `json:"amount,omitempty"`
	Cards  []Card    `json:"cards,omitempty"`
	AllIn  bool      `json:"all_in,omitempty"` // the player has no chips left after this
	Pot    int       `json:"pot,omitempty"`    // pot index for rake and award: 0 main, 1.. side pots
	Board  int       `json:"board,omitempty"`  // 1 for the second board of a run it twice
	Low    bool      `json:"low,omitempty"`    // award of the low half of a hi/lo pot
}

// Action returns the player action an action event records.
func (e Event) Action() (Action, bool) {
	a := Action{Seat: e.Seat}
	switch e.Kind {
	case EvFold:
		a.Kind = Fold
	case EvCheck:
		a.Kind = Check
	case EvCall:
		a.Kind = Call
	case EvBet:
		a.Kind, a.Amount = Bet, e.Amount
	case EvRaise:
		a.Kind, a.Amount = Raise, e.Amount
	case EvDiscard:
		a.Kind, a.Cards = Discard, e.Cards
	case EvDeclareAllIn:
		a.Kind = DeclareAllIn
	default:
		return Action{}, false
	}
	return a, true
}

// Award is one share of a pot won.
type Award struct {
	Seat   int   `json:"seat"`
	Amount int64 `json:"amount"`
	Board  int   `json:"board,omitempty"`
	Low    bool  `json:"low,omitempty"`
}

// PotResult is one pot of a finished hand.
type PotResult struct {
	Amount   int64   `json:"amount"` // chips in the pot, rake included
	Rake     int64   `json:"rake,omitempty"`
	Eligible []int   `json:"eligible"` // seats that could win it
	Awards   []Award `json:"awards"`
}

// Return is an uncalled bet given back.
type Return struct {
	Seat   int   `json:"seat"`
	Amount int64 `json:"amount"`
}

// Result sums up a finished hand.
type Result struct {
	Pots     []PotResult `json:"pots"`
	Rake     int64       `json:"rake"`
	Returned []Return    `json:"returned,omitempty"`
	// CarryOver is the pot left for the next hand when nobody opened a
	// five-card draw hand; pass it as the next hand's Setup.CarriedPot.
	CarryOver int64 `json:"carry_over,omitempty"`
	// Stacks are the final stacks by seat index.
	Stacks []int64 `json:"stacks"`
	// Won is the net gain of each seat (final stack minus starting stack).
	Won []int64 `json:"won"`
}
