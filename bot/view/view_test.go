package view

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pokerroom/pokerroom/bot"
)

// hostile is a name that would format a message if it were not escaped.
const hostile = "<b>*_[x](y)`~|"

func sample(name string) bot.Rich {
	r := bot.Rich{Title: bot.Line{bot.S("Table #1 · NL Hold'em 1/2 · hand 3")}}
	r.Add("", bot.S("Board: J♦ 4♠ 6♥"))
	r.Add("", bot.B("Pot: 30"))
	r.Add("Seats", bot.B("▶ 1  "+name+"  970  · bet 20"))
	r.Add("Seats", bot.S("  2  Bo  1,000"), bot.M("  · folded"))
	r.Add("", bot.M("Deck commitment: "), bot.C("ab12cd"))
	return r
}

// xmlSafe is s with what XML refuses and Telegram takes as text (control
// characters, invalid UTF-8) as placeholder runes, for plainHTML's check.
func xmlSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0xFFFE || r == 0xFFFF {
			return '\uE000'
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// plainHTML is the text Telegram shows for an HTML message: tags removed,
// entities decoded; an error when the markup is not well formed.
func plainHTML(t *testing.T, s string) string {
	t.Helper()
	s = xmlSafe(s)
	d := xml.NewDecoder(strings.NewReader("<r>" + s + "</r>"))
	d.Strict = true
	var b strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return b.String()
		}
		if err != nil {
			t.Fatalf("not well-formed HTML: %v\n%s", err, s)
		}
		switch x := tok.(type) {
		case xml.CharData:
			b.Write(x)
		case xml.StartElement:
			switch x.Name.Local {
			case "r", "b", "i", "code":
			default:
				t.Fatalf("tag <%s> in %s", x.Name.Local, s)
			}
		}
	}
}

func TestHTMLEscapesEveryTextAndFormatsOnlyItsOwnSpans(t *testing.T) {
	out := HTML(sample(hostile), TelegramMax)
	got := plainHTML(t, out)
	if !strings.Contains(got, hostile) {
		t.Errorf("the name does not read as typed:\n%s", got)
	}
	for _, want := range []string{"<b>Table #1", "<b>Pot: 30</b>", "<i>  · folded</i>", "<code>ab12cd</code>", "J♦\uFE0F 4♠\uFE0F 6♥\uFE0F", "&lt;b&gt;*_["} {
		if !strings.Contains(out, want) {
			t.Errorf("HTML lacks %q:\n%s", want, out)
		}
	}
}

func TestDiscordEmbedEscapesNamesAndPutsNamedBlocksInFields(t *testing.T) {
	e := DiscordEmbed(sample(hostile))
	if e.Title != "Table \\#1 · NL Hold'em 1/2 · hand 3" {
		t.Errorf("title %q", e.Title)
	}
	if !strings.Contains(e.Description, "**Pot: 30**") || !strings.Contains(e.Description, "J♦\uFE0F") {
		t.Errorf("description %q", e.Description)
	}
	if len(e.Fields) != 2 || e.Fields[0].Name != "Seats" || e.Fields[1].Name != blankField {
		t.Fatalf("fields %+v", e.Fields)
	}
	seat := e.Fields[0].Value
	if !strings.Contains(seat, `\<b\>\*\_\[x\]\(y\)`+"\\`"+`\~\|`) {
		t.Errorf("the name is not escaped: %q", seat)
	}
	if !strings.Contains(seat, "Bo  1,000  *· folded*") {
		t.Errorf("a muted span's spaces are not outside its markers: %q", seat)
	}
	if !strings.Contains(e.Fields[1].Value, "`ab12cd`") {
		t.Errorf("code span %q", e.Fields[1].Value)
	}
}

func TestANSIColoursRedSuitsRed(t *testing.T) {
	two := ColourCards("J♦ 4♠ 10♥ 9♣")
	if two != sgrRed+"J♦"+sgrColour+" 4♠ "+sgrRed+"10♥"+sgrColour+" 9♣" {
		t.Errorf("colours: %q", two)
	}
	out := ANSI(sample("Ana"))
	if !strings.HasPrefix(out, sgrBold+"Table #1") || !strings.Contains(out, sgrDim+"  · folded"+sgrNormal) {
		t.Errorf("ANSI:\n%q", out)
	}
	if strings.Contains(ColourCards("no cards"), "\x1b") {
		t.Error("coloured a text without cards")
	}
}

func TestPlainIsTheTextWithoutStyles(t *testing.T) {
	r := sample("Ana")
	want := "Table #1 · NL Hold'em 1/2 · hand 3\nBoard: J♦ 4♠ 6♥\nPot: 30\n▶ 1  Ana  970  · bet 20\n  2  Bo  1,000  · folded\nDeck commitment: ab12cd"
	if got := r.Plain(); got != want {
		t.Errorf("Plain:\n%s\nwant:\n%s", got, want)
	}
}

