package bot

import (
	"strings"
	"testing"
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
		name, args, ok := ParseCommand(tc.line)
		if name != tc.name || strings.Join(args, " ") != tc.args || ok != tc.ok {
			t.Errorf("ParseCommand(%q) = %q %q %v, want %q %q %v", tc.line, name, args, ok, tc.name, tc.args, tc.ok)
		}
	}
}

func TestParseAmount(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want amountSpec
		bad  bool
	}{
		{"40", amountSpec{to: 40}, false},
		{"1,000", amountSpec{to: 1000}, false},
		{"2k", amountSpec{to: 2000}, false},
		{"pot", amountSpec{num: 1, den: 1}, false},
		{"1/2 pot", amountSpec{num: 1, den: 2}, false},
		{"3/4pot", amountSpec{num: 3, den: 4}, false},
		{"min", amountSpec{min: true}, false},
		{"allin", amountSpec{max: true}, false},
		{"-5", amountSpec{}, true},
		{"0", amountSpec{}, true},
		{"1/0 pot", amountSpec{}, true},
		{"99999999999999999999", amountSpec{}, true},
		{"lots", amountSpec{}, true},
	} {
		got, err := parseAmount(strings.Fields(tc.in))
		if (err != nil) != tc.bad || (!tc.bad && got != tc.want) {
			t.Errorf("parseAmount(%q) = %+v, %v", tc.in, got, err)
		}
	}
}

// Parsers never panic, and an accepted amount is positive and in range;
// an accepted table config is within its documented bounds.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"/raise 40", "/bet 1/2 pot", "/newtable nlhe 1/2 buyin=40-200 seats=6 rake=5%:10", "/join 2k post", "/bet 9999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		name, args, ok := ParseCommand(line)
		if !ok {
			return
		}
		if a, err := parseAmount(args); err == nil && a.den == 0 && !a.min && !a.max && (a.to <= 0 || a.to > MaxAmount) {
			t.Fatalf("amount %+v from %q", a, line)
		}
		if name == "newtable" {
			if c, err := ParseTableConfig(args); err == nil {
				if c.BigBlind < 1 || c.Seats < 2 || c.Seats > 10 || c.MinBuyIn < c.BigBlind || c.MaxBuyIn < c.MinBuyIn {
					t.Fatalf("config %+v from %q", c, line)
				}
			}
		}
	})
}
