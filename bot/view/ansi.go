package view

import (
	"regexp"
	"strings"

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
			text := ColourCards(s.Text)
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
