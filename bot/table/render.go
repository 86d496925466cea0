package table

import (
	"fmt"
	"strings"
	"time"

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
	Last               []string
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
}

// renderTable renders the table message.
func renderTable(sc tableScene) bot.View {
	var b strings.Builder
	lang := sc.Lang
	fmt.Fprintf(&b, "%s %s · %s", tr(lang, "view.table"), sc.Label, sc.Title)
	if sc.HandNo > 0 {
		fmt.Fprintf(&b, " · %s %d", tr(lang, "view.hand"), sc.HandNo)
	}
	b.WriteByte('\n')
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
			fmt.Fprintf(&b, "%s: %s\n", label, cardsOrDash(board))
		}
		fmt.Fprintf(&b, "%s: %s", tr(lang, "view.pot"), bot.FormatChips(s.Total, lang))
		if len(s.Pots) > 1 {
			var parts []string
			for _, p := range s.Pots {
				parts = append(parts, bot.FormatChips(p.Amount, lang))
			}
			fmt.Fprintf(&b, " (%s)", strings.Join(parts, " + "))
		}
		b.WriteByte('\n')
		if !s.Over && s.ToAct >= 0 && s.ToAct < len(sc.Order) {
			toAct = sc.Order[s.ToAct]
		}
	} else if sc.Tourney {
		b.WriteString(tr(lang, "view.waiting_director") + "\n")
	} else {
		b.WriteString(tr(lang, "view.waiting_players") + "\n")
	}
	for i, st := range sc.Seats {
		mark := "  "
		if i == toAct {
			mark = "▶ "
		}
		if st.Empty {
			fmt.Fprintf(&b, "%s%d  —\n", mark, i+1)
			continue
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
			case v.Status == engine.SeatAllIn:
				notes = append(notes, tr(lang, "view.allin"))
			}
			if v.Bet > 0 && !s.Over {
				notes = append(notes, tr(lang, "view.bet", bot.FormatChips(v.Bet, lang)))
			}
			if v.Shown && len(v.Hole) > 0 {
				notes = append(notes, tr(lang, "view.shows", engine.FormatCards(v.Hole)))
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
		line := fmt.Sprintf("%s%d  %s  %s", mark, i+1, st.Name, bot.FormatChips(stack, lang))
		if len(notes) > 0 {
			line += "  · " + strings.Join(notes, " · ")
		}
		b.WriteString(line + "\n")
	}
	if _, dealt := engineOf[sc.Button-1]; s != nil && sc.Button > 0 && !dealt {
		// A dead button: on a seat nobody is dealt in from (TDA 31).
		b.WriteString(tr(lang, "view.dead_button", sc.Button) + "\n")
	}
	if sc.Waiting > 0 {
		b.WriteString(tr(lang, "view.waitlist", sc.Waiting) + "\n")
	}
	renderCommitments(&b, sc)
	if len(sc.Last) > 0 {
		fmt.Fprintf(&b, "%s: %s\n", tr(lang, "view.last"), strings.Join(sc.Last, " · "))
	}
	if s != nil && s.Over {
		b.WriteString(tr(lang, "view.hand_over") + "\n")
	} else if s != nil && s.Street == engine.DrawStreet && toAct >= 0 {
		b.WriteString(tr(lang, "view.draw_hint") + "\n")
	}
	return bot.View{Kind: bot.ViewTable, Text: strings.TrimRight(b.String(), "\n")}
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
	return engine.FormatCards(cs)
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
			half := base + (l.PotTo-base)/2
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

// renderSummary renders a finished hand for the chat and the spectators.
func renderSummary(sc summaryScene) bot.View {
	lang := sc.Lang
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", tr(lang, "summary.title", sc.HandNo, sc.Label, sc.Title))
	for n, board := range sc.Snap.Boards {
		if len(board) == 0 {
			continue
		}
		label := tr(lang, "view.board")
		if len(sc.Snap.Boards) > 1 {
			label = fmt.Sprintf("%s %d", label, n+1)
		}
		fmt.Fprintf(&b, "%s: %s\n", label, engine.FormatCards(board))
	}
	for _, sh := range sc.Snap.Shown {
		desc := sh.High.Describe(lang)
		if sh.HasLow {
			desc += "; " + sh.Low.Describe(lang)
		}
		line := tr(lang, "summary.shows", sc.Names[sh.Seat], engine.FormatCards(sh.Cards), desc)
		if len(sc.Snap.Boards) > 1 {
			line += fmt.Sprintf(" (%s %d)", tr(lang, "view.board"), sh.Board+1)
		}
		b.WriteString(line + "\n")
	}
	for p, pot := range sc.Result.Pots {
		name := tr(lang, "summary.main_pot")
		if p > 0 {
			name = tr(lang, "summary.side_pot", p)
		}
		for _, a := range pot.Awards {
			extra := ""
			if a.Low {
				extra += " " + tr(lang, "summary.low")
			}
			if len(sc.Snap.Boards) > 1 {
				extra += fmt.Sprintf(" (%s %d)", tr(lang, "view.board"), a.Board+1)
			}
			fmt.Fprintf(&b, "%s\n", tr(lang, "summary.wins", sc.Names[a.Seat], bot.FormatChips(a.Amount, lang), name)+extra)
		}
	}
	for _, r := range sc.Result.Returned {
		fmt.Fprintf(&b, "%s\n", tr(lang, "summary.returned", bot.FormatChips(r.Amount, lang), sc.Names[r.Seat]))
	}
	if sc.Result.Rake > 0 {
		fmt.Fprintf(&b, "%s\n", tr(lang, "summary.rake", bot.FormatChips(sc.Result.Rake, lang)))
	}
	if sc.Result.CarryOver > 0 {
		fmt.Fprintf(&b, "%s\n", tr(lang, "summary.carry", bot.FormatChips(sc.Result.CarryOver, lang)))
	}
	renderReveal(&b, sc)
	return bot.View{Kind: bot.ViewSummary, Text: strings.TrimRight(b.String(), "\n")}
}

// eventText is one event as the table message's "last actions" show it;
// "" for events not shown there (deals of hole cards, awards).
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
		return tr(lang, "ev.board", engine.FormatCards(e.Cards))
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
	}
	return tr(lang, "word.fold")
}

// tr is bot.Text: the text of key in lang with args.
func tr(lang, key string, args ...any) string { return bot.Text(lang, key, args...) }
