package table

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/engine"
)

// sceneSeat is one table seat as the table message shows it.
type sceneSeat struct {
	Name                     string
	Stack                    int64
	Empty, Out, Away, WaitBB bool
	Leaving                  bool
}

// tableScene is everything the table message shows; renderTable is a pure
// function of it. Snap is the hand as a spectator sees it (For(-1)): hole
// cards appear only once shown.
type tableScene struct {
	Lang, Label, Title string
	HandNo             int
	Seats              []sceneSeat
	Snap               *engine.Snapshot
	Order              []int // engine seat -> table seat
	Left               time.Duration
	Phase              string // "timer", "bank", "clock"
	Last               []lastLine
	Waiting            int
	// Button is a tournament hand's button seat (1-based) as its
	// positions place it; with a dead button (TDA 31) an empty seat,
	// where nobody is dealt in. 0: the engine's button (a cash hand).
	Button int
	// Commitment is the deck commitment of the hand in play, or between
	// hands of the next hand; Next the next hand's while a hand is played;
	// Seeds the number of seeds added to the next hand (fair.go).
	Commitment, Next string
	Seeds            int
	// Tourney: a tournament's table, whose players its director seats (it
	// never shows a cash table's prompts).
	Tourney bool
	// Pool: a fast-fold pool's table (the pool's number), seated by the
	// pool (R-CASH-7).
	Pool int64
}

// renderTable renders the table message: the title, the boards and the
// pot; the seats (a field of their own on Discord), the player to act
// standing out; then the commitments, the last actions and a hint.
func renderTable(sc tableScene) bot.View {
	lang := sc.Lang
	var r bot.Rich
	title := fmt.Sprintf("%s %s · %s", tr(lang, "view.table"), sc.Label, sc.Title)
	if sc.HandNo > 0 {
		title += fmt.Sprintf(" · %s %d", tr(lang, "view.hand"), sc.HandNo)
	}
	r.Title = bot.Line{bot.S(title)}
	s := sc.Snap
	toAct := -1
	engineOf := map[int]int{}
	for k, i := range sc.Order {
		engineOf[i] = k
	}
	if s != nil {
		for n, board := range s.Boards {
			if len(board) == 0 && s.Game == engine.Draw {
				continue
			}
			label := tr(lang, "view.board")
			if len(s.Boards) > 1 {
				label = fmt.Sprintf("%s %d", label, n+1)
			}
			r.Add("", bot.S(label+": "), bot.B(cardsOrDash(board)))
		}
		pot := []bot.Span{bot.S(tr(lang, "view.pot") + ": "), bot.B(bot.FormatChips(s.Total, lang))}
		if len(s.Pots) > 1 {
			var parts []string
			for _, p := range s.Pots {
				// A pot awarded is shown as it was paid, its rake deducted
				// as the total's is (R-POT-7).
				parts = append(parts, bot.FormatChips(p.Amount-p.Rake, lang))
			}
			pot = append(pot, bot.S(fmt.Sprintf(" (%s)", strings.Join(parts, " + "))))
		}
		r.Add("", pot...)
		if !s.Over && s.ToAct >= 0 && s.ToAct < len(sc.Order) {
			toAct = sc.Order[s.ToAct]
		}
	} else if sc.Tourney {
		r.Add("", bot.M(tr(lang, "view.waiting_director")))
	} else if sc.Pool != 0 {
		r.Add("", bot.M(tr(lang, "view.waiting_pool", sc.Pool)))
	} else {
		r.Add("", bot.M(tr(lang, "view.waiting_players")))
	}
	seats := tr(lang, "view.seats")
	for i, st := range sc.Seats {
		r.Add(seats, seatLine(sc, i, st, toAct, engineOf)...)
	}
	if _, dealt := engineOf[sc.Button-1]; s != nil && sc.Button > 0 && !dealt {
		// A dead button: on a seat nobody is dealt in from (TDA 31).
		r.Add(seats, bot.M(tr(lang, "view.dead_button", sc.Button)))
	}
	if sc.Waiting > 0 {
		r.Add(seats, bot.M(tr(lang, "view.waitlist", sc.Waiting)))
	}
	renderCommitments(&r, sc)
	if len(sc.Last) > 0 {
		words := make([]string, len(sc.Last))
		for i, l := range sc.Last {
			words[i] = l.words(lang)
		}
		r.Add("", bot.S(tr(lang, "view.last")+": "+strings.Join(words, " · ")))
	}
	if s != nil && s.Over {
		r.Add("", bot.B(tr(lang, "view.hand_over")))
	} else if s != nil && s.Street == engine.DrawStreet && toAct >= 0 {
		r.Add("", bot.M(tr(lang, "view.draw_hint")))
	}
	return bot.View{Kind: bot.ViewTable, Text: r.Plain(), Rich: &r}
}

