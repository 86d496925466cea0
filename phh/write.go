package phh

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pokerroom/pokerroom/engine"
)

// Record is a hand as the engine played it: the inputs it was started from
// and its events, with optional descriptive fields.
type Record struct {
	Setup
	Events []engine.Event
	Meta   Meta
	// Table, when set, writes the hand as a [Table] section of a .phhs file.
	Table string
}

// VariantCode returns the PHH code of an engine game and betting structure
// ("NT", "PO", "FT", "FO/8"), false when PHH has none.
func VariantCode(g engine.Game, b engine.Betting) (string, bool) {
	switch {
	case g == engine.Holdem && b == engine.NoLimit:
		return "NT", true
	case g == engine.Omaha && b == engine.PotLimit:
		return "PO", true
	case g == engine.Holdem && b == engine.FixedLimit:
		return "FT", true
	case g == engine.OmahaHiLo && b == engine.FixedLimit:
		return "FO/8", true
	}
	return "", false
}

// Write prints a hand played by the engine as PHH: the forced bets and
// stacks from its setup (p1 is the seat left of the button, the button is
// last; heads-up arrays reversed as the standard wants), one action notation
// per dealing and player event, and finishing_stacks once the hand is over.
// Showdowns are written as "sm" actions; chips returned and awarded are not
// actions in PHH and show in finishing_stacks only. A rake, which PHH has no
// field for, is written in the user-defined fields _rake_percent, _rake_cap
// and _rake_step, and a fixed-limit cap other than the default in
// _raise_cap, which Configure reads back. PHH posts the antes before the
// blinds: a big blind the room posted before its big-blind ante is written
// with the ante it posted (bigBlindAnte), which replays the same.
func Write(w io.Writer, rec Record) error {
	cfg := rec.Config
	n := len(rec.Seats)
	if n < 2 || rec.Button < 0 || rec.Button >= n {
		return fmt.Errorf("phh: write: %d seats with button %d", n, rec.Button)
	}
	variant, ok := VariantCode(cfg.Game, cfg.Betting)
	if !ok {
		return fmt.Errorf("phh: write: no PHH variant code for %s %s", cfg.Game, cfg.Betting)
	}
	if cfg.Straddle > 0 && n == 2 {
		return fmt.Errorf("phh: write: a heads-up straddle has no PHH form")
	}
	for _, e := range rec.Events {
		if e.Kind == engine.EvDealBoard && e.Board > 0 {
			return fmt.Errorf("phh: write: a board run twice has no PHH form")
		}
	}
	// p(k+1) is seat pos[k]; player[seat] is the 1-based PHH player.
	pos := make([]int, n)
	player := make([]int, n)
	for k := 0; k < n; k++ {
		pos[k] = (rec.Button + 1 + k) % n
		player[pos[k]] = k + 1
	}
	// Effective forced bets by PHH player, then the raw (heads-up reversed)
	// arrays.
	antes := make([]int64, n)
	blinds := make([]int64, n)
	sbP, bbP := 0, 1
	if n == 2 {
		sbP, bbP = 1, 0
	}
	for k := 0; k < n; k++ {
		antes[k] = cfg.Ante + rec.Seats[pos[k]].Ante
	}
	blinds[sbP] = cfg.SmallBlind
	blinds[bbP] = cfg.BigBlind
	bigP := bbP // the big blind's player, who posts the big-blind ante
	switch {
	case rec.NoSmallBlind && n > 2:
		// A dead small blind: p1, left of the button, posts the big blind
		// and is the only blind ([X, 0, ...], as Configure reads it).
		blinds[sbP], blinds[bbP] = cfg.BigBlind, 0
		bigP = sbP
	case rec.NoSmallBlind:
		blinds[sbP] = 0
	}
	antes[bigP] += bigBlindAnte(rec)
	if cfg.Straddle > 0 {
		blinds[2] = cfg.Straddle
	}
	if n == 2 {
		antes[0], antes[1] = antes[1], antes[0]
		blinds[0], blinds[1] = blinds[1], blinds[0]
	}
	start := make([]int64, n)
	for k := 0; k < n; k++ {
		start[k] = rec.Seats[pos[k]].Stack
	}

	bw := bufio.NewWriter(w)
	indent := ""
	if rec.Table != "" {
		fmt.Fprintf(bw, "[%s]\n", tableKey(rec.Table))
	}
	field := func(key, value string) { fmt.Fprintf(bw, "%s%s = %s\n", indent, key, value) }
	field("variant", tomlString(variant))
	field("ante_trimming_status", "false")
	field("antes", intArray(antes))
	field("blinds_or_straddles", intArray(blinds))
	if cfg.Betting == engine.FixedLimit {
		small, big := cfg.SmallBet, cfg.BigBet
		if small == 0 {
			small = cfg.BigBlind
		}
		if big == 0 {
			big = 2 * small
		}
		field("small_bet", strconv.FormatInt(small, 10))
		field("big_bet", strconv.FormatInt(big, 10))
		if cfg.RaiseCap != 0 {
			// PHH has no cap: pokerroom's field, for a house cap or none.
			field("_raise_cap", strconv.Itoa(cfg.RaiseCap))
		}
	} else {
		field("min_bet", strconv.FormatInt(cfg.BigBlind, 10))
	}
	field("starting_stacks", intArray(start))
	if r := cfg.Rake; r != (engine.Rake{}) {
		// PHH has no rake: pokerroom's fields, so that the replay rakes too.
		field("_rake_percent", strconv.FormatInt(r.Percent, 10))
		field("_rake_cap", strconv.FormatInt(r.Cap, 10))
		if r.Step != 0 {
			field("_rake_step", strconv.FormatInt(r.Step, 10))
		}
	}

	final, over := playChips(rec, player, start)
	bw.WriteString("actions = [")
	first := true
	add := func(s string) {
		if !first {
			bw.WriteString(", ")
		}
		first = false
		bw.WriteString(tomlString(s))
	}
	for _, e := range rec.Events {
		if s, ok := notation(e, player); ok {
			add(s)
		}
	}
	bw.WriteString("]\n")
	if over {
		field("finishing_stacks", intArray(final))
	}
	writeMeta(bw, rec.Meta, field)
	return bw.Flush()
}

