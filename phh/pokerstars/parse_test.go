package pokerstars_test

// An independent reader of PokerStars hand histories, written from the
// published hands in testdata/published (see its README) and not from the
// writer: it reads a file line by line into seats, stacks, actions with
// their amounts, the board, the pots collected and the rake, and works out
// each player's chips from the amounts the way the format means them
// ("raises 40 to 60": the player's bet this round becomes 60).

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// psSeat is a seat line before the summary.
type psSeat struct {
	No    int
	Name  string
	Stack int64
}

// psAction is one line of play.
type psAction struct {
	Round  int // betting round: 0 before the flop (or the draw), then one per street
	Player string
	Verb   string // ante, small blind, big blind, straddle, folds, checks, calls, bets, raises, discards, stands pat, uncalled, shows, mucks
	Amount int64  // posts, calls, bets, the raise's increment, uncalled, discards: the number of cards
	To     int64  // raises: the total
	AllIn  bool
	Cards  []string
}

// psCollect is a "collected N from pot" line.
type psCollect struct {
	Player string
	Amount int64
	Pot    int // 0 "pot" or "main pot", k "side pot-k" ("side pot" is 1)
	Run    int // 1 after "*** SECOND SHOW DOWN ***" (a board run twice)
}

// psFinish is a tournament place written after the pots.
type psFinish struct {
	Player string
	Place  int
	Prize  int64
}

// psSummary is a seat line of the summary.
type psSummary struct {
	No        int
	Name      string
	Positions []string // button, small blind, big blind
	Result    string   // the rest of the line
	Won       int64    // "won (N)" or "collected (N)"
	Cards     []string
}

// psHand is one parsed hand.
type psHand struct {
	Number        string
	Tournament    bool
	Game, Limit   string
	Small, Big    int64
	Table         string
	MaxSeats      int
	Button        int
	PlayMoney     bool
	Seats         []psSeat
	Actions       []psAction
	Dealt         map[string][]string // the hero's cards, as last dealt
	Board         []string
	Board2        []string // the second run of a board run twice
	RunTwice      bool     // "Hand was run twice"
	Collected     []psCollect
	Total, Rake   int64
	Pots          []int64 // "Main pot N. Side pot-1 N." when there are side pots
	SummaryBoard  []string
	SummaryBoard2 []string
	Summary       []psSummary
	NoLow         bool       // "No low hand qualified" (hi/lo)
	Finished      []psFinish // "finished the tournament in 8th place", "wins the tournament"
	Ignored       []string   // lines the reader does not know (chat, tables joined...)
	Cancelled     bool
}

