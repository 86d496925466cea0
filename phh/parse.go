package phh

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/pokerroom/pokerroom/engine"
)

// Parse reads a .phh document: one hand whose fields are at the top level.
// file names the input in errors.
func Parse(file string, data []byte) (*Hand, error) {
	hands, err := parse(file, data, false)
	if err != nil {
		return nil, err
	}
	if len(hands) == 0 {
		return nil, &Error{File: file, Line: 1, Msg: "empty document: no fields"}
	}
	return hands[0], nil
}

// ParseHands reads a .phhs document: one hand per table ([1], [2], ...) in
// file order. A TOML syntax error fails the whole file (nil hands); a hand
// whose fields are wrong is left out and reported in the returned ErrorList,
// the other hands are returned.
func ParseHands(file string, data []byte) ([]*Hand, error) {
	return parse(file, data, true)
}

// ParseFile parses data as a .phhs document when file ends in ".phhs", else
// as a .phh document.
func ParseFile(file string, data []byte) ([]*Hand, error) {
	if strings.HasSuffix(file, ".phhs") {
		return ParseHands(file, data)
	}
	h, err := Parse(file, data)
	if err != nil {
		return nil, err
	}
	return []*Hand{h}, nil
}

// Read reads r to the end and parses it as ParseFile does.
func Read(file string, r io.Reader) ([]*Hand, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &Error{File: file, Msg: "read: " + err.Error()}
	}
	return ParseFile(file, data)
}

// decoder walks the TOML syntax tree of one document.
type decoder struct {
	p         unstable.Parser
	b         builder // the hand being read
	recycling bool    // the caller recycles the hands' memory
	hands     []Hand
	acts      []Action
	cards     []engine.Card
	floats    []float64
	file      string
	data      []byte
	lineOff   int // byte offset of the line cursor
	line      int // line number at lineOff
}

// lineAt returns the 1-based line of byte offset off. Offsets are mostly
// increasing, so the count continues from the previous call.
func (d *decoder) lineAt(off int) int {
	if off < d.lineOff {
		d.lineOff, d.line = 0, 1
	}
	if off > len(d.data) {
		off = len(d.data)
	}
	d.line += bytes.Count(d.data[d.lineOff:off], []byte{'\n'})
	d.lineOff = off
	return d.line
}

func (d *decoder) nodeLine(n *unstable.Node) int { return d.lineAt(int(n.Raw.Offset)) }

// keyLine returns the line of a table header (its key; the table node itself
// carries no position).
func (d *decoder) keyLine(n *unstable.Node) int {
	it := n.Key()
	if it.Next() {
		return d.nodeLine(it.Node())
	}
	return d.lineAt(len(d.data))
}

// builder is a hand being read, with the fields seen so far.
type builder struct {
	h       *Hand
	seen    uint64   // bit i: knownKeys[i] was seen
	unknown []string // other fields seen
	err     *Error
}

// has reports whether the field was seen.
func (b *builder) has(key string) bool {
	for i, k := range knownKeys {
		if k == key {
			return b.seen&(1<<i) != 0
		}
	}
	for _, k := range b.unknown {
		if k == key {
			return true
		}
	}
	return false
}

// see records a field (i its index in knownKeys, or -1), false if it was
// seen before.
func (b *builder) see(key string, i int) bool {
	if i >= 0 {
		if b.seen&(1<<i) != 0 {
			return false
		}
		b.seen |= 1 << i
		return true
	}
	if b.has(key) {
		return false
	}
	b.unknown = append(b.unknown, key)
	return true
}

// knownKeys are the field names the package reads; canonKey returns them
// without allocating.
var knownKeys = [...]string{"variant", "ante_trimming_status", "antes", "blinds_or_straddles",
	"bring_in", "small_bet", "big_bet", "min_bet", "starting_stacks", "finishing_stacks", "actions",
	"author", "event", "url", "venue", "city", "region", "country", "currency", "hand", "table",
	"day", "month", "year", "level", "seat_count", "players", "seats",
	"_rake_percent", "_rake_cap", "_rake_step", "_raise_cap"}

// seen has a bit for every known key: a 65th key fails to compile.
var _ [64 - len(knownKeys)]struct{}

