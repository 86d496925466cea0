package engine

import (
	"fmt"
	"math/bits"
	"strings"
)

// Rank is a card rank from Two (0) to Ace (12).
type Rank uint8

// The thirteen ranks, lowest first.
const (
	Two Rank = iota
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
	// NumRanks is the number of ranks in a full deck.
	NumRanks = 13
)

// Suit is a card suit. The order is the one used to break ties when cards are
// drawn for the button (R-SEAT-1): spades, hearts, diamonds, clubs.
type Suit uint8

// The four suits, highest first for the button draw.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
	// NumSuits is the number of suits.
	NumSuits = 4
)

// Card is one playing card, encoded as rank*4 + suit (0..51), or a joker
// (Joker1, Joker2) in five-card draw decks.
type Card uint8

// Jokers for the draw decks of R-CARD-7.
const (
	Joker1 Card = 52
	Joker2 Card = 53
	// NoCard marks an absent card (for example a hole card not yet dealt).
	NoCard Card = 255
)

const rankChars = "23456789TJQKA"
const suitChars = "shdc"

var suitSymbols = [NumSuits]string{"♠", "♥", "♦", "♣"}

// NewCard returns the card of rank r and suit s.
func NewCard(r Rank, s Suit) Card { return Card(uint8(r)*4 + uint8(s)) }

// Rank returns the card's rank. It is meaningless for jokers.
func (c Card) Rank() Rank { return Rank(c >> 2) }

// Suit returns the card's suit. It is meaningless for jokers.
func (c Card) Suit() Suit { return Suit(c & 3) }

// IsJoker reports whether c is a joker.
func (c Card) IsJoker() bool { return c == Joker1 || c == Joker2 }

// Valid reports whether c is one of the 52 cards or a joker.
func (c Card) Valid() bool { return c < 54 }

// String formats the card as two ASCII characters, rank then suit ("As", "Td");
// jokers are "Jk".
func (c Card) String() string {
	switch {
	case c.IsJoker():
		return "Jk"
	case c == NoCard:
		return "??"
	case !c.Valid():
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return cardNames[c]
}

// cardNames and cardText are the valid cards' names, as strings and as
// bytes, made once: formatting and encoding a card allocate nothing (a
// hand's events carry many cards, encoded at every action).
var cardNames, cardText = func() (names [54]string, text [54][]byte) {
	for c := range Card(52) {
		names[c] = string([]byte{rankChars[c.Rank()], suitChars[c.Suit()]})
	}
	names[Joker1], names[Joker2] = "Jk", "Jk"
	for c, n := range names {
		text[c] = []byte(n)
	}
	return names, text
}()

// Symbol formats the card with a suit symbol ("A♠", "10♦" is written "T♦").
func (c Card) Symbol() string {
	if c.IsJoker() {
		return "🃏"
	}
	if !c.Valid() {
		return c.String()
	}
	return string(rankChars[c.Rank()]) + suitSymbols[c.Suit()]
}

// MarshalText implements encoding.TextMarshaler so cards serialise as "As".
// It allocates nothing: the bytes returned are shared and must not be
// changed.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("engine: invalid card %d", uint8(c))
	}
	return cardText[c], nil // shared: callers only read it (encoding/json does)
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (c *Card) UnmarshalText(b []byte) error {
	p, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = p
	return nil
}

// String returns the rank's character ("A", "T", "2").
func (r Rank) String() string {
	if r >= NumRanks {
		return fmt.Sprintf("Rank(%d)", uint8(r))
	}
	return rankChars[r : r+1]
}

