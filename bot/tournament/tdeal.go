package tournament

import (
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// Deals (R-TRN-18): a player still in proposes to divide the prizes left
// by ICM or by chip chop; play waits after the hands in progress while
// every player still in must accept within dealWindow (practice opponents
// accept); one refusal, or the time running out, and play goes on. An
// accepted deal ends the tournament: the players are placed by their
// chips and paid their shares, each keeps the bounty on their head.

// dealWindow is how long the players have to accept a deal.
const dealWindow = 2 * time.Minute

type dealProposal struct {
	method tourney.DealMethod
	// keep is the part of the first prize left to play for (R-LGE-2):
	// the shares are paid at once and play goes on for it.
	keep     int64
	by       tourney.EntryID
	accepted map[tourney.EntryID]bool
	until    time.Time
}

// InDeal reports whether entry e was a party to the deal.
func (a *Director) InDeal(e tourney.EntryID) bool {
	_, ok := a.Shares[e]
	return ok
}

// paidFor is what a finisher was paid for their place, as the results
// and /standings show it (bounties aside): a windfall's prize, a deal's
// or a timed end's share (with what a deal kept in play, for the
// winner), else the payout table's prize, tied places shared (R-TRN-18).
func (a *Director) paidFor(r tourney.Result) int64 {
	switch {
	case a.Windfall != nil:
		if i := r.Place - 1; i >= 0 && i < len(a.Windfall.Payouts) {
			return a.Windfall.Payouts[i]
		}
		return 0
	case a.Shares != nil && a.InDeal(r.Entry):
		v := a.Shares[r.Entry]
		if r.Place == 1 && a.Kept > 0 {
			v += a.Kept
		}
		return v
	}
	return r.Prize
}

// remaining lists the entries still in, with their stacks (the entry
// as the "player" of the tourney package's deal and ICM functions), and
// the entries in the same order.
func (a *Director) remaining() ([]tourney.StackOf, []tourney.EntryID) {
	var out []tourney.StackOf
	var ids []tourney.EntryID
	for _, e := range a.Tourney.Entries() {
		if !e.Out {
			out = append(out, tourney.StackOf{Player: tourney.PlayerID(strconv.Itoa(int(e.ID))), Stack: a.stacks[e.ID]})
			ids = append(ids, e.ID)
		}
	}
	return out, ids
}

// dealShares computes the deal on the stacks as they are.
func (a *Director) dealShares(method tourney.DealMethod, keep int64) (map[tourney.EntryID]int64, error) {
	rem, ids := a.remaining()
	prizes, err := a.Tourney.Prizes()
	if err != nil {
		return nil, err
	}
	if len(prizes) > len(rem) {
		prizes = prizes[:len(rem)]
	}
	parties := make([]tourney.PlayerID, len(rem))
	for i, r := range rem {
		parties[i] = r.Player
	}
	res, err := tourney.MakeDeal(tourney.DealInput{Method: method, Remaining: rem, Parties: parties, Prizes: prizes, Keep: keep})
	if err != nil {
		return nil, err
	}
	shares := map[tourney.EntryID]int64{}
	for i, e := range ids {
		shares[e] = res.Shares[i]
	}
	return shares, nil
}

// dealCmd runs /deal [icm|chop] (propose), /deal accept, /deal decline,
// and /deal alone (the proposal and its figures).
func (a *Director) dealCmd(req Request, lang string) (bot.Reply, error) {
	me := a.activeEntry(req.Player.ID)
	sub := ""
	if len(req.Cmd.Args) > 0 {
		sub = strings.ToLower(req.Cmd.Args[0])
	}
	if sub == "" {
		if a.proposal == nil {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.usage")
		}
		return bot.Reply{Text: a.dealText(lang), Private: true}, nil
	}
	if me == 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.not_in")
	}
	switch sub {
	case "icm", "chop":
		if a.finalID != 0 {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.flight")
		}
		if a.Tourney.State() == tourney.LateRegistration {
			// Even at the only table: the field can still grow and the
			// prize pool is fixed only when late registration ends
			// (R-TRN-5, R-TRN-6), so there is nothing to share yet.
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.late_reg")
		}
		if a.Tourney.State() != tourney.FinalTable || len(a.Tables) != 1 {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.final_only")
		}
		if a.proposal != nil {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.pending")
		}
		if a.Dealt {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.done")
		}
		if a.seatsInPlay() {
			// A seat cannot be shared (R-TRN-15): a deal would end play
			// with the seats given to nobody.
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.seats", "T"+strconv.FormatInt(a.target, 10))
		}

		method := tourney.ICMDeal
		if sub == "chop" {
			method = tourney.ChipChop
		}
		keep, err := a.dealKeep(req.Cmd.Args[1:])
		if err != nil {
			return bot.Reply{}, err
		}
		if _, err := a.dealShares(method, keep); err != nil {
			if errors.Is(err, tourney.ErrKeepTooLarge) {
				return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.keep_large")
			}
			return bot.Reply{}, err
		}
		a.proposal = &dealProposal{method: method, keep: keep, by: me, accepted: map[tourney.EntryID]bool{me: true}, until: a.Deps.Clock.Now().Add(dealWindow)}
		for e := range a.bots {
			if en, err := a.Tourney.Entry(e); err == nil && !en.Out {
				a.proposal.accepted[e] = true // practice opponents take any deal
			}
		}
		a.news("tn.deal_proposed", a.entryName(me), sub, table.DurationText(dealWindow))
		text := a.dealText(lang) // before tryDeal: everyone else may have accepted already
		a.tryDeal()
		return bot.Reply{Text: text, Private: true}, nil
	case "accept", "yes":
		if a.proposal == nil {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.none")
		}
		a.proposal.accepted[me] = true
		a.news("tn.deal_accepted", a.entryName(me))
		a.tryDeal()
		return bot.Reply{Text: tr(lang, "deal.accepted"), Private: true}, nil // the news tells the chat
	case "decline", "no":
		if a.proposal == nil {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.none")
		}
		a.proposal = nil
		a.news("tn.deal_declined", a.entryName(me))
		a.releaseHeld()
		return bot.Reply{Text: tr(lang, "deal.declined"), Private: true}, nil // the news tells the chat
	}
	return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.usage")
}

