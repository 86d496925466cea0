package view

import (
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// Whatever the texts (names, arguments a player typed), Telegram's form
// is well-formed HTML within Telegram's limit, showing the text as typed
// when it fits, and Discord's embed keeps every limit.
func FuzzViewForms(f *testing.F) {
	f.Add("<b>*_[", "J♦ 4♠", "a\nb", 3)
	f.Add(strings.Repeat("&<>", 700), "", "`code`", 40)
	f.Add("\\", "**", "~~|| >", 1)
	f.Fuzz(func(t *testing.T, a, b, c string, n int) {
		n = n%60 + 1
		for _, s := range []*string{&a, &b, &c} {
			if len(*s) > 3000 { // texts of a view are short: names, amounts
				*s = (*s)[:3000]
			}
			*s = strings.ToValidUTF8(*s, "?") // as the platforms deliver them
		}
		var r bot.Rich
		r.Title = bot.Line{bot.S(a)}
		for i := 0; i < n; i++ {
			field := ""
			if i%7 == 3 {
				field = "Seats"
			}
			r.Add(field, bot.S(a), bot.B(b), bot.M(c), bot.C(b))
		}
		html := HTML(r, TelegramMax)
		shown := plainHTML(t, html)
		if Len16(shown) > TelegramMax {
			t.Fatalf("Telegram shows %d characters", Len16(shown))
		}
		if !strings.HasSuffix(html, Ellipsis) && shown != xmlSafe(EmojiSuits(r.Plain())) {
			t.Fatalf("uncut, Telegram shows %q for %q", shown, r.Plain())
		}
		e := DiscordEmbed(r)
		if Len16(e.Title) > DiscordTitleMax || Len16(e.Description) > DiscordDescriptionMax || len(e.Fields) > DiscordFieldsMax || e.Len() > DiscordEmbedTotalMax {
			t.Fatalf("embed beyond Discord's limits: title %d, description %d, %d fields, total %d", Len16(e.Title), Len16(e.Description), len(e.Fields), e.Len())
		}
		for _, fl := range e.Fields {
			if fl.Name == "" || fl.Value == "" || Len16(fl.Value) > DiscordFieldValueMax || Len16(fl.Name) > DiscordFieldNameMax {
				t.Fatalf("field %q of %d", fl.Name, Len16(fl.Value))
			}
		}
	})
}
