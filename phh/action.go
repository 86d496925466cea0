package phh

import (
	"fmt"
	"math"
	"strconv"

	"github.com/pokerroom/pokerroom/engine"
)

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// parseAction parses one action notation (required.rst, "Actions"):
//
//	d db cards | d dh pN cards | pN pb | pN cbr amount | pN cc | pN f |
//	pN sd [cards] | pN sm [cards] | "" | # commentary
//
// Words are separated by blanks; a "#" starts a commentary that runs to the
// end. Cards are appended to buf and the action's Cards slice points into it;
// the grown buffer is returned. A non-empty message reports a malformed
// notation.
func parseAction(s []byte, buf []engine.Card) (Action, []engine.Card, string) {
	var words [5][]byte
	n := 0
	for i := 0; i < len(s); {
		for i < len(s) && isBlank(s[i]) {
			i++
		}
		if i == len(s) || s[i] == '#' {
			break
		}
		j := i
		for j < len(s) && !isBlank(s[j]) && s[j] != '#' {
			j++
		}
		if n == len(words) {
			return Action{}, buf, "too many words"
		}
		words[n] = s[i:j]
		n++
		i = j
	}
	var a Action
	if n == 0 {
		return a, buf, ""
	}
	actor := words[0]
	if len(actor) == 1 && actor[0] == 'd' {
		if n < 2 {
			return a, buf, "dealer action without a verb (want db or dh)"
		}
		switch string(words[1]) {
		case "db":
			if n != 3 {
				return a, buf, "want \"d db cards\""
			}
			a.Kind = DealBoard
			return cardsArg(a, words[2], buf)
		case "dh":
			if n != 4 {
				return a, buf, "want \"d dh pN cards\""
			}
			p, msg := player(words[2])
			if msg != "" {
				return a, buf, msg
			}
			a.Kind, a.Player = DealHole, p
			return cardsArg(a, words[3], buf)
		}
		return a, buf, "unknown dealer action " + strconv.Quote(string(words[1])) + " (want db or dh)"
	}
	p, msg := player(actor)
	if msg != "" {
		return a, buf, msg
	}
	a.Player = p
	if n < 2 {
		return a, buf, "player action without a verb"
	}
	verb, args := words[1], n-2
	switch string(verb) {
	case "f", "cc", "pb":
		if args != 0 {
			return a, buf, string(verb) + " takes no argument"
		}
		switch verb[0] {
		case 'f':
			a.Kind = Fold
		case 'c':
			a.Kind = CheckOrCall
		default:
			a.Kind = BringIn
		}
		return a, buf, ""
	case "cbr":
		if args != 1 {
			return a, buf, "want \"pN cbr amount\""
		}
		x, ok := parseAmount(words[2])
		if !ok {
			return a, buf, "bad amount " + strconv.Quote(string(words[2]))
		}
		a.Kind, a.Amount = CompleteBetOrRaiseTo, x
		return a, buf, ""
	case "sd", "sm":
		a.Kind = StandPatOrDiscard
		if verb[1] == 'm' {
			a.Kind = ShowOrMuck
		}
		switch args {
		case 0:
			return a, buf, ""
		case 1:
			return cardsArg(a, words[2], buf)
		}
		return a, buf, "want \"pN " + string(verb) + " [cards]\""
	}
	return a, buf, "unknown action " + strconv.Quote(string(verb)) + " (want f, cc, cbr, sm, sd or pb)"
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// player parses "pN" with N >= 1.
func player(w []byte) (int, string) {
	if len(w) < 2 || w[0] != 'p' || len(w) > 4 {
		return 0, "bad actor " + strconv.Quote(string(w)) + " (want d or pN)"
	}
	n := 0
	for _, c := range w[1:] {
		if c < '0' || c > '9' {
			return 0, "bad actor " + strconv.Quote(string(w)) + " (want d or pN)"
		}
		n = n*10 + int(c-'0')
	}
	if n == 0 {
		return 0, "bad actor " + strconv.Quote(string(w)) + " (players are numbered from p1)"
	}
	return n, ""
}

// parseAmount parses a non-negative amount: digits, optionally with one
// decimal point ("10162.5").
func parseAmount(w []byte) (float64, bool) {
	var x int64
	dot := -1
	for i, c := range w {
		switch {
		case c == '.' && dot < 0:
			dot = i
		case c < '0' || c > '9':
			return 0, false
		case dot < 0:
			x = x*10 + int64(c-'0')
			if x > 1<<53 {
				return 0, false
			}
		}
	}
	if len(w) == 0 || dot == 0 || dot == len(w)-1 {
		return 0, false
	}
	if dot < 0 {
		return float64(x), true
	}
	f, err := strconv.ParseFloat(string(w), 64)
	return f, err == nil && !math.IsInf(f, 0)
}

const rankChars = "23456789TJQKA"
const suitChars = "shdc"

// cardsArg parses a run of cards ("AsKd", "????", "Td9c8h") into buf.
func cardsArg(a Action, w []byte, buf []engine.Card) (Action, []engine.Card, string) {
	if len(w)%2 != 0 {
		return a, buf, "bad cards " + strconv.Quote(string(w)) + ": want two characters per card (rank and suit, ?? when unknown)"
	}
	start := len(buf)
	for i := 0; i < len(w); i += 2 {
		c, ok := parseCard(w[i], w[i+1])
		if !ok {
			return a, buf, "bad card " + strconv.Quote(string(w[i:i+2])) + " (want a rank of 23456789TJQKA and a suit of shdc, or ??)"
		}
		buf = append(buf, c)
	}
	a.Cards = buf[start:len(buf):len(buf)]
	return a, buf, ""
}

// cardCode maps a rank character (either case) to rank+1 and a suit
// character (either case) to suit+1; 0 for anything else.
var rankCode, suitCode = func() (r, s [256]uint8) {
	for i := 0; i < len(rankChars); i++ {
		r[rankChars[i]] = uint8(i + 1)
		r[rankChars[i]|0x20] = uint8(i + 1) // lower case letters (digits are unchanged)
	}
	for i := 0; i < len(suitChars); i++ {
		s[suitChars[i]] = uint8(i + 1)
		s[suitChars[i]&^0x20] = uint8(i + 1)
	}
	return
}()

func parseCard(r, s byte) (engine.Card, bool) {
	if r == '?' && s == '?' {
		return engine.NoCard, true
	}
	ri, si := rankCode[r], suitCode[s]
	if ri == 0 || si == 0 {
		return engine.NoCard, false
	}
	return engine.NewCard(engine.Rank(ri-1), engine.Suit(si-1)), true
}

// Field requirements per variant (required.rst): which of blinds_or_straddles
// (else bring_in) and min_bet (else small_bet and big_bet) a variant needs.
var variantFields = map[string]struct{ blinds, minBet bool }{
	"FT": {true, false}, "NT": {true, true}, "NS": {true, true}, "PO": {true, true},
	"FO/8": {true, false}, "F7S": {false, false}, "F7S/8": {false, false}, "FR": {false, false},
	"N2L1D": {true, true}, "F2L3D": {true, false}, "FB": {true, false},
}

// validate checks the hand's required fields and their shapes once all its
// fields are read.
func (b *builder) validate() {
	h := b.h
	need := func(key string) bool {
		if !b.has(key) {
			b.fail(h.Line, key, "required field missing")
			return false
		}
		return true
	}
	for _, k := range []string{"variant", "antes", "starting_stacks", "actions"} {
		if !need(k) {
			return
		}
	}
	vf, known := variantFields[h.Variant]
	if known {
		if vf.blinds {
			need("blinds_or_straddles")
		} else {
			need("bring_in")
		}
		if vf.minBet {
			need("min_bet")
		} else {
			need("small_bet")
			need("big_bet")
		}
		if b.err != nil {
			return
		}
	}
	n := len(h.StartingStacks)
	if n < 2 {
		b.fail(h.Line, "starting_stacks", "want at least two players, got %d", n)
		return
	}
	for i, s := range h.StartingStacks {
		if s <= 0 {
			b.fail(h.Line, "starting_stacks["+strconv.Itoa(i)+"]", "stacks must be positive, got %s", formatNumber(s))
			return
		}
	}
	lengths := []struct {
		key string
		got int
		set bool
	}{
		{"antes", len(h.Antes), true},
		{"blinds_or_straddles", len(h.BlindsOrStraddles), b.has("blinds_or_straddles")},
		{"finishing_stacks", len(h.FinishingStacks), b.has("finishing_stacks")},
		{"players", len(h.Meta.Players), b.has("players")},
		{"seats", len(h.Meta.Seats), b.has("seats")},
	}
	for _, l := range lengths {
		if l.set && l.got != n {
			b.fail(h.Line, l.key, "want one entry per player (%d, the length of starting_stacks), got %d", n, l.got)
			return
		}
	}
	for _, a := range h.Actions {
		if a.Player > n {
			b.fail(a.Line, actionField(a.Index), "player p%d, but the hand has %d players", a.Player, n)
			return
		}
	}
}
