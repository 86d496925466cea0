// Package historytest checks hand-history exports in tests: that a
// player's export holds their own hole cards and no opponent's they did
// not see.
package historytest

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

var (
	handRE     = regexp.MustCompile(`(?m)^PokerStars Hand #(\d+):`)
	bracketsRE = regexp.MustCompile(`\[([^\]]*)\]`)
)

// Check reads a player's PokerStars export against the stored hands it
// was made of (load reads one by its id, the hand's number in the text)
// and returns the number of hands in it and what is wrong: a hand not the
// player's, the player's own hole cards missing ("Dealt to <name> [..]"),
// and any hole card of another seat that did not show it at the showdown
// (an engine.EvShow event): a card in brackets anywhere in the hand's
// text (hole cards, the board and shown hands are the only cards
// written, and a hole card is never on the board).
func Check(text string, player int64, load func(id int64) (bot.HandRecord, error)) (int, error) {
	starts := handRE.FindAllStringSubmatchIndex(text, -1)
	var errs []error
	for i, at := range starts {
		end := len(text)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		id, _ := strconv.ParseInt(text[at[2]:at[3]], 10, 64)
		h, err := load(id)
		if err != nil {
			errs = append(errs, fmt.Errorf("hand #%d: %w", id, err))
			continue
		}
		errs = append(errs, checkHand(text[at[0]:end], player, h)...)
	}
	return len(starts), errors.Join(errs...)
}

// checkHand checks one hand's text.
func checkHand(text string, player int64, h bot.HandRecord) []error {
	tag, err := bot.ParseHandTag(h.Setup.Tag)
	if err != nil {
		return []error{fmt.Errorf("hand #%d: %w", h.ID, err)}
	}
	hero := -1
	for seat, p := range tag.Players {
		if p == player {
			hero = seat
		}
	}
	if hero < 0 || hero >= len(tag.Names) {
		return []error{fmt.Errorf("hand #%d: player %d was not dealt in (players %v)", h.ID, player, tag.Players)}
	}
	hole, shown := holeCards(h.Events)
	written := map[string]bool{}
	for _, m := range bracketsRE.FindAllStringSubmatch(text, -1) {
		for _, c := range strings.Fields(m[1]) {
			written[c] = true
		}
	}
	var errs []error
	if want := "Dealt to " + tag.Names[hero] + " [" + cardList(hole[hero]) + "]"; !strings.Contains(text, want) {
		errs = append(errs, fmt.Errorf("hand #%d: no line %q", h.ID, want))
	}
	for seat, cards := range hole {
		if seat == hero || shown[seat] {
			continue
		}
		for _, c := range cards {
			if written[c.String()] {
				errs = append(errs, fmt.Errorf("hand #%d: seat %d's unshown card %v is written", h.ID, seat, c))
			}
		}
	}
	return errs
}

// holeCards returns each seat's hole cards (dealt and drawn) and the
// seats that showed them.
func holeCards(events []engine.Event) (map[int][]engine.Card, map[int]bool) {
	hole, shown := map[int][]engine.Card{}, map[int]bool{}
	for _, e := range events {
		switch e.Kind {
		case engine.EvDealHole, engine.EvDrawCards:
			hole[e.Seat] = append(hole[e.Seat], e.Cards...)
		case engine.EvShow:
			shown[e.Seat] = true
		}
	}
	return hole, shown
}

func cardList(cs []engine.Card) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return strings.Join(s, " ")
}