func TestLongViewsAreCutToWholeLinesWithinTheLimit(t *testing.T) {
	var r bot.Rich
	for i := 0; i < 400; i++ {
		r.Add("", bot.S(strings.Repeat("<&>", 5)), bot.B(" J♦ "))
	}
	out := HTML(r, TelegramMax)
	plain := plainHTML(t, out)
	if n := Len16(plain); n > TelegramMax || n < TelegramMax-40 {
		t.Errorf("shows %d characters, want at most %d and close to it", n, TelegramMax)
	}
	if !strings.HasSuffix(out, "\n"+Ellipsis) {
		t.Errorf("a cut view does not end with a line of %q: %q", Ellipsis, out[len(out)-20:])
	}
	long := HTMLText(strings.Repeat("<é>", 3000), TelegramMax)
	if n := Len16(plainHTML(t, long)); n > TelegramMax || !strings.HasSuffix(long, Ellipsis) {
		t.Errorf("one long line: %d characters", n)
	}
	if got := DiscordText(strings.Repeat("*", 3000), DiscordContentMax); Len16(got) > DiscordContentMax {
		t.Errorf("Discord text of %d characters", Len16(got))
	}
	short := HTMLText("a\nb", TelegramMax)
	if short != "a\nb" {
		t.Errorf("a short text changed: %q", short)
	}
}

func TestDiscordEmbedKeepsWithinEveryLimit(t *testing.T) {
	r := bot.Rich{Title: bot.Line{bot.S(strings.Repeat("T*", 300))}}
	for f := 0; f < 40; f++ {
		for i := 0; i < 60; i++ {
			r.Add(strings.Repeat("F", f%3+1), bot.S(strings.Repeat("_", 30)))
		}
	}
	for i := 0; i < 10; i++ {
		r.Blocks = append([]bot.Block{{Lines: []bot.Line{{bot.S(strings.Repeat("x", 900))}}}}, r.Blocks...)
	}
	e := DiscordEmbed(r)
	switch {
	case Len16(e.Title) > DiscordTitleMax:
		t.Errorf("title %d", Len16(e.Title))
	case Len16(e.Description) > DiscordDescriptionMax:
		t.Errorf("description %d", Len16(e.Description))
	case len(e.Fields) > DiscordFieldsMax:
		t.Errorf("%d fields", len(e.Fields))
	case e.Len() > DiscordEmbedTotalMax:
		t.Errorf("total %d", e.Len())
	}
	for _, f := range e.Fields {
		if Len16(f.Value) > DiscordFieldValueMax || f.Value == "" {
			t.Errorf("field value of %d", Len16(f.Value))
		}
	}
}

func TestEveryFormIsValidUTF8(t *testing.T) {
	r := bot.Rich{Title: bot.Line{bot.S("a\xff")}}
	r.Add("", bot.B("b\xd5\xd5"), bot.S("J♦"))
	r.Add("F", bot.M("\xc3"))
	e := DiscordEmbed(r)
	for _, s := range []string{HTML(r, TelegramMax), e.Title, e.Description, e.Fields[0].Value} {
		if !utf8.ValidString(s) {
			t.Errorf("%q is not valid UTF-8", s)
		}
	}
}

func TestDiscordTextNeitherPingsNorRunsMarkersTogether(t *testing.T) {
	if got := DiscordText("ana: @everyone @here", DiscordContentMax); strings.Contains(got, "@everyone") || strings.Contains(got, "@here") {
		t.Errorf("a mention would ping: %q", got)
	}
	l := mdLine(bot.Line{bot.B("a"), bot.M("b")}, true)
	if l.markup != "**a**\u200b*b*" {
		t.Errorf("a strong span then a muted one: %q", l.markup)
	}
}

func TestANSIWritesNoControlCharacterOfAName(t *testing.T) {
	r := bot.Rich{}
	r.Add("", bot.S("evil\x1b[2Jname\a"))
	if got := ANSI(r); got != "evilname" && got != "evil[2Jname" {
		t.Errorf("ANSI kept a control character: %q", got)
	}
	if strings.ContainsAny(ANSI(r), "\x1b\a") {
		t.Errorf("ANSI kept a control character: %q", ANSI(r))
	}
}

func TestClipCountsAsThePlatformsCount(t *testing.T) {
	s := strings.Repeat("🃏", 150) // 300 UTF-16 units
	got := Clip(s, 200)
	if Len16(got) > 200 || !strings.HasSuffix(got, Ellipsis) {
		t.Errorf("Clip to 200: %d units", Len16(got))
	}
	if Clip("short", 200) != "short" {
		t.Error("Clip changed a short text")
	}
}
