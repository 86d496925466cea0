package table

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// The key=value options of /newtable and /tourney create are declared
// once, in an option table per command (tableOptionTable in
// tableconfig.go, tourneyOptionTable in tsettings.go): each option's
// name, the type and range of its value, its default and its help in
// English and Spanish. One parser walks a table: it splits the
// arguments, refuses an unknown option (suggesting the nearest name), an
// option given twice, a value of the wrong type or out of range, each
// with its own message, and hands each value, read and checked, to the
// option's setter. The /help option lists, the usage messages and the
// README's option tables are generated from the same tables.

// OptionKind is the type of an option's value: how the parser reads it.
type OptionKind int

// The option kinds.
const (
	// OptInt is a whole number from Min to Max.
	OptInt OptionKind = iota + 1
	// OptChips is an amount of chips from Min to Max.
	OptChips
	// OptDuration is a duration from MinDur to MaxDur ("90s", "5m"); a
	// bare number is seconds when Seconds is set.
	OptDuration
	// OptEnum is one of Values, in any case.
	OptEnum
	// OptBool is on or off (also yes/no, true/false, 1/0).
	OptBool
	// OptPair is two amounts joined by Sep (buyin=40-200,
	// addon=10:5000): the first from Min to Max, the second from Min2
	// to Max2.
	OptPair
	// OptText has a syntax of its own (a time, a buy-in, a blind
	// structure, a name), read by the option's setter.
	OptText
)

// Option declares one key=value option: the type and range of its
// value, its default as help shows it, and its help in English and
// Spanish.
type Option struct {
	Name string
	Kind OptionKind
	// Min and Max bound an OptInt or OptChips value, and the first
	// amount of an OptPair; Min2 and Max2 its second.
	Min, Max   int64
	Min2, Max2 int64
	// MinDur and MaxDur bound an OptDuration; Seconds reads a bare
	// number as seconds.
	MinDur, MaxDur time.Duration
	Seconds        bool
	// Values are an OptEnum's words; "ko|knockout" gives a word and its
	// synonyms, the first being the one the setter gets.
	Values []string
	// Sep joins an OptPair's amounts.
	Sep string
	// Syntax shows an OptText's (or OptPair's) values in the help.
	Syntax string
	// Default is the value help shows ("" when there is none).
	Default string
	// Bad is the message key of a value not understood or out of range,
	// when the option has its own; its arguments are always the name,
	// the value, and the range's ends.
	Bad string
	// Only names the games or events the option is for ("" for all),
	// Help what it does; each in English and Spanish.
	Only bot.Message
	Help bot.Message
}

// OptValue is an option's value, read and checked by its kind.
type OptValue struct {
	Raw  string        // as written
	N, M int64         // OptInt, OptChips; an OptPair's two amounts
	D    time.Duration // OptDuration
	B    bool          // OptBool
	Word string        // OptEnum: the first word of the value's group
}

// OptionSpec is an option and what setting it does to a T.
type OptionSpec[T any] struct {
	Option
	// Set applies the value to dst, with the checks that need more than
	// the value (another option, the stakes); an OptText option reads
	// its value here.
	Set func(dst *T, v OptValue) error
	// get renders the option's value in src, "" to leave it out (nil:
	// the settings are not rendered).
	get func(src T) string
}

// OptionTable is a command's options, in the order help lists them, and
// the message keys of its errors.
type OptionTable[T any] struct {
	Specs []OptionSpec[T]
	// Unknown: an option not in the table (name, " Did you mean ...?",
	// the list); value: a value of the wrong type (name, value); rng: an
	// amount out of range, duration: a duration out of range (name,
	// value, the range's ends).
	Unknown, Value, Rng, Duration string
}

// KeyValue is one key=value argument, its key in lower case.
type KeyValue struct{ Key, Val string }

// SplitOptions separates words from key=value options: an option without
// a key or a value is refused ("newtable.option"), and so is one given
// twice ("tourney.option_twice"); words are refused unless wordsOK.
func SplitOptions(args []string, wordsOK bool) (words []string, opts []KeyValue, err error) {
	seen := map[string]bool{}
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			if !wordsOK {
				return nil, nil, bot.Errorf(bot.EInvalid, "newtable.option", a)
			}
			words = append(words, a)
			continue
		}
		k = strings.ToLower(strings.TrimSpace(k))
		if k == "" || v == "" {
			return nil, nil, bot.Errorf(bot.EInvalid, "newtable.option", a)
		}
		if seen[k] {
			return nil, nil, bot.Errorf(bot.EInvalid, "tourney.option_twice", k)
		}
		seen[k] = true
		opts = append(opts, KeyValue{k, v})
	}
	return words, opts, nil
}

