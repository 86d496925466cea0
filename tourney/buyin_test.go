package tourney

import (
	"errors"
	"strings"
	"testing"
)

// R-TRN-2
func TestParseBuyInReadsPrizeBountyAndFee(t *testing.T) {
	cases := []struct {
		in   string
		want BuyIn
	}{
		{"10+1", BuyIn{Prize: 10, Fee: 1}},
		{"20+5+2", BuyIn{Prize: 20, Bounty: 5, Fee: 2}},
		{" 30 + 3 ", BuyIn{Prize: 30, Fee: 3}},
		{"100", BuyIn{Prize: 100}},
		{"freeroll", BuyIn{}},
		{"Free", BuyIn{}},
		{"0", BuyIn{}},
	}
	for _, c := range cases {
		got, err := ParseBuyIn(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseBuyIn(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
		if again, err := ParseBuyIn(got.String()); err != nil || again != got {
			t.Errorf("round trip of %q via %q = %+v, %v", c.in, got.String(), again, err)
		}
	}
	if b, _ := ParseBuyIn("20+5+2"); b.Total() != 27 {
		t.Errorf("total of 20+5+2 = %d, want 27", b.Total())
	}
}

// R-TRN-2
func TestParseBuyInNamesTheBadPart(t *testing.T) {
	cases := []struct {
		in   string
		part int
		err  error
		text string
	}{
		{"10+x", 2, ErrBuyInNotNumber, `part 2 "x"`},
		{"x+1", 1, ErrBuyInNotNumber, `part 1 "x"`},
		{"10+", 2, ErrBuyInEmptyPart, "part 2"},
		{"10+-1", 2, ErrBuyInNegative, "negative"},
		{"1+2+3+4", 0, ErrBuyInTooManyParts, "too many parts"},
		{"", 0, ErrBuyInEmpty, "empty"},
		{"10.5+1", 1, ErrBuyInNotNumber, `"10.5"`},
		{"99999999999999999999+1", 1, ErrBuyInTooLarge, "too large"},
	}
	for _, c := range cases {
		_, err := ParseBuyIn(c.in)
		var be *BuyInError
		if !errors.As(err, &be) || !errors.Is(err, c.err) || be.Part != c.part || !strings.Contains(err.Error(), c.text) {
			t.Errorf("ParseBuyIn(%q) error = %v; want part %d, %v, mentioning %q", c.in, err, c.part, c.err, c.text)
		}
	}
}

// R-TRN-14
func TestProgressiveBuyInSplitsNetHalfPoolHalfBounty(t *testing.T) {
	b, _ := ParseBuyIn("21+2")
	p := b.Progressive()
	if p.Prize != 11 || p.Bounty != 10 || p.Fee != 2 {
		t.Errorf("progressive 21+2 = %+v, want prize 11 bounty 10 fee 2", p)
	}
	explicit := BuyIn{Prize: 20, Bounty: 5, Fee: 2}
	if explicit.Progressive() != explicit {
		t.Errorf("a buy-in with a bounty part changed")
	}
}

func FuzzParseBuyIn(f *testing.F) {
	for _, s := range []string{"10+1", "20+5+2", "free", "10+x", "+", "1++2", " 7 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBuyIn(s)
		if err != nil {
			var be *BuyInError
			if !errors.As(err, &be) {
				t.Fatalf("error %v is not a *BuyInError", err)
			}
			return
		}
		if b.Prize < 0 || b.Bounty < 0 || b.Fee < 0 {
			t.Fatalf("negative part from %q: %+v", s, b)
		}
		again, err := ParseBuyIn(b.String())
		if err != nil || again != b {
			t.Fatalf("round trip %q -> %q -> %+v, %v", s, b.String(), again, err)
		}
	})
}
