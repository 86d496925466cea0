package room

import (
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// The periods of /stats and /leaderboard: the ISO week from Monday and
// the calendar month, in UTC, whatever the time zone of now.
func TestStatsPeriods(t *testing.T) {
	madrid := time.FixedZone("CET", 3600)
	now := time.Date(2026, 11, 26, 0, 30, 0, 0, madrid) // Wednesday 25th, 23:30 UTC
	for _, tc := range []struct {
		word, key string
		since     time.Time
	}{
		{"week", "period.week", time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)},
		{"MONTH", "period.month", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)},
		{"all", "period.all", time.Time{}},
		{"semana", "period.week", time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)},
	} {
		key, since, ok := statsPeriod(tc.word, now)
		if !ok || key != tc.key || !since.Equal(tc.since) {
			t.Errorf("%s: %s from %v (%v), want %s from %v", tc.word, key, since, ok, tc.key, tc.since)
		}
	}
	sunday := time.Date(2026, 11, 29, 22, 0, 0, 0, time.UTC)
	if _, since, _ := statsPeriod("week", sunday); !since.Equal(time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("a Sunday's week starts %v", since)
	}
	if _, _, ok := statsPeriod("year", now); ok {
		t.Error("year was taken for a period")
	}
}

// Numbers as the two languages write them; two players of one name told
// apart.
func TestStatsFormatting(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{decimal(bot.English, 1183.333, 1), "1183.3"},
		{decimal(bot.Spanish, 1183.333, 1), "1183,3"},
		{decimal(bot.English, -0.01, 1), "0.0"},
		{decimal(bot.English, 66.67, 0), "67"},
		{signedChips(bot.English, 1500), "+1,500"},
		{signedChips(bot.Spanish, -1500), "-1.500"},
		{signedChips(bot.English, 0), "0"},
	} {
		if tc.got != tc.want {
			t.Errorf("%q, want %q", tc.got, tc.want)
		}
	}
	names := distinctNames([]bot.StatsRow{{PlayerID: 1, Name: "ana"}, {PlayerID: 2, Name: "ana"}, {PlayerID: 3, Name: "ben"}})
	if len(names) != 3 || names[0] != "ana" || names[1] != "ana (2)" || names[2] != "ben" {
		t.Errorf("names %q", names)
	}
}
