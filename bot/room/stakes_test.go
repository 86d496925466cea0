package room

import (
	"errors"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
)

// The stakes of /newtable and its chip options take chips as every
// command does (1k, 1,000, 1.000, 1_000, 2.5k), not only bare digits:
// "500/1k" was refused as stakes not understood while /join 1k worked.
// A form that reads as two amounts in English and Spanish is refused.
func TestStakesAndChipOptionsTakeChipsAsCommandsDo(t *testing.T) {
	for _, tc := range []struct {
		args             []string
		sb, bb, min, max int64
	}{
		{[]string{"nlhe", "500/1k"}, 500, 1000, 40_000, 100_000},
		{[]string{"nlhe", "1k/2k", "buyin=40k-200k"}, 1000, 2000, 40_000, 200_000},
		{[]string{"nlhe", "1,000/2,000"}, 1000, 2000, 80_000, 200_000},
		{[]string{"nlhe", "1.000/2.000"}, 1000, 2000, 80_000, 200_000},
		{[]string{"nlhe", "1_000/2_000", "buyin=2,000-2.5k"}, 1000, 2000, 2000, 2500},
		{[]string{"nlhe", "1/2"}, 1, 2, 80, 200},
	} {
		c, err := table.ParseTableConfig(tc.args)
		if err != nil {
			t.Errorf("%v: %v", tc.args, err)
			continue
		}
		if c.SmallBlind != tc.sb || c.BigBlind != tc.bb || c.MinBuyIn != tc.min || c.MaxBuyIn != tc.max {
			t.Errorf("%v: stakes %d/%d buy-in %d-%d, want %d/%d %d-%d", tc.args, c.SmallBlind, c.BigBlind,
				c.MinBuyIn, c.MaxBuyIn, tc.sb, tc.bb, tc.min, tc.max)
		}
	}
	for _, tc := range []struct {
		args []string
		key  string
	}{
		{[]string{"nlhe", "1.500k/3k"}, "newtable.stakes"}, // 1,500 in English, 1,500,000 in Spanish
		{[]string{"nlhe", "1.5/3"}, "newtable.stakes"},
		{[]string{"nlhe", "0/2"}, "newtable.stakes"},
		{[]string{"nlhe", "2k/1k"}, "newtable.stakes"},
		{[]string{"nlhe", "1/2", "buyin=2.5-10k"}, "newtable.value"},
	} {
		_, err := table.ParseTableConfig(tc.args)
		var e *bot.Error
		if !errors.As(err, &e) || e.Key != tc.key {
			t.Errorf("%v: error %v, want %s", tc.args, err, tc.key)
		}
	}
}
