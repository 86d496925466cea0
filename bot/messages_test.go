package bot

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/tourney"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var placeholderRE = regexp.MustCompile(`%\[(\d+)\][a-z]`)

// Every message exists in English and Spanish with the same placeholders.
func TestCatalogueSpeaksBothLanguages(t *testing.T) {
	for key, m := range Catalogue {
		if m.En == "" || m.Es == "" {
			t.Errorf("%s: missing a language (en %q, es %q)", key, m.En, m.Es)
			continue
		}
		en, es := placeholderRE.FindAllString(m.En, -1), placeholderRE.FindAllString(m.Es, -1)
		sort.Strings(en)
		sort.Strings(es)
		if strings.Join(en, " ") != strings.Join(es, " ") {
			t.Errorf("%s: placeholders %v in English, %v in Spanish", key, en, es)
		}
	}
	for _, k := range tourneyKeys {
		if _, ok := Catalogue[k.key]; !ok {
			t.Errorf("tourney error %v maps to %q, not in the catalogue", k.err, k.key)
		}
	}
	for _, c := range tourneyConfigErrors {
		if _, ok := reasons[c]; !ok {
			t.Errorf("configuration error %v has no translated reason", c)
		}
	}
	for st := tourney.Announced; st <= tourney.Cancelled; st++ {
		if m, ok := StateNames[st]; !ok || m.En == "" || m.Es == "" {
			t.Errorf("state %v has no name in both languages", st)
		}
	}
	for err, key := range actionKeys {
		if _, ok := Catalogue[key]; !ok {
			t.Errorf("engine error %v maps to %q, not in the catalogue", err, key)
		}
	}
}

// userErrors are errors a user can cause, as the engine, tourney and the
// store return them.
func userErrors() []struct {
	name string
	err  error
} {
	l := engine.Legal{Seat: 2, MinTo: 200, MaxTo: 12500, CallAmount: 1500, MaxDiscard: 3}
	act := func(e error) error { return &engine.ActionError{Action: engine.Action{Seat: 1}, Err: e, Legal: l} }
	_, cardErr := engine.ParseCard("Zz")
	_, buyInErr := tourney.ParseBuyIn("10+x")
	_, levelErr := tourney.ParseLevels("100/50 10m", 0)
	_, cfgErr := engine.New(engine.Config{Game: engine.Holdem, SmallBlind: 20, BigBlind: 10}, []engine.Seat{{Stack: 100}, {Stack: 100}}, 0, nil)
	return []struct {
		name string
		err  error
	}{
		{"not your turn", act(engine.ErrNotYourTurn)},
		{"below minimum", act(engine.ErrBelowMinimum)},
		{"above maximum", act(engine.ErrAboveMaximum)},
		{"cannot check", act(engine.ErrCannotCheck)},
		{"cannot call", act(engine.ErrCannotCall)},
		{"cannot bet", act(engine.ErrCannotBet)},
		{"cannot raise", act(engine.ErrCannotRaise)},
		{"hand over", act(engine.ErrHandOver)},
		{"bad discard", act(engine.ErrBadDiscard)},
		{"two jokers", act(engine.ErrKeepsTwoJokers)},
		{"no openers", act(engine.ErrNoOpeners)},
		{"bad card", cardErr},
		{"bad table", cfgErr},
		{"bad buy-in", buyInErr},
		{"bad level", levelErr},
		{"rebuy closed", fmt.Errorf("rebuy: %w", tourney.ErrRebuyClosed)},
		{"full", tourney.ErrFull},
		{"wrong state", &tourney.StateError{Op: "rebuy", State: tourney.Cancelled}},
		{"too large", fmt.Errorf("x: %w", tourney.ErrAmountTooLarge)},
		{"config", fmt.Errorf("%w: 9", tourney.ErrUnknownValue)},
		{"not found", fmt.Errorf("%w: hand 9", ErrNotFound)},
		{"duplicate", fmt.Errorf("%w: seq 3", ErrDuplicate)},
		{"insufficient funds", fmt.Errorf("wallet: %w", ErrInsufficientFunds)},
		{"busy", Errorf(EBusy, KeyBusy)},
		{"slow down", Errorf(ELimited, KeySlowDown, 7)},
		{"timeout", fmt.Errorf("commit: %w", context.DeadlineExceeded)},
		{"internal", errors.New("pq: password authentication failed for user bot on host db.internal:5432")},
	}
}