// seatLine is seat i's line: its number, player and stack, then notes
// (the dealer button, a bet, shown cards, the time to act); the player to
// act stands out, an empty seat is muted.
func seatLine(sc tableScene, i int, st sceneSeat, toAct int, engineOf map[int]int) bot.Line {
	lang, s := sc.Lang, sc.Snap
	mark := "  "
	if i == toAct {
		mark = "▶ "
	}
	if st.Empty {
		return bot.Line{bot.M(fmt.Sprintf("%s%d  —", mark, i+1))}
	}
	stack := st.Stack
	var notes []string
	if k, ok := engineOf[i]; ok && s != nil {
		v := s.Seats[k]
		stack = v.Stack
		if sc.Button == 0 && k == s.Button || sc.Button == i+1 {
			notes = append(notes, tr(lang, "view.dealer"))
		}
		switch {
		case v.Status == engine.SeatFolded && !s.Over:
			notes = append(notes, tr(lang, "view.folded"))
		case v.Status == engine.SeatAllIn && v.Declared:
			notes = append(notes, tr(lang, "view.declared"))
		case v.Status == engine.SeatAllIn:
			notes = append(notes, tr(lang, "view.allin"))
		}
		if v.Bet > 0 && !s.Over {
			notes = append(notes, tr(lang, "view.bet", bot.FormatChips(v.Bet, lang)))
		}
		if v.Shown && len(v.Hole) > 0 {
			notes = append(notes, tr(lang, "view.shows", engine.FormatSymbols(v.Hole)))
		}
		if s.Game == engine.Draw && v.Drew >= 0 && !s.Over {
			notes = append(notes, tr(lang, "view.drew", v.Drew))
		}
		if i == toAct {
			notes = append(notes, toActNote(sc))
		}
	} else {
		switch {
		case st.Out:
			notes = append(notes, tr(lang, "view.sitting_out"))
		case st.WaitBB:
			notes = append(notes, tr(lang, "view.wait_bb"))
		}
	}
	if st.Away {
		notes = append(notes, tr(lang, "view.away"))
	}
	if st.Leaving {
		notes = append(notes, tr(lang, "view.leaving"))
	}
	main := fmt.Sprintf("%s%d  %s  %s", mark, i+1, st.Name, bot.FormatChips(stack, lang))
	line := bot.Line{bot.S(main)}
	if i == toAct {
		line = bot.Line{bot.B(main)}
	}
	if len(notes) > 0 {
		line = append(line, bot.S("  · "+strings.Join(notes, " · ")))
	}
	return line
}

// seatNameMax is the most characters of a name the table message shows
// (seats, last actions): ten seats and their last actions fit every
// platform's message whole, and the grid reads at a glance. Summaries and
// notices show whole names.
const seatNameMax = 24

// seatName is name as the table message shows it: cut to seatNameMax
// characters, ending with "…" when cut.
func seatName(name string) string {
	if len(name) <= seatNameMax || utf8.RuneCountInString(name) <= seatNameMax {
		return name
	}
	r := []rune(name)
	return string(r[:seatNameMax-1]) + "…"
}

// toActNote is the acting player's note: the time left, and on which
// clock (their turn's, their time bank, the clock called on them).
func toActNote(sc tableScene) string {
	key := "view.to_act"
	switch sc.Phase {
	case "bank":
		key = "view.to_act_bank"
	case "clock":
		key = "view.to_act_clock"
	}
	return tr(sc.Lang, key, DurationText(sc.Left))
}

func cardsOrDash(cs []engine.Card) string {
	if len(cs) == 0 {
		return "—"
	}
	return engine.FormatSymbols(cs)
}

// buttonSpec is a button before it is signed.
type buttonSpec struct {
	label   string
	kind    byte
	amount  int64
	command string
}

