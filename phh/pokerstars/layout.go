package pokerstars

import (
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/engine"
)

// appendHeader writes the first line: the hand's number, the tournament,
// the game, the stakes and the time.
func appendHeader(b []byte, h *Hand) []byte {
	cfg := h.Setup.Rules
	b = append(b, "PokerStars Hand #"...)
	b = strconv.AppendInt(b, h.Number, 10)
	b = append(b, ':')
	if t := h.Tournament; t != nil {
		b = append(b, " Tournament #"...)
		b = strconv.AppendInt(b, t.Number, 10)
		b = append(b, ", "...)
		if t.BuyIn == 0 && t.Fee == 0 {
			b = append(b, "Freeroll"...)
		} else {
			b = strconv.AppendInt(b, t.BuyIn, 10)
			b = append(b, '+')
			b = strconv.AppendInt(b, t.Fee, 10)
		}
		b = append(b, ' ')
		b = appendGame(b, cfg)
		b = append(b, " - Level "...)
		b = append(b, roman(t.Level)...)
		b = append(b, ' ')
	} else {
		b = append(b, "  "...)
		b = appendGame(b, cfg)
		b = append(b, ' ')
	}
	small, big := stakes(cfg)
	b = append(b, '(')
	b = strconv.AppendInt(b, small, 10)
	b = append(b, '/')
	b = strconv.AppendInt(b, big, 10)
	b = append(b, ") - "...)
	if zone, _ := h.Time.Zone(); zoneLabel(zone) != "ET" {
		b = appendTime(b, h.Time)
		b = append(b, ' ')
		b = append(b, zoneLabel(zone)...)
		b = append(b, " ["...)
		b = appendTime(b, eastern(h.Time))
		b = append(b, " ET]\n"...)
	} else {
		b = appendTime(b, eastern(h.Time))
		b = append(b, " ET\n"...)
	}
	return b
}

// appendTable writes the table's line and the seats with their stacks, and
// orders st.order by table seat for them and the summary.
func (st *handState) appendTable(b []byte, h *Hand) []byte {
	n := st.n
	b = append(b, "Table '"...)
	b = append(b, h.Table...)
	b = append(b, "' "...)
	b = strconv.AppendInt(b, int64(h.MaxSeats), 10)
	b = append(b, "-max "...)
	if h.Tournament == nil {
		b = append(b, "(Play Money) "...)
	}
	b = append(b, "Seat #"...)
	b = strconv.AppendInt(b, int64(seatNo(h, h.Setup.Button)), 10)
	b = append(b, " is the button\n"...)
	for k := 0; k < n; k++ {
		st.order[k] = k
	}
	for k := 1; k < n; k++ { // insertion sort by table seat
		for j := k; j > 0 && seatNo(h, st.order[j]) < seatNo(h, st.order[j-1]); j-- {
			st.order[j], st.order[j-1] = st.order[j-1], st.order[j]
		}
	}
	for _, i := range st.order[:n] {
		b = append(b, "Seat "...)
		b = strconv.AppendInt(b, int64(seatNo(h, i)), 10)
		b = append(b, ": "...)
		b = append(b, h.Players[i]...)
		b = append(b, " ("...)
		b = strconv.AppendInt(b, h.Setup.Seats[i].Stack, 10)
		b = append(b, " in chips)\n"...)
	}
	return b
}

// seatNo returns the table seat of engine seat i.
func seatNo(h *Hand, i int) int {
	if h.Seats == nil {
		return i + 1
	}
	return h.Seats[i]
}

// appendGame writes the game and betting: "Omaha Hi/Lo Pot Limit".
func appendGame(b []byte, cfg engine.Config) []byte {
	switch cfg.Game {
	case engine.Holdem:
		b = append(b, "Hold'em"...)
	case engine.Omaha:
		b = append(b, "Omaha"...)
	case engine.Omaha5:
		b = append(b, "5 Card Omaha"...)
	case engine.OmahaHiLo:
		b = append(b, "Omaha Hi/Lo"...)
	case engine.OmahaHiLo5:
		b = append(b, "5 Card Omaha Hi/Lo"...)
	case engine.Draw:
		b = append(b, "5 Card Draw"...)
	}
	switch cfg.Betting {
	case engine.NoLimit:
		return append(b, " No Limit"...)
	case engine.PotLimit:
		return append(b, " Pot Limit"...)
	}
	return append(b, " Limit"...)
}

// stakes returns the header's stakes: the blinds, or in fixed limit the
// small and big bets (PokerStars writes "Hold'em Limit (10/20)" for blinds
// of 5 and 10).
func stakes(cfg engine.Config) (int64, int64) {
	if cfg.Betting != engine.FixedLimit {
		if cfg.BigBlind > 0 {
			return cfg.SmallBlind, cfg.BigBlind
		}
		if cfg.MinBet > 0 {
			return 0, cfg.MinBet
		}
	}
	small := cfg.SmallBet
	switch {
	case small > 0:
	case cfg.BigBlind > 0:
		small = cfg.BigBlind
	case cfg.Ante > 0:
		small = cfg.Ante
	default:
		small = 1
	}
	if cfg.Betting != engine.FixedLimit {
		return 0, small
	}
	big := cfg.BigBet
	if big == 0 {
		big = 2 * small
	}
	return small, big
}

// roman writes a level in Roman numerals ("XIV").
func roman(n int) string {
	vals := [...]int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := [...]string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var sb strings.Builder
	for i, v := range vals {
		for n >= v {
			sb.WriteString(syms[i])
			n -= v
		}
	}
	return sb.String()
}