// The answers in both languages, golden-file tested (go test ./bot -update
// rewrites testdata/messages.golden).
func TestMessagesGolden(t *testing.T) {
	var b strings.Builder
	for _, tc := range userErrors() {
		e := FromError(tc.err)
		fmt.Fprintf(&b, "%s [%s %s]\n  en: %s\n  es: %s\n", tc.name, e.Code, e.Key, e.Message(English), e.Message(Spanish))
	}
	const path = "testdata/messages.golden"
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./bot -update to create it)", err)
	}
	if b.String() != string(want) {
		t.Errorf("messages differ from %s (go test ./bot -update after checking):\n%s", path, b.String())
	}
}

// Each user error gets a specific key (not the internal one), and the
// values the answer needs.
func TestUserErrorsGetSpecificAnswers(t *testing.T) {
	for _, tc := range userErrors() {
		e := FromError(tc.err)
		if tc.name == "internal" {
			if e.Code != EInternal || e.Err == nil {
				t.Errorf("internal: %+v", e)
			}
			continue
		}
		if e.Code == EInternal || e.Key == KeyInternal {
			t.Errorf("%s: %v answered as internal", tc.name, tc.err)
		}
		if strings.Contains(e.Message(English), "%!") || strings.Contains(e.Message(Spanish), "%!") {
			t.Errorf("%s: placeholders and arguments disagree: %q", tc.name, e.Message(English))
		}
	}
	below := FromError(&engine.ActionError{Err: engine.ErrBelowMinimum, Legal: engine.Legal{MinTo: 2000, MaxTo: 125000}})
	if got := below.Message(Spanish); !strings.Contains(got, "2.000") || !strings.Contains(got, "125.000") {
		t.Errorf("the range in Spanish: %q", got)
	}
	if got := below.Message(English); !strings.Contains(got, "2,000") || !strings.Contains(got, "125,000") {
		t.Errorf("the range in English: %q", got)
	}
	if got := below.Message("fr"); got != below.Message(English) {
		t.Errorf("an unknown language is not English: %q", got)
	}
}

// An internal error never shows its cause: no host, user or password.
func TestInternalErrorsShowNoCause(t *testing.T) {
	err := errors.New("dial postgres://bot:hunter2@db.internal:5432/room: connection refused")
	for _, lang := range []string{English, Spanish, ""} {
		msg := Translate(fmt.Errorf("commit hand 7: %w", err), lang)
		for _, secret := range []string{"hunter2", "db.internal", "bot:", "5432", "connection refused"} {
			if strings.Contains(msg, secret) {
				t.Errorf("%s message %q shows %q", lang, msg, secret)
			}
		}
	}
	if e := FromError(err); !errors.Is(e, err) {
		t.Error("the cause is not kept for the log")
	}
}

func TestFormatChips(t *testing.T) {
	for _, tc := range []struct {
		n      int64
		en, es string
	}{{0, "0", "0"}, {999, "999", "999"}, {1000, "1,000", "1.000"}, {-1234567, "-1,234,567", "-1.234.567"}, {1 << 50, "1,125,899,906,842,624", "1.125.899.906.842.624"}} {
		if got := FormatChips(tc.n, English); got != tc.en {
			t.Errorf("%d en: %q", tc.n, got)
		}
		if got := FormatChips(tc.n, Spanish); got != tc.es {
			t.Errorf("%d es: %q", tc.n, got)
		}
	}
}

