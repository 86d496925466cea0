package view

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/pokerroom/pokerroom/bot"
)

// ANSI colours and styles.
const (
	sgrBold   = "\x1b[1m"
	sgrDim    = "\x1b[2m"
	sgrNormal = "\x1b[22m"
	sgrRed    = "\x1b[31m"
	sgrColour = "\x1b[39m" // the default colour again
)

// cardRE is a card as players read it: a rank and a suit symbol.
var cardRE = regexp.MustCompile(`(?:10|[2-9TJQKA])?[♠♥♦♣]`)

// ANSI is r for a terminal: the title and strong spans bold, muted spans
// dim, hearts and diamonds red.
func ANSI(r bot.Rich) string {
	var out []string
	for _, l := range lines(r) {
		var b strings.Builder
		for _, s := range l {
			text := ColourCards(noControl(s.Text))
			switch s.Style {
			case bot.StyleStrong:
				b.WriteString(sgrBold + text + sgrNormal)
			case bot.StyleMuted:
				b.WriteString(sgrDim + text + sgrNormal)
			default:
				b.WriteString(text)
			}
		}
		out = append(out, b.String())
	}
	return strings.Join(out, "\n")
}

// noControl is s without control characters: a name cannot move the
// cursor or change the terminal's colours.
func noControl(s string) string {
	if strings.IndexFunc(s, unicode.IsControl) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}

// ColourCards colours the cards in s for a terminal: red hearts and
// diamonds.
func ColourCards(s string) string {
	if !strings.ContainsAny(s, "♠♥♦♣") {
		return s
	}
	return cardRE.ReplaceAllStringFunc(s, func(c string) string {
		if strings.HasSuffix(c, "♥") || strings.HasSuffix(c, "♦") {
			return sgrRed + c + sgrColour
		}
		return c
	})
}
