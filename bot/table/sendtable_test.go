package table

import (
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// The table message is queued again only when what it shows changed: its
// text, or its buttons' tokens in order (rows do not matter).
func TestSameTokensComparesTheButtonsInOrder(t *testing.T) {
	btn := func(tokens ...string) []bot.Button {
		var row []bot.Button
		for _, tok := range tokens {
			row = append(row, bot.Button{Label: "x" + tok, Token: tok})
		}
		return row
	}
	for _, c := range []struct {
		name string
		a, b [][]bot.Button
		want bool
	}{
		{"both without buttons", nil, nil, true},
		{"empty rows are no buttons", [][]bot.Button{{}}, nil, true},
		{"the same tokens", [][]bot.Button{btn("f", "c"), btn("cards")}, [][]bot.Button{btn("f", "c"), btn("cards")}, true},
		{"the same tokens in other rows", [][]bot.Button{btn("f", "c", "cards")}, [][]bot.Button{btn("f"), btn("c", "cards")}, true},
		{"labels are not compared", [][]bot.Button{{{Label: "Fold", Token: "f"}}}, [][]bot.Button{{{Label: "Retirarse", Token: "f"}}}, true},
		{"a token changed", [][]bot.Button{btn("f", "c")}, [][]bot.Button{btn("f", "r")}, false},
		{"a button more", [][]bot.Button{btn("f", "c")}, [][]bot.Button{btn("f", "c", "r")}, false},
		{"a button less", [][]bot.Button{btn("f", "c"), btn("cards")}, [][]bot.Button{btn("f", "c")}, false},
		{"the order changed", [][]bot.Button{btn("f", "c")}, [][]bot.Button{btn("c", "f")}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := sameTokens(c.a, c.b); got != c.want {
				t.Errorf("sameTokens(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
			}
			if got := sameTokens(c.b, c.a); got != c.want {
				t.Errorf("sameTokens(%v, %v) = %v, want %v (swapped)", c.b, c.a, got, c.want)
			}
		})
	}
}