// String returns the suit's letter ("s", "h", "d", "c").
func (s Suit) String() string {
	if s >= NumSuits {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return suitChars[s : s+1]
}

// ParseError reports a token that is not a card.
type ParseError struct {
	Token  string // the offending token
	Reason string // why it was refused
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("engine: bad card %q: %s", e.Token, e.Reason)
}

// ParseRank parses a rank character: 2-9, T or 10, J, Q, K, A (any case).
func ParseRank(s string) (Rank, bool) {
	if s == "10" {
		return Ten, true
	}
	if len(s) != 1 {
		return 0, false
	}
	i := strings.IndexByte(rankChars, upper(s[0]))
	if i < 0 {
		return 0, false
	}
	return Rank(i), true
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

func lower(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b - 'A' + 'a'
	}
	return b
}

// ParseCard parses one card: a rank (2-9, T or 10, J, Q, K, A) followed by a
// suit (s, h, d, c), in either case, or a joker ("Jk", "Joker", "X"). Suit
// symbols (♠♥♦♣) are accepted too, and 🃏 for a joker.
func ParseCard(s string) (Card, error) {
	tok := strings.TrimSpace(s)
	switch strings.ToLower(tok) {
	case "jk", "joker", "x", "jkr", "🃏":
		return Joker1, nil
	case "":
		return NoCard, &ParseError{Token: s, Reason: "empty"}
	}
	for i, sym := range suitSymbols {
		if strings.HasSuffix(tok, sym) {
			r, ok := ParseRank(strings.TrimSuffix(tok, sym))
			if !ok {
				return NoCard, &ParseError{Token: s, Reason: "unknown rank (want 2-9, T or 10, J, Q, K, A)"}
			}
			return NewCard(r, Suit(i)), nil
		}
	}
	if len(tok) < 2 || len(tok) > 3 {
		return NoCard, &ParseError{Token: s, Reason: "want a rank and a suit, like As, Td or 10d"}
	}
	r, ok := ParseRank(tok[:len(tok)-1])
	if !ok {
		return NoCard, &ParseError{Token: s, Reason: "unknown rank (want 2-9, T or 10, J, Q, K, A)"}
	}
	si := strings.IndexByte(suitChars, lower(tok[len(tok)-1]))
	if si < 0 {
		return NoCard, &ParseError{Token: s, Reason: "unknown suit (want s, h, d or c)"}
	}
	return NewCard(r, Suit(si)), nil
}

// ParseCards parses a list of cards written together ("AsKd"), or separated by
// spaces or commas ("As Kd", "10d,9c"). A repeated card is an error (the second
// joker of a two-joker deck is Joker2).
func ParseCards(s string) ([]Card, error) {
	var out []Card
	var seen CardSet
	jokers := 0
	for _, field := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		toks, err := splitCards(field)
		if err != nil {
			return nil, err
		}
		for _, t := range toks {
			c, err := ParseCard(t)
			if err != nil {
				return nil, err
			}
			if c.IsJoker() {
				jokers++
				if jokers > 2 {
					return nil, &ParseError{Token: t, Reason: "more than two jokers"}
				}
				if jokers == 2 {
					c = Joker2
				}
			} else if seen.Has(c) {
				return nil, &ParseError{Token: t, Reason: "card repeated"}
			}
			seen = seen.Add(c)
			out = append(out, c)
		}
	}
	return out, nil
}

// MustParseCards is ParseCards for tests and constants; it panics on error.
func MustParseCards(s string) []Card {
	cs, err := ParseCards(s)
	if err != nil {
		panic(err)
	}
	return cs
}

// splitCards splits a run like "AsKd10c" into card tokens.
func splitCards(s string) ([]string, error) {
	var toks []string
	rs := []rune(s)
	for i := 0; i < len(rs); {
		// Jokers written inside a run.
		if i+1 < len(rs) && upper(byte(rs[i])) == 'J' && (rs[i+1] == 'k' || rs[i+1] == 'K') {
			toks = append(toks, "Jk")
			i += 2
			continue
		}
		if rs[i] == '🃏' { // the joker as FormatSymbols writes it
			toks = append(toks, "Jk")
			i++
			continue
		}
		n := 2
		if rs[i] == '1' && i+1 < len(rs) && rs[i+1] == '0' {
			n = 3
		}
		if i+n > len(rs) {
			return nil, &ParseError{Token: string(rs[i:]), Reason: "incomplete card: want a rank and a suit"}
		}
		toks = append(toks, string(rs[i:i+n]))
		i += n
	}
	return toks, nil
}

// FormatCards writes cards as "As Kd Tc".
func FormatCards(cs []Card) string { return formatCards(cs, Card.String) }

// formatCards writes cards separated by spaces, each as write writes it.
func formatCards(cs []Card, write func(Card) string) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(write(c))
	}
	return b.String()
}

// FormatSymbols writes cards as players read them, with suit symbols:
// "A♠ K♦ T♣" (a joker is "🃏"). ParseCards reads it back.
func FormatSymbols(cs []Card) string { return formatCards(cs, Card.Symbol) }

// CardSet is a set of cards as a bit mask (bit i is Card(i)), jokers included.
type CardSet uint64

// Has reports whether the set holds c.
func (s CardSet) Has(c Card) bool { return c < 64 && s&(1<<c) != 0 }

// Add returns the set with c added.
func (s CardSet) Add(c Card) CardSet { return s | 1<<c }

// Remove returns the set without c.
func (s CardSet) Remove(c Card) CardSet { return s &^ (1 << c) }

// Len returns the number of cards in the set.
func (s CardSet) Len() int { return bits.OnesCount64(uint64(s)) }

// NewCardSet returns the set of the given cards.
func NewCardSet(cs ...Card) CardSet {
	var s CardSet
	for _, c := range cs {
		s = s.Add(c)
	}
	return s
}
