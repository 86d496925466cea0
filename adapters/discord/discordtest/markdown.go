package discordtest

import (
	"strings"
	"unicode/utf16"
)

// blankName is a zero-width space: a field name or value that shows
// nothing (Discord refuses empty ones).
const blankName = "\u200b"

// Shown is the text a user reads in a Discord markdown text: a backslash
// before punctuation shows the punctuation; the markers of bold, italic,
// underline, strike-through, spoilers and code, and zero-width spaces,
// show nothing. An
// unescaped marker in a name is read as markup, and its text no longer
// reads as typed.
func Shown(md string) string {
	var b strings.Builder
	rs := []rune(md)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '\\' && i+1 < len(rs) && isPunct(rs[i+1]):
			b.WriteRune(rs[i+1])
			i++
		case r == '*' || r == '_' || r == '~' || r == '`':
			// a marker: shows nothing
		case r == '|' && i+1 < len(rs) && rs[i+1] == '|':
			i++ // a spoiler's marker
		case r == '\u200b':
			// a zero-width space shows nothing
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isPunct(r rune) bool {
	return r < 128 && strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", r)
}

// len16 is the length of s as Discord counts it: UTF-16 code units.
func len16(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}
