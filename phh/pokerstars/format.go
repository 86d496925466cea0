package pokerstars

import (
	"strconv"

	"github.com/pokerroom/pokerroom/engine"
)

// appendAct writes the start of an action's line: "ann: " and what.
func appendAct(b []byte, h *Hand, i int, what string) []byte {
	b = append(b, h.Players[i]...)
	b = append(b, ": "...)
	return append(b, what...)
}

// appendAmount writes " 40".
func appendAmount(b []byte, v int64) []byte {
	b = append(b, ' ')
	return strconv.AppendInt(b, v, 10)
}

// appendAllIn ends an action's line, with " and is all-in" if it was.
func appendAllIn(b []byte, e *engine.Event) []byte {
	if e.AllIn {
		b = append(b, " and is all-in"...)
	}
	return append(b, '\n')
}

// appendCards writes " [As Kd]".
func appendCards(b []byte, cs []engine.Card) []byte {
	b = append(b, " ["...)
	for i, c := range cs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendCard(b, c)
	}
	return append(b, ']')
}

// appendCard writes a card as engine.Card.String does ("As", "Td"),
// without allocating.
func appendCard(b []byte, c engine.Card) []byte {
	if c.IsJoker() || !c.Valid() {
		return append(b, c.String()...)
	}
	return append(b, "23456789TJQKA"[c.Rank()], "shdc"[c.Suit()])
}

func containsCard(cs []engine.Card, c engine.Card) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}