var (
	reHeader  = regexp.MustCompile(`^PokerStars (?:Zoom )?(?:Hand|Game) #(\d+):\s+(Tournament #\d+, [^ ]+ )?(.+?) (No Limit|Pot Limit|Limit) (?:- Level [IVXLCDM]+ )?\(((?:\$|€|\x{FFFD})?[\d.]+)/((?:\$|€|\x{FFFD})?[\d.]+)(?: [A-Z]{3})?\) - (.+)$`)
	reTable   = regexp.MustCompile(`^Table '(.+)' (\d+)-max (\(Play Money\) )?Seat #(\d+) is the button$`)
	reSeat    = regexp.MustCompile(`^Seat (\d+): (.+) \(((?:\$|€|\x{FFFD})?[\d.]+) in chips\)( is sitting out)?$`)
	reDealt   = regexp.MustCompile(`^Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?$`)
	reStreet  = regexp.MustCompile(`^\*\*\* (FIRST |SECOND )?(FLOP|TURN|RIVER) \*\*\* \[([^\]]*)\](?: \[([^\]]*)\])?$`)
	reUncall  = regexp.MustCompile(`^Uncalled bet \(((?:\$|€|\x{FFFD})?[\d.]+)\) returned to (.+)$`)
	reCollect = regexp.MustCompile(`^(.+) collected ((?:\$|€|\x{FFFD})?[\d.]+) from (pot|main pot|side pot(?:-(\d+))?)$`)
	reTotal   = regexp.MustCompile(`^Total pot ((?:\$|€|\x{FFFD})?[\d.]+)((?: (?:Main pot|Side pot(?:-\d+)?) (?:\$|€|\x{FFFD})?[\d.]+\.)*) \| Rake ((?:\$|€|\x{FFFD})?[\d.]+)$`)
	rePotPart = regexp.MustCompile(`(Main pot|Side pot(?:-\d+)?) ((?:\$|€|\x{FFFD})?[\d.]+)\.`)
	reSumSeat = regexp.MustCompile(`^Seat (\d+): (.+?)((?: \((?:button|small blind|big blind)\))*)( showed .*| mucked.*| collected .*| folded .*)?$`)
	reWon     = regexp.MustCompile(`(?:won|collected) \(((?:\$|€|\x{FFFD})?[\d.]+)\)`)
	reCards   = regexp.MustCompile(`\[([^\]]*)\]`)
	reFinish  = regexp.MustCompile(`^(.+) finished the tournament in (\d+)(?:st|nd|rd|th) place(?: and received ((?:\$|€|\x{FFFD})?[\d.]+)\.)?$`)
	reWinner  = regexp.MustCompile(`^(.+) wins the tournament and receives ((?:\$|€|\x{FFFD})?[\d.]+) - congratulations!$`)
	reAction  = regexp.MustCompile(`^(posts small blind|posts big blind|posts the ante|posts straddle|folds|checks|calls|bets|raises|discards|stands pat|shows|mucks hand|doesn't show hand)(.*)$`)
)

// money reads an amount in hundredths: "$0.29" is 29, "1500" is 150000.
func money(s string) (int64, error) {
	s = strings.TrimLeft(strings.ReplaceAll(s, ",", ""), "$\u20ac\ufffd") // dollars, euros (UTF-8, or cp1252 read as U+FFFD)
	whole, frac, _ := strings.Cut(s, ".")
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("amount %q: %v", s, err)
	}
	if len(frac) > 2 {
		return 0, fmt.Errorf("amount %q: more than two decimals", s)
	}
	f := int64(0)
	if frac != "" {
		f, err = strconv.ParseInt((frac + "0")[:2], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("amount %q: %v", s, err)
		}
	}
	return w*100 + f, nil
}

// splitHands cuts a file into hands at their header lines.
func splitHands(text string) []string {
	text = strings.ReplaceAll(strings.TrimPrefix(text, "\ufeff"), "\r\n", "\n")
	var out []string
	var cur []string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "PokerStars ") && len(cur) > 0 {
			out = append(out, strings.Join(cur, "\n"))
			cur = nil
		}
		if strings.TrimSpace(l) != "" || len(cur) > 0 {
			cur = append(cur, l)
		}
	}
	if len(cur) > 0 {
		out = append(out, strings.Join(cur, "\n"))
	}
	return out
}