// bigBlindAnte is the big-blind ante to write. PHH posts every ante before
// the blinds; the room, unless AntesFirst, posts the big blind first and the
// ante from what is left (R-BET-2). For a big blind short of both, the ante
// it posted is written (none when the blind took it all): posted first, it
// leaves the blind the same chips, so the replay puts in what the room did.
func bigBlindAnte(rec Record) int64 {
	cfg := rec.Config
	if cfg.BigBlindAnte == 0 || cfg.AntesFirst {
		return cfg.BigBlindAnte
	}
	var posted int64
	blind := false
	for _, e := range rec.Events {
		switch e.Kind {
		case engine.EvPostBigBlindAnte:
			posted += e.Amount
		case engine.EvPostBigBlind:
			blind = true
		}
	}
	if !blind { // no posts recorded: nothing to go by
		return cfg.BigBlindAnte
	}
	return posted
}

// notation returns the PHH action notation of an event, false for events
// that are not PHH actions (posts, returns, rake, awards).
func notation(e engine.Event, player []int) (string, bool) {
	p := func() string {
		if e.Seat < 0 || e.Seat >= len(player) {
			return "p?"
		}
		return "p" + strconv.Itoa(player[e.Seat])
	}
	cards := func() string {
		var b strings.Builder
		writeCards(&b, e.Cards)
		return b.String()
	}
	switch e.Kind {
	case engine.EvDealHole, engine.EvDrawCards:
		return "d dh " + p() + " " + cards(), true
	case engine.EvDealBoard:
		return "d db " + cards(), true
	case engine.EvFold:
		return p() + " f", true
	case engine.EvCheck, engine.EvCall:
		return p() + " cc", true
	case engine.EvBet, engine.EvRaise:
		return p() + " cbr " + strconv.FormatInt(e.Amount, 10), true
	case engine.EvDiscard:
		if len(e.Cards) == 0 {
			return p() + " sd", true
		}
		return p() + " sd " + cards(), true
	case engine.EvShow:
		return p() + " sm " + cards(), true
	case engine.EvMuck:
		return p() + " sm", true
	case engine.EvDeclareAllIn:
		// PHH has no verb for the all-in protection (R-TIME-2): a comment
		// says what happened; such a hand does not replay elsewhere.
		return "# " + p() + " declared all-in for " + strconv.FormatInt(e.Amount, 10) + " (all-in protection)", true
	}
	return "", false
}

