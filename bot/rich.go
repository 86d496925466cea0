package bot

import "strings"

// The structured form of a view: spans of text in a few styles, in lines
// and blocks, that each platform turns into its own form (Telegram HTML,
// a Discord embed, ANSI colours on a terminal: bot/view). A span's text
// is what the player reads: cards with suit symbols ("J♦"), names as
// their owners typed them. A renderer escapes all of it and adds only its
// own markup, so no text can format itself.

// Style is how a span stands out.
type Style uint8

// The styles of spans.
const (
	StylePlain  Style = iota // as the text around it
	StyleStrong              // stands out: a title, the pot, the player to act
	StyleMuted               // in the background: notes, hints
	StyleCode                // fixed width: a hash, a command to type
)

// Span is a run of text in one style.
type Span struct {
	Style Style
	Text  string
}

// Line is one line of spans.
type Line []Span

// Block is a group of lines. Field names it where a platform shows blocks
// as named fields (a Discord embed's fields); elsewhere its lines follow
// the previous block's and Field is not shown.
type Block struct {
	Field string
	Lines []Line
}

// Rich is a view's structured content: a title line, then blocks of lines.
type Rich struct {
	Title  Line
	Blocks []Block
}

// Plain is the text of the line, without styles.
func (l Line) Plain() string {
	if len(l) == 1 {
		return l[0].Text
	}
	var b strings.Builder
	b.Grow(l.size())
	l.write(&b)
	return b.String()
}

// size is the length of l's text in bytes.
func (l Line) size() int {
	n := 0
	for _, s := range l {
		n += len(s.Text)
	}
	return n
}

// write appends l's text to b.
func (l Line) write(b *strings.Builder) {
	for _, s := range l {
		b.WriteString(s.Text)
	}
}

// Plain is r as plain text: the title, then every line of every block.
// It is the Text of a view with Rich content. A title whose text is empty
// is no title. The text is built in one allocation of its exact size
// (the summaries a slow chat has queued hold it until they are sent).
func (r *Rich) Plain() string {
	n, lines := r.Title.size(), 0
	title := n > 0
	for _, bl := range r.Blocks {
		for _, l := range bl.Lines {
			n += l.size()
			lines++
		}
	}
	if title {
		lines++
	}
	if lines > 1 {
		n += lines - 1 // the newlines between lines
	}
	var b strings.Builder
	b.Grow(n)
	first := true
	if title {
		r.Title.write(&b)
		first = false
	}
	for _, bl := range r.Blocks {
		for _, l := range bl.Lines {
			if !first {
				b.WriteByte('\n')
			}
			first = false
			l.write(&b)
		}
	}
	return b.String()
}

// Add appends a line to the last block (a new one when there is none, or
// when field differs from the last block's Field).
func (r *Rich) Add(field string, spans ...Span) {
	if n := len(r.Blocks); n == 0 || r.Blocks[n-1].Field != field {
		r.Blocks = append(r.Blocks, Block{Field: field})
	}
	bl := &r.Blocks[len(r.Blocks)-1]
	bl.Lines = append(bl.Lines, Line(spans))
}

// TextRich is the rich form of a plain text: no title, each line a plain
// span. A renderer shows a view without Rich content this way.
func TextRich(text string) Rich {
	var r Rich
	for _, l := range strings.Split(text, "\n") {
		r.Add("", Span{Text: l})
	}
	return r
}

// RichOf is v's rich content: v.Rich, or v.Text as plain lines.
func RichOf(v View) Rich {
	if v.Rich != nil {
		return *v.Rich
	}
	return TextRich(v.Text)
}

// S, B, M and C are spans of plain, strong, muted and fixed-width text.
func S(text string) Span { return Span{StylePlain, text} }

// B is a strong span.
func B(text string) Span { return Span{StyleStrong, text} }

// M is a muted span.
func M(text string) Span { return Span{StyleMuted, text} }

// C is a fixed-width span.
func C(text string) Span { return Span{StyleCode, text} }

// Emphasis is text as a line whose last occurrence of part stands out (a
// player's cards in "Table #1, hand 3: your cards J♦ 4♠").
func Emphasis(text, part string) Line {
	i := strings.LastIndex(text, part)
	if part == "" || i < 0 {
		return Line{S(text)}
	}
	var l Line
	if i > 0 {
		l = append(l, S(text[:i]))
	}
	l = append(l, B(part))
	if rest := text[i+len(part):]; rest != "" {
		l = append(l, S(rest))
	}
	return l
}