// A count of one agrees with its words in both languages: "1 practice
// opponent leaves", "1 rival de práctica inscrito", "The last 1 admin
// action"; these said "1 practice opponent leave", "1 rival de práctica
// inscritos", "The last 1 admin actions", "Las últimas 1 acción".
func TestOneAgreesWithItsWords(t *testing.T) {
	for _, c := range []struct {
		key      string
		args     []any
		lang     string
		want     string
		wantMany string
	}{
		{"kickbot.done", []any{1, "#1"}, English, "1 practice opponent leaves #1", "2 practice opponents leave #1"},
		{"kickbot.done", []any{1, "#1"}, Spanish, "1 rival de práctica deja #1", "2 rivales de práctica dejan #1"},
		{"tourney.bots_added", []any{1, "X"}, English, "1 practice opponent registered for X", "2 practice opponents registered for X"},
		{"tourney.bots_added", []any{1, "X"}, Spanish, "1 rival de práctica inscrito en X", "2 rivales de práctica inscritos en X"},
		{"fair.seeds", []any{1}, English, "1 seed (/seed <text>)", "2 seeds (/seed <text>)"},
		{"fair.seeds", []any{1}, Spanish, "1 semilla (/seed <texto>)", "2 semillas (/seed <texto>)"},
		{"adminlog.title", []any{1}, English, "The last 1 admin action (UTC)", "The last 2 admin actions (UTC)"},
		{"adminlog.title", []any{1}, Spanish, "Últimas acciones de administración (1, UTC)", "Últimas acciones de administración (2, UTC)"},
	} {
		one := (&Error{Code: EInvalid, Key: c.key, Args: c.args}).Message(c.lang)
		many := append([]any{2}, c.args[1:]...)
		two := (&Error{Code: EInvalid, Key: c.key, Args: many}).Message(c.lang)
		if !strings.Contains(one, c.want) || strings.Contains(one, "%!") {
			t.Errorf("%s (%s), one: %q, want %q", c.key, c.lang, one, c.want)
		}
		if !strings.Contains(two, c.wantMany) || strings.Contains(two, "%!") {
			t.Errorf("%s (%s), two: %q, want %q", c.key, c.lang, two, c.wantMany)
		}
	}
}

// R-BET-3, R-BET-5: an amount refused where only one total is possible
// says that total instead of a range of one: "Too much: bet or raise to
// between 73 and 73." for a player whose only raise is all in, "between 8
// and 8" in fixed limit.
func TestARangeOfOneAmountIsSaidAsOne(t *testing.T) {
	allIn := FromError(&engine.ActionError{Err: engine.ErrAboveMaximum, Legal: engine.Legal{CanRaise: true, MinTo: 73, MaxTo: 73, AllInTo: 73}})
	fixed := FromError(&engine.ActionError{Err: engine.ErrBelowMinimum, Legal: engine.Legal{CanRaise: true, MinTo: 8, MaxTo: 8, AllInTo: 200}})
	ranged := FromError(&engine.ActionError{Err: engine.ErrBelowMinimum, Legal: engine.Legal{CanRaise: true, MinTo: 4, MaxTo: 100, AllInTo: 100}})
	for _, lang := range []string{English, Spanish} {
		if m := allIn.Message(lang); !strings.Contains(m, "/allin") || !strings.Contains(m, "73") || strings.Contains(m, "73 and 73") || strings.Contains(m, "73 y 73") {
			t.Errorf("%s, only all in: %s", lang, m)
		}
		if m := fixed.Message(lang); !strings.Contains(m, "8") || strings.Contains(m, "8 and 8") || strings.Contains(m, "8 y 8") {
			t.Errorf("%s, fixed limit: %s", lang, m)
		}
		if m := ranged.Message(lang); !strings.Contains(m, "4") || !strings.Contains(m, "100") {
			t.Errorf("%s, a range: %s", lang, m)
		}
	}
}
