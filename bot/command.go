package bot

import (
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Command is one thing a user asked for, as an adapter received it: who,
// where, what, and for a button press the token it carried.
type Command struct {
	Platform  string
	Chat      string // the chat it was typed in; "" for a private chat with the bot
	ChatTitle string
	// Thread is the place within the chat it was typed in (a forum topic
	// in a Telegram supergroup, as Outgoing.Thread names it); "" for the
	// chat itself. A cash table opened from it shows there.
	Thread string
	// Guild is the Discord server the chat belongs to ("" elsewhere): the
	// channels of one server share its wallets.
	Guild    string
	User     string // the platform's user id
	UserName string // how the user is shown
	Name     string // "join", "raise" (no slash, lower case)
	Args     []string
	// Token is the signed token of a pressed button ("" for a typed command).
	Token string
	// Received is when the adapter received it, on the room's clock (an
	// adapter reads the Clock main gives it, the room's), for the latency
	// figures; zero means when the room did.
	Received time.Time
	// Sent is when the user sent a typed command, as the platform stamps
	// it (Telegram's message date, in whole seconds); zero when the
	// platform does not say. A hand action typed before the player's turn
	// began, reaching the table only after it (the bot was down, or far
	// behind), is not played.
	Sent time.Time
	// Lang is the user's client language ("en", "es"), "" when the
	// platform does not say (the console).
	Lang string
}

// Reply is the room's direct answer to a command: shown in the chat, or
// only to the user (a popup, an ephemeral reply, a private message).
type Reply struct {
	Text    string
	Private bool
}

// ParseCommand splits a typed line ("/raise@pokerbot 40") into a command
// name and its arguments; ok is false when the line is not a command.
func ParseCommand(line string) (name string, args []string, ok bool) {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "/") {
		return "", nil, false
	}
	f := strings.Fields(line[1:])
	if len(f) == 0 {
		return "", nil, false
	}
	name, _, _ = strings.Cut(f[0], "@")
	name = strings.ToLower(name)
	if name == "" || strings.IndexFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) >= 0 {
		return "", nil, false
	}
	return name, f[1:], true
}

// AmountSpec is a bet or raise as typed: a "raise to" total, a fraction of
// the pot, the minimum or everything.
type AmountSpec struct {
	To       int64
	Num, Den int64 // a pot fraction num/den when den > 0
	Min, Max bool
}

// ParseAmountIn reads "40", "1,000", "pot", "1/2 pot", "1/2", "3/4pot",
// "min", "max", "allin", its numbers written as in lang.
func ParseAmountIn(args []string, lang string) (AmountSpec, error) {
	typed := strings.ToLower(strings.Join(args, " ")) // "1 000": a thousands separator, checked
	s := strings.ReplaceAll(typed, " ", "")
	if s == "" {
		return AmountSpec{}, Errorf(EInvalid, "amount.missing")
	}
	switch s {
	case "pot":
		return AmountSpec{Num: 1, Den: 1}, nil
	case "min":
		return AmountSpec{Min: true}, nil
	case "max", "allin":
		return AmountSpec{Max: true}, nil
	}
	if f, ok := strings.CutSuffix(s, "pot"); ok {
		s = f
		if s == "" {
			return AmountSpec{Num: 1, Den: 1}, nil
		}
	}
	if n, d, ok := strings.Cut(s, "/"); ok {
		a, err1 := strconv.ParseInt(n, 10, 64)
		b, err2 := strconv.ParseInt(d, 10, 64)
		if err1 != nil || err2 != nil || a < 1 || b < 1 || a > 100 || b > 100 {
			return AmountSpec{}, Errorf(EInvalid, "amount.bad", strings.Join(args, " "))
		}
		return AmountSpec{Num: a, Den: b}, nil
	}
	n, err := ParseChipsIn(typed, lang)
	if err != nil {
		if e, ok := err.(*Error); ok && e.Key != "amount.bad" {
			return AmountSpec{}, e // a decimal, a misplaced separator, too large: said as such
		}
		return AmountSpec{}, Errorf(EInvalid, "amount.bad", strings.Join(args, " "))
	}
	return AmountSpec{To: n}, nil
}

// ParseChipsIn reads a positive whole number of chips as people write it
// in lang: "1000", "1,000" in English or "1.000" in Spanish, "1 000" or
// "1_000" in either (thousands separators only between groups of three
// digits), "2k" (and "2.5k" = 2500). A decimal amount ("2.5" in English,
// "2,5" in Spanish) is refused as such ("chips are whole numbers"), a
// separator out of place ("1,2") as such: never read as another number.
func ParseChipsIn(s, lang string) (int64, error) {
	typed := strings.TrimSpace(s)
	thou, dec := ",", "."
	if lang == Spanish {
		thou, dec = ".", ","
	}
	// A space or an underscore separates thousands as the language's
	// separator does, with the same rule: only between groups of three.
	s = strings.ToLower(strings.NewReplacer("_", thou, " ", thou, "\u00a0", thou).Replace(typed))
	mult := int64(1)
	if t, ok := strings.CutSuffix(s, "k"); ok {
		s, mult = t, 1000
	}
	whole, frac, hasFrac := strings.Cut(s, dec)
	if hasFrac && (frac == "" || !allDigits(frac) || strings.Contains(frac, thou)) {
		return 0, Errorf(EInvalid, "amount.bad", typed)
	}
	if hasFrac && (mult == 1 || len(frac) > 3) {
		return 0, Errorf(EInvalid, "amount.decimal", typed)
	}
	if strings.Contains(whole, thou) {
		groups := strings.Split(whole, thou)
		for i, g := range groups {
			if !allDigits(g) { // "100 abc": no number, not a misplaced separator
				return 0, Errorf(EInvalid, "amount.bad", typed)
			}
			if g == "" || (i == 0 && len(g) > 3) || (i > 0 && len(g) != 3) {
				return 0, Errorf(EInvalid, "amount.grouping", typed, thou)
			}
		}
		whole = strings.Join(groups, "")
	}
	if whole == "" || !allDigits(whole) {
		return 0, Errorf(EInvalid, "amount.bad", typed)
	}
	n, ok := new(big.Int).SetString(whole, 10)
	if !ok {
		return 0, Errorf(EInvalid, "amount.bad", typed)
	}
	n.Mul(n, big.NewInt(mult))
	if hasFrac { // "2.5k": the thousandths the fraction names
		f, _ := new(big.Int).SetString(frac+strings.Repeat("0", 3-len(frac)), 10)
		n.Add(n, f)
	}
	if n.Sign() <= 0 {
		return 0, Errorf(EInvalid, "amount.not_positive", typed)
	}
	if !n.IsInt64() || n.Int64() > MaxAmount {
		return 0, Errorf(EInvalid, "amount.too_large", Chips(MaxAmount))
	}
	return n.Int64(), nil
}

// ParseChipsArg is ParseChipsIn for a number of chips that is not a bet
// (a buy-in, a top-up, a grant): what is no number is answered with how
// chips are written ("chips.bad"), not with the betting forms (pot, min,
// max) the command does not take.
func ParseChipsArg(s, lang string) (int64, error) {
	n, err := ParseChipsIn(s, lang)
	if e, ok := err.(*Error); ok && e.Key == "amount.bad" {
		return 0, Errorf(EInvalid, "chips.bad", strings.TrimSpace(s))
	}
	return n, err
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// MaxAmount is the largest amount a command accepts.
const MaxAmount = 1 << 50
