package bottest

import "strings"

// letterCards writes suit symbols (and their emoji forms) as letters.
var letterCards = strings.NewReplacer("♠\uFE0F", "s", "♥\uFE0F", "h", "♦\uFE0F", "d", "♣\uFE0F", "c",
	"♠", "s", "♥", "h", "♦", "d", "♣", "c", "🃏", "Jk")

// LetterCards is text with its cards in one notation, letters ("J♦" and
// "J♦️" read "Jd"), so that a scan for leaked hole cards finds them
// however a view wrote them.
func LetterCards(text string) string { return letterCards.Replace(text) }
