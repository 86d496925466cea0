package room

import (
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/engine"
)

func TestParseCommand(t *testing.T) {
	for _, tc := range []struct {
		line string
		name string
		args string
		ok   bool
	}{
		{"/raise 40", "raise", "40", true},
		{"/Raise@pokerbot 1/2 pot", "raise", "1/2 pot", true},
		{"  /call  ", "call", "", true},
		{"call", "", "", false},
		{"/", "", "", false},
		{"/rai$e 4", "", "", false},
	} {
		name, args, ok := bot.ParseCommand(tc.line)
		if name != tc.name || strings.Join(args, " ") != tc.args || ok != tc.ok {
			t.Errorf("ParseCommand(%q) = %q %q %v, want %q %q %v", tc.line, name, args, ok, tc.name, tc.args, tc.ok)
		}
	}
}

func TestParseAmount(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bot.AmountSpec
		bad  bool
	}{
		{"40", bot.AmountSpec{To: 40}, false},
		{"1,000", bot.AmountSpec{To: 1000}, false},
		{"2k", bot.AmountSpec{To: 2000}, false},
		{"1 000", bot.AmountSpec{To: 1000}, false},
		{"3 4", bot.AmountSpec{}, true},
		{"pot", bot.AmountSpec{Num: 1, Den: 1}, false},
		{"1/2 pot", bot.AmountSpec{Num: 1, Den: 2}, false},
		{"3/4pot", bot.AmountSpec{Num: 3, Den: 4}, false},
		{"min", bot.AmountSpec{Min: true}, false},
		{"allin", bot.AmountSpec{Max: true}, false},
		{"-5", bot.AmountSpec{}, true},
		{"0", bot.AmountSpec{}, true},
		{"1/0 pot", bot.AmountSpec{}, true},
		{"99999999999999999999", bot.AmountSpec{}, true},
		{"lots", bot.AmountSpec{}, true},
	} {
		got, err := bot.ParseAmountIn(strings.Fields(tc.in), bot.English)
		if (err != nil) != tc.bad || (!tc.bad && got != tc.want) {
			t.Errorf("parseAmountIn(%q) = %+v, %v", tc.in, got, err)
		}
	}
}

// Parsers never panic, and an accepted amount is positive and in range;
// an accepted table config is within its documented bounds.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"/raise 40", "/bet 1/2 pot", "/newtable nlhe 1/2 buyin=40-200 seats=6 rake=5%:10", "/newtable draw 1/2 jokers=2 deck=32 seats=4 figures=on", "/newtable flhe 2/5 cap=2", "/join 2k post", "/bet 9999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		name, args, ok := bot.ParseCommand(line)
		if !ok {
			return
		}
		if a, err := bot.ParseAmountIn(args, bot.English); err == nil && a.Den == 0 && !a.Min && !a.Max && (a.To <= 0 || a.To > bot.MaxAmount) {
			t.Fatalf("amount %+v from %q", a, line)
		}
		if name == "newtable" {
			if c, err := table.ParseTableConfig(args); err == nil {
				if c.BigBlind < 1 || c.Seats < 2 || c.Seats > 10 || c.MinBuyIn < c.BigBlind || c.MaxBuyIn < c.MinBuyIn {
					t.Fatalf("config %+v from %q", c, line)
				}
				// An accepted table deals a hand to every seat from its
				// deck (R-CARD-7: the deck is big enough for the seats).
				rules := c.Rules()
				size, jokers := 52, 0
				if rules.Game == engine.Draw {
					jokers = rules.Draw.Jokers
					if rules.Draw.DeckSize != 0 {
						size = rules.Draw.DeckSize
					}
				}
				deck, err := engine.NewDeck(size, jokers)
				if err != nil {
					t.Fatalf("config %+v from %q: %v", c, line, err)
				}
				seats := make([]engine.Seat, c.Seats)
				for i := range seats {
					seats[i].Stack = c.MaxBuyIn
				}
				if _, err := engine.New(rules, seats, 0, deck); err != nil {
					t.Fatalf("config %+v from %q deals no hand: %v", c, line, err)
				}
			}
		}
	})
}

// Amounts are read as people write them, by the chat's language; a
// decimal or a misplaced separator is refused with its reason, never read
// as another number (issue 20: "/bet 2.5" was played as 25, "/join 1,2"
// as 12).
func TestParseChipsAsPeopleWriteThem(t *testing.T) {
	for _, tc := range []struct {
		in, lang string
		want     int64
		key      string // the refusal's message key
	}{
		{"40", bot.English, 40, ""},
		{"1,000", bot.English, 1000, ""},
		{"1,000,000", bot.English, 1000000, ""},
		{"1.000", bot.Spanish, 1000, ""},
		{"1.000.000", bot.Spanish, 1000000, ""},
		{"1_000", bot.English, 1000, ""},
		{"1 000", bot.Spanish, 1000, ""},
		{"1 2", bot.English, 0, "amount.grouping"},
		{"10_0", bot.English, 0, "amount.grouping"},
		{"2k", bot.English, 2000, ""},
		{"2.5k", bot.English, 2500, ""},
		{"2,5k", bot.Spanish, 2500, ""},
		{"2.5", bot.English, 0, "amount.decimal"},
		{"2,5", bot.Spanish, 0, "amount.decimal"},
		{"1.000", bot.English, 0, "amount.decimal"},
		{"1,2", bot.English, 0, "amount.grouping"},
		{"1.2", bot.Spanish, 0, "amount.grouping"},
		{"12,34", bot.English, 0, "amount.grouping"},
		{"1000,000", bot.English, 0, "amount.grouping"},
		{",100", bot.English, 0, "amount.grouping"},
		{"1,000.5", bot.English, 0, "amount.decimal"},
		{"2.5555k", bot.English, 0, "amount.decimal"},
		{"0", bot.English, 0, "amount.not_positive"},
		{"-5", bot.English, 0, "amount.bad"},
		{"1e3", bot.English, 0, "amount.bad"},
		{"", bot.English, 0, "amount.bad"},
		{"99999999999999999999", bot.English, 0, "amount.too_large"},
	} {
		got, err := bot.ParseChipsIn(tc.in, tc.lang)
		if tc.key == "" {
			if err != nil || got != tc.want {
				t.Errorf("%s %q: %d, %v; want %d", tc.lang, tc.in, got, err, tc.want)
			}
			continue
		}
		if e, ok := err.(*bot.Error); !ok || e.Key != tc.key {
			t.Errorf("%s %q: %d, %v; want refused with %s", tc.lang, tc.in, got, err, tc.key)
		}
	}
}

// The amount parser never panics; what it accepts is positive and in
// range, and a number it shows (FormatChips) reads back as itself.
func FuzzParseChips(f *testing.F) {
	for _, s := range []string{"40", "1,000", "1.000", "2.5", "2,5k", "1,2", "9999999999999999999k", "1 000", "1__0"} {
		f.Add(s, false)
	}
	f.Add("1.234.567", true)
	f.Fuzz(func(t *testing.T, s string, es bool) {
		lang := bot.English
		if es {
			lang = bot.Spanish
		}
		n, err := bot.ParseChipsIn(s, lang)
		if err == nil && (n <= 0 || n > bot.MaxAmount) {
			t.Fatalf("%q read as %d", s, n)
		}
		if err == nil {
			shown := bot.FormatChips(n, lang)
			if back, err := bot.ParseChipsIn(shown, lang); err != nil || back != n {
				t.Fatalf("%d shown as %q reads back as %d, %v", n, shown, back, err)
			}
		}
	})
}