// parseHand reads one hand.
func parseHand(text string) (*psHand, error) {
	h := &psHand{Dealt: map[string][]string{}}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	names := map[string]bool{}
	round, run, summary, sawDraw, drawDone := 0, 0, false, false, false
	for n, raw := range lines {
		l := strings.TrimRight(raw, " ")
		if l == "" {
			continue
		}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("line %d %q: %s", n+1, l, fmt.Sprintf(format, args...))
		}
		if n == 0 {
			m := reHeader.FindStringSubmatch(l)
			if m == nil {
				return nil, bad("not a PokerStars header")
			}
			h.Number, h.Tournament, h.Game, h.Limit = m[1], m[2] != "", m[3], m[4]
			var err error
			if h.Small, err = money(m[5]); err != nil {
				return nil, bad("%v", err)
			}
			if h.Big, err = money(m[6]); err != nil {
				return nil, bad("%v", err)
			}
			continue
		}
		if m := reTable.FindStringSubmatch(l); m != nil {
			h.Table = m[1]
			h.MaxSeats, _ = strconv.Atoi(m[2])
			h.PlayMoney = m[3] != ""
			h.Button, _ = strconv.Atoi(m[4])
			continue
		}
		if l == "No low hand qualified" {
			h.NoLow = true
			continue
		}
		if l == "Hand cancelled" {
			h.Cancelled = true
			continue
		}
		if strings.HasPrefix(l, "*** ") {
			switch {
			case l == "*** SUMMARY ***":
				summary = true
			case l == "*** HOLE CARDS ***", l == "*** DEALING HANDS ***", l == "*** SHOW DOWN ***", l == "*** FIRST SHOW DOWN ***":
			case l == "*** SECOND SHOW DOWN ***":
				run = 1
			case l == "*** FIRST DRAW ***":
				round++
				sawDraw = true
			default:
				m := reStreet.FindStringSubmatch(l)
				if m == nil {
					return nil, bad("unknown street")
				}
				board := strings.Fields(m[3])
				if m[4] != "" {
					board = append(board, strings.Fields(m[4])...)
				}
				want := map[string]int{"FLOP": 3, "TURN": 4, "RIVER": 5}[m[2]]
				dealt := map[string]int{"FLOP": 3, "TURN": 1, "RIVER": 1}[m[2]]
				into := &h.Board
				if m[1] == "SECOND " {
					into = &h.Board2
					if len(h.Board2) == 0 && !prefix(board[:len(board)-dealt], h.Board) {
						return nil, bad("second board %v does not share %v", board, h.Board)
					}
				}
				if len(board) != want || (len(*into) > 0 && !prefix(*into, board)) || (len(*into) == 0 && len(board) != dealt && into == &h.Board) {
					return nil, bad("board %v after %v", board, *into)
				}
				*into = board
				round++
			}
			continue
		}
		if summary {
			switch {
			case strings.HasPrefix(l, "Total pot "):
				m := reTotal.FindStringSubmatch(l)
				if m == nil {
					return nil, bad("bad total")
				}
				h.Total, _ = money(m[1])
				h.Rake, _ = money(m[3])
				for _, p := range rePotPart.FindAllStringSubmatch(m[2], -1) {
					v, _ := money(p[2])
					h.Pots = append(h.Pots, v)
				}
			case strings.HasPrefix(l, "Board ["), strings.HasPrefix(l, "FIRST Board ["):
				h.SummaryBoard = strings.Fields(reCards.FindStringSubmatch(l)[1])
			case strings.HasPrefix(l, "SECOND Board ["):
				h.SummaryBoard2 = strings.Fields(reCards.FindStringSubmatch(l)[1])
			case l == "Hand was run twice":
				h.RunTwice = true
			case strings.HasPrefix(l, "Seat "):
				m := reSumSeat.FindStringSubmatch(l)
				if m == nil {
					return nil, bad("bad summary seat")
				}
				s := psSummary{Name: m[2], Result: strings.TrimPrefix(m[4], " ")}
				s.No, _ = strconv.Atoi(m[1])
				for _, p := range []string{"button", "small blind", "big blind"} {
					if strings.Contains(m[3], "("+p+")") {
						s.Positions = append(s.Positions, p)
					}
				}
				for _, w := range reWon.FindAllStringSubmatch(m[4], -1) {
					v, _ := money(w[1])
					s.Won += v
				}
				if c := reCards.FindStringSubmatch(m[4]); c != nil {
					s.Cards = strings.Fields(c[1])
				}
				h.Summary = append(h.Summary, s)
			default:
				h.Ignored = append(h.Ignored, l)
			}
			continue
		}
		if m := reSeat.FindStringSubmatch(l); m != nil {
			s := psSeat{Name: m[2]}
			s.No, _ = strconv.Atoi(m[1])
			var err error
			if s.Stack, err = money(m[3]); err != nil {
				return nil, bad("%v", err)
			}
			h.Seats = append(h.Seats, s)
			names[s.Name] = true
			continue
		}
		if m := reDealt.FindStringSubmatch(l); m != nil {
			cards := strings.Fields(m[2])
			if m[3] != "" {
				cards = append(cards, strings.Fields(m[3])...)
			}
			h.Dealt[m[1]] = cards
			continue
		}
		if m := reUncall.FindStringSubmatch(l); m != nil {
			v, err := money(m[1])
			if err != nil || !names[m[2]] {
				return nil, bad("uncalled bet to %q", m[2])
			}
			h.Actions = append(h.Actions, psAction{Round: round, Player: m[2], Verb: "uncalled", Amount: v})
			continue
		}
		if m := reCollect.FindStringSubmatch(l); m != nil && names[m[1]] {
			v, err := money(m[2])
			if err != nil {
				return nil, bad("%v", err)
			}
			c := psCollect{Player: m[1], Amount: v, Run: run}
			switch {
			case m[3] == "side pot":
				c.Pot = 1
			case m[4] != "":
				c.Pot, _ = strconv.Atoi(m[4])
			}
			h.Collected = append(h.Collected, c)
			continue
		}
		if m := reFinish.FindStringSubmatch(l); m != nil && names[m[1]] {
			f := psFinish{Player: m[1]}
			f.Place, _ = strconv.Atoi(m[2])
			if m[3] != "" {
				f.Prize, _ = money(m[3])
			}
			h.Finished = append(h.Finished, f)
			continue
		}
		if m := reWinner.FindStringSubmatch(l); m != nil && names[m[1]] {
			f := psFinish{Player: m[1], Place: 1}
			f.Prize, _ = money(m[2])
			h.Finished = append(h.Finished, f)
			continue
		}
		// "name: verb ...": the name is what a seat line named.
		player, rest := "", ""
		for i := strings.Index(l, ": "); i >= 0; {
			if names[l[:i]] && reAction.MatchString(l[i+2:]) {
				player, rest = l[:i], l[i+2:]
				break
			}
			j := strings.Index(l[i+2:], ": ")
			if j < 0 {
				break
			}
			i += 2 + j
		}
		if player == "" {
			h.Ignored = append(h.Ignored, l)
			continue
		}
		m := reAction.FindStringSubmatch(rest)
		// Single-draw games have no line for the draw: the first discard
		// starts it, the first bet, check or fold after it the last round.
		switch m[1] {
		case "discards", "stands pat":
			if !sawDraw {
				sawDraw = true
				round++
			}
		case "checks", "bets", "raises", "calls", "folds":
			if sawDraw && !drawDone {
				drawDone = true
				round++
			}
		}
		a := psAction{Round: round, Player: player, Verb: strings.TrimPrefix(m[1], "posts ")}
		tail := m[2]
		if strings.HasSuffix(tail, " and is all-in") {
			a.AllIn = true
			tail = strings.TrimSuffix(tail, " and is all-in")
		}
		if c := reCards.FindStringSubmatch(tail); c != nil {
			a.Cards = strings.Fields(c[1])
		}
		switch a.Verb {
		case "the ante":
			a.Verb = "ante"
			fallthrough
		case "small blind", "big blind", "straddle", "calls", "bets":
			v, err := money(strings.TrimSpace(tail))
			if err != nil {
				return nil, bad("%v", err)
			}
			a.Amount = v
		case "raises":
			by, to, ok := strings.Cut(strings.TrimSpace(tail), " to ")
			if !ok {
				return nil, bad("raise without a total")
			}
			var err error
			if a.Amount, err = money(by); err != nil {
				return nil, bad("%v", err)
			}
			if a.To, err = money(to); err != nil {
				return nil, bad("%v", err)
			}
		case "discards":
			f := strings.Fields(tail)
			if len(f) < 2 {
				return nil, bad("discards what")
			}
			k, err := strconv.Atoi(f[0])
			if err != nil {
				return nil, bad("discards %q cards", f[0])
			}
			a.Amount = int64(k)
		}
		h.Actions = append(h.Actions, a)
	}
	if h.Number == "" || len(h.Seats) == 0 {
		return nil, fmt.Errorf("no header or no seats")
	}
	if !summary && !h.Cancelled {
		return nil, fmt.Errorf("hand #%s has no summary", h.Number)
	}
	return h, nil
}

