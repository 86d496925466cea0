package view

import (
	"strings"

	"github.com/pokerroom/pokerroom/bot"
)

// TelegramMax is the most characters a Telegram message shows (UTF-16
// code units of its text, markup not counted).
const TelegramMax = 4096

// htmlEscape escapes what Telegram's HTML parse mode reads as markup.
var htmlEscape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// HTML is r as Telegram HTML (parse_mode=HTML): the title and strong
// spans bold, muted spans italic, fixed-width spans in <code>, suits as
// coloured emoji, every text escaped; at most max characters of text
// (TelegramMax for a message), whole lines cut when it is longer.
func HTML(r bot.Rich, max int) string {
	ls := lines(r)
	ps := make([]piece, len(ls))
	for i, l := range ls {
		ps[i] = htmlLine(l)
	}
	return fit(ps, max, func(s string) piece { return htmlLine(bot.Line{bot.S(s)}) })
}

// HTMLText is a plain text as Telegram HTML (escaped), within max.
func HTMLText(text string, max int) string { return HTML(bot.TextRich(text), max) }

func htmlLine(l bot.Line) piece {
	var b strings.Builder
	var plain strings.Builder
	for _, s := range l {
		if s.Text == "" {
			continue
		}
		text := EmojiSuits(s.Text)
		plain.WriteString(text)
		esc := htmlEscape.Replace(text)
		switch s.Style {
		case bot.StyleStrong:
			b.WriteString("<b>" + esc + "</b>")
		case bot.StyleMuted:
			b.WriteString("<i>" + esc + "</i>")
		case bot.StyleCode:
			b.WriteString("<code>" + esc + "</code>")
		default:
			b.WriteString(esc)
		}
	}
	return piece{markup: b.String(), plain: l.Plain(), n: Len16(plain.String())}
}
