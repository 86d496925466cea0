package tournament

import (
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/tourney"
)

// tr is bot.Text: the text of key in lang with args.
func tr(lang, key string, args ...any) string { return bot.Text(lang, key, args...) }

// structureName is a structure's name in lang: the tourney package names
// its built-in structures in English ("multi-table turbo", "sit-and-go
// time limit 20+5") and the room calls an admin's own levels "custom";
// those are said in the chat's words. Poker's own words (sit-and-go,
// turbo, hyper, the speed= values) stay as they are.
func structureName(lang, name string) string {
	switch {
	case name == "custom":
		return tr(lang, "structure.custom")
	case strings.HasPrefix(name, "multi-table"):
		return tr(lang, "structure.mtt", strings.TrimPrefix(name, "multi-table"))
	case strings.HasPrefix(name, "sit-and-go time limit "):
		return tr(lang, "structure.time_limit", strings.TrimPrefix(name, "sit-and-go time limit "))
	}
	return name
}

// wonText is what a place won: a satellite's seat as a seat in its
// target (R-TRN-15), anything else as its chips.
func (a *Director) wonText(lang string, kind tourney.PrizeKind, v int64) string {
	if kind == tourney.SeatPrize && a.target != 0 {
		return tr(lang, "result.seat", "T"+strconv.FormatInt(a.target, 10))
	}
	return bot.FormatChips(v, lang)
}

// seatPlace reports whether the places a standing covers (its place and
// those of the players tied with it) are all seats: its players each win
// one, as Results gives them.
func seatPlace(prizes []tourney.Prize, s tourney.Standing) bool {
	for k := s.Place - 1; k < s.Place-1+s.Tied; k++ {
		if k >= len(prizes) || prizes[k].Kind != tourney.SeatPrize {
			return false
		}
	}
	return s.Tied > 0
}