// variantCodes are the codes of required.rst (and "FO8", a common spelling).
var variantCodes = [...]string{"NT", "PO", "FT", "FO/8", "FO8", "NS", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"}

// canonVariant returns the variant code from a constant, so that hands do
// not each hold a copy.
func canonVariant(v string) string {
	for _, k := range variantCodes {
		if k == v {
			return k
		}
	}
	return v
}

// canonKey returns the key and its index in knownKeys (-1 if unknown).
func canonKey(b []byte) (string, int) {
	for i, k := range knownKeys {
		if string(b) == k {
			return k, i
		}
	}
	return string(b), -1
}

func (b *builder) fail(line int, field, format string, args ...any) {
	if b.err == nil {
		b.err = &Error{File: b.h.File, Hand: b.h.Name, Line: line, Field: field, Msg: sprintf(format, args...)}
	}
}

func parse(file string, data []byte, multi bool) ([]*Hand, error) {
	return new(decoder).parse(file, data, multi)
}

// parse reads one document; a decoder may be reused for the next one.
func (d *decoder) parse(file string, data []byte, multi bool) ([]*Hand, error) {
	d.file, d.data, d.lineOff, d.line = file, data, 0, 1
	d.p.Reset(data)
	var (
		hands  []*Hand
		errs   ErrorList
		cur    *builder
		tables map[string]bool
	)
	finish := func() {
		if cur == nil {
			return
		}
		if cur.err == nil {
			cur.validate()
		}
		if cur.err != nil {
			errs = append(errs, cur.err)
		} else {
			hands = append(hands, cur.h)
		}
		cur = nil
	}
	for d.p.NextExpression() {
		e := d.p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			line := d.keyLine(e)
			if !multi {
				return nil, &Error{File: file, Line: line, Msg: "a .phh file holds one hand as top-level fields; tables ([n]) belong in a .phhs file"}
			}
			if e.Kind == unstable.ArrayTable {
				return nil, &Error{File: file, Line: line, Msg: "arrays of tables ([[...]]) are not PHH"}
			}
			name, ok := simpleKey(e)
			if !ok {
				return nil, &Error{File: file, Line: line, Msg: "dotted table names are not PHH: want [n]"}
			}
			if tables[name] {
				return nil, &Error{File: file, Line: line, Msg: "table [" + name + "] defined twice"}
			}
			if tables == nil {
				tables = make(map[string]bool)
			}
			tables[name] = true
			finish()
			cur = d.newBuilder(file, name, line)
		case unstable.KeyValue:
			if cur == nil {
				if multi {
					return nil, &Error{File: file, Line: d.nodeLine(e), Msg: "field outside a hand table: a .phhs file holds [n] tables"}
				}
				cur = d.newBuilder(file, "", 1)
			}
			d.field(cur, e)
		}
	}
	if err := d.p.Error(); err != nil {
		return nil, d.syntaxError(err)
	}
	finish()
	if len(errs) > 0 {
		return hands, errs
	}
	return hands, nil
}

func (d *decoder) newBuilder(file, name string, line int) *builder {
	if len(d.hands) == cap(d.hands) {
		d.hands = make([]Hand, 0, d.chunk(300, 1, 64, cap(d.hands)))
	}
	d.hands = d.hands[:len(d.hands)+1]
	h := &d.hands[len(d.hands)-1]
	*h = Hand{File: file, Name: name, Line: line}
	d.b = builder{h: h}
	return &d.b
}

// The decoder hands out memory for hands from chunks, so that reading a hand
// costs a few allocations per hundred hands rather than a dozen per hand.

// recycle lets the decoder reuse the memory of the hands it returned: the
// caller must not use them any more.
func (d *decoder) recycle() {
	d.recycling = true
	clear(d.hands) // drop references to cards and strings
	d.hands, d.acts, d.cards, d.floats = d.hands[:0], d.acts[:0], d.cards[:0], d.floats[:0]
}

// chunk sizes a new chunk: one item per per bytes of the document, at
// least n, at most limit (unless n is more). A recycling decoder doubles
// the last chunk instead, so that it soon stops allocating.
func (d *decoder) chunk(per, n, limit, last int) int {
	if d.recycling {
		return max(n, limit, 2*last)
	}
	return max(n, min(len(d.data)/per, limit))
}

