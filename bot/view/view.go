// Package view turns a view's structured content (bot.Rich: spans in
// lines and blocks) into each platform's form: Telegram HTML
// (parse_mode=HTML), a Discord embed in Discord's markdown, and a
// terminal's ANSI colours. Cards are written with suit symbols ("J♦");
// each form tells red suits from black at a glance: coloured suit emoji on
// the chat platforms, red on a terminal.
//
// Every text is escaped: a player's name such as "<b>*_[" reads as typed
// and formats nothing. Each form keeps within its platform's limits,
// cutting whole lines and ending with "…" when a view is longer.
//
// The functions are pure. The goldens of the views in every form are
// bot/table's (testdata/views*.golden) and bot/room's (testdata/forms*),
// written with bot/view/viewtest.
package view

import (
	"strings"
	"unicode/utf16"

	"github.com/pokerroom/pokerroom/bot"
)

// Ellipsis ends a view cut to fit its platform's limit.
const Ellipsis = "…"

// suitEmoji writes suit symbols as coloured emoji (red hearts and
// diamonds, black spades and clubs), leaving a symbol already followed by
// the emoji selector as it is.
var suitEmoji = strings.NewReplacer(
	"♠\uFE0F", "♠\uFE0F", "♥\uFE0F", "♥\uFE0F", "♦\uFE0F", "♦\uFE0F", "♣\uFE0F", "♣\uFE0F",
	"♠", "♠\uFE0F", "♥", "♥\uFE0F", "♦", "♦\uFE0F", "♣", "♣\uFE0F")

// EmojiSuits is s with its suit symbols as coloured emoji, for plain text
// on a chat platform (a button's label, a popup), and valid UTF-8 (the
// platforms refuse anything else).
func EmojiSuits(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if !strings.ContainsAny(s, "♠♥♦♣") {
		return s
	}
	return suitEmoji.Replace(s)
}

// Len16 is the length of s as Telegram and Discord count it: UTF-16 code
// units.
func Len16(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// piece is one rendered line: its markup, its text without styles, and
// the length the platform counts (of the text it shows, or of the markup).
type piece struct {
	markup, plain string
	n             int
}

// fit joins pieces with newlines while they stay within max, counted as
// the platform counts (max <= 0: no limit). When some do not fit, it ends
// with Ellipsis on a line of its own; when not even the first line fits,
// with that line's text cut short (plain builds a line from plain text).
func fit(ps []piece, max int, plain func(string) piece) string {
	total := len(ps) - 1
	for _, p := range ps {
		total += p.n
	}
	if max <= 0 || total <= max {
		return join(ps)
	}
	el := Len16(Ellipsis)
	n, k := 0, 0
	for ; k < len(ps); k++ {
		sep := 0
		if k > 0 {
			sep = 1
		}
		if n+sep+ps[k].n+1+el > max {
			break
		}
		n += sep + ps[k].n
	}
	if k > 0 {
		return join(ps[:k]) + "\n" + Ellipsis
	}
	// Cut the text in proportion to how much its form is too long (the
	// escapes grow it), a few times at most.
	text := clipRunes(ps[0].plain, max-el)
	for text != "" {
		p := plain(text)
		if p.n+el <= max {
			return p.markup + Ellipsis
		}
		n := Len16(text)
		text = clipRunes(text, min(n-1, n*(max-el)/p.n))
	}
	return Ellipsis
}

func join(ps []piece) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p.markup)
	}
	return b.String()
}

// Clip is s within n characters as the platforms count them (UTF-16
// units), ending with Ellipsis when cut: a popup's text, a label.
func Clip(s string, n int) string {
	if Len16(s) <= n {
		return s
	}
	return clipRunes(s, n-Len16(Ellipsis)) + Ellipsis
}

// clipRunes is s cut to at most n UTF-16 units, on a rune boundary.
func clipRunes(s string, n int) string {
	used := 0
	for i, r := range s {
		used += utf16.RuneLen(r)
		if used > n {
			return s[:i]
		}
	}
	return s
}

// lines are r's lines in order, the title first (as a strong line).
func lines(r bot.Rich) []bot.Line {
	var out []bot.Line
	if r.Title.Plain() != "" {
		t := make(bot.Line, len(r.Title))
		for i, s := range r.Title {
			t[i] = bot.Span{Style: bot.StyleStrong, Text: s.Text}
		}
		out = append(out, t)
	}
	for _, bl := range r.Blocks {
		out = append(out, bl.Lines...)
	}
	return out
}