// tryDeal closes the deal once every player still in has accepted and
// every table is between hands (the stacks are then final).
func (a *Director) tryDeal() {
	p := a.proposal
	if p == nil {
		return
	}
	for _, e := range a.Tourney.Entries() {
		if !e.Out && !p.accepted[e.ID] {
			return
		}
	}
	if !a.allHeld() {
		return
	}
	shares, err := a.dealShares(p.method, p.keep)
	if err != nil {
		a.proposal = nil
		a.Deps.Log.Error("deal", "tourney", a.id, "err", err)
		return
	}
	stacks := map[tourney.EntryID]int64{}
	for e := range shares {
		stacks[e] = a.stacks[e]
	}
	a.proposal = nil
	var moves func(any) []bot.Move
	if p.keep > 0 { // the shares now; play goes on for the rest
		moves = func(any) []bot.Move {
			var ms []bot.Move
			for _, e := range sortedEntries(shares) {
				if v := shares[e]; v > 0 {
					ms = append(ms, a.prizeMoves(e, v, "deal")...)
				}
			}
			return ms
		}
	}
	if _, err := a.do(dealOp{Stacks: stacks, Shares: shares, Stack: p.keep}, moves, nil); err != nil {
		return
	}
	var parts []string
	ids := make([]tourney.EntryID, 0, len(shares))
	for e := range shares {
		ids = append(ids, e)
	}
	sort.Slice(ids, func(i, j int) bool { return shares[ids[i]] > shares[ids[j]] })
	for _, e := range ids {
		parts = append(parts, fmt.Sprintf("%s %s", a.entryName(e), bot.FormatChips(shares[e], a.lang())))
	}
	if p.keep > 0 {
		a.news("tn.deal_keep", a.Name(), strings.Join(parts, ", "), bot.Chips(p.keep))
		a.publishLobby()
		a.releaseHeld()
		return
	}
	a.news("tn.deal_done", a.Name(), strings.Join(parts, ", "))
	a.finish()
}