// actionButtons are the acting player's choices (Fold · Check or Call ·
// Min raise · ½ pot · Pot · All-in), from what the engine allows.
// base is the bet level to match (the player's bet plus the call).
func actionButtons(l engine.Legal, base int64, lang string) []buttonSpec {
	if l.Seat < 0 || l.Discard {
		return nil
	}
	var out []buttonSpec
	out = append(out, buttonSpec{tr(lang, "button.fold"), tokFold, 0, "/fold"})
	if l.CanCheck {
		out = append(out, buttonSpec{tr(lang, "button.check"), tokCheck, 0, "/check"})
	} else if l.CallAmount > 0 {
		out = append(out, buttonSpec{tr(lang, "button.call", bot.FormatChips(l.CallAmount, lang)), tokCall, 0, "/call"})
	}
	if l.CanBet || l.CanRaise {
		word, verb := "button.raise", "/raise"
		if l.CanBet {
			word, verb = "button.bet", "/bet"
		}
		seen := map[int64]bool{}
		add := func(label string, to int64) {
			if to <= 0 || to >= l.AllInTo || seen[to] || to < l.MinTo || to > l.MaxTo {
				return
			}
			seen[to] = true
			out = append(out, buttonSpec{label, tokTo, to, fmt.Sprintf("%s %d", verb, to)})
		}
		add(tr(lang, word, bot.FormatChips(l.MinTo, lang)), l.MinTo)
		if l.PotTo > 0 {
			half := base + l.Pot/2
			add(tr(lang, "button.half_pot", bot.FormatChips(half, lang)), half)
			add(tr(lang, "button.pot", bot.FormatChips(l.PotTo, lang)), l.PotTo)
		}
		if l.MaxTo == l.AllInTo {
			out = append(out, buttonSpec{tr(lang, "button.allin", bot.FormatChips(l.AllInTo, lang)), tokAllIn, 0, "/allin"})
		}
	}
	return out
}

// summaryScene is a finished hand as the summary shows it: the spectator's
// snapshot (only shown cards), the result, the names.
type summaryScene struct {
	Lang, Label, Title string
	HandNo             int
	Snap               engine.Snapshot
	Result             engine.Result
	Names              []string // by engine seat
	// Fair and Deck are the hand's provable deck and the text of the deck
	// committed to: revealed by the summary of a hand over (nil: none).
	Fair *bot.FairTag
	Deck string
}

// renderSummary renders a finished hand for the chat and the spectators:
// the boards, what was shown, who won what (standing out), the rake, and
// the deck revealed.
func renderSummary(sc summaryScene) bot.View {
	r := summaryRich(sc)
	return bot.View{Kind: bot.ViewSummary, Text: r.Plain(), Rich: r}
}

// summaryRich is the rich content of renderSummary's view.
func summaryRich(sc summaryScene) *bot.Rich {
	lang := sc.Lang
	r := bot.Rich{Title: bot.Line{bot.S(tr(lang, "summary.title", sc.HandNo, sc.Label, sc.Title))}}
	for n, board := range sc.Snap.Boards {
		if len(board) == 0 {
			continue
		}
		label := tr(lang, "view.board")
		if len(sc.Snap.Boards) > 1 {
			label = fmt.Sprintf("%s %d", label, n+1)
		}
		r.Add("", bot.S(label+": "), bot.B(engine.FormatSymbols(board)))
	}
	for _, line := range shownLines(sc) {
		r.Add("", bot.S(line))
	}
	for p, pot := range sc.Result.Pots {
		name := tr(lang, "summary.main_pot")
		if p > 0 {
			name = tr(lang, "summary.side_pot", p)
		}
		// A hi/lo pot won at showdown with no low that qualifies, board
		// by board when run twice.
		for b := range sc.Snap.Boards {
			won, low := false, false
			for _, a := range pot.Awards {
				if a.Board == b {
					won, low = true, low || a.Low
				}
			}
			if sc.Snap.Game.HiLo() && len(sc.Snap.Shown) > 0 && won && !low {
				what := name
				if len(sc.Snap.Boards) > 1 {
					what = fmt.Sprintf("%s (%s %d)", name, tr(lang, "view.board"), b+1)
				}
				r.Add("", bot.M(tr(lang, "summary.no_low", what)))
			}
		}
		for _, a := range pot.Awards {
			extra := ""
			if a.Low {
				extra += " " + tr(lang, "summary.low")
			}
			if len(sc.Snap.Boards) > 1 {
				extra += fmt.Sprintf(" (%s %d)", tr(lang, "view.board"), a.Board+1)
			}
			r.Add("", bot.B(tr(lang, "summary.wins", sc.Names[a.Seat], bot.FormatChips(a.Amount, lang), name)+extra))
		}
	}
	for _, ret := range sc.Result.Returned {
		r.Add("", bot.S(tr(lang, "summary.returned", bot.FormatChips(ret.Amount, lang), sc.Names[ret.Seat])))
	}
	if sc.Result.Rake > 0 {
		r.Add("", bot.M(tr(lang, "summary.rake", bot.FormatChips(sc.Result.Rake, lang))))
	}
	if sc.Result.CarryOver > 0 {
		r.Add("", bot.M(tr(lang, "summary.carry", bot.FormatChips(sc.Result.CarryOver, lang))))
	}
	renderReveal(&r, sc)
	return &r
}

