package room

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot/tournament"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"
)

// checkOptionError fails unless err is an EInvalid *Error whose message
// exists and formats in both languages.
func checkOptionError(t *testing.T, line string, err error) {
	t.Helper()
	var e *bot.Error
	if !errors.As(err, &e) || e.Code != bot.EInvalid {
		t.Fatalf("%q: error %v (%T), want an EInvalid *Error", line, err, err)
	}
	if _, ok := bot.Catalogue[e.Key]; !ok {
		t.Fatalf("%q: error key %q is not in the catalogue", line, e.Key)
	}
	// The user's words may hold "%!": they are left out of the check.
	clean := &bot.Error{Code: e.Code, Key: e.Key, Args: make([]any, len(e.Args))}
	for i, a := range e.Args {
		clean.Args[i] = a
		if _, ok := a.(string); ok {
			clean.Args[i] = "word"
		}
	}
	for _, lang := range []string{bot.English, bot.Spanish} {
		if m := clean.Message(lang); strings.Contains(m, "%!") {
			t.Fatalf("%q: %s message badly formatted: %q", line, lang, m)
		}
	}
}

// FuzzTableOptions: /newtable's arguments never panic; a refusal is a
// typed bot error with a message in both languages; an accepted table is
// valid (it is stored and read back) and its rendering reads back as the
// same table.
func FuzzTableOptions(f *testing.F) {
	for _, s := range []string{
		"nlhe 1/2", "nlhe 1/2 rake=off", "nlhe 1/2 timer=30 bank=60 clock=60", "flhe 2/4 cap=1 rake=off",
		"draw 1/2 jokers=2 deck=32 seats=4 rake=off", "draw 1/2 deck=40 jokers=1 figures=on seats=6",
		"plo 5/10 buyin=100-2000 seats=9 ante=1 rake=3%:7 twice=on anon=on", "nlhe 1/2 window=90s sitout=2h",
		"flhe 3/5", "nlhe 1/2 seats=12", "nlhe 1/2 color=red", "nlhe 1/2 seat=4", "o8 2/2", "nlhe 1-2",
		"nlhe 1/2 seats=6 seats=9", "nlhe 1/2 buyin=10-5", "nlhe 1/2 rake=11%", "nlhe 1/2 timer=99999999999999999",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := table.ParseTableConfig(strings.Fields(line))
		if err != nil {
			checkOptionError(t, line, err)
			return
		}
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if back, err := table.DecodeTableConfig(string(b)); err != nil || back != c {
			t.Fatalf("%q: stored %s, read back %+v, %v", line, b, back, err)
		}
		if c.MinBuyIn < c.BigBlind || c.MaxBuyIn < c.MinBuyIn || c.Ante > c.BigBlind || c.Timer <= 0 || c.SitOut <= 0 {
			t.Fatalf("%q: accepted an invalid table %+v", line, c)
		}
		back, err := table.ParseTableConfig(c.Args())
		if err != nil || back != c {
			t.Fatalf("%q renders as %q, read back as %+v, %v; want %+v", line, c.Args(), back, err, c)
		}
	})
}

// FuzzTourneySettings: /tourney create's arguments never panic; a
// refusal is a typed bot error with a message in both languages; an
// accepted tournament's configuration is valid, is stored and read back,
// and its stored arguments read back as the same settings.
func FuzzTourneySettings(f *testing.F) {
	for _, s := range []string{
		"Friday PKO buyin=100+10 bounty=pko start=21:00 open=+1h late=3 reentry=3 level=5m speed=turbo seats=9",
		"Quick SNG start=sng players=6 seats=6 speed=hyper bots=on", "Spin buyin=10+1 start=sng windfall=on",
		"Sat to Friday buyin=20+2 start=+2h target=T1 tickets=2 leftover=next",
		"Rebuy Night buyin=10+1 start=20:00 rebuys=99 rebuylevels=6 addon=10:10000 league=club leagueshare=5%",
		"Grand Final stage=final start=2026-12-06T20:00 speed=turbo",
		"Day 1A flight=T6 buyin=50+5 start=2026-12-05T18:00 end=3h late=6 reentry=2",
		"Duo Night pairs=on buyin=20 start=21:00 late=2 level=10m",
		"S start=sng structure=sng50-time end=45m", "C start=+1h levels=25/50,50/100_10m,break_5m stack=5000",
		"G start=sng game=plo payout=top3 guarantee=500 anon=on timer=45s", "T start=+1h close=+2h late=2 endlevel=9",
		"X start=sng seats=7", "X start=sng speed=warp", "X start=sng colour=red", "X start=sng seats=6 seats=9",
		"X start=sng players=1", "X start=sng game=draw", "X start=sng leagueshare=NaN league=a", "start=sng",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		s, err := tournament.ParseSettings(strings.Fields(line), optionsNow)
		if err != nil {
			checkOptionError(t, line, err)
			return
		}
		if err := s.Config.Validate(); err != nil {
			t.Fatalf("%q: accepted an invalid tournament: %v", line, err)
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if _, err := tournament.DecodeSettings(string(b)); err != nil {
			t.Fatalf("%q: stored %s, not read back: %v", line, b, err)
		}
		again, err := tournament.ParseSettings(s.Args, optionsNow)
		if err != nil || !reflect.DeepEqual(again, s) {
			t.Fatalf("%q: its arguments %q read back as %+v, %v; want %+v", line, s.Args, again, err, s)
		}
	})
}
