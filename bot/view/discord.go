package view

import (
	"strings"

	"github.com/pokerroom/pokerroom/bot"
)

// Discord's limits on an embed and a message, in characters (UTF-16 code
// units of the markup sent).
const (
	DiscordContentMax     = 2000
	DiscordTitleMax       = 256
	DiscordDescriptionMax = 4096
	DiscordFieldNameMax   = 256
	DiscordFieldValueMax  = 1024
	DiscordFieldsMax      = 25
	DiscordEmbedTotalMax  = 6000
)

// Embed is a view as a Discord embed: a title, a description and named
// fields, each in Discord's markdown and within Discord's limits.
type Embed struct {
	Title       string  `json:"title,omitempty"`
	Description string  `json:"description,omitempty"`
	Fields      []Field `json:"fields,omitempty"`
}

// Field is one of an embed's fields.
type Field struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Len is the embed's length as Discord counts it toward its total limit.
func (e Embed) Len() int {
	n := Len16(e.Title) + Len16(e.Description)
	for _, f := range e.Fields {
		n += Len16(f.Name) + Len16(f.Value)
	}
	return n
}

// blankField names a field that continues the one before it (Discord
// requires a name; a zero-width space shows none).
const blankField = "\u200b"

// DiscordEmbed is r as a Discord embed: the title as the embed's title,
// the blocks before the first named one as its description, each later
// block as a field (named by Block.Field; one too long for a field goes on
// in the next, unnamed); strong spans bold, muted
// italic, fixed-width in backticks, suits as coloured emoji, every text
// escaped. Each part is cut to its limit, and fields beyond Discord's
// count or total are left out.
func DiscordEmbed(r bot.Rich) Embed {
	var e Embed
	if r.Title.Plain() != "" {
		e.Title = fit([]piece{mdLine(r.Title, false)}, DiscordTitleMax, mdPlain)
	}
	var desc []piece
	named := false
	for _, bl := range r.Blocks {
		if bl.Field != "" {
			named = true
		}
		var ps []piece
		for _, l := range bl.Lines {
			ps = append(ps, mdLine(l, true))
		}
		if !named {
			desc = append(desc, ps...)
			continue
		}
		name := bl.Field
		if name == "" {
			name = blankField
		}
		// A block longer than a field holds goes on in the next fields.
		for _, part := range split(ps, DiscordFieldValueMax) {
			e.Fields = append(e.Fields, Field{Name: clipRunes(name, DiscordFieldNameMax), Value: fit(part, DiscordFieldValueMax, mdPlain)})
			name = blankField
		}
	}
	// A description too long goes on in fields before the others.
	parts := split(desc, DiscordDescriptionMax)
	e.Description = fit(parts[0], DiscordDescriptionMax, mdPlain)
	var more []Field
	for _, part := range parts[1:] {
		for _, p := range split(part, DiscordFieldValueMax) {
			more = append(more, Field{Name: blankField, Value: fit(p, DiscordFieldValueMax, mdPlain)})
		}
	}
	e.Fields = append(more, e.Fields...)
	for i := range e.Fields {
		if e.Fields[i].Value == "" {
			e.Fields[i].Value = blankField // Discord refuses an empty field
		}
	}
	if len(e.Fields) > DiscordFieldsMax {
		e.Fields = e.Fields[:DiscordFieldsMax]
	}
	for len(e.Fields) > 0 && e.Len() > DiscordEmbedTotalMax {
		e.Fields = e.Fields[:len(e.Fields)-1]
	}
	return e
}

// split cuts lines into runs that each fit max (a line longer than max
// alone is a run of its own, cut by fit).
func split(ps []piece, max int) [][]piece {
	var out [][]piece
	start, n := 0, 0
	for i, p := range ps {
		if i > start && n+1+p.n > max {
			out = append(out, ps[start:i])
			start, n = i, 0
		}
		if i > start {
			n++
		}
		n += p.n
	}
	return append(out, ps[start:])
}

// DiscordText is a plain text in Discord's markdown (escaped), within max
// characters (DiscordContentMax for a message's content).
func DiscordText(text string, max int) string {
	var ps []piece
	for _, l := range strings.Split(text, "\n") {
		ps = append(ps, mdPlain(l))
	}
	return fit(ps, max, mdPlain)
}

func mdPlain(s string) piece { return mdLine(bot.Line{bot.S(s)}, true) }

// mdEscape escapes what Discord's markdown reads as markup (a backslash
// before any punctuation shows it as typed), "<", which would start a
// mention, and "@", which a zero-width space after it keeps from pinging
// (a name or a seed "@everyone" in an answer's content).
var mdEscape = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "`", "\\`", "|", `\|`,
	">", `\>`, "<", `\<`, "@", "@\u200b", "[", `\[`, "]", `\]`, "(", `\(`, ")", `\)`, "#", `\#`, "-", `\-`)

// mdLine is one line in Discord's markdown, escaped; styled: spans may
// be bold or italic (not in a title, which Discord shows bold).
func mdLine(l bot.Line, styled bool) piece {
	var b strings.Builder
	marked := false // the last span written ends with a marker
	for _, s := range l {
		if s.Text == "" {
			continue
		}
		text := EmojiSuits(s.Text)
		esc := mdEscape.Replace(text)
		if !styled {
			b.WriteString(esc)
			continue
		}
		// Markers go around the text, its spaces outside: Discord reads
		// "* note*" as two asterisks, not as italics.
		core := strings.TrimSpace(esc)
		lead := esc[:strings.Index(esc, core)]
		trail := esc[len(lead)+len(core):]
		styledSpan := core != "" && s.Style != bot.StylePlain
		if marked && styledSpan && lead == "" {
			// "**a***b*" reads wrongly: a zero-width space between.
			b.WriteString("\u200b")
		}
		marked = styledSpan && trail == ""
		switch {
		case core == "" || s.Style == bot.StylePlain:
			b.WriteString(esc)
		case s.Style == bot.StyleStrong:
			b.WriteString(lead + "**" + core + "**" + trail)
		case s.Style == bot.StyleMuted:
			b.WriteString(lead + "*" + core + "*" + trail)
		case s.Style == bot.StyleCode:
			b.WriteString(lead + "`" + strings.ReplaceAll(strings.TrimSpace(text), "`", "'") + "`" + trail)
		default:
			b.WriteString(esc)
		}
	}
	return piece{markup: b.String(), plain: l.Plain(), n: Len16(b.String())}
}