// reserveActions returns an empty slice with room for n actions.
func (d *decoder) reserveActions(n int) []Action {
	if cap(d.acts)-len(d.acts) < n {
		d.acts = make([]Action, 0, d.chunk(25, n, 512, cap(d.acts)))
	}
	l := len(d.acts)
	d.acts = d.acts[:l+n]
	return d.acts[l : l : l+n]
}

// reserveCards returns an empty slice with room for n cards; giveBackCards
// returns the unused part of the last reservation.
func (d *decoder) reserveCards(n int) []engine.Card {
	if cap(d.cards)-len(d.cards) < n {
		d.cards = make([]engine.Card, 0, d.chunk(4, n, 4096, cap(d.cards)))
	}
	l := len(d.cards)
	d.cards = d.cards[:l+n]
	return d.cards[l : l : l+n]
}

func (d *decoder) giveBackCards(unused int) { d.cards = d.cards[:len(d.cards)-unused] }

func (d *decoder) reserveFloats(n int) []float64 {
	if cap(d.floats)-len(d.floats) < n {
		d.floats = make([]float64, 0, d.chunk(20, n, 512, cap(d.floats)))
	}
	l := len(d.floats)
	d.floats = d.floats[:l+n]
	return d.floats[l : l : l+n]
}

func (d *decoder) syntaxError(err error) *Error {
	e := &Error{File: d.file, Msg: "TOML: " + err.Error()}
	var pe *unstable.ParserError
	if errors.As(err, &pe) {
		e.Msg = "TOML: " + pe.Message
		if off, ok := d.offsetOf(pe.Highlight); ok {
			e.Line = d.lineAt(off)
		}
	}
	return e
}

// offsetOf returns the offset of a highlight in the input; Parser.Range
// panics when the slice is not part of the input.
func (d *decoder) offsetOf(hl []byte) (off int, ok bool) {
	if len(hl) == 0 {
		return 0, false
	}
	defer func() {
		if recover() != nil {
			off, ok = 0, false
		}
	}()
	return int(d.p.Range(hl).Offset), true
}

func simpleKey(n *unstable.Node) (string, bool) {
	it := n.Key()
	if !it.Next() {
		return "", false
	}
	name := string(it.Node().Data)
	if it.Next() {
		return "", false
	}
	return name, true
}