// shownLines are the summary's lines of the hands shown: one line a
// player, with what the hand makes on each board when the board was run
// twice ("Two pair (board 1); a pair of fives (board 2)").
func shownLines(sc summaryScene) []string {
	lang := sc.Lang
	var out []string
	at := map[int]int{} // seat -> its line
	for _, sh := range sc.Snap.Shown {
		desc := sh.High.Describe(lang)
		if sh.HasLow {
			desc += "; " + sh.Low.Describe(lang)
		}
		if len(sc.Snap.Boards) > 1 {
			desc += fmt.Sprintf(" (%s %d)", tr(lang, "view.board"), sh.Board+1)
		}
		if i, ok := at[sh.Seat]; ok {
			out[i] += "; " + desc
			continue
		}
		at[sh.Seat] = len(out)
		out = append(out, tr(lang, "summary.shows", sc.Names[sh.Seat], engine.FormatSymbols(sh.Cards), desc))
	}
	return out
}

// eventText is one event as the table message's "last actions" show it;
// "" for events not shown there (deals of hole cards, awards).
// lastLine is one of the last actions the table message shows: an event
// shown by eventText, or a text key about a player (key), with the
// player's name as it was then. It is put in words only when a version of
// the message is rendered, which the outbox does for the versions it
// sends, not for each action.
type lastLine struct {
	kind   engine.EventKind
	amount int64
	cards  [5]engine.Card // an event's cards, copied: a hand's log and its cards are reused by the next hand
	n      uint8
	key    string
	name   string
}

// eventLine is the line of e, with the name of its player.
func eventLine(e *engine.Event, name string) lastLine {
	l := lastLine{kind: e.Kind, amount: e.Amount, name: name}
	l.n = uint8(copy(l.cards[:], e.Cards))
	return l
}

// words is the line in lang.
func (l lastLine) words(lang string) string {
	if l.key != "" {
		return tr(lang, l.key, l.name)
	}
	return eventText(engine.Event{Kind: l.kind, Amount: l.amount, Cards: l.cards[:l.n]}, l.name, lang)
}

// lastLines are the last four lines of a hand, oldest first.
type lastLines struct {
	l [4]lastLine
	n int
}

// add keeps l, dropping the oldest line of four.
func (ls *lastLines) add(l lastLine) {
	if ls.n == len(ls.l) {
		copy(ls.l[:], ls.l[1:])
		ls.n--
	}
	ls.l[ls.n] = l
	ls.n++
}

// lines are the lines kept (sharing the array: a scene rendered later
// clones them, frozen).
func (ls *lastLines) lines() []lastLine { return ls.l[:ls.n] }

// shownEvent reports whether eventText puts events of kind k in words.
func shownEvent(k engine.EventKind) bool {
	switch k {
	case engine.EvFold, engine.EvCheck, engine.EvCall, engine.EvBet, engine.EvRaise, engine.EvDiscard, engine.EvDealBoard,
		engine.EvDeclareAllIn:
		return true
	}
	return false
}

func eventText(e engine.Event, name, lang string) string {
	switch e.Kind {
	case engine.EvFold:
		return tr(lang, "ev.fold", name)
	case engine.EvCheck:
		return tr(lang, "ev.check", name)
	case engine.EvCall:
		return tr(lang, "ev.call", name, bot.FormatChips(e.Amount, lang))
	case engine.EvBet:
		return tr(lang, "ev.bet", name, bot.FormatChips(e.Amount, lang))
	case engine.EvRaise:
		return tr(lang, "ev.raise", name, bot.FormatChips(e.Amount, lang))
	case engine.EvDiscard:
		if len(e.Cards) == 0 {
			return tr(lang, "ev.pat", name)
		}
		return tr(lang, "ev.discard", name, len(e.Cards))
	case engine.EvDealBoard:
		return tr(lang, "ev.board", engine.FormatSymbols(e.Cards))
	case engine.EvDeclareAllIn:
		return tr(lang, "ev.declared", name, bot.FormatChips(e.Amount, lang))
	}
	return ""
}

// DurationText shows a duration to the second: "25s", "1m30s".
func DurationText(d time.Duration) string {
	return bot.FormatDuration(d, bot.English) // the units are the same in Spanish
}

func actionWord(k engine.ActionKind, lang string) string {
	switch k {
	case engine.Check:
		return tr(lang, "word.check")
	case engine.Discard:
		return tr(lang, "word.pat")
	case engine.DeclareAllIn:
		return tr(lang, "word.declared")
	}
	return tr(lang, "word.fold")
}

// tr is bot.Text: the text of key in lang with args.
func tr(lang, key string, args ...any) string { return bot.Text(lang, key, args...) }