func prefix(a, b []string) bool {
	if len(a) > len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// chips works out what each player put in the pot (antes, blinds, calls,
// bets and raises, less uncalled bets returned) and collected.
func (h *psHand) chips() (in, won map[string]int64) {
	in, won = map[string]int64{}, map[string]int64{}
	bet := map[string]int64{}
	round := -1
	for _, a := range h.Actions {
		if a.Round != round {
			round = a.Round
			clear(bet)
		}
		switch a.Verb {
		case "ante":
			in[a.Player] += a.Amount
		case "small blind", "big blind", "straddle", "calls", "bets":
			in[a.Player] += a.Amount
			bet[a.Player] += a.Amount
		case "raises":
			in[a.Player] += a.To - bet[a.Player]
			bet[a.Player] = a.To
		case "uncalled":
			in[a.Player] -= a.Amount
			bet[a.Player] -= a.Amount
		}
	}
	for _, c := range h.Collected {
		won[c.Player] += c.Amount
	}
	return in, won
}

// consistent checks the hand's arithmetic: the chips put in make the total
// pot, the pots collected and the rake make it too, the summary's winnings
// are the collections, the side pots add up, nobody puts in more than the
// stack, and a raise's increment is over the round's highest bet.
func (h *psHand) consistent() error {
	if h.Cancelled {
		return nil
	}
	in, won := h.chips()
	var put, got int64
	for _, v := range in {
		put += v
	}
	for _, v := range won {
		got += v
	}
	if put != h.Total {
		return fmt.Errorf("hand #%s: chips put in %d, total pot %d", h.Number, put, h.Total)
	}
	if got+h.Rake != h.Total {
		return fmt.Errorf("hand #%s: collected %d and rake %d, total pot %d", h.Number, got, h.Rake, h.Total)
	}
	if len(h.Pots) > 0 {
		var sum int64
		for _, p := range h.Pots {
			sum += p
		}
		if sum+h.Rake != h.Total {
			return fmt.Errorf("hand #%s: pots %v and rake %d, total %d", h.Number, h.Pots, h.Rake, h.Total)
		}
	}
	stack := map[string]int64{}
	for _, s := range h.Seats {
		stack[s.Name] = s.Stack
		if in[s.Name] > s.Stack {
			return fmt.Errorf("hand #%s: %s put in %d of a %d stack", h.Number, s.Name, in[s.Name], s.Stack)
		}
	}
	for _, s := range h.Summary {
		if s.Won != won[s.Name] {
			return fmt.Errorf("hand #%s: summary gives %s %d, collected %d", h.Number, s.Name, s.Won, won[s.Name])
		}
	}
	// Before the flop the bet is the full big blind even when the big blind
	// is all in for less: the header's big blind (in fixed limit, the
	// small bet).
	bb := h.Big
	if h.Limit == "Limit" {
		bb = h.Small
	}
	top, round := int64(0), -1
	bet := map[string]int64{}
	for _, a := range h.Actions {
		if a.Round != round {
			round, top = a.Round, 0
			clear(bet)
		}
		if a.Round == 0 && a.Verb == "big blind" {
			top = max(top, bb)
		}
		switch a.Verb {
		case "small blind", "big blind", "straddle", "calls", "bets":
			bet[a.Player] += a.Amount
			top = max(top, bet[a.Player])
		case "raises":
			if a.To-a.Amount != top {
				return fmt.Errorf("hand #%s: %s raises %d to %d over a bet of %d", h.Number, a.Player, a.Amount, a.To, top)
			}
			bet[a.Player], top = a.To, a.To
		}
	}
	return nil
}