// Apply reads and sets each option, in the order given.
func (t *OptionTable[T]) Apply(dst *T, opts []KeyValue) error {
	for _, kv := range opts {
		spec := t.lookup(kv.Key)
		if spec == nil {
			return bot.Errorf(bot.EInvalid, t.Unknown, kv.Key, t.suggest(kv.Key), t.Names())
		}
		v, err := t.read(&spec.Option, kv.Val)
		if err != nil {
			return err
		}
		if err := spec.Set(dst, v); err != nil {
			return err
		}
	}
	return nil
}

func (t *OptionTable[T]) lookup(name string) *OptionSpec[T] {
	for i := range t.Specs {
		if t.Specs[i].Name == name {
			return &t.Specs[i]
		}
	}
	return nil
}

// read checks a value against its option's kind and range.
func (t *OptionTable[T]) read(o *Option, s string) (OptValue, error) {
	v := OptValue{Raw: s}
	bad := func(key string, args ...any) error {
		if o.Bad != "" {
			key = o.Bad
		}
		return bot.Errorf(bot.EInvalid, key, append([]any{o.Name, s}, args...)...)
	}
	var ok bool
	switch o.Kind {
	case OptInt:
		if v.N, ok = readAmount(s, o.Min, o.Max); !ok {
			return v, bad(t.Rng, o.Min, o.Max)
		}
	case OptChips:
		if v.N, ok = readChips(s, o.Min, o.Max); !ok {
			return v, bad(t.Rng, o.Min, o.Max)
		}
	case OptPair:
		a, b, cut := strings.Cut(s, o.Sep)
		lo2, hi2 := o.pair2()
		var ok1, ok2 bool
		v.N, ok1 = readChips(a, o.Min, o.Max)
		v.M, ok2 = readChips(b, lo2, hi2)
		if !cut || !ok1 || !ok2 {
			return v, bad(t.Value, o.values(), o.Min, o.Max)
		}
	case OptDuration:
		if v.D, ok = readDuration(s, o.MinDur, o.MaxDur, o.Seconds); !ok {
			return v, bad(t.Duration, fmtDuration(o.MinDur), fmtDuration(o.MaxDur))
		}
	case OptBool:
		switch strings.ToLower(s) {
		case "on", "yes", "true", "1":
			v.B = true
		case "off", "no", "false", "0":
		default:
			return v, bad(t.Value, "on, off")
		}
	case OptEnum:
		if v.Word, ok = o.enumWord(s); !ok {
			return v, bad(t.Value, o.choices())
		}
	}
	return v, nil
}

func (o *Option) pair2() (int64, int64) {
	if o.Max2 == 0 {
		return o.Min, o.Max
	}
	return o.Min2, o.Max2
}

// enumWord returns the first word of the group s belongs to.
func (o *Option) enumWord(s string) (string, bool) {
	for _, group := range o.Values {
		words := strings.Split(group, "|")
		for _, w := range words {
			if strings.EqualFold(w, s) {
				return words[0], true
			}
		}
	}
	return "", false
}

// choices lists an enum's first words: "ko, pko, off".
func (o *Option) choices() string {
	out := make([]string, len(o.Values))
	for i, group := range o.Values {
		out[i], _, _ = strings.Cut(group, "|")
	}
	return strings.Join(out, ", ")
}

// readAmount reads a whole number from lo to hi (decimal digits, an
// optional sign).
func readAmount(s string, lo, hi int64) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n >= lo && n <= hi
}

// readChips reads an amount of chips from lo to hi: a whole number as
// readAmount does, or written as the commands take chips
// (bot.ParseChipsIn): 1,000 or 1.000, 1_000, 2k, 2.5k. The chat's
// language is not known here, so a form that reads as two different
// amounts in English and in Spanish ("1.500k") is refused.
func readChips(s string, lo, hi int64) (int64, bool) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, n >= lo && n <= hi
	}
	en, errEn := bot.ParseChipsIn(s, bot.English)
	es, errEs := bot.ParseChipsIn(s, bot.Spanish)
	var n int64
	switch {
	case errEn == nil && errEs == nil && en != es:
		return 0, false
	case errEn == nil:
		n = en
	case errEs == nil:
		n = es
	default:
		return 0, false
	}
	return n, n >= lo && n <= hi
}

