package room_test

import (
	"strings"
	"testing"
)

// R-CASH-1: /topup reads a number of chips the way /join and the betting
// commands do (README "Amounts": 1,000, 1 000, 1_000, 1k, 1.5k), and
// refuses what is no whole number with the same specific answer. "/topup
// 1 000" topped up 1 chip (only the first word was read) and "/topup 100
// abc" topped up 100, the rest silently dropped; "/join 1 000" was
// refused as "000: the amount must be at least 1".
func TestTopUpAndJoinReadAmountsAsTheOtherCommandsDo(t *testing.T) {
	cases := []struct {
		line, want, key string
	}{
		{"/topup 1000", "adds 1,000 (stack 1,500)", ""},
		{"/topup 1,000", "adds 1,000 (stack 1,500)", ""},
		{"/topup 1 000", "adds 1,000 (stack 1,500)", ""},
		{"/topup 1_000", "adds 1,000 (stack 1,500)", ""},
		{"/topup 1 000 #1", "adds 1,000 (stack 1,500)", ""},
		{"/topup 1k", "adds 1,000 (stack 1,500)", ""},
		{"/topup 1.5k", "adds 1,500 (stack 2,000)", ""},
		{"/topup 2.5", "", "amount.decimal"},
		{"/topup 1,2", "", "amount.grouping"},
		{"/topup abc", "", "chips.bad"},
		{"/topup 0", "", "amount.not_positive"},
		{"/topup 100 abc", "", "chips.bad"},
	}
	for _, c := range cases {
		t.Run(strings.ReplaceAll(c.line, " ", "·"), func(t *testing.T) {
			h := newHarness(t, 5)
			h.must("admin", "/newtable nlhe 5/10 buyin=400-2000")
			h.must("ana", "/join 500")
			if c.key != "" {
				h.fails("ana", c.line, c.key)
				return
			}
			if r := h.must("ana", c.line); !strings.Contains(r.Text, c.want) {
				t.Fatalf("%s: %q, want %q", c.line, r.Text, c.want)
			}
		})
	}
	h := newHarness(t, 5)
	h.must("admin", "/newtable nlhe 5/10 buyin=400-2000")
	if r := h.must("ana", "/join 1 000"); !strings.Contains(r.Text, "with 1,000") {
		t.Fatalf("/join 1 000: %q", r.Text)
	}
	h.fails("ben", "/join 500 abc", "chips.bad")
}

// R-CASH-7, R-CASH-1: /pool join reads its buy-in as /join does: "1 000"
// is 1,000 (it was refused with the usage, as two arguments), and a word
// that is no number says how chips are written.
func TestPoolJoinReadsAmountsAsJoinDoes(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/newpool nlhe 5/10 buyin=400-2000")
	if r := h.must("ana", "/pool join 1 000"); !strings.Contains(r.Text, "(1,000 chips)") {
		t.Fatalf("/pool join 1 000: %q", r.Text)
	}
	if r := h.must("ana", "/pool join 1 000 P1"); !strings.Contains(r.Text, "(1,000 chips)") {
		t.Fatalf("/pool join 1 000 P1: %q", r.Text)
	}
	h.fails("ben", "/pool join 500 abc", "chips.bad")
}
