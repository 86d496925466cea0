package phh

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/engine"
)

// ActionKind is the verb of one PHH action notation.
type ActionKind uint8

// The PHH action verbs (required.rst, "Actions").
const (
	NoOp                 ActionKind = iota // an empty string or a standalone "# commentary"
	DealHole                               // d dh pN cards
	DealBoard                              // d db cards
	BringIn                                // pN pb
	CompleteBetOrRaiseTo                   // pN cbr amount
	CheckOrCall                            // pN cc
	Fold                                   // pN f
	StandPatOrDiscard                      // pN sd [cards]
	ShowOrMuck                             // pN sm [cards]; no cards is a muck
)

var kindWords = [...]string{NoOp: "", DealHole: "dh", DealBoard: "db", BringIn: "pb",
	CompleteBetOrRaiseTo: "cbr", CheckOrCall: "cc", Fold: "f", StandPatOrDiscard: "sd", ShowOrMuck: "sm"}

// String returns the PHH verb ("cbr", "cc", ...); NoOp is "no-op".
func (k ActionKind) String() string {
	if k == NoOp {
		return "no-op"
	}
	if int(k) < len(kindWords) {
		return kindWords[k]
	}
	return "ActionKind(" + strconv.Itoa(int(k)) + ")"
}

// Action is one parsed entry of the actions array.
type Action struct {
	Index  int           // position in the actions array, from 0
	Line   int           // line of the action's string in the file, from 1
	Player int           // 1-based player (pN) for player actions and hole dealing; 0 for the dealer's board
	Kind   ActionKind    //
	Amount float64       // cbr: the completion, bet or raise-to amount
	Cards  []engine.Card // dealt, discarded or shown cards; engine.NoCard for an unknown "??"
}

// IsDealer reports whether the action is the dealer's (d dh, d db).
func (a Action) IsDealer() bool { return a.Kind == DealHole || a.Kind == DealBoard }

// String formats the action in PHH notation ("p1 cbr 300", "d db 7d8c6s").
func (a Action) String() string {
	var b strings.Builder
	switch a.Kind {
	case NoOp:
		return ""
	case DealBoard:
		b.WriteString("d db ")
		writeCards(&b, a.Cards)
		return b.String()
	case DealHole:
		b.WriteString("d dh p")
		b.WriteString(strconv.Itoa(a.Player))
		b.WriteByte(' ')
		writeCards(&b, a.Cards)
		return b.String()
	}
	b.WriteByte('p')
	b.WriteString(strconv.Itoa(a.Player))
	b.WriteByte(' ')
	b.WriteString(a.Kind.String())
	switch a.Kind {
	case CompleteBetOrRaiseTo:
		b.WriteByte(' ')
		b.WriteString(formatNumber(a.Amount))
	case StandPatOrDiscard, ShowOrMuck:
		if len(a.Cards) > 0 {
			b.WriteByte(' ')
			writeCards(&b, a.Cards)
		}
	}
	return b.String()
}

func writeCards(b *strings.Builder, cs []engine.Card) {
	for _, c := range cs {
		if c == engine.NoCard {
			b.WriteString("??")
		} else {
			b.WriteString(c.String())
		}
	}
}

// formatNumber writes an amount as an integer when it is one, else as a decimal.
func formatNumber(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
		return strconv.FormatInt(int64(x), 10)
	}
	if math.IsInf(x, 1) {
		return "inf"
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// Meta holds the optional descriptive fields of a hand that the package keeps
// (spec.rst); other optional fields are accepted and ignored.
type Meta struct {
	Author, Event, URL, Venue, City, Region, Country, Currency string
	HandID                                                     string // the "hand" field (string or integer in the file)
	Table                                                      string // the "table" field
	Day, Month, Year, Level, SeatCount                         int
	Players                                                    []string
	Seats                                                      []int
	// The room's provable deck (user-defined fields, written, not read):
	// the commitment shown before the deal (_deck_commitment), the seeds
	// mixed in (_deck_seeds) and, where the export may show every card,
	// the secret salt (_deck_salt), the deck committed to (_deck) and the
	// key of its positions' salts (_deck_key). A deck committed per card
	// position also has its salt, every position's hash (_deck_leaves) and
	// the proofs of the cards shown (_deck_shown: engine.RevealedCard).
	Commitment, Salt, CommittedDeck, Key string
	Seeds, Leaves, Shown                 []string
}

// Hand is one hand history: the fields needed to rebuild the hand, its actions
// and, when known, the finishing stacks. Array fields are indexed by player
// (p1 first: the seat left of the button; the button is last).
type Hand struct {
	File string // file name as given to the parser
	Name string // table name in a .phhs file ("12" for [12]); empty in a .phh file
	Line int    // line of the [n] header in a .phhs file, 1 in a .phh file

	Variant            string
	AnteTrimmingStatus bool
	Antes              []float64
	BlindsOrStraddles  []float64
	BringIn            float64
	SmallBet, BigBet   float64
	MinBet             float64
	StartingStacks     []float64 // +Inf for an unknown stack
	Actions            []Action
	FinishingStacks    []float64 // nil when the file has none
	// Rake is the house's rake as pokerroom writes it in the user-defined
	// fields _rake_percent, _rake_cap and _rake_step (PHH has none of its
	// own); zero for none. The replay takes it as the engine does.
	Rake engine.Rake
	// RaiseCap is the fixed-limit cap as pokerroom writes it in the
	// user-defined field _raise_cap (engine.Config.RaiseCap: 0 the default
	// cap, -1 none); the replay plays by it.
	RaiseCap int
	Meta     Meta
}

// Players returns the number of players (the length of starting_stacks).
func (h *Hand) Players() int { return len(h.StartingStacks) }

// Label names the hand for messages: "file [n]" in a .phhs file, else "file"
// (with the hand field, when present, as "file (hand 12)").
func (h *Hand) Label() string {
	switch {
	case h.Name != "":
		return h.File + " [" + h.Name + "]"
	case h.Meta.HandID != "":
		return h.File + " (hand " + h.Meta.HandID + ")"
	}
	return h.File
}

// Error is a malformed-input error: it names the file, the hand (the [n]
// table of a .phhs file), the line and the field (and action index) at fault.
type Error struct {
	File  string
	Hand  string // table name in a .phhs file, "" otherwise
	Line  int    // 0 when unknown
	Field string // "actions[3]", "antes", ... or "" for a TOML syntax error
	Msg   string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(e.Line))
	}
	b.WriteString(": ")
	if e.Hand != "" {
		b.WriteString("hand [" + e.Hand + "]: ")
	}
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ErrorList collects the errors of the hands of a file that could not be read;
// the hands that could be read are returned beside it.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// Unwrap lets errors.As find each *Error.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}
