package engine

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestParseCardAcceptsEveryWrittenForm(t *testing.T) {
	tests := []struct {
		in   string
		want Card
	}{
		{"As", NewCard(Ace, Spades)},
		{"AS", NewCard(Ace, Spades)},
		{"as", NewCard(Ace, Spades)},
		{"Td", NewCard(Ten, Diamonds)},
		{"10d", NewCard(Ten, Diamonds)},
		{"10D", NewCard(Ten, Diamonds)},
		{"2c", NewCard(Two, Clubs)},
		{"kh", NewCard(King, Hearts)},
		{"Q♥", NewCard(Queen, Hearts)},
		{"Jk", Joker1},
	}
	for _, tt := range tests {
		got, err := ParseCard(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseCard(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseCardNamesTheBadToken(t *testing.T) {
	for _, in := range []string{"", "A", "Ax", "1s", "11d", "Zs", "Asd"} {
		_, err := ParseCard(in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseCard(%q) error = %v, want *ParseError", in, err)
			continue
		}
		if pe.Token != in {
			t.Errorf("ParseCard(%q) names token %q", in, pe.Token)
		}
	}
}

func TestParseCardsSplitsRunsAndLists(t *testing.T) {
	for _, in := range []string{"AsKd10c", "As Kd Tc", "As,Kd,10c"} {
		got, err := ParseCards(in)
		if err != nil {
			t.Fatalf("ParseCards(%q): %v", in, err)
		}
		if s := FormatCards(got); s != "As Kd Tc" {
			t.Errorf("ParseCards(%q) = %q", in, s)
		}
	}
	if _, err := ParseCards("AsAs"); err == nil {
		t.Error("ParseCards accepted a repeated card")
	}
	if _, err := ParseCards("AsK"); err == nil {
		t.Error("ParseCards accepted an incomplete card")
	}
}

func TestCardFormatsRoundTripForAll52(t *testing.T) {
	seen := map[string]bool{}
	for c := Card(0); c < 52; c++ {
		s := c.String()
		if seen[s] {
			t.Fatalf("duplicate text %q", s)
		}
		seen[s] = true
		back, err := ParseCard(s)
		if err != nil || back != c {
			t.Fatalf("round trip %v -> %q -> %v, %v", c, s, back, err)
		}
		sym, err := ParseCard(c.Symbol())
		if err != nil || sym != c {
			t.Fatalf("symbol round trip %v -> %q -> %v, %v", c, c.Symbol(), sym, err)
		}
	}
	if got := NewCard(Ace, Spades).Symbol(); got != "A♠" {
		t.Errorf("Symbol = %q, want A♠", got)
	}
}

func TestCardSetCounts(t *testing.T) {
	s := NewCardSet(MustParseCards("As Kd 2c Jk")...)
	if s.Len() != 4 || !s.Has(Joker1) || s.Has(NewCard(Ace, Hearts)) {
		t.Errorf("set %b wrong", s)
	}
	if s.Remove(Joker1).Len() != 3 {
		t.Error("Remove did not remove")
	}
}

func TestFormatSymbolsReadsBackAsTheSameCards(t *testing.T) {
	for _, in := range []string{"As Kd Tc", "2h 3c", "Jk 9s", ""} {
		cs, err := ParseCards(in)
		if err != nil {
			t.Fatalf("ParseCards(%q): %v", in, err)
		}
		sym := FormatSymbols(cs)
		back, err := ParseCards(sym)
		if err != nil {
			t.Fatalf("ParseCards(%q): %v", sym, err)
		}
		if FormatCards(back) != FormatCards(cs) {
			t.Errorf("%q → %q → %q", in, sym, FormatCards(back))
		}
	}
	if got := FormatSymbols(MustParseCards("Ah Td")); got != "A♥ T♦" {
		t.Errorf("FormatSymbols = %q, want A♥ T♦", got)
	}
}

// Every card, jokers included, encodes to JSON as the string of its name
// ("As", "Jk"), decodes back to itself, and is named and encoded to text
// without allocating; an invalid card is refused.
func TestCardJSONIsItsTextWithoutAllocating(t *testing.T) {
	for c := range Card(54) {
		text, err := c.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		js, err := json.Marshal(c)
		if err != nil || string(js) != `"`+string(text)+`"` || string(text) != c.String() {
			t.Fatalf("card %d: JSON %s, %v; text %q; String %q", c, js, err, text, c.String())
		}
		var back Card
		if err := json.Unmarshal(js, &back); err != nil || back != c && !(c.IsJoker() && back.IsJoker()) {
			t.Fatalf("card %d: %s decodes to %d, %v", c, js, back, err)
		}
	}
	cards := []Card{NewCard(Ace, Spades), NewCard(Ten, Diamonds), Joker1}
	if n := testing.AllocsPerRun(100, func() {
		for _, c := range cards {
			_, _ = c.MarshalText()
			_ = c.String()
		}
	}); n != 0 {
		t.Fatalf("%v allocations a run, want 0", n)
	}
	if _, err := json.Marshal(Card(60)); err == nil {
		t.Fatal("an invalid card encoded")
	}
}