// playChips follows the chips through the events and returns the stacks by
// PHH player and whether the hand ended (chips were awarded or carried over).
func playChips(rec Record, player []int, start []int64) ([]int64, bool) {
	n := len(start)
	stack := append([]int64(nil), start...)
	bet := make([]int64, n)
	over := false
	street := engine.Preflop
	for _, e := range rec.Events {
		if e.Seat >= len(player) {
			continue
		}
		k := -1
		if e.Seat >= 0 {
			k = player[e.Seat] - 1
		}
		if e.Street != street {
			street = e.Street
			clear(bet)
		}
		switch e.Kind {
		case engine.EvPostAnte, engine.EvPostBigBlindAnte:
			stack[k] -= e.Amount
		case engine.EvPostSmallBlind, engine.EvPostBigBlind, engine.EvPostStraddle, engine.EvCall:
			stack[k] -= e.Amount
			bet[k] += e.Amount
		case engine.EvBet, engine.EvRaise:
			stack[k] -= e.Amount - bet[k]
			bet[k] = e.Amount
		case engine.EvReturnUncalled:
			stack[k] += e.Amount
			bet[k] -= e.Amount
		case engine.EvAward:
			stack[k] += e.Amount
			over = true
		case engine.EvCarryOver:
			over = true
		}
	}
	return stack, over
}

func writeMeta(bw *bufio.Writer, m Meta, field func(key, value string)) {
	strs := []struct{ key, v string }{
		{"author", m.Author}, {"event", m.Event}, {"url", m.URL}, {"venue", m.Venue},
		{"city", m.City}, {"region", m.Region}, {"country", m.Country}, {"currency", m.Currency},
	}
	for _, s := range strs {
		if s.v != "" {
			field(s.key, tomlString(s.v))
		}
	}
	ints := []struct {
		key string
		v   int
	}{{"day", m.Day}, {"month", m.Month}, {"year", m.Year}, {"level", m.Level}, {"seat_count", m.SeatCount}}
	for _, x := range ints {
		if x.v != 0 {
			field(x.key, strconv.Itoa(x.v))
		}
	}
	label := func(key, v string) {
		if v == "" {
			return
		}
		if _, err := strconv.ParseInt(v, 10, 64); err == nil {
			field(key, v)
		} else {
			field(key, tomlString(v))
		}
	}
	label("hand", m.HandID)
	label("table", m.Table)
	if len(m.Seats) > 0 {
		xs := make([]int64, len(m.Seats))
		for i, s := range m.Seats {
			xs[i] = int64(s)
		}
		field("seats", intArray(xs))
	}
	if len(m.Players) > 0 {
		field("players", stringArray(m.Players))
	}
	for _, s := range []struct{ key, v string }{{"_deck_commitment", m.Commitment}, {"_deck_salt", m.Salt}, {"_deck", m.CommittedDeck}, {"_deck_key", m.Key}} {
		if s.v != "" {
			field(s.key, tomlString(s.v))
		}
	}
	for _, s := range []struct {
		key string
		v   []string
	}{{"_deck_seeds", m.Seeds}, {"_deck_leaves", m.Leaves}, {"_deck_shown", m.Shown}} {
		if len(s.v) > 0 {
			field(s.key, stringArray(s.v))
		}
	}
}

// stringArray is a TOML array of strings.
func stringArray(xs []string) string {
	parts := make([]string, len(xs))
	for i, p := range xs {
		parts[i] = tomlString(p)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func intArray(xs []int64) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(x, 10))
	}
	b.WriteByte(']')
	return b.String()
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == utf8.RuneError || r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tableKey writes a table name bare when it can be, else quoted.
func tableKey(name string) string {
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return tomlString(name)
		}
	}
	return name
}