// seatsInPlay reports whether a satellite's seats are still to be won by
// the players left: its top places are seats.
func (a *Director) seatsInPlay() bool {
	prizes, err := a.Tourney.Prizes()
	return err == nil && len(prizes) > 0 && prizes[0].Kind == tourney.SeatPrize
}

// dealKeep reads keep=N or keep=N% (of the chip prizes still to be
// decided) from a deal proposal: at least a tenth of them, or none
// (R-LGE-2: a deal leaving less than 10% in play ends the tournament).
func (a *Director) dealKeep(args []string) (int64, error) {
	if len(args) == 0 {
		return 0, nil
	}
	k, v, ok := strings.Cut(args[0], "=")
	if !ok || !strings.EqualFold(k, "keep") || len(args) > 1 {
		return 0, bot.Errorf(bot.EInvalid, "deal.usage")
	}
	prizes, err := a.Tourney.Prizes()
	if err != nil {
		return 0, err
	}
	rem, _ := a.remaining()
	var money int64
	for i, p := range prizes {
		if i < len(rem) && p.Kind == tourney.ChipPrize {
			money += p.Chips
		}
	}
	var keep int64
	if pct, isPct := strings.CutSuffix(v, "%"); isPct {
		// Exactly, and rounded up to the chip: keep=10% is the tenth the
		// rule asks for at least, not a chip under it.
		f, ok := new(big.Rat).SetString(pct)
		if !plainDecimal(pct) || !ok || f.Cmp(big.NewRat(100, 1)) > 0 {
			return 0, bot.Errorf(bot.EInvalid, "deal.keep_bad", v)
		}
		f.Mul(f, big.NewRat(money, 100))
		q, r := new(big.Int).QuoRem(f.Num(), f.Denom(), new(big.Int))
		keep = q.Int64()
		if r.Sign() > 0 {
			keep++
		}
	} else if keep, err = strconv.ParseInt(v, 10, 64); err != nil || keep < 0 {
		return 0, bot.Errorf(bot.EInvalid, "deal.keep_bad", v)
	}
	if keep > 0 && keep*10 < money {
		return 0, bot.Errorf(bot.EInvalid, "deal.keep_small", bot.Chips((money+9)/10))
	}
	return keep, nil
}

// plainDecimal reports whether s is a short decimal number as a player
// types a percentage: digits with at most one point ("10", "12.5"), no
// sign, exponent or fraction.
func plainDecimal(s string) bool {
	digits, point := 0, false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.' && !point:
			point = true
		default:
			return false
		}
	}
	return digits > 0 && len(s) <= 12
}

// sortedEntries are a map's entries in order.
func sortedEntries[V any](m map[tourney.EntryID]V) []tourney.EntryID {
	ids := make([]tourney.EntryID, 0, len(m))
	for e := range m {
		ids = append(ids, e)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// dealText shows the proposal: each player's share on the stacks now.
func (a *Director) dealText(lang string) string {
	p := a.proposal
	shares, err := a.dealShares(p.method, p.keep)
	var b strings.Builder
	method := "ICM"
	if p.method == tourney.ChipChop {
		method = "chip chop"
	}
	b.WriteString(tr(lang, "deal.title", method, table.DurationText(p.until.Sub(a.Deps.Clock.Now()))))
	if err != nil {
		return b.String()
	}
	ids := make([]tourney.EntryID, 0, len(shares))
	for e := range shares {
		ids = append(ids, e)
	}
	sort.Slice(ids, func(i, j int) bool { return a.stacks[ids[i]] > a.stacks[ids[j]] })
	for _, e := range ids {
		mark := "…"
		if p.accepted[e] {
			mark = "✅"
		}
		fmt.Fprintf(&b, "\n%s %s · %s → %s", mark, a.entryName(e), bot.FormatChips(a.stacks[e], lang), bot.FormatChips(shares[e], lang))
	}
	if p.keep > 0 {
		b.WriteString("\n" + tr(lang, "deal.kept", bot.Chips(p.keep)))
	}
	return b.String()
}