// field stores one key = value of the current hand.
func (d *decoder) field(b *builder, e *unstable.Node) {
	line := d.nodeLine(e)
	it := e.Key()
	if !it.Next() {
		b.fail(line, "", "empty key")
		return
	}
	key, ki := canonKey(it.Node().Data)
	if it.Next() {
		b.fail(line, "", "dotted keys are not PHH fields")
		return
	}
	if !b.see(key, ki) {
		b.fail(line, key, "defined twice")
		return
	}
	v := e.Value()
	h := b.h
	switch key {
	case "variant":
		h.Variant = canonVariant(d.str(b, key, line, v))
	case "ante_trimming_status":
		h.AnteTrimmingStatus = d.boolean(b, key, line, v)
	case "antes":
		h.Antes = d.numbers(b, key, line, v)
	case "blinds_or_straddles":
		h.BlindsOrStraddles = d.numbers(b, key, line, v)
	case "bring_in":
		h.BringIn = d.number(b, key, line, v)
	case "small_bet":
		h.SmallBet = d.number(b, key, line, v)
	case "big_bet":
		h.BigBet = d.number(b, key, line, v)
	case "min_bet":
		h.MinBet = d.number(b, key, line, v)
	case "starting_stacks":
		h.StartingStacks = d.numbers(b, key, line, v)
	case "finishing_stacks":
		h.FinishingStacks = d.numbers(b, key, line, v)
	case "actions":
		d.actions(b, line, v)
	case "author":
		h.Meta.Author = d.str(b, key, line, v)
	case "event":
		h.Meta.Event = d.str(b, key, line, v)
	case "url":
		h.Meta.URL = d.str(b, key, line, v)
	case "venue":
		h.Meta.Venue = d.str(b, key, line, v)
	case "city":
		h.Meta.City = d.str(b, key, line, v)
	case "region":
		h.Meta.Region = d.str(b, key, line, v)
	case "country":
		h.Meta.Country = d.str(b, key, line, v)
	case "currency":
		h.Meta.Currency = d.str(b, key, line, v)
	case "hand":
		h.Meta.HandID = d.label(b, key, line, v)
	case "table":
		h.Meta.Table = d.label(b, key, line, v)
	case "day":
		h.Meta.Day = d.integer(b, key, line, v)
	case "month":
		h.Meta.Month = d.integer(b, key, line, v)
	case "year":
		h.Meta.Year = d.integer(b, key, line, v)
	case "level":
		h.Meta.Level = d.integer(b, key, line, v)
	case "seat_count":
		h.Meta.SeatCount = d.integer(b, key, line, v)
	case "players":
		h.Meta.Players = d.strings(b, key, line, v)
	case "seats":
		for _, x := range d.numbers(b, key, line, v) {
			h.Meta.Seats = append(h.Meta.Seats, int(x))
		}
	case "_rake_percent":
		h.Rake.Percent = int64(d.integer(b, key, line, v))
	case "_rake_cap":
		h.Rake.Cap = int64(d.integer(b, key, line, v))
	case "_rake_step":
		h.Rake.Step = int64(d.integer(b, key, line, v))
	case "_raise_cap":
		h.RaiseCap = d.integer(b, key, line, v)
	default:
		// Other optional fields (time, time_zone, winnings, time_banks, ...)
		// and unknown ones are accepted and ignored, as PokerKit does.
	}
}

func (d *decoder) str(b *builder, key string, line int, v *unstable.Node) string {
	if v.Kind != unstable.String {
		b.fail(line, key, "want a string, got %s", kindName(v.Kind))
		return ""
	}
	return string(v.Data)
}

// label reads a string or an integer (the hand and table fields).
func (d *decoder) label(b *builder, key string, line int, v *unstable.Node) string {
	if v.Kind == unstable.Integer {
		return strings.ReplaceAll(string(v.Data), "_", "")
	}
	return d.str(b, key, line, v)
}

func (d *decoder) boolean(b *builder, key string, line int, v *unstable.Node) bool {
	if v.Kind != unstable.Bool {
		b.fail(line, key, "want true or false, got %s", kindName(v.Kind))
		return false
	}
	return v.Data[0] == 't'
}

func (d *decoder) integer(b *builder, key string, line int, v *unstable.Node) int {
	if v.Kind != unstable.Integer {
		b.fail(line, key, "want an integer, got %s", kindName(v.Kind))
		return 0
	}
	x, err := parseTOMLInt(v.Data)
	if err != nil || x != int64(int(x)) {
		b.fail(line, key, "integer out of range: %s", v.Data)
		return 0
	}
	return int(x)
}

func (d *decoder) number(b *builder, key string, line int, v *unstable.Node) float64 {
	x, msg := tomlNumber(v)
	if msg != "" {
		b.fail(line, key, "%s", msg)
		return 0
	}
	if x < 0 || math.IsNaN(x) {
		b.fail(line, key, "want a non-negative number, got %s", v.Data)
		return 0
	}
	return x
}

func (d *decoder) numbers(b *builder, key string, line int, v *unstable.Node) []float64 {
	if v.Kind != unstable.Array {
		b.fail(line, key, "want an array of numbers, got %s", kindName(v.Kind))
		return nil
	}
	count := 0
	for it := v.Children(); it.Next(); {
		count++
	}
	out := d.reserveFloats(count)
	it := v.Children()
	for i := 0; it.Next(); i++ {
		x, msg := tomlNumber(it.Node())
		if msg == "" && (x < 0 || math.IsNaN(x)) {
			msg = "want a non-negative number, got " + string(it.Node().Data)
		}
		if msg != "" {
			b.fail(d.nodeLine(it.Node()), key+"["+strconv.Itoa(i)+"]", "%s", msg)
			return nil
		}
		out = append(out, x)
	}
	return out
}

