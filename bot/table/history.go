package table

// /history: a player's last hands at a table, privately, in full: the
// seats, their own cards, every action street by street with its amount,
// the boards, what was shown, the rake and who won each pot. The table's
// chat only ever sees a hand's public summary.

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// historyMax bounds the characters of one /history answer (a Telegram
// message holds 4,096, a Discord one 2,000 outside an embed's 4,096): the
// oldest hands that do not fit are left out, and the answer says so.
const historyMax = 3500

// historyHand is one stored hand told in full to the player (their own
// hole cards only; others' when shown).
type historyHand struct {
	lang   string
	rec    bot.HandRecord
	tag    bot.HandTag
	viewer int // the viewer's engine seat, -1 when they were not dealt in
	lines  []string
	cur    string // the line being written
	// twice: the board was run twice (its second board was dealt).
	twice bool
}

// historyText tells a stored hand to player (an id) in lang.
func (t *Table) historyText(rec bot.HandRecord, player int64, lang string) (string, error) {
	var tag bot.HandTag
	if err := json.Unmarshal([]byte(rec.Setup.Tag), &tag); err != nil {
		return "", err
	}
	if len(tag.Names) != len(rec.Setup.Seats) {
		tag.Names = make([]string, len(rec.Setup.Seats))
		for k := range tag.Names {
			tag.Names[k] = fmt.Sprintf("%d", k+1)
		}
	}
	h := &historyHand{lang: lang, rec: rec, tag: tag, viewer: -1}
	for k, p := range tag.Players {
		if p == player && p != 0 {
			h.viewer = k
		}
	}
	h.add(tr(h.lang, "hist.header", t.Label(), tag.Number, t.Title(), rec.StartedAt.UTC().Format("2006-01-02 15:04")))
	if rec.Voided != "" { // a misdeal: its chips went back, whatever its events tell
		h.add(tr(h.lang, "hist.voided", rec.Voided))
	}
	h.add(h.seatsLine())
	h.events()
	return strings.Join(h.lines, "\n"), nil
}

func (h *historyHand) add(line string) {
	if h.cur != "" {
		h.lines = append(h.lines, h.cur)
		h.cur = ""
	}
	if line != "" {
		h.lines = append(h.lines, line)
	}
}

// part appends one item to the line being written, which starts with
// label when it is new.
func (h *historyHand) part(label, item string) {
	switch {
	case h.cur == "":
		h.cur = label + ": " + item
	default:
		h.cur += " · " + item
	}
}

// name is an engine seat's player.
func (h *historyHand) name(seat int) string {
	if seat >= 0 && seat < len(h.tag.Names) {
		return h.tag.Names[seat]
	}
	return "?"
}

// seatsLine lists the seats with their stacks and the button.
func (h *historyHand) seatsLine() string {
	type seatText struct {
		no   int
		text string
	}
	var seats []seatText
	for k, s := range h.rec.Setup.Seats {
		no := k + 1
		if k < len(h.tag.Order) {
			no = h.tag.Order[k] + 1
		}
		p := fmt.Sprintf("%d %s %s", no, h.name(k), bot.FormatChips(s.Stack, h.lang))
		if k == h.rec.Setup.Button {
			p += " (" + tr(h.lang, "hist.button") + ")"
		}
		seats = append(seats, seatText{no, p})
	}
	sort.Slice(seats, func(i, j int) bool { return seats[i].no < seats[j].no })
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = s.text
	}
	return tr(h.lang, "hist.seats") + ": " + strings.Join(parts, " · ")
}

// streetLabel names a betting round.
func (h *historyHand) streetLabel(s engine.Street) string {
	draw := h.rec.Setup.Rules.Game == engine.Draw
	switch {
	case s == engine.Preflop && draw:
		return tr(h.lang, "hist.before_draw")
	case s == engine.River && draw:
		return tr(h.lang, "hist.after_draw")
	}
	return tr(h.lang, "hist.street."+s.String())
}

// events tells the hand's events in order: the blinds, the viewer's
// cards, a line per betting round (a board's line starts with its cards),
// what was shown, the rake and the awards.
func (h *historyHand) events() {
	l := h.lang
	street, mine := engine.Street(255), []engine.Card(nil)
	showCards := func() {
		if mine != nil {
			h.add(tr(l, "hist.your_cards", engine.FormatSymbols(mine)))
			mine = nil
		}
	}
	for _, e := range h.rec.Events {
		switch e.Kind {
		case engine.EvPostAnte, engine.EvPostSmallBlind, engine.EvPostBigBlind, engine.EvPostStraddle, engine.EvPostBigBlindAnte:
			h.part(tr(l, "hist.posts"), h.name(e.Seat)+" "+bot.FormatChips(e.Amount, l))
		case engine.EvDealHole:
			if e.Seat == h.viewer {
				mine = append(mine, e.Cards...)
			}
		case engine.EvDealBoard:
			showCards()
			if e.Board == 1 && h.twice {
				h.cur += " " + engine.FormatSymbols(e.Cards) // the second board's cards on its one line
				continue
			}
			h.add("")
			h.cur = tr(l, "hist.street."+e.Street.String()) + " " + engine.FormatSymbols(e.Cards)
			if e.Board == 1 {
				h.cur, h.twice = tr(l, "hist.second_board")+" "+engine.FormatSymbols(e.Cards), true
			}
			street = e.Street
		case engine.EvFold, engine.EvCheck, engine.EvCall, engine.EvBet, engine.EvRaise, engine.EvDiscard, engine.EvDeclareAllIn:
			showCards()
			if e.Street != street {
				h.add("")
				h.cur = h.streetLabel(e.Street)
				street = e.Street
			}
			h.item(eventText(e, h.name(e.Seat), l))
		case engine.EvDrawCards:
			if e.Seat == h.viewer {
				h.item(tr(l, "hist.drew", engine.FormatSymbols(e.Cards)))
			}
		case engine.EvReturnUncalled:
			h.item(tr(l, "hist.returned", h.name(e.Seat), bot.FormatChips(e.Amount, l)))
		case engine.EvShow:
			showCards()
			h.add(tr(l, "hist.shows", h.name(e.Seat), engine.FormatSymbols(e.Cards)))
		case engine.EvMuck:
			h.add(tr(l, "hist.mucks", h.name(e.Seat)))
		case engine.EvRake:
			h.add(tr(l, "hist.rake", bot.FormatChips(e.Amount, l)))
		case engine.EvAward:
			h.add(h.award(e))
		case engine.EvCarryOver:
			h.add(tr(l, "hist.carried", bot.FormatChips(e.Amount, l)))
		}
	}
	showCards()
	h.add("")
}

// item appends an action to the round's line.
func (h *historyHand) item(s string) {
	switch {
	case h.cur == "":
		h.cur = s
	case !strings.Contains(h.cur, ": "):
		h.cur += ": " + s
	default:
		h.cur += " · " + s
	}
}

// award says who won what from which pot.
func (h *historyHand) award(e engine.Event) string {
	pot := tr(h.lang, "hist.main_pot")
	if e.Pot > 0 {
		pot = tr(h.lang, "hist.side_pot", e.Pot)
	}
	if e.Low {
		pot += " " + tr(h.lang, "hist.low")
	}
	if h.twice { // run twice: which board's half (R-POT-6), as the summary says it
		pot += fmt.Sprintf(" (%s %d)", tr(h.lang, "view.board"), e.Board+1)
	}
	return tr(h.lang, "hist.wins", h.name(e.Seat), bot.FormatChips(e.Amount, h.lang), pot)
}