// readDuration reads "90s", "5m", "1h30m" (or a bare number of seconds
// when seconds) from lo to hi.
func readDuration(s string, lo, hi time.Duration, seconds bool) (time.Duration, bool) {
	d, err := time.ParseDuration(s)
	if err != nil {
		if !seconds {
			return 0, false
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 || n > int64(hi/time.Second) {
			return 0, false
		}
		d = time.Duration(n) * time.Second
	}
	return d, d >= lo && d <= hi
}

// fmtDuration writes a duration without its zero units: 10m, 1h, 90s.
func fmtDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// Names lists the options as usage shows them: "buyin= seats= ...".
func (t *OptionTable[T]) Names() string {
	out := make([]string, len(t.Specs))
	for i, s := range t.Specs {
		out[i] = s.Name + "="
	}
	return strings.Join(out, " ")
}

// suggest is " Did you mean seats=?" for the option nearest to name
// (two edits at most, or name a prefix of it), else nothing.
func (t *OptionTable[T]) suggest(name string) bot.Message {
	best, bestDist := "", 3
	for _, s := range t.Specs {
		d := editDistance(name, s.Name)
		if len(name) >= 3 && strings.HasPrefix(s.Name, name) {
			d = min(d, 1)
		}
		if d < bestDist {
			best, bestDist = s.Name, d
		}
	}
	if best == "" || bestDist >= len(name) {
		return bot.Message{}
	}
	m := bot.Catalogue["option.did_you_mean"]
	return bot.Message{En: fmt.Sprintf(m.En, best), Es: fmt.Sprintf(m.Es, best)}
}

// editDistance is the Levenshtein distance of two short strings (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Options returns the table's options as declared.
func (t *OptionTable[T]) Options() []Option {
	out := make([]Option, len(t.Specs))
	for i, s := range t.Specs {
		out[i] = s.Option
	}
	return out
}

// helpList is the options with their defaults for /help, in lang: the
// options for every game, then those for some, after their Only
// ("buyin=80-200 seats=6 ...; fixed limit: cap=3; ...").
func helpList(opts []Option, lang string) string {
	var b strings.Builder
	last := bot.Message{}
	for i, o := range opts {
		switch {
		case o.Only != last:
			b.WriteString("; " + bot.Pick(o.Only, lang) + ": ")
			last = o.Only
		case i > 0:
			b.WriteString(" ")
		}
		b.WriteString(o.Name + "=" + o.example())
	}
	return b.String()
}

// example is the default, else the values the option takes.
func (o *Option) example() string {
	switch {
	case o.Default != "":
		return o.Default
	case o.Syntax != "":
		return o.Syntax
	case o.Kind == OptEnum:
		return strings.ReplaceAll(o.choices(), ", ", ",")
	case o.Kind == OptBool:
		return "on"
	}
	return "N"
}

// values says what an option takes, for the README.
func (o *Option) values() string {
	if o.Syntax != "" {
		return o.Syntax
	}
	switch o.Kind {
	case OptInt, OptChips:
		return fmt.Sprintf("%d to %d", o.Min, o.Max)
	case OptDuration:
		return fmtDuration(o.MinDur) + " to " + fmtDuration(o.MaxDur)
	case OptEnum:
		return o.choices()
	case OptBool:
		return "on, off"
	}
	return ""
}

// OptionsMarkdown is a README table of options: name, default, values,
// what it does (English).
func OptionsMarkdown(opts []Option) string {
	var b strings.Builder
	b.WriteString("| option | default | values | what it does |\n|---|---|---|---|\n")
	for _, o := range opts {
		def := "—"
		if o.Default != "" {
			def = "`" + o.Default + "`"
		}
		help := o.Help.En
		if o.Only.En != "" {
			help = o.Only.En + ": " + help
		}
		help = strings.NewReplacer("<", "&lt;", ">", "&gt;", "|", "\\|").Replace(help)
		fmt.Fprintf(&b, "| `%s=` | %s | `%s` | %s |\n", o.Name, def, o.values(), help)
	}
	return b.String()
}
