package bot

import "testing"

// The table message is queued again only when what it shows changed: its
// text, or its buttons' tokens in order (rows do not matter).
func TestSameTokensComparesTheButtonsInOrder(t *testing.T) {
	btn := func(tokens ...string) []Button {
		var row []Button
		for _, tok := range tokens {
			row = append(row, Button{Label: "x" + tok, Token: tok})
		}
		return row
	}
	for _, c := range []struct {
		name string
		a, b [][]Button
		want bool
	}{
		{"both without buttons", nil, nil, true},
		{"empty rows are no buttons", [][]Button{{}}, nil, true},
		{"the same tokens", [][]Button{btn("f", "c"), btn("cards")}, [][]Button{btn("f", "c"), btn("cards")}, true},
		{"the same tokens in other rows", [][]Button{btn("f", "c", "cards")}, [][]Button{btn("f"), btn("c", "cards")}, true},
		{"labels are not compared", [][]Button{{{Label: "Fold", Token: "f"}}}, [][]Button{{{Label: "Retirarse", Token: "f"}}}, true},
		{"a token changed", [][]Button{btn("f", "c")}, [][]Button{btn("f", "r")}, false},
		{"a button more", [][]Button{btn("f", "c")}, [][]Button{btn("f", "c", "r")}, false},
		{"a button less", [][]Button{btn("f", "c"), btn("cards")}, [][]Button{btn("f", "c")}, false},
		{"the order changed", [][]Button{btn("f", "c")}, [][]Button{btn("c", "f")}, false},
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