func (d *decoder) strings(b *builder, key string, line int, v *unstable.Node) []string {
	if v.Kind != unstable.Array {
		b.fail(line, key, "want an array of strings, got %s", kindName(v.Kind))
		return nil
	}
	// One string holds every element; the elements are slices of it.
	count, total := 0, 0
	it := v.Children()
	for i := 0; it.Next(); i++ {
		n := it.Node()
		if n.Kind != unstable.String {
			b.fail(d.nodeLine(n), key+"["+strconv.Itoa(i)+"]", "want a string, got %s", kindName(n.Kind))
			return nil
		}
		count++
		total += len(n.Data)
	}
	var all strings.Builder
	all.Grow(total)
	for it := v.Children(); it.Next(); {
		all.Write(it.Node().Data)
	}
	joined := all.String()
	out := make([]string, 0, count)
	off := 0
	for it := v.Children(); it.Next(); {
		l := len(it.Node().Data)
		out = append(out, joined[off:off+l])
		off += l
	}
	return out
}

func (d *decoder) actions(b *builder, line int, v *unstable.Node) {
	if v.Kind != unstable.Array {
		b.fail(line, "actions", "want an array of strings, got %s", kindName(v.Kind))
		return
	}
	count, text := 0, 0
	for it := v.Children(); it.Next(); {
		count++
		text += len(it.Node().Data)
	}
	acts := d.reserveActions(count)
	cards := d.reserveCards(text / 2)
	defer func() { d.giveBackCards(text/2 - len(cards)) }()
	it := v.Children()
	for i := 0; it.Next(); i++ {
		n := it.Node()
		aline := d.nodeLine(n)
		if n.Kind != unstable.String {
			b.fail(aline, actionField(i), "want a string, got %s", kindName(n.Kind))
			return
		}
		a, rest, msg := parseAction(n.Data, cards)
		if msg != "" {
			b.fail(aline, actionField(i), "%q: %s", n.Data, msg)
			return
		}
		cards = rest
		a.Index, a.Line = i, aline
		acts = append(acts, a)
	}
	b.h.Actions = acts
}

func actionField(i int) string { return "actions[" + strconv.Itoa(i) + "]" }

// tomlNumber decodes an Integer or Float node.
func tomlNumber(v *unstable.Node) (float64, string) {
	switch v.Kind {
	case unstable.Integer:
		x, err := parseTOMLInt(v.Data)
		if err != nil {
			return 0, "bad integer " + string(v.Data)
		}
		if x > 1<<53 || x < -(1<<53) {
			return 0, "integer too large: " + string(v.Data)
		}
		return float64(x), ""
	case unstable.Float:
		s := string(v.Data)
		if strings.IndexByte(s, '_') >= 0 {
			s = strings.ReplaceAll(s, "_", "")
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return 0, "bad float " + string(v.Data)
		}
		return x, ""
	}
	return 0, "want a number, got " + kindName(v.Kind)
}

// parseTOMLInt parses a TOML integer (decimal with optional sign and
// underscores, or 0x/0o/0b); the syntax was checked by the TOML parser.
func parseTOMLInt(b []byte) (int64, error) {
	neg := false
	if len(b) > 0 && (b[0] == '+' || b[0] == '-') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) > 1 && b[0] == '0' {
		x, err := strconv.ParseInt(string(b), 0, 64) // 0x, 0o, 0b with underscores
		if neg {
			x = -x
		}
		return x, err
	}
	var x int64
	for _, c := range b {
		if c == '_' {
			continue
		}
		if c < '0' || c > '9' || x > (math.MaxInt64-9)/10 {
			return 0, strconv.ErrSyntax
		}
		x = x*10 + int64(c-'0')
	}
	if neg {
		x = -x
	}
	return x, nil
}

func kindName(k unstable.Kind) string {
	switch k {
	case unstable.String:
		return "a string"
	case unstable.Integer:
		return "an integer"
	case unstable.Float:
		return "a float"
	case unstable.Bool:
		return "a boolean"
	case unstable.Array:
		return "an array"
	case unstable.InlineTable:
		return "an inline table"
	}
	return "a " + strings.ToLower(k.String())
}
